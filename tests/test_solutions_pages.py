"""How many solutions a result page says a puzzle has, and /solve/<code>?all=1, which lists
them: the wording, the boards (each a distinct solution, checked without the engine), the
cells marked, what the list leaves out, bad values of all, caching."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from sudoku_rules import SYMBOLS, box_shape, valid_solution

from webapp.sudoku import SHAPES
from webapp.web.http_caching import PENDING_SECONDS
from webapp.web.solution_counts import COUNT_CACHE_KEY, listed_for

from puzzles import CLASHING_CODE, SEED_EASY_SOLUTION, data_lines

# tdoku's test puzzles by their exact count (tests/data/tdoku_test_puzzles.txt), as codes.
TDOKU = {
    int(count): puzzle.replace(".", "0")
    for puzzle, count, *_ in data_lines("tdoku_test_puzzles.txt", ":")
}
SEEDS = {fields[1]: fields[0].replace(".", "0") for fields in data_lines("seed_examples.txt")}
# The seed documents' under-constrained board (tests/data/seed_examples.txt): 5 solutions.
SEED_FIVE, UNIQUE = SEEDS["5"], SEEDS["1"]
EMPTY_4, EMPTY_9, EMPTY_16 = "0" * 16, "0" * 81, "0" * 256
# A 25x25 with its first row given: far too many solutions to count in a request.
NEAR_EMPTY_25 = SYMBOLS + "0" * 600


def two_solutions(solution: str) -> str:
    """`solution` with the four corners of a rectangle blanked whose two rows share a band and
    whose symbols swap across it (a deadly pattern): exactly two solutions, by construction."""
    rows = [solution[r * 9 : (r + 1) * 9] for r in range(9)]
    for r1 in range(9):
        for r2 in range(r1 + 1, r1 // 3 * 3 + 3):
            for c1 in range(9):
                for c2 in range(c1 // 3 * 3 + 3, 9):
                    a, b = rows[r1][c1], rows[r1][c2]
                    if (rows[r2][c1], rows[r2][c2]) == (b, a):
                        blank = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2}
                        return "".join("0" if i in blank else s for i, s in enumerate(solution))
    raise AssertionError("no deadly rectangle in this solution")


TWO = two_solutions(SEED_EASY_SOLUTION)


class Boards(HTMLParser):
    """A page's heading, its paragraphs by class, its links, and every board: each cell's
    symbol, classes and hidden words."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.heading = ""
        self.paragraphs: dict[str, str] = {}
        self.links: dict[str, str] = {}  # what a link says -> where it goes
        self.boards: list[list[tuple[str, str, str]]] = []
        self._where: list[str] = []  # what the text read now belongs to
        self._href = ""
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = {name: value or "" for name, value in attrs}
        if tag == "table":
            self.boards.append([])
        elif tag == "td":
            self.boards[-1].append(("", attributes.get("class", ""), ""))
            self._where.append("td")
        elif tag == "span" and self._where[-1:] == ["td"]:
            self._where.append("note")
        elif tag == "h1":
            self._where.append("h1")
        elif tag == "p":
            name = attributes.get("class", "")
            self.paragraphs[name] = ""
            self._where.append(f"p.{name}")
        elif tag == "a":
            self._href = attributes.get("href", "")
            self._where.append("a")

    def handle_endtag(self, tag):
        if not self._where:
            return
        reading = self._where[-1]
        ends = {"td": "td", "span": "note", "h1": "h1", "a": "a"}
        if ends.get(tag) == reading or (tag == "p" and reading.startswith("p.")):
            self._where.pop()

    def handle_data(self, data):
        if not self._where:
            return
        where = self._where[-1]
        if where == "td":
            symbol, classes, note = self.boards[-1][-1]
            self.boards[-1][-1] = (symbol + data.strip(), classes, note)
        elif where == "note":
            symbol, classes, note = self.boards[-1][-1]
            self.boards[-1][-1] = (symbol, classes, note + data)
        elif where == "h1":
            self.heading += data
        elif where == "a":
            self.links[data.strip()] = self._href
        elif where.startswith("p."):
            self.paragraphs[where[2:]] += data


