"""`sudoku soundness`: its figures, and a wrong step listed with a failing exit status."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from webapp.cli import main, soundness
from webapp.cli.arguments import EXIT_USAGE
from webapp.sudoku import Grid, parse, solve
from webapp.sudoku.puzzle import Puzzle, is_solution

from puzzles import DATA, FOUR, FOUR_SOLUTION


def figures(out: str) -> dict[str, str]:
    """The `name: value` lines it printed, by name."""
    return dict(re.findall(r"^([a-z/, ]+): (\S+)", out, re.MULTILINE))


def test_it_counts_the_puzzles_their_disguises_and_the_steps(sudoku):
    files = [str(DATA / "engine_4x4_answers.txt"), str(DATA / "web_multiple.txt")]
    code, out = sudoku("soundness", *files, "--disguises", "2", "--seed", "3")
    found = figures(out)
    assert code == 0
    assert "(32 read, 2 disguises each)" in out  # 29 4x4 puzzles and 3 with several solutions
    assert found["puzzles checked"] == str(29 * 3)
    assert found["skipped, without exactly one solution"] == str(3 * 3)
    assert int(found["steps checked"].replace(",", "")) >= 29 * 3 * 4  # 4 blanks at least
    assert found["paths stopped by their backstop"] == found["wrong steps"] == "0"
    assert float(found["puzzles/second"].replace(",", "")) > 0


def test_count_takes_the_first_puzzles_and_a_seed_fixes_the_disguises(sudoku):
    path = str(DATA / "qqwing_graded_sample.txt")
    first = sudoku("soundness", path, "--count", "3", "--seed", "5")[1]
    again = sudoku("soundness", path, "--count", "3", "--seed", "5")[1]
    assert figures(first)["puzzles checked"] == "6"
    assert figures(first)["steps checked"] == figures(again)["steps checked"]
    grids = soundness.with_disguises([parse(FOUR)], 3, seed=5)
    assert grids[0] == parse(FOUR) and len(set(grids)) == 4
    assert grids == soundness.with_disguises([parse(FOUR)], 3, seed=5)


def test_a_wrong_step_is_listed_and_the_status_says_so(sudoku, monkeypatch, tmp_path):
    # An "answer" with its 1s and 2s swapped: every step that places a 1 or a 2 is wrong.
    swapped = FOUR_SOLUTION.translate(str.maketrans("12", "21"))
    monkeypatch.setattr(soundness, "solve", lambda grid: SimpleNamespace(solution=parse(swapped)))
    (tmp_path / "four.txt").write_text(FOUR + "\n")
    code, out = sudoku("soundness", str(tmp_path / "four.txt"), "--disguises", "0")
    assert code == soundness.EXIT_WRONG
    assert int(figures(out)["wrong steps"]) > 0
    assert f"  {parse(FOUR).line}: " in out


def test_a_disguise_of_a_puzzle_with_one_solution_has_one_too():
    grid = parse(FOUR)
    for disguised in soundness.with_disguises([grid], 5, seed=1)[1:]:
        answer = solve(Puzzle(disguised)).solution
        assert isinstance(answer, Grid) and disguised != grid


@pytest.mark.parametrize(
    ("variant", "count", "disguises", "said"),
    [("jigsaw", 4, 1, "1 disguise"), ("killer", 2, 2, "2 disguises")],  # a Killer costs most
)
def test_a_variant_sweep_makes_its_puzzles_and_their_disguises(
    sudoku, variant, count, disguises, said
):
    args = ("soundness", "--variant", variant, "--size", "6", "--count", str(count))
    args += ("--disguises", str(disguises), "--seed", "2")
    code, out = sudoku(*args)
    found = figures(out)
    assert code == 0
    assert f"({count} {variant} made, {said} each)" in out
    assert found["puzzles checked"] == str(count * (1 + disguises))
    assert found["wrong steps"] == found["skipped, without exactly one solution"] == "0"
    assert found["paths stopped by their backstop"] == "0"
    assert int(found["steps checked"].replace(",", "")) >= count * 36 // 2  # at most a third given
    assert figures(sudoku(*args)[1])["steps checked"] == found["steps checked"]


def test_a_killers_disguises_move_its_cages_with_its_cells():
    samples = soundness.variant_samples("killer", 4, 8, 3, seed=1)
    moved = 0
    for at in range(0, len(samples), 4):
        original = samples[at].puzzle
        for sample in samples[at : at + 4]:
            puzzle, answer = sample.puzzle, sample.answer
            assert puzzle.rules.cages and not any(puzzle.cells)
            assert sorted(c.total for c in puzzle.rules.cages) == sorted(
                c.total for c in original.rules.cages
            )
            assert is_solution(answer, puzzle) and solve(puzzle).solutions == (answer,)
            moved += puzzle != original
    assert moved >= 8  # most disguises moved their Killer


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--variant", "x", str(DATA / "engine_4x4_answers.txt")), "not both"),
        ((), "give puzzle files, or --variant"),
        (("--variant", "windoku", "--size", "6"), "no windoku puzzles of size 6"),
        (("--variant", "killer", "--size", "16"), "no killer puzzles of size 16"),
    ],
)
def test_a_variant_sweep_refuses_what_it_cannot_make(capsys, args, message):
    assert main(["soundness", *args]) == EXIT_USAGE
    assert message in capsys.readouterr().err
