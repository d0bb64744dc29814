"""Random Killer Sudokus for the tests: a random solution from the generator's fill, cut
into cages by random growth, each cage's sum read off the solution. Such a killer always
has that solution; it need not be the only one."""

from __future__ import annotations

import random as stdlib_random

from webapp.sudoku import SHAPES, Grid, Puzzle, Rules
from webapp.sudoku.cages import Cage
from webapp.sudoku.generator.fill import random_solution
from webapp.sudoku.generator.seeded import SeededRandom


def random_cages(
    solution: Grid, seed: int, largest: int = 5, unsummed: float = 0.0
) -> tuple[Cage, ...]:
    """Cages covering every cell of `solution`, each grown from its first free cell by
    adding free neighbours holding digits the cage lacks, up to `largest` cells; a cage
    goes without its sum with the chance `unsummed`."""
    draw = stdlib_random.Random(seed)
    n = solution.size
    free = set(range(n * n))
    cages = []
    for start in range(n * n):
        if start not in free:
            continue
        free.discard(start)
        cells, digits = [start], {solution.cells[start]}
        target = draw.randint(1, largest)
        while len(cells) < target:
            touching = sorted(
                other
                for cell in cells
                for other in _neighbours(cell, n)
                if other in free and solution.cells[other] not in digits
            )
            if not touching:
                break
            chosen = draw.choice(touching)
            free.discard(chosen)
            cells.append(chosen)
            digits.add(solution.cells[chosen])
        total = None if draw.random() < unsummed else sum(digits)
        cages.append(Cage(tuple(cells), total))
    return tuple(cages)


def _neighbours(cell: int, n: int) -> list[int]:
    """The cells beside and above or below `cell`."""
    row, col = divmod(cell, n)
    found = []
    for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < n and 0 <= c < n:
            found.append(r * n + c)
    return found


def random_killer(
    size: int, seed: int, largest: int = 5, unsummed: float = 0.0, extras: str = ""
) -> tuple[Puzzle, Grid]:
    """A Killer of `size` with no givens (and the rules' `extras` letters) and the solution
    it was cut from."""
    shape = SHAPES[size]
    solution = random_solution(shape, SeededRandom(f"killer-{seed}"), Rules(tuple(extras)))
    cages = random_cages(solution, seed, largest, unsummed)
    rules = Rules.from_letters(extras, (), cages, size)
    return Puzzle(Grid(shape, (0,) * shape.cell_count), rules), solution
