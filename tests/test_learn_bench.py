"""`sudoku learn-bench` (webapp/cli/learn_bench.py): the figures of serving practice positions."""

from __future__ import annotations

import logging

import pytest

from webapp.cli import main
from webapp.serving.requestlog import LOGGER_NAME


def test_the_bench_prints_a_row_per_kind_of_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn-bench", "--per", "1", "--rounds", "1"]) == 0
    rows = [
        line.split("|")[1].strip()
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("| ")
    ]
    assert rows == ["request", "page, first sight", "page", "page, CPU", "json", "json, CPU"]


def test_the_bench_gives_the_request_log_back_to_the_process() -> None:
    """A later test in the same worker reads the request log: the bench, run in-process,
    once left it disabled, and two log tests found no lines."""
    main(["learn-bench", "--per", "1", "--rounds", "1"])
    assert not logging.getLogger(LOGGER_NAME).disabled
