"""The `sudoku` command: solve puzzles from a file or stdin, and benchmark the solver.

Each subcommand is an `add_*` function that declares its arguments and a
`run_*` function that does the work and returns the exit status; `main`
wires them together, so a new subcommand is one more pair in COMMANDS.
The benchmark itself (reading files, timing, figures, the table) is bench.py;
starting gunicorn is serve.py.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn, TextIO

from . import bench, serve
from .sudoku import Budget, Grid, PuzzleError, parse, solve
from .sudoku import baseline as plain_backtracking
from .sudoku.result import MULTIPLE, SOLVED

INVALID = "invalid"
EXIT_OK = 0
EXIT_USAGE = 2


class UsageError(Exception):
    """A command that cannot run as asked: a bad option or a file that cannot be read."""


# solve


SOLVE_EPILOG = """\
Output: one line per puzzle, the solution when there is exactly one, else
multiple, no_solution, gave_up or invalid. With --count, each puzzle's
solutions (up to K) on lines of their own, then the status word unless it is
solved or multiple, and an empty line between puzzles. --json prints one JSON
object per puzzle: puzzle, status, solution, solutions, nodes, ms, plus error
(invalid) or conflicts (clashing givens). Blank lines and lines starting with
# are skipped.
"""


def add_solve(commands: argparse._SubParsersAction) -> None:
    """Declare `sudoku solve`."""
    parser = commands.add_parser(
        "solve",
        help="solve puzzles, one per line",
        description="Solve puzzles, one per line, from FILE or stdin.",
        epilog=SOLVE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", nargs="?", default="-", help="puzzle file; - for stdin (default)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    parser.add_argument("--count", type=_positive_int, metavar="K", help="list up to K solutions")
    parser.add_argument(
        "--grid", action="store_true", help="read the whole input as one grid over several lines"
    )
    _add_budget(parser)
    parser.set_defaults(run=run_solve)


def run_solve(args: argparse.Namespace) -> int:
    """Solve every puzzle in the input and print one record per puzzle."""
    budget = _budget(args)
    first = True
    for text in _puzzle_texts(args.file, whole=args.grid):
        record = solve_record(text, count=args.count, budget=budget)
        if args.json:
            print(json.dumps(record))
        elif args.count:
            if not first:
                print()
            _print_solutions(record)
        else:
            print(record["solution"] or record["status"])
        first = False
    return EXIT_OK


def solve_record(text: str, count: int | None = None, budget: Budget | None = None) -> dict:
    """Read and solve one puzzle text: the record `solve --json` prints for it."""
    try:
        grid = parse(text)
    except PuzzleError as error:
        return {
            "puzzle": text,
            "status": INVALID,
            "solution": None,
            "solutions": [],
            "nodes": 0,
            "ms": 0.0,
            "error": error.message,
        }
    result, seconds = bench.timed(
        lambda grid: solve(grid, max_solutions=max(2, count or 0), budget=budget), grid
    )
    record = {
        "puzzle": grid.line,
        "status": result.status,
        "solution": result.solution.line if result.solution else None,
        "solutions": [solution.line for solution in result.solutions[:count]],
        "nodes": result.nodes,
        "ms": round(seconds * 1000, 3),
    }
    if result.conflicts:
        record["conflicts"] = [conflict.message for conflict in result.conflicts]
    return record


def _print_solutions(record: dict) -> None:
    """The --count form of one record: its solutions, then the status if it is not a count."""
    for solution in record["solutions"]:
        print(solution)
    if record["status"] not in (SOLVED, MULTIPLE):
        print(record["status"])


def _puzzle_texts(path: str, whole: bool) -> Iterator[str]:
    """The puzzles in a file or stdin: each non-blank, non-comment line, or all of it."""
    with _open(path) as stream:
        try:
            if whole:
                yield stream.read()
                return
            for line in stream:
                text = line.strip()
                if text and not text.startswith("#"):
                    yield text
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path}: {error}") from error


# bench


def add_bench(commands: argparse._SubParsersAction) -> None:
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
    parser.add_argument("--limit", type=_positive_int, metavar="N", help="first N puzzles only")
    parser.add_argument(
        "--baseline", action="store_true", help="also time the seeds' plain backtracking"
    )
    parser.add_argument(
        "--baseline-seconds",
        type=_positive_float,
        default=2.0,
        metavar="S",
        help="time limit per puzzle for the baseline (default 2)",
    )
    _add_budget(parser, seconds=True)
    parser.set_defaults(run=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    """Time the solver (and maybe the baseline) on each file and print a Markdown table."""
    files = [(Path(path).name, _bench_puzzles(path, args.limit)) for path in args.files]
    budget = _budget(args)
    baseline_budget = Budget(nodes=sys.maxsize, seconds=args.baseline_seconds)
    for line in bench.table_header():
        print(line)
    notes = []
    for name, grids in files:
        if grids:
            notes.append(bench.tables_note(name, grids, bench.build_tables(grids)))
        engine = bench.measure(lambda grid: solve(grid, budget=budget), grids)
        print(bench.table_row(name, "engine", engine))
        if args.baseline:
            plain = bench.measure(
                lambda grid: plain_backtracking.solve(grid, budget=baseline_budget), grids
            )
            print(bench.table_row(name, f"baseline ({args.baseline_seconds:g} s)", plain))
            notes.append(bench.ratio_note(name, engine, plain, args.baseline_seconds))
        sys.stdout.flush()
    if notes:
        print()
        for note in notes:
            print(note)
    return EXIT_OK


def _bench_puzzles(path: str, limit: int | None) -> list[Grid]:
    """The puzzles of one bench file, up to `limit`; unreadable lines are reported and skipped."""
    with _open(path) as stream:
        try:
            grids, skipped = bench.read_puzzles(stream, limit)
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path}: {error}") from error
    for line, message in skipped:
        print(f"sudoku bench: {path}:{line}: {message}; skipped", file=sys.stderr)
    return grids


# serve


def add_serve(commands: argparse._SubParsersAction) -> None:
    """Declare `sudoku serve`."""
    parser = commands.add_parser(
        "serve",
        help="serve the web app with gunicorn",
        description=(
            "Serve the web app with gunicorn and the settings of webapp/gunicorn_conf.py:"
            " sync workers, the engine's tables built once before the workers fork."
        ),
    )
    parser.add_argument(
        "--bind",
        metavar="HOST:PORT",
        help="address to listen on (default $SUDOKU_BIND or 127.0.0.1:8000)",
    )
    parser.add_argument(
        "--workers",
        type=_positive_int,
        metavar="N",
        help="worker processes (default: one per core)",
    )
    parser.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> NoReturn:
    """Replace this process with gunicorn serving the app."""
    serve.exec_gunicorn(args.bind, args.workers)


# shared by the subcommands


def _add_budget(parser: argparse.ArgumentParser, seconds: bool = False) -> None:
    """The options that bound each solve; `seconds` adds --budget-seconds beside --budget-ms."""
    defaults = Budget()
    # Both time options store seconds in one place, so only one of them may be given.
    limits = parser.add_mutually_exclusive_group()
    limits.add_argument(
        "--budget-ms",
        dest="budget_seconds",
        type=_milliseconds,
        metavar="MS",
        help=f"time limit per puzzle in milliseconds (default {defaults.seconds * 1000:g})",
    )
    if seconds:
        limits.add_argument(
            "--budget-seconds",
            dest="budget_seconds",
            type=_positive_float,
            metavar="S",
            help=f"time limit per puzzle in seconds (default {defaults.seconds:g})",
        )
    parser.add_argument(
        "--budget-nodes",
        type=_positive_int,
        metavar="N",
        help=f"search nodes per puzzle (default {defaults.nodes:,})",
    )


def _budget(args: argparse.Namespace) -> Budget | None:
    """The budget the options ask for, or None for the solver's default."""
    if args.budget_seconds is None and args.budget_nodes is None:
        return None
    defaults = Budget()
    return Budget(
        nodes=args.budget_nodes or defaults.nodes,
        seconds=args.budget_seconds or defaults.seconds,
    )


