"""Other solvers' links (webapp/sudoku/links/): real SudokuWiki, f-puzzles and SudokuPad links
read to the puzzle their source shows, variants are refused naming each rule, links we
cannot use say why, and our own "Open in" links read back to the grid they were made from."""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.sudoku import SHAPES, SOLVED, Grid, PuzzleError, parse, solve
from webapp.sudoku.links import fpuzzles_link, read_link, sudokuwiki_link
from webapp.sudoku.links.fpuzzles import (
    VARIANT_NAMES,
    cell_keys,
    line_keys,
    marked_keys,
    read_json,
    write_json,
)
from webapp.sudoku.links.lzstring import compress_to_base64, decompress_from_base64
from webapp.sudoku.puzzle import Puzzle

from puzzles import DATA, SIX, data_lines


def real_links(kind: str) -> list[tuple[str, str]]:
    """(argument, url) of each link of `kind` in tests/data/links/real_links.txt."""
    found = []
    for line in (DATA / "links" / "real_links.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        first, _, rest = line.partition(" ")
        argument, _, url = rest.rpartition(" ")
        if first == kind:
            found.append((argument, url))
    return found


def bd_of(url: str) -> str:
    """The board a SudokuWiki link carries."""
    return url.partition("bd=")[2]


@pytest.mark.parametrize("url", [url for _, url in real_links("classic") if "sudokuwiki" in url])
def test_a_real_sudokuwiki_link_reads_to_its_board_which_solves_once(url):
    linked = read_link(url)
    assert linked is not None
    assert linked.site == "SudokuWiki"
    assert linked.puzzle.code == bd_of(url)
    assert linked.solved == linked.puzzle
    assert linked.candidates is None
    assert solve(Puzzle(linked.puzzle)).status == SOLVED


@pytest.mark.parametrize(("start", "url"), real_links("position"))
def test_a_real_packed_position_agrees_with_the_puzzle_it_comes_from(start, url):
    """Its clues are the puzzle's givens, every solved cell holds the solution's value and
    every unsolved cell keeps the solution's value among its candidates."""
    linked = read_link(url)
    puzzle = parse(start)
    solution = solve(Puzzle(puzzle)).solution
    assert linked is not None and solution is not None
    assert linked.puzzle == puzzle
    assert linked.candidates is not None
    for index, (value, mask) in enumerate(zip(linked.solved.cells, linked.candidates, strict=True)):
        if value:
            assert value == solution.cells[index] and mask == 0
        else:
            assert mask & 1 << solution.cells[index]
    assert linked.solved.givens > puzzle.givens  # the position has solved cells too


@pytest.mark.parametrize("url", [url for _, url in real_links("classic") if "f-puzzles" in url])
def test_a_real_classic_f_puzzles_link_reads_to_the_givens_in_its_json(url):
    linked = read_link(url)
    data = json.loads(decompress_from_base64(url.partition("load=")[2]))
    cells = [cell for row in data["grid"] for cell in row]
    givens = [cell.get("value", 0) if cell.get("given") else 0 for cell in cells]
    assert linked is not None and linked.site == "f-puzzles"
    assert list(linked.puzzle.cells) == givens
    assert linked.puzzle.givens > 0


def test_the_givens_of_a_real_x_sudoku_link_are_those_printed_beside_it():
    """A C# solver's FPuzzlesImportTests print the grid of their X-Sudoku link; it reads to
    that grid, and with its two diagonals to X-Sudoku's rules."""
    url = (DATA / "links" / "variant_links.txt").read_text().split("\nx - ")[1].split()[0]
    found = read_json(decompress_from_base64(url.partition("load=")[2]))
    printed = (
        "--7----35 8-----9-- -2-67---- -----356- ----1---3 --2-8--4- ---19--5- ----5--7- --------4"
    )
    assert found.puzzle == parse(printed.replace("-", "."))
    assert found.rules.extras == ("x",)


@pytest.mark.parametrize(("names", "url"), real_links("variant"))
def test_a_real_variant_link_is_refused_naming_each_rule(names, url):
    with pytest.raises(PuzzleError) as raised:
        read_link(url)
    assert "holds a variant" in raised.value.message
    for name in names.split(";"):
        assert name in raised.value.message


NINE = Grid(SHAPES[9], tuple(parse("1" + "." * 80).cells))


READ_KEYS = {*marked_keys(), *line_keys(), *cell_keys()}


@pytest.mark.parametrize("key", sorted(set(VARIANT_NAMES) - READ_KEYS))
def test_every_f_puzzles_rule_is_refused_in_words(key):
    # The marked kinds' keys (Kropki dots, XV) are read: tests/test_marked_links.py; so are
    # the lined kinds' (thermometers): tests/test_thermometers.py; and the celled kinds'
    # (even and odd cells): tests/test_marked_cells.py, tests/test_parity.py.
    data = json.loads(write_json(NINE))
    data[key] = [{"cells": ["R1C1", "R1C2"]}]
    with pytest.raises(PuzzleError, match=f"holds a variant: {VARIANT_NAMES[key]}"):
        read_link("https://f-puzzles.com/?load=" + compress_to_base64(json.dumps(data)))


def fpuzzles_with(change) -> str:
    """An f-puzzles link to NINE's JSON after `change(data)`."""
    data = json.loads(write_json(NINE))
    change(data)
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))


