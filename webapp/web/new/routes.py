"""New puzzles: a form to choose the size, level and symmetry, and each generated puzzle's
stable link /new/<size>/<level>/<symmetry>/<seed>, which answers 303 to its play page.

The form is a GET (it changes nothing, so it carries no CSRF token) and answers 303 to
a stable link with a random seed; "Surprise me" draws the level and symmetry too. A
stable link names one puzzle for good, so browsers and caches may keep its redirect;
while the puzzle is being made in a job it answers 303 to the job's page instead,
which comes back to the link when the job is done.
"""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...jobs.job import GENERATE, Job
from ...jobs.orders import CLASSIC, order_code, order_parts, read_order
from ...sudoku.generator import (
    SYMMETRIES,
    Generated,
    GenerationStatus,
    Order,
    OrderError,
    levels_of,
)
from ...sudoku.generator.generate import KILLER, surprise_levels
from ..generated_puzzles import DEFAULT_LEVEL, DEFAULT_SIZE, DEFAULT_SYMMETRY, RANDOM_SEEDS
from ..generation import exists, made_or_job
from ..http_caching import DECIDED_SECONDS
from ..job_starting import start_job
from .view import new_page, none_found_page

bp = Blueprint("new", __name__)


@bp.get("/new")
def form() -> Response | tuple[str, int]:
    """The choices (?size=, ?level= and ?symmetry= preselect them); from its buttons
    (?make=1, or ?surprise=1 for a random level and symmetry), 303 to a new puzzle's
    stable link with a random seed, or the form again (400) naming what is wrong."""
    args = request.args
    size, level = args.get("size", str(DEFAULT_SIZE)), args.get("level", DEFAULT_LEVEL)
    symmetry = args.get("symmetry", DEFAULT_SYMMETRY)
    variant = args.get("variant", CLASSIC)
    seed = secrets.randbelow(RANDOM_SEEDS)
    try:
        if "surprise" in args:  # the level and symmetry drawn for the size and variant chosen
            size_only = read_order(size, DEFAULT_LEVEL, DEFAULT_SYMMETRY, str(seed), variant)
            drawn = surprise_levels(size_only.variant, size_only.size)
            level = secrets.choice(drawn or levels_of(size_only.size))
            symmetry = secrets.choice(SYMMETRIES)
        if variant == KILLER:  # no givens: a symmetry would only make another link
            symmetry = DEFAULT_SYMMETRY
        order = read_order(size, level, symmetry, str(seed), variant)
    except OrderError as error:
        page = new_page(size, level, symmetry, str(error), variant)
        return render_template("new.html", page=page), 400
    if "make" not in args and "surprise" not in args:
        return render_template(
            "new.html", page=new_page(size, level, symmetry, variant=variant)
        ), 200
    response = redirect(url_for(".order", **order_parts(order)), 303)
    response.cache_control.no_store = True  # a new seed every time
    return response


@bp.get("/new/<size>/<level>/<symmetry>/<seed>", defaults={"variant": CLASSIC})
@bp.get("/new/<variant>/<size>/<level>/<symmetry>/<seed>")
def order(
    variant: str, size: str, level: str, symmetry: str, seed: str
) -> Response | tuple[str, int]:
    """A generated puzzle's stable link (a variant's with the variant first): 303 to its
    play page, or to the page of the job making it; a page saying so when the generator
    finds no such puzzle."""
    wanted = _order(variant, size, level, symmetry, seed)
    asked = (
        (variant, size, level, symmetry, seed)
        if variant != CLASSIC
        else (size, level, symmetry, seed)
    )
    if order_code(wanted) != "/".join(asked):
        return redirect(url_for(".order", **order_parts(wanted)), 301)
    if not exists(wanted):
        return _none_found(wanted, None)
    made = made_or_job(wanted)
    if isinstance(made, Job):
        return _to_job(made)
    if made.status == GenerationStatus.GAVE_UP:
        return _none_found(wanted, made)
    assert made.puzzle is not None
    response = redirect(url_for("play.play", code=made.puzzle.code), 303)
    # The same link makes the same puzzle for good: caches may keep the way there.
    response.cache_control.public = True
    response.cache_control.max_age = DECIDED_SECONDS
    return response


@bp.post("/new/<size>/<level>/<symmetry>/<seed>/work", defaults={"variant": CLASSIC})
@bp.post("/new/<variant>/<size>/<level>/<symmetry>/<seed>/work")
def keep_generating(variant: str, size: str, level: str, symmetry: str, seed: str) -> Response:
    """Make the puzzle of a stable link in a job, for up to JOB_SECONDS: 303 to its page."""
    wanted = _order(variant, size, level, symmetry, seed)
    return _to_job(start_job(GENERATE, order_code(wanted)))


def _order(variant: str, size: str, level: str, symmetry: str, seed: str) -> Order:
    """The order a link's parts spell; 404 naming the part that is wrong."""
    try:
        return read_order(size, level, symmetry, seed, variant)
    except OrderError as error:
        abort(404, description=f"There is no such puzzle to make: {error}.")


def _to_job(job: Job) -> Response:
    """303 to a job's page; never kept, as the job is only under way."""
    response = redirect(url_for("jobs.job", id=job.id), 303)
    response.cache_control.no_store = True
    return response


def _none_found(order: Order, generated: Generated | None) -> tuple[str, int]:
    """The page saying no puzzle of that kind was found, and which levels there are (422)."""
    return render_template("none_found.html", page=none_found_page(order, generated)), 422
