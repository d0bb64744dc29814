"""The puzzle form: what it accepts, what it says about what it does not."""

from __future__ import annotations

import io

import pytest
from test_marks_pages import SUDOPEDIA
from werkzeug.datastructures import FileStorage, MultiDict

from webapp.sudoku import Puzzle, parse
from webapp.web.puzzle_form.forms import filled_form, form_class
from webapp.web.puzzle_form.reading import (
    BatchFound,
    FormProblems,
    FormRead,
    PositionFound,
    PuzzleFound,
    read_form,
)

from puzzles import data_lines

EMPTY_9 = "0" * 81


def found(read: FormRead) -> Puzzle | None:
    """The puzzle a read form holds; None when it holds none."""
    return read.puzzle if isinstance(read, PuzzleFound) else None


def cells(size: int = 9, **values: str) -> MultiDict:
    """Form data for a grid of `size` with the given cells (r1c1="5") filled."""
    return MultiDict({"size": str(size), **values})


def upload(text: bytes, filename: str = "puzzle.txt") -> FileStorage:
    """An uploaded file as Werkzeug hands it over."""
    return FileStorage(io.BytesIO(text), filename=filename)


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16, 25])
def test_form_class_has_one_field_per_cell_in_reading_order(size):
    cls = form_class(size)
    assert len(cls.cell_names) == size * size
    assert cls.cell_names[:2] == ("r1c1", "r1c2")
    assert cls.cell_names[-1] == f"r{size}c{size}"
    assert form_class(size) is cls


@pytest.mark.parametrize(
    ("size", "values", "code"),
    [
        (9, {}, EMPTY_9),
        (9, {"r1c1": "5", "r9c9": " 9 "}, "5" + "0" * 79 + "9"),
        (4, {"r2c3": "4"}, "0" * 6 + "4" + "0" * 9),
        (16, {"r1c1": "g", "r1c2": "A"}, "GA" + "0" * 254),
        (25, {"r1c1": "p"}, "P" + "0" * 624),
    ],
)
def test_cells_that_hold_symbols_make_the_grid(size, values, code):
    read = read_form(cells(size, **values))
    assert found(read) is not None
    assert found(read).code == code


@pytest.mark.parametrize(
    ("size", "field", "typed", "message"),
    [
        (9, "r3c7", "x", "r3c7: 'x' is not a digit from 1 to 9"),
        (9, "r1c1", "0", "r1c1: '0' is not a digit from 1 to 9"),
        (9, "r1c1", "12", "r1c1: '12' is not a digit from 1 to 9"),
        (9, "r1c1", "A", "r1c1: 'A' is not a digit from 1 to 9"),
        (4, "r2c2", "5", "r2c2: '5' is not a digit from 1 to 4"),
        (6, "r1c1", "7", "r1c1: '7' is not a digit from 1 to 6"),
        (12, "r1c1", "D", "r1c1: 'D' is not a symbol from 1 to C"),
        (16, "r16c16", "H", "r16c16: 'H' is not a symbol from 1 to G"),
        (25, "r1c1", "Q", "r1c1: 'Q' is not a symbol from 1 to P"),
        (9, "r1c1", "x" * 20, "r1c1: 'xxxxxxxxxx…' is not a digit from 1 to 9"),
    ],
)
def test_a_cell_that_holds_no_symbol_is_named_with_what_was_typed(size, field, typed, message):
    read = read_form(cells(size, **{field: typed}))
    form = read.form
    assert found(read) is None
    assert form[field].errors == [message]
    assert form[field].data == typed


@pytest.mark.parametrize(
    ("values", "units"),
    [
        ({"r1c1": "5", "r1c2": "5"}, [("row", 1), ("box", 1)]),
        ({"r3c2": "5", "r3c7": "5"}, [("row", 3)]),
        ({"r1c1": "5", "r9c1": "5"}, [("column", 1)]),
        ({"r1c1": "5", "r2c2": "5"}, [("box", 1)]),
    ],
)
def test_clashing_givens_keep_the_form_from_solving(values, units):
    read = read_form(cells(**values))
    assert found(read) is None
    assert [(c.unit, c.index) for c in read.conflicts] == units


