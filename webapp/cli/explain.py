"""`sudoku explain`: each puzzle's easiest-first path in words, then its rating."""

from __future__ import annotations

import argparse
import json
import math

from ..explanations import level_of
from ..explanations.records import path_for
from ..records.path import PathRecord, UnreadRecord
from ..sudoku import PuzzleError, read_code, solve
from ..sudoku.result import MULTIPLE
from ..sudoku.variants import puzzle_with
from .arguments import EXIT_OK, Subcommands, VariantOptions, add_path_options, variant_options
from .solve import puzzle_texts

EPILOG = """\
Each puzzle's path: one numbered line per step, the sentence a person reads, then the
rating (the hardest step's difficulty on Sudoku Explainer's scale) and its level. A
puzzle without exactly one solution gets its status instead. --json prints one object
per puzzle: puzzle, status, rating, level, complete, steps (technique, difficulty,
digits, cells with roles, eliminations, placements, text; cells 1-based [row, col] and
candidates [row, col, symbol]), ms. A path that runs out of its work budget stops
there and says so (the rating is then a floor); the budget counts work, not seconds,
so every machine prints the same path.
"""


def add(commands: Subcommands) -> None:
    """Declare `sudoku explain`."""
    parser = commands.add_parser(
        "explain",
        help="explain each puzzle step by step, then rate it",
        description="Explain puzzles, one per line, from FILE or stdin.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_path_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Explain every puzzle in the input."""
    first = True
    variant = variant_options(args)
    for text in puzzle_texts(args.file, whole=False):
        record = explain_record(text, args.budget_work, args.ceiling_seconds, variant=variant)
        if args.json:
            print(json.dumps(record.to_json()))
            continue
        if not first:
            print()
        first = False
        print(_as_read_back(record))
        texts = record.step_texts() if isinstance(record, PathRecord) else []
        for number, text in enumerate(texts, start=1):
            print(f"{number}. {text}")
        print(summary(record))
    return EXIT_OK


def _as_read_back(record: PathRecord | UnreadRecord) -> str:
    """The puzzle as it reads back: its line and its rules' letters unless classic; the text
    as given when it cannot be read."""
    if isinstance(record, UnreadRecord):
        return record.text
    return record.puzzle.line


def summary(record: PathRecord | UnreadRecord) -> str:
    """The last lines for a puzzle: its rating, or why there is none (and two solutions)."""
    if isinstance(record, UnreadRecord) or record.path is None:
        why = f"{record.status}: {record.error or 'no single solution to explain'}"
        if record.status == MULTIPLE and isinstance(record, PathRecord):
            return "\n".join([why, *record.evidence_solutions])
        return why
    path = record.path
    rating = f"{path.rating:.1f} ({level_of(path.rating)}, hardest: {path.hardest})"
    if record.stopped is None:
        return f"Rating {rating}"
    return f"Stopped after {len(path.steps)} steps: {record.stopped}. So far: {rating}"


def explain_record(
    text: str,
    work: int,
    ceiling_seconds: float = math.inf,
    words: bool = True,
    variant: VariantOptions = (None, None, None),
) -> PathRecord | UnreadRecord:
    """Read, check and explain one puzzle within `work` units, under the rules `variant`
    names (its name, a jigsaw's region labels and a killer's cages: variants.py) unless its
    text names them:
    the record `explain --json` prints for it.

    Without `words`, each step is just its technique (all `sudoku rate` reads)."""
    try:
        puzzle = puzzle_with(read_code(text), *variant)
    except PuzzleError as error:
        return UnreadRecord(text, error.message)
    result = solve(puzzle)
    return PathRecord(puzzle, result, path_for(puzzle, result, work, ceiling_seconds), words)
