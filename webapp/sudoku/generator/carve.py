"""Taking givens out of a solution grid, an orbit at a time, while the puzzle stays what
is asked; and putting some back when it has become too hard.

Two questions are asked over and over, so each has a fast way before the slow one:

- *Does it still have one solution?* The exact search, bounded in nodes (not time,
  so the answer is the same on every machine); a question it cannot settle in its
  nodes keeps the given.
- *Is its rating at most a ceiling?* Hidden singles alone (rating at most 1.5) and
  singles alone (at most 2.3) are asked of the solver's bit layouts in a fraction of
  a millisecond; only a puzzle they do not solve is walked by the logic engine, on a
  path that stops at the first step above the ceiling. A puzzle solved that way has
  one solution too: every step is sound, so every solution is the one it reached.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..bitboard import LARGEST_PRECOMPUTED, bitboard_for
from ..grid import Grid
from ..logic import CEILING, SOLVED, STOPPED, Path, find_path
from ..logic.singles import HIDDEN_SINGLE, NAKED_SINGLE
from ..puzzle import CLASSIC, Puzzle, Rules
from ..shape import Shape
from ..solver import count_solutions, initial_state, propagate
from .seeded import SeededRandom

Orbit = tuple[int, ...]

# The most search nodes one uniqueness question may take, by grid size: enough that
# the search settles nearly every question (a 9x9 node costs about 10 microseconds,
# a 25x25 one about half a millisecond).
UNIQUENESS_NODES = {4: 1_000, 6: 5_000, 9: 20_000, 12: 10_000, 16: 4_000, 25: 1_000}


class OutOfTime(Exception):
    """The generator's deadline passed. Its seconds (GENERATE_SECONDS on the site) only
    decide whether a request waits or a job makes the puzzle: an order's puzzle is the same
    either way, so here, unlike a path's budget, wall time may decide."""


@dataclass(frozen=True)
class Reach:
    """How far the easiest steps up to a ceiling get: to the end, or stuck with cells open.

    `path` is the logic engine's path when it had to walk (the singles did not do it)."""

    solved: bool
    open_cells: tuple[int, ...] = ()
    path: Path | None = None


class Carver:
    """The questions the generator asks of puzzles of one shape, within one deadline."""

    def __init__(self, shape: Shape, deadline: float, rules: Rules = CLASSIC) -> None:
        self.shape = shape
        self.rules = rules
        self.geometry = rules.geometry(shape)
        self.board = bitboard_for(self.geometry)
        self.deadline = deadline
        self.nodes = UNIQUENESS_NODES[shape.size]
        # Where the search's placements are tables, a puzzle with two solutions costs it
        # less than a walk that gets stuck (16x16: 1.1 s a hard puzzle, against 1.5 s
        # walking each); on 25x25, three times more (60 s against 19 s).
        self.quick_search = shape.size <= LARGEST_PRECOMPUTED
        # The units' constraints (rows, columns, boxes): their singles are hidden singles.
        self.units = self.board.guards & ~self.board.cell_guards

    def grid(self, cells: Sequence[int]) -> Grid:
        """The grid `cells` spell."""
        return Grid(self.shape, tuple(cells))

    def puzzle(self, cells: Sequence[int]) -> Puzzle:
        """The puzzle `cells` spell, under the carver's rules."""
        return Puzzle(self.grid(cells), self.rules)

    def seconds_left(self) -> float:
        """What is left of the deadline; OutOfTime once it has passed."""
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise OutOfTime
        return left

    def solutions(self, cells: Sequence[int]) -> int | None:
        """How many solutions `cells` have, counting to 2; None when the search cannot
        settle it within its nodes."""
        state = initial_state(self.board, self.grid(cells))
        return count_solutions(self.board, state, 2, self.nodes)

    def is_unique(self, cells: Sequence[int]) -> bool:
        """True when the search proves `cells` have exactly one solution within its nodes."""
        return self.solutions(cells) == 1

    def after_singles(self, cells: Sequence[int], hidden_only: bool) -> list[int] | None:
        """`cells` with every single placed (hidden singles alone, if asked), until none is
        left; None when they run into a contradiction (only without a solution)."""
        board = self.board
        within = self.units if hidden_only else None
        state = propagate(board, initial_state(board, self.grid(cells)), within)
        if state is None:
            return None
        (alive, done), width, span, mask = state, board.width, board.span, board.field_mask
        return [
            ((alive >> (cell * width)) & mask).bit_length()
            if done >> (cell * width + span) & 1
            else 0
            for cell in range(board.cells)
        ]

    def reach(self, cells: Sequence[int], ceiling: float, unique: bool) -> Reach:
        """Whether the easiest steps of `cells` up to `ceiling` get to the end (`unique`:
        uniqueness techniques may be used). OutOfTime when the deadline passes on the way.

        Singles go first, on the bit layouts; the logic engine walks on from where they
        stop. Any sound step only takes out candidates, so the steps up to a ceiling get
        exactly as far in either order; the rating itself is the whole path's (generate.py).
        """
        placed = list(cells)
        if ceiling >= HIDDEN_SINGLE:
            after = self.after_singles(cells, hidden_only=ceiling < NAKED_SINGLE)
            if after is None:
                return Reach(False, tuple(range(len(cells))))
            placed = after
            left = tuple(cell for cell, value in enumerate(placed) if not value)
            if not left or ceiling < NAKED_SINGLE:  # hidden singles settle the easy level
                return Reach(not left, left)
            if not unique and self.quick_search and not self.is_unique(placed):
                return Reach(False, left)  # no path gets to the end of two solutions
        path = find_path(
            self.puzzle(placed),
            unique=unique,
            ceiling=ceiling,
            ceiling_seconds=self.seconds_left(),
        )
        if path.status in (STOPPED, CEILING):
            raise OutOfTime
        open_cells = tuple(cell for cell, value in enumerate(path.end.values) if not value)
        return Reach(path.status == SOLVED, open_cells, path)

    def is_above(self, cells: Sequence[int], reached: Reach, floor: float) -> bool:
        """Whether `cells`, which `reached` the end, are rated above `floor`.

        A walk starts where the singles stop, and the easiest-first path takes every
        single first, so a walk's steps are the rest of the path: its rating is the
        path's, singles being easier than any of them."""
        if reached.path is not None and reached.path.steps:
            return reached.path.rating > floor
        return not self.singles_keep_under(cells, floor)

    def singles_keep_under(self, cells: Sequence[int], floor: float) -> bool:
        """True when singles alone solve `cells` with no step above `floor` (all singles
        rate 2.3 at most, hidden ones 1.5); False when they do not, or cannot tell."""
        for top, hidden_only in ((NAKED_SINGLE, False), (HIDDEN_SINGLE, True)):
            if floor >= top:
                placed = self.after_singles(cells, hidden_only)
                if placed is not None and all(placed):
                    return True
        return False

    def is_minimal(self, cells: Sequence[int]) -> bool:
        """True when taking out any one given loses uniqueness (the search proves each)."""
        trial = list(cells)
        for cell, value in enumerate(cells):
            if not value:
                continue
            trial[cell] = 0
            if self.solutions(trial) != 2:
                return False  # still one solution, or not settled: not shown minimal
            trial[cell] = value
        return True


