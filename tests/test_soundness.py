"""No step of any path is ever wrong: a fixed sample of puzzles, each also in a disguise.

Each puzzle is walked easiest-first to its end and every step is checked against the
exact solver's answer (webapp/cli/soundness.py): no candidate removed is the answer's
value, no value placed is wrong, and a finished path ends at the answer. Half the
puzzles are random disguises of the others (relabelled; bands, stacks, rows and columns
shuffled), so a technique that only works by accident of layout shows up. Uniqueness
reasoning is allowed, as the exact solver proves each has one solution; on puzzles with
several solutions it must never be used.

The sample is a fixed count of puzzles, spread over each file, that takes seconds; the
whole of the graded and rated samples, the 16x16 answers and their disguises is the
sweep `sudoku soundness` prints figures for:

    sudoku soundness tests/data/qqwing_graded_sample.txt tests/data/se_rated_sample.txt \
        tests/data/engine_16x16_answers.txt
"""

from __future__ import annotations

import pytest

from webapp.cli.soundness import check, walk, with_disguises
from webapp.sudoku import Grid, Puzzle, parse, solve
from webapp.sudoku.logic import TECHNIQUES
from webapp.sudoku.result import MULTIPLE

from puzzles import data_lines

UNIQUENESS = {"unique-rectangle", "hidden-rectangle", "bug-plus-1"}
# Every `step`th puzzle with one solution of each file, so that the sample spans the file:
# the graded sample has every level, the rated one runs from 2.5 to 9.3 in order.
SAMPLES = {
    "qqwing_graded_sample.txt": 5,
    "se_rated_sample.txt": 5,
    "engine_9x9_answers.txt": 25,
    "engine_4x4_answers.txt": 1,
    "engine_16x16_answers.txt": 7,
}
CHUNK = 25  # puzzles a test: the sample spreads over the workers


def sampled(name: str) -> list[list[str]]:
    """The lines of tests/data/`name` in the sample: every SAMPLES[name]th with one solution."""
    lines = data_lines(name)
    if name.startswith("engine_") and len(lines[0]) == 3:  # PUZZLE COUNT SOLUTION
        lines = [fields for fields in lines if fields[1] == "1"]
    return lines[:: SAMPLES[name]]


def sample_chunks() -> list:
    """The sample and a disguise of each puzzle, CHUNK puzzles a test."""
    chunks = []
    for name in SAMPLES:
        grids = with_disguises([parse(fields[0]) for fields in sampled(name)], 1, seed=11)
        for start in range(0, len(grids), CHUNK):
            chunk = grids[start : start + CHUNK]
            chunks.append(pytest.param(chunk, id=f"{name.removesuffix('.txt')}:{start}"))
    return chunks


@pytest.mark.parametrize("grids", sample_chunks())
def test_no_step_is_wrong(grids: list[Grid]):
    tally = check(grids)
    assert tally.wrong == []
    # Every puzzle has one solution and every path went to its end: all of it was checked.
    assert (tally.puzzles, tally.skipped, tally.stopped) == (len(grids), 0, 0)


def test_the_sample_reaches_every_level_and_rating():
    assert sum(len(sampled(name)) for name in SAMPLES) >= 150
    assert {fields[1] for fields in sampled("qqwing_graded_sample.txt")} == {
        "simple",
        "easy",
        "intermediate",
        "expert",
    }
    ratings = [float(fields[1]) for fields in sampled("se_rated_sample.txt")]
    assert min(ratings) < 3 and max(ratings) > 9


def multiple_solution_puzzles() -> list[Grid]:
    """Puzzles with two solutions or more."""
    texts = [fields[0] for fields in data_lines("serg_multiple.txt")]
    texts += [fields[0] for fields in data_lines("web_multiple.txt")]
    return [parse(text) for text in texts]


# A fixed few: each path goes to its end, a second or so of work.
@pytest.mark.parametrize("grid", multiple_solution_puzzles()[::16], ids=lambda g: g.line[:20])
def test_uniqueness_reasoning_is_never_used_without_a_proof(grid):
    assert solve(Puzzle(grid)).status == MULTIPLE
    path = walk(grid, unique=False)  # nothing proved
    assert not any(step.technique.startswith(tuple(UNIQUENESS)) for step in path.steps)
    assert not path.end.unique


def test_the_engine_has_uniqueness_techniques_to_withhold():
    slugs = {slug for slug, _, _ in TECHNIQUES}
    assert any(slug.startswith(tuple(UNIQUENESS)) for slug in slugs)
