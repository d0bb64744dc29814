"""The Sudoku solver web app: pages, JSON API, health check, security headers, error pages."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, Response, make_response, render_template, request
from werkzeug.exceptions import HTTPException

PACKAGE = Path(__file__).parent

DEFAULTS: dict[str, Any] = {
    "SOLVE_BUDGET_SECONDS": 1.0,
    "SOLVE_BUDGET_NODES": 250_000,
    # Solve results each worker keeps, by share code; 0 turns the cache off.
    "SOLVE_CACHE_SIZE": 1024,
    # A 25x25 grid form is about 6 KB; anything far larger is not a puzzle.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # Multipart bodies only: the paste form sends two parts (the paste box and the upload);
    # the grid form is urlencoded, bounded by MAX_CONTENT_LENGTH alone.
    "MAX_FORM_PARTS": 64,
    # The largest text part, the paste box: any puzzle fits well in 16 KB. Werkzeug 3.1
    # also checks it against each read of a multipart body, so in practice it bounds the
    # paste form's whole body, upload included, to about that.
    "MAX_FORM_MEMORY_SIZE": 16 * 1024,
}

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

ERROR_PAGES = {
    400: ("Bad request", "The server could not read that request. Try again from the form."),
    404: ("Page not found", "There is no page at this address."),
    405: ("Method not allowed", "This address does not answer that kind of request."),
    413: ("Too much to read", "That was more than a puzzle needs. Send just the puzzle."),
    414: (
        "Address too long",
        "That is longer than any puzzle's share code (625 symbols at most for 25×25).",
    ),
    422: ("Cannot use that", "The request could not be used as it is. Check it and try again."),
    500: ("Something went wrong", "The solver failed on our side. Please try again."),
}


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create the app, with settings from DEFAULTS, FLASK_* variables and `config`."""
    app = Flask(
        __name__,
        template_folder=_beside_package("templates"),
        static_folder=_beside_package("static"),
    )
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env()
    app.config.from_mapping(config or {})
    app.json.sort_keys = False  # keep "status" first, as the README shows

    from . import api, pages, requestlog, solving

    solving.init_app(app)
    requestlog.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.get("/healthz")(healthz)
    app.after_request(_add_security_headers)
    app.register_error_handler(HTTPException, _error_page)
    return app


def _beside_package(folder: str) -> str:
    """Where `folder` is: inside the package when installed, beside it in a checkout."""
    for base in (PACKAGE, PACKAGE.parent):
        if (base / folder).is_dir():
            return str(base / folder)
    raise RuntimeError(f"cannot find the {folder}/ folder near {PACKAGE}")


def healthz() -> Response:
    """A cheap answer that the process is up and serving; runs no solver."""
    response = make_response({"status": "ok"})
    response.headers["Cache-Control"] = "no-store"
    return response


def _add_security_headers(response: Response) -> Response:
    """Forbid inline script and style, framing and sniffing on every response."""
    response.headers.update(SECURITY_HEADERS)
    return response


def _error_page(error: HTTPException) -> Response:
    """An HTTP error as JSON under /api/, else as a page that says what to do next."""
    code = error.code or 500
    title, advice = ERROR_PAGES.get(code, (error.name, error.description or ""))
    if request.path.startswith("/api/"):
        body: Any = {"status": "error", "error": f"{title}: {advice}"}
    else:
        body = render_template("error.html", code=code, title=title, advice=advice)
    response = make_response(body, code)
    # keep what the error adds, such as Allow on 405
    for name, value in error.get_headers():
        if name.lower() != "content-type":
            response.headers[name] = value
    return response