def carve_unique(carver: Carver, solution: Grid, order: Sequence[Orbit]) -> list[int]:
    """Take out each orbit in `order` that leaves one solution: a puzzle no orbit can
    leave (unless the search could not settle it)."""
    cells = list(solution.cells)
    for orbit in order:
        carver.seconds_left()
        for cell in orbit:
            cells[cell] = 0
        if not carver.is_unique(cells):
            for cell in orbit:
                cells[cell] = solution.cells[cell]
    return cells


def carve_under(
    carver: Carver, solution: Grid, order: Sequence[Orbit], ceiling: float
) -> list[int]:
    """Take out each orbit in `order` that leaves the puzzle's path solved with no step
    above `ceiling` (and so one solution)."""
    cells = list(solution.cells)
    for orbit in order:
        carver.seconds_left()  # singles alone never read the clock: a 25x25 takes seconds
        for cell in orbit:
            cells[cell] = 0
        if not carver.reach(cells, ceiling, unique=False).solved:
            for cell in orbit:
                cells[cell] = solution.cells[cell]
    return cells


def ease(
    carver: Carver,
    cells: list[int],
    solution: Grid,
    orbit_of: dict[int, Orbit],
    band: tuple[float, float],
    random: SeededRandom,
    rounds: int,
) -> bool:
    """Give back orbits of cells the path left open, up to `rounds` of them, until the
    path of `cells` (changed in place) gets to the end under the band's top; True if
    its rating is then in the band.

    An orbit that makes the puzzle too easy is taken out again and another of the open
    cells' orbits tried instead: the ones just inside the top are what is wanted.
    """
    floor, ceiling = band
    reached = carver.reach(cells, ceiling, unique=True)
    given_back = 0
    while not reached.solved:
        choices = list(dict.fromkeys(orbit_of[cell] for cell in reached.open_cells))
        random.shuffle(choices)
        for orbit in choices:
            if given_back == rounds:
                return False
            given_back += 1
            for cell in orbit:
                cells[cell] = solution.cells[cell]
            tried = carver.reach(cells, ceiling, unique=True)
            if not tried.solved or carver.is_above(cells, tried, floor):
                reached = tried
                break
            for cell in orbit:  # too easy now: this orbit goes out again
                cells[cell] = 0
        else:
            return False
    return carver.is_above(cells, reached, floor)
