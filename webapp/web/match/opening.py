"""Opening a match, from the API's JSON or the site's form: the setting read with every
field named when it is wrong, the address's limit counted before the generator runs, every
round's puzzle made, and the match kept."""

from __future__ import annotations

import secrets

from flask import abort, current_app

from ...matches import MatchSetting, SettingError
from ...matches.setting import make_rounds
from ...matches.store import OpenedMatch
from ...sudoku.generator import LARGEST_SEED
from ..solver_seat import solver_seat
from .bots import matches, opened_here_recently, store_answers


def opened(setting: MatchSetting) -> OpenedMatch:
    """Open a match of `setting`: 429 past the address's limit (counted first), 422 when a
    round's puzzle cannot be made within MATCH_GENERATE_SECONDS."""
    opened_here_recently()  # before the generator's seconds, not after them
    seconds = float(current_app.config["MATCH_GENERATE_SECONDS"])
    try:
        with solver_seat().taken():
            rounds = make_rounds(setting, seconds)
    except SettingError as error:
        abort(422, description=f"That match cannot be made now: {error}.")
    with store_answers():
        return matches().open(setting, rounds)


def read_setting(body: dict[str, object]) -> MatchSetting:
    """The setting a JSON body asks for, defaults filled in; SettingError naming the field."""
    house = body.get("house")
    if house is not None and not _whole(house):
        raise SettingError('"house" must be null or the house\'s handicap in ms')
    seed = body.get("seed")
    if seed is None:
        seed = secrets.randbelow(LARGEST_SEED + 1)
    return MatchSetting(
        sizes=tuple(_whole_list(body, "sizes", [9])),
        variants=tuple(_text_list(body, "variants", ["classic"])),
        level=_text(body, "level", "easy"),
        rounds=_number(body, "rounds", 5),
        seconds=_number(body, "seconds", 60),
        seats=_number(body, "seats", 2),
        house_ms=None if house is None else int(str(house)),
        no_solution_rounds=frozenset(_whole_list(body, "no_solution_rounds", [])),
        many_rounds=frozenset(_whole_list(body, "many_rounds", [])),
        seed=_number({"seed": seed}, "seed", 0),
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(body: dict[str, object], name: str, default: int) -> int:
    value = body.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise SettingError(f'"{name}" must be a whole number')
    return value


def _text(body: dict[str, object], name: str, default: str) -> str:
    value = body.get(name, default)
    if not isinstance(value, str) or len(value) > 30:
        raise SettingError(f'"{name}" must be a short text')
    return value


def _whole_list(body: dict[str, object], name: str, default: list[int]) -> list[int]:
    value = body.get(name, default)
    if _whole(value):
        value = [value]
    if not isinstance(value, list) or len(value) > 20 or not all(_whole(v) for v in value):
        raise SettingError(f'"{name}" must be a list of whole numbers')
    return [int(str(v)) for v in value]


def _text_list(body: dict[str, object], name: str, default: list[str]) -> list[str]:
    value = body.get(name, default)
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or len(value) > 20 or not all(isinstance(v, str) for v in value):
        raise SettingError(f'"{name}" must be a list of variant names')
    return [str(v)[:30] for v in value]
