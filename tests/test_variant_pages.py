"""The region variants on the pages: boards draw X-Sudoku's diagonals, Windoku's windows and
a Jigsaw's regions; every page names its variant; the home form takes a variant and a region
map, typed one label a cell, and says what is wrong with a map on the cells it concerns."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from webapp.sudoku import SHAPES, Puzzle, read_code
from webapp.sudoku.generator import generate
from webapp.sudoku.generator.jigsaw import random_regions
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.logic import Position, find_path
from webapp.web.pencil_board import pencil_board


class Cells(HTMLParser):
    """Every <td>'s classes and every <input>'s attributes, per table, in reading order."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tables: list[dict] = []
        self.inside = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "table":
            self.tables.append({"attrs": found, "tds": [], "inputs": [], "colgroups": 0})
            self.inside = True
        elif tag == "td" and self.inside:
            self.tables[-1]["tds"].append(set((found.get("class") or "").split()))
        elif tag == "input" and self.inside:
            self.tables[-1]["inputs"].append(found)
        elif tag == "colgroup" and self.inside:
            self.tables[-1]["colgroups"] += 1

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False

    def boards(self) -> list[dict]:
        """The tables that are boards."""
        return [t for t in self.tables if "board" in t["attrs"].get("class", "").split()]

    def map_board(self, kind: str) -> dict:
        """The form's region map ("region") or cage map ("cage")."""
        return next(t for t in self.tables if f"{kind}-board" in t["attrs"]["class"].split())


@pytest.fixture(scope="module")
def jigsaw() -> Puzzle:
    """An easy generated 9x9 Jigsaw."""
    return generate(9, "easy", variant="jigsaw", seed=5).puzzle


@pytest.fixture(scope="module")
def x_sudoku() -> Puzzle:
    return generate(9, "easy", variant="x", seed=5).puzzle


@pytest.fixture(scope="module")
def windoku() -> Puzzle:
    return generate(9, "easy", variant="windoku", seed=5).puzzle


def expected_edges(regions: tuple[int, ...], size: int) -> list[set[str]]:
    """Where thick lines go, worked out here from the map alone."""
    found = []
    for cell, region in enumerate(regions):
        row, col = divmod(cell, size)
        edges = set()
        if col < size - 1 and regions[cell + 1] != region:
            edges.add("edge-right")
        if row < size - 1 and regions[cell + size] != region:
            edges.add("edge-below")
        found.append(edges)
    return found


def test_x_sudoku_boards_draw_both_diagonals(client, x_sudoku):
    response = client.get(f"/solve/{x_sudoku.code}")
    [board] = Cells(response.text).boards()
    tds = board["tds"]
    assert [i for i, td in enumerate(tds) if "diagonal-1" in td] == [i * 10 for i in range(9)]
    assert [i for i, td in enumerate(tds) if "diagonal-2" in td] == [8 * (i + 1) for i in range(9)]
    assert not any("window" in td or "edge-right" in td for td in tds)
    assert board["colgroups"] == 3  # the boxes keep their lines


def test_windoku_boards_shade_the_four_windows(client, windoku):
    response = client.get(f"/solve/{windoku.code}")
    [board] = Cells(response.text).boards()
    shaded = {divmod(i, 9) for i, td in enumerate(board["tds"]) if "window" in td}
    lines = (1, 2, 3, 5, 6, 7)
    assert shaded == {(r, c) for r in lines for c in lines}


def test_jigsaw_boards_draw_region_borders_and_no_box_lines(client, jigsaw):
    response = client.get(f"/solve/{jigsaw.code}")
    assert response.status_code == 200
    [board] = Cells(response.text).boards()
    drawn = [td & {"edge-right", "edge-below"} for td in board["tds"]]
    assert drawn == expected_edges(jigsaw.rules.regions, 9)
    assert board["colgroups"] == 1
    assert response.text.count("<tbody>") == 1


@pytest.mark.parametrize(
    ("path", "words"),
    [
        ("/solve/{code}", ["The solution (Jigsaw)", "Jigsaw 9x9"]),
        ("/solve/{code}?check=1", ["(Jigsaw)"]),
        ("/solve/{code}?all=1", ["(Jigsaw)"]),
        ("/explain/{code}", ["(Jigsaw)"]),
        ("/play/{code}", ["(Jigsaw)", "<h1>Play this Jigsaw puzzle</h1>"]),
        ("/play/{code}?hint=1", ["(Jigsaw)"]),
    ],
)
def test_every_page_names_the_variant(client, jigsaw, path, words):
    response = client.get(path.format(code=jigsaw.code))
    assert response.status_code == 200
    for said in words:
        assert said in response.text


