"""Positions for soundness tests: puzzles with known answers, taken as far as easy steps go.

A technique's finder is only sound if none of its instances, in any position,
removes the answer's value or places a wrong one. These positions are where the
harder techniques matter: each puzzle is solved by its easiest steps (up to
`ceiling` on the rating scale) until none applies, and the position there is
kept with the puzzle's answer. Every puzzle also comes in a random disguise
(relabelled, bands, stacks, rows and columns shuffled).
"""

from __future__ import annotations

import random
from functools import cache

from webapp.cli.soundness import disguise as permuted
from webapp.sudoku import SHAPES, Grid, parse, solve
from webapp.sudoku.logic import TECHNIQUES, Position
from webapp.sudoku.puzzle import Puzzle

from puzzles import data_lines


def easy_steps_taken(position: Position, ceiling: float) -> Position:
    """The position after every step of difficulty up to `ceiling` that applies, easiest first."""
    easy = [finder for _, difficulty, finder in TECHNIQUES if difficulty <= ceiling]
    while True:
        step = next((s for finder in easy for s in finder(position)), None)
        if step is None:
            return position
        position = step.apply(position)


@cache
def stuck_positions(count: int = 120, ceiling: float = 3.0) -> tuple[tuple[Position, Grid], ...]:
    """Up to `count` (position, answer) pairs, unsolved after easy steps, half of them disguised.

    Taken from the rated sample (rated 2.5 to 9.3 by Sudoku Explainer) and the 9x9 answers.
    Each position is marked unique: every puzzle here has exactly one solution.
    """
    rng = random.Random(2026)
    puzzles = [fields[0] for fields in data_lines("se_rated_sample.txt")]
    puzzles += [fields[0] for fields in data_lines("engine_9x9_answers.txt") if fields[1] == "1"]
    found: list[tuple[Position, Grid]] = []
    for text in puzzles:
        grid = parse(text)
        for puzzle in (grid, permuted(grid, rng)):
            answer = solve(Puzzle(puzzle)).solution
            assert answer is not None
            position = easy_steps_taken(Position.from_puzzle(Puzzle(puzzle), unique=True), ceiling)
            if not position.is_solved:
                found.append((position, answer))
        if len(found) >= count:
            break
    return tuple(found[:count])


def wrong_moves(position: Position, answer: Grid, steps) -> list:
    """The steps among `steps` that remove an answer's value or place a wrong one."""
    return [
        step
        for step in steps
        if any(answer.cells[cell] == value for cell, value in step.eliminations)
        or any(answer.cells[cell] != value for cell, value in step.placements)
    ]


@cache
def blanked(size: int, fraction: float, seed: int) -> tuple[Position, Grid]:
    """A grid's answer with `fraction` of its cells blanked, after singles and intersections.

    The puzzle may have several solutions; a sound step keeps every one, so the answer
    it was made from too.
    """
    shape = SHAPES[size]
    answer = solve(Puzzle(Grid(shape, (0,) * shape.cell_count))).solutions[0]
    cells = list(answer.cells)
    for cell in random.Random(seed).sample(
        range(shape.cell_count), int(shape.cell_count * fraction)
    ):
        cells[cell] = 0
    return easy_steps_taken(Position.from_puzzle(Puzzle(Grid(shape, tuple(cells)))), 2.8), answer


def is_dead(position: Position) -> bool:
    """True when an open cell has no candidate or a unit has no place for a value it lacks."""
    if any(not v and not m for v, m in zip(position.values, position.candidates, strict=True)):
        return True
    return any(
        not position.places(unit, value) and not position.holds(unit, value)
        for unit in position.geometry.units
        for value in range(1, position.size + 1)
    )


def replay(position: Position, chain: tuple[tuple[int, int], ...]) -> Position:
    """Place a chain's assumption, then check each later placement is a single where it comes."""
    (cell, value), *following = chain
    position = position.place([(cell, value)])
    for cell, value in following:
        assert position.candidates[cell] >> value & 1, (cell, value)
        assert is_single(position, cell, value), (cell, value)
        position = position.place([(cell, value)])
    return position


def is_single(position: Position, cell: int, value: int) -> bool:
    """True when `value` is `cell`'s last candidate or the last place of `value` in a unit."""
    if position.candidates[cell] == 1 << value:
        return True
    return any(
        position.places(unit, value) == [cell] for unit in position.geometry.cell_units[cell]
    )
