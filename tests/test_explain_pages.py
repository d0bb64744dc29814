"""/explain/<code>?step=N: a puzzle's path one step at a time, drawn on its pencil marks."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from webapp.explanations import sentence
from webapp.explanations.names import technique_name
from webapp.sudoku import parse
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import find_path
from webapp.sudoku.puzzle import Puzzle, longest_code

from puzzles import CLASHING_CODE, NORVIG_EASY_CODE, TOP95_SEVENTH

TOP95_SEVENTH_CODE = TOP95_SEVENTH.replace(".", "0")
PATH = find_path(Puzzle(parse(TOP95_SEVENTH)), unique=True)


def numbered(technique: str) -> int:
    """The number (1-based) of the first step of `technique` in TOP95_SEVENTH's path."""
    return next(n for n, step in enumerate(PATH.steps, 1) if step.technique == technique)


def cell_html(html: str, name: str) -> str:
    """The <td> of the cell named `name` (r3c4): the one whose hidden label starts with it."""
    match = re.search(
        rf'<td class="([^"]*)"><span class="visually-hidden">{name}: (.*?)</td>', html
    )
    assert match, name
    return match.group(0)


def test_the_start_shows_every_candidate_and_the_whole_path(client):
    response = client.get(f"/explain/{TOP95_SEVENTH_CODE}")
    assert response.status_code == 200
    html = response.text
    assert "<h1>Explain the solution</h1>" in html
    assert f"takes {len(PATH.steps)} steps" in html
    assert html.count('<span class="marks"') == 81 - parse(TOP95_SEVENTH).givens
    for technique, count in Counter(step.technique for step in PATH.steps).items():
        assert re.search(
            rf">{re.escape(technique_name(technique))}</a></th><td>[0-9.]+</td><td>{count}</td>",
            html,
        ), technique
    assert html.count('<li><a href="/explain/') == len(PATH.steps)
    assert f'href="/explain/{TOP95_SEVENTH_CODE}?step=1" data-key="ArrowRight"' in html


@pytest.mark.parametrize("technique", ["hidden-single", "pointing", "grouped-aic"])
def test_a_step_shows_its_sentence_roles_and_what_it_changes(client, technique):
    number = numbered(technique)
    step = PATH.steps[number - 1]
    html = client.get(f"/explain/{TOP95_SEVENTH_CODE}?step={number}").text
    assert f"Step {number} of {len(PATH.steps)}: {technique_name(technique)}</h1>" in html
    text = sentence(standard_geometry(parse(TOP95_SEVENTH).shape), step)
    assert (text[0].upper() + text[1:] if not text.startswith("r") else text) in html.replace(
        "&#39;", "'"
    )
    for cell, role in step.cells:
        name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
        assert f"role-{role}" in cell_html(html, name).split('"')[1], (name, role)
    for cell, value in step.eliminations:
        td = cell_html(html, f"r{cell // 9 + 1}c{cell % 9 + 1}")
        assert f'<span class="mark removed">{value}</span>' in td or (
            f'<span class="mark removed numbered">{value}<sup>' in td
        )
        assert f"{value} (removed" in td
    for cell, value in step.placements:
        assert f'<span class="mark placed">{value}</span>' in cell_html(
            html, f"r{cell // 9 + 1}c{cell % 9 + 1}"
        )


def test_chain_nodes_are_numbered_in_the_chain_order(client):
    number = numbered("grouped-aic")
    step = PATH.steps[number - 1]
    html = client.get(f"/explain/{TOP95_SEVENTH_CODE}?step={number}").text
    for index, (cells, value, _) in enumerate(step.inferences, 1):
        for cell in cells:
            td = cell_html(html, f"r{cell // 9 + 1}c{cell % 9 + 1}")
            assert re.search(rf"{value}<sup>[0-9,]*\b{index}\b", td), (cell, value, index)


def test_the_links_walk_the_path(client):
    last = len(PATH.steps)
    first = client.get(f"/explain/{TOP95_SEVENTH_CODE}?step=1").text
    assert 'rel="prev"' not in first and 'data-key="Home"' not in first
    assert f'rel="next" href="/explain/{TOP95_SEVENTH_CODE}?step=2"' in first
    middle = client.get(f"/explain/{TOP95_SEVENTH_CODE}?step=5").text
    assert f'rel="prev" href="/explain/{TOP95_SEVENTH_CODE}?step=4"' in middle
    assert f'href="/explain/{TOP95_SEVENTH_CODE}?step={last}" data-key="End"' in middle
    assert 'aria-current="step"' in middle
    end = client.get(f"/explain/{TOP95_SEVENTH_CODE}?step={last}").text
    assert 'rel="next"' not in end


@pytest.mark.parametrize(
    ("query", "status", "says"),
    [
        ("step=x", 400, "step must be a whole number from 0 to"),
        ("step=-1", 400, "step must be a whole number"),
        ("step=9999", 404, "There is no step 9999"),
    ],
)
def test_a_step_that_is_not_there_is_a_clear_4xx(client, query, status, says):
    response = client.get(f"/explain/{NORVIG_EASY_CODE}?{query}")
    assert response.status_code == status
    assert says in response.text