def _open(path: str) -> contextlib.AbstractContextManager[TextIO]:
    """The file at `path` for reading as text, or stdin for "-" (left open)."""
    if path == "-":
        return contextlib.nullcontext(sys.stdin)
    try:
        return open(path, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from error


def _positive_int(text: str) -> int:
    """An argparse type: a whole number above zero."""
    return _positive(int, text)


def _positive_float(text: str) -> float:
    """An argparse type: a finite number above zero."""
    return _positive(float, text)


def _milliseconds(text: str) -> float:
    """An argparse type: a finite number of milliseconds above zero, in seconds."""
    return _positive(float, text) / 1000


def _positive(kind: type[int] | type[float], text: str) -> int | float:
    """`text` read as `kind`, if that is a finite number above zero; else a usage error."""
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or not 0 < value < math.inf:
        whole = "whole " if kind is int else ""
        raise argparse.ArgumentTypeError(f"{text!r} is not a {whole}number above zero")
    return value


COMMANDS: tuple[Callable[[argparse._SubParsersAction], None], ...] = (
    add_solve,
    add_bench,
    add_serve,
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for `sudoku` and all its subcommands."""
    parser = argparse.ArgumentParser(prog="sudoku", description="An exact Sudoku solver.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the `sudoku` command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed the usage or the help
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    try:
        return args.run(args)
    except UsageError as error:
        print(f"sudoku {args.command}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader stopped early (`| head`). Point stdout at /dev/null so the
        # flush at exit does not fail a second time, and stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
