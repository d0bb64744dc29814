"""Real f-puzzles and SudokuPad links with pair rules, marks, lines and marked cells
(tests/data/links/marked_real_links.txt): Kropki dots, XV, anti-knight, anti-king,
non-consecutive, thermometer, arrow (from one- and two-cell circles), German whisper,
palindrome, renban, between-line, region-sum-line, little killer and even and odd cell puzzles
published in public repositories, at least five of each kind, each read with the rules its
source names and solved to the solution its source gives, and written back to an f-puzzles
link that reads as the same puzzle; no step of its explanation's path removes a digit of that
solution."""

from __future__ import annotations

from collections import Counter

import pytest

from webapp.sudoku import SOLVED, solve
from webapp.sudoku.links import fpuzzles_link, read_link
from webapp.sudoku.logic import find_path
from webapp.sudoku.parse import parse
from webapp.sudoku.puzzle import Rules

from puzzles import DATA

# The work each real puzzle's path may spend (the units find_path counts; about a twentieth
# of a second of a 9x9's): the first steps of each, where a rule's own deductions come.
PATH_WORK = 2000

# The real links the file holds at least of each kind, by letter: five (issue 42);
# greater-than signs (M) have no f-puzzles key, so no real link can hold them.
AT_LEAST = dict.fromkeys("WBXVntoTADGPNLREOZHY", 5)


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


def test_the_file_holds_five_real_links_of_each_kind_or_all_that_were_found() -> None:
    held = Counter(letter for letters, _, _ in real_links() for letter in set(letters))
    assert {letter: min(held[letter], least) for letter, least in AT_LEAST.items()} == AT_LEAST


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


@pytest.mark.parametrize(("letters", "solution", "url"), real_links())
def test_a_real_marked_link_written_back_reads_as_the_same_puzzle(letters, solution, url) -> None:
    linked = read_link(url)
    assert linked is not None
    given = linked.given
    back = read_link(fpuzzles_link(given.grid, given.rules))
    assert back is not None and back.given.code == given.code


@pytest.mark.parametrize(("letters", "solution", "url"), real_links())
def test_no_step_of_a_real_marked_puzzles_path_removes_its_solution(letters, solution, url) -> None:
    linked = read_link(url)
    assert linked is not None
    answer = parse(solution).cells
    path = find_path(linked.given, work=PATH_WORK, unique=True)
    wrong = [
        (step.technique, cell, value)
        for step in path.steps
        for cell, value in step.eliminations
        if answer[cell] == value
    ] + [
        (step.technique, cell, value)
        for step in path.steps
        for cell, value in step.placements
        if answer[cell] != value
    ]
    assert wrong == []
