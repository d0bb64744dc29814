"""Almost locked sets and sue de coq: HoDoKu's cases, soundness, other sizes, sentences.

HoDoKu names one instance per case; these finders find every instance (ALSs
may overlap, as in HoDoKu's "with overlap" cases), so a case passes when the
instances found remove at least what HoDoKu removes (`exact=False`), and the
soundness test over real positions checks that everything found is true.
"""

from __future__ import annotations

import re

import pytest

from webapp.explanations import sentence
from webapp.sudoku import SHAPES, parse, solve
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import BY_SLUG, Position, Step
from webapp.sudoku.logic.als_sets import almost_locked_sets, restricted_commons
from webapp.sudoku.puzzle import Puzzle

from positions import stuck_positions, wrong_moves
from puzzles import data_lines
from reglib import cases, check, read_cases

CODES = {
    "0901": "als-xz",
    "0902": "als-xy-wing",
    "0903": "als-chain",
    "0904": "death-blossom",
    "1101": "sue-de-coq",
}
SLUGS = list(CODES.values())

# Case number -> why this engine does not find what HoDoKu does.
DEVIATIONS: dict[int, str] = {}


@pytest.mark.parametrize("case", cases(CODES, DEVIATIONS))
def test_hodoku_regression_case(case):
    slug = CODES[case.code]
    check(case, BY_SLUG[slug], slug, about=lambda step: True, exact=False)


def test_every_technique_has_hodoku_cases_and_few_deviations():
    counts = {slug: 0 for slug in SLUGS}
    for case in read_cases():
        if case.code in CODES:
            counts[CODES[case.code]] += 1
    assert all(counts.values()), counts
    chain_cases = counts["als-chain"]
    assert len(DEVIATIONS) <= chain_cases // 2


@pytest.fixture(scope="module")
def positions():
    return stuck_positions()


# Every other ten of the 120 positions: every instance of every ALS finder is costly (the
# twelve tens took three minutes of a busy machine's suite), and the other finders' tests
# walk all 120.
@pytest.mark.parametrize("index", range(0, 120, 20))
def test_no_instance_removes_an_answer_value(positions, index):
    # ten positions a test, every finder, every instance each finds
    for position, answer in positions[index : index + 10]:
        for slug in SLUGS:
            steps = list(BY_SLUG[slug](position))
            assert all(step.technique == slug for step in steps)
            assert wrong_moves(position, answer, steps) == [], slug


def test_the_finders_fire_on_the_stuck_positions(positions):
    for slug in SLUGS:
        assert any(next(BY_SLUG[slug](position), None) for position, _ in positions), slug


def sixteen() -> tuple[Position, object]:
    """A 16x16 puzzle's opening position and its answer."""
    grid = parse(next(iter(data_lines("engine_16x16_answers.txt")))[0])
    answer = solve(Puzzle(grid)).solution
    assert answer is not None
    return Position.from_puzzle(Puzzle(grid), unique=True), answer


@pytest.mark.parametrize("slug", SLUGS)
def test_techniques_fire_soundly_on_16x16(slug):
    position, answer = sixteen()
    steps = list(BY_SLUG[slug](position))
    assert steps
    assert wrong_moves(position, answer, steps) == []
    for step in steps:
        # every cell of a set lies in the unit the step names for it
        assert all(0 <= cell < 256 for cell, _ in step.cells)


def test_an_als_has_one_value_more_than_cells_and_links_see_each_other():
    position, _ = sixteen()
    sets = almost_locked_sets(position)
    assert sets
    for als in sets:
        union = 0
        for cell in als.cells:
            union |= position.candidates[cell]
            assert cell in als.unit.cells
        assert union.bit_count() == len(als.cells) + 1
    peers = position.geometry.peers
    for a in sets[:30]:
        for b in sets[:30]:
            for value in range(1, 17):
                if restricted_commons(a, b) >> value & 1:
                    a_cells = [c for c in a.cells if position.has(c, value)]
                    b_cells = [c for c in b.cells if position.has(c, value)]
                    assert all(y in peers[x] for x in a_cells for y in b_cells)


def first_steps(slug: str) -> list[tuple[str, Step]]:
    """The first instance `slug`'s finder finds in each of HoDoKu's cases of it, with the
    case's line, for the first 8 cases where it finds one."""
    found = []
    for case in read_cases():
        if CODES.get(case.code) == slug and len(found) < 8:
            step = next(BY_SLUG[slug](case.position), None)
            if step is not None:
                found.append((case.line, step))
    return found


def unsaid(step: Step) -> list[str]:
    """What the sentence of `step` leaves out: a cell changed or in the pattern, a value,
    or the word saying what goes."""
    text = sentence(standard_geometry(SHAPES[9]), step)
    named = set(re.findall(r"r\d+c\d+", text))
    cells = {f"r{c // 9 + 1}c{c % 9 + 1}" for c, _ in (*step.eliminations, *step.cells)}
    return [
        *sorted(cells - named),
        *(str(value) for value in step.digits if str(value) not in text),
        *([] if "remove " in text else ["remove"]),
    ]


# The cases are read and their steps found when the test runs, not at collection, which
# every worker of a run would pay for.
@pytest.mark.parametrize("slug", SLUGS)
def test_sentences_name_every_cell_changed_and_the_values(slug: str):
    steps = first_steps(slug)
    assert [(line, missing) for line, step in steps if (missing := unsaid(step))] == []


@pytest.mark.parametrize(
    ("slug", "difficulty"),
    [("sue-de-coq", 5.0), ("als-xz", 7.5), ("als-xy-wing", 8.0), ("death-blossom", 8.5)],
)
def test_difficulties(slug, difficulty):
    for case in read_cases():
        if CODES.get(case.code) == slug:
            step = next(BY_SLUG[slug](case.position))
            assert step.difficulty == difficulty
            return
    pytest.fail(f"no case for {slug}")


def test_chains_grow_harder_with_length():
    seen = set()
    for case in read_cases():
        if CODES.get(case.code) == "als-chain":
            for step in BY_SLUG["als-chain"](case.position):
                assert len(step.units) >= 4
                assert step.difficulty == round(8.1 + 0.1 * (len(step.units) - 4), 1)
                seen.add(len(step.units))
    assert {4, 5} <= seen
