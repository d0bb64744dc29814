"""The app with one more route, which fails on a value the request sends: for the tests that
run it in a real gunicorn and read what gunicorn and the app log about the failure.

    gunicorn -c python:webapp.serving.gunicorn_conf 'failing_app:create_failing_app()'
(with tests/ on PYTHONPATH)
"""

from __future__ import annotations

from flask import Flask, request

from webapp import create_app

FAILING_ROUTE = "/fail/<code>"


def create_failing_app() -> Flask:
    """The app as production makes it, with FAILING_ROUTE: int() of its ?value=, which fails
    with a message that quotes the value for anything but digits."""
    app = create_app()

    @app.get(FAILING_ROUTE)
    def fail(code: str) -> str:
        return str(int(request.args["value"]) + len(code))

    return app