def test_a_link_without_a_puzzle_says_so(client):
    response = client.get("/explain/hello")
    assert response.status_code == 422
    assert "This link does not hold a puzzle the solver can read" in response.text
    assert client.get("/explain/" + "0" * (longest_code() + 1)).status_code == 414


def test_other_spellings_move_to_the_canonical_link_with_the_step(client):
    response = client.get(f"/explain/{TOP95_SEVENTH}?step=3")
    assert response.status_code == 301
    assert response.headers["Location"] == f"/explain/{TOP95_SEVENTH_CODE}?step=3"


@pytest.mark.parametrize(
    ("code", "says"),
    [(CLASHING_CODE, "this one has none"), ("0" * 81, "this one has more than one")],
)
def test_a_puzzle_without_one_solution_has_nothing_to_explain(client, code, says):
    response = client.get(f"/explain/{code}")
    assert response.status_code == 200
    assert "Nothing to explain" in response.text and says in response.text


def test_a_path_cut_short_says_so_and_shows_the_solvers_answer(make_app):
    client = make_app(EXPLAIN_BUDGET_WORK=0).test_client()
    response = client.get(f"/explain/{TOP95_SEVENTH_CODE}")
    assert response.status_code == 200
    assert "the next step needs more work than the budget" in response.text
    assert "The solver&#39;s answer for the cells left" in response.text
    assert "no-store" in response.headers["Cache-Control"]


def test_a_finished_path_may_be_kept(client):
    response = client.get(f"/explain/{NORVIG_EASY_CODE}?step=2")
    assert "public" in response.headers["Cache-Control"]


def svg_of(html: str) -> str:
    """The chain drawing's <svg> in a page."""
    match = re.search(r'<svg class="chain-drawing".*?</svg>', html, re.S)
    assert match, "no chain drawing"
    return match.group(0)


def test_a_chain_is_drawn_with_its_links_solid_when_strong_and_dashed_when_weak(client):
    number = numbered("grouped-aic")
    step = PATH.steps[number - 1]
    html = client.get(f"/explain/{TOP95_SEVENTH_CODE}?step={number}").text
    svg = svg_of(html)
    links = re.findall(r'<line class="chain-link (strong|weak)"', svg)
    kinds = ["strong" if link in ("strong", "als") else "weak" for _, _, link in step.inferences]
    assert links == kinds[:-1] and len(links) == len(step.inferences) - 1
    singles = [cells for cells, _, _ in step.inferences if len(cells) == 1]
    assert svg.count('<circle class="chain-node"') == len(singles)
    assert svg.count('<rect class="chain-group"') == len(step.inferences) - len(singles)
    assert 'aria-hidden="true"' in svg and "style=" not in svg
    assert "strong link: if one end is false, the other is true" in html
    assert "weak link: if one end is true, the other is false" in html


def test_each_link_runs_from_its_node_towards_the_next(client):
    """A line starts near its node's candidate, within a slot of it, and heads to the next:
    on a 9x9 board a cell is 60 units, a candidate's slot 20."""
    number = numbered("grouped-aic")
    step = PATH.steps[number - 1]
    svg = svg_of(client.get(f"/explain/{TOP95_SEVENTH_CODE}?step={number}").text)
    lines = re.findall(r'x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"', svg)

    def centre(cells: tuple[int, ...], value: int) -> tuple[float, float]:
        points = [
            (
                (c % 9) * 60 + ((value - 1) % 3 + 0.5) * 20,
                (c // 9) * 60 + ((value - 1) // 3 + 0.5) * 20,
            )
            for c in cells
        ]
        return sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)

    for (x1, y1, x2, y2), here, there in zip(
        lines, step.inferences, step.inferences[1:], strict=False
    ):
        start, end = centre(here[0], here[1]), centre(there[0], there[1])
        assert abs(float(x1) - start[0]) <= 10 and abs(float(y1) - start[1]) <= 10
        assert abs(float(x2) - end[0]) <= 10 and abs(float(y2) - end[1]) <= 10


def test_a_step_without_an_alternating_chain_has_no_drawing(client):
    html = client.get(f"/explain/{TOP95_SEVENTH_CODE}?step={numbered('pointing')}").text
    assert "chain-drawing" not in html and "strong link" not in html


# A forcing chain whose first step reasons through removals: (cell, -value) nodes.
FORCING = "800000000003600000070090200050007000000045700000100030001000068008500010090000400"


def test_a_forcing_chain_step_with_removal_nodes_is_drawn(make_app):
    # The key's numbered nodes were looked up as candidates, -value included: a 500
    app = make_app(EXPLAIN_BUDGET_WORK=10_000)  # its first step is all that is shown
    first = find_path(Puzzle(parse(FORCING)), work=10_000, unique=True).steps[0]
    assert any(value < 0 for _, value in first.chain)
    assert app.test_client().get(f"/explain/{FORCING}?step=1").status_code == 200
