"""Forcing chains and nets: the incremental single-follower against a plain one, soundness of
every kind of conclusion, replayable chains, shortest first, and the sentences."""

from __future__ import annotations

import random
from functools import cache

import pytest

from webapp.explanations import sentence
from webapp.explanations.hints import glimpse
from webapp.explanations.names import step_name, with_article
from webapp.sudoku import Grid, parse
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import Position, Step, forcing_search
from webapp.sudoku.logic.forcing import (
    KINDS,
    branches_of,
    difficulty,
    forcing_chains,
    forcing_chains_and_nets,
    is_nested,
    kind_of,
    length_difficulty,
    step_of,
)
from webapp.sudoku.logic.forcing_search import CONTRADICTION_CHAIN, search
from webapp.sudoku.logic.forcing_tables import Tables
from webapp.sudoku.logic.position import bits_of
from webapp.sudoku.logic.propagation import Branch
from webapp.sudoku.puzzle import Puzzle

from positions import easy_steps_taken, is_dead, replay, stuck_positions, wrong_moves
from puzzles import TOP95_SEVENTH, data_lines

# One worker runs the file, so that the stuck positions, hard walks and steps of each kind its
# tests share are found once a run, not once in each worker.
pytestmark = pytest.mark.xdist_group("forcing")


def plain_single(position: Position) -> tuple[int, int] | None:
    """The first naked or hidden single, found by scanning everything (the reference)."""
    for cell, mask in enumerate(position.candidates):
        if mask and not mask & (mask - 1):
            return cell, mask.bit_length() - 1
    for unit in position.geometry.units:
        for value in range(1, position.size + 1):
            places = position.places(unit, value)
            if len(places) == 1 and not position.holds(unit, value):
                return places[0], value
    return None


def plain_follow(position: Position, cell: int, value: int) -> set[tuple[int, int]] | None:
    """Every placement singles make after placing `value` in `cell`, or None at a dead end."""
    placed = {(cell, value)}
    position = position.place([(cell, value)])
    while not is_dead(position):
        single = plain_single(position)
        if single is None:
            return placed
        placed.add(single)
        position = position.place([single])
    return None


def sampled_candidates(position: Position, count: int, seed: int) -> list[tuple[int, int]]:
    """Up to `count` of the position's candidates, chosen at random (reproducibly)."""
    every = [(c, v) for c, mask in enumerate(position.candidates) for v in bits_of(mask)]
    return random.Random(seed).sample(every, min(count, len(every)))


@pytest.mark.parametrize("number", range(0, 40, 4))
def test_the_incremental_follower_reaches_what_plain_singles_reach(number):
    position, _ = stuck_positions()[number]
    tables = Tables(position)
    for cell, value in sampled_candidates(position, 25, number):
        branch = Branch(tables, cell, value, on=True)
        branch.run(10**6)
        expected = plain_follow(position, cell, value)
        if expected is None:
            assert branch.dead_end is not None, (cell, value)
        else:
            assert branch.dead_end is None, (cell, value)
            assert {(c, v) for c, v, _, _ in branch.nodes} == expected


@pytest.mark.parametrize("number", range(0, 60, 6))
def test_every_chain_replays_as_singles_to_what_it_claims(number):
    position, _ = stuck_positions()[number]
    for step in forcing_chains(position):
        for branch in branches_of(step):
            end = replay(position, branch)
            if step.contradiction:
                assert is_dead(end)
            elif step.placements:
                (cell, value) = step.placements[0]
                assert end.values[cell] == value
            else:
                (cell, value) = step.eliminations[0]
                assert not end.candidates[cell] >> value & 1


def sound(position: Position, answer: Grid, steps: list[Step]) -> None:
    """Fail on any step that removes an answer's value or places a wrong one."""
    assert wrong_moves(position, answer, steps) == []


@pytest.mark.parametrize("number", range(0, 120, 3))
def test_forcing_chains_and_nets_are_sound_in_stuck_positions(number):
    positions = stuck_positions()
    if number >= len(positions):
        pytest.skip("fewer stuck positions")
    position, answer = positions[number]
    steps = list(forcing_chains(position))
    sound(position, answer, steps)
    nets = [step_of(found, position) for found in search(position, nets=True)]
    sound(position, answer, nets)
    for step in steps + nets:
        assert step.technique == "forcing-chain"
        assert sentence(position.geometry, step)


def forcing_walk(grid: Grid, most_steps: int = 200) -> list[tuple[Position, Step]]:
    """The forcing steps of a path that uses only easy steps and forcing: where each was taken."""
    position = Position.from_puzzle(Puzzle(grid), unique=True)
    taken = []
    for _ in range(most_steps):
        position = easy_steps_taken(position, 3.0)
        if position.is_solved:
            break
        step = next(forcing_chains_and_nets(position), None)
        if step is None:
            break
        taken.append((position, step))
        position = step.apply(position)
    return taken


