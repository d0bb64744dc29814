"""The practice API: GET /api/learn/<slug>/practice?seed=N, a position as the hint API takes
one; POST with seed, eliminations and placements, the checker's verdict."""

from __future__ import annotations

from flask import Blueprint, request

from ...explanations.names import technique_name
from ...records.json_types import JsonObject
from ...sudoku.lessons import Attempt
from ..json_input import json_body
from ..links import absolute_url
from .practice import Chosen, PracticeError, checked, choose, read_items, verdict_words

bp = Blueprint("learn_api", __name__, url_prefix="/api")


def _refused(error: PracticeError) -> tuple[JsonObject, int]:
    """The answer to a request that names no position or no answer."""
    return {"status": "invalid", "error": error.message}, error.status


def _position(chosen: Chosen) -> JsonObject:
    """The chosen position's fields, as the hint API takes a position."""
    entry = chosen.entry
    return {
        "technique": chosen.slug,
        "name": technique_name(chosen.slug),
        "size": chosen.size,
        "seed": chosen.seed,
        "positions": chosen.count,
        "next_seed": chosen.next_seed,
        "puzzle": entry.puzzle,
        "progress": entry.progress,
        "marks": entry.marks,
        "answer": "placements" if chosen.places else "eliminations",
        "practice_url": absolute_url(
            "learn.practice", slug=chosen.slug, size=chosen.size, seed=chosen.seed
        ),
    }


@bp.get("/learn/<slug>/practice")
def position(slug: str) -> tuple[JsonObject, int]:
    """The practice position ?seed=N (and ?size=) of technique `slug`."""
    try:
        chosen = choose(slug, request.args.get("size"), request.args.get("seed"))
    except PracticeError as error:
        return _refused(error)
    return _position(chosen), 200


@bp.post("/learn/<slug>/practice")
def answer(slug: str) -> tuple[JsonObject, int]:
    """The verdict on {"seed": N, "size": 9, "eliminations": [[row, column, value], ...],
    "placements": [...]}: right, partial or wrong, and what is missing or wrong."""
    body = json_body()
    try:
        chosen = choose(slug, body.get("size"), body.get("seed"))
        shape = chosen.position().puzzle.shape
        given = Attempt(
            read_items(shape, "eliminations", body.get("eliminations")),
            read_items(shape, "placements", body.get("placements")),
        )
    except PracticeError as error:
        return _refused(error)
    verdict = checked(chosen, given)
    words = verdict_words(shape, verdict, technique_name(slug))
    n = shape.size

    def listed(items: frozenset[tuple[int, int]]) -> list[list[int | str]]:
        return [[cell // n + 1, cell % n + 1, shape.symbol(value)] for cell, value in sorted(items)]

    return {
        "status": verdict.kind.value,
        "message": " ".join((words.headline, *words.details)),
        "missing": {
            "eliminations": listed(verdict.missing.eliminations),
            "placements": listed(verdict.missing.placements),
        },
        "wrong": {
            "eliminations": listed(verdict.wrong.eliminations),
            "placements": listed(verdict.wrong.placements),
        },
        "untrue": {
            "eliminations": listed(verdict.untrue.eliminations),
            "placements": listed(verdict.untrue.placements),
        },
        **_position(chosen),
    }, 200
