"""The puzzles of the day: one of each level, the same for everyone on a UTC day.

Each is the generated puzzle of the order (size, level, rotational, seed YYYYMMDD), so
its Play link is an ordinary stable link, /new/9/hard/rotational/20261123. The page
makes what it can within GENERATE_SECONDS in all; a level the time does not reach is
shown by its link alone (and started in a job), and the page is then not kept.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask import Blueprint, abort, current_app, make_response, render_template, request
from werkzeug.wrappers import Response

from ...sudoku.generator import Order, levels_of
from ...sudoku.whole_numbers import read_whole_number
from ..generated_puzzles import DEFAULT_SIZE, DEFAULT_SYMMETRY
from ..generation import within_deadline
from .view import daily_page

bp = Blueprint("daily", __name__)

# The sizes the day has puzzles of: the small ones are made in a moment, 16x16 hard in a
# second or so (its expert and extreme in jobs); a 4x4 has only an easy level.
SIZES = (6, 9, 12, 16)


@bp.get("/daily")
def daily() -> Response:
    """Today's puzzle of each level (?size= one of SIZES, 9 when not given)."""
    size = read_whole_number(request.args.get("size", str(DEFAULT_SIZE)), 2)
    if size not in SIZES:
        sizes = ", ".join(map(str, SIZES))
        abort(400, description=f"size must be one of {sizes} for the puzzles of the day.")
    now = datetime.now(UTC)
    seed = int(f"{now:%Y%m%d}")
    orders = [Order(size, level, DEFAULT_SYMMETRY, seed) for level in levels_of(size)]
    made = within_deadline(orders, float(current_app.config["GENERATE_SECONDS"]))
    html = render_template("daily.html", page=daily_page(now.date(), size, SIZES, orders, made))
    response = make_response(html)
    # The same for everyone until midnight UTC, when the next day's seed takes over; counted
    # from now, after the making, and not at all if the day ended meanwhile.
    left = seconds_to_midnight(now, datetime.now(UTC))
    if left > 0 and all(found is not None for found in made):
        response.cache_control.public = True
        response.cache_control.max_age = left
    else:
        response.cache_control.no_store = True  # the rest are still being made
    return response


def seconds_to_midnight(day: datetime, now: datetime) -> int:
    """Whole seconds from `now` to the midnight UTC that ends `day`'s date; 0 once past it."""
    midnight = (day + timedelta(days=1)).replace(hour=0, minute=0, second=0, microsecond=0)
    return max(0, int((midnight - now).total_seconds()))