@cache
def hard_walks() -> tuple[tuple[Grid, tuple[tuple[Position, Step], ...]], ...]:
    """The forcing walks of the first 12 9x9 answers' puzzles that need forcing (each walk
    takes a second or more: twenty took a minute of a busy suite)."""
    found = []
    for puzzle, count, solution in data_lines("engine_9x9_answers.txt"):
        if count != "1":
            continue
        grid = parse(puzzle)
        walk = forcing_walk(grid)
        if walk:
            found.append((parse(solution), tuple(walk)))
        if len(found) == 12:
            break
    return tuple(found)


def test_forcing_walks_of_hard_puzzles_are_sound_and_reach_the_answer():
    kinds = set()
    for answer, walk in hard_walks():
        for position, step in walk:
            sound(position, answer, [step])
            kinds.add(kind_of(step))
        last, step = walk[-1]
        assert easy_steps_taken(step.apply(last), 3.0).is_solved
    assert CONTRADICTION_CHAIN in kinds


@cache
def steps_by_kind() -> dict[str, tuple[Position, Grid, Step]]:
    """A step of each kind, from the stuck positions: chains, nets and nested nets."""
    seen: dict[str, tuple[Position, Grid, Step]] = {}
    for number, (position, answer) in enumerate(stuck_positions()[:24]):
        found = [step_of(f, position) for f in search(position, nets=False)]
        found += [step_of(f, position) for f in search(position, nets=True)]
        if number < 3:
            found += [step_of(f, position, True) for f in search(position, True, nested=True)]
        for step in found:
            seen.setdefault(kind_of(step), (position, answer, step))
    return seen


def test_every_kind_is_found_and_sound():
    seen = steps_by_kind()
    assert set(seen) == set(KINDS)
    for position, answer, step in seen.values():
        sound(position, answer, [step])


@pytest.mark.parametrize("number", range(3))
def test_nested_nets_are_sound(number):
    position, answer = stuck_positions()[number * 7]
    steps = [step_of(f, position, True) for f in search(position, nets=True, nested=True)]
    assert steps
    sound(position, answer, steps)
    for step in steps:
        assert is_nested(step)
        assert "a nested net" in sentence(position.geometry, step)


@pytest.mark.parametrize("number", [28, 54])
def test_a_16x16_puzzle_gets_sound_forcing_steps(number):
    puzzle, _, solution = data_lines("engine_16x16_answers.txt")[number]
    position = easy_steps_taken(Position.from_puzzle(Puzzle(parse(puzzle)), unique=True), 3.0)
    assert not position.is_solved
    steps = list(forcing_chains(position))
    assert steps
    sound(position, parse(solution), steps)


def test_steps_are_ranked_easiest_first():
    position, _ = stuck_positions()[0]
    difficulties = [step.difficulty for step in forcing_chains(position)]
    assert difficulties
    assert difficulties == sorted(difficulties)


@pytest.mark.parametrize("number", range(0, 40, 2))
def test_rounds_find_as_easy_a_chain_as_following_every_branch_to_its_end(number, monkeypatch):
    position, _ = stuck_positions()[number]
    by_rounds = search(position, nets=False)
    monkeypatch.setattr(forcing_search, "FIRST_LIMIT", 10**6)
    to_the_end = search(position, nets=False)
    assert bool(by_rounds) == bool(to_the_end)
    if by_rounds:
        easiest = min(difficulty(f.kind, f.length) for f in by_rounds)
        assert easiest <= min(difficulty(f.kind, f.length) for f in to_the_end)


@pytest.mark.parametrize(
    ("length", "added"),
    [(1, 0.0), (4, 0.0), (5, 0.1), (6, 0.1), (7, 0.2), (8, 0.2), (9, 0.3), (12, 0.3)]
    + [(13, 0.4), (16, 0.4), (17, 0.5), (24, 0.5), (25, 0.6), (32, 0.6), (33, 0.7)],
)
def test_length_adds_a_tenth_past_each_threshold(length, added):
    assert length_difficulty(length) == added


def test_explain_of_top95_seventh_completes_with_the_default_budget(sudoku):
    _, out = sudoku("explain", stdin=TOP95_SEVENTH + "\n")
    lines = out.splitlines()
    assert lines[-1].startswith("Rating ")
    # other families may get there first; any contradiction chain still names its dead end
    assert all("would have no" in line for line in lines if "Forcing chain: if " in line)


def test_each_kind_is_worded_with_its_branches_and_what_holds_either_way():
    for kind, (position, _, step) in steps_by_kind().items():
        words = sentence(position.geometry, step)
        if kind.startswith("contradiction"):
            assert "would have no" in words and "; so " in words
        else:
            assert words.count("if ") + words.count("If ") == len(branches_of(step))
            assert "either way " in words


def test_a_forcing_step_is_called_what_its_sentence_calls_it():
    """The heading over a step (step_name) and a hint's first tier (glimpse) never say
    "Forcing chain" over a net's words."""
    seen = steps_by_kind()
    for position, _, step in seen.values():
        name = step_name(step)
        shape = position.geometry.shape
        assert sentence(standard_geometry(shape), step).startswith(name + ":"), name
        said = glimpse(position.geometry, step)
        assert said.startswith(with_article(name)), said
    names = {step_name(step) for _, _, step in seen.values()}
    assert {"Forcing chain", "Forcing net", "Cell forcing net", "Unit forcing chain"} <= names
