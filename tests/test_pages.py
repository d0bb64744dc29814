"""The HTML pages through the Flask test client: every route, status, message and redirect."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser

import pytest

from webapp.sudoku import SHAPES, is_solution, parse
from webapp.sudoku.puzzle import Puzzle

from puzzles import CLASHING_CODE as CLASH_CODE
from puzzles import FOUR, data_lines

CONFLICT_ROW_3 = "0" * 19 + "5" + "0" * 4 + "5" + "0" * 56  # r3c2 and r3c7 are both 5
PROVEN_IMPOSSIBLE = "123456780" + "000000009" + "0" * 63  # r1c9 needs a 9; column 9 has one


class Page(HTMLParser):
    """A page's elements as (tag, attributes) and the text inside each element with an id."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.texts: dict[str, str] = {}
        self.cells: list[str] = []  # the text of each <td>, in order, hidden words left out
        self.notes: list[str] = []  # the visually hidden words of each <td> that has them
        self._open: list[str] = []
        self._in_cell = False
        self._in_note = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        self.elements.append((tag, attributes))
        if tag == "td":
            self.cells.append("")
            self._in_cell = True
        if tag == "span" and attributes.get("class") == "visually-hidden" and self._in_cell:
            self.notes.append("")
            self._in_note = True
        if "id" in attributes:
            self.texts[attributes["id"]] = ""
            self._open.append(attributes["id"])

    def handle_endtag(self, tag):
        self._in_cell = self._in_cell and tag != "td"
        self._in_note = self._in_note and tag != "span"
        if tag in ("li", "h1", "h2", "p", "textarea", "a", "div") and self._open:
            self._open.pop()

    def handle_data(self, data):
        if self._in_note:
            self.notes[-1] += data
        elif self._in_cell:
            self.cells[-1] += data.strip()
        for element_id in self._open:
            self.texts[element_id] += data

    def all(self, tag: str, **wanted: str) -> list[dict[str, str]]:
        """The attributes of every `tag` whose attributes include `wanted`."""
        return [
            attrs
            for name, attrs in self.elements
            if name == tag and all(attrs.get(k.rstrip("_")) == v for k, v in wanted.items())
        ]

    def cell(self, name: str) -> dict[str, str]:
        """The input of one cell, by its name such as r3c7."""
        [found] = self.all("input", name=name)
        return found


def board_island_of(html: str, island_id: str) -> dict:
    """The JSON island with id `island_id` that tells grid.js about a board."""
    found = re.search(f'<script type="application/json" id="{island_id}">(.*?)</script>', html)
    assert found, f"no JSON island {island_id}"
    return json.loads(found.group(1))


def cells_of(code: str) -> dict[str, str]:
    """Form data for a 9x9 share code."""
    data = {"size": "9"}
    for index, symbol in enumerate(code):
        if symbol != "0":
            data[f"r{index // 9 + 1}c{index % 9 + 1}"] = symbol
    return data


@pytest.fixture
def stingy_client(make_app):
    """A client of an app whose solve budget is a handful of search nodes."""
    return make_app(SOLVE_BUDGET_NODES=20).test_client()


