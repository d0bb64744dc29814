"""GET /healthz: a cheap sign of life for a load balancer, with no solver behind it."""

from __future__ import annotations

import threading

from webapp.web.solver_seat import SEAT_KEY


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


def test_healthz_never_waits_for_the_solver(make_app):
    """With a solve under way and others free to queue behind it, health still answers."""
    app = make_app()
    seat = app.extensions[SEAT_KEY]
    answered = []
    holding, release = threading.Event(), threading.Event()

    def solve_forever() -> None:
        with seat.taken():
            holding.set()
            release.wait(60)  # far longer than the check below waits

    def check_health() -> None:
        answered.append(app.test_client().get("/healthz").status_code)

    solving = threading.Thread(target=solve_forever)
    solving.start()
    try:
        holding.wait(30)
        checking = threading.Thread(target=check_health)
        checking.start()
        checking.join(10)  # a health check queued for the seat would still be waiting
        assert answered == [200]
    finally:
        release.set()
        solving.join()