def _region(data):
    data["grid"][0][0]["region"] = 4  # region 4 gets a 10th cell


def _pencil(data):
    data["grid"][8][8]["givenPencilMarks"] = [1, 2]


def _unknown(data):
    data["spiral"] = True


def _eight(data):
    data["size"] = 8


def _ten(data):
    data["grid"][4][4] = {"value": 10, "given": True}


def _short(data):
    data["grid"].pop()


@pytest.mark.parametrize(
    ("url", "words"),
    [
        (
            fpuzzles_with(_region),
            "regions are not a Jigsaw's: Region 1 (from r1c1) has 10 cells, not 9",
        ),
        (fpuzzles_with(_pencil), "given pencil marks"),
        (fpuzzles_with(_unknown), "'spiral' (a rule the solver does not know)"),
        (fpuzzles_with(_eight), "8x8 grid"),
        (fpuzzles_with(_ten), "row 5, column 5 holds 10"),
        (fpuzzles_with(_short), "does not have 9 rows"),
        ("https://f-puzzles.com/?load=", "holds no puzzle"),
        ("https://f-puzzles.com/?load=N4Ig%21", "'!'"),
        ("https://f-puzzles.com/?load=" + compress_to_base64("[1, 2]"), "not hold an f-puzzles"),
        ("https://f-puzzles.com/?load=" + compress_to_base64("nope"), "not JSON"),
        ("https://sudokupad.app/3rqmp2ykot", "kept on SudokuPad's server"),
        ("https://sudokupad.app/?puzzleid=abcdef", "kept on SudokuPad's server"),
        ("https://app.crackingthecryptic.com/sudoku/sclN4IgzglgXg", "own 'scl' format"),
        ("https://sudokupad.app/ctcN4Ig", "own 'ctc' format"),
        ("https://sudokupad.app/", "names no puzzle"),
        ("https://sudokupad.app/fpuzzles!!!", "cannot be read"),
        ("https://www.sudokuwiki.org/sudoku.htm", "holds no board"),
        ("https://www.sudokuwiki.org/sudoku.htm?bd=12345", "has 5 characters"),
        ("https://www.sudokuwiki.org/sudoku.htm?bd=" + "x" * 81, "'x' at cell 1"),
        ("https://www.sudokuwiki.org/Jigsaw.htm?bd=" + "0" * 81, "'Jigsaw.htm' page"),
        ("https://www.sudokuwiki.org/sudoku.htm?bd=K9B" + "0" * 162, "'K9B' board"),
        ("https://www.sudokuwiki.org/sudoku.htm?bd=S9B" + "zz" * 81, "row 1, column 1 holds 1295"),
        # SudokuWiki's String Definitions page's sample of its first packed form
        (
            "https://www.sudokuwiki.org/sudoku.htm?bd=vu4804032o1508g080030k10o888882647046888g"
            "06828060k10029k260b90478go003g0g95090b0b6a2c00g0bcg038ga8g9ao1506601oh847063a2ag28"
            "8gg8g0626c082c2k20b159818920k9ag9462044",
            "first packed form",
        ),
        ("https://example.com/sudoku?bd=1", "links from example.com are not read"),
        ("http://[::1/", "cannot be read as an address"),
    ],
)
def test_a_link_we_cannot_use_says_why(url, words):
    with pytest.raises(PuzzleError, match=re.escape(words)):
        read_link(url)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        SIX,
        "53..7....\n6..195...",
        "see https://www.sudokuwiki.org/sudoku.htm?bd=1",
        "javascript:alert(1)",
        "example.com/x",
    ],
)
def test_text_that_is_not_one_link_is_left_to_the_other_readers(text):
    assert read_link(text) is None


