"""Chains and loops: x-chains, xy-chains, remote pairs, nice loops and AICs, plain and grouped.

HoDoKu's regression library says what each chain must remove; a chain finder
may find more instances than the one HoDoKu names, each sound, so a case
passes when the instances of its technique together remove at least what it
says. Soundness is checked over real positions, every instance of every finder.
"""

from __future__ import annotations

import pytest

from webapp.explanations import sentence
from webapp.explanations.words import cell_name
from webapp.sudoku import parse, solve
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import BY_SLUG, Position, Step
from webapp.sudoku.logic.chain_graph import build_graph
from webapp.sudoku.logic.chains import TECHNIQUES, difficulty
from webapp.sudoku.logic.position import bits_of
from webapp.sudoku.puzzle import Puzzle

from positions import easy_steps_taken, stuck_positions, wrong_moves
from puzzles import data_lines
from reglib import cases, check, read_cases

CODES = {
    "0701": "x-chain",
    "0702": "xy-chain",
    "0703": "remote-pair",
    "0706": "nice-loop",
    "0707": "nice-loop",
    "0708": "aic",
    "0709": "grouped-nice-loop",
    "0710": "grouped-nice-loop",
    "0711": "grouped-aic",
}
SLUGS = [slug for slug, _, _ in TECHNIQUES]

DEVIATIONS = {
    875: (
        "HoDoKu's continuous loop through an ALS also removes r9c1's 2; the loops this"
        " breadth-first search finds (shortest chains only) close elsewhere, and a"
        " continuous loop through an ALS is only credited with its weak links' removals"
        " (not the set's locked values)"
    ),
}


def _every_instance(step: Step) -> bool:
    """A chain case is about every instance: HoDoKu's digits are what it removes."""
    return True


@pytest.mark.parametrize("case", cases(CODES, DEVIATIONS))
def test_hodoku_regression_case(case):
    slug = CODES[case.code]
    check(case, BY_SLUG[slug], slug, about=_every_instance, exact=False)


def test_every_code_has_cases():
    counts = {code: 0 for code in CODES}
    for case in read_cases():
        if case.code in counts:
            counts[case.code] += 1
    assert all(counts.values()), counts


@pytest.mark.parametrize("slug", SLUGS)
def test_no_instance_removes_an_answer_value(slug):
    found = 0
    # the grouped finders find the most (with almost locked sets): fewer positions for them
    every = 15 if slug.startswith("grouped") else 8
    for position, answer in stuck_positions()[::every]:
        steps = list(BY_SLUG[slug](position))
        found += len(steps)
        assert wrong_moves(position, answer, steps) == []
    assert found > 0


def sixteen_by_sixteen() -> tuple[Position, object]:
    """A 16x16 puzzle after hidden singles, with its answer."""
    grid = parse(data_lines("engine_16x16_answers.txt")[0][0])
    answer = solve(Puzzle(grid)).solution
    return easy_steps_taken(Position.from_puzzle(Puzzle(grid), unique=True), 1.5), answer


@pytest.mark.parametrize("slug", ["x-chain", "aic", "nice-loop", "grouped-aic"])
def test_chains_fire_soundly_on_a_16x16_grid(slug):
    position, answer = sixteen_by_sixteen()
    steps = list(BY_SLUG[slug](position))
    assert steps
    assert wrong_moves(position, answer, steps) == []


def test_links_hold():
    """Every strong link is a unit's last two places or a cell's last two values."""
    position = stuck_positions()[0][0]
    graph = build_graph(position, groups=True)
    for number, node in enumerate(graph.nodes):
        for other in bits_of(graph.strong[number]):
            partner = graph.nodes[other]
            if partner.cells == node.cells:
                assert position.candidates[node.cells[0]].bit_count() == 2
                continue
            assert partner.value == node.value
            cells = set(node.cells) | set(partner.cells)
            assert any(
                set(position.places(unit, node.value)) == cells for unit in position.geometry.units
            )


@pytest.mark.parametrize(
    ("slug", "length", "rating"),
    [("x-chain", 4, 6.5), ("x-chain", 6, 6.6), ("xy-chain", 8, 6.8), ("aic", 10, 7.3)],
)
def test_difficulty_grows_with_length(slug, length, rating):
    assert difficulty(slug, length) == rating


def _first_steps() -> list:
    """For each slug, the first step it finds in the library's cases of it."""
    found = []
    for slug in SLUGS:
        codes = [code for code, named in CODES.items() if named == slug]
        for case in read_cases():
            step = next(BY_SLUG[slug](case.position), None) if case.code in codes else None
            if step is not None:
                found.append(pytest.param(step, id=slug))
                break
    return found


@pytest.mark.parametrize("step", _first_steps())
def test_sentence_walks_the_chain_and_names_every_cell_changed(step):
    shape = parse("." * 81).shape
    text = sentence(standard_geometry(shape), step)
    for cell, _ in step.eliminations:
        assert cell_name(shape, cell) in text, text
    for cells, _, _ in step.inferences:
        assert all(cell_name(shape, cell) in text for cell in cells), text
    assert "if " in text and " so " in text
    assert not text.startswith(step.technique)
