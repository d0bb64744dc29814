"""Statuses as enums: each family's values distinct, each meaning defined once, values as JSON,
links and stored records say them."""

from __future__ import annotations

import json
from enum import StrEnum

import pytest

from webapp.explanations.hints import HintKind
from webapp.jobs.job import JobKind, JobState
from webapp.sudoku.batch_solve import RowStatus
from webapp.sudoku.generator import GenerationStatus
from webapp.sudoku.logic import PathStatus
from webapp.sudoku.result import SolveStatus
from webapp.web.pencil_board import MarkState

FAMILIES = [SolveStatus, PathStatus, RowStatus, HintKind, GenerationStatus, JobKind, JobState]


@pytest.mark.parametrize("family", [*FAMILIES, MarkState], ids=lambda family: family.__name__)
def test_each_value_means_one_member_of_its_family(family: type[StrEnum]):
    values = [member.value for member in family.__members__.values()]  # aliases included
    assert len(values) == len(set(values))


@pytest.mark.parametrize(
    ("family", "values"),
    [
        (SolveStatus, ["solved", "multiple", "no_solution", "gave_up"]),
        (RowStatus, ["solved", "multiple", "no_solution", "gave_up", "invalid"]),
        (HintKind, ["wrong", "wrong-note", "step", "out-of-reach", "busy", "solved"]),
        (GenerationStatus, ["generated", "gave_up"]),
        (JobKind, ["solve", "explain", "generate", "batch"]),
        (JobState, ["queued", "running", "done", "failed"]),
    ],
    ids=lambda family: getattr(family, "__name__", ""),
)
def test_the_values_are_what_json_links_and_stored_records_say(family, values):
    assert [member.value for member in family] == values
    assert json.loads(json.dumps(list(family))) == values


def test_a_batch_row_says_the_solvers_status_by_the_same_value():
    for status in SolveStatus:
        assert RowStatus(status) == status
