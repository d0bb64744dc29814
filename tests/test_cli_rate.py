"""`sudoku rate`: a line, or a JSON object, per puzzle, and a summary table."""

from __future__ import annotations

import json

from puzzles import CLASHING, NORVIG_EASY, NORVIG_HARD1, TOP95_SEVENTH


def test_one_line_per_puzzle(sudoku):
    puzzles = [NORVIG_EASY, TOP95_SEVENTH, NORVIG_HARD1, CLASHING]
    code, out = sudoku("rate", stdin="\n".join(puzzles))
    easy, seventh, hard1, clash = out.splitlines()
    assert code == 0
    rating, level, technique = easy.split()
    assert float(rating) <= 2.8 and level in ("easy", "medium") and technique
    assert seventh.split()[1:] == ["extreme", "forcing-chain"]
    assert (hard1, clash) == ("multiple", "no_solution")


def test_json_counts_every_step(sudoku):
    _, out = sudoku("rate", "--json", stdin=NORVIG_EASY + "\n")
    record = json.loads(out)
    assert set(record) == {"puzzle", "rating", "level", "hardest", "counts", "ms", "complete"}
    assert sum(record["counts"].values()) == NORVIG_EASY.count(".")  # singles only
    assert record["complete"] is True


def test_the_summary_counts_levels_and_times(sudoku):
    # the third puzzle's path cannot finish in a hundredth of a second
    _, out = sudoku(
        "rate",
        "--summary",
        "--budget-seconds",
        "0.01",
        stdin="\n".join([NORVIG_EASY, NORVIG_EASY, TOP95_SEVENTH]),
    )
    header, rule, row = out.splitlines()[-3:]
    cells = dict(zip(header.strip("| ").split(" | "), row.strip("| ").split(" | "), strict=True))
    assert cells["puzzles"] == "3"
    assert cells["incomplete"] == "1"
    assert int(cells["easy"]) + int(cells["medium"]) == 2
    assert float(cells["mean ms"]) > 0
    assert rule.count("|") == header.count("|")
