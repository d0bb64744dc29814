"""Limits and error pages: oversized requests refused before the work, every error rendered by
the app with its headers, and no inline script or style on any page."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from io import BytesIO

import pytest
from flask import abort

from webapp import create_app
from webapp.sudoku.puzzle import longest_code

from puzzles import NORVIG_EASY

UNIQUE = NORVIG_EASY
HTML_ERRORS = [400, 404, 405, 413, 414, 422, 500]


def _test_app(make_app):
    """The app as production runs it, plus routes that fail in every way, for tests only."""
    app = make_app(TESTING=False, PROPAGATE_EXCEPTIONS=False)

    @app.get("/raise")
    def raise_a_bug():
        raise RuntimeError("secret detail of a bug")

    @app.get("/abort/<int:code>")
    def abort_with(code):
        abort(code)

    @app.get("/api/abort/<int:code>")
    def api_abort_with(code):
        abort(code)

    @app.get("/api/raise")
    def api_raise_a_bug():
        raise RuntimeError("secret detail of a bug")

    return app


@pytest.fixture(scope="module")
def failing(make_app):
    """A client for the app with failing routes."""
    return _test_app(make_app).test_client()


class InlineCode(HTMLParser):
    """Collects what a strict Content-Security-Policy would block: inline script and style."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        names = {name for name, _ in attrs}
        if tag == "style":
            self.found.append("<style> element")
        # a JSON island (type application/json) is data the browser never runs
        if tag == "script" and dict(attrs).get("type") != "application/json":
            self._in_script = True
            if "src" not in names:
                self.found.append("<script> without src")
        self.found += [f"{name}= on <{tag}>" for name in names if name == "style"]
        self.found += [f"{name}= on <{tag}>" for name in names if name.startswith("on")]

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.found.append("code inside <script>")


def inline_code(html: str) -> list[str]:
    """Every piece of inline script or style in `html`."""
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def assert_headers(response) -> None:
    """The security headers every response carries, and never a cookie."""
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "Set-Cookie" not in response.headers


# The share code's length


@pytest.mark.parametrize(
    "path",
    ["/solve/{}", "/api/solve/{}", "/?puzzle={}"],
)
def test_a_share_code_longer_than_any_grid_is_refused_before_parsing(client, path):
    # the largest grid's 625 cells, "-", a letter for each kind of extra unit, a Jigsaw's
    # "j" and region code, and a Killer's "k" and cage code (test_regions.py makes one that
    # long); within gunicorn's request line of 4,094 bytes with "GET /solve/" before it
    longest = longest_code()
    assert 625 < longest < 4_000
    assert client.get(path.format("0" * 625)).status_code == 200
    response = client.get(path.format("0" * (longest + 1)))
    assert response.status_code == 414
    assert_headers(response)
    if path.startswith("/api/"):
        assert response.json == {
            "status": "error",
            "error": "Address too long: That is longer than any puzzle's share code can be"
            f" ({longest:,} characters).",
        }
    else:
        assert "<h1>Address too long</h1>" in response.text


@pytest.mark.parametrize("route", ["/solve/", "/api/solve/"])
def test_the_length_cap_is_checked_before_the_parser(client, route):
    # parsed first, the letters would be a 400 or 422 naming the first bad character
    assert client.get(route + "x" * 5000).status_code == 414


# Request bodies


def _json_body(size: int) -> bytes:
    """An API request for UNIQUE, `size` bytes long with whitespace after the JSON."""
    body = json.dumps({"puzzle": UNIQUE}).encode()
    return body + b" " * (size - len(body))


def _form_body(size: int) -> bytes:
    """UNIQUE as an urlencoded form, `size` bytes long with a field the form ignores."""
    body = f"puzzle={UNIQUE}&padding=".encode()
    return body + b"x" * (size - len(body))


def _paste_body(size: int) -> bytes:
    """The paste form as a browser sends it (the paste box and an empty upload), `size` bytes
    long with spaces after the puzzle."""
    head = f'--b\r\nContent-Disposition: form-data; name="puzzle"\r\n\r\n{UNIQUE}'
    tail = (
        '\r\n--b\r\nContent-Disposition: form-data; name="upload"; filename=""\r\n'
        "Content-Type: application/octet-stream\r\n\r\n\r\n--b--\r\n"
    )
    return (head + " " * (size - len(head) - len(tail)) + tail).encode()


def _parts(count: int) -> dict:
    """A multipart body of `count` small parts, with a short boundary."""
    body = "".join(
        f'--b\r\nContent-Disposition: form-data; name="x{i}"\r\n\r\n\r\n' for i in range(count)
    )
    return {"data": body + "--b--\r\n", "content_type": "multipart/form-data; boundary=b"}


def test_the_grid_form_of_the_largest_size_fits(client):
    cells = {f"r{row}c{col}": "" for row in range(1, 26) for col in range(1, 26)}
    cells["r1c1"] = "1"
    response = client.post("/", data={"size": "25", **cells})  # urlencoded, as a browser sends it
    assert response.status_code == 303
    assert response.location.endswith("/solve/1" + "0" * 624)


