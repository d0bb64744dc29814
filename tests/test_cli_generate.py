"""`sudoku generate`: puzzle lines or JSON, the level names, and the benchmark table."""

from __future__ import annotations

import json

import pytest
from sudoku_rules import valid_variant_solution

from webapp.cli import main
from webapp.sudoku import SOLVED, parse, read_code, solve
from webapp.sudoku.generator import LEVEL_NAMES, SYMMETRIES, is_symmetric
from webapp.sudoku.logic import find_path
from webapp.sudoku.logic.levels import level_of
from webapp.sudoku.puzzle import Puzzle


def test_list_levels_names_them_easiest_first(sudoku):
    code, out = sudoku("generate", "--list-levels")
    assert code == 0 and out.split() == list(LEVEL_NAMES)


@pytest.mark.parametrize(
    ("size", "level", "symmetry"),
    [("9", "hard", "rotational"), ("6", "easy", "mirror"), ("12", "medium", "diagonal")],
)
def test_each_line_is_a_puzzle_of_the_level_and_symmetry_asked(sudoku, size, level, symmetry):
    argv = ["--size", size, "--level", level, "--symmetry", symmetry, "--count", "3"]
    code, out = sudoku("generate", *argv, "--seed", "40")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3 and len(set(lines)) == 3
    for line in lines:
        grid = parse(line)
        assert grid.size == int(size) and is_symmetric(grid, symmetry)
        assert solve(Puzzle(grid)).status == SOLVED
        assert level_of(find_path(Puzzle(grid), unique=True).rating) == level
    _, again = sudoku("generate", *argv, "--seed", "40")
    assert again == out


@pytest.mark.parametrize(
    ("variant", "size", "level"),
    [
        ("x", "9", "hard"),
        ("windoku", "9", "medium"),
        ("jigsaw", "9", "medium"),  # expert took a minute; test_every_level_arrives has it
        ("jigsaw", "6", "hard"),
    ],
)
def test_a_variant_s_lines_carry_its_rules_and_solve_by_them(sudoku, variant, size, level):
    argv = ["--variant", variant, "--size", size, "--level", level, "--count", "2"]
    code, out = sudoku("generate", *argv, "--seed", "3")
    lines = out.splitlines()
    assert code == 0 and len(set(lines)) == 2
    for line in lines:
        puzzle = read_code(line)
        assert not puzzle.rules.classic and line.startswith(puzzle.grid.line + "-")
        result = solve(puzzle)
        assert result.status == SOLVED
        rules = {
            "diagonals": "x" in puzzle.rules.extras,
            "windows": "w" in puzzle.rules.extras,
            "regions": "".join(chr(65 + region) for region in puzzle.rules.regions),
        }
        assert (variant == "jigsaw") == bool(rules["regions"])
        assert valid_variant_solution(result.solution.line, puzzle.grid.line, int(size), **rules)
        assert level_of(find_path(puzzle, unique=True).rating) == level
    _, again = sudoku("generate", *argv, "--seed", "3")
    assert again == out


def test_windoku_on_a_6x6_is_refused_by_name(capsys):
    code, _, err = run(capsys, "--variant", "windoku", "--size", "6")
    assert code == 2 and "Windoku needs square boxes" in err


def test_json_says_everything_about_each_puzzle(sudoku):
    code, out = sudoku("generate", "--level", "expert", "--count", "2", "--seed", "7", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and [record["seed"] for record in records] == [7, 8]
    for record in records:
        assert record["status"] == "generated" and record["level"] == "expert"
        assert record["symmetry"] == "rotational" and record["size"] == 9
        grid = parse(record["puzzle"])
        assert solve(Puzzle(grid)).solution.line == record["solution"]
        assert record["givens"] == grid.givens
        assert level_of(record["rating"]) == "expert" and record["hardest"]
        assert record["ms"] > 0 and record["attempts"] >= 1


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """`sudoku generate argv...` in this process: exit status, stdout, stderr."""
    code = main(["generate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_giving_up_is_said_and_exits_1(sudoku, capsys):
    argv = ["--size", "6", "--level", "extreme", "--seconds", "0.2", "--seed", "3"]
    code, out, err = run(capsys, *argv, "--symmetry", "mirror")
    assert code == 1 and out == ""
    assert "seed 3: gave up: the 0.2 s ran out after" in err
    code, out = sudoku("generate", *argv, "--json")
    record = json.loads(out)
    assert code == 1 and record["status"] == "gave_up" and "ran out" in record["why"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seed", "-1"], "is not a whole number from 0 to"),
        (["--seed", "x"], "is not a whole number from 0 to"),
        (["--size", "10"], "invalid choice: 10"),
        (["--level", "insane"], "invalid choice: 'insane'"),
        (["--symmetry", "spiral"], "invalid choice: 'spiral'"),
        (["--count", "0"], "is not a whole number above zero"),
    ],
)
def test_a_bad_option_is_named(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and message in err and "Traceback" not in err


def test_a_4x4_of_another_level_is_refused_by_name(capsys):
    code, out, err = run(capsys, "--size", "4", "--level", "hard")
    assert (code, out) == (
        2,
        "",
    ) and "no 4x4 puzzle at level hard: 4x4 grids come only at level easy" in err


def test_bench_prints_a_row_per_size_and_level(sudoku):
    argv = ["--bench", "--size", "6", "--level", "easy", "--level", "hard", "--count", "3"]
    code, out = sudoku("generate", *argv, "--symmetry", SYMMETRIES[0])
    header, rule, *rows = out.splitlines()
    assert code == 0 and len(rows) == 2
    names = header.strip("| ").split(" | ")
    for row, level in zip(rows, ["easy", "hard"], strict=True):
        cells = dict(zip(names, row.strip("| ").split(" | "), strict=True))
        assert (cells["size"], cells["level"], cells["puzzles"]) == ("6x6", level, "3")
        assert cells["gave up"] == "0" and float(cells["median ms"]) > 0
        assert 0 < int(cells["reached the level"].rstrip("%")) <= 100


def test_bench_gives_each_level_its_cpu_time_beside_the_wall_time(sudoku):
    argv = ["--bench", "--size", "6", "--level", "easy", "--count", "2"]
    code, out = sudoku("generate", *argv, "--symmetry", SYMMETRIES[0])
    header, rule, row = out.splitlines()
    cells = dict(zip(header.strip("| ").split(" | "), row.strip("| ").split(" | "), strict=True))
    median, most = (float(cells[name].replace(",", "")) for name in ("median CPU ms", "max CPU ms"))
    assert 0 < median <= most
