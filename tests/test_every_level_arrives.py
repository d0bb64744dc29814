"""Every level the new-puzzle form offers for a 9x9 of each variant it makes arrives (issue 37):
one order of each, from a fixed seed, generated and rated in its level."""

from __future__ import annotations

import pytest
from made_variants import GROUP, made

from webapp.sudoku.generator import GenerationStatus
from webapp.sudoku.generator.generate import variant_levels, variants
from webapp.sudoku.logic.levels import level_of

# One worker runs the file with tests/test_rule_generation.py, which reads the same puzzles of
# seed 1: each is made once a run (tests/made_variants.py).
pytestmark = pytest.mark.xdist_group(GROUP)
ORDERS = [(level, variant) for variant in variants() for level in variant_levels(variant)]


@pytest.mark.parametrize(("level", "variant"), ORDERS)
def test_the_level_arrives(variant, level):
    generated = made(variant, level, 1)
    assert generated.status == GenerationStatus.GENERATED and level_of(generated.rating) == level
