"""Puzzles of the region variants for the soundness checks, made from a seed.

For each puzzle: the rules (X-Sudoku's diagonals, Windoku's windows, or a random Jigsaw
region map from generator/jigsaw.py, one map for every PUZZLES_PER_MAP puzzles), an
answer (generator/fill.py: a few random givens that clash with nothing, solved), and
the givens left when cells of the answer are blanked in a random order while the puzzle
keeps one solution, down to a random floor (a fifth to a third of the cells, so that
the sample runs from singles to forcing chains). Disguises relabel the values and turn
or mirror the grid by one of the square's symmetries that keeps the puzzle's units (a
Jigsaw's region map turns with it), so that a technique right only by accident of
layout shows up. Every count here is bounded by work, never by the clock: the same
seed makes the same puzzles on every machine.

A Killer is made as the generator starts one (generator/killer.py: cages grown over a
random answer, cut until one solution is left, no cage of one cell above easy), with the
cage sizes of each of KILLER_LEVELS in turn, unrated, with no givens. Its disguises move
its cages with the cells and never relabel the values (a relabelled cage would not make
its sum).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..sudoku import Grid, Puzzle
from ..sudoku.cages import Cage
from ..sudoku.generator.carve import Carver
from ..sudoku.generator.fill import solved_fill
from ..sudoku.generator.generate import JIGSAW, KILLER, KILLER_SIZES, drawn_letters, variants
from ..sudoku.generator.jigsaw import random_regions
from ..sudoku.generator.killer import settled_killer
from ..sudoku.generator.seeded import SeededRandom
from ..sudoku.geometry import Geometry
from ..sudoku.puzzle import Rules
from ..sudoku.regions import region_map
from ..sudoku.shape import Shape

# The variants `sudoku soundness --variant` takes: each the generator makes but the classic,
# by the generator's names (its letters of extra units; a Jigsaw also has a region map; a
# Killer, its cages); not a marked family's (Kropki) or a lined kind's (thermometers), whose
# marks and lines come from each answer (tests/test_marked_relations.py and
# tests/test_thermometer_logic.py sweep those).
VARIANTS = tuple(name for name in variants() if name != "classic" and not drawn_letters(name))
# The levels a Killer is made at, in turn: from cages of one to three cells to cages of six.
KILLER_LEVELS = ("easy", "medium", "hard", "expert")
# A random region map costs a solve or more: several puzzles share one.
PUZZLES_PER_MAP = 8
# The share of cells left given is drawn between these.
FEWEST_GIVENS, MOST_GIVENS = 0.2, 0.33

Move = Callable[[int, int, int], tuple[int, int]]

# The square's eight symmetries, (row, col) -> (row, col) on a grid whose last index is n.
MOVES: dict[str, Move] = {
    "identity": lambda r, c, n: (r, c),
    "transpose": lambda r, c, n: (c, r),
    "anti-transpose": lambda r, c, n: (n - c, n - r),
    "rotate-90": lambda r, c, n: (c, n - r),
    "rotate-180": lambda r, c, n: (n - r, n - c),
    "rotate-270": lambda r, c, n: (n - c, r),
    "mirror": lambda r, c, n: (r, n - c),
    "flip": lambda r, c, n: (n - r, c),
}


@dataclass(frozen=True)
class Sample:
    """A puzzle with one solution, and that solution."""

    puzzle: Puzzle
    answer: Grid


def variant_puzzles(variant: str, shape: Shape, count: int, seed: int) -> list[Sample]:
    """`count` puzzles of `variant` (a key of VARIANTS) on `shape`, drawn from `seed`."""
    letters, jigsaw = variants()[variant], variant == JIGSAW
    random = SeededRandom(f"soundness:{variant}:{shape.size}:{seed}")
    if variant == KILLER:
        return killer_samples(shape, count, random)
    samples = []
    regions: tuple[int, ...] = ()
    for number in range(count):
        if jigsaw and number % PUZZLES_PER_MAP == 0:
            regions = random_regions(shape, random)
        rules = Rules(letters, regions)
        answer = solved_fill(shape, random, rules)
        samples.append(Sample(carved(rules, answer, random), answer))
    return samples


def killer_samples(shape: Shape, count: int, random: SeededRandom) -> list[Sample]:
    """`count` Killers of `shape` as the generator makes them, a level of KILLER_LEVELS
    each in turn (an answer whose cuts do not settle is drawn again)."""
    if shape.size not in KILLER_SIZES:
        sizes = ", ".join(map(str, KILLER_SIZES))
        raise ValueError(f"the generator makes Killers of sizes {sizes}")
    samples: list[Sample] = []
    while len(samples) < count:
        level = KILLER_LEVELS[len(samples) % len(KILLER_LEVELS)]
        answer = solved_fill(shape, random, Rules())
        puzzle = settled_killer(answer, Rules(), level, random)
        if puzzle is not None:
            samples.append(Sample(puzzle, answer))
    return samples


def carved(rules: Rules, answer: Grid, random: SeededRandom) -> Puzzle:
    """`answer` with cells blanked in a random order while one solution is left (as far as
    the generator's bounded search can tell), until a random floor of givens."""
    shape = answer.shape
    carver = Carver(shape, math.inf, rules)
    share = FEWEST_GIVENS + (MOST_GIVENS - FEWEST_GIVENS) * random.below(1000) / 1000
    floor = int(shape.cell_count * share)
    values, given = list(answer.cells), shape.cell_count
    for cell in random.shuffle(list(range(shape.cell_count))):
        if given <= floor:
            break
        values[cell] = 0
        if carver.is_unique(values):
            given -= 1
        else:
            values[cell] = answer.cells[cell]
    return Puzzle(Grid(shape, tuple(values)), rules)


def moves_keeping(geometry: Geometry) -> tuple[str, ...]:
    """The names of MOVES that map `geometry`'s units onto its units (a Jigsaw's regions
    aside: they turn with the grid)."""
    shape = geometry.shape
    fixed = {frozenset(unit.cells) for unit in geometry.units if unit.kind != "region"}
    return tuple(
        name
        for name, move in MOVES.items()
        if {frozenset(_moved_cells(shape, move, cells)) for cells in fixed} == fixed
    )


def _moved_cells(shape: Shape, move: Move, cells: Iterable[int]) -> list[int]:
    """Where `move` takes each of `cells`, in their order."""
    n, last = shape.size, shape.size - 1
    return [row * n + col for row, col in (move(*divmod(cell, n), last) for cell in cells)]


def disguised(sample: Sample, random: SeededRandom) -> Sample:
    """`sample` relabelled and moved by a random one of the symmetries that keep its units
    (a Killer only moved, its cages with its cells)."""
    puzzle = sample.puzzle
    shape, n = puzzle.grid.shape, puzzle.grid.shape.size
    move = MOVES[random.choice(moves_keeping(puzzle.geometry))]
    labels = (
        list(range(n + 1)) if puzzle.rules.cages else [0, *random.shuffle(list(range(1, n + 1)))]
    )
    where = _moved_cells(shape, move, range(shape.cell_count))

    def moved(values: tuple[int, ...], relabel: bool) -> tuple[int, ...]:
        out = [0] * len(values)
        for cell, target in enumerate(where):
            out[target] = labels[values[cell]] if relabel else values[cell]
        return tuple(out)

    regions = puzzle.rules.regions
    cages = tuple(
        Cage(tuple(where[cell] for cell in cage.cells), cage.total) for cage in puzzle.rules.cages
    )
    rules = Rules(
        puzzle.rules.extras, region_map(n, moved(regions, False)) if regions else (), cages, n
    )
    return Sample(
        Puzzle(Grid(shape, moved(puzzle.grid.cells, True)), rules),
        Grid(shape, moved(sample.answer.cells, True)),
    )
