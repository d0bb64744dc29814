"""The play page's timer: the seconds a game has taken, kept in its link as ?time= (and in
the form, so a position sent back keeps its time), shown as a clock's face."""

from __future__ import annotations

from flask import abort

from ...sudoku.whole_numbers import read_whole_number

LONGEST = 8_640_000  # a hundred days: a time beyond is no game's


def seconds_in(text: str | None) -> int:
    """The seconds `text` spells, 0 when there is none; 400 when it is not a whole number
    from 0 to LONGEST."""
    if text is None or text == "":
        return 0
    seconds = read_whole_number(text, len(str(LONGEST)))
    if seconds is None or seconds > LONGEST:
        abort(400, description=f"time must be a whole number of seconds from 0 to {LONGEST:,}.")
    return seconds


def clock_face(seconds: int) -> str:
    """A time as a clock shows it: 12:34 (minutes and seconds), or 1:02:05 past an hour."""
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
