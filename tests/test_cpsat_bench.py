"""The CP-SAT benchmark's own side (deploy/cpsat_bench.py), run without OR-Tools: our solver's
figures in a table of one row a rule, both solvers' answers compared when a second solver
is there, and a plain message when OR-Tools is missing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
import cpsat_bench  # noqa: E402
from cpsat_bench import COLUMNS, MISSING, Answer, Puzzle, agree, measure, ours, table  # noqa: E402

from webapp.sudoku import Rules  # noqa: E402

ROOT = Path(__file__).parent.parent
# Importing OR-Tools fails in the child, as on a machine without the bench extra.
WITHOUT_ORTOOLS = (
    "import sys; sys.modules['ortools'] = None; sys.path.insert(0, 'deploy');"
    " import cpsat_bench; sys.exit(cpsat_bench.main(['--count', '1']))"
)


@pytest.fixture(scope="module")
def run_without_ortools() -> subprocess.CompletedProcess[str]:
    """The command run on one puzzle a rule where OR-Tools cannot be imported."""
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_ORTOOLS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )


def _killers() -> list[Puzzle]:
    return cpsat_bench.file_puzzles("killer_9x9_medium.txt", 3)


def _as_classic(puzzle: Puzzle) -> Answer:
    """Our solver on the puzzle's grid under classic rules: a real solver of another
    question, whose answers must be told apart."""
    return ours(Puzzle(puzzle.grid, Rules()))


def test_without_ortools_the_command_says_so(run_without_ortools) -> None:
    assert MISSING in run_without_ortools.stderr


def test_without_ortools_every_rule_has_a_row_of_our_figures(run_without_ortools) -> None:
    rows = [line for line in run_without_ortools.stdout.splitlines() if line.startswith("| ")]
    kinds = (
        cpsat_bench.PAIR_KINDS,
        cpsat_bench.MARKED_KINDS,
        cpsat_bench.LINED_KINDS,
        cpsat_bench.SUM_LINED_KINDS,
        cpsat_bench.CELLED_KINDS,
        cpsat_bench.REAL_KINDS,
        cpsat_bench.OUTSIDE_KINDS,
    )
    rules = len(cpsat_bench.FILES) + sum(map(len, kinds))
    assert len(rows) == 1 + rules  # the header's


def test_a_row_has_a_cell_for_every_column() -> None:
    lines = table([measure("killer", _killers(), ours, None)])
    assert [line.count("|") - 1 for line in lines] == [len(COLUMNS)] * 3


def test_a_row_without_a_second_solver_leaves_its_columns_empty() -> None:
    row = table([measure("killer", _killers(), ours, None)])[-1]
    assert row.endswith("| - | - | - | - |")


def test_a_second_solver_that_agrees_differs_on_none() -> None:
    assert measure("killer", _killers(), ours, ours).differ == 0


def test_a_second_solver_that_answers_otherwise_differs_on_each_puzzle() -> None:
    # The Killers' grids are empty: under classic rules each has many solutions.
    assert measure("killer", _killers(), ours, _as_classic).differ == 3


def test_with_each_every_puzzles_times_are_said_in_turn(capsys) -> None:
    measure("killer", _killers(), ours, ours, each=True)
    said = capsys.readouterr().err.splitlines()
    assert [line.partition(": ours ")[0] for line in said] == [
        f"killer: puzzle {place}" for place in (1, 2, 3)
    ]


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        (Answer(1, (1, 2), 0.0), Answer(1, (1, 2), 5.0), True),
        (Answer(1, (1, 2), 0.0), Answer(1, (2, 1), 0.0), False),
        (Answer(2, (1, 2), 0.0), Answer(2, (2, 1), 0.0), True),
        (Answer(2, (1, 2), 0.0), Answer(1, (1, 2), 0.0), False),
        (Answer(0, None, 0.0), Answer(0, None, 0.0), True),
        (Answer(None, None, 0.0), Answer(None, None, 0.0), False),
    ],
)
def test_answers_agree_on_their_count_and_a_unique_solution(one, other, same) -> None:
    assert agree(one, other) is same
