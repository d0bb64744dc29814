"""A match's pages: the form that opens one (and the page with its seats' tokens), the
watch page (seats, standings, every round begun; it reloads itself
while the match is on, no script needed) and the result page at a share link, with every
round's puzzle, answer, each seat's answer and time, and each seat's median and worst."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ...matches import SettingError
from ...matches.setting import MATCH_SIZES, MATCH_VARIANTS
from ...sudoku.generator import LEVEL_NAMES
from ...sudoku.whole_numbers import read_whole_number
from ..links import absolute_url
from .bots import match_or_404, matches, store_answers
from .opening import opened, read_setting
from .watching import match_view

bp = Blueprint("match", __name__)


@bp.get("/match/<match_id>")
def watch(match_id: str) -> Response:
    """The match as it stands, for watchers."""
    view = match_view(match_or_404(match_id))
    result = absolute_url(".result", match_id=match_id)
    response = make_response(render_template("match.html", view=view, result=result))
    response.cache_control.no_store = True
    return response


@bp.get("/match/<match_id>/result")
def result(match_id: str) -> Response:
    """The match's result: every round, its answers and times, the standings."""
    view = match_view(match_or_404(match_id))
    watch_link = absolute_url(".watch", match_id=match_id)
    response = make_response(render_template("match_result.html", view=view, watch=watch_link))
    response.cache_control.no_store = True
    return response


@bp.get("/match/new")
def new_match() -> Response:
    """The form that opens a match."""
    return make_response(render_template("match_new.html", form=FormChoices(), error=""))


@bp.post("/match/new")
def open_from_form() -> Response:
    """Open a match from the form: the page with each seat's token and how to run a bot;
    400 with the form again and what is wrong."""
    try:
        setting = read_setting(_form_fields())
    except SettingError as error:
        html = render_template("match_new.html", form=FormChoices(), error=f"{error}.")
        return make_response(html, 400)
    made = opened(setting)
    seats = list(zip(setting.bot_seats, made.seats, strict=True))
    html = render_template(
        "match_opened.html",
        made=made,
        seats=seats,
        house=setting.house_seat,
        server=absolute_url("match.new_match").removesuffix("/match/new"),
        watch=absolute_url(".watch", match_id=made.id),
    )
    response = make_response(html, 201)
    response.cache_control.no_store = True  # the tokens are for this page alone
    return response


@bp.post("/match/<match_id>/start")
def start_from_form(match_id: str) -> Response:
    """The host starts the match with the seats taken so far (the host's token in the form);
    303 to the watch page, 403 for any other token."""
    kept = match_or_404(match_id)
    if not kept.is_host(request.form.get("host", "")):
        abort(403, description="Only the host's token starts a match.")
    with store_answers():
        matches().start(kept)
    return redirect(url_for(".watch", match_id=match_id), 303)


@dataclass(frozen=True)
class FormChoices:
    """What the form offers: sizes, variants and levels."""

    sizes: tuple[int, ...] = MATCH_SIZES
    variants: tuple[str, ...] = MATCH_VARIANTS
    levels: tuple[str, ...] = LEVEL_NAMES


def _form_fields() -> dict[str, object]:
    """The form's fields as the setting's JSON would give them; SettingError naming a field
    that is not a number where one is wanted."""
    form = request.form
    fields: dict[str, object] = {
        "sizes": [_form_number(text, "sizes") for text in form.getlist("sizes")] or [9],
        "variants": form.getlist("variants") or ["classic"],
        "level": form.get("level", "easy"),
    }
    for name in ("rounds", "seconds", "seats"):
        if form.get(name):
            fields[name] = _form_number(form[name], name)
    if form.get("house"):
        fields["house"] = _form_number(form["house"], "house")
    for name in ("no_solution_rounds", "many_rounds"):
        words = form.get(name, "").replace(",", " ").split()
        fields[name] = [_form_number(word, name) for word in words]
    return fields


def _form_number(text: str, name: str) -> int:
    number = read_whole_number(text, 7)
    if number is None:
        raise SettingError(f"{name} must be whole numbers, not {text[:20]!r}")
    return number
