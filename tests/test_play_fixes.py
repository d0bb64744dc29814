"""Issue 37's play page, server side: tier 1 names no cell, Check names no value through a
note (it offers to show it), a note a given rules out is refused in words, the hint keys show
what is drawn, a solved game offers the next puzzle of its level, "Explain from here" follows
the position its link holds, the explanation has one button to step 1, and "Why is this
wrong?" says what a search by cases found."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from webapp.explanations.hints import glimpse
from webapp.explanations.why_wrong import why_wrong
from webapp.sudoku import Puzzle, Rules, read_code, solve
from webapp.sudoku.cages import Cage
from webapp.sudoku.logic import Position, encode_marks, find_path, next_step
from webapp.sudoku.logic.refutation import refutation
from webapp.sudoku.progress import read_progress

from puzzles import NORVIG_EASY_CODE, NORVIG_EASY_SOLUTION, with_cells

# The issue's example (its row 5 as Wikipedia has it: the issue's copy has no solution).
ISSUE = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"
ISSUE_SOLUTION = solve(read_code(ISSUE)).solution.code
CODE = NORVIG_EASY_CODE  # r1c1 open (4 in the solution), r1c2 open (8), r1c3 a given 3
CELL_NAME = re.compile(r"\br\d+c\d+\b")


def td_classes(html: str) -> list[str]:
    """The classes of every cell of a page's board."""
    return re.findall(r'<td class="([^"]*)"><input', html)


def test_tier_one_outlines_no_cell(client):
    html = client.get(f"/play/{ISSUE}?hint=1").text
    assert [c for c in td_classes(html) if "hinted" in c.split()] == []


def killer_of(solution: str) -> Puzzle:
    """A 9x9 Killer over `solution`: two-cell cages across each row's pairs of columns, and
    one-cell cages in column 9, each with the sum the solution gives it."""
    values = [int(c) for c in solution]
    cages = []
    for row in range(9):
        for col in range(0, 8, 2):
            cells = (row * 9 + col, row * 9 + col + 1)
            cages.append(Cage(cells, sum(values[c] for c in cells)))
        cages.append(Cage((row * 9 + 8,), values[row * 9 + 8]))
    return Puzzle(read_code("0" * 81).grid, Rules(cages=tuple(cages), cage_size=9))


def test_a_killers_tier_one_names_its_cage_by_sum_and_box_never_by_a_cell():
    puzzle = killer_of(NORVIG_EASY_SOLUTION)
    step = next_step(Position.from_puzzle(puzzle), 10_000)
    assert step is not None and step.cages  # a cage step: a one-cell cage's value
    said = glimpse(puzzle.geometry, step)
    assert CELL_NAME.findall(said) == [], said


def wrong_note_query() -> str:
    """r1c1 (4 in the solution) noted 5 only."""
    notes = Position.from_puzzle(read_code(CODE))
    masks = list(notes.candidates)
    masks[0] = 1 << 5
    return encode_marks(Position(notes.puzzle, notes.values, tuple(masks)))


def test_check_does_not_name_a_value_a_note_removed(client):
    html = client.get(f"/play/{CODE}?marks={wrong_note_query()}&check=1").text
    assert "Your notes in r1c1 removed the value that belongs there" in html
    assert "removed 4" not in html and "4 belongs" not in html


def test_check_offers_to_show_the_value_a_note_removed(client):
    html = client.get(f"/play/{CODE}?marks={wrong_note_query()}&check=1").text
    link = re.search(r'<a class="reveal" href="([^"]+)">Show the value</a>', html)
    assert link is not None
    shown = client.get(unescape(link.group(1)).split("#")[0]).text
    assert "You removed 4 from r1c1, but 4 belongs there" in shown


def test_a_note_a_given_rules_out_is_refused_in_words_without_script(client):
    fields = {"progress": CODE, "notes": "1", "settings": "1", "n-r1c1": "3"}  # r1c3 holds 3
    response = client.post(f"/play/{CODE}", data=fields)
    assert response.status_code == 422
    assert "r1c1: 3 cannot be a note here, as r1c3 holds 3" in response.text


