"""`sudoku hint` and `sudoku steps` end to end, on puzzles and pencil-mark grids."""

from __future__ import annotations

import json

import pytest

from webapp.sudoku import parse
from webapp.sudoku.logic import Position, bits_of, encode_marks
from webapp.sudoku.puzzle import Puzzle

from puzzles import NORVIG_EASY, NORVIG_EASY_SOLUTION, data_lines


def one_line_marks(position: Position) -> str:
    """A position as one line of pencil marks."""
    return " ".join(
        str(value) if value else "".join(map(str, bits_of(mask)))
        for value, mask in zip(position.values, position.candidates, strict=True)
    )


def hodoku_cases(code: str, count: int) -> list[tuple[str, str, set[tuple[int, int, str]]]]:
    """The first `count` cases of a HoDoKu code: (one-line marks, digit, expected removals)."""
    cases = []
    for fields in data_lines("hodoku_reglib_1.3.txt", sep=":"):
        if fields[1] == code and len(cases) < count:
            _, _, digit, givens, deleted, eliminations, *_ = fields
            position = Position.from_puzzle(Puzzle(parse(givens.replace("+", "")))).eliminate(
                ((int(c[1]) - 1) * 9 + int(c[2]) - 1, int(c[0])) for c in deleted.split()
            )
            expected = {(int(c[1]), int(c[2]), c[0]) for c in eliminations.split()}
            cases.append((one_line_marks(position), digit, expected))
    return cases


def test_a_hint_is_the_easiest_next_step(sudoku):
    code, out = sudoku("hint", stdin=NORVIG_EASY + "\n")
    assert code == 0
    assert out == "r2c2 must be 6: it is the only place for 6 in box 1\n"


def test_a_hint_in_json_says_what_to_place(sudoku):
    _, out = sudoku("hint", "--json", stdin=NORVIG_EASY + "\n")
    record = json.loads(out)
    assert record["status"] == "step"
    [[row, col, symbol]] = record["step"]["placements"]
    assert NORVIG_EASY_SOLUTION[(row - 1) * 9 + col - 1] == symbol


def test_a_framed_grid_over_several_lines_takes_grid(sudoku):
    marks = one_line_marks(Position.from_puzzle(Puzzle(parse(NORVIG_EASY)))).split()
    rows = ["| " + " ".join(marks[r * 9 : (r + 1) * 9]) + " |" for r in range(9)]
    _, out = sudoku("hint", "--grid", stdin=".---.\n" + "\n".join(rows) + "\n'---'\n")
    assert out.startswith("r")
    assert "must be" in out or "is " in out


@pytest.mark.parametrize(
    ("position", "said"),
    [
        (NORVIG_EASY_SOLUTION, "solved"),
        ("12x4", "invalid: "),
    ],
)
def test_a_hint_without_a_step_says_why(sudoku, position, said):
    _, out = sudoku("hint", stdin=position + "\n")
    assert out.startswith(said)


def test_a_hint_where_nothing_applies_says_so(sudoku):
    # The empty grid: no single, no pattern, and no value leads to a contradiction.
    _, out = sudoku("hint", stdin="0" * 81 + "\n")
    assert out.startswith("stuck: ")


@pytest.mark.parametrize(("marks", "digit", "expected"), hodoku_cases("0300", 6))
def test_steps_finds_hodokus_x_wings(sudoku, marks, digit, expected):
    code, out = sudoku("steps", "--technique", "x-wing", "--json", stdin=marks + "\n")
    record = json.loads(out)
    assert code == 0 and record["technique"] == "x-wing"
    removed = {
        (row, col, symbol)
        for instance in record["instances"]
        for row, col, symbol in instance["eliminations"]
        if symbol == digit
    }
    assert removed == expected


def test_steps_refuses_a_technique_it_does_not_know(sudoku):
    code, _ = sudoku("steps", "--technique", "x-ray", stdin=NORVIG_EASY + "\n")
    assert code == 2