@pytest.mark.parametrize(
    ("query", "size", "inputmode"),
    [("", 9, "numeric"), ("?size=4", 4, "numeric"), ("?size=6", 6, "numeric"),
     ("?size=9", 9, "numeric"), ("?size=12", 12, "text"), ("?size=16", 16, "text"),
     ("?size=25", 25, "text")],
)  # fmt: skip
def test_the_form_has_one_labelled_input_per_cell(client, query, size, inputmode):
    response = client.get("/" + query)
    assert response.status_code == 200
    page = Page(response.text)
    inputs = [i for i in page.all("input") if i["name"].startswith("r")]
    assert len(inputs) == size * size
    assert inputs[0] == page.cell("r1c1")
    assert page.cell(f"r{size}c{size}")["aria-label"] == f"Row {size}, column {size}"
    assert {(i["maxlength"], i["inputmode"]) for i in inputs} == {("1", inputmode)}
    assert not any("aria-invalid" in i for i in inputs)
    # the browser may put typed cells back on Back; every cell is a Tab stop until the script
    # makes the grid one
    assert not any("autocomplete" in i or "tabindex" in i for i in inputs)
    assert page.all("input", type="hidden", name="size", value=str(size))
    assert page.all("a", href=f"/?size={size}", **{"aria-current": "page"})
    assert f"<caption><span>{size}x{size} puzzle" in response.text
    # the script is told the board's units and symbols, through the island the table names
    [table] = [table for table in page.all("table") if "data-island" in table]
    island = board_island_of(response.text, table["data-island"])
    shape = SHAPES[size]
    assert island["symbols"] == shape.symbols
    # the form's island also holds the units the variants on its menu add, after the classic
    kinds = [unit["kind"] for unit in island["units"]]
    assert kinds[: 3 * size] == ["row"] * size + ["column"] * size + ["box"] * size
    assert island["variantKinds"]["classic"] == ["row", "column", "box"]
    box_1 = [r * size + c for r, c in shape.box_cells(0)]
    assert island["units"][2 * size]["cells"] == box_1
    assert page.all("p", class_="hint grid-keys", id="grid-keys", hidden="")  # script shows it
    assert page.all("p", class_="clash-status", id="clash-status", role="status")


def test_the_form_offers_every_size_as_a_plain_link(client):
    response = client.get("/")
    page = Page(response.text)
    links = [a["href"] for a in page.all("a") if a.get("href", "").startswith("/?size=")]
    assert links[:6] == [f"/?size={n}" for n in (4, 6, 9, 12, 16, 25)]
    # the script asks before following one when cells are filled; without it, the page says so
    assert len(page.all("a", **{"data-new-grid": ""})) == 6
    assert "Switching size starts an empty grid." in response.text


def test_the_form_has_a_paste_box_and_an_upload(client):
    page = Page(client.get("/").text)
    [paste_form] = page.all("form", enctype="multipart/form-data", class_="paste-form")
    assert paste_form["method"] == "post"
    assert page.all("textarea", name="puzzle", id="puzzle")
    assert page.all("input", type="file", name="upload")
    assert page.all("label", for_="puzzle")
    assert page.all("label", for_="upload")


@pytest.mark.parametrize("spelling", ["code", "dots"])
def test_edit_link_prefills_the_grid(client, unique_puzzle, spelling):
    text = {"code": unique_puzzle.code, "dots": unique_puzzle.puzzle}[spelling]
    response = client.get("/", query_string={"puzzle": text})
    assert response.status_code == 200
    page = Page(response.text)
    typed = "".join(page.cell(f"r{i // 9 + 1}c{i % 9 + 1}")["value"] or "0" for i in range(81))
    assert typed == unique_puzzle.code
    assert page.texts["puzzle"] == ""


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"size": "7"}, "There is no grid of that size: choose 4, 6, 9, 12, 16 or 25"),
        ({"puzzle": "12x"}, "Pasted puzzle: line 1, column 3: &#39;x&#39; is not a Sudoku symbol"),
        ({"puzzle": "123"}, "Pasted puzzle: expected 16 cells, found 3"),
    ],
)
def test_a_query_that_cannot_be_used_is_422(client, query, message):
    response = client.get("/", query_string=query)
    assert response.status_code == 422
    assert message in response.text
    assert "There is a problem with this puzzle" in response.text


def test_a_valid_grid_redirects_to_its_share_link(client, unique_puzzle):
    response = client.post("/", data=cells_of(unique_puzzle.code))
    assert response.status_code == 303
    assert response.headers["Location"] == f"/solve/{unique_puzzle.code}"


