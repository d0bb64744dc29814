"""The pages read the registry of rule kinds (webapp/sudoku/rulebook.py): the home form's
variant menu, /new's labels, a board's caption and its drawing come from the entries, so the
pair rules (anti-knight, anti-king, non-consecutive) are offered, named and said on every
board as the unit kinds are."""

from __future__ import annotations

import dataclasses
import re

import pytest
from test_pair_rules import ANTI_KNIGHT_9, MIRACLE, UNTOUCH_ANTIKNIGHT_9

from webapp.sudoku import Puzzle, Rules, parse
from webapp.sudoku.generator.generate import drawn_letters
from webapp.sudoku.rulebook import RULE_KINDS, grid_kinds
from webapp.web.generated_puzzles import variant_labels
from webapp.web.variant_drawing import drawn_cells

ANTI_KNIGHT = Puzzle(parse(ANTI_KNIGHT_9), Rules.from_letters("n"))
MIRACLE_PUZZLE = Puzzle(parse(MIRACLE[0]), Rules.from_letters("nto"))


def options(html: str) -> dict[str, str]:
    """The home form's variant menu: each option's value and words."""
    menu = html[html.index('<select id="variant"') :]
    menu = menu[: menu.index("</select>")]
    return dict(re.findall(r'<option value="([^"]+)"[^>]*>([^<]*)</option>', menu))


def chosen(html: str) -> str:
    """The value of the variant menu's chosen option."""
    menu = html[html.index('<select id="variant"') :]
    return re.findall(r'<option value="([^"]+)"[^>]*\bselected>', menu[: menu.index("</select>")])[
        0
    ]


def form_data(puzzle: Puzzle, variant: str) -> dict[str, str]:
    """The home form filled in with the puzzle's givens and `variant` chosen."""
    data = {"size": str(puzzle.size), "variant": variant}
    for index, value in enumerate(puzzle.cells):
        data[f"r{index // 9 + 1}c{index % 9 + 1}"] = str(value) if value else ""
    return data


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("anti-knight", "Anti-Knight"),
        ("anti-king", "Anti-King"),
        ("non-consecutive", "Non-Consecutive"),
    ],
)
def test_the_home_forms_menu_offers_each_pair_rule(client, value, words) -> None:
    assert options(client.get("/").text)[value] == words


def test_the_menu_offers_each_rule_kind_by_its_registry_entry(client) -> None:
    # The kinds over the whole grid: a marked kind's pairs are the puzzle's own.
    offered = options(client.get("/").text)
    assert [offered[kind.word] for kind in grid_kinds()] == [kind.name for kind in grid_kinds()]


def test_the_form_sends_an_anti_knight_to_its_share_link(client) -> None:
    response = client.post("/", data=form_data(ANTI_KNIGHT, "anti-knight"))
    assert response.headers["Location"].endswith(f"/solve/{ANTI_KNIGHT.code}")


def test_an_anti_knights_edit_link_comes_back_with_its_variant(client) -> None:
    # The form once wrote every rule but X-Sudoku as "windoku".
    assert chosen(client.get(f"/?puzzle={ANTI_KNIGHT.code}").text) == "anti-knight"


def test_an_edit_link_of_rules_the_menu_does_not_offer_keeps_them(client) -> None:
    html = client.get(f"/?puzzle={MIRACLE_PUZZLE.code}").text
    assert chosen(html) == "anti-knight-anti-king-non-consecutive"


def test_the_form_sends_rules_the_menu_does_not_offer_to_their_share_link(client) -> None:
    data = form_data(MIRACLE_PUZZLE, "anti-knight-anti-king-non-consecutive")
    response = client.post("/", data=data)
    assert response.headers["Location"].endswith(f"/solve/{MIRACLE_PUZZLE.code}")


def test_the_solve_page_names_the_pair_rules_in_its_captions(client) -> None:
    html = client.get(f"/solve/{MIRACLE_PUZZLE.code}").text
    assert "(Anti-Knight Anti-King Non-Consecutive)</span>" in html


@pytest.mark.parametrize("letter", ["n", "t", "o"])
def test_a_board_says_a_pair_rule_below_its_caption(client, letter) -> None:
    puzzle = Puzzle(parse(UNTOUCH_ANTIKNIGHT_9), Rules.from_letters(letter))
    html = client.get(f"/solve/{puzzle.code}").text
    assert f'<span class="rule-legend">{RULE_KINDS[letter].rule}</span>' in html.replace(
        "&#39;", "'"
    )


def test_new_puzzles_labels_are_the_forms_menus(client) -> None:
    offered = options(client.get("/").text)
    # The menu leaves a puzzle's own marks and lines (Kropki's dots, thermometers) to the form.
    labels = {value: label for value, label in variant_labels().items() if not drawn_letters(value)}
    assert labels == {value: offered[value] for value in labels}


@pytest.fixture
def slashed(monkeypatch):
    """X-Sudoku's entry drawing its diagonals' cells with "slash-1" and "slash-2", for the
    test alone (the drawings kept per geometry dropped before and after)."""
    monkeypatch.setitem(
        RULE_KINDS, "x", dataclasses.replace(RULE_KINDS["x"], drawn="slash-{index}")
    )
    drawn_cells.cache_clear()
    yield
    drawn_cells.cache_clear()


def test_a_unit_kinds_cells_are_drawn_with_its_registry_entrys_class(slashed) -> None:
    geometry = Puzzle(parse("." * 81), Rules.from_letters("x")).geometry
    assert drawn_cells(geometry)[0].classes == "slash-1"
