"""The walk of a share link's page through the calls: every call from one of the app's
functions into another while /solve/<code> answers, each function put in its layer (the
engine, services and facts, view models, routes and templates), and the calls that climb
back up from a lower layer to a higher one counted. Data flows one way (request -> facts
-> one view model -> template), so few calls climb: the issue's "at most 3".

A call reached through Flask or Jinja counts from the app's nearest function below it (a
view model's url_for that runs an url_defaults hook of the app climbs to that hook), and a
call from a template counts from the template.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import webapp

from puzzles import (
    CLASHING_CODE,
    NORVIG_EASY_CODE,
    NORVIG_HARD1,
    NORVIG_IMPOSSIBLE,
    SEED_EASY,
)

PACKAGE = Path(webapp.__file__).parent
TEMPLATES = PACKAGE.parent / "templates"
ENGINE, FACTS, VIEWS, ROUTES = range(4)
# The web modules by layer; a module not named is a service (FACTS), the engine's are ENGINE.
WEB_LAYERS = {
    **dict.fromkeys(
        (
            "routes",
            "api",
            "page",
            "page_cache",
            "http_caching",
            "headers",
            "errors",
            "hosts",
            "requestlog",
        ),
        ROUTES,
    ),
    **dict.fromkeys(
        (
            "view",
            "solutions_view",
            "verdicts",
            "rating_view",
            "grid_table",
            "pencil_board",
            "board_island",
            "chain_drawing",
            "variant_drawing",
            "job_view",
            "generated_puzzles",
            "batch_table",
        ),
        VIEWS,
    ),
}
# Functions whose module holds more than one layer: the view of a pasted position, and the
# app's hooks (an url_defaults one, say), which run as part of answering a request.
FUNCTION_LAYERS = {"marked_view": VIEWS, "_keep_alphabet": ROUTES, "create_app": ROUTES}
# Links of each outcome: solved, rated with its candidates, clashing givens, no solution
# (its dead end), several solutions (counted, then listed), shown 0-F; and, to a solve
# budget too small to decide it, one that gives up (offering a job).
LINKS = [
    f"/solve/{NORVIG_EASY_CODE}",
    f"/solve/{SEED_EASY.replace('.', '0')}?candidates=1",
    f"/solve/{CLASHING_CODE}",
    f"/solve/{NORVIG_IMPOSSIBLE.replace('.', '0')}",
    f"/solve/{'0' * 81}",
    f"/solve/{'0020003004002100'}?all=1",  # a 4x4 of two solutions: every one listed
    f"/solve/{'0' * 256}?alphabet=hex",
]
GIVING_UP = f"/solve/{NORVIG_HARD1.replace('.', '0')}"


# Each code object's place, worked out once: the profile hook runs on every call the
# engine makes, and a path's arithmetic each time made the walk take 40 s.
_PLACES: dict[CodeType, tuple[str, str] | None] = {}


def _where(frame: FrameType) -> tuple[str, str] | None:
    """The app's module (or template) and function a frame runs, None for another's."""
    code = frame.f_code
    if code not in _PLACES:
        _PLACES[code] = _place(code)
    return _PLACES[code]


def _place(code: CodeType) -> tuple[str, str] | None:
    path = Path(code.co_filename)
    if path.is_relative_to(TEMPLATES):
        return f"templates/{path.relative_to(TEMPLATES)}", "template"
    if not path.is_relative_to(PACKAGE):
        return None
    return ".".join(path.relative_to(PACKAGE).with_suffix("").parts), code.co_name


def layer(module: str, function: str) -> int:
    """The layer a function of the app lies in."""
    if function in FUNCTION_LAYERS:
        return FUNCTION_LAYERS[function]
    if module.startswith("templates/"):
        return ROUTES
    if not module.startswith("web"):
        return ROUTES if module == "__init__" else ENGINE if module != "jobs" else FACTS
    return WEB_LAYERS.get(module.rsplit(".", 1)[-1], FACTS)


@contextmanager
def _calls(seen: set[tuple[tuple[str, str], tuple[str, str]]]) -> Iterator[None]:
    """Note each call between two of the app's functions (or a template and one) in `seen`."""

    def note(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        callee = _where(frame)
        if callee is None:
            return
        caller_frame = frame.f_back
        while caller_frame is not None and _where(caller_frame) is None:
            caller_frame = caller_frame.f_back
        caller = _where(caller_frame) if caller_frame is not None else None
        if caller is not None and caller[0] != callee[0] or caller and caller[1] != callee[1]:
            seen.add((caller, callee))

    sys.setprofile(note)
    try:
        yield
    finally:
        sys.setprofile(None)


def walk(make_app: Any) -> set[tuple[tuple[str, str], tuple[str, str]]]:
    """The calls between the app's functions while its share links answer, from cold."""
    seen: set[tuple[tuple[str, str], tuple[str, str]]] = set()
    asked = [(make_app(), link) for link in LINKS] + [(make_app(SOLVE_BUDGET_NODES=20), GIVING_UP)]
    for app, link in asked:
        with _calls(seen):
            response = app.test_client().get(link)
        assert response.status_code == 200, link
    return {(caller, callee) for caller, callee in seen if _on_the_web(caller, callee)}


def _on_the_web(*functions: tuple[str, str]) -> bool:
    """Whether a call is the web layer's: not one within the engine."""
    return any(module.startswith(("web", "templates")) for module, _ in functions)


def climbs(seen: set[tuple[tuple[str, str], tuple[str, str]]]) -> list[str]:
    """The calls that climb from a lower layer to a higher one."""
    return sorted(
        f"{caller[0]}.{caller[1]} -> {callee[0]}.{callee[1]}"
        for caller, callee in seen
        if layer(*callee) > layer(*caller)
    )


def test_a_share_link_climbs_back_up_a_layer_at_most_three_times(make_app):
    assert len(climbs(walk(make_app))) <= 3
