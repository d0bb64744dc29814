"""Searches remembered as fruitless: only a search that ran to the end and found nothing is
skipped later, and skipping never changes a path."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from webapp.sudoku import parse
from webapp.sudoku.logic import Position, Step, find_path, memo, next_step
from webapp.sudoku.logic.memo import FRUITLESS, Fruitless
from webapp.sudoku.logic.work import OutOfWork
from webapp.sudoku.puzzle import Puzzle

from puzzles import NORVIG_EASY, data_lines


def a_step() -> Step:
    step = next_step(Position.from_puzzle(Puzzle(parse(NORVIG_EASY))))
    assert step is not None
    return step


def search(started: list[str], steps: list[Step], fail: bool = False) -> Iterator[Step]:
    """A search that notes when it starts, yields `steps`, and may run out of work."""
    started.append("started")
    yield from steps
    if fail:
        raise OutOfWork


def test_a_search_that_found_nothing_is_not_run_again():
    memo, started = Fruitless(), []
    assert list(memo.search("key", search(started, []))) == []
    assert list(memo.search("key", search(started, []))) == []
    assert started == ["started"]
    assert list(memo.search("other key", search(started, []))) == []
    assert started == ["started", "started"]


def test_a_search_that_found_a_step_is_run_again():
    memo, started, step = Fruitless(), [], a_step()
    assert list(memo.search("key", search(started, [step]))) == [step]
    assert list(memo.search("key", search(started, [step]))) == [step]
    assert started == ["started", "started"]


def test_while_forgetting_every_search_runs_and_what_was_known_comes_back_after():
    memo, started = Fruitless(), []
    list(memo.search("known", search(started, [])))
    with memo.forgetting():
        for key in ("known", "new", "new"):
            list(memo.search(key, search(started, [])))
    list(memo.search("known", search(started, [])))  # known again: not run
    list(memo.search("new", search(started, [])))  # never remembered: run
    assert len(started) == 5


def test_a_search_stopped_by_the_budget_is_not_remembered():
    memo, started = Fruitless(), []
    with pytest.raises(OutOfWork):
        list(memo.search("key", search(started, [], fail=True)))
    assert list(memo.search("key", search(started, []))) == []
    assert started == ["started", "started"]


def test_the_oldest_keys_go_first_past_the_limit():
    memo, started = Fruitless(limit=2), []
    for key in ("a", "b", "c"):
        list(memo.search(key, search(started, [])))
    list(memo.search("c", search(started, [])))  # kept: not run
    list(memo.search("a", search(started, [])))  # dropped: run again
    assert len(started) == 4


def befores(position: Position, fruitless: Fruitless) -> dict[int, int | None]:
    """What `each_value_since` hands a search that finds nothing, value by value."""
    seen: dict[int, int | None] = {}

    def nothing(position: Position, value: int, before: int | None) -> Iterator[Step]:
        seen[value] = before
        yield from ()

    assert list(memo.each_value_since("test", position, nothing, fruitless)) == []
    return seen


def test_a_later_search_gets_the_places_it_found_nothing_in():
    # a value's places at the last fruitless search are handed on while they only shrink
    fruitless, start = Fruitless(), Position.from_puzzle(Puzzle(parse(NORVIG_EASY)))
    assert set(befores(start, fruitless).values()) == {None}
    cell = next(cell for cell, mask in enumerate(start.candidates) if mask >> 4 & 1)
    fewer = start.eliminate([(cell, 4)])
    seen = befores(fewer, fruitless)
    assert seen == {4: start.value_cells[4]}  # the other values' keys are known: not run
    # a candidate back (not a shrinking of the last fruitless places): nothing handed on
    fruitless = Fruitless()
    befores(fewer, fruitless)
    assert befores(start, fruitless) == {4: None}


def test_a_later_search_with_a_placed_cell_gone_gets_nothing():
    fruitless, start = Fruitless(), Position.from_puzzle(Puzzle(parse(NORVIG_EASY)))
    placed = start.placed_cells[3].bit_length() - 1  # a given 3
    values = list(start.values)
    values[placed] = 0
    unplaced = Position(start.puzzle, tuple(values), start.candidates, False)
    befores(start, fruitless)
    assert befores(unplaced, fruitless) == {3: None}


def changes(position: Position, fruitless: Fruitless) -> list[int | None]:
    """What `since_position` hands a search that finds nothing."""
    seen: list[int | None] = []

    def nothing(position: Position, changed: int | None) -> Iterator[Step]:
        seen.append(changed)
        yield from ()

    assert list(memo.since_position("test", position, nothing, fruitless)) == []
    return seen


def test_a_later_position_gets_the_cells_changed_since_one_that_gave_nothing():
    fruitless, start = Fruitless(), Position.from_puzzle(Puzzle(parse(NORVIG_EASY)))
    assert changes(start, fruitless) == [None]
    cell = next(cell for cell, mask in enumerate(start.candidates) if mask >> 4 & 1)
    fewer = start.eliminate([(cell, 4)])
    assert changes(fewer, fruitless) == [1 << cell]
    placed = fewer.place([(cell, fewer.candidates[cell].bit_length() - 1)])
    changed = changes(placed, fruitless)[0]
    assert changed is not None and changed >> cell & 1  # the cell and its peers that lost it
    # a candidate back since the last position that gave nothing: nothing handed on
    assert changes(fewer, fruitless) == [None]


def expert_puzzles() -> list[str]:
    return [fields[0] for fields in data_lines("qqwing_graded_sample.txt") if fields[1] == "expert"]


@pytest.mark.parametrize("puzzle", expert_puzzles()[:16])
def test_a_path_is_the_same_with_nothing_remembered(puzzle):
    # Within a path, a search is skipped at a later position whose value (or unit) reads the
    # same as at an earlier one where it found nothing: skipping must not change the path.
    FRUITLESS.clear()
    remembering = find_path(Puzzle(parse(puzzle)), unique=True)
    with FRUITLESS.forgetting():
        forgetting = find_path(Puzzle(parse(puzzle)), unique=True)
    assert (remembering.steps, remembering.status) == (forgetting.steps, forgetting.status)
