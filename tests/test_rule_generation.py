"""The generator reads the registry (issue 42): the variants it makes are the rule kinds the
registry says it makes, plus a Jigsaw and a Killer, and /new and `sudoku generate --variant`
offer what it says; and the rule kinds' puzzles it makes are unique under their rule,
rated in their level and the same for the same seed."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from webapp.sudoku.rulebook import RULE_KINDS, RuleKind, pairs_apart
from webapp.sudoku.shape import Shape


def zebra_pairs(shape: Shape) -> tuple[tuple[int, int], ...]:
    """Every pair of cells a zebra's leap apart (two and three squares)."""
    return pairs_apart(shape, ((2, 3), (3, 2), (2, -3), (3, -2)))


@pytest.fixture
def anti_zebra(monkeypatch):
    """The anti-zebra rule, registered for the test alone and flagged as generated."""
    kind = RuleKind(
        "z",
        "Anti-Zebra",
        ("anti-zebra",),
        pairs=zebra_pairs,
        uniqueness_sound=False,
        generated=True,
        rule="Anti-zebra: cells a zebra's leap apart never hold the same digit.",
    )
    monkeypatch.setitem(RULE_KINDS, "z", kind)


def test_a_generated_kind_is_on_the_new_puzzle_form(client, anti_zebra) -> None:
    assert '<option value="anti-zebra">' in client.get("/new").text


def test_a_generated_kind_is_a_choice_of_the_cli(sudoku, anti_zebra) -> None:
    argv = ("--variant", "anti-zebra", "--size", "4", "--level", "easy", "--seed", "2")
    code, out = sudoku("generate", *argv)
    assert code == 0 and out.strip().endswith("-z")


def test_a_kind_not_generated_is_not_on_the_form(client, monkeypatch) -> None:
    x_not_generated = dataclasses.replace(RULE_KINDS["x"], generated=False)
    monkeypatch.setitem(RULE_KINDS, "x", x_not_generated)
    assert '<option value="x">' not in client.get("/new").text


def test_the_generators_own_table_of_variants_is_gone() -> None:
    assert not hasattr(importlib.import_module("webapp.sudoku.generator.generate"), "VARIANTS")