def test_a_screen_reader_hears_each_cells_region_on_a_jigsaw_play_board(client, jigsaw):
    response = client.get(f"/play/{jigsaw.code}")
    [board] = Cells(response.text).boards()
    labels = [i["aria-label"] for i in board["inputs"]]
    regions = jigsaw.rules.regions
    assert labels[0].startswith("Row 1, column 1")
    assert all(label.endswith(f", region {regions[i] + 1}") for i, label in enumerate(labels))


def test_a_step_over_a_region_shades_that_region(jigsaw):
    path = find_path(jigsaw)
    position = Position.from_puzzle(jigsaw)
    for step in path.steps:
        named = [unit for unit in step.units if unit[0] == "region"]
        if named:
            break
        position = position.place(step.placements).eliminate(step.eliminations)
    else:
        pytest.fail("no step of the path names a region")
    drawn, _ = pencil_board(jigsaw.grid, position, "", step)
    shaded = {
        i
        for i, c in enumerate(c for band in drawn.bands for r in band for c in r)
        if "in-unit" in c.classes
    }
    (_, index) = named[0]
    region = {cell for cell, own in enumerate(jigsaw.rules.regions) if own == index - 1}
    assert region <= shaded


def form_data(puzzle: Puzzle, variant: str, labels: str = "ABCDEFGHI") -> dict[str, str]:
    """The home form filled in with the puzzle's givens and, for a Jigsaw, its region map."""
    data = {"size": str(puzzle.size), "variant": variant}
    n = puzzle.size
    for index, value in enumerate(puzzle.cells):
        row, col = divmod(index, n)
        data[f"r{row + 1}c{col + 1}"] = str(value) if value else ""
        if puzzle.rules.regions:
            data[f"map_r{row + 1}c{col + 1}"] = labels[puzzle.rules.regions[index]]
    return data


def test_the_form_sends_a_jigsaw_by_its_region_map_to_its_share_link(client, jigsaw):
    response = client.post("/", data=form_data(jigsaw, "jigsaw"))
    assert response.status_code == 303
    assert response.headers["Location"] == f"/solve/{jigsaw.code}"
    assert read_code(jigsaw.code).rules == jigsaw.rules


def test_a_lower_case_map_is_the_same_map(client, jigsaw):
    response = client.post("/", data=form_data(jigsaw, "jigsaw", "abcdefghi"))
    assert response.headers["Location"] == f"/solve/{jigsaw.code}"


def test_the_form_sends_an_x_sudoku_to_its_share_link(client, x_sudoku):
    response = client.post("/", data=form_data(x_sudoku, "x"))
    assert response.status_code == 303
    assert response.headers["Location"].endswith("-x")


def problems_of(html: str) -> list[str]:
    return [
        m.replace("&#39;", "'")
        for m in re.findall(r'<li id="problem-\d+">(?:<a[^>]*>)?([^<]*)', html)
    ]


def test_a_region_of_the_wrong_size_is_marked_on_its_cells(client):
    regions = random_regions(SHAPES[9], SeededRandom("variant pages"))
    puzzle = Puzzle(generate(9, "easy", seed=3).puzzle.grid)  # givens of any valid puzzle
    data = form_data(puzzle, "jigsaw")
    for index, region in enumerate(regions):
        data[f"map_r{index // 9 + 1}c{index % 9 + 1}"] = "ABCDEFGHI"[region]
    # the last cell joins the first cell's region: that region has 10 cells, the last 8
    data["map_r9c9"] = data["map_r1c1"]
    response = client.post("/", data=data)
    assert response.status_code == 422
    assert problems_of(response.text) == ["Region map: Region A (from r1c1) has 10 cells, not 9"]
    board = Cells(response.text).map_board("region")
    invalid = {i["id"] for i in board["inputs"] if i.get("aria-invalid") == "true"}
    first = {f"map_r{i // 9 + 1}c{i % 9 + 1}" for i, r in enumerate(regions) if r == 0}
    assert invalid == first | {"map_r9c9"}
    assert '<details class="region-map" data-region-map open>' in response.text


