"""The registry of rule kinds (webapp/sudoku/rulebook.py): the tables of rules elsewhere in
the engine are read off it, so a kind is named once."""

from __future__ import annotations

import pytest

from webapp.sudoku.geometry import EXTRA_UNITS
from webapp.sudoku.rulebook import RULE_KINDS
from webapp.sudoku.shape import SHAPES
from webapp.sudoku.variants import rules_named

UNIT_KINDS = [kind for kind in RULE_KINDS.values() if kind.units is not None]


def test_every_kind_of_unit_in_the_geometry_is_a_registry_entry() -> None:
    assert list(EXTRA_UNITS) == [kind.letter for kind in UNIT_KINDS]


@pytest.mark.parametrize("kind", UNIT_KINDS, ids=lambda kind: kind.letter)
def test_the_geometry_builds_a_kinds_units_with_the_registrys_builder(kind) -> None:
    assert EXTRA_UNITS[kind.letter].units is kind.units


@pytest.mark.parametrize(
    ("word", "letter"),
    [(word, kind.letter) for kind in RULE_KINDS.values() for word in kind.words],
)
def test_every_word_of_a_kind_names_its_letter_in_a_variant(word, letter) -> None:
    assert rules_named(word, None, SHAPES[9]).extras == (letter,)


def test_the_registry_gives_each_word_to_one_kind() -> None:
    words = [word for kind in RULE_KINDS.values() for word in kind.words]
    assert len(words) == len(set(words))
