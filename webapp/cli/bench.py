"""`sudoku bench`: time the solver (and maybe the baseline) on puzzle files, as a table."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..sudoku import Budget, Puzzle, solve
from ..sudoku import baseline as plain_backtracking
from . import timing
from .arguments import (
    EXIT_OK,
    Subcommands,
    UsageError,
    add_budget,
    budget_from,
    open_input,
    positive_float,
    positive_int,
)


def add(commands: Subcommands) -> None:
    """Declare `sudoku bench`."""
    parser = commands.add_parser(
        "bench",
        help="time the solver on puzzle files and print a Markdown table",
        description=(
            "Time the solver on puzzle files (one puzzle per line; only the first field"
            " of a line is read) and print a Markdown table, one row per file."
            " Decided means solved, multiple or no_solution: everything but gave_up."
        ),
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="puzzle files")
    parser.add_argument("--limit", type=positive_int, metavar="N", help="first N puzzles only")
    parser.add_argument(
        "--baseline", action="store_true", help="also time the seeds' plain backtracking"
    )
    parser.add_argument(
        "--baseline-seconds",
        type=positive_float,
        default=2.0,
        metavar="S",
        help="time limit per puzzle for the baseline (default 2)",
    )
    add_budget(parser, seconds=True)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Time the solver (and maybe the baseline) on each file and print a Markdown table."""
    files = [(Path(path).name, _bench_puzzles(path, args.limit)) for path in args.files]
    budget = budget_from(args)
    baseline_budget = Budget(nodes=sys.maxsize, ceiling_seconds=args.baseline_seconds)
    for line in timing.table_header():
        print(line)
    notes = []
    for name, puzzles in files:
        if puzzles:
            notes.append(timing.tables_note(name, puzzles, timing.build_tables(puzzles)))
        engine = timing.measure(lambda puzzle: solve(puzzle, budget=budget), puzzles)
        print(timing.table_row(name, "engine", engine))
        if sat := timing.sat_note(name, engine):
            notes.append(sat)
        if args.baseline:
            plain = timing.measure(
                lambda puzzle: plain_backtracking.solve(puzzle, budget=baseline_budget), puzzles
            )
            print(timing.table_row(name, f"baseline ({args.baseline_seconds:g} s)", plain))
            notes.append(timing.ratio_note(name, engine, plain, args.baseline_seconds))
        sys.stdout.flush()
    if notes:
        print()
        for note in notes:
            print(note)
    return EXIT_OK


def _bench_puzzles(path: str, limit: int | None) -> list[Puzzle]:
    """The puzzles of one bench file, up to `limit`; unreadable lines are reported and skipped."""
    with open_input(path) as stream:
        try:
            puzzles, skipped = timing.read_puzzles(stream, limit)
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path}: {error}") from error
    for line, message in skipped:
        print(f"sudoku bench: {path}:{line}: {message}; skipped", file=sys.stderr)
    return puzzles