@pytest.fixture
def stingy_client(make_app):
    """A client of an app that counts solutions for 50 search nodes only."""
    return make_app(COUNT_BUDGET_NODES=50).test_client()


@pytest.mark.parametrize(
    ("code", "says", "link"),
    [
        pytest.param(SEED_FIVE, "exactly 5 solutions", "See all 5 solutions", id="seed 5"),
        pytest.param(TDOKU[3], "exactly 3 solutions", "See all 3 solutions", id="tdoku 3"),
        pytest.param(TDOKU[847], "exactly 847 solutions", "See the first 100", id="tdoku 847"),
        pytest.param(TWO, "exactly 2 solutions", None, id="two"),
        pytest.param(EMPTY_4, "exactly 288 solutions", "See the first 100", id="empty 4x4"),
        pytest.param(
            EMPTY_9,
            "at least 1,000 solutions (counting stops there)",
            "See the first 100",
            id="empty 9x9",
        ),
        pytest.param(
            NEAR_EMPTY_25,
            "at least 2 solutions (counting them ran out of its work budget)",
            None,
            id="near-empty 25x25",
        ),
    ],
)
def test_the_result_page_says_how_many_and_links_to_the_list(client, code, says, link):
    response = client.get(f"/solve/{code}")
    page = Boards(response.text)
    assert response.status_code == 200
    assert page.heading == "More than one solution"
    assert page.paragraphs["summary"].startswith(f"This puzzle has {says}, so it is not")
    assert len(page.boards) == 2  # the two solutions and their differences, as before
    assert page.paragraphs["detail"].startswith("They differ in ")
    listed = [text for text, href in page.links.items() if href.endswith("?all=1")]
    assert listed == ([link] if link else [])
    if link:
        assert page.links[link] == f"/solve/{code}?all=1"


@pytest.mark.parametrize(
    ("code", "count", "heading", "unshown"),
    [
        pytest.param(SEED_FIVE, 5, "All 5 solutions", "", id="seed 5"),
        pytest.param(TDOKU[9], 9, "All 9 solutions", "", id="tdoku 9"),
        pytest.param(
            TDOKU[847],
            847,
            "The first 100 of 847 solutions",
            "The other 747 are not shown. This page lists at most 100 solutions of a 9×9 grid.",
            id="tdoku 847",
        ),
        pytest.param(
            EMPTY_4,
            288,
            "The first 100 of 288 solutions",
            "The other 188 are not shown. This page lists at most 100 solutions of a 4×4 grid.",
            id="empty 4x4",
        ),
        pytest.param(
            EMPTY_9,
            1000,
            "The first 100 of at least 1,000 solutions",
            "Counting stops at 1,000 solutions, so there may be many more; only the first 100"
            " are shown. This page lists at most 100 solutions of a 9×9 grid.",
            id="empty 9x9",
        ),
        pytest.param(
            EMPTY_16,
            1000,
            "The first 31 of at least 1,000 solutions",
            "Counting stops at 1,000 solutions, so there may be many more; only the first 31"
            " are shown. This page lists at most 31 solutions of a 16×16 grid.",
            id="empty 16x16",
        ),
    ],
)
def test_all_lists_distinct_solutions_up_to_the_cap(client, code, count, heading, unshown):
    response = client.get(f"/solve/{code}?all=1")
    page = Boards(response.text)
    size = int(len(code) ** 0.5)
    rows, cols = box_shape(size)
    assert response.status_code == 200
    assert page.heading == heading
    assert page.paragraphs.get("unshown", "") == unshown
    grids = ["".join(symbol for symbol, _, _ in board) for board in page.boards]
    assert len(grids) == min(count, listed_for(SHAPES[size]))
    assert len(set(grids)) == len(grids)
    assert all(valid_solution(grid, code, rows, cols) for grid in grids)
    assert page.links["Back to the answer"] == f"/solve/{code}"


