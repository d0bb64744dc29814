"""Fixtures for the web tests: the app, its clients, and the puzzles in tests/data/."""

from __future__ import annotations

import io
import sys
from typing import NamedTuple

import pytest

from webapp import create_app
from webapp.cli import main

from puzzles import data_lines


class Puzzle(NamedTuple):
    """One line of a tests/data/web_*.txt file: PUZZLE COUNT SOLUTION."""

    puzzle: str
    count: str
    solution: str

    @property
    def code(self) -> str:
        """The puzzle as a share code."""
        return self.puzzle.replace(".", "0")


def read_puzzles(kind: str) -> list[Puzzle]:
    """The puzzles of tests/data/web_<kind>.txt, comments skipped."""
    return [Puzzle(*fields) for fields in data_lines(f"web_{kind}.txt")]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run a test once per puzzle of web_<kind>.txt when it takes a `<kind>_puzzle` argument."""
    for kind in ("unique", "multiple", "impossible"):
        name = f"{kind}_puzzle"
        if name in metafunc.fixturenames:
            puzzles = read_puzzles(kind)
            metafunc.parametrize(name, puzzles, ids=[p.puzzle[:12] for p in puzzles])


@pytest.fixture
def app():
    """The app in testing mode with the default solve budget."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    """A test client for the app."""
    return app.test_client()


@pytest.fixture(scope="session")
def unique_sample() -> Puzzle:
    """One puzzle with one solution, for tests too slow to run on every puzzle."""
    return read_puzzles("unique")[0]


@pytest.fixture(scope="session")
def multiple_sample() -> Puzzle:
    """One puzzle with more than one solution, for tests too slow to run on every puzzle."""
    return read_puzzles("multiple")[0]


@pytest.fixture
def sudoku(capsys, monkeypatch):
    """Run the `sudoku` command with the given stdin: its exit status and what it printed."""

    def run(*argv: str, stdin: str = "") -> tuple[int, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(list(argv))
        return code, capsys.readouterr().out

    return run
