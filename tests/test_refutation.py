"""Why a wrong value is wrong: the dead end that assuming it reaches (refutation.py).

Over stuck positions of rated puzzles (half of them disguised), every candidate that is
not the answer's value is assumed: a refutation, when there is one, removes exactly that
candidate, its chain replays as singles (or, for a net, as what its branch followed) from
the assumption to a dead end, and never touches the answer's values. Most wrong
candidates in these positions have one.
"""

from __future__ import annotations

import pytest

from webapp.explanations import sentence
from webapp.explanations.forcing import refutation_sentence
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import Position
from webapp.sudoku.logic.refutation import refutation
from webapp.sudoku.logic.work import work_limit

from positions import is_dead, replay, stuck_positions


def wrong_candidates(position: Position, answer) -> list[tuple[int, int]]:
    return [
        (cell, value)
        for cell, mask in enumerate(position.candidates)
        for value in range(1, position.size + 1)
        if mask >> value & 1 and answer.cells[cell] != value
    ]


@pytest.mark.parametrize("number", range(0, 60, 4))
def test_a_refutation_removes_only_the_wrong_value_by_a_dead_end(number):
    position, answer = stuck_positions()[number]
    refuted = 0
    wrong = wrong_candidates(position, answer)
    for cell, value in wrong:
        with work_limit():
            step = refutation(position, cell, value)
        if step is None:
            continue
        refuted += 1
        assert step.eliminations == ((cell, value),)
        assert not step.placements
        assert step.chain[0] == (cell, value)
        assert step.contradiction
        words = sentence(position.geometry, step)
        assert words.startswith("Forcing ")
        if step.cells[0][1] == "contradiction-chain":
            assert is_dead(replay(position, step.chain))
    assert refuted >= 0.8 * len(wrong)


def test_the_answer_s_own_value_is_never_refuted():
    for position, answer in stuck_positions()[:20]:
        for cell, mask in enumerate(position.candidates):
            if mask:
                with work_limit():
                    assert refutation(position, cell, answer.cells[cell]) is None


def test_a_value_a_peer_holds_has_no_refutation_to_show():
    position, answer = stuck_positions()[0]
    cell = next(c for c, v in enumerate(position.values) if not v)
    peer_value = next(
        position.values[p] for p in position.geometry.peers[cell] if position.values[p]
    )
    with work_limit():
        assert refutation(position, cell, peer_value) is None


def test_the_refutation_says_what_follows_and_that_the_value_cannot_stand():
    position, answer = stuck_positions()[0]
    shape = position.geometry.shape
    for cell, value in wrong_candidates(position, answer)[:40]:
        with work_limit():
            step = refutation(position, cell, value)
        if step is None:
            continue
        said = refutation_sentence(standard_geometry(shape), step)
        place = f"r{cell // 9 + 1}c{cell % 9 + 1}"
        assert said.startswith(f"If {place} were {value},")
        assert said.endswith(f"; so {place} cannot be {value}.")
        assert "would have no" in said
        assert all(f"r{c // 9 + 1}c{c % 9 + 1} {v}" in said for c, v in step.chain[1:] if v > 0)
