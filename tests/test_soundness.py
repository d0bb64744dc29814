"""No step of any path is ever wrong, over a thousand graded puzzles and their disguises.

Each puzzle is walked easiest-first to the end (or to its budget), and every step is
checked against the exact solver's answer: no candidate removed is the answer's value,
no value placed is wrong, and a finished path ends at the answer. Half the puzzles are
random disguises of the others (relabelled; bands, stacks, rows and columns shuffled),
so a technique that only works by accident of layout shows up. Uniqueness reasoning is
allowed, as the exact solver proves each has one solution; on puzzles with several
solutions it must never be used.
"""

from __future__ import annotations

import random

import pytest

from webapp.sudoku import Grid, parse, solve
from webapp.sudoku.logic import SOLVED, TECHNIQUES, find_path
from webapp.sudoku.puzzle import Puzzle
from webapp.sudoku.result import MULTIPLE

from positions import permuted
from puzzles import data_lines

CHUNK = 50
UNIQUENESS = {"unique-rectangle", "hidden-rectangle", "bug-plus-1"}


def graded_puzzles() -> list[Grid]:
    """The graded sample and the rated sample, each puzzle also in a random disguise."""
    rng = random.Random(11)
    texts = [fields[0] for fields in data_lines("qqwing_graded_sample.txt")]
    texts += [fields[0] for fields in data_lines("se_rated_sample.txt")]
    grids = [parse(text) for text in texts]
    return [grid for original in grids for grid in (original, permuted(original, rng))]


GRIDS = graded_puzzles()


def wrong_steps(grid: Grid) -> list[str]:
    """What is wrong with the path of one uniquely solvable puzzle (nothing, if all is well)."""
    answer = solve(Puzzle(grid)).solution
    assert answer is not None, grid.line
    path = find_path(Puzzle(grid), unique=True)
    wrong = [
        f"{grid.line}: {step}"
        for step in path.steps
        if any(answer.cells[cell] == value for cell, value in step.eliminations)
        or any(answer.cells[cell] != value for cell, value in step.placements)
    ]
    if path.status == SOLVED and path.end.grid != answer:
        wrong.append(f"{grid.line}: ended away from the answer")
    return wrong


@pytest.mark.parametrize("start", range(0, len(GRIDS), CHUNK), ids=lambda s: f"from-{s}")
def test_no_step_is_wrong(start):
    assert [problem for grid in GRIDS[start : start + CHUNK] for problem in wrong_steps(grid)] == []


def test_the_sample_is_large_and_reaches_every_level():
    assert len(GRIDS) >= 2000
    assert {fields[1] for fields in data_lines("qqwing_graded_sample.txt")} == {
        "simple",
        "easy",
        "intermediate",
        "expert",
    }


def multiple_solution_puzzles() -> list[Grid]:
    """Puzzles with two solutions or more."""
    texts = [fields[0] for fields in data_lines("serg_multiple.txt")]
    texts += [fields[0] for fields in data_lines("web_multiple.txt")]
    return [parse(text) for text in texts]


@pytest.mark.parametrize("grid", multiple_solution_puzzles()[::5], ids=lambda g: g.line[:20])
def test_uniqueness_reasoning_is_never_used_without_a_proof(grid):
    assert solve(Puzzle(grid)).status == MULTIPLE
    path = find_path(Puzzle(grid), work=100_000)  # nothing proved: unique is False
    assert not any(step.technique.startswith(tuple(UNIQUENESS)) for step in path.steps)
    assert not path.end.unique


def test_the_engine_has_uniqueness_techniques_to_withhold():
    slugs = {slug for slug, _, _ in TECHNIQUES}
    assert any(slug.startswith(tuple(UNIQUENESS)) for slug in slugs)
