"""Sum-aware narrowing of a Killer's cages in the search (webapp/sudoku/cage_sums.py): it
drops a way of making a cage's sum whose digit no cell can take, and the digits no live way
holds, never an option of a solution, so the 9x9 Killers are decided in the search."""

from __future__ import annotations

from pathlib import Path

import pytest

from webapp.cli.timing import read_puzzles
from webapp.sudoku import SOLVED, Puzzle, Rules, parse, solve
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.cages import Cage
from webapp.sudoku.result import SEARCH
from webapp.sudoku.solver import initial_state

VARIANTS = Path(__file__).parent / "data" / "variants"


def _killers(name: str) -> list[Puzzle]:
    with (VARIANTS / name).open(encoding="utf-8") as stream:
        return read_puzzles(stream)[0]


def _ten_beside_a_nine() -> Puzzle:
    """r1c1-r1c2 adding up to 10, with a 9 given in r1c9: no cell of the cage can be 9."""
    rules = Rules.from_letters("", cages=(Cage((0, 1), 10),), cage_size=9)
    return Puzzle(parse("." * 8 + "9" + "." * 72), rules)


def _alive(puzzle: Puzzle, cell: int, digit: int) -> bool:
    """Whether `digit` is still an option of `cell` once the root has been narrowed."""
    board = bitboard_for(puzzle.geometry)
    assert board.cage_sums is not None
    alive = board.cage_sums.narrowed(initial_state(board, puzzle.grid)[0])
    return bool(alive >> board.bits[cell * board.n + digit - 1][0] & 1)


def test_a_digit_whose_only_way_needs_a_digit_no_cell_can_take_goes() -> None:
    # 1 + 9 is the only way a 1 makes 10, and the row's 9 rules it out.
    assert not _alive(_ten_beside_a_nine(), 0, 1)


def test_a_digit_of_a_way_still_open_stays() -> None:
    assert _alive(_ten_beside_a_nine(), 1, 2)


@pytest.mark.parametrize("name", ["killer_9x9_medium.txt", "killer_9x9_hard.txt"])
def test_the_narrowing_keeps_every_option_of_the_solution(name) -> None:
    lost = []
    for puzzle in _killers(name):
        (solution,) = solve(puzzle).solutions
        board = bitboard_for(puzzle.geometry)
        assert board.cage_sums is not None
        alive = board.cage_sums.narrowed(initial_state(board, puzzle.grid)[0])
        lost += [
            cell
            for cell, value in enumerate(solution.cells)
            if not alive >> board.bits[cell * 9 + value - 1][0] & 1
        ]
    assert lost == []


def test_the_medium_killers_are_decided_in_the_search() -> None:
    # Before the narrowing, 10 of the 30 went to the SAT solver after KILLER_HANDOVER nodes.
    engines = {solve(puzzle).engine for puzzle in _killers("killer_9x9_medium.txt")}
    assert engines == {SEARCH}


def test_the_medium_killers_still_have_one_solution() -> None:
    statuses = {solve(puzzle).status for puzzle in _killers("killer_9x9_medium.txt")}
    assert statuses == {SOLVED}
