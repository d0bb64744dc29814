"""The one reader of numbers sent as text (webapp/sudoku/whole_numbers.py): ASCII digits
only, of a bounded length, never an error."""

from __future__ import annotations

import pytest

from webapp.sudoku.whole_numbers import read_place, read_whole_number


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("0", 0, id="zero"),
        pytest.param("7", 7, id="one digit"),
        pytest.param("0042", 42, id="leading zeros"),
        pytest.param("123456", 123456, id="as many digits as allowed"),
        pytest.param("1234567", None, id="one digit too many"),
        pytest.param("9" * 5_000, None, id="5,000 digits"),
        pytest.param("²", None, id="superscript two"),
        pytest.param("٣", None, id="Arabic-Indic three"),
        pytest.param("１", None, id="full-width one"),
        pytest.param("+1", None, id="a sign"),
        pytest.param("-1", None, id="a minus"),
        pytest.param(" 1", None, id="a space"),
        pytest.param("1_0", None, id="an underscore"),
        pytest.param("", None, id="empty"),
    ],
)
def test_a_number_is_ascii_digits_of_a_bounded_length(text, expected):
    assert read_whole_number(text, 6) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        pytest.param("r3c7", (3, 7), id="lower case"),
        pytest.param("r12c01", (12, 1), id="two digits"),
        pytest.param("R1C1", None, id="upper case"),
        pytest.param("r٣c1", None, id="Arabic-Indic row"),
        pytest.param("r1c²", None, id="superscript column"),
        pytest.param("r100c1", None, id="too many digits"),
        pytest.param("3c7", None, id="no r"),
        pytest.param("r3", None, id="no column"),
        pytest.param("r3c7c1", None, id="a column that is not a number"),
        pytest.param("", None, id="empty"),
    ],
)
def test_a_place_is_two_ascii_numbers(name, expected):
    assert read_place(name, 2) == expected