def test_lower_case_symbols_are_accepted_and_made_canonical(client):
    response = client.post("/", data={"size": "16", "r1c1": "g", "r16c16": " a "})
    assert response.status_code == 303
    assert response.headers["Location"] == "/solve/G" + "0" * 254 + "A"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ({"r3c7": "x"}, "r3c7: &#39;x&#39; is not a digit from 1 to 9"),
        ({"r3c7": "0"}, "r3c7: &#39;0&#39; is not a digit from 1 to 9"),
        ({"r3c7": "55"}, "r3c7: &#39;55&#39; is not a digit from 1 to 9"),
    ],
)
def test_a_bad_cell_is_marked_and_explained(client, typed, message):
    response = client.post("/", data={"size": "9", "r1c1": "4", **typed})
    assert response.status_code == 422
    page = Page(response.text)
    bad = page.cell("r3c7")
    assert bad["aria-invalid"] == "true"
    assert bad["value"] == typed["r3c7"]
    assert message.replace("&#39;", "'") in page.texts[bad["aria-describedby"]]
    assert page.all("a", href="#r3c7")
    assert page.cell("r1c1")["value"] == "4"
    assert "aria-invalid" not in page.cell("r1c1")


def test_clashing_givens_are_marked_on_every_cell_they_concern(client):
    response = client.post("/", data=cells_of(CONFLICT_ROW_3))
    assert response.status_code == 422
    page = Page(response.text)
    for name in ("r3c2", "r3c7"):
        cell = page.cell(name)
        assert cell["aria-invalid"] == "true"
        assert page.texts[cell["aria-describedby"]] == "Row 3 has two 5s (columns 2 and 7)"
    assert "aria-invalid" not in page.cell("r3c3")
    # "clash": a mark the script takes off when the clash is fixed
    marked = [a["class"] for t, a in page.elements if t == "td" and "invalid" in a.get("class", "")]
    assert marked == ["clash invalid", "clash invalid"]


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ("1234341221434321", "/solve/1234341221434321"),
        ("12..\n..12\n2...\n...1", "/solve/1200001220000001"),
        ("2.53.84.9.7.....5...4...6.75...4...2...5.7...6...3...84.6...8.1.2.....6.8.12.97.4",
         "/solve/205308409070000050004000607500040002000507000600030008406000801020000060801209704"),
    ],
)  # fmt: skip
def test_a_pasted_puzzle_redirects_to_its_share_link(client, text, location):
    response = client.post("/", data={"puzzle": text})
    assert response.status_code == 303
    assert response.headers["Location"] == location


