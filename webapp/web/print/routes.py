"""A sheet to print: 4 or 6 generated puzzles on an A4 page, and their answers on the next.

/print?size=9&level=medium&count=4&seed=S (and &symmetry=, rotational when not given):
puzzle i, from 1, is the generated puzzle of that size, level and symmetry from seed
S+i-1, so a sheet is its puzzles' stable links side by side, the same sheet for good.
Without a seed the answer is 303 to the same sheet with a random one. The puzzles are
made within GENERATE_SECONDS in all; those the time does not reach go to jobs, and a
page that reloads itself says so until they are ready. static/print.css lays the
sheet out for A4; no script is needed.
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from typing import NotRequired, TypedDict

from flask import (
    Blueprint,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from ...jobs.orders import CLASSIC, read_order
from ...sudoku.generator import LARGEST_SEED, Order, OrderError, levels_of
from ...sudoku.whole_numbers import read_whole_number
from ..generated_puzzles import DEFAULT_LEVEL, DEFAULT_SIZE, DEFAULT_SYMMETRY, RANDOM_SEEDS
from ..generation import exists, within_deadline
from ..http_caching import DECIDED_SECONDS
from .view import sheet_page

bp = Blueprint("print", __name__)

# A 25x25 board on a quarter of A4 would have cells of 3 mm: not a sheet anyone could use.
SIZES = (4, 6, 9, 12, 16)
COUNTS = (4, 6)
# Seconds between reloads of the page that waits for a sheet's puzzles.
REFRESH_SECONDS = 2


class SheetChoices(TypedDict):
    """The choices of a sheet as its query names them: no variant for classic."""

    size: str
    level: str
    symmetry: str
    count: str
    variant: NotRequired[str]


@bp.get("/print")
def sheet() -> Response:
    """The sheet the query asks for; 400 naming the parameter that is wrong."""
    args = request.args
    choices: SheetChoices = {
        "size": args.get("size", str(DEFAULT_SIZE)),
        "level": args.get("level", DEFAULT_LEVEL),
        "symmetry": args.get("symmetry", DEFAULT_SYMMETRY),
        "count": args.get("count", str(COUNTS[0])),
        "variant": args.get("variant", CLASSIC),
    }
    if choices["variant"] == CLASSIC:
        del choices["variant"]  # the sheet's link as it was before variants
    if "seed" not in args:
        seed = secrets.randbelow(RANDOM_SEEDS)
        _orders(**choices, seed=str(seed))  # 400 now for anything else wrong
        response = redirect(url_for(".sheet", **choices, seed=seed), 303)
        response.cache_control.no_store = True  # a new seed every time
        return response
    orders = _orders(**choices, seed=args["seed"])
    made = within_deadline(orders, float(current_app.config["GENERATE_SECONDS"]))
    ready = [found for found in made if found is not None]
    if len(ready) < len(orders):
        html = render_template(
            "print_wait.html",
            ready=len(ready),
            count=len(orders),
            refresh=REFRESH_SECONDS,
            level=orders[0].level,
        )
        response = make_response(html, 202)
        response.cache_control.no_store = True
        return response
    response = make_response(render_template("print.html", page=sheet_page(orders, ready, COUNTS)))
    # The same query makes the same sheet for good.
    response.cache_control.public = True
    response.cache_control.max_age = DECIDED_SECONDS
    return response


def _orders(
    size: str, level: str, symmetry: str, count: str, seed: str, variant: str = CLASSIC
) -> list[Order]:
    """The orders of a sheet's puzzles; 400 naming the parameter that is wrong."""
    try:
        first = read_order(size, level, symmetry, seed, variant)
    except OrderError as error:
        abort(400, description=f"This sheet cannot be made: {error}.")
    if first.size not in SIZES:
        sizes = ", ".join(map(str, SIZES))
        abort(400, description=f"size must be one of {sizes} for a printed sheet, not {size}.")
    if not exists(first):
        levels = " and ".join(levels_of(first.size))
        abort(400, description=f"level: {size}x{size} puzzles come at level {levels} only.")
    sheet = read_whole_number(count, 2)
    if sheet not in COUNTS:
        counts = " or ".join(map(str, COUNTS))
        abort(400, description=f"count must be {counts} puzzles to a sheet, not {count[:20]!r}.")
    if first.seed > LARGEST_SEED - sheet:
        abort(400, description=f"seed must be at most {LARGEST_SEED - sheet} for a sheet.")
    return [replace(first, seed=first.seed + i) for i in range(sheet)]
