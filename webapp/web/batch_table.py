"""What a batch's results page and its JSON say: a row per puzzle, in words or as a record."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from flask import url_for

from ..explanations.names import technique_name
from ..records.json_types import JsonObject
from ..sudoku import find_conflicts, find_dead_end, read_code
from ..sudoku.batch_solve import Row, RowStatus, counts
from ..wording import no_solution_reason
from .links import absolute_url
from .shown_alphabet import link_values

STATUS_WORDS = {
    RowStatus.SOLVED: "Solved",
    RowStatus.MULTIPLE: "More than one solution",
    RowStatus.NO_SOLUTION: "No solution",
    RowStatus.GAVE_UP: "Gave up",
    RowStatus.INVALID: "Could not be read",
}
# How the summary counts each status.
COUNTED = {
    RowStatus.SOLVED: "solved",
    RowStatus.MULTIPLE: "with more than one solution",
    RowStatus.NO_SOLUTION: "without a solution",
    RowStatus.GAVE_UP: "not decided",
    RowStatus.INVALID: "could not be read",
}
# How much of an unreadable line its row shows.
SHOWN_TEXT = 40


@dataclass(frozen=True)
class RowView:
    """One row of the results table, every cell already in words."""

    place: str
    label: str  # the place for a link's name: "line 3"
    status: str
    status_words: str
    rating: str
    level: str
    hardest: str
    hardest_link: str  # the hardest step's lesson
    givens: str
    solve_link: str
    play_link: str
    message: str
    text: str


@dataclass(frozen=True)
class BatchPage:
    """The results page: a summary and a row per puzzle."""

    summary: str
    rows: tuple[RowView, ...]
    how: str


def batch_page(rows: tuple[Row, ...], how: str) -> BatchPage:
    """The page of a batch's `rows`; `how` says where the work was done and in what time."""
    return BatchPage(summary(rows), tuple(row_view(row) for row in rows), how)


def summary(rows: Iterable[Row]) -> str:
    """ "12 puzzles: 9 solved, 1 without a solution, 2 could not be read." """
    found = counts(rows)
    total = found["total"]
    parts = [f"{found[status]} {words}" for status, words in COUNTED.items() if found[status]]
    noun = "puzzle" if total == 1 else "puzzles"
    return f"{total} {noun}: {', '.join(parts)}." if parts else f"{total} {noun}."


def row_view(row: Row) -> RowView:
    """A row in words: where the puzzle was, what became of it, and its links."""
    place = f"Line {row.line}" if row.line is not None else f"Puzzle {row.index + 1}"
    rating = ""
    if row.rating is not None:
        rating = f"{row.rating:.1f}" if row.rated_to_end else f"at least {row.rating:.1f}"
    text = row.text if len(row.text) <= SHOWN_TEXT else row.text[:SHOWN_TEXT] + "…"
    shown = link_values(row.alphabet)  # a Hexadoku's links show it 0-F
    return RowView(
        place=place,
        label=place.lower(),
        status=row.status,
        status_words=STATUS_WORDS[row.status],
        rating=rating,
        level=(row.level or "").capitalize() if row.rating is not None else "",
        hardest=technique_name(row.hardest) if row.hardest else "",
        hardest_link=url_for("learn.lesson", slug=row.hardest) if row.hardest else "",
        givens=f"{row.givens} of {row.size**2}" if row.givens is not None and row.size else "",
        solve_link=url_for("solve.result", code=row.code, **shown) if row.code else "",
        play_link=url_for("play.play", code=row.code, **shown) if playable(row) else "",
        message=row.message or no_solution_why(row),
        text=text if row.status == RowStatus.INVALID else "",
    )


def playable(row: Row) -> bool:
    """True for a row with a puzzle one can play to the end: read, and not without a solution."""
    return bool(row.code) and row.status != RowStatus.NO_SOLUTION


def no_solution_why(row: Row) -> str:
    """Why a row without a solution has none ("" for any other row): its first clash, or
    where singles from its givens run out (a bounded walk, no search)."""
    if row.status != RowStatus.NO_SOLUTION or not row.code:
        return ""
    puzzle = read_code(row.code)
    conflicts = find_conflicts(puzzle)
    return no_solution_reason(conflicts, None if conflicts else find_dead_end(puzzle))


def row_record(row: Row) -> JsonObject:
    """A row as the JSON API sends it, with its share and play links."""
    shown = link_values(row.alphabet)
    return {
        "index": row.index,
        "line": row.line,
        "status": row.status,
        "code": row.code,
        "size": row.size,
        "givens": row.givens,
        "rating": row.rating,
        "level": row.level,
        "hardest": row.hardest,
        "rated_to_end": row.rated_to_end,
        "link": absolute_url("solve.result", code=row.code, **shown) if row.code else None,
        "play": absolute_url("play.play", code=row.code, **shown) if playable(row) else None,
        "message": row.message or no_solution_why(row),
    }


def results_record(rows: tuple[Row, ...]) -> JsonObject:
    """A batch's rows as the JSON API sends them, with how many have each status."""
    return {"results": [row_record(row) for row in rows], "counts": counts(rows)}
