"""`sudoku learn-bench` (webapp/cli/learn_bench.py): the figures of serving practice positions."""

from __future__ import annotations

import pytest

from webapp.cli import main


def test_the_bench_prints_a_row_per_kind_of_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn-bench", "--per", "1", "--rounds", "1"]) == 0
    rows = [
        line.split("|")[1].strip()
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("| ")
    ]
    assert rows == ["request", "page, first sight", "page", "page, CPU", "json", "json, CPU"]
