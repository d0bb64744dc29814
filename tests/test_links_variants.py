"""Variant rules in f-puzzles and SudokuPad links (webapp/sudoku/links/fpuzzles.py): real links
with X-Sudoku, Windoku and Jigsaw rules solve to the solution their source gives, checked by
the tests' own rules; what the solver does not read is refused by name; our own links carry
the rules back."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from killers import random_killer
from sudoku_rules import valid_variant_solution

from webapp.sudoku import SHAPES, SOLVED, Grid, PuzzleError, solve
from webapp.sudoku.cages import Cage
from webapp.sudoku.generator.jigsaw import random_regions
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.links import fpuzzles_link, open_in, read_link
from webapp.sudoku.links.fpuzzles import write_json
from webapp.sudoku.links.lzstring import compress_to_base64, decompress_from_base64
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rulebook import RULE_KINDS, Line

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


def _skyscraper_on_jigsaw(data):
    data["grid"][0][3]["region"] = 0
    data["grid"][0][2]["region"] = 1
    data["skyscraper"] = [{"cell": "R0C1", "value": "5"}]


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
        (_skyscraper_on_jigsaw, "holds a variant: skyscrapers,"),
    ],
)
def test_what_the_solver_does_not_read_is_refused_by_name(change, words):
    with pytest.raises(PuzzleError, match=re.escape(words)):
        read_link(link_to(change))


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


@pytest.fixture
def keyless(monkeypatch):
    """A 9x9 with one line of a lined kind f-puzzles has no key for: thermometers under a
    letter of their own and no f-puzzles key, registered for the test alone."""
    monkeypatch.setitem(RULE_KINDS, "U", replace(RULE_KINDS["T"], letter="U", fpuzzles_keys=()))
    return Puzzle(NINE, Rules(lines=(Line("U", (0, 1, 2)), Line("T", (9, 10))), line_size=9))


def test_a_puzzle_with_a_kind_f_puzzles_has_no_key_for_does_not_open_there(keyless):
    # A link that left the line out would open another puzzle, one with fewer rules.
    assert [link.key for link in open_in(keyless)] == []


def test_writing_a_kind_f_puzzles_has_no_key_for_is_refused_naming_it(keyless):
    with pytest.raises(ValueError, match=f"no key for {RULE_KINDS['U'].name}$"):
        fpuzzles_link(keyless.grid, keyless.rules)


def killer_links() -> list[tuple[int, str]]:
    """(cage count, url) of each `killer` line of tests/data/links/real_links.txt."""
    lines = (DATA / "links" / "real_links.txt").read_text().splitlines()
    return [(int(line.split()[1]), line.split()[2]) for line in lines if line.startswith("killer ")]


def fpuzzles_json(url: str) -> dict:
    """The f-puzzles JSON an f-puzzles or SudokuPad fpuz link carries, opened without the
    reader under test."""
    payload = url.partition("load=")[2] or url.partition("/fpuz")[2]
    return json.loads(decompress_from_base64(payload))


def cages_by_hand(url: str) -> set[tuple[frozenset[int], int | None]]:
    """A link's cages as (0-based cells, sum) read by the tests' own reading: f-puzzles'
    `killercage` ("R2C3" names, a string sum), or SudokuWiki's colours and sums (a group of
    one colour is a cage, its sum the digits at its first cell)."""
    if "sudokuwiki" not in url:
        data = fpuzzles_json(url)
        size = data["size"]
        found = set()
        for cage in data["killercage"]:
            places = [re.fullmatch(r"R(\d+)C(\d+)", name).groups() for name in cage["cells"]]
            cells = frozenset((int(r) - 1) * size + int(c) - 1 for r, c in places)
            found.add((cells, int(cage["value"]) if cage.get("value") else None))
        return found
    colours, sums = url.partition("bd=")[2].split(",")
    group = {cell: {cell} for cell in range(81)}
    for cell in range(81):  # join each cell with the right and lower neighbours of its colour
        for other in (cell + 1 if cell % 9 < 8 else None, cell + 9 if cell < 72 else None):
            if other is not None and colours[other] == colours[cell]:
                joined = group[cell] | group[other]
                for member in joined:
                    group[member] = joined
    return {
        (frozenset(cells), int(sums[2 * min(cells) : 2 * min(cells) + 2]))
        for cells in {frozenset(cells) for cells in group.values()}
    }


@pytest.mark.parametrize(("count", "url"), killer_links())
def test_a_real_killer_link_reads_to_the_cages_it_draws_and_solves_under_them(count, url):
    linked = read_link(url)
    assert linked is not None and "Killer" in linked.rules.name
    cages = {(frozenset(cage.cells), cage.total) for cage in linked.rules.cages}
    assert len(cages) == count and cages == cages_by_hand(url)
    result = solve(linked.given)
    assert result.solutions
    found = result.solutions[0].code
    listed = [(sorted(cells), total) for cells, total in cages]
    size = linked.given.size
    assert valid_variant_solution(found, "." * size * size, size, cages=listed)
    if "sudokupad" in url:  # the 6x6 places its solution: the one there is
        placed = [cell["value"] for row in fpuzzles_json(url)["grid"] for cell in row]
        assert result.status == SOLVED and list(result.solution.cells) == placed


def test_the_two_cage_link_holds_the_cages_it_draws():
    """Decoded by hand: r1c1-r2c1 makes 9, r1c2-r1c3-r2c2-r2c3-r3c2 makes 33."""
    url = next(url for count, url in killer_links() if count == 2)
    assert read_link(url).rules.cages == (
        Cage((0, 9), 9),
        Cage((1, 2, 10, 11, 19), 33),
    )


def test_sudokuwikis_own_killer_example_has_one_solution_adding_up_to_405():
    url = next(url for _, url in killer_links() if "sudokuwiki" in url)
    puzzle = read_link(url).given
    assert sum(cage.total for cage in puzzle.rules.cages) == 405
    assert sum(len(cage.cells) for cage in puzzle.rules.cages) == 81
    assert solve(puzzle).status == SOLVED


@pytest.mark.parametrize(
    ("size", "extras", "seed"),
    [(4, "", 1), (6, "x", 2), (9, "", 3), (9, "w", 4), (9, "x", 5), (12, "", 6), (16, "", 7)],
)
def test_our_f_puzzles_link_carries_a_killers_cages_back(size, extras, seed):
    # Cages of three cells at most: a big grid's bigger cages can be made too many ways.
    puzzle, _ = random_killer(size, seed, largest=3, unsummed=0.2, extras=extras)
    linked = read_link(fpuzzles_link(puzzle.grid, puzzle.rules))
    assert linked is not None and linked.given == puzzle
    written = json.loads(write_json(puzzle.grid, puzzle.rules))["killercage"]
    assert [("value" in cage) for cage in written] == [
        cage.total is not None for cage in puzzle.rules.cages
    ]


def test_a_jigsaw_killer_goes_to_f_puzzles_and_back():
    jigsaw = read_link(next(url for letters, _, url in variant_links() if letters == "j")).given
    cages = (Cage((0, 1), None), Cage((80,), jigsaw.grid.cells[80] or 5))
    puzzle = Puzzle(jigsaw.grid, Rules(jigsaw.rules.extras, jigsaw.rules.regions, cages, 9))
    assert puzzle.rules.name == "Jigsaw Killer"
    assert read_link(fpuzzles_link(puzzle.grid, puzzle.rules)).given == puzzle


def test_a_9x9_killer_opens_in_f_puzzles_with_its_cages():
    puzzle, _ = random_killer(9, 8)
    links = open_in(puzzle)
    assert [link.key for link in links] == ["fpuzzles"]
    assert read_link(links[0].url).given == puzzle


def _cages(*cages):
    def change(data):
        data["killercage"] = list(cages)

    return change


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_cages({"cells": ["R1C1"], "value": "ten"}), "killer cage 1 has the sum 'ten'"),
        (_cages({"value": "3"}), "killer cage 1 has no list of cells"),
        (_cages({"cells": ["R1C10"]}), "names a cell 'R1C10' off its grid"),
        (
            _cages({"cells": ["R1C1", "R3C3"], "value": "10"}),
            "killer cages: Cage at r1c1 (sum 10) is in 2 pieces",
        ),
        (
            _cages({"cells": ["R1C2", "R1C3"], "value": "17"}, {"cells": ["R1C3"]}),
            "killer cages: Cage at r1c2 (sum 17) and cage at r1c3 share r1c3",
        ),
        (
            _cages({"cells": ["R2C1", "R2C2"], "value": "18"}),
            "2 different digits add up to at most 17",
        ),
    ],
)
def test_a_killer_cage_that_is_none_is_refused_naming_it(change, words):
    with pytest.raises(PuzzleError, match=re.escape(words)):
        read_link(link_to(change))


def test_f_puzzles_cosmetic_cages_are_refused_as_drawings():
    with pytest.raises(PuzzleError, match="holds a variant: cosmetic cages"):
        read_link(link_to(lambda data: data.update(cage=[{"cells": ["R1C1"], "value": "3"}])))


SUDOKUWIKI_KILLER = "https://www.sudokuwiki.org/killersudoku.aspx?bd="


@pytest.mark.parametrize(
    ("board", "words"),
    [
        ("1" * 81, "not 81 cage colours, a comma and 162 digits of sums (it has 81 characters"),
        ("1" * 81 + "," + "0" * 80, "(it has 81 and 80 characters)"),
        ("5o" * 81 + "," + "vu" * 81, "the packed form 'Email this board' writes"),
        ("12" * 40 + "1," + "x" + "0" * 161, "'x' for r1c1 is not a digit"),
        ("1" * 81 + "," + "10" * 81, "cage at r1c1 has two sums, at r1c1 and r1c2"),
        ("1" * 81 + "," + "45" + "0" * 160, "Cage at r1c1 (sum 45) has 81 cells"),
    ],
)
def test_a_sudokuwiki_killer_board_that_is_none_says_why(board, words):
    with pytest.raises(PuzzleError, match=re.escape(words)):
        read_link(SUDOKUWIKI_KILLER + board)
