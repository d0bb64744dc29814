"""A Killer whose sums cannot be (issue 37, defect 14): cages adding up to another total than
the grid's, or the cages inside a unit to another than a unit's, are refused by name before
any solve, on the home form, in the API and by the `sudoku` command alike."""

from __future__ import annotations

import json

from test_killer_pages import FOUR, FOUR_MAP, FOUR_SUMS, killer_form
from test_variant_pages import problems_of

from webapp.sudoku.conflicts import find_conflicts
from webapp.sudoku.parse import read
from webapp.wording import conflict_message

# FOUR with its first cage (r1c1-r1c2) making 4, not 3: 41 in all, and row 1 (cages a and b)
# making 11.
ONE_TOO_MANY = FOUR.replace("a=3", "a=4")
ONE_TOO_MANY_SAID = [
    "The cages add up to 41; a full 4x4 adds up to 40",
    "The cages inside row 1 add up to 11; a row adds up to 10",
]


def cage_list(text: str) -> list[dict[str, object]]:
    """The cages of a pasted Killer as the API and the command take them."""
    return [
        {"cells": [f"r{cell // 4 + 1}c{cell % 4 + 1}" for cell in cage.cells], "sum": cage.total}
        for cage in read(text).puzzle.rules.cages
    ]


def test_cages_adding_up_to_another_total_are_named_with_both_totals():
    conflicts = find_conflicts(read(ONE_TOO_MANY).puzzle)
    assert [conflict_message(conflict) for conflict in conflicts] == ONE_TOO_MANY_SAID


def test_a_unit_covered_by_cages_of_another_total_is_named_though_the_grid_adds_up():
    # a=4 and c=4 (r2c1-r3c1): 40 in all, but row 1 still makes 11
    puzzle = read(FOUR.replace("a=3", "a=4").replace("c=5", "c=4")).puzzle
    said = [conflict_message(conflict) for conflict in find_conflicts(puzzle)]
    assert said == ["The cages inside row 1 add up to 11; a row adds up to 10"]


def test_the_home_form_refuses_the_sums_by_name(client):
    response = client.post("/", data=killer_form(FOUR_MAP, FOUR_SUMS.replace("a=3", "a=4")))
    assert (response.status_code, problems_of(response.text)) == (422, ONE_TOO_MANY_SAID)


def test_the_api_answers_no_solution_with_the_totals_before_any_search(client):
    sent = {"puzzle": "0" * 16, "variant": "killer", "cages": cage_list(ONE_TOO_MANY)}
    answer = client.post("/api/solve", json=sent).get_json()
    said = [conflict["message"] for conflict in answer["conflicts"]]
    assert (answer["status"], answer["nodes"], said) == ("no_solution", 0, ONE_TOO_MANY_SAID)


def test_the_command_says_the_totals(sudoku, tmp_path):
    cages = tmp_path / "cages.json"
    cages.write_text(json.dumps(cage_list(ONE_TOO_MANY)))
    code, out = sudoku(
        "solve", "--json", "--variant", "killer", "--cages", str(cages), stdin="0" * 16
    )
    assert (code, json.loads(out)["conflicts"]) == (0, ONE_TOO_MANY_SAID)
