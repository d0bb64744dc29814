"""What browsers and CDNs may keep: decided answers and versioned static files for long, a
share link's pending page (gave up within the page's work) for a moment, nothing else."""

from __future__ import annotations

import re

import pytest
from test_marks_pages import CODE as MARKED_CODE
from test_marks_pages import MARKS

from webapp.web.http_caching import DECIDED_SECONDS, PENDING_SECONDS
from webapp.web.links import IMMUTABLE_SECONDS

from puzzles import CLASHING_CODE, NORVIG_EASY_CODE

EASY = NORVIG_EASY_CODE
CLASH = CLASHING_CODE
EMPTY_9 = "0" * 81
# A budget of 5 nodes decides the easy puzzle and the clash at once, and gives up on the empty grid.
DECIDED = [("solved", EASY), ("no_solution", CLASH)]


@pytest.fixture
def client(make_app):
    """A client of an app whose budget cannot finish the empty grid's search."""
    return make_app(SOLVE_BUDGET_NODES=5).test_client()


@pytest.mark.parametrize("prefix", ["/solve/", "/api/solve/"])
@pytest.mark.parametrize(("status", "code"), DECIDED)
def test_a_decided_answer_is_public_long_lived_and_revalidates_to_304(client, prefix, status, code):
    first = client.get(prefix + code)
    assert first.status_code == 200
    assert first.cache_control.public
    assert first.cache_control.max_age == DECIDED_SECONDS
    etag, weak = first.get_etag()
    assert etag and not weak
    again = client.get(prefix + code, headers={"If-None-Match": f'"{etag}"'})
    assert again.status_code == 304
    assert again.data == b""
    assert again.headers["Content-Security-Policy"]


@pytest.mark.parametrize("prefix", ["/solve/", "/api/solve/"])
def test_a_stale_etag_gets_the_whole_answer(client, prefix):
    response = client.get(prefix + EASY, headers={"If-None-Match": '"not-this-one"'})
    assert response.status_code == 200
    assert response.data


def test_the_etag_follows_the_content(client):
    easy, clash = client.get("/solve/" + EASY), client.get("/solve/" + CLASH)
    assert easy.get_etag() != clash.get_etag()


@pytest.mark.parametrize("route", ["/api/rate/", "/api/explain/", "/explain/", "/solve/"])
def test_an_answer_worked_out_again_revalidates_to_304(make_app, route):
    # /api/explain and /api/rate hashed their "ms" into the ETag: a revalidation after the
    # answer was worked out again (another server, a restart) never matched
    first = make_app(SOLVE_CACHE_SIZE=0).test_client().get(route + EASY)
    elsewhere = make_app(SOLVE_CACHE_SIZE=0).test_client()
    again = elsewhere.get(route + EASY, headers={"If-None-Match": first.headers["ETag"]})
    assert (first.status_code, again.status_code) == (200, 304)


def test_gave_up_is_never_stored_from_the_api(client):
    response = client.get("/api/solve/" + EMPTY_9)
    assert "gave" in response.get_data(as_text=True).lower()
    assert response.cache_control.no_store
    assert response.get_etag() == (None, None)


def test_a_gave_up_page_is_kept_by_shared_caches_for_a_moment_and_revalidates(client):
    # Decided by the page's counted work, the same on every server, but a job may take it
    # further: nginx may keep it PENDING_SECONDS, a browser asks again every time.
    first = client.get("/solve/" + EMPTY_9)
    assert "Gave up" in first.text
    assert first.cache_control.public and not first.cache_control.no_store
    assert first.cache_control.max_age == 0
    assert first.cache_control.s_maxage == PENDING_SECONDS
    etag, weak = first.get_etag()
    assert etag and not weak
    again = client.get("/solve/" + EMPTY_9, headers={"If-None-Match": f'"{etag}"'})
    assert again.status_code == 304 and again.cache_control.s_maxage == PENDING_SECONDS


def test_the_posted_api_is_not_cached(client):
    response = client.post("/api/solve", json={"puzzle": EASY})
    assert response.status_code == 200
    assert not response.cache_control.public
    assert response.get_etag() == (None, None)


def asset_links(html: str) -> list[str]:
    """The stylesheet, icon and script links a page names."""
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', html)


def test_pages_name_static_files_by_their_content(client):
    links = asset_links(client.get("/").get_data(as_text=True))
    assert {link.split("?")[0] for link in links} == {
        "/static/style.css",
        "/static/favicon.svg",
        "/static/grid.js",
        "/static/form_parts.js",
        "/static/regions.js",
        "/static/cages.js",
        "/static/rule_marks.js",
        "/static/read_photo.js",
    }
    for link in links:
        assert re.fullmatch(r"/static/[\w.]+\?v=[0-9a-f]{12}", link)
        with client.get(link) as response:
            assert response.status_code == 200
            assert response.cache_control.max_age == IMMUTABLE_SECONDS
            assert response.cache_control.immutable
            assert response.cache_control.public


@pytest.mark.parametrize("query", ["", "?v=000000000000", "?v="])
def test_a_static_file_asked_for_without_its_current_hash_revalidates(client, query):
    with client.get("/static/style.css" + query) as response:
        assert response.status_code == 200
        assert response.cache_control.max_age != IMMUTABLE_SECONDS
        assert not response.cache_control.immutable


def test_the_error_page_names_static_files_by_content_too(client):
    page = client.get("/no-such-page")
    assert page.status_code == 404
    assert all("?v=" in link for link in asset_links(page.get_data(as_text=True)))


@pytest.mark.parametrize("prefix", ["/solve/", "/api/solve/"])
def test_the_etag_leaves_out_how_long_the_solve_took(make_app, prefix):
    # Two servers (no cache between them) solve the same puzzle in different times: a
    # revalidation with one's ETag matches the other's answer.
    servers = [make_app().test_client() for _ in range(2)]
    first = servers[0].get(prefix + EASY)
    etag, _ = first.get_etag()
    again = servers[1].get(prefix + EASY, headers={"If-None-Match": f'"{etag}"'})
    assert again.status_code == 304
    if prefix == "/solve/":
        assert re.search(r"<dd data-timing>[^<]*ms</dd>", first.text)


@pytest.mark.parametrize(
    ("code", "query"),
    [
        (EASY, "progress=" + EASY.replace("0", "1", 1)),
        (MARKED_CODE, "marks=" + MARKS),
        (EASY, "time=42"),
    ],
)
@pytest.mark.parametrize("prefix", ["/solve/", "/play/"])
def test_a_page_holding_a_players_position_is_theirs_alone(client, prefix, code, query):
    answer = client.get(f"{prefix}{code}?{query}")
    assert (answer.status_code, answer.cache_control.public, answer.cache_control.private) == (
        200,
        False,
        True,
    )