@pytest.mark.parametrize(
    ("label", "message"),
    [
        ("!", "Region map, r4c5: '!' is not a region label; type one letter or digit"),
        ("", "Region map, r4c5: blank is not a region label; type one letter or digit"),
    ],
)
def test_a_cell_without_a_label_is_named(client, jigsaw, label, message):
    data = form_data(jigsaw, "jigsaw") | {"map_r4c5": label}
    response = client.post("/", data=data)
    assert response.status_code == 422
    assert problems_of(response.text) == [message]
    assert 'id="map_r4c5"' in response.text


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        (
            "sideways",
            "Variant: choose classic, x, windoku, anti-knight, anti-king, non-consecutive,"
            " jigsaw, jigsaw-x, x-windoku, killer, killer-x or jigsaw-killer",
        ),
        ("windoku", "Variant: Windoku needs square boxes (4x4, 9x9, 16x16, 25x25), not the 6x6's"),
    ],
)
def test_a_variant_the_form_cannot_take_is_named(client, variant, message):
    response = client.post("/", data={"size": "6", "r1c1": "1", "variant": variant})
    assert response.status_code == 422
    assert problems_of(response.text) == [message]


def test_a_jigsaws_edit_link_comes_back_with_its_variant_and_map(client, jigsaw):
    response = client.get(f"/?puzzle={jigsaw.code}")
    assert response.status_code == 200
    assert '<option value="jigsaw" data-regions selected>' in response.text
    region_table = Cells(response.text).map_board("region")
    labels = [i["value"] for i in region_table["inputs"]]
    assert [labels.index(label) for label in labels] == [
        jigsaw.rules.regions.index(r) for r in jigsaw.rules.regions
    ]
    drawn = [td & {"edge-right", "edge-below"} for td in region_table["tds"]]
    assert drawn == expected_edges(jigsaw.rules.regions, 9)


def test_the_menu_offers_windoku_only_where_it_fits_and_the_map_up_to_16x16(client):
    nine = client.get("/").text
    assert '<option value="x-windoku">' in nine and 'data-labels="123456789"' in nine
    six = client.get("/?size=6").text
    assert 'value="windoku"' not in six and 'value="jigsaw" data-regions' in six
    big = client.get("/?size=25").text
    assert 'value="jigsaw"' not in big and "map_r1c1" not in big


def test_after_a_map_mistake_the_givens_are_drawn_with_the_map_as_typed(client, jigsaw):
    data = form_data(jigsaw, "jigsaw")
    data["map_r9c9"] = data["map_r1c1"]  # one region of 10 cells: the map cannot be taken
    typed = [data[f"map_r{i // 9 + 1}c{i % 9 + 1}"] for i in range(81)]
    [givens] = [b for b in Cells(client.post("/", data=data).text).boards() if b["inputs"]]
    drawn = [td & {"edge-right", "edge-below"} for td in givens["tds"]]
    assert (drawn, givens["colgroups"]) == (expected_edges(tuple(typed), 9), 1)


def test_a_jigsaws_region_map_has_its_own_solve_button_below_it(client):
    page = client.get("/?size=9").text
    region_map = page[page.index('<details class="region-map"') : page.index("</details>")]
    assert region_map.count('<button type="submit">Solve with this map</button>') == 1


def test_a_clash_in_a_jigsaws_region_names_it_by_the_label_typed_for_it(client, jigsaw):
    data = form_data(jigsaw, "jigsaw", labels="QRSTUVWXY")
    regions = jigsaw.rules.regions
    given, cell = next(
        (given, cell)
        for given in range(81)
        for cell in range(81)
        if jigsaw.cells[given]
        and not jigsaw.cells[cell]
        and regions[cell] == regions[given]
        and cell // 9 != given // 9
        and cell % 9 != given % 9
    )
    data[f"r{cell // 9 + 1}c{cell % 9 + 1}"] = str(jigsaw.cells[given])
    label = "QRSTUVWXY"[regions[given]]
    first, second = sorted((given, cell))
    places = [f"r{c // 9 + 1}c{c % 9 + 1}" for c in (first, second)]
    said = problems_of(client.post("/", data=data).text)
    value = jigsaw.cells[given]
    assert f"Region {label} has two {value}s ({places[0]} and {places[1]})" in said
