"""Benchmark a solver on puzzle files: read the puzzles, time each solve, sum up as figures.

The figures of one solver on one file are a value (SolverFigures); the Markdown
table `sudoku bench` prints is made here too, one row per file and solver,
with notes under it. Decided means solved, multiple or no_solution: every
status but gave_up.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

from ..sudoku import Puzzle, PuzzleError, SolveResult, prepare, read_code
from ..sudoku.result import GAVE_UP, SAT

COLUMNS = (
    "file|solver|puzzles|decided|gave up|puzzles/s|mean ms|median ms|p99 ms|max ms|mean nodes"
).split("|")
TEXT_COLUMNS = ("file", "solver")


class Skipped(NamedTuple):
    """A line of a puzzle file that holds no readable puzzle: its 1-based number and why."""

    line: int
    message: str


@dataclass(frozen=True)
class SolverFigures:
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
    handed_over: int = 0  # given to the SAT solver when the search's share ran out
    sat_decided: int = 0  # of those, the ones it decided


def read_puzzles(
    lines: Iterable[str], limit: int | None = None
) -> tuple[list[Puzzle], list[Skipped]]:
    """The puzzles of a file's lines, up to `limit`, and the lines skipped as unreadable.

    Only a line's first whitespace-separated field is read, so answer files
    work as they are: "PUZZLE COUNT SOLUTION", or tdoku's "PUZZLE:COUNT:SOLUTION"
    (":" is never part of a puzzle). Blank lines and lines starting with # are ignored.
    """
    puzzles: list[Puzzle] = []
    skipped: list[Skipped] = []
    for number, line in enumerate(lines, start=1):
        if limit is not None and len(puzzles) >= limit:
            break
        fields = line.split()
        if not fields or fields[0].startswith("#"):
            continue
        try:
            puzzles.append(read_code(fields[0].split(":")[0]))
        except PuzzleError as error:
            skipped.append(Skipped(number, error.message))
    return puzzles, skipped


def build_tables(puzzles: list[Puzzle]) -> float:
    """Build the engine's tables for every size in `puzzles` now; the milliseconds it took.

    The engine builds them on first use, once per size and process (tenths of
    a second for 16x16 and 25x25), so without this the first puzzle of each
    size would be charged for it.
    """
    started = time.perf_counter()
    for shape in dict.fromkeys(puzzle.shape for puzzle in puzzles):
        prepare(shape)
    return (time.perf_counter() - started) * 1000


def measure(solver: Callable[[Puzzle], SolveResult], puzzles: list[Puzzle]) -> SolverFigures:
    """Solve each of `puzzles` with `solver`, timing each call, and sum up."""
    runs = [timed(solver, puzzle) for puzzle in puzzles]
    times = sorted(seconds * 1000 for _, seconds in runs)
    gave_up = sum(1 for result, _ in runs if result.status == GAVE_UP)
    total = sum(times) / 1000
    count = len(runs)
    return SolverFigures(
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
        handed_over=sum(1 for result, _ in runs if result.engine == SAT),
        sat_decided=sum(1 for r, _ in runs if r.engine == SAT and r.status != GAVE_UP),
    )


def timed(solver: Callable[[Puzzle], SolveResult], puzzle: Puzzle) -> tuple[SolveResult, float]:
    """Run `solver` on `puzzle` and measure the wall-clock seconds of the call alone."""
    started = time.perf_counter()
    result = solver(puzzle)
    return result, time.perf_counter() - started


def table_header() -> list[str]:
    """The two lines that open the Markdown table: column names, then alignments."""
    names = "| " + " | ".join(COLUMNS) + " |"
    rule = "|" + "|".join("---" if c in TEXT_COLUMNS else "---:" for c in COLUMNS) + "|"
    return [names, rule]


def table_row(name: str, solver: str, figures: SolverFigures) -> str:
    """One Markdown table row: what `solver` did on the file called `name`."""
    counts = (figures.puzzles, figures.decided, figures.gave_up)
    measured = (
        figures.per_second,
        figures.mean_ms,
        figures.median_ms,
        figures.p99_ms,
        figures.max_ms,
        figures.mean_nodes,
    )
    cells = [name, solver, *map(str, counts), *map(figure, measured)]
    return "| " + " | ".join(cells) + " |"


def tables_note(name: str, puzzles: list[Puzzle], ms: float) -> str:
    """A sentence saying how long building the engine's tables for one file took."""
    sizes = " and ".join(dict.fromkeys(puzzle.shape.name for puzzle in puzzles))
    return (
        f"{name}: the engine's {sizes} tables took {figure(ms)} ms to build, before timing"
        " (once per size and run)."
    )


def sat_note(name: str, figures: SolverFigures) -> str | None:
    """A sentence saying how many puzzles of a file went to the SAT solver and how many
    it decided, or None when none did."""
    if not figures.handed_over:
        return None
    return (
        f"{name}: the search handed {figures.handed_over} of {figures.puzzles} to the SAT"
        f" solver (CaDiCaL), which decided {figures.sat_decided}."
    )


def ratio_note(name: str, engine: SolverFigures, plain: SolverFigures, seconds: float) -> str:
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


def figure(value: float) -> str:
    """A figure to about three significant digits, without exponents."""
    if math.isinf(value):
        return "inf"
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def speed_figures(milliseconds: list[float], unit: str = "puzzles") -> dict[str, str]:
    """How fast a run went, as table cells: count, per second, mean, median and p99 ms."""
    times = sorted(milliseconds)
    total = sum(times) / 1000
    return {
        unit: str(len(times)),
        f"{unit}/s": figure(len(times) / total if total else math.inf),
        "mean ms": figure(statistics.fmean(times) if times else 0.0),
        "median ms": figure(statistics.median(times) if times else 0.0),
        "p99 ms": figure(times[math.ceil(0.99 * len(times)) - 1] if times else 0.0),
        "max ms": figure(times[-1] if times else 0.0),
    }


def markdown_table(cells: dict[str, str]) -> list[str]:
    """A one-row Markdown table: the keys as its header, the values as its row."""
    return [
        "| " + " | ".join(cells) + " |",
        "|" + "---:|" * len(cells),
        "| " + " | ".join(cells.values()) + " |",
    ]