def test_the_hint_summary_times_every_position(sudoku):
    marks = one_line_marks(Position.from_puzzle(Puzzle(parse(NORVIG_EASY))))
    _, out = sudoku("hint", "--summary", stdin="\n".join([NORVIG_EASY, marks, "12x"]))
    lines = out.splitlines()
    assert lines[0] == lines[1]  # the same position, as a puzzle and as pencil marks
    assert lines[2].startswith("invalid: ")
    header, rule, row = lines[-3:]
    cells = dict(zip(header.strip("| ").split(" | "), row.strip("| ").split(" | "), strict=True))
    assert cells["positions"] == "3"
    assert float(cells["median ms"]) <= float(cells["p99 ms"]) <= float(cells["max ms"])
    assert rule.count("|") == header.count("|")


def test_a_hint_that_needs_more_than_its_budget_says_it_stopped(sudoku):
    big = data_lines("engine_25x25_answers.txt")[0][0]
    code, out = sudoku("hint", "--budget-work", "1", stdin=big + "\n")
    assert code == 0
    assert out.strip() == "stopped: the next step needs more work than the budget"


def test_steps_says_whether_it_found_every_instance(sudoku):
    _, out = sudoku("steps", "--technique", "hidden-single", "--json", stdin=NORVIG_EASY + "\n")
    record = json.loads(out)
    assert record["complete"] is True and record["instances"]
    big = data_lines("engine_25x25_answers.txt")[0][0]
    _, out = sudoku(
        "steps",
        "--technique",
        "jellyfish",
        "--ceiling-seconds",
        "0.000001",
        "--json",
        stdin=big + "\n",
    )
    assert json.loads(out)["complete"] is False


EXTREME = "004000300090270540060000002910605007000004030300190050600040000000000093070050000"


def test_a_players_hint_answers_what_the_api_does(sudoku, client):
    progress, marks = EXTREME, ""
    for _ in range(40):  # to a step that removes candidates, past the first singles
        _, out = sudoku(
            "hint", "--progress", progress, "--marks", marks, "--json", stdin=EXTREME + "\n"
        )
        record = json.loads(out)
        body = client.post(
            "/api/hint", json={"puzzle": EXTREME, "progress": progress, "marks": marks}
        ).json
        assert body["play_url"].endswith(record.pop("play_url"))
        body.pop("play_url")
        assert record == body
        if record["step"]["eliminations"]:
            break
        progress, marks = record["progress_after"], record["marks_after"]
    assert record["marks_after"] != marks


def test_a_players_hint_in_words_gives_the_tiers_and_the_codes_after(sudoku):
    _, out = sudoku("hint", "--progress", "", stdin=NORVIG_EASY + "\n")
    look, what, do, progress, marks = out.splitlines()
    assert look == "Where to look: There is a hidden single in box 1."
    assert what == "What it is: r2c2 must be 6: it is the only place for 6 in box 1."
    assert do == "Do it: Place 6 in r2c2."
    cells = list(NORVIG_EASY.replace(".", "0"))
    cells[10] = "6"
    assert progress == "progress: " + "".join(cells)
    assert marks == "marks: "


def test_a_pencil_mark_input_gives_the_players_notes(sudoku):
    start = Position.from_puzzle(Puzzle(parse(NORVIG_EASY)))
    assert NORVIG_EASY_SOLUTION[1] == "8"
    noted = start.eliminate([(1, 4)])  # r1c2 keeps 5, 7 and 8
    _, out = sudoku("hint", "--progress", "", "--json", stdin=one_line_marks(noted) + "\n")
    record = json.loads(out)
    assert record["marks_after"] == encode_marks(noted)


@pytest.mark.parametrize(
    ("stdin", "options"),
    [
        (NORVIG_EASY + "\n" + NORVIG_EASY + "\n", ["--progress", ""]),
        (NORVIG_EASY + "\n", ["--marks", "!"]),
        (NORVIG_EASY + "\n", ["--progress", "12"]),
        ("0" * 81 + "\n", ["--progress", ""]),
    ],
    ids=["two-puzzles", "bad-marks", "bad-progress", "many-solutions"],
)
def test_a_players_hint_that_cannot_be_given_is_a_usage_error(sudoku, stdin, options):
    code, out = sudoku("hint", *options, stdin=stdin)
    assert code == 2 and out == ""
