"""Links pasted into the site and the CLI: a classic link lands on its puzzle's result page,
a link we cannot use comes back as a 422 saying why (never a 500), and a 9x9 result page
offers the puzzle in SudokuWiki and f-puzzles."""

from __future__ import annotations

import html

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_links import real_links

from webapp.cli import main
from webapp.sudoku import parse
from webapp.sudoku.links import fpuzzles_link, read_link, sudokuwiki_link

from puzzles import DATA, FOUR, NORVIG_EASY_CODE

CLASSIC = real_links("classic")[0][1]  # a SudokuWiki link from a public solver's tests
DISJOINT = real_links("variant")[-1][1]  # an f-puzzles link with disjoint groups, not read
CODE = CLASSIC.partition("bd=")[2]
VARIANT_LINES = (DATA / "links" / "variant_links.txt").read_text().splitlines()


@pytest.fixture(scope="module")
def client(make_app):
    """One client for the module, so hypothesis may call it many times."""
    return make_app().test_client()


@pytest.mark.parametrize("link", [CLASSIC, f"  {CLASSIC}\n", fpuzzles_link(parse(CODE))])
def test_a_pasted_classic_link_lands_on_its_puzzle(client, link):
    response = client.post("/", data={"source": "paste", "puzzle": link})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/solve/{CODE}")


@pytest.mark.parametrize(
    ("link", "words"),
    [
        (DISJOINT, "this f-puzzles link holds a variant: disjoint groups"),
        ("https://sudokupad.app/3rqmp2ykot", "kept on SudokuPad's server"),
        ("https://example.com/puzzle", "links from example.com are not read"),
        ("https://f-puzzles.com/?load=N4Ig", "stops short"),
    ],
)
def test_a_pasted_link_we_cannot_use_is_a_422_saying_why(client, link, words):
    response = client.post("/", data={"source": "paste", "puzzle": link})
    assert response.status_code == 422
    assert words in html.unescape(response.get_data(as_text=True))


def test_the_api_reads_a_link_and_refuses_a_variant_with_a_4xx(client):
    solved = client.post("/api/solve", json={"puzzle": CLASSIC})
    assert solved.status_code == 200 and solved.get_json()["status"] == "solved"
    onward = solved.get_json()["open_in"]
    assert onward["sudokuwiki"].endswith(f"sudoku.htm?bd={CODE}")
    for link in onward.values():
        linked = read_link(link)
        assert linked is not None and linked.puzzle == parse(CODE)
    four = client.post("/api/solve", json={"puzzle": FOUR}).get_json()
    assert four["open_in"] == {}
    refused = client.post("/api/solve", json={"puzzle": DISJOINT})
    assert refused.status_code == 422
    assert "disjoint groups" in refused.get_json()["error"]


def test_a_pasted_variant_link_lands_on_its_puzzle_and_the_api_opens_it_in_f_puzzles(client):
    """A real Jigsaw f-puzzles link (tests/data/links/variant_links.txt): the form sends it to
    its variant's result page; the API offers f-puzzles only (SudokuWiki's Jigsaw format is
    not published), and that link reads back to the same puzzle."""
    url = next(line.split()[-1] for line in VARIANT_LINES if line.startswith("j "))
    puzzle = read_link(url).given
    response = client.post("/", data={"source": "paste", "puzzle": url})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/solve/{puzzle.code}")
    answer = client.post("/api/solve", json={"puzzle": url}).get_json()
    assert answer["status"] == "solved" and answer["rules"] == puzzle.rules.code
    assert list(answer["open_in"]) == ["fpuzzles"]
    assert read_link(answer["open_in"]["fpuzzles"]).given == puzzle
    page = html.unescape(client.get(f"/solve/{puzzle.code}").get_data(as_text=True))
    assert "Open in f-puzzles" in page and "Open in SudokuWiki" not in page


def test_a_9x9_result_page_opens_the_puzzle_in_other_solvers(client):
    page = html.unescape(client.get(f"/solve/{NORVIG_EASY_CODE}").get_data(as_text=True))
    grid = parse(NORVIG_EASY_CODE)
    for label, href in [
        ("Open in SudokuWiki", sudokuwiki_link(grid)),
        ("Open in f-puzzles", fpuzzles_link(grid)),
    ]:
        assert f'<a class="button secondary" href="{href}" rel="noopener">{label}</a>' in page
        linked = read_link(href)
        assert linked is not None and linked.puzzle == grid


def test_other_sizes_offer_no_links_to_9x9_solvers(client):
    page = client.get(f"/solve/{FOUR.replace('.', '0')}").get_data(as_text=True)
    assert "Open in SudokuWiki" not in page and "Open in f-puzzles" not in page


def test_the_cli_solves_a_link_and_says_invalid_for_a_variant(capsys, tmp_path):
    path = tmp_path / "links.txt"
    path.write_text(f"{CLASSIC}\n{DISJOINT}\n")
    assert main(["solve", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "invalid"
    assert parse(lines[0]).is_complete


hosts = st.sampled_from(
    [
        "https://www.sudokuwiki.org/sudoku.htm?bd=",
        "https://www.sudokuwiki.org/sudoku.htm?bd=S9B",
        "https://f-puzzles.com/?load=",
        "https://f-puzzles.com/?load=N4Ig",
        "https://sudokupad.app/fpuzzles",
        "https://sudokupad.app/fpuzN4Ig",
        "https://sudokupad.app/?puzzleid=",
    ]
)
# No lone surrogates: a browser cannot send one (they have no UTF-8), nor can the test client.
tails = st.text(st.characters(blacklist_categories=["Zs", "Cc", "Cs"]), max_size=400)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hosts, tails)
def test_a_mangled_link_is_never_a_server_error(client, host, tail):
    for response in (
        client.post("/", data={"source": "paste", "puzzle": host + tail}),
        client.post("/api/solve", json={"puzzle": host + tail}),
    ):
        assert response.status_code < 500
