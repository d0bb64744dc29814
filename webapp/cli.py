"""The `sudoku` command: solve puzzles from a file or stdin, and benchmark the solver.

Each subcommand is an `add_*` function that declares its arguments and a
`run_*` function that does the work and returns the exit status; `main`
wires them together, so a new subcommand is one more pair in COMMANDS.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from .sudoku import Budget, Grid, PuzzleError, SolveResult, parse, solve
from .sudoku import baseline as plain_backtracking
from .sudoku.result import GAVE_UP, MULTIPLE, SOLVED

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
    result, seconds = _timed(
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

BENCH_COLUMNS = (
    "file|solver|puzzles|decided|gave up|puzzles/s|mean ms|median ms|p99 ms|max ms|mean nodes"
).split("|")


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
    _add_budget(parser)
    parser.set_defaults(run=run_bench)


@dataclass(frozen=True)
class Figures:
    """What one solver did on one file."""

    puzzles: int
    decided: int
    gave_up: int
    per_second: float
    mean_ms: float
    median_ms: float
    p99_ms: float
    max_ms: float
    mean_nodes: float


def run_bench(args: argparse.Namespace) -> int:
    """Time the solver (and maybe the baseline) on each file and print a Markdown table."""
    files = [(Path(path).name, _bench_puzzles(path, args.limit)) for path in args.files]
    budget = _budget(args)
    baseline_budget = Budget(nodes=sys.maxsize, seconds=args.baseline_seconds)
    print("| " + " | ".join(BENCH_COLUMNS) + " |")
    print("|" + "|".join("---" if c in ("file", "solver") else "---:" for c in BENCH_COLUMNS) + "|")
    notes = []
    for name, grids in files:
        engine = measure(lambda grid: solve(grid, budget=budget), grids)
        _print_row(name, "engine", engine)
        if args.baseline:
            plain = measure(
                lambda grid: plain_backtracking.solve(grid, budget=baseline_budget), grids
            )
            _print_row(name, f"baseline ({args.baseline_seconds:g} s)", plain)
            notes.append(_ratio_note(name, engine, plain, args.baseline_seconds))
        sys.stdout.flush()
    if notes:
        print()
        for note in notes:
            print(note)
    return EXIT_OK


def measure(solver: Callable[[Grid], SolveResult], grids: list[Grid]) -> Figures:
    """Solve each grid with `solver`, timing each call, and sum up."""
    runs = [_timed(solver, grid) for grid in grids]
    times = sorted(seconds * 1000 for _, seconds in runs)
    gave_up = sum(1 for result, _ in runs if result.status == GAVE_UP)
    total = sum(times) / 1000
    count = len(runs)
    return Figures(
        puzzles=count,
        decided=count - gave_up,
        gave_up=gave_up,
        per_second=count / total if total else math.inf,
        mean_ms=statistics.fmean(times) if times else 0.0,
        median_ms=statistics.median(times) if times else 0.0,
        # nearest rank: the smallest time that at least 99% of puzzles stay within
        p99_ms=times[math.ceil(0.99 * count) - 1] if times else 0.0,
        max_ms=times[-1] if times else 0.0,
        mean_nodes=statistics.fmean(result.nodes for result, _ in runs) if runs else 0.0,
    )


def _bench_puzzles(path: str, limit: int | None) -> list[Grid]:
    """The puzzles of one bench file, up to `limit`; unreadable ones are reported and skipped."""
    grids: list[Grid] = []
    with _open(path) as stream:
        try:
            for number, line in enumerate(stream, start=1):
                if limit is not None and len(grids) >= limit:
                    break
                fields = line.split()
                if not fields or fields[0].startswith("#"):
                    continue
                # answer files add fields after the puzzle: "PUZZLE COUNT SOLUTION", or
                # tdoku's "PUZZLE:COUNT:SOLUTION"; ":" is never part of a puzzle
                text = fields[0].split(":")[0]
                try:
                    grids.append(parse(text))
                except PuzzleError as error:
                    print(
                        f"sudoku bench: {path}:{number}: {error.message}; skipped", file=sys.stderr
                    )
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path}: {error}") from error
    return grids


def _print_row(name: str, solver: str, figures: Figures) -> None:
    """One Markdown table row."""
    counts = (figures.puzzles, figures.decided, figures.gave_up)
    measured = (figures.per_second, figures.mean_ms, figures.median_ms, figures.p99_ms)
    measured += (figures.max_ms, figures.mean_nodes)
    cells = [name, solver, *map(str, counts), *map(_figure, measured)]
    print("| " + " | ".join(cells) + " |")


def _ratio_note(name: str, engine: Figures, plain: Figures, seconds: float) -> str:
    """A sentence comparing the mean times of the baseline and the engine on one file."""
    if engine.mean_ms:
        ratio = f"{plain.mean_ms / engine.mean_ms:,.1f}x the engine's mean time"
    else:
        ratio = "no measurable engine time to compare with"
    note = f"{name}: baseline takes {ratio}"
    if plain.gave_up:
        # a run cut off at the limit would have taken longer: the ratio is a floor
        note += f" (at least: it gave up on {plain.gave_up} after {seconds:g} s each)"
    return note + "."


def _figure(value: float) -> str:
    """A figure to about three significant digits, without exponents."""
    if math.isinf(value):
        return "inf"
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


# shared by the subcommands


def _add_budget(parser: argparse.ArgumentParser) -> None:
    """The options that bound each solve."""
    defaults = Budget()
    parser.add_argument(
        "--budget-ms",
        type=_positive_float,
        metavar="MS",
        help=f"time limit per puzzle in milliseconds (default {defaults.seconds * 1000:g})",
    )
    parser.add_argument(
        "--budget-nodes",
        type=_positive_int,
        metavar="N",
        help=f"search nodes per puzzle (default {defaults.nodes:,})",
    )


def _budget(args: argparse.Namespace) -> Budget | None:
    """The budget the options ask for, or None for the solver's default."""
    if args.budget_ms is None and args.budget_nodes is None:
        return None
    defaults = Budget()
    return Budget(
        nodes=args.budget_nodes or defaults.nodes,
        seconds=args.budget_ms / 1000 if args.budget_ms else defaults.seconds,
    )


def _timed(solver: Callable[[Grid], SolveResult], grid: Grid) -> tuple[SolveResult, float]:
    """Run `solver` on `grid` and measure the wall-clock seconds of the call alone."""
    started = time.perf_counter()
    result = solver(grid)
    return result, time.perf_counter() - started


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


COMMANDS: tuple[Callable[[argparse._SubParsersAction], None], ...] = (add_solve, add_bench)


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