def test_each_listed_board_marks_where_it_differs_from_the_first(client):
    page = Boards(client.get(f"/solve/{TDOKU[9]}?all=1").text)
    first = [symbol for symbol, _, _ in page.boards[0]]
    for board in page.boards:
        differ = [i for i, (symbol, _, _) in enumerate(board) if symbol != first[i]]
        marked = [i for i, (_, classes, _) in enumerate(board) if "unlike-first" in classes]
        said = [i for i, (_, _, note) in enumerate(board) if "differs from solution 1" in note]
        assert marked == said == differ


@pytest.mark.parametrize(
    ("code", "heading", "says"),
    [
        pytest.param(UNIQUE, "Solved", "It has exactly one solution.", id="one"),
        pytest.param(CLASHING_CODE, "No solution", "Some givens clash", id="none"),
    ],
)
def test_all_on_a_puzzle_with_one_solution_or_none_shows_its_page(client, code, heading, says):
    plain, listed = client.get(f"/solve/{code}"), client.get(f"/solve/{code}?all=1")
    assert listed.status_code == 200
    assert Boards(listed.text).heading == heading
    assert says in listed.text
    assert listed.text == plain.text


def test_all_on_a_puzzle_the_solve_gave_up_on_shows_its_page(make_app):
    client = make_app(SOLVE_BUDGET_NODES=20).test_client()
    code = TDOKU[0]
    listed = client.get(f"/solve/{code}?all=1")
    assert (listed.status_code, Boards(listed.text).heading) == (200, "Gave up")


@pytest.mark.parametrize("value", ["", "0", "2", "true", "yes", "1 ", "01", "x" * 500])
def test_all_other_than_1_is_a_bad_request_saying_so(client, value):
    response = client.get(f"/solve/{SEED_FIVE}", query_string={"all": value})
    assert response.status_code == 400
    assert "all must be 1 to list every solution, or left out." in response.text


@pytest.mark.parametrize("query", ["all=1", "all=1&candidates=1", "code=1&all=1", "_external=1"])
def test_another_spelling_of_the_code_moves_to_the_canonical_link_query_and_all(client, query):
    """The query goes along as it came, even names url_for would read as its own."""
    response = client.get(f"/solve/{SEED_FIVE.replace('0', '.')}?{query}")
    assert response.status_code == 301
    assert response.headers["Location"] == f"/solve/{SEED_FIVE}?{query}"


@pytest.mark.parametrize("query", ["", "?all=1"])
def test_an_exact_count_is_kept_by_browsers(client, query):
    response = client.get(f"/solve/{SEED_FIVE}{query}")
    assert response.cache_control.public
    assert response.get_etag()[0]


@pytest.mark.parametrize("query", ["", "?all=1"])
def test_a_count_the_budget_cut_short_says_so_and_is_kept_only_for_a_moment(stingy_client, query):
    response = stingy_client.get(f"/solve/{EMPTY_9}{query}")
    page = Boards(response.text)
    assert response.cache_control.max_age == 0  # pending: a job may count further
    assert response.cache_control.s_maxage == PENDING_SECONDS
    assert "(counting them ran out of its work budget)" in page.paragraphs["summary"]
    if query:
        found = len(page.boards)
        assert page.heading == f"The {found} solutions found"
        assert page.paragraphs["unshown"] == (
            f"Counting ran out of its work budget after {found} solutions, so there may be more."
        )
    else:
        [label] = [text for text, href in page.links.items() if href.endswith("?all=1")]
        assert label.startswith("See the ") and label.endswith(" found")


def test_a_count_is_made_once_per_code_and_budget(app, client):
    counts = app.extensions[COUNT_CACHE_KEY]
    for query in ("", "?all=1", "", "?all=1"):
        assert client.get(f"/solve/{TDOKU[847]}{query}").status_code == 200
    assert len(counts) == 1


def test_counts_work_with_the_cache_turned_off(make_app):
    client = make_app(COUNT_CACHE_SIZE=0).test_client()
    assert "exactly 5 solutions" in client.get(f"/solve/{SEED_FIVE}").text
