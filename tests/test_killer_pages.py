"""A Killer on the pages: every board draws each cage's dashed outline (classes on the sides
that border another cage) and its sum in the first cell's corner; a screen reader hears the
cage after each cell's label; every page names the variant."""

from __future__ import annotations

import re

import pytest
from killers import random_killer
from test_variant_pages import Cells

from webapp.sudoku.parse import read

# Hand-made from the solution 1234/3412/2143/4321 (tests/test_parse_killer.py): one solution.
FOUR = "....\n" * 4 + "aabb\ncdde\ncfge\nhfgg\na=3 b=7 c=5 d=5 e=5 f=4 g=7 h=4\n"
SUMS = re.compile(r'<span class="cage-sum" aria-hidden="true">(\d+)</span>')


@pytest.fixture(scope="module")
def four():
    return read(FOUR).puzzle


def sides_by_hand(size: int, cages) -> list[set[str]]:
    """The outline's sides in each cell, worked out here from the cages alone: a side is
    drawn where the cell beyond it is in no cage of this one (or off the grid)."""
    found = [set() for _ in range(size * size)]
    for cage in cages:
        inside = set(cage.cells)
        for cell in cage.cells:
            row, col = divmod(cell, size)
            for side, r, c in (
                ("cage-top", row - 1, col),
                ("cage-bottom", row + 1, col),
                ("cage-left", row, col - 1),
                ("cage-right", row, col + 1),
            ):
                if not (0 <= r < size and 0 <= c < size and r * size + c in inside):
                    found[cell].add(side)
            found[cell].add("cage")
    return found


@pytest.mark.parametrize("path", ["/solve/{code}", "/play/{code}", "/explain/{code}"])
def test_killer_boards_draw_each_cages_outline_and_its_sum_in_the_first_cell(client, four, path):
    response = client.get(path.format(code=four.code))
    assert response.status_code == 200
    board = Cells(response.text).boards()[0]
    drawn = [
        td & {"cage", "cage-top", "cage-left", "cage-right", "cage-bottom"} for td in board["tds"]
    ]
    assert drawn == sides_by_hand(4, four.rules.cages)
    table = response.text[response.text.index("<table") : response.text.index("</table>")]
    assert [int(found) for found in SUMS.findall(table)] == [3, 7, 5, 5, 5, 4, 7, 4]


def test_a_cage_without_a_sum_is_outlined_with_no_number(client):
    puzzle, _ = random_killer(6, 3, largest=3, unsummed=0.5)
    response = client.get(f"/solve/{puzzle.code}")
    board = Cells(response.text).boards()[0]
    assert [td & {"cage"} for td in board["tds"]] == [{"cage"}] * 36
    table = response.text[response.text.index("<table") : response.text.index("</table>")]
    summed = [cage.total for cage in puzzle.rules.cages if cage.total is not None]
    assert [int(found) for found in SUMS.findall(table)] == summed


@pytest.mark.parametrize(
    "path",
    [
        "/solve/{code}",
        "/solve/{code}?check=1",
        "/solve/{code}?all=1",
        "/explain/{code}",
        "/play/{code}",
        "/play/{code}?hint=1",
    ],
)
def test_every_page_names_the_killer(client, four, path):
    response = client.get(path.format(code=four.code))
    assert response.status_code == 200
    assert "(Killer Sudoku)" in response.text


def test_a_screen_reader_hears_each_cells_cage_on_the_play_board_and_the_solution(client, four):
    play = Cells(client.get(f"/play/{four.code}").text).boards()[0]
    labels = [field["aria-label"] for field in play["inputs"]]
    assert labels[0] == "Row 1, column 1, cage 3 (2 cells)"
    assert labels[10] == "Row 3, column 3, cage 7 (3 cells)"
    assert labels[12] == "Row 4, column 1, cage 4 (1 cell)"
    solved = client.get(f"/solve/{four.code}").text
    assert '1<span class="visually-hidden">, solved, cage 3 (2 cells)</span>' in solved
