"""Colouring (simple and multi colours) and empty rectangles: HoDoKu's cases, soundness, words.

HoDoKu's cases give the exact eliminations of each technique; the soundness
tests run every instance (not just the first) over positions from real puzzles
and over 12x12 and 16x16 grids with their answers known, and no instance may
remove the answer's value. Each step's sentence names every cell it changes.
"""

from __future__ import annotations

import re

import pytest

from webapp.explanations import cell_name, sentence
from webapp.sudoku import SHAPES
from webapp.sudoku.geometry import geometry_of, standard_geometry
from webapp.sudoku.logic import BY_SLUG, Step
from webapp.sudoku.logic.coloring import clusters
from webapp.sudoku.logic.step import TARGET

from positions import blanked, stuck_positions, wrong_moves
from reglib import cases, check

SLUGS = ("simple-colors", "multi-colors", "empty-rectangle")


def removes_a_whole_color(step: Step) -> bool:
    """True for a multi-colours step that rules out a colour (HoDoKu's Multi-Colors 2)."""
    color = {cell for cell, role in step.cells if role == "color-a"}
    return {cell for cell, _ in step.eliminations} == color


def on_digits(case, step: Step) -> bool:
    """True when the step is on the case's digits."""
    return set(step.digits) == case.digits


@pytest.mark.parametrize("case", cases({"0500": "simple-colors", "0501": "simple-colors"}))
def test_hodoku_simple_colors(case):
    # trap and wrap are one technique here: on a wrapped cluster only the wrap is a step
    check(case, BY_SLUG["simple-colors"], "simple-colors")


@pytest.mark.parametrize("case", cases({"0502": "multi-colors", "0503": "multi-colors"}))
def test_hodoku_multi_colors(case):
    # HoDoKu's type 1 (0502): two colours see each other; type 2 (0503): a colour sees
    # both colours of the other cluster. One technique here, told apart by what it removes.
    whole = case.code == "0503"
    check(
        case,
        BY_SLUG["multi-colors"],
        "multi-colors",
        about=lambda step: on_digits(case, step) and removes_a_whole_color(step) == whole,
    )


# For each technique, big grids where it fires (found by trying seeds).
BIG_GRIDS = {
    "simple-colors": [(12, 0.6, 14), (16, 0.55, 0)],
    "multi-colors": [(12, 0.6, 11), (16, 0.55, 2)],
    "empty-rectangle": [(12, 0.6, 10), (16, 0.55, 0)],
}


@pytest.mark.parametrize("slug", SLUGS)
def test_no_instance_removes_an_answer_value(slug):
    finder, checked = BY_SLUG[slug], 0
    for position, answer in stuck_positions():
        steps = list(finder(position))
        assert wrong_moves(position, answer, steps) == []
        checked += len(steps)
    assert checked > 20  # the positions do exercise the finder


@pytest.mark.parametrize(
    ("slug", "size", "fraction", "seed"),
    [(slug, *grid) for slug, grids in BIG_GRIDS.items() for grid in grids],
)
def test_big_grids_get_them_too(slug, size, fraction, seed):
    position, answer = blanked(size, fraction, seed)
    steps = list(BY_SLUG[slug](position))
    assert steps
    assert wrong_moves(position, answer, steps) == []
    for step in steps:
        text = sentence(standard_geometry(SHAPES[size]), step)
        assert all(cell_name(SHAPES[size], cell) in text for cell, _ in step.eliminations)


def test_clusters_alternate_colours_along_strong_links():
    position, _ = stuck_positions()[0]
    for value in range(1, 10):
        for cluster in clusters(position, value):
            first, second = map(set, cluster.colors)
            assert first and second and not first & second
            for unit in position.geometry.units:
                places = set(position.places(unit, value))
                if len(places) == 2 and places <= first | second:
                    # a strong link joins the two colours, never one colour to itself
                    assert len(places & first) == 1 and len(places & second) == 1


@pytest.mark.parametrize("slug", SLUGS)
def test_every_sentence_names_every_cell_changed_and_why(slug):
    worded = 0
    nine = SHAPES[9]
    for position, _ in stuck_positions()[:40]:
        for step in BY_SLUG[slug](position):
            text = sentence(standard_geometry(nine), step)
            for cell, _ in step.eliminations:
                assert cell_name(nine, cell) in text, text
            assert text.startswith(("Simple colours", "Multi colours", "Empty rectangle"))
            assert ": remove " in text
            worded += 1
    assert worded > 5


# A 4x4 Jigsaw whose first region is not the classic box: r1c1 and r2c2 share a classic box
# but no row, column or region, so they do not see each other here.
#   0 0 0 1
#   0 2 1 1
#   2 2 1 3
#   2 3 3 3
JIGSAW_REGIONS = (0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 1, 3, 2, 3, 3, 3)


def test_a_wrap_in_a_jigsaw_says_only_cells_that_see_each_other_in_the_puzzle_see():
    geometry = geometry_of(SHAPES[4], regions=JIGSAW_REGIONS)
    r1c1, r1c3, r2c2 = 0, 2, 5
    wrapped = (r1c1, r2c2, r1c3)  # colour A, which sees itself in row 1
    step = Step(
        "simple-colors",
        4.0,
        (1,),
        tuple((cell, "color-a") for cell in wrapped) + tuple((cell, TARGET) for cell in wrapped),
        (("row", 1),),
        eliminations=tuple((cell, 1) for cell in wrapped),
    )
    said = re.search(r"(r\dc\d) sees (r\dc\d)", sentence(geometry, step))
    assert said is not None and said.groups() == ("r1c1", "r1c3")
