"""Practice positions of the marks' own step (lessons/marked.py): the generator's puzzles
given the marks their answers hold, banked by `sudoku learn-bank --marked-seeds`, and the
practice pages that draw them."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from webapp.cli import main
from webapp.sudoku import SOLVED, read_code, solve
from webapp.sudoku.generator import generate
from webapp.sudoku.lessons import Bank
from webapp.sudoku.lessons.marked import marked


def test_a_puzzle_given_its_answers_marks_keeps_that_one_answer() -> None:
    made = generate(9, "hard", seed=3)
    assert made.puzzle is not None and made.solution is not None
    result = solve(marked(made.puzzle, made.solution, "XV"))
    assert (result.status, result.solutions[0]) == (SOLVED, made.solution)


def test_a_run_with_marked_seeds_banks_related_pairs(tmp_path: Path) -> None:
    out = tmp_path / "bank.json"
    run = ["--seeds", "0", "--small-seeds", "0", "--marked-seeds", "2", "--out", str(out)]
    assert main(["learn-bank", *run]) == 0
    techniques = {entry.technique for entry in Bank.from_text(out.read_text()).entries}
    assert techniques == {"relation-pair"}


def test_a_related_pairs_practice_page_draws_the_marks(client: FlaskClient) -> None:
    html = client.get("/learn/relation-pair/practice?seed=0").get_data(as_text=True)
    assert 'class="edge-mark' in html


def test_a_related_pairs_practice_position_in_json_carries_its_marks(client: FlaskClient) -> None:
    answer = client.get("/api/learn/relation-pair/practice?seed=0").get_json()
    assert read_code(answer["puzzle"]).rules.marks != ()


# The practice board drew no variant's drawing: a Killer's cages went without their sums.
def test_a_killers_practice_page_draws_its_cage_sums(client: FlaskClient) -> None:
    html = client.get("/learn/cage-combinations/practice?seed=0").get_data(as_text=True)
    assert 'class="cage-sum"' in html
