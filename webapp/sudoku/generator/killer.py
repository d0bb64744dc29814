"""Killer Sudokus from a random solution, with no givens: cages grown over it at random,
their sums read off it, cut where two solutions differ until one is left, then joined two
at a time, each join rated, until the puzzle is as hard as the level asks.

- *grow*: cells are taken in a random order; each free cell starts a cage that grows, up to
  a size drawn from 2 (1 at the easiest level) to the level's LARGEST, by free cells beside
  it whose digits it lacks (a cell with no such neighbour left stays a cage of its own);
- *split*: while there is a second solution, a cage holding a cell where it differs is cut
  in two (the part nearest that cell, then what is left, each connected), which rules it
  out; a puzzle still not settled after SPLITS cuts is dropped;
- *absorb*: above the easiest level a cage of one cell is a given in disguise (its sum is
  its digit), so each is joined to a cage beside it while one solution stays; an attempt
  left with one is dropped;
- *climb*: two cages side by side (no bigger than LARGEST together, their digits all
  different) are joined if one solution stays, and the puzzle is rated after each join
  on a path capped at the level's top: a join that takes it above the top is undone and
  another tried (or a cut made elsewhere, in a cage where that path got stuck, and up to
  EASES cuts while the path reaches the level before it passes the top), until the
  rating is inside the level. Joins make bigger cages and harder arithmetic, so the
  rating climbs toward the level instead of being drawn at random and thrown away when
  it misses, which is what made hard, expert and extreme Killers slow. Once the rating
  is near expert's band (FINE_FROM), the joins whose cage has the fewest combinations
  go first: they tell the solver nearly as much as the two cages did, so the rating
  creeps up instead of jumping past the band.
  What lands a join in expert's band is most often the rule of 45 with combinations
  (logic/count_combinations.py, 4.2 to 5.0): before the engine had it, cage arithmetic
  (3.6 at most) was followed by chains (7.0 and more), and most expert orders gave up;
- *rise* (extreme): joins STRIDE at a time, each keeping one solution, with a rating
  only after them, capped at expert's top, until the path ends above it and the first
  step past it is found within PAST_WORK, which rates it. Most layouts on the way are
  below expert, so rating each was wasted; a step past it that only a long forcing
  search finds (seconds of work) has the joins undone and others made instead.

Every "one solution?" is asked of one SAT solver kept for the attempt (cage_proof.py),
bounded by its conflicts, and every rating by the logic engine's work, so a seed makes the
same puzzle on every machine; the generator proves the puzzle with the exact solver after.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..cages import Cage, combinations
from ..grid import Grid
from ..logic import Path, PathStatus, find_path, next_step
from ..logic.levels import LEVEL_NAMES, band
from ..logic.work import OutOfWork, PastCeiling
from ..puzzle import Puzzle, Rules
from ..regions import pieces
from .cage_proof import CageProof, NotSettled
from .seeded import SeededRandom

# The most cells a cage may have at each level: newspapers' easy Killers keep to cages of
# two and three cells, their hard ones go to five or six.
LARGEST = {"easy": 3, "medium": 4, "hard": 5, "expert": 6, "extreme": 6}
# The fewest cells a cage is grown to: only the easiest level keeps cells of their own,
# which give their digits away (a cage's last cell, 1.1) and open the arithmetic.
SMALLEST = {"easy": 1}
EASIEST = LEVEL_NAMES[0]
# Cuts of a cage before a puzzle that keeps several solutions is given up.
SPLITS = 40
# Joins tried (each a question to the SAT solver, and a rating when one solution stays)
# before an attempt that has not reached its level is given up.
JOINS = 60
# The rating from which joins are made finest (fewest combinations): near expert's band.
FINE_FROM = 3.3
# Joins the top level makes between two ratings: it only has to pass expert's top, and
# one join at a time rated nearly every layout on the way only to find it easier.
STRIDE = 3
# The work (logic/work.py) a top-level Killer's first step past expert may take to find:
# most take a few hundred units to a few thousand (chains, a short forcing chain), some
# 35,000 or more (seconds of forcing nets), and other joins are quicker than those.
PAST_WORK = 8_000
# The conflicts one "one solution?" may take: most of a 9x9 Killer's take some hundreds,
# and a layout that needs more is dropped (a join not made, a cut attempt given up).
PROOF_CONFLICTS = 2_000
# Cuts one join past the level's top may take while each leaves a path that took a step in
# the level and then got stuck above it (one more sum is often all such a layout lacks).
EASES = 3

# Seconds left to the generator's deadline (its carver's, which raises when none are).
SecondsLeft = Callable[[], float]


@dataclass(frozen=True)
class KillerMade:
    """A Killer in its level, with the path that rated it (capped at the level's top)."""

    puzzle: Puzzle
    path: Path


def killer_rules(base: Rules, cages: list[list[int]], solution: Grid) -> Rules:
    """`base`'s rules with `cages`, each with the sum of its digits in `solution`."""
    values = solution.cells
    found = tuple(Cage(tuple(cells), sum(values[cell] for cell in cells)) for cells in cages)
    return Rules(base.extras, base.regions, found, solution.size)


def grow_cages(
    solution: Grid, random: SeededRandom, largest: int, smallest: int = 2
) -> list[list[int]]:
    """Cages covering every cell (see the module's *grow*), each in reading order."""
    n, values = solution.size, solution.cells
    order = random.shuffle(list(range(n * n)))
    free = set(order)
    cages = []
    for start in order:
        if start not in free:
            continue
        free.discard(start)
        cells, digits = [start], {values[start]}
        target = smallest + random.below(largest - smallest + 1)
        while len(cells) < target:
            touching = sorted(
                {
                    other
                    for cell in cells
                    for other in neighbours(cell, n)
                    if other in free and values[other] not in digits
                }
            )
            if not touching:
                break
            chosen = random.choice(touching)
            free.discard(chosen)
            cells.append(chosen)
            digits.add(values[chosen])
        cages.append(sorted(cells))
    return cages


def neighbours(cell: int, n: int) -> list[int]:
    """The cells beside, above and below `cell`."""
    row, col = divmod(cell, n)
    found = []
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < n and 0 <= c < n:
            found.append(r * n + c)
    return found


def split(cage: list[int], at: int, n: int) -> list[list[int]]:
    """`cage` cut in two or more connected cages: the half of its cells nearest `at` (by
    steps inside the cage), then the connected pieces of the rest."""
    inside, near, reached = set(cage), [at], {at}
    while len(near) < len(cage) // 2:
        step = [o for c in near for o in neighbours(c, n) if o in inside and o not in reached]
        if not step:
            break
        chosen = min(step)
        reached.add(chosen)
        near.append(chosen)
    rest = [cell for cell in cage if cell not in reached]
    return [sorted(near), *pieces(n, rest)]


class KillerAttempt:
    """One attempt's cages over `solution`, and the questions asked of them."""

    def __init__(
        self, solution: Grid, base: Rules, level: str, random: SeededRandom, left: SecondsLeft
    ) -> None:
        self.solution, self.base, self.level, self.random = solution, base, level, random
        self.seconds_left = left
        self.grid = Grid(solution.shape, (0,) * solution.shape.cell_count)
        self.largest = LARGEST[level]
        self.proof = CageProof(base.geometry(solution.shape), solution, PROOF_CONFLICTS)

    def other(self, cages: list[list[int]]) -> Grid | None:
        """Another solution of `cages`, or None when the solution is the only one;
        NotSettled when the SAT solver cannot tell within its conflicts."""
        values = self.solution.cells
        totals = [sum(values[cell] for cell in cells) for cells in cages]
        return self.proof.other_solution(cages, totals)

    def unique(self, cages: list[list[int]]) -> bool:
        """True when `cages` leave the solution the only one (and the SAT solver can tell)."""
        try:
            return self.other(cages) is None
        except NotSettled:
            return False

    def puzzle(self, cages: list[list[int]]) -> Puzzle:
        """The Killer of `cages`."""
        return Puzzle(self.grid, killer_rules(self.base, cages, self.solution))

    def rate(self, cages: list[list[int]], ceiling: float) -> Path:
        """The path of `cages` capped at `ceiling`; OutOfTime (the carver's) at the deadline."""
        path = find_path(
            self.puzzle(cages), unique=True, ceiling=ceiling, ceiling_seconds=self.seconds_left()
        )
        if path.status == PathStatus.CEILING:
            self.seconds_left()  # raises OutOfTime when the deadline has passed
        return path

    def settle(self, cages: list[list[int]]) -> list[list[int]] | None:
        """`cages` cut until the Killer has one solution (see *split*), or None."""
        n, values = self.solution.size, self.solution.cells
        for _ in range(SPLITS):
            try:
                other = self.other(cages)
            except NotSettled:
                return None
            if other is None:
                return cages
            differ = [c for c in range(n * n) if other.cells[c] != values[c]]
            at = self.random.choice(differ)
            number = next(k for k, cells in enumerate(cages) if at in cells)
            if len(cages[number]) == 1:
                return None  # cannot happen: a one-cell cage fixes its digit
            cages[number : number + 1] = split(cages[number], at, n)
        return None

    def absorb(self, cages: list[list[int]]) -> list[list[int]] | None:
        """`cages` with each one-cell cage joined to one beside it (see *absorb*), or None."""
        while singles := [k for k, cells in enumerate(cages) if len(cells) == 1]:
            single = self.random.choice(singles)
            joined = None
            for other in self.random.shuffle(self.joinable(cages, single)):
                trial = self.joined(cages, single, other)
                if self.unique(trial):
                    joined = trial
                    break
            if joined is None:
                return None
            cages = joined
        return cages

    def joinable(self, cages: list[list[int]], first: int) -> list[int]:
        """The cages beside cage `first` it may be joined to: together no bigger than the
        level's largest, and no digit in both."""
        n, values = self.solution.size, self.solution.cells
        owner = {cell: k for k, cells in enumerate(cages) for cell in cells}
        beside = sorted({owner[o] for c in cages[first] for o in neighbours(c, n)} - {first})
        digits = {values[c] for c in cages[first]}
        return [
            k
            for k in beside
            if len(cages[first]) + len(cages[k]) <= self.largest
            and not digits & {values[c] for c in cages[k]}
        ]

    @staticmethod
    def joined(cages: list[list[int]], first: int, second: int) -> list[list[int]]:
        """`cages` with cages `first` and `second` made one, in the order of first cells."""
        kept = [cells for k, cells in enumerate(cages) if k not in (first, second)]
        return sorted([*kept, sorted(cages[first] + cages[second])])

    def past(self, cages: list[list[int]], path: Path) -> KillerMade | None:
        """The top level's Killer: `path`, capped at expert's top, with the first step harder
        than it, or None when no step the engine knows follows within PAST_WORK. Its rating
        is then a floor (the rest of the path may hold harder steps) that proves the level,
        which is all the order asks; walking on (forcing nets, tens of seconds) would only
        raise it."""
        try:
            step = next_step(path.end, PAST_WORK, ceiling_seconds=self.seconds_left())
        except PastCeiling:
            self.seconds_left()  # raises OutOfTime
            return None
        except OutOfWork:
            return None
        if step is None:
            return None
        steps = (*path.steps, step)
        return KillerMade(self.puzzle(cages), Path(steps, step.apply(path.end), PathStatus.ABOVE))

    def climb(self, cages: list[list[int]]) -> KillerMade | None:
        """Joins toward the level, each rated (see *climb*): the Killer in its level with its
        path, or None when JOINS tries do not get there."""
        low, high = band(self.level)
        if high == math.inf:
            return self.rise(cages, low)
        path = self.rate(cages, high)
        tried: set[tuple[int, ...]] = set()
        for _ in range(JOINS):
            if path.status == PathStatus.SOLVED:
                if low < path.rating:
                    return KillerMade(self.puzzle(cages), path)
            elif path.status == PathStatus.ABOVE and (trial := self.eased(cages, [], path)):
                cages, path = trial, self.rate(trial, high)  # above the level's top: cut
                continue
            else:
                return None  # the engine is stuck, or no cut is left
            pair = self.next_join(cages, tried, fine=path.rating >= FINE_FROM)
            if pair is None:
                return None
            first, second = pair
            trial = self.joined(cages, first, second)
            if not self.unique(trial):
                continue
            rated = self.rate(trial, high)
            if rated.status == PathStatus.ABOVE:
                # Past the level's top: cuts elsewhere may bring it back into the level,
                # or else the join is undone.
                back = self.brought_back(trial, cages[first] + cages[second], rated)
                if back is None:
                    continue
                trial, rated = back
            cages, path = trial, rated
        return None

    def brought_back(
        self, cages: list[list[int]], keep: list[int], above: Path
    ) -> tuple[list[list[int]], Path] | None:
        """`cages`, whose path `above` went past the level's top, cut (see `eased`) until
        their path no longer does, with that path: a cut more, up to EASES, while each
        path takes a step in the level before it passes the top (one more sum is often
        all such a layout lacks). None when a cut is still above it, or none is left."""
        low, high = band(self.level)
        rated = above
        for _ in range(EASES):
            eased = self.eased(cages, keep, rated)
            if eased is None:
                return None
            cages, rated = eased, self.rate(eased, high)
            if rated.status != PathStatus.ABOVE:
                return cages, rated
            if rated.rating <= low:
                return None
        return None

    def rise(self, cages: list[list[int]], low: float) -> KillerMade | None:
        """The top level's climb (see *rise*): joins STRIDE at a time, then a rating capped
        at `low`, until the path ends above it with a step past it found within PAST_WORK
        (or else the joins are undone and others made); None when JOINS tries do not get
        there."""
        tried: set[tuple[int, ...]] = set()
        tries = 0
        while tries < JOINS:
            made, before = 0, cages
            while made < STRIDE and tries < JOINS:
                pair = self.next_join(cages, tried)
                if pair is None:
                    break
                tries += 1
                trial = self.joined(cages, *pair)
                if self.unique(trial):
                    cages, made = trial, made + 1
            if not made:
                return None
            path = self.rate(cages, low)
            if path.status == PathStatus.ABOVE:
                found = self.past(cages, path)
                if found is not None:
                    return found
                cages = before  # its step past expert is too long to find: other joins
            elif path.status != PathStatus.SOLVED:
                return None  # the engine is stuck
        return None

    def next_join(
        self, cages: list[list[int]], tried: set[tuple[int, ...]], fine: bool = False
    ) -> tuple[int, int] | None:
        """Two cages to join, not tried before (now marked tried), or None when none is left.
        The smallest joins come first: the rating climbs in smaller steps, so fewer of them
        jump past the level's top; `fine`: those whose cage has the fewest combinations."""
        pairs = sorted(
            (first, second)
            for first in range(len(cages))
            for second in self.joinable(cages, first)
            if first < second and tuple(sorted(cages[first] + cages[second])) not in tried
        )
        if not pairs:
            return None
        if fine:
            ways = {pair: self.ways(cages[pair[0]] + cages[pair[1]]) for pair in pairs}
            fewest = min(ways.values())
            pairs = [pair for pair in pairs if ways[pair] == fewest]
        least = min(len(cages[a]) + len(cages[b]) for a, b in pairs)
        first, second = self.random.choice(
            [(a, b) for a, b in pairs if len(cages[a]) + len(cages[b]) == least]
        )
        tried.add(tuple(sorted(cages[first] + cages[second])))
        return first, second

    def ways(self, cells: list[int]) -> int:
        """How many sets of digits make the sum of `cells` in as many cells."""
        values = self.solution.cells
        return len(combinations(self.solution.size, len(cells), sum(values[c] for c in cells)))

    def eased(self, cages: list[list[int]], keep: list[int], above: Path) -> list[list[int]] | None:
        """`cages` with one of four cells or more, not the one holding `keep`, cut in two at
        a random cell into pieces of two cells or more (a cut keeps the one solution: every
        solution of the cut cages is one of the whole); None when no cage can be cut so.
        A cage holding a cell still open where `above` (the path that went past the level's
        top) got stuck is cut if there is one: the sums it adds tell the solver about the
        cells it could not settle, where a cut elsewhere mostly does not."""
        n, kept = self.solution.size, set(keep)
        cuts = [
            (k, parts)
            for k, cells in enumerate(cages)
            if len(cells) >= 4 and not kept & set(cells)
            for at in cells
            if min(map(len, parts := split(cells, at, n))) > 1
        ]
        stuck = above.end.open_cells
        cuts = [(k, parts) for k, parts in cuts if any(stuck >> c & 1 for c in cages[k])] or cuts
        if not cuts:
            return None
        number, parts = self.random.choice(cuts)
        return sorted([*cages[:number], *parts, *cages[number + 1 :]])


def settled_killer(solution: Grid, base: Rules, level: str, random: SeededRandom) -> Puzzle | None:
    """A Killer with the one solution `solution` and cages of `level`'s sizes, grown, cut
    and absorbed but not climbed nor rated (samples for soundness checks), or None."""
    attempt = KillerAttempt(solution, base, level, random, lambda: math.inf)
    try:
        cages = attempt.settle(
            grow_cages(solution, random, attempt.largest, SMALLEST.get(level, 2))
        )
        if cages is not None and level != EASIEST:
            cages = attempt.absorb(cages)
        return None if cages is None else attempt.puzzle(cages)
    finally:
        attempt.proof.close()


def killer_of(
    solution: Grid, base: Rules, level: str, random: SeededRandom, seconds_left: SecondsLeft
) -> KillerMade | None:
    """A Killer with no givens and the one solution `solution`, its cages drawn from `random`
    for `level` and rated in it, or None when this attempt does not get there (see the
    module). The solution's uniqueness is the SAT solver's word: the caller proves it."""
    attempt = KillerAttempt(solution, base, level, random, seconds_left)
    try:
        smallest = SMALLEST.get(level, 2)
        # Above the easiest level, grown one cell short of the largest: room for a cage
        # of one cell to join any cage beside it (climbing makes the big ones).
        largest = attempt.largest if level == EASIEST else attempt.largest - 1
        grown = grow_cages(solution, random, largest, smallest)
        cages = attempt.settle(grown)
        if cages is not None and level != EASIEST:
            cages = attempt.absorb(cages)
        return None if cages is None else attempt.climb(cages)
    finally:
        attempt.proof.close()
