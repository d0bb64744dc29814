"""The generator's 9x9 puzzles of each variant, made once a process for every test that reads
them: tests/test_every_level_arrives.py and tests/test_rule_generation.py ask the same orders
(seed 1 of each rule kind's levels), and a hard non-consecutive puzzle takes seconds to make.
The two files are one xdist group, so that one worker makes each order once a run."""

from __future__ import annotations

import functools

from webapp.sudoku.generator import Generated, generate

# The xdist group of the files that share the puzzles made here.
GROUP = "rule-generation"
# The clock is only a safety net here, so it is generous: the same order gives the same
# puzzle whatever the seconds (budgets count work).
SECONDS = 600


@functools.cache
def made(variant: str, level: str, seed: int) -> Generated:
    """The generator's 9x9 puzzle of `variant` at `level` from `seed` (made once a process)."""
    return generate(9, level, seed=seed, seconds=SECONDS, variant=variant)