def test_clashes_are_found_even_when_another_cell_is_wrong():
    read = read_form(cells(r1c1="5", r1c2="5", r9c9="x"))
    form = read.form
    assert form.r9c9.errors
    assert [(c.unit, c.index) for c in read.conflicts] == [("row", 1), ("box", 1)]


@pytest.mark.parametrize("size", ["7", "nine", "-1"])
def test_a_size_that_no_grid_has_is_an_error(size):
    read = read_form(MultiDict({"size": size}))
    form = read.form
    assert found(read) is None
    assert form.size.errors == ["There is no grid of that size: choose 4, 6, 9, 12, 16 or 25"]
    assert form.shape.size == 9


def test_a_pasted_puzzle_wins_over_the_cells(unique_puzzle):
    read = read_form(MultiDict({"size": "9", "r1c1": "1", "puzzle": unique_puzzle.puzzle}))
    assert found(read) == Puzzle(parse(unique_puzzle.puzzle))


def test_a_pasted_puzzle_of_another_size_comes_back_at_its_size():
    text = "12.. / ..12 / 21.. / ..2x".replace(" / ", "\n")
    read = read_form(MultiDict({"size": "9", "puzzle": text}))
    form = read.form
    assert found(read) is None
    assert form.puzzle.errors == [
        "Pasted puzzle: line 4, column 4: 'x' is not a symbol of a 4x4 grid"
        " (symbols are 1-4; . or 0 is a blank)"
    ]
    clash_read = read_form(MultiDict({"size": "9", "puzzle": "11" + "." * 14}))
    clash = clash_read.form
    assert clash.shape.size == 4
    assert clash.r1c1.data == "1"
    assert clash.puzzle.data == "11" + "." * 14
    assert [(c.unit, c.index) for c in clash_read.conflicts] == [("row", 1), ("box", 1)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12345", "Pasted puzzle: expected 16 cells, found 5"),
        ("what?", "Pasted puzzle: line 1, column 1: 'w' is not a Sudoku symbol"),
        ("x" * 81, "Pasted puzzle: line 1, column 1: 'x' is not a symbol of a 9x9 grid"),
    ],
)
def test_a_paste_that_cannot_be_read_says_where(text, message):
    read = read_form(MultiDict({"puzzle": text}))
    form = read.form
    assert found(read) is None
    assert form.puzzle.errors[0].startswith(message)


def _sixteen_rows(row: int, col: int, symbol: str, between: str) -> str:
    """A 16x16 puzzle written a row a line, cells joined by `between`, with `symbol` at
    row `row`, column `col` (from 1)."""
    code = data_lines("engine_16x16_answers.txt")[0][0]
    cells = list(code)
    cells[(row - 1) * 16 + col - 1] = symbol
    return "\n".join(between.join(cells[r * 16 : (r + 1) * 16]) for r in range(16))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param(
            _sixteen_rows(1, 1, "Z", ""),
            "Pasted puzzle: line 1, column 1: 'Z' is not a symbol of a 16x16 grid",
            id="on line 1, not a batch of 4x4s",
        ),
        pytest.param(
            _sixteen_rows(5, 6, "Z", ""),
            "Pasted puzzle: line 5, column 6: 'Z' is not a symbol of a 16x16 grid",
            id="not a 4x4 pencil-mark grid",
        ),
        pytest.param(
            _sixteen_rows(5, 6, "Z", " "),
            "Pasted puzzle: line 5, column 11: 'Z' is not a symbol of a 16x16 grid (symbols are"
            " 1-9 and A-G; . or 0 is a blank); it stands in row 5, column 6 of the grid",
            id="cells between spaces",
        ),
    ],
)
def test_a_sixteen_by_sixteen_in_rows_names_its_bad_symbol_by_row_and_column(text, message):
    read = read_form(MultiDict({"source": "paste", "puzzle": text}))
    assert [error[: len(message)] for error in read.form.puzzle.errors] == [message]


