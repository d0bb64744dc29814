"""Random Killer Sudokus for the tests: a random solution from the generator's fill, cut
into cages by random growth, each cage's sum read off the solution. Such a killer always
has that solution; it need not be the only one."""

from __future__ import annotations

import random as stdlib_random

from webapp.cli.variant_puzzles import MOVES, Move, moves_keeping
from webapp.sudoku import SHAPES, Grid, Puzzle, PuzzleError, Rules, standard_geometry
from webapp.sudoku.cages import Cage
from webapp.sudoku.generator.fill import random_solution
from webapp.sudoku.generator.killer import neighbours
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
                for other in neighbours(cell, n)
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


def moved_killer(puzzle: Puzzle, solution: Grid, seed: int) -> tuple[Puzzle, Grid]:
    """The Killer and its solution moved by a random one of the square's symmetries that
    keep its units, and by a random swap of two bands or two stacks unless that breaks a
    cage apart: cells, values and cages move together (relabelling values is no symmetry
    of a Killer: its sums would change)."""
    draw = stdlib_random.Random(seed)
    shape = puzzle.shape
    n = shape.size
    move = MOVES[draw.choice(moves_keeping(standard_geometry(shape)))]
    rows, cols = list(range(n)), list(range(n))
    lines, height = (rows, shape.box_rows) if draw.random() < 0.5 else (cols, shape.box_cols)
    first, second = draw.sample(range(n // height), 2)
    for offset in range(height):
        a, b = first * height + offset, second * height + offset
        lines[a], lines[b] = lines[b], lines[a]
    try:
        return _moved(puzzle, solution, move, rows, cols)
    except PuzzleError:  # the swap split a cage crossing between bands or stacks
        return _moved(puzzle, solution, move, list(range(n)), list(range(n)))


def _moved(
    puzzle: Puzzle, solution: Grid, move: Move, rows: list[int], cols: list[int]
) -> tuple[Puzzle, Grid]:
    """`puzzle` and `solution` with each cell moved by `move`, then to row rows[r] and
    column cols[c]; PuzzleError when a cage no longer holds together."""
    shape = puzzle.shape
    n = shape.size
    where = []
    for cell in range(shape.cell_count):
        row, col = move(*divmod(cell, n), n - 1)
        where.append(rows[row] * n + cols[col])
    cages = tuple(
        Cage(tuple(where[cell] for cell in cage.cells), cage.total) for cage in puzzle.rules.cages
    )
    values, givens = [0] * shape.cell_count, [0] * shape.cell_count
    for cell, target in enumerate(where):
        values[target] = solution.cells[cell]
        givens[target] = puzzle.cells[cell]
    rules = Rules.from_letters("".join(puzzle.rules.extras), (), cages, n)
    return Puzzle(Grid(shape, tuple(givens)), rules), Grid(shape, tuple(values))