def test_the_key_to_a_placement_shows_the_value_placed(client):
    html = client.get(f"/play/{ISSUE}?hint=2").text
    swatch = re.search(r'<span class="swatch mark placed"[^>]*>([^<]*)</span>', html)
    assert swatch is not None and swatch.group(1) == ISSUE_SOLUTION[5]  # r1c6's value


def test_a_solved_game_offers_the_next_puzzle_of_its_level(client):
    html = client.get(f"/play/{CODE}?progress={NORVIG_EASY_SOLUTION}&time=75").text
    assert '<a class="button next-puzzle" href="/new?' in html
    link = re.search(r'<a class="button next-puzzle" href="([^"]+)">Next easy puzzle</a>', html)
    assert link is not None
    asked = parse_qs(urlsplit(unescape(link.group(1))).query)
    assert asked == {"size": ["9"], "level": ["easy"], "variant": ["classic"], "make": ["1"]}


def test_a_solved_game_says_its_time_and_rating(client):
    html = client.get(f"/play/{CODE}?progress={NORVIG_EASY_SOLUTION}&time=75").text
    banner = re.search(r'<div class="solved-banner" role="status">(.*?)</div>', html, re.S)
    assert banner is not None
    text = re.sub(r"<[^>]+>", "", banner.group(1))
    assert "in 1:15" in text and "Easy: " in text


def test_explain_from_here_follows_the_position_its_link_holds(client):
    typed = with_cells(CODE, r1c1="4")
    response = client.get(f"/play/{CODE}/explain?progress={typed}")
    assert response.status_code == 303
    assert urlsplit(response.headers["Location"]).path == f"/explain/{typed}"


def test_explain_from_a_wrong_position_goes_to_its_check(client):
    typed = with_cells(CODE, r1c1="5")
    response = client.get(f"/play/{CODE}/explain?progress={typed}")
    location = urlsplit(response.headers["Location"])
    assert (location.path, parse_qs(location.query)["check"]) == (f"/play/{CODE}", ["1"])


def test_the_explanations_overview_has_one_button_to_step_one(client):
    html = client.get(f"/explain/{CODE}").text
    assert "First step</a>" in html
    assert ">First</a>" not in html


def hard_wrong_value() -> tuple[str, int, int]:
    """A wrong value in a 17-given puzzle that no branch from it refutes: (puzzle, cell,
    value), found by trying each."""
    puzzle = read_code(
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
    )
    solution = solve(puzzle).solution
    assert solution is not None
    position = Position.of_values(puzzle, puzzle.grid.cells, unique=True)
    for cell, value in enumerate(puzzle.grid.cells):
        if value:
            continue
        for wrong in range(1, 10):
            if wrong != solution.cells[cell] and position.has(cell, wrong):
                if refutation(position, cell, wrong) is None:
                    return puzzle.code, cell, wrong
    raise AssertionError("every wrong value is refuted by a branch")


def test_why_wrong_at_a_hard_position_says_what_its_cases_found():
    code, cell, value = hard_wrong_value()
    puzzle = read_code(code)
    solution = solve(puzzle).solution
    assert solution is not None
    progress = read_progress(puzzle, code).with_values({cell: value})
    said = why_wrong(progress, solution, cell).text
    assert "each leads to a dead end: with " in said, said


EXTREME = "004000300090270540060000002910605007000004030300190050600040000000000093070050000"


def test_a_chain_hint_draws_the_numbers_its_key_promises(client):
    puzzle = read_code(EXTREME)
    path = find_path(puzzle, unique=True)
    position = Position.from_puzzle(puzzle, unique=True)
    for step in path.steps:
        if step.technique == "aic":
            break
        position = step.apply(position)
    progress = "".join(str(value) for value in position.values)
    marks = encode_marks(Position(puzzle, puzzle.grid.cells, position.candidates))
    html = client.get(f"/play/{EXTREME}?progress={progress}&marks={marks}&hint=2").text
    assert "chain nodes, numbered in the chain&#39;s order" in html
    board = html.split('<ul class="board-key"')[0]
    assert re.search(r'<span class="mark[^"]* numbered">\d<sup>\d+</sup></span>', board)
