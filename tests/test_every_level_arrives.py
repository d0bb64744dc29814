"""Every level the new-puzzle form offers for a 9x9 of each variant it makes arrives (issue 37):
one order of each, from a fixed seed, generated and rated in its level."""

from __future__ import annotations

import pytest

from webapp.sudoku.generator import GenerationStatus, generate
from webapp.sudoku.generator.generate import variant_levels, variants
from webapp.sudoku.logic.levels import level_of

# The clock is only a safety net here, so it is generous.
SECONDS = 600
ORDERS = [(level, variant) for variant in variants() for level in variant_levels(variant)]


@pytest.mark.parametrize(("level", "variant"), ORDERS)
def test_the_level_arrives(variant, level):
    made = generate(9, level, seed=1, seconds=SECONDS, variant=variant)
    assert made.status == GenerationStatus.GENERATED and level_of(made.rating) == level
