"""Pair rules (webapp/sudoku/rulebook.py): anti-knight and anti-king make cells a knight's or
a king's move apart differ, non-consecutive keeps side-by-side cells from holding digits
one apart, and the search, the counts and the SAT solver keep them; their share code,
variant words and f-puzzles keys read and write them.

The real puzzles, each unique only under its rules:
- lisudoku/lisudoku_solver, src/solver/tests/logical_solver/puzzles/anti_knight_4x4.rs: a
  4x4 anti-knight with three givens and its published solution;
- KlimesovaLucie/SudokuGraphicCreator, its test SolveAntiknight_OneSolution: a 9x9
  anti-knight with one solution (none published beside it);
- Prasanna Seshadri's "Puzzle no. 475: Untouch Antiknight Sudoku" (daily league, 13 Dec
  2013, prasannaseshadri.wordpress.com), 12 givens, anti-king and anti-knight, from a
  public puzzle solver's test data (its grid as penpa cell coordinates);
- Mitchell Lee's "Miracle Sudoku" (anti-knight, anti-king, non-consecutive; a 1 in r5c3
  and a 2 in r6c7), as Cracking the Cryptic solved it in May 2020, and its published
  answer.
"""

from __future__ import annotations

import json
import random

import pytest

from webapp.sudoku import (
    MULTIPLE,
    NO_SOLUTION,
    SOLVED,
    Puzzle,
    PuzzleError,
    Rules,
    find_conflicts,
    parse,
    read_code,
    solve,
)
from webapp.sudoku.counting import count_solutions_of
from webapp.sudoku.grid import Grid
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import write_json
from webapp.sudoku.links.lzstring import compress_to_base64
from webapp.sudoku.logic import Position
from webapp.sudoku.puzzle import is_solution
from webapp.sudoku.result import SAT, SEARCH
from webapp.sudoku.shape import SHAPES
from webapp.sudoku.variants import rules_named
from webapp.wording import conflict_message

# The moves each letter's rule forbids a digit to repeat across, written out again here
# without the engine (rows down, columns across).
KNIGHT = ((1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1))
KING = ((1, 1), (1, -1), (-1, 1), (-1, -1), (0, 1), (1, 0), (0, -1), (-1, 0))
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
MOVES = {"n": KNIGHT, "t": KING, "o": ORTHOGONAL}
# Whether two digits a move apart break each letter's rule.
BREAKS = {
    "n": lambda one, other: one == other,
    "t": lambda one, other: one == other,
    "o": lambda one, other: abs(one - other) == 1,
}

ANTI_KNIGHT_4 = ("12..3...........", "1243342143122134")
ANTI_KNIGHT_9 = "090000080108000305070000090000080000000906000000050000020000070407000906050000020"
UNTOUCH_ANTIKNIGHT_9 = (
    "...2...1...3...2...4...3.................................6...5...7...6...8...7..."
)


def keeps(solution: Grid, letters: str) -> bool:
    """Whether no two digits of `solution` a move of any of `letters`' rules apart break
    it (X-Sudoku's and Windoku's units aside)."""
    n, cells = solution.size, solution.cells
    for letter in letters.replace("x", "").replace("w", ""):
        for row in range(n):
            for col in range(n):
                for down, across in MOVES[letter]:
                    other_row, other_col = row + down, col + across
                    if 0 <= other_row < n and 0 <= other_col < n:
                        one, other = cells[row * n + col], cells[other_row * n + other_col]
                        if BREAKS[letter](one, other):
                            return False
    return True


@pytest.mark.parametrize(
    ("givens", "letters"),
    [(ANTI_KNIGHT_4[0], "n"), (ANTI_KNIGHT_9, "n"), (UNTOUCH_ANTIKNIGHT_9, "nt")],
)
def test_a_real_puzzle_has_many_solutions_without_its_rules(givens, letters) -> None:
    assert solve(Puzzle(parse(givens))).status == MULTIPLE


@pytest.mark.parametrize(
    ("givens", "letters"),
    [(ANTI_KNIGHT_4[0], "n"), (ANTI_KNIGHT_9, "n"), (UNTOUCH_ANTIKNIGHT_9, "nt")],
)
def test_a_real_puzzle_has_one_solution_under_its_rules(givens, letters) -> None:
    assert solve(Puzzle(parse(givens), Rules.from_letters(letters))).status == SOLVED