def test_too_many_form_parts_are_refused(client):
    limit = client.application.config["MAX_FORM_PARTS"]
    # Read, not refused: a form of no givens is asked for them.
    assert client.post("/", **_parts(limit)).status_code == 422
    too_many = _parts(limit + 1)
    assert len(too_many["data"]) < client.application.config["MAX_FORM_MEMORY_SIZE"]
    response = client.post("/", **too_many)
    assert response.status_code == 413
    assert_headers(response)


@pytest.mark.parametrize(
    ("path", "body", "content_type", "setting"),
    [
        pytest.param("/api/solve", _json_body, "application/json", "MAX_CONTENT_LENGTH", id="api"),
        # The form's route also takes a batch, one puzzle a line: its body may be as long.
        pytest.param(
            "/",
            _form_body,
            "application/x-www-form-urlencoded",
            "BATCH_MAX_CONTENT_LENGTH",
            id="form",
        ),
        pytest.param(
            "/",
            _paste_body,
            "multipart/form-data; boundary=b",
            "BATCH_MAX_CONTENT_LENGTH",
            id="paste",
        ),
    ],
)
def test_a_body_at_the_limit_is_read_and_one_byte_more_is_refused(
    client, path, body, content_type, setting
):
    limit = client.application.config[setting]
    at_limit = client.post(path, data=body(limit), content_type=content_type)
    over = client.post(path, data=body(limit + 1), content_type=content_type)
    if path.startswith("/api/"):
        assert at_limit.json["status"] == "solved"
        assert (over.status_code, over.json["status"]) == (413, "error")
    else:
        assert at_limit.location.endswith("/solve/" + UNIQUE.replace(".", "0"))
        assert over.status_code == 413
        assert "<h1>Too much to read</h1>" in over.text
    assert_headers(over)


def test_an_uploaded_file_too_large_is_refused(client):
    big = BytesIO(UNIQUE.encode() + b"\n" * 140_000)  # over a batch's 128 KB
    response = client.post("/", data={"upload": (big, "puzzle.txt")})
    assert response.status_code == 413
    assert "<h1>Too much to read</h1>" in response.text
    assert_headers(response)


def test_an_uploaded_file_that_fits_is_read(client):
    response = client.post("/", data={"upload": (BytesIO(UNIQUE.encode()), "puzzle.txt")})
    assert response.status_code == 303


# Error pages


@pytest.mark.parametrize("code", HTML_ERRORS)
def test_every_error_is_the_apps_own_page(failing, code):
    response = failing.get(f"/abort/{code}")
    assert response.status_code == code
    assert response.mimetype == "text/html"
    assert f"Error {code}" in response.text
    assert 'class="brand"' in response.text  # the site's layout, not a bare server page
    assert inline_code(response.text) == []
    assert_headers(response)


@pytest.mark.parametrize("code", HTML_ERRORS)
def test_every_error_under_the_api_is_json(failing, code):
    response = failing.get(f"/api/abort/{code}")
    assert response.status_code == code
    assert response.json["status"] == "error"
    assert_headers(response)


def test_a_real_bug_renders_the_500_page_without_its_details(failing):
    response = failing.get("/raise")
    assert response.status_code == 500
    assert "<h1>Something went wrong</h1>" in response.text
    assert "secret detail" not in response.text
    assert "Traceback" not in response.text
    assert_headers(response)


def test_a_real_bug_under_the_api_answers_json_without_its_details(failing):
    response = failing.get("/api/raise")
    assert response.status_code == 500
    assert response.json["status"] == "error"
    assert "secret detail" not in response.text
    assert_headers(response)


def test_debug_is_off_unless_asked_for(monkeypatch):
    monkeypatch.delenv("FLASK_DEBUG", raising=False)
    app = create_app()
    assert app.debug is False
    assert app.config["PROPAGATE_EXCEPTIONS"] is None  # so errors become the 500 page


# No inline script or style on any page


PAGES = [
    "/",
    "/?size=4",
    "/?size=25",
    f"/?puzzle={UNIQUE}",
    "/?puzzle=12x",
    "/?size=7",
    f"/solve/{UNIQUE.replace('.', '0')}",
    "/solve/" + "0" * 81,
    "/solve/55" + "0" * 79,
    "/solve/12x",
    "/nowhere",
]


@pytest.mark.parametrize("path", PAGES)
def test_no_page_has_inline_script_or_style(client, path):
    response = client.get(path)
    assert response.mimetype == "text/html"
    assert inline_code(response.text) == []
    assert_headers(response)


def test_a_gave_up_page_has_no_inline_script_or_style(make_app):
    client = make_app(SOLVE_BUDGET_NODES=1).test_client()
    response = client.get("/solve/" + "0" * 81)
    assert "gave up" in response.text.lower()
    assert inline_code(response.text) == []


def test_the_inline_code_check_finds_inline_code():
    html = (
        '<script src="a.js"></script><script>alert(1)</script><style>p{}</style>'
        '<p style="color:red" onclick="x()">'
        '<script type="application/json">{"units": []}</script>'
    )
    assert inline_code(html) == [
        "<script> without src",
        "code inside <script>",
        "<style> element",
        "style= on <p>",
        "onclick= on <p>",
    ]
