"""batch and batch_solve: a batch told apart from one puzzle over several lines, each line read
on its own, the limits, and each puzzle solved and rated within its budget and the batch's."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from webapp.sudoku import GAVE_UP, MULTIPLE, NO_SOLUTION, SOLVED, Budget, parse, solve
from webapp.sudoku.batch import MAX_BATCH_LENGTH, MAX_PUZZLES, read_batch, read_puzzles
from webapp.sudoku.batch_solve import BatchBudget, RowStatus, counts, solve_batch
from webapp.sudoku.errors import PuzzleError
from webapp.sudoku.logic import find_path
from webapp.sudoku.logic.levels import level_of
from webapp.sudoku.puzzle import Puzzle

from puzzles import (
    DATA,
    EASY_SS,
    FOUR,
    NORVIG_EASY,
    RATED_5_7,
    SEED_EASY,
    SIX,
    data_lines,
)

TWO_9X9 = (DATA / "two_9x9.sdm").read_text()
MIXED = (DATA / "batch_mixed.sdm").read_text()
NOT_TRIED = "not tried: the batch's 0 s ran out first"
NOT_RATED = "not rated: the server stopped the batch to stay responsive (try again)"
FLOOR = "rated up to where its work ran out: the rating is a floor"
ROOMY = BatchBudget(Budget(nodes=250_000, ceiling_seconds=5.0), rating_work=250_000, seconds=60.0)


def rows_of(text: str) -> list[str]:
    """A one-line 9x9 (or other) puzzle written a row a line."""
    size = int(len(text) ** 0.5)
    return "\n".join(text[start : start + size] for start in range(0, len(text), size)) + "\n"


def parse_error(text: str) -> PuzzleError:
    """What parse says of a text that is not a puzzle."""
    with pytest.raises(PuzzleError) as raised:
        parse(text)
    return raised.value


def test_the_issues_file_of_two_puzzles_is_now_a_batch_of_two():
    with pytest.raises(PuzzleError, match="expected 144 cells, found 162"):
        parse(TWO_9X9)  # what the paste form answered before: the text as one puzzle
    entries = read_batch(TWO_9X9)
    assert entries is not None
    assert [(entry.index, entry.line, entry.text) for entry in entries] == [
        (index, index + 1, line) for index, line in enumerate(TWO_9X9.splitlines())
    ]
    assert [entry.puzzle for entry in entries] == [
        Puzzle(parse(line)) for line in TWO_9X9.splitlines()
    ]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (NORVIG_EASY, "one line"),
        (NORVIG_EASY + "\n\n# a comment after it\n", "one puzzle line, the rest skipped"),
        (rows_of(SEED_EASY), "a row a line"),
        (EASY_SS, "rows with rules between boxes"),
        (rows_of(SEED_EASY).replace("\n", "\r\n"), "rows with CRLF"),
        (rows_of(SEED_EASY).replace(".", ",").replace("\n", ",\n"), "numbers in fields"),
        (rows_of("." * 256), "16 rows of 16, each of which would also read as a 4x4"),
        (rows_of(SEED_EASY).replace("5", "x", 1), "a row a line, with a typo parse names"),
        ("", "nothing"),
    ],
)
def test_one_puzzle_over_several_lines_is_no_batch(text, why):
    assert read_batch(text) is None, why


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        (TWO_9X9, [1, 2]),
        (MIXED, [5, 6, 7, 9, 10, 11, 12]),
        ("\n".join([FOUR] * 9), list(range(1, 10))),  # 144 cells: a 12x12, but 9 lines
        ("\n".join([SIX] * 4), [1, 2, 3, 4]),  # 144 cells too
        (f"{NORVIG_EASY} # Norvig's grid1\r\n{SEED_EASY}\t# easy\r\n", [1, 2]),
        (f"{NORVIG_EASY}\nnot a puzzle\n", [1, 2]),  # half the lines are puzzles
        (f"{NORVIG_EASY}\n{NORVIG_EASY[:-1]}\n{SEED_EASY}\n", [1, 2, 3]),
    ],
)
def test_a_batch_is_read_a_line_a_puzzle_with_comments_and_blanks_skipped(text, lines):
    entries = read_batch(text)
    assert entries is not None
    assert [entry.line for entry in entries] == lines
    assert [entry.index for entry in entries] == list(range(len(lines)))
    for entry in entries:
        assert (entry.puzzle is None) == (entry.error is not None)


def test_a_bad_line_is_an_entry_saying_what_is_wrong_with_it():
    good, short = NORVIG_EASY, NORVIG_EASY[:-1]
    entries = read_batch(f"{good}\n{short}\n{good}\n")
    assert entries is not None
    bad = entries[1]
    assert (bad.line, bad.text, bad.puzzle) == (2, short, None)
    assert bad.error is not None
    assert (
        bad.error.message
        == "expected 81 cells, found 80 (a puzzle has 16, 36, 81, 144, 256 or 625 cells)"
    )


def test_a_bad_lines_message_names_its_line_and_column_in_the_file():
    """Line 5, indented and with a comment, has an x as its 79th cell: the message points
    at that character of the file, not at line 1 of the line read alone."""
    bad = "   " + NORVIG_EASY[:78] + "x" + NORVIG_EASY[79:] + "  # a typo"
    lines = [NORVIG_EASY, SEED_EASY, "# a comment", NORVIG_EASY, bad, SEED_EASY]
    entries = read_batch("\n".join(lines))
    assert entries is not None
    (entry,) = [entry for entry in entries if entry.error is not None]
    assert entry.line == 5 and entry.error is not None
    column = lines[4].index("x") + 1
    assert entry.error.message.startswith(f"line 5, column {column}: 'x' is not a")
    assert (entry.error.line, entry.error.column) == (5, column)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "\n".join([FOUR] * (MAX_PUZZLES + 1)),
            "the batch holds 1,001 puzzles, one a line; a batch takes at most 1,000",
        ),
        ("\n".join([NORVIG_EASY] * 10_001), "the text is 820,081 characters long"),
        (
            "\n".join([NORVIG_EASY] * 1_700),
            f"a batch, one puzzle a line, at most {MAX_BATCH_LENGTH:,}",
        ),
    ],
)
def test_a_batch_beyond_the_limits_is_refused_naming_them(text, message):
    with pytest.raises(PuzzleError, match=message):
        read_batch(text)


def test_a_list_of_puzzles_is_read_each_whole_and_bounded():
    entries = read_puzzles([NORVIG_EASY, rows_of(SEED_EASY), "x"])
    assert [(entry.index, entry.line) for entry in entries] == [(0, None), (1, None), (2, None)]
    assert [entry.puzzle for entry in entries[:2]] == [
        Puzzle(parse(NORVIG_EASY)),
        Puzzle(parse(SEED_EASY)),
    ]
    assert entries[2].error is not None
    with pytest.raises(PuzzleError, match="1,001 puzzles were sent; a batch takes at most 1,000"):
        read_puzzles([FOUR] * 1_001)


@given(st.text(max_size=2_000))
def test_any_text_is_one_puzzle_a_batch_or_a_puzzle_error(text):
    try:
        entries = read_batch(text)
    except PuzzleError:
        return
    if entries is not None:
        assert len(entries) >= 2
        assert sum(entry.puzzle is not None for entry in entries) * 2 >= len(entries)


# Solving


def test_every_outcome_of_the_mixed_file_is_its_row():
    entries = read_batch(MIXED)
    assert entries is not None
    rows = solve_batch(entries, ROOMY)
    # The statuses the file's sources give: Project Euler's three, tdoku's counts 0 and 125,
    # and a 4x4 and a 16x16 with one solution each.
    assert [(row.line, row.status) for row in rows] == [
        (5, SOLVED),
        (6, SOLVED),
        (7, SOLVED),
        (9, NO_SOLUTION),
        (10, MULTIPLE),
        (11, SOLVED),
        (12, SOLVED),
    ]
    for row, entry in zip(rows, entries, strict=True):
        assert entry.puzzle is not None
        assert (row.code, row.size) == (entry.puzzle.code, entry.puzzle.size)
        assert row.givens == sum(1 for value in entry.puzzle.cells if value)
        rated = row.status == SOLVED
        assert (row.rating is not None) == rated
        if rated:
            path = find_path(entry.puzzle, unique=True)
            assert (row.rating, row.hardest) == (path.rating, path.hardest)
            assert row.level == level_of(path.rating)
            assert row.rated_to_end and row.message == ""
    assert counts(rows) == {
        SOLVED: 5,
        MULTIPLE: 1,
        NO_SOLUTION: 1,
        GAVE_UP: 0,
        RowStatus.INVALID: 0,
        "total": 7,
    }


def test_a_line_that_cannot_be_read_is_a_row_with_its_message():
    entries = read_batch(f"{NORVIG_EASY}\n{NORVIG_EASY[:-1]}x\n")
    assert entries is not None
    rows = solve_batch(entries, ROOMY)
    assert [row.status for row in rows] == [SOLVED, RowStatus.INVALID]
    alone = parse_error(f"{NORVIG_EASY[:-1]}x").message
    assert alone.startswith("line 1, column 81: ")
    assert rows[1].message == "line 2, column 81: " + alone.removeprefix("line 1, column 81: ")
    assert rows[1].code is None and rows[1].rating is None


@pytest.mark.parametrize(
    ("puzzle", "budget", "status", "message"),
    [
        # RATED_5_7: one search node does not solve it; its path takes more than 100 units.
        (
            RATED_5_7,
            BatchBudget(Budget(nodes=1), 10**6, 60.0),
            GAVE_UP,
            "not decided within its work budget (1 search node)",
        ),
        # A ceiling (the batch's time left, or the solve's) says nothing about the puzzle.
        (
            RATED_5_7,
            BatchBudget(Budget(ceiling_seconds=0.0), 10**6, 60.0),
            GAVE_UP,
            "not decided: the server stopped the batch to stay responsive (try again)",
        ),
        (
            NORVIG_EASY,
            BatchBudget(Budget(), 10**6, 0.0),
            GAVE_UP,
            "not tried: the batch's 0 s ran out first",
        ),
        (
            NORVIG_EASY,
            BatchBudget(Budget(), 0, 60.0),
            SOLVED,
            "not rated: its first step needs more work",
        ),
        (
            RATED_5_7,
            BatchBudget(Budget(), 100, 60.0),
            SOLVED,
            "rated up to where its work ran out: the rating is a floor",
        ),
    ],
)
def test_a_puzzle_short_of_budget_says_what_was_not_done(puzzle, budget, status, message):
    (row,) = solve_batch(read_puzzles([puzzle]), budget)
    assert (row.status, row.message) == (status, message)
    assert row.code == parse(puzzle).code
    assert row.rated_to_end is False
    if "floor" in message:
        assert (
            row.rating is not None
            and row.rating < find_path(Puzzle(parse(puzzle)), unique=True).rating + 0.01
        )
    else:
        assert row.rating is None


def test_a_puzzle_solved_with_too_little_time_left_to_rate_says_so(monkeypatch):
    # A batch of 60 s, and a rating that would need more than that left to begin.
    monkeypatch.setattr("webapp.sudoku.batch_solve.LEAST_RATING_SECONDS", 120.0)
    (row,) = solve_batch(read_puzzles([NORVIG_EASY]), ROOMY)
    assert (row.status, row.rating, row.message) == (SOLVED, None, NOT_RATED)


def test_progress_is_told_after_each_row():
    told = []
    solve_batch(
        read_puzzles([NORVIG_EASY, "x", FOUR]),
        ROOMY,
        lambda done, total: told.append((done, total)),
    )
    assert told == [(1, 3), (2, 3), (3, 3)]


def test_a_decided_status_agrees_with_the_solver():
    puzzles = [fields[0] for fields in data_lines("web_multiple.txt")[:3]]
    rows = solve_batch(read_puzzles(puzzles), ROOMY)
    assert [row.status for row in rows] == [solve(Puzzle(parse(p))).status for p in puzzles]