def test_the_4x4_anti_knight_solves_to_its_published_answer() -> None:
    result = solve(Puzzle(parse(ANTI_KNIGHT_4[0]), Rules.from_letters("n")))
    assert result.solution == parse(ANTI_KNIGHT_4[1])


@pytest.mark.parametrize(
    ("givens", "letters"), [(ANTI_KNIGHT_9, "n"), (UNTOUCH_ANTIKNIGHT_9, "nt")]
)
def test_the_solution_under_the_rules_keeps_them(givens, letters) -> None:
    result = solve(Puzzle(parse(givens), Rules.from_letters(letters)))
    assert result.solution is not None and keeps(result.solution, letters)


@pytest.mark.parametrize("letters", ["n", "t", "nt"])
def test_the_anti_rules_one_of_them_lacks_is_not_enough(letters) -> None:
    # The Untouch Antiknight needs both: under either alone it has several solutions.
    status = solve(Puzzle(parse(UNTOUCH_ANTIKNIGHT_9), Rules.from_letters(letters))).status
    assert status == (SOLVED if letters == "nt" else MULTIPLE)


@pytest.mark.parametrize(
    ("givens", "letters"), [(ANTI_KNIGHT_9, "n"), (UNTOUCH_ANTIKNIGHT_9, "nt")]
)
def test_a_classic_solution_breaking_the_rules_is_no_solution_under_them(givens, letters) -> None:
    puzzle = Puzzle(parse(givens), Rules.from_letters(letters))
    answer = solve(puzzle).solution
    others = solve(Puzzle(parse(givens)), max_solutions=3).solutions
    breaking = next(other for other in others if other != answer)
    assert not is_solution(breaking, puzzle)


def _knights_move_alike() -> Puzzle:
    """An anti-knight with one 5 in r1c3 and another in r2c5: a knight's move apart, in no
    row, column or box together."""
    cells = ["."] * 81
    cells[2] = cells[13] = "5"
    return Puzzle(parse("".join(cells)), Rules.from_letters("n"))


def test_givens_a_knights_move_apart_alike_have_no_solution() -> None:
    assert solve(_knights_move_alike()).status == NO_SOLUTION


def test_givens_a_knights_move_apart_alike_are_named_as_the_conflict() -> None:
    clashes = find_conflicts(_knights_move_alike())
    assert [(c.unit, c.symbol, c.cells) for c in clashes] == [
        ("anti-knight", "5", ((1, 3), (2, 5)))
    ]


def test_counting_keeps_the_rule() -> None:
    # The 4x4 anti-knight's three givens leave one solution; classic rules leave more.
    puzzle = Puzzle(parse(ANTI_KNIGHT_4[0]), Rules.from_letters("n"))
    assert count_solutions_of(puzzle).count == 1


@pytest.mark.parametrize("letters", ["n", "nt", "xn", "wt"])
def test_the_sat_solver_finds_solutions_that_keep_the_rules(letters) -> None:
    # An empty grid: the search hands it over to the SAT solver, which finds two.
    result = solve(Puzzle(parse("." * 81), Rules.from_letters(letters)))
    assert result.engine == SAT
    assert [keeps(solution, letters) for solution in result.solutions] == [True, True]


# Random puzzles: givens copied from a grid that keeps the rule, a few more or fewer each
# time, so that the solver meets unique, multiple and (with one given changed) broken ones.
RANDOM_PUZZLES = 24


def _random_puzzles(letters: str) -> list[Puzzle]:
    """RANDOM_PUZZLES puzzles under `letters`' rules, from fixed seeds."""
    rules = Rules.from_letters(letters)
    grown = solve(Puzzle(parse("." * 81), rules)).solutions[0]
    puzzles = []
    for seed in range(RANDOM_PUZZLES):
        rng = random.Random(seed)
        digits = list(range(1, 10))
        rng.shuffle(digits)
        share = 0.05 + 0.3 * seed / RANDOM_PUZZLES  # from nearly empty to well filled
        cells = [digits[value - 1] if rng.random() < share else 0 for value in grown.cells]
        if seed % 3 == 0:
            cells[rng.randrange(81)] = rng.randint(1, 9)
        puzzles.append(Puzzle(Grid(SHAPES[9], tuple(cells)), rules))
    return puzzles


