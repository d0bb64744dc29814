"""HTTP errors as the app answers them: JSON under /api/, else a page that says what to do."""

from __future__ import annotations

from typing import Any

from flask import make_response, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ...sudoku.puzzle import longest_code

ERROR_PAGES = {
    400: ("Bad request", "The server could not read that request. Try again from the form."),
    404: ("Page not found", "There is no page at this address."),
    405: ("Method not allowed", "This address does not answer that kind of request."),
    413: ("Too much to read", "That was more than a puzzle needs. Send just the puzzle."),
    414: (
        "Address too long",
        f"That is longer than any puzzle's share code can be ({longest_code():,} characters).",
    ),
    422: ("Cannot use that", "The request could not be used as it is. Check it and try again."),
    500: ("Something went wrong", "The solver failed on our side. Please try again."),
    503: (
        "Busy solving",
        "Every solver here is busy with other puzzles. Try again in a few seconds.",
    ),
}


def error_page(error: HTTPException) -> Response:
    """An HTTP error as JSON under /api/, else as a page that says what to do next."""
    code = error.code or 500
    title, advice = ERROR_PAGES.get(code, (error.name, error.description or ""))
    if error.description and error.description != type(error).description:
        advice = error.description  # what the route said about this request in particular
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
