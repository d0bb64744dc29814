"""GET /healthz: a cheap sign of life for a load balancer, with no solver behind it."""

from __future__ import annotations


def test_healthz_says_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json == {"status": "ok"}
    assert response.headers["Cache-Control"] == "no-store"


def test_healthz_carries_the_security_headers(client):
    response = client.get("/healthz")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" in response.headers
    assert "Set-Cookie" not in response.headers


def test_healthz_answers_head_but_not_post(client):
    assert client.head("/healthz").status_code == 200
    assert client.post("/healthz").status_code == 405
