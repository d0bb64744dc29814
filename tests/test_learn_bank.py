"""The practice bank (webapp/sudoku/lessons/bank.py) and `sudoku learn-bank`."""

from __future__ import annotations

from pathlib import Path

import pytest

from webapp.cli import main
from webapp.sudoku.lessons import Bank, BankError
from webapp.web.learn.shipped import shipped_bank

DATA = Path(__file__).with_name("data")
SMALL_RUN = [
    "learn-bank",
    "--rated",
    str(DATA / "se_rated_sample.txt"),
    "--limit",
    "3",
    "--seeds",
    "1",
    "--small-seeds",
    "1",
    "--per",
    "2",
]


def small_bank(tmp_path: Path, name: str) -> bytes:
    """The bytes a small run of the command writes."""
    out = tmp_path / name
    assert main([*SMALL_RUN, "--out", str(out)]) == 0
    return out.read_bytes()


def test_the_same_command_writes_the_same_bytes(tmp_path: Path) -> None:
    assert small_bank(tmp_path, "first.json") == small_bank(tmp_path, "second.json")


def test_a_bank_reads_back_as_written(tmp_path: Path) -> None:
    text = small_bank(tmp_path, "bank.json").decode()
    assert Bank.from_text(text).to_text() == text


def test_a_small_run_banks_every_first_size(tmp_path: Path) -> None:
    bank = Bank.from_text(small_bank(tmp_path, "bank.json").decode())
    assert {entry.size for entry in bank.entries} == {4, 6, 9}


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("not json", "not JSON"),
        ('{"entries": 3}', '"entries"'),
        ('{"entries": [["x-wing"]]}', "8 fields"),
        ('{"entries": [["x-wing", "3.2", "s", "p", "0", "", [], []]]}', "difficulty"),
        ('{"entries": [["x-wing", 3.2, "s", "p", "0", "", [[1]], []]]}', "[cell, value]"),
    ],
)
def test_a_broken_bank_is_refused_saying_what(text: str, named: str) -> None:
    with pytest.raises(BankError, match=named.replace("[", r"\[").replace("]", r"\]")):
        Bank.from_text(text)


def test_an_unreadable_source_is_a_usage_error(tmp_path: Path) -> None:
    assert main(["learn-bank", "--rated", str(tmp_path / "absent.txt")]) == 2


# HoDoKu's library is GPL-3: the tests may read it, the package must not ship it.
def test_the_shipped_bank_holds_no_position_of_hodokus_library() -> None:
    sources = {entry.source for entry in shipped_bank().entries}
    assert sorted(source for source in sources if source.startswith("reglib")) == []
