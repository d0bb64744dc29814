"""The practice bank (webapp/sudoku/lessons/bank.py) and `sudoku learn-bank`."""

from __future__ import annotations

from pathlib import Path

import pytest

from webapp.cli import main
from webapp.sudoku.lessons import Bank, BankEntry, BankError
from webapp.sudoku.lessons.bank import CLASSIC, CLASSIC_KINDS
from webapp.sudoku.logic.techniques import VERSION as TECHNIQUES_VERSION
from webapp.web.learn.shipped import VARIANT_ONLY, shipped_bank, step_of

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


# The same slice in two runs, the second walking only the later sources onto the first's bank.
def test_a_bank_built_onto_an_earlier_one_is_the_bank_of_all_its_sources(tmp_path: Path) -> None:
    whole, earlier, later = (
        tmp_path / "whole.json",
        tmp_path / "earlier.json",
        tmp_path / "later.json",
    )
    assert main([*SMALL_RUN, "--variant-seeds", "1", "--out", str(whole)]) == 0
    assert main([*SMALL_RUN, "--out", str(earlier)]) == 0
    rest = ["--seeds", "0", "--small-seeds", "0", "--variant-seeds", "1", "--per", "2"]
    assert main(["learn-bank", *rest, "--onto", str(earlier), "--out", str(later)]) == 0
    assert later.read_bytes() == whole.read_bytes()


def test_a_run_with_variant_seeds_banks_a_killers_own_technique(tmp_path: Path) -> None:
    out = tmp_path / "bank.json"
    assert main([*SMALL_RUN, "--variant-seeds", "1", "--out", str(out)]) == 0
    bank = Bank.from_text(out.read_text())
    assert bank.of(9, "cage-combinations", "Killer Sudoku") != ()


def test_a_run_with_small_expert_seeds_banks_their_6x6_positions(tmp_path: Path) -> None:
    out = tmp_path / "bank.json"
    assert main([*SMALL_RUN, "--small-expert-seeds", "2", "--out", str(out)]) == 0
    sources = {entry.source for entry in Bank.from_text(out.read_text()).entries}
    assert "generated:6x6:expert:0" in sources


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


def test_a_bank_to_build_onto_that_is_not_one_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "bank.json").write_text("not json")
    assert main(["learn-bank", "--seeds", "0", "--onto", str(tmp_path / "bank.json")]) == 2


def test_a_bank_built_by_other_techniques_is_not_built_onto(tmp_path: Path) -> None:
    text = small_bank(tmp_path, "first.json").decode()
    now = f'"techniques_version": {TECHNIQUES_VERSION}'
    (tmp_path / "old.json").write_text(text.replace(now, '"techniques_version": 0'))
    rest = ["--seeds", "0", "--small-seeds", "0", "--onto", str(tmp_path / "old.json")]
    assert main(["learn-bank", *rest]) == 2


# On a variant board a technique the classic board has too is banked only where it reads
# differently: its step uses one of the variant's own units.
VARIANT_SHOWN = [
    entry
    for entry in shipped_bank().entries
    if entry.variant != CLASSIC and entry.technique not in VARIANT_ONLY
]


@pytest.mark.parametrize(
    "entry", VARIANT_SHOWN, ids=lambda entry: f"{entry.technique}:{entry.source}"
)
def test_a_variant_boards_example_uses_the_variants_own_unit(entry: BankEntry) -> None:
    kinds = {kind for kind, _ in step_of(entry).units}
    assert kinds - CLASSIC_KINDS != set()


# HoDoKu's library is GPL-3: the tests may read it, the package must not ship it.
def test_the_shipped_bank_holds_no_position_of_hodokus_library() -> None:
    sources = {entry.source for entry in shipped_bank().entries}
    assert sorted(source for source in sources if source.startswith("reglib")) == []


# A Killer's share code takes longer to read than a practice page takes to draw: an entry's
# puzzle is read once a process, not on every request.
def test_an_entrys_puzzle_is_read_once() -> None:
    entry = shipped_bank().entries[-1]
    assert entry.parsed() is entry.parsed()


# A hidden quad is the easiest step only in a unit whose nine cells are all open: in one with
# fewer, the cells outside the quad are a naked subset of four or fewer, asked first, which
# removes the same (docs/api.md says so of why hidden quads are rare).
@pytest.mark.parametrize(
    "entry", shipped_bank().of(9, "hidden-quad"), ids=lambda entry: entry.source
)
def test_a_hidden_quad_lies_in_a_unit_with_every_cell_open(entry: BankEntry) -> None:
    position = entry.position()
    (named,) = step_of(entry).units
    (unit,) = [unit for unit in position.geometry.units if (unit.kind, unit.index) == named]
    assert [position.values[cell] for cell in unit.cells] == [0] * 9