@pytest.mark.parametrize(
    "url",
    [
        "  https://www.sudokuwiki.org/sudoku.htm?bd={}  ",
        "www.sudokuwiki.org/sudoku.htm?bd={}",
        "HTTPS://WWW.SUDOKUWIKI.ORG/sudoku.htm?bd={}",
        "https://sudokuwiki.org/sudoku.htm?bd={}&c=1",
    ],
)
def test_sudokuwiki_links_are_read_however_they_are_spelled(url):
    code = data_lines("web_unique.txt")[0][0].replace(".", "0")
    linked = read_link(url.format(code))
    assert linked is not None and linked.puzzle.code == code


def random_grid(size: int) -> st.SearchStrategy[Grid]:
    """Valid grids of `size`: a pattern solution with its values permuted, some cells blank."""
    shape = SHAPES[size]

    def build(order: list[int], blanks: list[bool]) -> Grid:
        cells = []
        for r in range(size):
            for c in range(size):
                base = (r * shape.box_cols + r // shape.box_rows + c) % size
                cells.append(0 if blanks[r * size + c] else order[base])
        return Grid(shape, tuple(cells))

    values = list(range(1, size + 1))
    return st.builds(
        build,
        st.permutations(values),
        st.lists(st.booleans(), min_size=size * size, max_size=size * size),
    )


@pytest.mark.parametrize("size", [4, 6, 9, 12, 16])
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_our_f_puzzles_link_reads_back_to_the_same_grid(size, data):
    grid = data.draw(random_grid(size))
    linked = read_link(fpuzzles_link(grid))
    assert linked is not None
    assert linked.puzzle == grid == linked.solved
    assert linked.candidates is None


@settings(max_examples=30, deadline=None)
@given(random_grid(9))
def test_our_sudokuwiki_link_reads_back_to_the_same_grid(grid):
    linked = read_link(sudokuwiki_link(grid))
    assert linked is not None and linked.puzzle == grid
    assert parse(sudokuwiki_link(grid)) == grid


def test_sudokuwiki_links_are_for_9x9_only():
    with pytest.raises(ValueError, match="9x9"):
        sudokuwiki_link(parse(SIX))


def test_f_puzzles_pencil_marks_and_placed_values_are_kept_apart_from_the_givens():
    data = json.loads(write_json(NINE))
    data["grid"][0][1] = {"value": 2}
    data["grid"][0][2] = {"centerPencilMarks": [3, 4]}
    linked = read_link("https://f-puzzles.com/?load=" + compress_to_base64(json.dumps(data)))
    assert linked is not None and linked.candidates is not None
    assert linked.puzzle.cells[:3] == (1, 0, 0)
    assert linked.solved.cells[:3] == (1, 2, 0)
    assert linked.candidates[:4] == (0, 0, 1 << 3 | 1 << 4, sum(1 << v for v in range(1, 10)))


def test_a_sudokupad_link_with_raw_deflate_data_is_read_too():
    """Some tools write SudokuPad's fpuzzles payload raw-deflated instead of LZ-string."""
    packer = zlib.compressobj(level=9, wbits=-15)
    data = packer.compress(write_json(NINE).encode()) + packer.flush()
    linked = read_link("https://sudokupad.app/fpuzzles" + base64.b64encode(data).decode())
    assert linked is not None and linked.site == "SudokuPad" and linked.puzzle == NINE
