"""Marks and lines typed on the home form (sudoku/rule_text.py): a puzzle filled into the
form shows its marks and lines in the notation and keeps them when solved again; typed ones
reach the puzzle's share code; a wrong entry is refused naming the entry and its cells."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from test_marked_form import PUZZLE as MARKED
from test_marked_form import sent_back
from test_pages import Page
from test_thermometers import cells, thermometer_puzzle

from webapp.sudoku import PuzzleError, parse
from webapp.sudoku.parse import read_code
from webapp.sudoku.puzzle import Puzzle, Rules
from webapp.sudoku.rule_text import read_rules_text, rules_text
from webapp.sudoku.rulebook import Line

LINES = thermometer_puzzle(cells("R1C1", "R1C2", "R2C3"), cells("R9C9", "R8C9")).rules
THERMOMETERS = Puzzle(parse("5" + "." * 80), LINES)
# An arrow from a circle, and one from a two-cell circle: lines with sums, not chains.
ARROWS = Puzzle(
    parse("." * 81),
    Rules(lines=(Line("A", (0, 1, 2)), Line("D", (9, 10, 11, 20))), line_size=9),
)


@pytest.mark.parametrize(
    "puzzle", [MARKED, THERMOMETERS, ARROWS], ids=["marks", "lines", "sum-lines"]
)
def test_the_notation_reads_back_the_marks_and_lines_it_writes(puzzle: Puzzle) -> None:
    marks, lines = read_rules_text(9, rules_text(puzzle.rules))
    again = Rules(marks=marks, mark_size=9, lines=lines, line_size=9)
    assert again.code == puzzle.rules.code


@pytest.mark.parametrize(
    ("text", "message", "located"),
    [
        ("W r1c1-r1c2\nB r4c4-r4c6", "entry 2 ('B r4c4-r4c6'): r4c4 and r4c6 are not side", 2),
        ("T r2c2-r2c3-r2c2", "entry 1 ('T r2c2-r2c3-r2c2'): thermometer from r2c2 runs", 3),
        ("Q r1c1-r1c2", "entry 1 ('Q r1c1-r1c2'): 'Q' is no mark or line", 0),
        ("X r1c1-r1c2; V r1c10-r1c9", "entry 2 ('V r1c10-r1c9'): r1c10 is outside the 9x9", 0),
    ],
)
def test_a_wrong_entry_is_named_with_its_cells(text: str, message: str, located: int) -> None:
    with pytest.raises(PuzzleError) as raised:
        read_rules_text(9, text)
    assert message in raised.value.message and len(raised.value.cells) == located


def form_of(client, puzzle: Puzzle) -> dict[str, str]:
    """What the home form, filled with `puzzle` by its ?puzzle= link, sends back as shown."""
    return sent_back(Page(client.get(f"/?puzzle={quote(puzzle.code)}").get_data(as_text=True)))


@pytest.mark.parametrize("puzzle", [MARKED, THERMOMETERS], ids=["marks", "lines"])
def test_solving_the_form_again_keeps_the_puzzles_marks_and_lines(client, puzzle) -> None:
    answer = client.post("/", data=form_of(client, puzzle))
    assert answer.headers["Location"] == f"/solve/{puzzle.code}"


def test_marks_and_lines_typed_without_script_reach_the_share_code(client) -> None:
    sent = {
        "size": "9",
        "variant": "classic",
        "r1c1": "1",
        "rule_marks": "V r1c1-r2c1; T r3c3-r3c4",
    }
    answer = client.post("/", data=sent)
    code = answer.headers["Location"].removeprefix("/solve/")
    rules = read_code(code).rules
    assert rules_text(rules) == "V r1c1-r2c1\nT r3c3-r3c4"


def test_a_wrong_entry_comes_back_on_the_field_named_and_marked(client) -> None:
    sent = {"size": "9", "variant": "classic", "r1c1": "1", "rule_marks": "W r1c1-r3c1"}
    html = client.post("/", data=sent).get_data(as_text=True)
    said = "Marks and lines, entry 1 (&#39;W r1c1-r3c1&#39;): r1c1 and r3c1 are not side by side"
    assert f'<a href="#rule_marks">{said}' in html
    assert re.search(r'<textarea id="rule_marks"[^>]*aria-invalid="true"', html)
