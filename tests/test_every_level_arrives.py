"""Every level the new-puzzle form offers for a 9x9 of each variant it makes arrives (issue 37):
one order of each, from a fixed seed, generated and rated in its level."""

from __future__ import annotations

import pytest

from webapp.sudoku.generator import LEVEL_NAMES, GenerationStatus, generate
from webapp.sudoku.generator.generate import VARIANTS
from webapp.sudoku.logic.levels import level_of

# The clock is only a safety net here, so it is generous.
SECONDS = 600
# A Killer at expert or extreme is not yet made in seconds (issue 37 is open on it: expert
# took 379 s of one CI run for this seed, extreme 57 s): `sudoku generate --bench` measures
# them (docs/benchmarks.md) until they come within the request's seconds, when they join here.
NOT_YET = {("expert", "killer"), ("extreme", "killer")}
ORDERS = [
    (level, variant)
    for variant in VARIANTS
    for level in LEVEL_NAMES
    if (level, variant) not in NOT_YET
]


@pytest.mark.parametrize(("level", "variant"), ORDERS)
def test_the_level_arrives(variant, level):
    made = generate(9, level, seed=1, seconds=SECONDS, variant=variant)
    assert made.status == GenerationStatus.GENERATED and level_of(made.rating) == level
