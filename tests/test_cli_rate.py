"""`sudoku rate`: a line, or a JSON object, per puzzle, and a summary table."""

from __future__ import annotations

import json

import pytest

from puzzles import CLASHING, NORVIG_EASY, NORVIG_HARD1, TOP95_SEVENTH, data_lines


def test_one_line_per_puzzle(sudoku):
    puzzles = [NORVIG_EASY, TOP95_SEVENTH, NORVIG_HARD1, CLASHING]
    code, out = sudoku("rate", stdin="\n".join(puzzles))
    assert code == 0
    # rating, level and hardest technique; work budgets make them the same on every machine
    assert out.splitlines() == [
        "1.2 easy hidden-single",
        "7.3 extreme grouped-aic",
        "multiple",
        "no_solution",
    ]


def test_json_counts_every_step(sudoku):
    _, out = sudoku("rate", "--json", stdin=NORVIG_EASY + "\n")
    record = json.loads(out)
    assert set(record) == {"puzzle", "rating", "level", "hardest", "counts", "ms", "complete"}
    assert sum(record["counts"].values()) == NORVIG_EASY.count(".")  # singles only
    assert record["complete"] is True


def test_the_summary_counts_levels_and_times(sudoku):
    # the third puzzle's path needs more than 500 units of work, the easy ones less
    _, out = sudoku(
        "rate",
        "--summary",
        "--budget-work",
        "500",
        stdin="\n".join([NORVIG_EASY, NORVIG_EASY, TOP95_SEVENTH]),
    )
    header, rule, row = out.splitlines()[-3:]
    cells = dict(zip(header.strip("| ").split(" | "), row.strip("| ").split(" | "), strict=True))
    assert cells["puzzles"] == "3"
    assert int(cells["incomplete"]) == 1
    levels = sum(int(cells[name]) for name in ("easy", "medium", "hard", "expert", "extreme"))
    assert levels + int(cells["incomplete"]) == 3
    assert int(cells["easy"]) + int(cells["medium"]) == levels
    assert float(cells["mean ms"]) > 0
    assert rule.count("|") == header.count("|")


def test_the_summary_compares_with_a_reference_rating(sudoku):
    # Sudoku Explainer's ratings of three puzzles of the rated sample, read after each puzzle
    rated = data_lines("se_rated_sample.txt")[:3]
    _, out = sudoku("rate", "--summary", "--reference", stdin="\n".join(map(" ".join, rated)))
    lines = out.splitlines()
    header, _, row = lines[-3:]
    cells = dict(zip(header.strip("| ").split(" | "), row.strip("| ").split(" | "), strict=True))
    ours = [float(line.split()[0]) for line in lines[:3]]
    theirs = [float(fields[1]) for fields in rated]
    assert cells["compared"] == "3"
    assert float(cells["reference mean"]) == pytest.approx(sum(theirs) / 3, abs=0.005)
    assert float(cells["mean rating"]) == pytest.approx(sum(ours) / 3, abs=0.005)
    expected = sum(abs(a - b) for a, b in zip(ours, theirs, strict=True)) / 3
    assert float(cells["mean abs diff"]) == pytest.approx(expected, abs=0.005)


def test_without_a_reference_the_summary_has_no_comparison(sudoku):
    _, out = sudoku("rate", "--summary", stdin=NORVIG_EASY + "\n")
    assert "Spearman" not in out


def test_json_names_a_variant_by_its_rules(sudoku):
    line = data_lines("variants/jigsaw_6x6_hard.txt")[0][0]
    grid, _, rules = line.partition("-")
    _, out = sudoku("rate", "--json", stdin=line + "\n")
    record = json.loads(out)
    assert (record["puzzle"], record["rules"]) == (grid, rules)