@pytest.mark.parametrize("letters", ["n", "t", "nt"])
def test_every_solution_the_solver_returns_keeps_the_rule(letters) -> None:
    kept = [
        keeps(solution, letters) and is_solution(solution, puzzle)
        for puzzle in _random_puzzles(letters)
        for solution in solve(puzzle, max_solutions=3).solutions
    ]
    assert kept and all(kept)


def test_the_random_anti_knight_puzzles_go_through_both_engines() -> None:
    # So the property above holds of both (anti-king's the search decides alone).
    engines = {solve(puzzle).engine for puzzle in _random_puzzles("n")}
    assert engines == {SEARCH, SAT}


@pytest.mark.parametrize("letters", ["n", "t", "nt", "xn"])
def test_the_share_code_names_the_rules_and_reads_back(letters) -> None:
    puzzle = Puzzle(parse(UNTOUCH_ANTIKNIGHT_9), Rules.from_letters(letters))
    assert read_code(puzzle.code) == puzzle


def test_an_anti_knight_share_code_ends_in_its_letter() -> None:
    puzzle = Puzzle(parse(ANTI_KNIGHT_9), Rules.from_letters("n"))
    assert puzzle.code == f"{puzzle.grid.code}-n"


@pytest.mark.parametrize(
    ("variant", "extras"),
    [
        ("anti-knight", ("n",)),
        ("Anti Knight", ("n",)),
        ("antiknight", ("n",)),
        ("anti-king", ("t",)),
        ("anti-king anti-knight", ("n", "t")),
        ("x-anti-knight", ("x", "n")),
        ("jigsaw-anti-king", ("t",)),
    ],
)
def test_the_variant_words_read(variant, extras) -> None:
    regions = "".join(str(c // 9) for c in range(81)) if "jigsaw" in variant else None
    assert rules_named(variant, regions, SHAPES[9]).extras == extras


def test_the_rules_have_names() -> None:
    assert Rules.from_letters("tn").name == "Anti-Knight Anti-King"


def _fpuzzles(data: dict[str, object]) -> str:
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))


@pytest.mark.parametrize(("key", "letter"), [("antiknight", "n"), ("antiking", "t")])
def test_an_f_puzzles_key_set_to_true_reads_as_the_rule(key, letter) -> None:
    data = json.loads(write_json(parse(ANTI_KNIGHT_9)))
    data[key] = True
    assert read_link(_fpuzzles(data)).rules.extras == (letter,)


@pytest.mark.parametrize("letters", ["n", "t", "nt", "xn"])
def test_f_puzzles_json_written_reads_back_the_rules(letters) -> None:
    rules = Rules.from_letters(letters)
    written = write_json(parse(UNTOUCH_ANTIKNIGHT_9), rules)
    assert read_link(_fpuzzles(json.loads(written))).rules == rules


def test_an_f_puzzles_pair_key_not_true_is_refused_in_words() -> None:
    data = json.loads(write_json(parse(ANTI_KNIGHT_9)))
    data["antiknight"] = "yes"
    with pytest.raises(PuzzleError, match="anti-knight set to something other than true"):
        read_link(_fpuzzles(data))


def test_an_unknown_variant_word_is_answered_with_the_pair_kinds_among_the_names() -> None:
    with pytest.raises(PuzzleError, match="anti-knight, anti-king"):
        rules_named("anti-bishop", None, SHAPES[9])


MIRACLE = (
    "......................................1............2.............................",
    "483726159726159483159483726837261594261594837594837261372615948615948372948372615",
)


def test_the_miracle_has_many_solutions_without_non_consecutive() -> None:
    assert solve(Puzzle(parse(MIRACLE[0]), Rules.from_letters("nt"))).status == MULTIPLE


def test_the_miracle_solves_to_its_published_answer() -> None:
    result = solve(Puzzle(parse(MIRACLE[0]), Rules.from_letters("nto")))
    assert (result.status, result.solution) == (SOLVED, parse(MIRACLE[1]))


