"""Security headers on every response, errors included; no cookies; a body size limit."""

from __future__ import annotations

import pytest

CODE = "0" * 81


def _broken_app(make_app):
    """The app plus a route that fails, with errors handled as in production."""
    app = make_app(TESTING=False, PROPAGATE_EXCEPTIONS=False)

    @app.get("/broken")
    def broken():
        raise RuntimeError("a bug")

    return app


REQUESTS = [
    ("get", "/", {}, 200),
    ("get", "/?size=25", {}, 200),
    ("get", "/static/style.css", {}, 200),
    ("get", "/static/grid.js", {}, 200),
    ("get", "/static/favicon.svg", {}, 200),
    ("post", "/", {"data": {"size": "4", "r1c1": "1"}}, 303),
    ("post", "/", {"data": {"r1c1": "x"}}, 422),
    ("get", "/?size=7", {}, 422),
    ("get", f"/solve/{CODE}", {}, 200),
    ("get", "/solve/" + "." * 81, {}, 301),
    ("get", "/solve/12x", {}, 422),
    ("get", "/nowhere", {}, 404),
    ("delete", "/", {}, 405),
    ("post", "/", {"data": {"puzzle": "1" * 140_000}}, 413),  # over a batch's 128 KB
    ("get", f"/api/solve/{CODE}", {}, 200),
    ("post", "/api/solve", {"json": {"puzzle": "x"}}, 422),
    ("post", "/api/solve", {"json": {"puzzle": "1" * 70_000}}, 413),
    ("get", "/api/nowhere", {}, 404),
    ("get", "/broken", {}, 500),
]


@pytest.fixture(scope="module")
def responses(make_app):
    """One response to each kind of request, from an app that can also fail."""
    client = _broken_app(make_app).test_client()
    answered = {}
    for method, path, kwargs, status in REQUESTS:
        response = getattr(client, method)(path, **kwargs)
        response.get_data()  # buffer the body, so that static files can be closed now
        response.close()
        answered[(method, path[:40], status)] = response
    return answered


@pytest.mark.parametrize(
    ("method", "path", "kwargs", "status"), REQUESTS, ids=[f"{r[0]} {r[1][:20]}" for r in REQUESTS]
)
def test_every_response_carries_the_security_headers(responses, method, path, kwargs, status):
    response = responses[(method, path[:40], status)]
    assert response.status_code == status
    csp = response.headers["Content-Security-Policy"]
    for directive in (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ):
        assert directive in csp
    assert "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "Set-Cookie" not in response.headers


def test_the_500_page_is_rendered_and_says_sorry(responses):
    response = responses[("get", "/broken", 500)]
    assert "<h1>Something went wrong</h1>" in response.text
    assert "a bug" not in response.text


@pytest.mark.parametrize(
    ("setting", "path", "body"),
    [
        ("MAX_CONTENT_LENGTH", "/api/solve", {"json": {"puzzle": "1" * 200}}),
        ("BATCH_MAX_CONTENT_LENGTH", "/", {"data": {"puzzle": "1" * 200}}),
        ("BATCH_MAX_CONTENT_LENGTH", "/api/solve/batch", {"json": {"text": "1" * 200}}),
    ],
)
def test_the_body_limit_comes_from_config(make_app, setting, path, body):
    small = make_app(**{setting: 100}).test_client()
    assert small.post(path, **body).status_code == 413


def test_config_comes_from_a_mapping_over_the_defaults(make_app):
    empty = "/api/solve/" + "0" * 81
    # The default budget finds two solutions of the empty grid; one node cannot.
    assert make_app().test_client().get(empty).json["status"] == "multiple"
    starved = make_app(SOLVE_BUDGET_NODES=1).test_client()
    assert starved.get(empty).json["status"] == "gave_up"