def test_an_uploaded_file_is_read_like_a_paste(unique_puzzle):
    text = f"{unique_puzzle.puzzle}\n".encode()
    read = read_form(MultiDict({"upload": upload(text)}))
    assert found(read) == Puzzle(parse(unique_puzzle.puzzle))


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            {"upload": upload(b"\xff\xfe\x00")},
            "upload",
            "Uploaded file: it is not a plain text file",
        ),
        ({"upload": upload(b"12x")}, "upload", "Uploaded file: line 1, column 3:"),
        (
            {"upload": upload(b"1" * 16), "puzzle": "1234"},
            "upload",
            "Paste a puzzle or upload a file, not both",
        ),
    ],
)
def test_upload_problems_are_reported_on_the_upload(data, field, message):
    read = read_form(MultiDict(data))
    form = read.form
    assert found(read) is None
    assert form[field].errors[0].startswith(message)


def test_an_empty_upload_is_no_upload():
    read = read_form(MultiDict({"upload": upload(b"", filename="")}))
    assert found(read) is not None
    assert found(read).code == EMPTY_9


@pytest.mark.parametrize(
    "data",
    [
        {"source": "paste"},
        {"source": "paste", "puzzle": "  \n "},
        {"source": "paste", "puzzle": "", "upload": upload(b"", filename="")},
        {"source": "paste", "size": "16", "r1c1": "5"},
    ],
    ids=["nothing", "spaces", "empty-upload", "cells-ignored"],
)
def test_the_paste_form_sent_empty_asks_for_a_puzzle(data):
    read = read_form(MultiDict(data))
    form = read.form
    assert found(read) is None
    assert form.puzzle.errors == ["Paste a puzzle or choose a file to upload"]


def test_an_unreadable_upload_is_not_also_called_missing():
    read = read_form(MultiDict({"source": "paste", "upload": upload(b"\xff\xfe\x00")}))
    form = read.form
    assert form.upload.errors == ["Uploaded file: it is not a plain text file"]
    assert form.puzzle.errors == []


@pytest.mark.parametrize("size", [4, 9, 25])
def test_an_empty_grid_from_the_grid_form_is_still_a_puzzle(size):
    read = read_form(cells(size))
    assert found(read) is not None
    assert found(read).code == "0" * size * size


def test_filled_form_holds_the_grid_symbols(unique_puzzle):
    form = filled_form(parse(unique_puzzle.puzzle))
    typed = "".join(field.data or "." for field in form.cell_fields())
    assert typed == unique_puzzle.puzzle
    assert form.size.data == "9"


def test_several_puzzles_one_a_line_come_back_as_a_batch(unique_puzzle):
    text = f"{unique_puzzle.puzzle}\n{unique_puzzle.puzzle}\n"
    read = read_form(MultiDict({"puzzle": text, "source": "paste"}))
    assert isinstance(read, BatchFound) and len(read.entries) == 2


def test_a_pencil_mark_grid_comes_back_as_a_position():
    read = read_form(MultiDict({"puzzle": SUDOPEDIA, "source": "paste"}))
    assert isinstance(read, PositionFound)


def test_clashing_givens_come_back_as_problems_naming_them():
    read = read_form(cells(r1c1="5", r1c2="5"))
    assert isinstance(read, FormProblems) and len(read.conflicts) == 2


def test_the_form_itself_holds_no_outcome(unique_puzzle):
    form = read_form(MultiDict({"puzzle": unique_puzzle.puzzle})).form
    assert not any(hasattr(form, name) for name in ("found", "batch", "position", "conflicts"))