def test_the_miracles_answer_keeps_its_rules_as_written_out_here() -> None:
    assert keeps(parse(MIRACLE[1]), "nto")


def test_a_classic_grid_with_neighbours_one_apart_is_no_non_consecutive_solution() -> None:
    puzzle = Puzzle(parse("." * 81), Rules.from_letters("o"))
    classic = solve(Puzzle(parse("." * 81))).solutions[0]
    assert not is_solution(classic, puzzle)


@pytest.mark.parametrize("letters", ["o", "xo"])
def test_the_sat_solver_finds_solutions_that_keep_non_consecutive(letters) -> None:
    result = solve(Puzzle(parse("." * 81), Rules.from_letters(letters)))
    assert result.engine == SAT
    assert [keeps(solution, letters) for solution in result.solutions] == [True, True]


def test_every_non_consecutive_solution_the_solver_returns_keeps_it() -> None:
    kept = [
        keeps(solution, "o") and is_solution(solution, puzzle)
        for puzzle in _random_puzzles("o")
        for solution in solve(puzzle, max_solutions=3).solutions
    ]
    assert kept and all(kept)


def test_the_random_non_consecutive_puzzles_go_through_both_engines() -> None:
    engines = {solve(puzzle).engine for puzzle in _random_puzzles("o")}
    assert engines == {SEARCH, SAT}


def test_a_non_consecutive_share_code_reads_back() -> None:
    puzzle = Puzzle(parse(MIRACLE[0]), Rules.from_letters("nto"))
    assert (puzzle.code[-4:], read_code(puzzle.code)) == ("-nto", puzzle)


@pytest.mark.parametrize("variant", ["non-consecutive", "Non Consecutive", "nonconsecutive"])
def test_the_non_consecutive_words_read(variant) -> None:
    assert rules_named(variant, None, SHAPES[9]).extras == ("o",)


def test_f_puzzles_non_consecutive_reads_and_writes_back() -> None:
    rules = Rules.from_letters("nto")
    written = json.loads(write_json(parse(MIRACLE[0]), rules))
    assert (written["nonconsecutive"], read_link(_fpuzzles(written)).rules) == (True, rules)


@pytest.mark.parametrize(
    ("letters", "kept"), [("", True), ("x", True), ("n", False), ("xo", False)]
)
def test_uniqueness_techniques_run_only_where_the_rules_keep_them_sound(letters, kept) -> None:
    # a deadly pattern's two digits swapped may land a knight's move from their twins, so
    # under a pair rule it need not be a second solution
    puzzle = Puzzle(parse(ANTI_KNIGHT_9), Rules.from_letters(letters))
    assert Position.from_puzzle(puzzle, unique=True).unique is kept


def _consecutive_givens() -> Puzzle:
    """A non-consecutive puzzle with a 4 in r1c1 and a 5 beside it in r1c2."""
    cells = ["."] * 81
    cells[0], cells[1] = "4", "5"
    return Puzzle(parse("".join(cells)), Rules.from_letters("o"))


def test_consecutive_givens_side_by_side_are_named_as_the_conflict() -> None:
    clashes = find_conflicts(_consecutive_givens())
    assert [(c.unit, c.symbols, c.cells) for c in clashes] == [
        ("non-consecutive", ("4", "5"), ((1, 1), (1, 2)))
    ]


def test_consecutive_givens_are_said_in_the_rules_words() -> None:
    (clash,) = find_conflicts(_consecutive_givens())
    assert conflict_message(clash) == "r1c1 and r1c2 are consecutive (4, 5)"


def test_the_api_says_consecutive_givens(client) -> None:
    answer = client.post("/api/solve", json={"puzzle": _consecutive_givens().code}).json
    assert [c["message"] for c in answer["conflicts"]] == ["r1c1 and r1c2 are consecutive (4, 5)"]


def test_equal_givens_side_by_side_are_no_non_consecutive_conflict() -> None:
    # Two 5s side by side repeat in their row, which says so; they are not one apart.
    cells = ["."] * 81
    cells[0], cells[1] = "5", "5"
    clashes = find_conflicts(Puzzle(parse("".join(cells)), Rules.from_letters("no")))
    assert [c.unit for c in clashes] == ["row", "box"]
