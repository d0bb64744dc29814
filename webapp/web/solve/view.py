"""What a share link's result page shows: a solve, its verdict, figures and links onward."""

from __future__ import annotations

from dataclasses import dataclass, replace

from flask import url_for

from ...jobs.job import EXPLAIN
from ...sudoku import GAVE_UP, MULTIPLE, SOLVED, DeadEnd, SolveResult
from ...sudoku.logic import SOLVED as SOLVED_PATH
from ...sudoku.logic import Position, encode_marks
from ...sudoku.result import SAT
from ...wording import ENGINE_NAMES, format_ms, solution_count_message
from ..job_view import Offer, offer_for
from ..links import absolute_url
from ..marks import MarkedView, marked_view
from ..page_facts import ShareFacts
from ..rating_view import Learning, learning
from ..shown_alphabet import as_shown, as_shown_result, link_values
from ..verdicts import Verdict, verdict
from .solutions_view import SolutionsLink, solutions_link


@dataclass(frozen=True)
class Links:
    """Where a result page leads: its own share link (absolute), the form to edit it, and
    the puzzle in other solvers (`elsewhere`: label and address pairs, 9x9 only)."""

    share: str
    edit: str
    elsewhere: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ResultPage:
    """A solve as shown: one status and its verdict, the figures, and the links onward."""

    status: str
    verdict: Verdict
    figures: tuple[tuple[str, str], ...]
    links: Links
    timed: tuple[str, ...] = ("Time",)  # figures that are timings: no part of the ETag


def result_page(
    result: SolveResult,
    links: Links,
    how_many: str = "",
    dead_end: DeadEnd | None = None,
    check: bool = False,
) -> ResultPage:
    """Everything the result template shows about one solve, built in this one place;
    `how_many` says how many solutions one with more than one has ("exactly 5 solutions"),
    `dead_end` where singles run out in one with none (page_facts.py found both). `check`:
    a learner's check, whose answers stay hidden until asked for (checked)."""
    puzzle = result.puzzle
    engine = (
        "Gave up in" if result.status == GAVE_UP else "Decided by",
        ENGINE_NAMES[result.engine],
    )
    figures = (
        ("Time", format_ms(result.ms)),
        engine,
        ("Search nodes", f"{result.nodes:,}"),
        *((("SAT conflicts", f"{result.sat_conflicts:,}"),) if result.engine == SAT else ()),
        ("Givens", f"{puzzle.givens} of {puzzle.shape.cell_count}"),
        *(
            (("Variant", f"{puzzle.rules.name} {puzzle.shape.name}"),)
            if not puzzle.rules.classic
            else ()
        ),
    )
    said = verdict(result, how_many, dead_end)
    return ResultPage(result.status, checked(said, result) if check else said, figures, links)


def checked(said: Verdict, result: SolveResult) -> Verdict:
    """A verdict for someone stuck on a puzzle who asked only whether it is sound: the
    solutions it found wait behind "Show the solution" (two, for one with more)."""
    if result.status == SOLVED:
        summary = (
            "Your puzzle is a proper Sudoku: it has exactly one solution. Its answer is hidden"
            " below until you ask for it; play it or follow its explanation step by step."
        )
        return replace(
            said, heading="It has one solution", summary=summary, hidden="Show the solution"
        )
    if result.status == MULTIPLE:
        return replace(said, hidden="Show two of its solutions")
    return said


@dataclass(frozen=True)
class ShareAsked:
    """What a share link asks of its page besides the puzzle: the alphabet to show it in,
    pasted pencil marks on it, a learner's check (the answer hidden), its candidates."""

    alphabet: str
    marks: Position | None = None
    check: bool = False
    candidates: bool = False


@dataclass(frozen=True)
class SharePage:
    """Everything a share link's page shows: the result, what it offers to learn, a job to
    hand the work on to, the pasted position, and the link to every solution; `complete`
    when counted in full and rated to the end."""

    result: ResultPage
    learning: Learning | None
    offer: Offer | None
    marked: MarkedView | None
    solutions: SolutionsLink | None
    complete: bool


def share_page(facts: ShareFacts, asked: ShareAsked) -> SharePage:
    """The page of a share link: `facts` of its puzzle shown as `asked`."""
    result, count = facts.result, facts.count
    code = result.puzzle.code
    shown = as_shown(result.puzzle, asked.alphabet)
    kept = link_values(asked.alphabet)
    marks = encode_marks(asked.marks) or None if asked.marks is not None else None
    checked = 1 if asked.check else None
    links = Links(
        share=absolute_url(".result", code=code, marks=marks, check=checked, **kept),
        edit=url_for("site.index", puzzle=code, **kept),
        elsewhere=facts.elsewhere,
    )
    # a pasted position is rated by its explanation, from the marks: not from its cells here
    path = facts.path if asked.marks is None else None
    job = facts.job
    if job is not None and job.kind == EXPLAIN and path is None:
        job = None  # a job would rate the puzzle, not the pasted position
    how_many = solution_count_message(count) if count else ""
    page = result_page(
        as_shown_result(result, asked.alphabet), links, how_many, facts.dead_end, asked.check
    )
    rated = path is None or path.status == SOLVED_PATH
    return SharePage(
        result=page,
        learning=learning(shown, path, asked.candidates, asked.check) if path else None,
        offer=offer_for(job) if job is not None else None,
        marked=marked_view(shown, asked.marks, result) if asked.marks is not None else None,
        solutions=solutions_link(code, count, asked.alphabet) if count else None,
        complete=facts.counted_in_full and rated,
    )
