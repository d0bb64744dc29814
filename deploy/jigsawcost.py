"""What the Jigsaw rules themselves cost: the same puzzles solved and rated as classic
puzzles and as Jigsaws whose regions are their boxes.

    .venv/bin/python deploy/jigsawcost.py [FILE ...] [--limit N]

Jigsaw puzzles of a level are not the classic puzzles of that level: the generator's hard
Jigsaws take the search seven times the nodes of its hard classic ones, and their paths a
third more steps, most of them intersections. So `sudoku bench` and `sudoku rate` on the two
files (docs/benchmarks.md#variants) compare puzzles as much as rules. Here each classic
puzzle is also given the rules of a Jigsaw whose map is the boxes, which the product never
does (a Puzzle keeps such a map as the classic rules): its solve and path then run the
Jigsaw way (a region board made for the map, region units, the Law of Leftovers looked for)
over the very same steps. For each puzzle every table kept per set of rules (the solver's
board, the logic engine's tables) is thrown away first, as for a new map's first view; the
classic puzzle keeps its size's tables, as every server has them built at start.

It prints a Markdown table: solve and rate (solve, then the easiest-first path) in ms,
median and mean, each way, and their ratio. Default FILE: the 9x9 hard and expert puzzles
in tests/data/variants/.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from webapp.cli.arguments import positive_int
from webapp.cli.timing import figure, read_puzzles
from webapp.explanations.records import path_for
from webapp.sudoku import Puzzle, Shape, prepare, solve
from webapp.sudoku.geometry import TABLES, Geometry, geometry_of
from webapp.sudoku.regions import box_map

VARIANTS = Path(__file__).parent.parent / "tests" / "data" / "variants"
FILES = [VARIANTS / "classic_9x9_hard.txt", VARIANTS / "classic_9x9_expert.txt"]
PATH_WORK = 250_000  # the command line's path budget (webapp/cli/arguments.py)


@dataclass(frozen=True)
class BoxesAsRegions(Puzzle):
    """A classic puzzle under a Jigsaw's rules whose regions are its boxes."""

    @cached_property
    def geometry(self) -> Geometry:
        return geometry_of(self.shape, (), box_map(self.shape))


def forget_rules_tables(shape: Shape) -> None:
    """Throw away every table the engine keeps per set of rules: its bounded caches (those
    kept per size, a few values, are unbounded), then build `shape`'s classic board again,
    which every server keeps (a Jigsaw's board is made from it)."""
    TABLES.clear()  # the tables per geometry (geometry.per_geometry)
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("webapp.sudoku"):
            continue
        for value in list(vars(module).values()):
            if type(value).__name__ == "_lru_cache_wrapper":
                if value.cache_parameters()["maxsize"] is not None:
                    value.cache_clear()
    prepare(shape)


def timed(work: Callable[[], object]) -> float:
    """Milliseconds `work` took."""
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1000


def measure(puzzles: list[Puzzle], as_jigsaw: bool) -> tuple[list[float], ...]:
    """Each puzzle's solve, solve again (its tables kept) and rate milliseconds, classic or as
    a Jigsaw of its boxes."""
    solves, again, rates = [], [], []
    for puzzle in puzzles:
        if as_jigsaw:
            forget_rules_tables(puzzle.shape)
            puzzle = BoxesAsRegions(puzzle.grid)
            assert "region" in puzzle.geometry.kinds
        solves.append(timed(lambda: solve(puzzle)))  # noqa: B023 (called at once)
        again.append(timed(lambda: solve(puzzle)))  # noqa: B023
        if as_jigsaw:
            forget_rules_tables(puzzle.shape)
            puzzle = BoxesAsRegions(puzzle.grid)
        rates.append(timed(lambda: path_for(puzzle, solve(puzzle), PATH_WORK)))  # noqa: B023
    return solves, again, rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, default=FILES, metavar="FILE")
    parser.add_argument("--limit", type=positive_int, metavar="N", help="first N puzzles only")
    args = parser.parse_args()
    print(
        "| file | puzzles | way | solve median ms | solve mean ms | solve again median ms"
        " | rate median ms | rate mean ms |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    ratios = []
    for path in args.files:
        puzzles, _ = read_puzzles(path.read_text().splitlines(), args.limit)
        prepare(puzzles[0].shape)
        measure(puzzles[:3], as_jigsaw=False)  # warm the interpreter's own caches
        found = {way: measure(puzzles, way) for way in (False, True)}
        for way, (solves, again, rates) in found.items():
            name = "as a Jigsaw of its boxes" if way else "classic"
            row = [statistics.median(solves), statistics.fmean(solves), statistics.median(again)]
            row += [statistics.median(rates), statistics.fmean(rates)]
            cells = " | ".join(figure(value) for value in row)
            print(f"| {path.name} | {len(puzzles)} | {name} | {cells} |")
        classic, jigsaw = (
            [statistics.median(times) for times in figures] for figures in found.values()
        )
        pairs = zip(jigsaw, classic, strict=True)
        solve_x, again_x, rate_x = (ours / theirs for ours, theirs in pairs)
        ratios.append(
            f"{path.name}: as a Jigsaw, solve median {solve_x:.1f}x the classic one (again"
            f" {again_x:.1f}x), rate median {rate_x:.1f}x."
        )
    print()
    print("\n".join(ratios))


if __name__ == "__main__":
    main()