def test_an_uploaded_puzzle_redirects_to_its_share_link(client, unique_puzzle):
    upload = (io.BytesIO(unique_puzzle.puzzle.encode()), "puzzle.txt")
    response = client.post("/", data={"upload": upload}, content_type="multipart/form-data")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/solve/{unique_puzzle.code}"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"puzzle": "12x"}, "Pasted puzzle: line 1, column 3:"),
        ({"puzzle": "1" * 80}, "Pasted puzzle: expected 81 cells, found 80"),
        (
            {"upload": (io.BytesIO(b"\xff\xfe"), "p.txt")},
            "Uploaded file: it is not a plain text file",
        ),
        ({"upload": (io.BytesIO(b"1" * 16), "p.txt"), "puzzle": "1"}, "not both"),
    ],
)
def test_a_paste_or_upload_that_cannot_be_read_is_422_and_kept(client, data, message):
    response = client.post("/", data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    assert message.replace("'", "&#39;") in response.text
    if "puzzle" in data:
        assert Page(response.text).texts["puzzle"] == data["puzzle"]


@pytest.mark.parametrize(
    ("data", "size"),
    [
        ({"source": "paste", "puzzle": ""}, 9),
        ({"source": "paste", "puzzle": "", "size": "16"}, 16),
        ({"source": "paste", "upload": (io.BytesIO(b""), "")}, 9),
    ],
)
def test_the_paste_form_sent_empty_asks_for_a_puzzle(client, data, size):
    response = client.post("/", data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    page = Page(response.text)
    [box] = page.all("textarea", name="puzzle")
    assert box["aria-invalid"] == "true"
    problem = box["aria-describedby"].split()[-1]
    assert page.texts[problem] == "Paste a puzzle or choose a file to upload"
    assert page.all("a", href="#puzzle")
    assert len([i for i in page.all("input") if i["name"].startswith("r")]) == size * size


def test_the_paste_form_says_where_it_comes_from(client):
    page = Page(client.get("/?size=12").text)
    [paste_form] = page.all("form", enctype="multipart/form-data", class_="paste-form")
    assert page.all("input", type="hidden", name="source", value="paste")
    assert len(page.all("input", type="hidden", name="size", value="12")) == 2  # both forms


@pytest.mark.parametrize(
    "data",
    [{"size": "9"}, {"size": "4", "r2c2": " "}, {"puzzle": "." * 81}, {"puzzle": "0" * 16}],
    ids=["grid", "grid-of-spaces", "pasted-dots", "pasted-zeros"],
)
def test_a_grid_without_givens_asks_for_them(client, data):
    """Not "at least 1,000 solutions": a person who pressed Solve on a blank grid is asked
    for the givens, the grid's first cell marked as where to type them."""
    response = client.post("/", data=data)
    assert response.status_code == 422
    page = Page(response.text)
    assert "The grid has no givens: type the puzzle&#39;s givens into its cells" in response.text
    assert page.all("input", id="r1c1", **{"aria-invalid": "true"})
    assert "solutions" not in response.text


def test_a_grid_with_one_given_still_goes_to_its_result(client):
    response = client.post("/", data={"size": "4", "r3c2": "2"})
    assert response.status_code == 303
    assert response.headers["Location"] == "/solve/" + "0" * 9 + "2" + "0" * 6


def test_a_pasted_puzzle_with_clashes_comes_back_filled_in_and_marked(client):
    response = client.post("/", data={"puzzle": "11" + "." * 14})
    assert response.status_code == 422
    page = Page(response.text)
    assert page.cell("r1c1")["aria-invalid"] == "true"
    assert page.cell("r1c1")["value"] == "1"
    assert len([i for i in page.all("input") if i["name"].startswith("r")]) == 16
    assert "Row 1 has two 1s (columns 1 and 2)" in response.text


def test_solved_shows_the_solution_with_givens_set_apart(client, unique_puzzle):
    response = client.get(f"/solve/{unique_puzzle.code}")
    assert response.status_code == 200
    page = Page(response.text)
    assert ">Solved</h1>" in response.text
    classes = [attrs["class"] for tag, attrs in page.elements if tag == "td"]
    assert [c == "given" for c in classes] == [s != "." for s in unique_puzzle.puzzle]
    assert {c for c in classes if c != "given"} == {"filled"}
    assert "".join(page.cells) == unique_puzzle.solution


def test_the_result_page_has_the_share_link_copy_button_and_edit_link(client, unique_puzzle):
    response = client.get(f"/solve/{unique_puzzle.code}")
    page = Page(response.text)
    share = f"http://localhost/solve/{unique_puzzle.code}"
    assert page.all("a", id="share-link", href=share)
    assert page.texts["share-link"] == share
    [copy] = page.all("button", **{"data-copy": "share-link"})
    assert "hidden" in copy  # the script shows it; without script there is nothing to copy with
    assert page.all("a", href=f"/?puzzle={unique_puzzle.code}")
    for figure in ("Time", "Decided by", "Search nodes", "Givens"):
        assert f"<dt>{figure}</dt>" in response.text
    assert "<dd>exact search</dd>" in response.text


def test_a_result_the_sat_solver_decided_says_so_with_its_conflicts(client):
    puzzle, _, solution = data_lines("sat_25x25_answers.txt")[0]
    response = client.get(f"/solve/{parse(puzzle).code}")
    page = Page(response.text)
    assert "".join(page.cells) == solution
    assert "<dt>Decided by</dt>" in response.text
    assert "<dd>SAT solver (CaDiCaL)</dd>" in response.text
    assert "<dt>SAT conflicts</dt>" in response.text


@pytest.mark.parametrize(
    ("code", "heading", "says"),
    [
        (CLASH_CODE, "No solution", "Row 1 has two 5s (columns 1 and 2)"),
        (
            PROVEN_IMPOSSIBLE,
            "No solution",
            "the search proved that no way of filling the grid works",
        ),
        (PROVEN_IMPOSSIBLE, "No solution", "<li>The givens leave r1c9 with no possible value</li>"),
        (
            "003020600900305001001806400008102900700000008046708200002609500800203009005010300",
            "No solution",
            "<li>Filling in the 37 cells the givens force leaves r4c5 with no possible value</li>",
        ),
        ("0" * 81, "More than one solution", "highlighted. The grid has no givens yet: edit it"),
        ("0" * 80 + "1", "More than one solution", "cells where they differ are highlighted"),
        ("0" * 16, "More than one solution", "Solution 2"),
    ],
)
def test_each_status_has_its_own_heading_and_reason(client, code, heading, says):
    response = client.get(f"/solve/{code}")
    assert response.status_code == 200
    assert f">{heading}</h1>" in response.text
    assert says in response.text


def test_clashing_givens_are_marked_on_the_result_board(client):
    page = Page(client.get(f"/solve/{CLASH_CODE}").text)
    marked = [
        attrs["class"]
        for tag, attrs in page.elements
        if tag == "td" and "conflict" in attrs["class"]
    ]
    assert marked == ["given conflict", "given conflict"]


def test_two_solutions_are_shown_side_by_side_with_differences(client, multiple_puzzle):
    response = client.get(f"/solve/{multiple_puzzle.code}")
    page = Page(response.text)
    assert len(page.all("table")) == 2
    assert page.all("div", class_="boards printable pair")
    first, second = page.cells[:81], page.cells[81:]
    puzzle = parse(multiple_puzzle.puzzle)
    assert all(is_solution(parse("".join(board)), Puzzle(puzzle)) for board in (first, second))
    assert first != second
    differs = [i for i, (a, b) in enumerate(zip(first, second, strict=True)) if a != b]
    classes = [a["class"] for t, a in page.elements if t == "td"]
    for board in (classes[:81], classes[81:]):
        assert [i for i, c in enumerate(board) if "differs" in c] == differs


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (FOUR.replace(".", "0"), {", given", ", solved"}),
        ("0" * 16, {", solved", ", solved, differs from the other solution"}),
        ("11" + "0" * 13 + "3", {", given, clashes with another given", ", given", "blank"}),
    ],
    ids=["solved", "multiple", "clash"],
)
def test_every_result_cell_says_in_words_what_its_colour_shows(client, code, expected):
    page = Page(client.get(f"/solve/{code}").text)
    assert len(page.notes) == len(page.cells)  # one note per cell
    assert set(page.notes) == expected


