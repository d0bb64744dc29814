"""The generator in JSON: GET /api/generate?size=&level=&symmetry=&seed= answers a new
puzzle, its solution and rating, and its links; or, when it takes longer than a request
may, 202 and the job making it (as POST /api/jobs does); a field that is not an order's,
400 naming it. Without a seed a random one is drawn (and said in the answer)."""

from __future__ import annotations

import re
import secrets

from flask import Blueprint, make_response, request
from werkzeug.wrappers import Response

from ...jobs.job import Job
from ...jobs.orders import CLASSIC, order_parts, read_order
from ...records.json_types import JsonObject
from ...sudoku.generator import Generated, GenerationStatus, Order, OrderError, levels_of
from ..generated_puzzles import DEFAULT_LEVEL, DEFAULT_SIZE, DEFAULT_SYMMETRY, RANDOM_SEEDS
from ..generation import exists, made_or_job
from ..http_caching import DECIDED_SECONDS
from ..job_view import job_record, job_url
from ..links import absolute_url

bp = Blueprint("new_api", __name__, url_prefix="/api")

# An order's fields are numbers and words of letters, digits and hyphens. A field holding
# anything else is named, never quoted back: the 400 repeated up to 30 characters of it,
# markup and quotes included.
ORDER_FIELDS = ("size", "level", "symmetry", "seed", "variant")
PLAIN_VALUE = re.compile(r"[A-Za-z0-9-]{1,30}")
UNREADABLE = "may hold only letters, digits and hyphens, 30 at most"


@bp.get("/generate")
def generate_json() -> Response | tuple[JsonObject, int, dict[str, str]]:
    """A generated puzzle (?size= 9 and ?level= medium, ?symmetry= rotational and ?variant=
    classic unless said)."""
    args = request.args
    for field in ORDER_FIELDS:
        if args.get(field) and not PLAIN_VALUE.fullmatch(args[field]):
            return {"status": "invalid", "error": f"{field} {UNREADABLE}"}, 400, {}
    seed = args.get("seed") or str(secrets.randbelow(RANDOM_SEEDS))
    try:
        order = read_order(
            args.get("size", str(DEFAULT_SIZE)),
            args.get("level", DEFAULT_LEVEL),
            args.get("symmetry", DEFAULT_SYMMETRY),
            seed,
            args.get("variant", CLASSIC),
        )
    except OrderError as error:
        return {"status": "invalid", "error": str(error)}, 400, {}
    if not exists(order):
        levels = " and ".join(levels_of(order.size))
        why = f"the generator finds {order.size}x{order.size} puzzles at level {levels} only"
        return _none_found(order, why), 422, {}
    made = made_or_job(order)
    if isinstance(made, Job):
        headers = {"Location": job_url(made), "Cache-Control": "no-store"}
        return job_record(made), 202, headers
    if made.status == GenerationStatus.GAVE_UP:
        return _none_found(order, made.why), 422, {}
    response = make_response(generated_record(made))
    if "seed" in args and args["seed"]:
        # The same order makes the same puzzle for good.
        response.cache_control.public = True
        response.cache_control.max_age = DECIDED_SECONDS
    else:
        response.cache_control.no_store = True  # another random seed next time
    return response


def generated_record(made: Generated) -> JsonObject:
    """A generated puzzle in JSON: the order, the puzzle and its solution, how it rates, the
    generator's work, and where to play and share it."""
    assert made.puzzle is not None and made.solution is not None
    order = made.order
    return {
        "status": made.status,
        "size": order.size,
        "level": order.level,
        "symmetry": order.symmetry,
        "seed": order.seed,
        "variant": order.variant,
        "puzzle": made.puzzle.code,
        "line": made.puzzle.line,
        "givens": made.puzzle.givens,
        "solution": made.solution.code,
        "rating": made.rating,
        "rated_to_end": made.rated_to_end,
        "hardest": made.hardest,
        "attempts": made.attempts,
        "ms": round(made.ms, 3),
        "links": {
            "play": absolute_url("play.play", code=made.puzzle.code),
            "share": absolute_url("new.order", **order_parts(order)),
            "solve": absolute_url("solve.result", code=made.puzzle.code),
        },
    }


def _none_found(order: Order, why: str) -> JsonObject:
    """The answer when the generator finds no puzzle of `order`: why, and the levels there are."""
    return {
        "status": GenerationStatus.GAVE_UP,
        "error": f"no puzzle was found: {why}",
        "levels": list(levels_of(order.size)),
        **({} if order.variant == CLASSIC else {"variant": order.variant}),
        "size": order.size,
        "level": order.level,
        "symmetry": order.symmetry,
        "seed": order.seed,
    }
