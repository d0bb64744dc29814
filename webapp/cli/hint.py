"""`sudoku hint` and `sudoku steps`: the next step of a position, or every instance of one
technique, for puzzles and pencil-mark grids alike; with --progress or --marks, a player's
hint (what /api/hint answers) for one puzzle."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from urllib.parse import urlencode

from ..explanations import sentence
from ..explanations.hints import TIER_NAMES, hint_for
from ..records.hint import HintRecord, InstancesRecord, NextStepRecord
from ..records.path import StepRecord
from ..sudoku import SOLVED, PuzzleError, solve
from ..sudoku.batch_solve import RowStatus
from ..sudoku.logic import (
    BY_SLUG,
    PathStatus,
    Position,
    Step,
    decode_marks,
    next_step,
    read_position,
)
from ..sudoku.logic.work import OutOfWork, PastCeiling, spend, work_limit
from ..sudoku.progress import read_progress
from ..sudoku.variants import puzzle_with
from .arguments import (
    EXIT_OK,
    Subcommands,
    UsageError,
    VariantOptions,
    add_variant,
    add_work_budget,
    variant_options,
)
from .solve import puzzle_texts
from .timing import markdown_table, speed_figures

INPUT = """\
Each line is a position: a puzzle, or a pencil-mark grid written on one line as N*N
groups of candidates separated by spaces (one symbol = a solved cell). With --grid the
whole input is one position over several lines, frames such as Sudoku Explainer's and
HoDoKu's included.
"""

PLAYER = """
With --progress or --marks the input is one puzzle, and the answer is a player's hint, as
/api/hint gives it: one step of their grid (--progress) and notes (--marks, the play
link's code), its three tiers, and the progress and marks after it.
"""


def add_hint(commands: Subcommands) -> None:
    """Declare `sudoku hint`."""
    parser = commands.add_parser(
        "hint",
        help="the easiest next step of each position",
        description="The easiest next step of each position, from FILE or stdin.",
        epilog=INPUT + PLAYER,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_input(parser)
    parser.add_argument(
        "--summary",
        action="store_true",
        help="end with a Markdown table: positions/s, mean, median, p99 and max ms per hint",
    )
    parser.add_argument(
        "--progress",
        metavar="CODE",
        help="a player's grid on the one puzzle of the input (givens and entries, 0 when"
        " empty): answer their hint, one step, and the progress and notes after it",
    )
    parser.add_argument(
        "--marks",
        metavar="CODE",
        help="the player's notes, as the play link's marks code (default: a pencil-mark"
        " input's marks, else none)",
    )
    parser.set_defaults(run=run_hint)


def add_steps(commands: Subcommands) -> None:
    """Declare `sudoku steps`."""
    parser = commands.add_parser(
        "steps",
        help="every instance of one technique in each position",
        description="Every instance of one technique in each position, from FILE or stdin.",
        epilog=INPUT + f"\nTechniques: {', '.join(BY_SLUG)}.\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--technique", required=True, metavar="SLUG", help="e.g. x-wing")
    _add_input(parser)
    parser.set_defaults(run=run_steps)


def _add_input(parser: argparse.ArgumentParser) -> None:
    """The input options hint and steps share."""
    parser.add_argument("file", nargs="?", default="-", help="input file; - for stdin (default)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per position")
    parser.add_argument("--grid", action="store_true", help="read the whole input as one position")
    parser.add_argument(
        "--assume-unique",
        action="store_true",
        help="take each position to have exactly one solution, so uniqueness techniques apply",
    )
    add_variant(parser)
    add_work_budget(parser, "each position")


def _positions(args: argparse.Namespace) -> list[tuple[str, Position | str]]:
    """Each input text with its position, or with why it could not be read."""
    found: list[tuple[str, Position | str]] = []
    variant = variant_options(args)
    for text in puzzle_texts(args.file, whole=args.grid):
        try:
            position = _read(text, variant)
            found.append((text, position.assuming_unique() if args.assume_unique else position))
        except PuzzleError as error:
            found.append((text, error.message))
    return found


def _read(text: str, variant: VariantOptions) -> Position:
    """The position `text` holds, under the rules `variant` names unless its text names
    them (variants.puzzle_with); PuzzleError when it cannot be read or the rules are bad."""
    position = read_position(text)
    rules = puzzle_with(position.puzzle, *variant).rules
    return position if rules == position.puzzle.rules else read_position(text, rules)


def run_hint(args: argparse.Namespace) -> int:
    """Print the easiest next step of every position (and, with --summary, how fast); with
    --progress or --marks, the player's hint for the one puzzle of the input."""
    if args.progress is not None or args.marks is not None:
        return _run_player_hint(args)
    times: list[float] = []
    for text, position in _positions(args):
        started = time.perf_counter()
        record = _next_step(text.strip(), position, args.budget_work, args.ceiling_seconds)
        times.append((time.perf_counter() - started) * 1000)
        if args.json:
            print(json.dumps(record.to_json()))
        elif record.step is not None:
            print(sentence(record.step.geometry, record.step.step))
        elif record.status == PathStatus.STUCK:
            print("stuck: the next step needs a technique the engine does not have yet")
        elif record.status == PathStatus.STOPPED:
            print("stopped: the next step needs more work than the budget")
        elif record.status == PathStatus.CEILING:
            print("ceiling: stopped by --ceiling-seconds, not by the work budget")
        elif record.status == RowStatus.INVALID:
            print(f"invalid: {record.error}")
        else:
            print(record.status)
    if args.summary:
        print()
        print("\n".join(markdown_table(speed_figures(times, unit="positions"))))
    return EXIT_OK


def run_steps(args: argparse.Namespace) -> int:
    """Print every instance of the technique in every position."""
    finder = BY_SLUG.get(args.technique)
    if finder is None:
        raise UsageError(f"no technique {args.technique!r}; the engine knows {', '.join(BY_SLUG)}")
    for text, position in _positions(args):
        if isinstance(position, str):
            if args.json:
                print(json.dumps({"position": text.strip(), "error": position}))
            else:
                print(f"invalid: {position}")
            continue
        geometry = position.geometry
        steps, complete = _every_instance(finder, position, args.budget_work, args.ceiling_seconds)
        record = InstancesRecord(
            text.strip(),
            args.technique,
            tuple(StepRecord(geometry, step) for step in steps),
            complete,
        )
        if args.json:
            print(json.dumps(record.to_json()))
        else:
            stopped = "" if record.complete else " (stopped: the budget ran out)"
            print(f"{len(record.steps)} {args.technique}{stopped}")
            for step in steps:
                print(f"  {sentence(geometry, step)}")
    return EXIT_OK


def _next_step(
    text: str, position: Position | str, work: int, ceiling_seconds: float
) -> NextStepRecord:
    """The record of `position`'s next step within `work` units (`position` is the error
    when its text cannot be read)."""
    if isinstance(position, str):
        return NextStepRecord(text, RowStatus.INVALID, error=position)
    if position.is_solved:
        return NextStepRecord(text, PathStatus.SOLVED)
    try:
        step = next_step(position, work, ceiling_seconds=ceiling_seconds)
    except OutOfWork:
        return NextStepRecord(text, PathStatus.STOPPED)
    except PastCeiling:
        return NextStepRecord(text, PathStatus.CEILING)
    if step is None:
        return NextStepRecord(text, PathStatus.STUCK)
    return NextStepRecord(text, "step", StepRecord(position.geometry, step))


def _every_instance(
    finder: Callable[[Position], Iterator[Step]],
    position: Position,
    work: int,
    ceiling_seconds: float,
) -> tuple[list[Step], bool]:
    """The instances `finder` yields within `work` units (each instance one more), and
    whether it got through them all."""
    steps: list[Step] = []
    try:
        with work_limit(work, ceiling_seconds):
            for step in finder(position):
                steps.append(step)
                spend()
    except (OutOfWork, PastCeiling):
        return steps, False
    return steps, True


def _run_player_hint(args: argparse.Namespace) -> int:
    """Print the hint /api/hint gives for the input's puzzle, --progress and --marks."""
    texts = list(puzzle_texts(args.file, whole=args.grid))
    if len(texts) != 1:
        raise UsageError(f"--progress and --marks are about one puzzle; the input has {len(texts)}")
    try:
        position = _read(texts[0], variant_options(args))
        puzzle = position.puzzle
        progress = read_progress(puzzle, args.progress or "")
        if args.marks is not None:
            notes: Position | None = decode_marks(puzzle, args.marks)
        else:  # a pencil-mark input's marks are the notes
            notes = position if position != Position.from_puzzle(puzzle) else None
    except PuzzleError as error:
        raise UsageError(error.message) from error
    result = solve(puzzle)
    if result.status != SOLVED or result.solution is None:
        raise UsageError(f"no hints: the puzzle is {result.status}, not one with one solution")
    hint = hint_for(progress, result.solution, args.budget_work, notes, args.ceiling_seconds)
    record = HintRecord(hint)
    query = {"progress": record.progress_after, "marks": record.marks_after}
    play_url = f"/play/{puzzle.code}?{urlencode({k: v for k, v in query.items() if v})}"
    if args.json:
        print(json.dumps(replace(record, play_url=play_url).to_json()))
        return EXIT_OK
    for name, tier in zip(TIER_NAMES, hint.tiers, strict=True):
        print(f"{name}: {tier}")
    print(f"progress: {record.progress_after}")
    print(f"marks: {record.marks_after}")
    return EXIT_OK
