"""Real f-puzzles links with pair rules and marks (tests/data/links/marked_real_links.txt):
Kropki dots, XV, anti-knight, anti-king and non-consecutive puzzles published in public
repositories, each read with the rules its source names and solved to the solution its source
gives."""

from __future__ import annotations

import pytest

from webapp.sudoku import SOLVED, solve
from webapp.sudoku.links import read_link
from webapp.sudoku.puzzle import Rules

from puzzles import DATA


def real_links() -> list[tuple[str, str, str]]:
    """(rules, solution, url) of each line of marked_real_links.txt."""
    lines = (DATA / "links" / "marked_real_links.txt").read_text().splitlines()
    return [tuple(line.split()) for line in lines if line.strip() and not line.startswith("#")]


def letters_of(rules: Rules) -> str:
    """The rules' letters as the data file writes them: the whole-grid kinds, the marked
    kinds, the lined kinds, the celled kinds, then "j" for a Jigsaw's regions and "k" for a
    Killer's cages."""
    marked = "".join(each.letter for each in rules.marks)
    lined = "".join(dict.fromkeys(each.letter for each in rules.lines))
    celled = "".join(each.letter for each in rules.cells)
    jigsaw = "j" if rules.regions else ""
    killer = "k" if rules.cages else ""
    return "".join(rules.extras) + marked + lined + celled + jigsaw + killer


@pytest.mark.parametrize(("letters", "solution", "url"), real_links())
def test_a_real_marked_link_is_read_with_its_sources_rules(letters, solution, url) -> None:
    linked = read_link(url)
    assert linked is not None and letters_of(linked.given.rules) == letters


@pytest.mark.parametrize(("letters", "solution", "url"), real_links())
def test_a_real_marked_link_solves_to_its_sources_solution(letters, solution, url) -> None:
    linked = read_link(url)
    assert linked is not None
    result = solve(linked.given)
    assert result.status == SOLVED and result.solution is not None
    assert result.solution.code == solution
