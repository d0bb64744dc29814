"""Step sentences: each technique worded the way the issue and a teacher would say it."""

from __future__ import annotations

from functools import cache
from itertools import islice

import pytest

from webapp.explanations import SENTENCES, UnknownTechnique, cell_name, level_of, sentence
from webapp.sudoku import SHAPES, parse, standard_geometry
from webapp.sudoku.logic import BY_SLUG, Position, Step
from webapp.sudoku.logic.step import BASE, TARGET
from webapp.sudoku.logic.techniques import CAGE_TECHNIQUES, LISTED, ONLY_WHERE
from webapp.sudoku.puzzle import Puzzle

from puzzles import data_lines

NINE = SHAPES[9]


def cell(row: int, col: int) -> int:
    """The 0-based cell of a 1-based row and column of a 9x9 grid."""
    return (row - 1) * 9 + col - 1


@pytest.mark.parametrize(
    ("step", "text"),
    [
        (
            Step(
                "hidden-single",
                1.2,
                (7,),
                ((cell(5, 6), TARGET),),
                (("box", 5),),
                placements=((cell(5, 6), 7),),
            ),
            "r5c6 must be 7: it is the only place for 7 in box 5",
        ),
        (
            Step(
                "full-house",
                1.0,
                (4,),
                ((cell(1, 9), TARGET),),
                (("row", 1),),
                placements=((cell(1, 9), 4),),
            ),
            "r1c9 is 4: it is the last empty cell of row 1",
        ),
        (
            Step(
                "naked-single",
                2.3,
                (2,),
                ((cell(3, 3), TARGET),),
                (),
                placements=((cell(3, 3), 2),),
            ),
            "r3c3 must be 2: no other value is left for it",
        ),
        (
            Step(
                "pointing",
                2.6,
                (3,),
                (
                    (cell(6, 1), BASE),
                    (cell(6, 2), BASE),
                    (cell(6, 7), TARGET),
                    (cell(6, 9), TARGET),
                ),
                (("box", 4), ("row", 6)),
                eliminations=((cell(6, 7), 3), (cell(6, 9), 3)),
            ),
            "Pointing: in box 4 the 3s are all in row 6, so 3 can go nowhere else in row 6:"
            " remove 3 from r6c7 and r6c9",
        ),
        (
            Step(
                "naked-pair",
                3.0,
                (3, 7),
                ((cell(1, 2), BASE), (cell(1, 5), BASE), (cell(1, 7), TARGET)),
                (("row", 1),),
                eliminations=((cell(1, 7), 3), (cell(1, 7), 7), (cell(1, 8), 7)),
            ),
            "Naked pair: r1c2 and r1c5 can only be 3 or 7, so no other cell of row 1 can:"
            " remove 3 from r1c7, and 7 from r1c7 and r1c8",
        ),
        (
            Step(
                "hidden-pair",
                3.4,
                (3, 7),
                ((cell(1, 2), BASE), (cell(1, 5), BASE)),
                (("row", 1),),
                eliminations=((cell(1, 2), 1), (cell(1, 5), 9)),
            ),
            "Hidden pair: in row 1, 3 and 7 fit only r1c2 and r1c5, so those cells hold"
            " nothing else: remove 1 from r1c2, and 9 from r1c5",
        ),
        (
            Step(
                "x-wing",
                3.2,
                (4,),
                (
                    (cell(2, 3), BASE),
                    (cell(2, 8), BASE),
                    (cell(7, 3), BASE),
                    (cell(7, 8), BASE),
                    (cell(5, 3), TARGET),
                ),
                (("row", 2), ("row", 7), ("column", 3), ("column", 8)),
                eliminations=((cell(5, 3), 4),),
            ),
            "X-wing on 4: in rows 2 and 7 the 4s are all in columns 3 and 8, so 4 can go"
            " nowhere else in those columns: remove 4 from r5c3",
        ),
        (
            Step(
                "xy-wing",
                4.2,
                (1, 6, 9),
                (
                    (cell(2, 3), "pivot"),
                    (cell(2, 7), "pincer"),
                    (cell(5, 3), "pincer"),
                    (cell(5, 7), TARGET),
                ),
                (),
                eliminations=((cell(5, 7), 9),),
            ),
            "XY-wing: whether r2c3 is 1 or 6, one of r2c7 and r5c3 must be 9: remove 9 from r5c7",
        ),
        (
            Step(
                "w-wing",
                4.4,
                (1, 4),
                (
                    (cell(1, 1), "pincer"),
                    (cell(9, 9), "pincer"),
                    (cell(1, 5), "link"),
                    (cell(9, 5), "link"),
                    (cell(1, 9), TARGET),
                ),
                (("column", 5),),
                eliminations=((cell(1, 9), 4),),
            ),
            "W-wing: r1c1 and r9c9 are each 1 or 4, and the 1 of column 5 is in r1c5 or r9c5,"
            " one seeing each; so one of r1c1 and r9c9 must be 4: remove 4 from r1c9",
        ),
    ],
    ids=lambda value: value.technique if isinstance(value, Step) else "",
)
def test_sentences(step, text):
    assert sentence(standard_geometry(NINE), step) == text


