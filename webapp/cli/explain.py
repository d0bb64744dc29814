"""`sudoku explain`: each puzzle's easiest-first path in words, then its rating."""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from ..explanations.records import path_for, path_record
from ..sudoku import PuzzleError, read_code, solve
from ..sudoku.puzzle import RULES_MARK
from ..sudoku.result import MULTIPLE
from ..sudoku.result import SOLVED as ONE_SOLUTION
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
            print(json.dumps(record))
            continue
        if not first:
            print()
        first = False
        rules = record.get("rules")
        print(record["puzzle"] + (f"{RULES_MARK}{rules}" if rules else ""))  # as it reads back
        for number, step in enumerate(record["steps"], start=1):
            print(f"{number}. {step['text']}")
        print(summary(record))
    return EXIT_OK


def summary(record: dict[str, Any]) -> str:
    """The last lines for a puzzle: its rating, or why there is none (and two solutions)."""
    if record["status"] != ONE_SOLUTION:
        why = f"{record['status']}: {record.get('error') or 'no single solution to explain'}"
        if record["status"] == MULTIPLE:
            return "\n".join([why, *record["solutions"]])
        return why
    rating = f"{record['rating']:.1f} ({record['level']}, hardest: {record['hardest']})"
    if record["complete"]:
        return f"Rating {rating}"
    return f"Stopped after {len(record['steps'])} steps: {record['stopped']}. So far: {rating}"


def explain_record(
    text: str,
    work: int,
    ceiling_seconds: float = math.inf,
    words: bool = True,
    variant: VariantOptions = (None, None, None),
) -> dict[str, Any]:
    """Read, check and explain one puzzle within `work` units, under the rules `variant`
    names (its name, a jigsaw's region labels and a killer's cages: variants.py) unless its
    text names them:
    the record `explain --json` prints for it.

    Without `words`, each step is just its technique (all `sudoku rate` reads)."""
    try:
        puzzle = puzzle_with(read_code(text), *variant)
    except PuzzleError as error:
        return {"puzzle": text, "status": "invalid", "error": error.message, "steps": []}
    result = solve(puzzle)
    return path_record(puzzle, result, path_for(puzzle, result, work, ceiling_seconds), words)
