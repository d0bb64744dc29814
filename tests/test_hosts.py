"""The Host header is the client's to choose: it never breaks a page, a link, a redirect or the log.

Share links, the API's share_url and Werkzeug's own redirects once named
whatever Host a client sent, and a Host that Werkzeug refuses made the error
page itself fail (a bare 500 with the puzzle in the log).
"""

from __future__ import annotations

import logging
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp import create_app
from webapp.web.site.headers import HSTS, SECURITY_HEADERS

from puzzles import NORVIG_EASY_CODE

EASY = NORVIG_EASY_CODE
PUBLIC = "https://sudoku.example.org"

ROUTES = ["/", f"/solve/{EASY}", f"/api/solve/{EASY}", "/solve/hello", "/no-such-page", "/healthz"]

# Values Werkzeug refuses outright, and values it accepts but no site should link to.
HOSTILE_HOSTS = [
    "a" * 64,
    "x" * 300,
    "evil.example",
    "evil.example:8080",
    "a b",
    "[::1",
    "ex\x00ample",
    "",
    "localhost@evil.example",
    "evil.example/solve",
]


# Any text a header can carry: HTTP has no way to send a line break inside one.
HOST_TEXT = st.text(st.characters(blacklist_characters="\r\n"), max_size=80)


@pytest.fixture(scope="module")
def open_app(make_app):
    """The app with no PUBLIC_URL and no TRUSTED_HOSTS, as a development checkout runs it."""
    return make_app()


@pytest.fixture(scope="module")
def public_app(make_app):
    """The app told where it is published."""
    return make_app(PUBLIC_URL=PUBLIC)


def share_link(html: str) -> str:
    """The href of the result page's share link."""
    found = re.search(r'id="share-link" href="([^"]*)"', html)
    assert found, "no share link on the page"
    return found.group(1)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(host=HOST_TEXT | st.sampled_from(HOSTILE_HOSTS), route=st.sampled_from(ROUTES))
def test_any_host_gets_an_answer_below_500_with_the_security_headers(open_app, host, route):
    response = open_app.test_client().get(route, headers={"Host": host})
    assert response.status_code < 500
    for name, value in SECURITY_HEADERS.items():
        assert response.headers[name] == value


@pytest.mark.parametrize("host", ["a" * 64, "x" * 300])
def test_a_host_werkzeug_refuses_is_a_400_page_that_still_draws(open_app, host):
    response = open_app.test_client().get(f"/solve/{EASY}", headers={"Host": host})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "Bad request" in html
    assert 'href="/"' in html  # the way back, written without the refused host


@pytest.mark.parametrize("host", ["a" * 64, "evil.example"])
def test_no_log_line_carries_the_puzzle(open_app, host, caplog, capsys):
    with caplog.at_level(logging.DEBUG):
        open_app.test_client().get(f"/solve/{EASY}", headers={"Host": host})
    logged = caplog.text + capsys.readouterr().err
    assert EASY not in logged
    assert "Traceback" not in logged


@pytest.mark.parametrize("host", HOSTILE_HOSTS[2:4])
def test_with_public_url_links_ignore_the_host(public_app, host):
    client = public_app.test_client()
    page = client.get(f"/solve/{EASY}", headers={"Host": host})
    assert share_link(page.get_data(as_text=True)) == f"{PUBLIC}/solve/{EASY}"
    api = client.get(f"/api/solve/{EASY}", headers={"Host": host})
    assert api.json["share_url"] == f"{PUBLIC}/solve/{EASY}"


@pytest.mark.parametrize(
    "host",
    ["localhost:1@x", "localhost@evil.example", "a b", "evil.example/solve", "x:y:z", "[::1"],
)
def test_without_any_setting_a_host_that_is_no_host_is_refused(open_app, host):
    # "localhost:1@x" got 200, public for a week, and a share link to http:///solve/...
    for route in (f"/solve/{EASY}", f"/api/solve/{EASY}", "/"):
        response = open_app.test_client().get(route, headers={"Host": host})
        assert response.status_code == 400, route
        assert "public" not in response.headers.get("Cache-Control", "")


@pytest.mark.parametrize(
    "host", ["localhost", "127.0.0.1:5000", "[::1]:8080", "sudoku.example.org."]
)
def test_a_host_name_or_address_is_served(open_app, host):
    assert open_app.test_client().get(f"/solve/{EASY}", headers={"Host": host}).status_code == 200


def test_without_public_url_links_follow_the_request(open_app):
    page = open_app.test_client().get(f"/solve/{EASY}", headers={"Host": "127.0.0.1:5000"})
    assert share_link(page.get_data(as_text=True)) == f"http://127.0.0.1:5000/solve/{EASY}"


@pytest.mark.parametrize(
    ("app_fixture", "location"),
    [("open_app", f"/solve/{EASY}"), ("public_app", f"{PUBLIC}/solve/{EASY}")],
)
def test_werkzeugs_own_redirects_never_name_the_clients_host(request, app_fixture, location):
    client = request.getfixturevalue(app_fixture).test_client()
    response = client.get(f"/solve//{EASY}", headers={"Host": "evil.example"})
    assert response.status_code == 308
    assert response.headers["Location"] == location


def test_trusted_hosts_refuse_every_other_host(make_app):
    client = make_app(TRUSTED_HOSTS=["sudoku.example.org"]).test_client()
    assert client.get("/", headers={"Host": "sudoku.example.org"}).status_code == 200
    refused = client.get(f"/solve/{EASY}", headers={"Host": "evil.example"})
    assert refused.status_code == 400
    assert refused.headers["Content-Security-Policy"] == SECURITY_HEADERS["Content-Security-Policy"]


@pytest.mark.parametrize(
    ("public_url", "hsts"), [(None, None), ("http://sudoku.test", None), (PUBLIC, HSTS)]
)
def test_hsts_only_when_the_site_is_published_over_https(make_app, public_url, hsts):
    client = make_app(PUBLIC_URL=public_url).test_client()
    for route in ("/", "/no-such-page", "/healthz"):
        assert client.get(route).headers.get("Strict-Transport-Security") == hsts


@pytest.mark.parametrize(
    "public_url",
    ["sudoku.example.org", "ftp://sudoku.example.org", "https://x.org/?a=1", "https://"],
)
def test_a_public_url_that_is_not_one_stops_the_app_at_start(public_url):
    with pytest.raises(ValueError, match="PUBLIC_URL must look like"):
        create_app({"PUBLIC_URL": public_url})


def test_forwarded_headers_count_only_when_configured(make_app):
    forwarded = {"X-Forwarded-Host": "sudoku.example.org", "X-Forwarded-Proto": "https"}
    plain = make_app().test_client()
    page = plain.get(f"/solve/{EASY}", headers={"Host": "127.0.0.1", **forwarded})
    assert share_link(page.get_data(as_text=True)) == f"http://127.0.0.1/solve/{EASY}"

    behind_proxy = make_app(PROXY_FIX={"x_for": 1, "x_proto": 1, "x_host": 1}).test_client()
    page = behind_proxy.get(f"/solve/{EASY}", headers={"Host": "127.0.0.1", **forwarded})
    assert share_link(page.get_data(as_text=True)) == f"https://sudoku.example.org/solve/{EASY}"
