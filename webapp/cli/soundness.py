"""`sudoku soundness`: walk puzzles easiest-first and check every step against the answer.

A technique is sound when none of its steps, in any position, removes the answer's
value from a cell or places a wrong one. For each puzzle with one solution (the exact
solver's), and for random disguises of it (relabelled; bands, stacks, rows in bands and
columns in stacks shuffled, so that a technique right only by accident of layout shows
up), the easiest-first path is walked to its end, uniqueness techniques allowed, and
every step is checked; a path that finishes must end at the answer.

With --variant (x, windoku, jigsaw, killer) the puzzles are made instead of read: random
puzzles of that variant and their disguises (variant_puzzles.py), walked and checked the
same way.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..sudoku import SHAPES, Grid, Puzzle, PuzzleError, solve
from ..sudoku.generator.seeded import SeededRandom
from ..sudoku.logic import SOLVED, STOPPED, Path, find_path
from . import timing
from .arguments import EXIT_OK, Subcommands, UsageError, open_input, positive_int
from .variant_puzzles import VARIANTS, Sample, disguised, variant_puzzles

EXIT_WRONG = 1
# A path is bounded by its puzzle (every step removes a candidate) and by counted work, never
# by the clock: this budget is far beyond the slowest path of the test data (about 500,000).
PATH_WORK = 10_000_000

EPILOG = """\
Only a line's first field is read, so answer files work as they are. Puzzles without
exactly one solution are skipped (uniqueness techniques need that proof). The figures:
puzzles checked (disguises included), steps checked, paths stopped by their backstop of
600 s (then checked only as far as they went), wrong steps (0 expected; each one is listed,
and the exit status is then 1), puzzles/second. --seed fixes the disguises.

--variant makes its puzzles instead (--count of them, 100 unless given; --size, 9 unless
given): a sweep of a few thousand, for the figures in docs/techniques.md, is

    sudoku soundness --variant jigsaw --count 1000 --disguises 2

