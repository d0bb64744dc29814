"""Killer Sudokus from a random solution, with no givens: cages grown over it at random,
their sums read off it, split where two solutions differ until one is left, then merged
while one stays.

- *grow*: cells are taken in a random order; each free cell starts a cage that grows, up to
  a size drawn from 2 to the level's LARGEST, by free cells beside it whose digits it lacks
  (a cell with no such neighbour left stays a cage of its own);
- *split*: while the exact solver finds two solutions, a cage holding a cell where they
  differ is cut in two (the part nearest that cell, then what is left, each connected),
  which rules one of them out; a puzzle still not settled after SPLITS cuts is dropped;
- *merge*: then, MERGES times, two cages side by side are joined into one (no bigger than
  LARGEST, their digits all different) if the puzzle keeps one solution: bigger cages,
  harder arithmetic.

Every solve is bounded by counted work (SOLVE_BUDGET), so a seed makes the same puzzle on
every machine; a solve that runs out counts as "not settled", never as a guess.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..cages import Cage
from ..grid import Grid
from ..puzzle import Puzzle, Rules
from ..regions import pieces
from ..result import Budget, SolveResult, SolveStatus
from ..solver import solve
from .seeded import SeededRandom

# The most cells a cage may have at each level: newspapers' easy Killers keep to cages of
# two and three cells, their hard ones go to five or six.
LARGEST = {"easy": 3, "medium": 4, "hard": 5, "expert": 6, "extreme": 6}
# The fewest cells a cage is grown to: an easy Killer has cells of their own, which
# give their digits away (a cage's last cell, 1.1) and open the arithmetic of the rest.
SMALLEST = {"easy": 1}
# Merges tried after the puzzle has one solution, by level.
MERGES = {"easy": 0, "medium": 6, "hard": 14, "expert": 24, "extreme": 36}
# Cuts of a cage before a puzzle that keeps several solutions is given up.
SPLITS = 40
# The work one uniqueness check may take: a Killer with one solution settles in some
# hundreds of nodes, or the SAT solver's thousands of conflicts.
SOLVE_BUDGET = Budget(nodes=20_000, sat_conflicts=20_000, ceiling_seconds=math.inf)

Solver = Callable[[Puzzle], SolveResult]


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


def settle(
    grid: Grid,
    base: Rules,
    cages: list[list[int]],
    solution: Grid,
    random: SeededRandom,
    check: Solver,
) -> list[list[int]] | None:
    """`cages` cut until the Killer has one solution (see *split*), or None."""
    n = grid.size
    for _ in range(SPLITS):
        result = check(Puzzle(grid, killer_rules(base, cages, solution)))
        if result.status == SolveStatus.SOLVED:
            return cages
        if result.status != SolveStatus.MULTIPLE:
            return None  # not settled within its work
        other = next(s for s in result.solutions if s != solution)
        differ = [c for c in range(n * n) if other.cells[c] != solution.cells[c]]
        at = random.choice(differ)
        number = next(k for k, cells in enumerate(cages) if at in cells)
        if len(cages[number]) == 1:
            return None  # cannot happen: a one-cell cage fixes its digit
        cages[number : number + 1] = split(cages[number], at, n)
    return None


def merge(
    grid: Grid,
    base: Rules,
    cages: list[list[int]],
    solution: Grid,
    random: SeededRandom,
    tries: int,
    largest: int,
    check: Solver,
) -> list[list[int]]:
    """`cages` with up to `tries` pairs side by side joined where one solution stays."""
    n, values = grid.size, solution.cells
    for _ in range(tries):
        owner = {cell: k for k, cells in enumerate(cages) for cell in cells}
        first = random.below(len(cages))
        beside = sorted({owner[o] for c in cages[first] for o in neighbours(c, n)} - {first})
        joinable = [
            k
            for k in beside
            if len(cages[first]) + len(cages[k]) <= largest
            and not {values[c] for c in cages[first]} & {values[c] for c in cages[k]}
        ]
        if not joinable:
            continue
        second = random.choice(joinable)
        joined = [cells for k, cells in enumerate(cages) if k not in (first, second)]
        joined.append(sorted(cages[first] + cages[second]))
        joined.sort()
        if check(Puzzle(grid, killer_rules(base, joined, solution))).status == SolveStatus.SOLVED:
            cages = joined
    return cages


def killer_of(
    solution: Grid, base: Rules, level: str, random: SeededRandom, check: Solver | None = None
) -> Puzzle | None:
    """A Killer with no givens and the one solution `solution`, its cages drawn from `random`
    for `level`, or None when its cuts do not settle it (see the module)."""
    check = check or (lambda puzzle: solve(puzzle, budget=SOLVE_BUDGET))
    grid = Grid(solution.shape, (0,) * solution.shape.cell_count)
    largest, smallest = LARGEST[level], SMALLEST.get(level, 2)
    grown = grow_cages(solution, random, largest, smallest)
    cages = settle(grid, base, grown, solution, random, check)
    if cages is None:
        return None
    cages = merge(grid, base, cages, solution, random, MERGES[level], largest, check)
    return Puzzle(grid, killer_rules(base, cages, solution))