def test_a_cell_of_the_puzzle_board_is_given_or_blank(stingy_client, impossible_puzzle):
    response = stingy_client.get(f"/solve/{impossible_puzzle.code}")
    assert ">Gave up</h1>" in response.text
    notes = Page(response.text).notes
    assert notes == [", given" if s != "." else "blank" for s in impossible_puzzle.puzzle]


def test_two_solutions_list_the_cells_they_differ_in(client, multiple_puzzle):
    response = client.get(f"/solve/{multiple_puzzle.code}")
    page = Page(response.text)
    first, second = page.cells[:81], page.cells[81:]
    differs = [
        f"r{i // 9 + 1}c{i % 9 + 1} ({a} or {b})"
        for i, (a, b) in enumerate(zip(first, second, strict=True))
        if a != b
    ]
    assert page.all("p", class_="detail")
    assert f"They differ in {len(differs)} cells: " in response.text
    for difference in differs[:30]:
        assert difference in response.text


def test_running_out_of_budget_says_gave_up_never_no_solution(stingy_client, impossible_puzzle):
    response = stingy_client.get(f"/solve/{impossible_puzzle.code}")
    assert response.status_code == 200
    assert ">Gave up</h1>" in response.text
    assert "ran out of its work budget" in response.text
    assert "No solution" not in response.text


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("/solve/" + "." * 81, "/solve/" + "0" * 81),
        ("/solve/" + "g" + "0" * 255, "/solve/G" + "0" * 255),
        ("/solve/12..-..12-2...-...1", "/solve/1200001220000001"),
    ],
)
def test_other_spellings_of_a_share_link_move_permanently(client, path, location):
    response = client.get(path)
    assert response.status_code == 301
    assert response.headers["Location"] == location


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("hello", "The link&#39;s code: expected 16 cells, found 5"),
        ("12x", "The link&#39;s code, character 3: &#39;x&#39; is not a Sudoku symbol"),
        ("1" * 80, "The link&#39;s code: expected 81 cells, found 80"),
        ("5" * 82, "The link&#39;s code: expected 81 cells, found 82"),
        ("1" * 15 + "9", "The link&#39;s code, character 16: &#39;9&#39; is not a symbol of a 4x4"),
        ("." * 81 + "-q", "The link&#39;s code: unknown rule letter q; after the - a link"),
        ("." * 81 + "-xq", "The link&#39;s code: unknown rule letter q;"),
        (
            "." * 81 + "-j12345",
            "The link&#39;s code: the Jigsaw&#39;s regions cannot be read: after -j a 9x9"
            " Jigsaw&#39;s link has 29 letters for its regions, this one has 5",
        ),
        (
            "." * 81 + "-j" + "1" * 29,
            "The link&#39;s code: the Jigsaw&#39;s regions cannot be read: after -j the link"
            " has letters A-Z and 2-7 only",
        ),
    ],
)
def test_a_share_link_without_a_readable_puzzle_is_422(client, code, message):
    response = client.get(f"/solve/{code}")
    assert response.status_code == 422
    page = Page(response.text)
    assert (
        page.texts["error-summary-title"] == "This link does not hold a puzzle the solver can read"
    )
    assert page.texts["problem-1"].startswith(message.replace("&#39;", "'"))
    assert "Pasted puzzle" not in response.text
    assert page.texts["puzzle"] == ""  # the link's code is not put in the box as if typed
    assert not page.all("textarea", **{"aria-invalid": "true"})