A Killer (4x4, 6x6 or 9x9) is made as the generator makes one, at each level from easy to
expert in turn, and disguised by moving its cages with the cells, never by relabelling.
"""


def add(commands: Subcommands) -> None:
    """Declare `sudoku soundness`."""
    parser = commands.add_parser(
        "soundness",
        help="check that no step of the logic engine is ever wrong, over puzzle files",
        description=(
            "Walk each puzzle of FILE(s) and its disguises easiest-first, checking every step"
            " against the exact solver's answer, and print the figures."
        ),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("files", nargs="*", metavar="FILE", help="puzzle files (- for stdin)")
    parser.add_argument(
        "--count", type=positive_int, metavar="N", help="first N puzzles only (or N made)"
    )
    parser.add_argument(
        "--variant",
        choices=VARIANTS,
        help="make random puzzles of this variant instead of reading files",
    )
    parser.add_argument(
        "--size",
        type=int,
        choices=tuple(SHAPES),
        default=9,
        help="the made puzzles' size (default 9)",
    )
    parser.add_argument(
        "--disguises",
        type=int,
        default=1,
        metavar="K",
        help="random disguises of each puzzle, checked too (default 1)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the disguises (default 0)")
    parser.set_defaults(run=run)


@dataclass
class Tally:
    """What a check found: counts, and each wrong step in words."""

    puzzles: int = 0
    steps: int = 0
    stopped: int = 0
    skipped: int = 0
    wrong: list[str] = field(default_factory=list)


def disguise(grid: Grid, rng: random.Random) -> Grid:
    """The same puzzle relabelled, with bands, stacks, rows in bands, columns in stacks shuffled."""
    shape = grid.shape
    n, h, w = shape.size, shape.box_rows, shape.box_cols
    labels = list(range(1, n + 1))
    rng.shuffle(labels)
    bands = rng.sample(range(n // h), n // h)
    stacks = rng.sample(range(n // w), n // w)
    rows = [band * h + r for band in bands for r in rng.sample(range(h), h)]
    cols = [stack * w + c for stack in stacks for c in rng.sample(range(w), w)]
    cells = tuple(
        labels[value - 1] if (value := grid.value(r, c)) else 0 for r in rows for c in cols
    )
    return Grid(shape, cells)


def with_disguises(grids: Iterable[Grid], disguises: int, seed: int) -> list[Grid]:
    """Each of `grids` followed by `disguises` random disguises of it."""
    rng = random.Random(seed)
    return [
        puzzle
        for grid in grids
        for puzzle in (grid, *(disguise(grid, rng) for _ in range(disguises)))
    ]


def walk(grid: Grid, unique: bool = True) -> Path:
    """The easiest-first path of `grid` to its end: the one place these checks walk one."""
    return find_path(Puzzle(grid), work=PATH_WORK, unique=unique)


def wrong_steps(name: str, answer: Grid, path: Path) -> list[str]:
    """What is wrong with `path` of the puzzle called `name`, whose one solution is
    `answer`: each step that removes an answer's value or places a wrong one, and a finish
    away from the answer."""
    wrong = [
        f"{name}: {step}"
        for step in path.steps
        if any(answer.cells[cell] == value for cell, value in step.eliminations)
        or any(answer.cells[cell] != value for cell, value in step.placements)
    ]
    if path.status == SOLVED and path.end.grid != answer:
        wrong.append(f"{name}: ended away from the answer")
    return wrong


def check_samples(samples: Iterable[Sample], work: int = PATH_WORK) -> Tally:
    """Walk each of `samples` (puzzles with their one solution known) and check every step
    of its path, up to `work` units of it."""
    tally = Tally()
    for sample in samples:
        path = find_path(sample.puzzle, work=work, unique=True)
        tally.puzzles += 1
        tally.steps += len(path.steps)
        tally.stopped += path.status == STOPPED
        tally.wrong += wrong_steps(sample.puzzle.code, sample.answer, path)
    return tally


def variant_samples(variant: str, size: int, count: int, disguises: int, seed: int) -> list[Sample]:
    """`count` made puzzles of `variant`, each followed by `disguises` disguises of it."""
    random = SeededRandom(f"disguises:{seed}")
    return [
        each
        for sample in variant_puzzles(variant, SHAPES[size], count, seed)
        for each in (sample, *(disguised(sample, random) for _ in range(disguises)))
    ]


def check(grids: Iterable[Grid]) -> Tally:
    """Walk each of `grids` that has one solution and check every step of its path."""
    tally = Tally()
    for grid in grids:
        answer = solve(Puzzle(grid)).solution
        if answer is None:
            tally.skipped += 1
            continue
        path = walk(grid)
        tally.puzzles += 1
        tally.steps += len(path.steps)
        tally.stopped += path.status == STOPPED
        tally.wrong += wrong_steps(grid.line, answer, path)
    return tally


def run(args: argparse.Namespace) -> int:
    """Check the puzzles of the files and their disguises; print the figures."""
    if args.disguises < 0:
        raise UsageError("--disguises must be 0 or more")
    if args.variant and args.files:
        raise UsageError("give puzzle files or --variant, not both")
    if not args.variant and not args.files:
        raise UsageError("give puzzle files, or --variant to make puzzles")
    started = time.perf_counter()
    if args.variant:
        count = args.count or 100
        try:
            samples = variant_samples(args.variant, args.size, count, args.disguises, args.seed)
        # windows on 6x6, no 25x25 region map, a Killer of 16x16
        except (PuzzleError, ValueError) as error:
            raise UsageError(f"no {args.variant} puzzles of size {args.size}: {error}") from error
        tally = check_samples(samples)
        origin = f"{count:,} {args.variant} made"
    else:
        originals = [grid for path in args.files for grid in _puzzles(path)][: args.count]
        tally = check(with_disguises(originals, args.disguises, args.seed))
        origin = f"{len(originals):,} read"
    seconds = time.perf_counter() - started
    print(
        f"puzzles checked: {tally.puzzles:,} ({origin}, {args.disguises}"
        f" disguise{'s' * (args.disguises != 1)} each)"
    )
    print(f"skipped, without exactly one solution: {tally.skipped:,}")
    print(f"steps checked: {tally.steps:,}")
    print(f"paths stopped by their backstop: {tally.stopped:,}")
    print(f"wrong steps: {len(tally.wrong):,}")
    for problem in tally.wrong:
        print(f"  {problem}")
    print(f"puzzles/second: {timing.figure(tally.puzzles / max(seconds, 1e-9))}")
    return EXIT_WRONG if tally.wrong else EXIT_OK


def _puzzles(path: str) -> list[Grid]:
    """The puzzles of one file; unreadable lines are reported and skipped."""
    with open_input(path) as stream:
        try:
            puzzles, skipped = timing.read_puzzles(stream)
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path}: {error}") from error
    for line, message in skipped:
        print(f"sudoku soundness: {path}:{line}: {message}; skipped", file=sys.stderr)
    return [puzzle.grid for puzzle in puzzles]  # classic rules: --variant sweeps the others