def test_symbols_past_nine_are_letters():
    step = Step("naked-single", 2.3, (10,), ((0, TARGET),), (), placements=((0, 10),))
    assert (
        sentence(standard_geometry(SHAPES[16]), step)
        == "r1c1 must be A: no other value is left for it"
    )


@pytest.mark.parametrize(
    ("rating", "level"),
    [
        (1.0, "easy"),
        (1.5, "easy"),
        (2.3, "medium"),
        (2.8, "medium"),
        (3.2, "hard"),
        (4.0, "hard"),
        (5.4, "expert"),
        (6.6, "extreme"),
        (11.9, "extreme"),
    ],
)
def test_levels_are_five_bands_of_the_rating(rating, level):
    assert level_of(rating) == level


@cache
def hodoku_positions() -> tuple[Position, ...]:
    """The position of every tenth case in HoDoKu's regression library (each from a puzzle
    with one solution, so uniqueness techniques may use it)."""
    cases = data_lines("hodoku_reglib_1.3.txt", sep=":")[::10]
    return tuple(
        Position.from_puzzle(Puzzle(parse(fields[3].replace("+", ""))), unique=True).eliminate(
            ((int(c[1]) - 1) * 9 + int(c[2]) - 1, int(c[0])) for c in fields[4].split()
        )
        for fields in cases
    )


# Steps worded of each technique before its test stops: the chains' and nets' finders take
# seconds a position, and the positions past the first few word nothing new.
WORDED_ENOUGH = 12


# Techniques only some geometries have (a Jigsaw's leftovers, a Killer's cages) find nothing
# in HoDoKu's classic positions: test_variant_logic.py and test_killer_logic.py word theirs.
@pytest.mark.parametrize(
    "slug",
    [
        slug
        for slug in BY_SLUG
        if slug not in ONLY_WHERE or ONLY_WHERE[slug](standard_geometry(NINE))
    ],
)
def test_every_step_found_is_worded_naming_every_cell_it_changes(slug):
    worded = 0
    for position in hodoku_positions():
        if worded >= WORDED_ENOUGH:
            break
        for step in islice(BY_SLUG[slug](position), 3):
            text = sentence(standard_geometry(NINE), step)
            for cell, _ in step.eliminations + step.placements:
                assert cell_name(NINE, cell) in text, text
            assert not text.startswith(slug)  # a sentence of its own, not the fallback
            worded += 1
    assert worded > 0


# Every slug the engine can put on a step: its ordered table, the techniques asked by name
# only, and those that only some geometries (Killers, Jigsaws) use.
ENGINE_SLUGS = sorted(
    {slug for slug, _, _ in LISTED} | set(BY_SLUG) | set(ONLY_WHERE) | set(CAGE_TECHNIQUES)
)


@pytest.mark.parametrize("slug", ENGINE_SLUGS)
def test_every_technique_of_the_engine_has_its_sentence(slug: str) -> None:
    assert slug in SENTENCES


def test_a_step_of_an_unknown_technique_is_an_error_not_a_guess() -> None:
    step = Step("made-up-technique", 1.0, (3,), ((0, TARGET),), (), eliminations=((0, 3),))
    with pytest.raises(UnknownTechnique, match="made-up-technique"):
        sentence(standard_geometry(NINE), step)
