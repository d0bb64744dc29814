"""Killer Sudoku in the engine: cages checked and named, their share code, solves checked
against the rules written out without the engine, clashes in words, the API and the CLI."""

from __future__ import annotations

import itertools
import json

import pytest
from killers import random_killer
from sudoku_rules import brute_force, valid_variant_solution

from webapp.cli import main
from webapp.sudoku import (
    MULTIPLE,
    NO_SOLUTION,
    SHAPES,
    SOLVED,
    Grid,
    Puzzle,
    PuzzleError,
    Rules,
    count_solutions_of,
    find_conflicts,
    is_solution,
    read_code,
    solve,
)
from webapp.sudoku.bitboard import bitboard_for
from webapp.sudoku.cages import Cage, combinations, count_ways, decode_cages
from webapp.sudoku.sat import SatResult, sat_solve
from webapp.sudoku.solver import initial_state
from webapp.sudoku.variants import rules_named
from webapp.wording import conflict_message

NINE = SHAPES[9]


def killer(cages: tuple[Cage, ...], size: int = 9, givens: dict[int, int] | None = None) -> Puzzle:
    """A Killer of `size` with `cages` and the given values by cell."""
    cells = [0] * (size * size)
    for cell, value in (givens or {}).items():
        cells[cell] = value
    return Puzzle(Grid(SHAPES[size], tuple(cells)), Rules((), (), cages, size))


def checker_cages(puzzle: Puzzle) -> list[tuple[tuple[int, ...], int | None]]:
    """The puzzle's cages as the rules checker takes them."""
    return [(cage.cells, cage.total) for cage in puzzle.rules.cages]


@pytest.mark.parametrize(
    ("cages", "message", "marked"),
    [
        (
            (Cage((0, 20), 10),),
            "Cage at r1c1 (sum 10) is in 2 pieces (r1c1 and r3c3 are not joined)",
            ((1, 1), (3, 3)),
        ),
        (
            (Cage((0, 1), 10), Cage((1, 2), 7)),
            "Cage at r1c1 (sum 10) and cage at r1c2 (sum 7) share r1c2",
            ((1, 1), (1, 2), (1, 2), (1, 3)),
        ),
        (
            (Cage(tuple(range(10)), 50),),
            "Cage at r1c1 (sum 50) has 10 cells; a 9x9 cage holds at most 9",
            tuple((1, c) for c in range(1, 10)) + ((2, 1),),
        ),
        (
            (Cage((0, 1), 18),),
            "Cage at r1c1 (sum 18): 2 different digits add up to at most 17",
            ((1, 1), (1, 2)),
        ),
        (
            (Cage((0, 1), 2),),
            "Cage at r1c1 (sum 2): 2 different digits add up to at least 3",
            ((1, 1), (1, 2)),
        ),
        ((Cage((4,), 10),), "Cage at r1c5 (sum 10): one digit is at most 9", ((1, 5),)),
        ((Cage((0, 1, 1), None),), "Cage at r1c1 names r1c2 twice", ((1, 1), (1, 2), (1, 2))),
    ],
)
def test_a_bad_cage_is_refused_by_name_with_its_cells(cages, message, marked):
    with pytest.raises(PuzzleError) as raised:
        killer(cages)
    assert raised.value.message == message
    assert raised.value.cells == marked


def test_combinations_are_the_digit_sets_that_make_the_sum():
    assert combinations(9, 3, 7) == (0b1011,)  # 1 + 2 + 4
    assert combinations(9, 2, 17) == (0b110000000,)  # 8 + 9
    assert combinations(9, 2, 10) == (0b101000, 0b1000100, 0b10000010, 0b100000001)
    assert len(combinations(9, 3, None)) == 84
    assert combinations(4, 3, 11) == ()