@pytest.mark.parametrize(
    ("path", "heading"),
    [
        ("/", "Solve a Sudoku"),
        ("/?size=7", "Fix the puzzle"),
        ("/?puzzle=12x", "Fix the puzzle"),
        ("/solve/hello", "Fix the puzzle"),
    ],
)
def test_the_form_pages_title_and_heading_agree(client, path, heading):
    text = client.get(path).text
    assert f"<title>{heading} · Sudoku solver</title>" in text
    assert f"<h1>{heading}</h1>" in text


@pytest.mark.parametrize(
    ("method", "path", "status", "title"),
    [
        ("get", "/nowhere", 404, "Page not found"),
        ("get", "/solve/", 404, "Page not found"),
        ("put", "/", 405, "Method not allowed"),
        ("post", "/solve/" + "0" * 81, 405, "Method not allowed"),
    ],
)
def test_errors_are_pages_that_say_what_to_do(client, method, path, status, title):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert response.mimetype == "text/html"
    assert f"<h1>{title}</h1>" in response.text
    assert 'href="/"' in response.text


def test_an_oversized_submission_is_413_with_a_page(client):
    response = client.post("/", data={"puzzle": "1" * (128 * 1024)})  # a batch's limit
    assert response.status_code == 413
    assert "<h1>Too much to read</h1>" in response.text


def test_405_keeps_its_allow_header(client):
    assert set(client.put("/").headers["Allow"].split(", ")) >= {"GET", "POST"}


@pytest.mark.parametrize(
    ("code", "mark", "places"),
    [
        (PROVEN_IMPOSSIBLE, "dead-end", [8]),  # r1c9
        (
            "003020600900305001001806400008102900700000008046708200002609500800203009005010300",
            "dead-end",
            [3 * 9 + 4],  # r4c5
        ),
        (
            "..3.2.6..9..3.5..1..18.64...381.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".replace(
                ".", "0"
            ),
            "dead-end-unit",
            [row * 9 + 8 for row in range(9)],  # column 9
        ),
    ],
)
def test_the_dead_end_a_no_solution_page_names_is_marked_on_its_board(client, code, mark, places):
    text = client.get(f"/solve/{code}").text
    page = Page(text)
    cells = [attrs["class"].split() for tag, attrs in page.elements if tag == "td"]
    assert [index for index, classes in enumerate(cells) if mark in classes] == places
    said = "left with no possible value" if mark == "dead-end" else "left with no place"
    assert text.count(said) == len(places)
