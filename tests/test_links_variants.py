"""Variant rules in f-puzzles and SudokuPad links (webapp/sudoku/links/fpuzzles.py): real links
with X-Sudoku, Windoku and Jigsaw rules solve to the solution their source gives, checked by
the tests' own rules; what the solver does not read is refused by name; our own links carry
the rules back."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sudoku_rules import valid_variant_solution

from webapp.sudoku import SHAPES, SOLVED, Grid, PuzzleError, solve
from webapp.sudoku.generator.jigsaw import random_regions
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.links import fpuzzles_link, open_in, read_link
from webapp.sudoku.links.fpuzzles import write_json
from webapp.sudoku.links.lzstring import compress_to_base64, decompress_from_base64
from webapp.sudoku.puzzle import Puzzle, Rules

from puzzles import DATA


def variant_links() -> list[tuple[str, str, str]]:
    """(rules, solution or "-", url) of each line of tests/data/links/variant_links.txt."""
    lines = (DATA / "links" / "variant_links.txt").read_text().splitlines()
    return [tuple(line.split()) for line in lines if line.strip() and not line.startswith("#")]


def json_of(url: str) -> dict:
    """The f-puzzles JSON a load= link carries, opened without the reader under test."""
    return json.loads(decompress_from_base64(url.partition("load=")[2]))


def labels_of(data: dict) -> str:
    """One region label per cell, read from f-puzzles JSON by the tests' own reading: a
    cell's `region`, else its 3x3 box (9x9 only)."""
    size = data["size"]
    return "".join(
        str(cell.get("region", r // 3 * 3 + c // 3))
        for r, row in enumerate(data["grid"])
        for c, cell in enumerate(row)
        if size == 9
    )


def givens_of(data: dict) -> str:
    """The givens as one line, "." for a blank."""
    cells = [cell for row in data["grid"] for cell in row]
    return "".join(str(cell["value"]) if cell.get("given") else "." for cell in cells)


@pytest.mark.parametrize(("letters", "solution", "url"), variant_links())
def test_a_real_variant_link_solves_once_to_its_sources_solution_under_its_rules(
    letters, solution, url
):
    linked = read_link(url)
    assert linked is not None
    puzzle = linked.given
    assert "".join(puzzle.rules.extras) + ("j" if puzzle.rules.regions else "") == letters
    result = solve(puzzle)
    assert result.status == SOLVED and result.solution is not None
    found = result.solution.code
    if solution != "-":
        assert found == solution
    data = json_of(url)
    assert valid_variant_solution(
        found,
        givens_of(data),
        9,
        regions=labels_of(data),
        diagonals=bool(data.get("diagonal+") and data.get("diagonal-")),
        windows=bool(data.get("extraregion")),
    )


def test_the_real_jigsaw_link_marks_only_the_cells_outside_their_box():
    """f-puzzles writes `region` only where a cell leaves its box (no `null`s)."""
    url = next(url for letters, _, url in variant_links() if letters == "j")
    cells = [cell for row in json_of(url)["grid"] for cell in row]
    marked = [cell["region"] for cell in cells if "region" in cell]
    assert 0 < len(marked) < 81 and None not in marked
    regions = read_link(url).rules.regions
    assert len(set(regions)) == 9 and all(regions.count(number) == 9 for number in range(9))


NINE = Grid(SHAPES[9], (1,) + (0,) * 80)


def link_to(change) -> str:
    """An f-puzzles link to NINE's JSON after `change(data)`."""
    data = json.loads(write_json(NINE))
    change(data)
    return "https://f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))


def _one_diagonal(data):
    data["diagonal-"] = True


def _not_windows(data):
    data["extraregion"] = [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"]}]


def _three_windows(data):
    data["extraregion"] = json.loads(write_json(NINE, Rules(("w",))))["extraregion"][:3]


def _off_grid(data):
    data["extraregion"] = [{"cells": ["R10C1"]}]


def _no_region(data):
    data["grid"][4][4]["region"] = None


def _word_region(data):
    data["grid"][0][1]["region"] = "a"


def _split_region(data):
    data["grid"][0][0]["region"] = 8  # region 9 takes r1c1: 10 cells, and apart


def _windoku_on_six(data):
    data["size"] = 6
    data["grid"] = [[{} for _ in range(6)] for _ in range(6)]
    data["extraregion"] = [{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"]}]


def _thermo_on_jigsaw(data):
    data["grid"][0][3]["region"] = 0
    data["grid"][0][2]["region"] = 1
    data["thermometer"] = [{"lines": [["R1C1", "R1C2"]]}]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_one_diagonal, "holds a variant: a negative diagonal alone (X-Sudoku has both"),
        (_not_windows, "holds a variant: extra regions other than Windoku's four windows"),
        (_three_windows, "extra regions other than Windoku's four windows"),
        (_off_grid, "names a cell 'R10C1' off its grid"),
        (_no_region, "holds a variant: cells in no region (r5c5)"),
        (_word_region, "row 1, column 2 names the region 'a', not a number"),
        (_split_region, "regions are not a Jigsaw's: Region 1 (from r1c1) has 10 cells, not 9"),
        (_windoku_on_six, "extra regions other than Windoku's four windows"),
        (_thermo_on_jigsaw, "holds a variant: thermometers,"),
    ],
)
def test_what_the_solver_does_not_read_is_refused_by_name(change, words):
    with pytest.raises(PuzzleError, match=re.escape(words)):
        read_link(link_to(change))


def test_a_real_jigsaw_with_thermometers_is_refused_for_its_thermometers_alone():
    line = next(
        line
        for line in (DATA / "links" / "real_links.txt").read_text().splitlines()
        if line.startswith("variant thermometers ")
    )
    with pytest.raises(PuzzleError) as raised:
        read_link(line.split()[-1])
    assert "holds a variant: thermometers, which" in raised.value.message


def test_a_sudokupad_link_carries_the_rules_too():
    url = next(url for letters, _, url in variant_links() if letters == "w")
    linked = read_link("https://sudokupad.app/fpuzzles" + url.partition("load=")[2])
    assert linked is not None and linked.site == "SudokuPad"
    assert linked.rules == Rules(("w",))


SEEDS = (0, 1)  # two of those tests/test_regions.py draws (quick to fill)


@cache
def region_maps(size: int) -> tuple[tuple[int, ...], ...]:
    """A few random region maps of `size` (drawn once: drawing one fills a grid)."""
    return tuple(random_regions(SHAPES[size], SeededRandom(f"{size}:{seed}")) for seed in SEEDS)


def pattern_grid(size: int, blanks: list[bool]) -> Grid:
    """Some cells of a grid (not a solution: the reader does not solve), the rest blank."""
    values = [(index * 7 + index // size) % size + 1 for index in range(size * size)]
    return Grid(
        SHAPES[size], tuple(0 if blank else v for v, blank in zip(values, blanks, strict=True))
    )


@pytest.mark.parametrize(
    ("size", "extras"),
    [(4, ""), (4, "w"), (6, "x"), (9, ""), (9, "x"), (9, "w"), (9, "xw"), (12, "x"), (16, "w")],
)
@settings(max_examples=6, deadline=None)
@given(pick=st.integers(0, len(SEEDS)), data=st.data())
def test_our_f_puzzles_link_reads_back_to_the_same_puzzle(size, extras, pick, data):
    regions = region_maps(size)[pick] if pick < len(SEEDS) else ()
    blanks = data.draw(st.lists(st.booleans(), min_size=size * size, max_size=size * size))
    puzzle = Puzzle(pattern_grid(size, blanks), Rules.from_letters(extras, regions))
    linked = read_link(fpuzzles_link(puzzle.grid, puzzle.rules))
    assert linked is not None and linked.given == puzzle
    written = json.loads(write_json(puzzle.grid, puzzle.rules))
    marked = sum("region" in cell for row in written["grid"] for cell in row)
    assert marked < size * size if regions else marked == 0


def test_variants_open_in_f_puzzles_only_and_classics_in_sudokuwiki_too():
    jigsaw = read_link(next(url for letters, _, url in variant_links() if letters == "j")).given
    assert [link.key for link in open_in(jigsaw)] == ["fpuzzles"]
    assert read_link(open_in(jigsaw)[0].url).given == jigsaw
    assert [link.key for link in open_in(Puzzle(NINE))] == ["sudokuwiki", "fpuzzles"]
    assert open_in(Puzzle(Grid(SHAPES[6], (0,) * 36), Rules(("x",)))) == ()