@pytest.mark.parametrize("size", [4, 6, 9])
def test_combinations_and_their_count_agree_with_every_subset(size):
    for count in range(1, size + 1):
        for total in range(1, size * (size + 1) // 2 + 2):
            subsets = [c for c in itertools.combinations(range(1, size + 1), count)]
            made = sorted(sum(1 << (d - 1) for d in c) for c in subsets if sum(c) == total)
            assert list(combinations(size, count, total)) == made
            assert count_ways(size, count, total) == len(made)


def test_a_cage_made_too_many_ways_is_refused_without_listing_them():
    cells = tuple(range(12))  # r1c1-r1c12 of a 25x25
    with pytest.raises(PuzzleError) as raised:
        killer((Cage(cells, 160),), size=25)
    assert raised.value.message.startswith("Cage at r1c1 (sum 160) can be made 108368 ways;")


def test_the_share_code_spells_each_cell_s_cage_then_the_sums():
    puzzle = killer((Cage((0, 1), 3), Cage((4,), None)), size=4)
    assert puzzle.code == "0" * 16 + "-k" + "1100200000000000" + "03" + "00"
    assert puzzle.rules.name == "Killer Sudoku"
    assert read_code(puzzle.code) == puzzle


@pytest.mark.parametrize(("extras", "name"), [("", "Killer Sudoku"), ("x", "Killer X-Sudoku")])
def test_random_killers_keep_their_cages_through_the_share_code(extras, name):
    for seed in range(5):
        puzzle, _ = random_killer(9, seed, unsummed=0.2, extras=extras)
        assert read_code(puzzle.code) == puzzle
        assert puzzle.rules.name == name


def test_more_than_61_cages_take_two_characters_a_cell():
    puzzle = killer(tuple(Cage((cell,), 1 + cell % 9) for cell in range(81)))
    assert "-k_" in puzzle.code
    assert read_code(puzzle.code) == puzzle


def test_a_cage_code_out_of_order_is_not_a_share_code():
    with pytest.raises(PuzzleError, match="out of the order"):
        decode_cages(4, "2200100000000000" + "00" + "03")


def test_a_jigsaw_killer_is_named_and_keeps_both():
    regions = (0, 0, 1, 1, 0, 0, 1, 1, 2, 3, 3, 3, 2, 2, 2, 3)
    rules = Rules((), regions, (Cage((0, 1), 3),), 4)
    puzzle = Puzzle(Grid(SHAPES[4], (0,) * 16), rules)
    assert puzzle.rules.name == "Jigsaw Killer"
    assert read_code(puzzle.code) == puzzle


@pytest.mark.parametrize("extras", ["", "x"])
def test_random_killers_are_solved_by_the_rules(extras):
    for seed in range(6):
        puzzle, drawn = random_killer(9, seed, unsummed=0.2, extras=extras)
        result = solve(puzzle)
        assert result.status in (SOLVED, MULTIPLE)
        for solution in result.solutions:
            assert valid_variant_solution(
                solution.line, "." * 81, 9, diagonals=bool(extras), cages=checker_cages(puzzle)
            )
            assert is_solution(solution, puzzle)
        if result.status == SOLVED:
            assert result.solution == drawn
        else:
            assert result.solutions[0] != result.solutions[1]


def test_4x4_killers_have_exactly_the_solutions_the_rules_allow():
    every_grid = brute_force("." * 16, 2, 2)
    for seed in range(25):
        puzzle, _ = random_killer(4, seed, largest=3, unsummed=0.2)
        allowed = {
            grid
            for grid in every_grid
            if valid_variant_solution(grid, "." * 16, 4, cages=checker_cages(puzzle))
        }
        count = count_solutions_of(puzzle, keep=300)
        assert count.exact and count.count == len(allowed)
        assert {solution.line for solution in count.solutions} == allowed
        assert solve(puzzle).status == (SOLVED if len(allowed) == 1 else MULTIPLE)
        sat = sat_from_root(puzzle, 300)
        assert sat.exhausted and {solution.line for solution in sat.solutions} == allowed


def sat_from_root(puzzle: Puzzle, most: int) -> SatResult:
    """CaDiCaL's solutions of `puzzle` from its first state, as the solver hands it over."""
    board = bitboard_for(puzzle.geometry)
    alive, done = initial_state(board, puzzle.grid)
    return sat_solve(board, alive, done, most, 100_000)


def test_cadical_keeps_the_cages_of_random_9x9_killers():
    for seed in range(4):
        puzzle, _ = random_killer(9, seed, unsummed=0.5)
        found = sat_from_root(puzzle, 3).solutions
        assert len(found) == 3
        for solution in found:
            assert valid_variant_solution(solution.line, "." * 81, 9, cages=checker_cages(puzzle))


@pytest.mark.parametrize(
    ("cages", "givens", "message"),
    [
        (
            (Cage((2, 3, 12), 10),),
            {2: 3, 12: 3},
            "Cage at r1c3 (sum 10) has two 3s, in r1c3 and r2c4",
        ),
        ((Cage((2, 3), 10),), {2: 3, 3: 9}, "Cage at r1c3 adds up to 12, not 10"),
        ((Cage((2, 3, 12), 10),), {2: 3, 3: 9}, "Cage at r1c3 (sum 10): 3 and 9 already make 12"),
    ],
)
def test_givens_that_break_a_cage_are_named(cages, givens, message):
    puzzle = killer(cages, givens=givens)
    assert [conflict_message(conflict) for conflict in find_conflicts(puzzle)] == [message]
    result = solve(puzzle)
    assert result.status == NO_SOLUTION and result.conflicts


def test_a_cage_that_fits_its_givens_is_no_clash():
    puzzle = killer((Cage((2, 3, 12), 10),), givens={2: 3, 3: 5})
    assert find_conflicts(puzzle) == ()


CAGE_LIST = [{"cells": ["r1c1", "r1c2"], "sum": 3}, {"cells": [[2, 1], [2, 2]], "sum": None}]
CAGE_MAP = {"map": ["aa" + "." * 7, "bb" + "." * 7, *["." * 9] * 7], "sums": {"a": 3, "b": None}}


@pytest.mark.parametrize(
    "cages", [CAGE_LIST, CAGE_MAP, [{"cells": [0, 1], "sum": "3"}, *CAGE_LIST[1:]]]
)
def test_cages_are_read_as_a_list_or_a_map(cages):
    rules = rules_named("killer", None, NINE, cages)
    assert rules.cages == (Cage((0, 1), 3), Cage((9, 10), None))
    assert rules_named("killer-x", None, NINE, cages).name == "Killer X-Sudoku"


@pytest.mark.parametrize(
    ("variant", "cages", "message"),
    [
        ("killer", None, "cages: a killer needs its cages"),
        ("x", CAGE_LIST, "cages: only a killer has cages; name the variant killer"),
        ("killer", "abc", "cages: a list of"),
        ("killer", [{"cells": ["r10c1"], "sum": 5}], "cages: cage 1 in the list names r10c1,"),
        ("killer", [{"cells": ["a1"]}], "cages: cage 1 in the list names a cell by 'a1'; name it"),
        ("killer", [{"cells": [0], "sum": -1}], "cages: the sum of cage 1 in the list is -1"),
        (
            "killer",
            [{"cells": ["r1c1", "r3c3"], "sum": 10}],
            "cages: Cage at r1c1 (sum 10) is in 2 pieces",
        ),
        ("killer", {"map": CAGE_MAP["map"], "sums": {"a": 3}}, "cages: cage 'b' of the map has no"),
        ("killer", {"map": ["a"] * 9}, "cages: row 1 has 1 labels, not 9"),
    ],
)
def test_bad_cages_are_refused_with_a_message_naming_them(variant, cages, message):
    with pytest.raises(PuzzleError) as raised:
        rules_named(variant, None, NINE, cages)
    assert raised.value.message.startswith(message)


def cage_list(puzzle: Puzzle) -> list[dict[str, object]]:
    """The puzzle's cages as the API and the CLI take them."""
    n = puzzle.size
    return [
        {"cells": [f"r{cell // n + 1}c{cell % n + 1}" for cell in cage.cells], "sum": cage.total}
        for cage in puzzle.rules.cages
    ]


def test_the_api_solves_a_killer_sent_with_its_cages(client):
    puzzle, _ = random_killer(9, 3, largest=3)
    body = {"puzzle": "." * 81, "variant": "killer", "cages": cage_list(puzzle)}
    answer = client.post("/api/solve", json=body).get_json()
    expected = solve(puzzle)
    assert answer["status"] == expected.status
    for solution in answer["solutions"]:
        assert valid_variant_solution(solution, "." * 81, 9, cages=checker_cages(puzzle))
    coded = client.post("/api/solve", json={"puzzle": puzzle.code}).get_json()
    assert coded["status"] == answer["status"] and coded["solutions"] == answer["solutions"]


def test_the_api_names_a_bad_cage(client):
    body = {"puzzle": "." * 81, "variant": "killer", "cages": [{"cells": [0, 1], "sum": 18}]}
    response = client.post("/api/solve", json=body)
    assert response.status_code == 422
    answer = response.get_json()
    assert (
        answer["error"] == "cages: Cage at r1c1 (sum 18): 2 different digits add up to at most 17"
    )
    assert answer["cells"] == [[1, 1], [1, 2]]


def test_sudoku_solve_reads_cages_from_a_file(tmp_path, capsys, monkeypatch):
    puzzle, _ = random_killer(9, 5, largest=3)
    cages = tmp_path / "cages.json"
    cages.write_text(json.dumps(cage_list(puzzle)))
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("." * 81 + "\n")
    code = main(["solve", "--json", "--variant", "killer", "--cages", str(cages), str(puzzles)])
    record = json.loads(capsys.readouterr().out)
    assert code == 0 and record["status"] == solve(puzzle).status
    for solution in record["solutions"]:
        assert valid_variant_solution(solution, "." * 81, 9, cages=checker_cages(puzzle))
    cages.write_text(json.dumps([{"cells": ["r1c1", "r1c2"], "sum": 18}]))
    main(["solve", "--json", "--variant", "killer", "--cages", str(cages), str(puzzles)])
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "invalid" and record["error"].startswith("cages: Cage at r1c1")


# The 4x4 Killer's code (tests/test_parse_killer.py's FOUR): 16 cells, 8 cages, 16 of sums.
FOUR_CODE = "0000000000000000-k11223445367586770307050505040704"


@pytest.mark.parametrize(
    ("code", "said"),
    [
        (FOUR_CODE[:-1], "its cells name 8 cages, so 16 characters of sums follow them;"),
        (FOUR_CODE + "11", "its cells name 8 cages, so 16 characters of sums follow them;"),
        (FOUR_CODE[:-3] + "!" + FOUR_CODE[-2:], "character 30 of its cages is '!'"),
        (FOUR_CODE[:25], "a 4x4 Killer's link has 16 characters for its cells"),
    ],
)
def test_a_broken_cage_code_in_a_link_is_named_as_the_cages(code, said):
    with pytest.raises(PuzzleError, match="the Killer's cages cannot be read") as error:
        read_code(code)
    assert said in error.value.message
