"""A Killer on the pages: every board draws each cage's dashed outline (classes on the sides
that border another cage) and its sum in the first cell's corner; a screen reader hears the
cage after each cell's label; every page names the variant."""

from __future__ import annotations

import re

import pytest
from killers import random_killer
from test_variant_pages import Cells, problems_of

from webapp.sudoku.links import fpuzzles_link
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


def killer_form(labels: str, sums: str, variant: str = "killer", size: int = 4) -> dict[str, str]:
    """The home form with no givens, `variant` chosen, a cage map of one label a cell
    (`labels`, "." for none) and the sums as typed."""
    data = {"size": str(size), "variant": variant, "cage_sums": sums}
    for index, label in enumerate(labels):
        data[f"cage_r{index // size + 1}c{index % size + 1}"] = "" if label == "." else label
    return data


FOUR_MAP = "aabbcddecfgehfgg"
FOUR_SUMS = "a=3, b=7, c=5, d=5, e=5, f=4, g=7, h=4"


@pytest.mark.parametrize(("variant", "rules"), [("killer", "k"), ("killer-x", "xk")])
def test_the_form_sends_a_killer_by_its_cage_map_and_sums_to_its_share_link(
    client, four, variant, rules
):
    response = client.post("/", data=killer_form(FOUR_MAP, FOUR_SUMS, variant))
    assert response.status_code == 303
    code = four.code.replace("-k", f"-{rules}")
    assert response.headers["Location"].endswith(f"/solve/{code}")


def test_a_pasted_killer_lands_on_its_share_link_without_givens(client, four):
    for text in (FOUR, fpuzzles_link(four.grid, four.rules)):
        response = client.post("/", data={"source": "paste", "puzzle": text})
        assert response.status_code == 303
        assert response.headers["Location"].endswith(f"/solve/{four.code}")


def test_a_classic_grid_without_givens_is_still_asked_for_some(client):
    response = client.post("/", data={"size": "4", "variant": "classic"})
    assert response.status_code == 422 and "The grid has no givens" in response.text


def invalid_fields(text: str) -> set[str]:
    board = Cells(text).map_board("cage")
    return {field["id"] for field in board["inputs"] if field.get("aria-invalid") == "true"}


@pytest.mark.parametrize(
    ("labels", "sums", "problem", "marked"),
    [
        (
            "aabbcddecfgeafgg",
            "a=3, b=7, c=5, d=5, e=5, f=4, g=7",
            "Cages: Cage at r1c1 (sum 3) is in 2 pieces (r1c1 and r4c1 are not joined)",
            {"cage_r1c1", "cage_r1c2", "cage_r4c1"},
        ),
        (
            FOUR_MAP,
            FOUR_SUMS.replace("a=3", "a=9"),
            "Cages: Cage at r1c1 (sum 9): 2 different digits add up to at most 7",
            {"cage_r1c1", "cage_r1c2"},
        ),
        (FOUR_MAP, FOUR_SUMS + ", a=5", "Cages: the sums give cage 'a' twice", set()),
        (FOUR_MAP, "a=3 b", "Cages: 'b' in the sums is not a label and its sum", set()),
        (FOUR_MAP, FOUR_SUMS[:-5], "Cages: cage 'h' of the map has no sum", set()),
        (
            "!" + FOUR_MAP[1:],
            FOUR_SUMS,
            "Cage map, r1c1: '!' is not a cage label; type a letter or digit",
            {"cage_r1c1"},
        ),
        ("." * 16, "", "Cage map: a Killer needs its cages", {"cage_r1c1"}),
    ],
)
def test_a_bad_cage_is_named_and_marked_on_its_cells(client, labels, sums, problem, marked):
    response = client.post("/", data=killer_form(labels, sums))
    assert response.status_code == 422
    [said] = problems_of(response.text)
    assert said.startswith(problem)
    assert invalid_fields(response.text) == marked
    if not marked:  # a problem with the sums is on the sums field
        assert re.search(r'id="cage_sums"[^>]*aria-invalid="true"', response.text)
    assert '<details class="cage-map" data-cage-map open>' in response.text


def test_a_killers_edit_link_comes_back_with_its_cage_map_and_sums(client, four):
    response = client.get(f"/?puzzle={four.code}")
    assert response.status_code == 200
    fields = {f["id"]: f.get("value", "") for f in Cells(response.text).map_board("cage")["inputs"]}
    assert "".join(fields[f"cage_r{i // 4 + 1}c{i % 4 + 1}"] for i in range(16)) == FOUR_MAP
    assert f'name="cage_sums" value="{FOUR_SUMS}"' in response.text
    assert re.search(r'<option value="killer" data-cages selected>', response.text)
    again = client.post("/", data=killer_form(FOUR_MAP, FOUR_SUMS))
    assert again.headers["Location"].endswith(f"/solve/{four.code}")


def test_the_menu_offers_killer_up_to_16x16(client):
    assert 'value="jigsaw-killer"' in client.get("/?size=16").text
    big = client.get("/?size=25").text
    assert 'value="killer"' not in big and "cage_sums" not in big
