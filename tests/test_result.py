"""The status a search's outcome maps to."""

import pytest

from webapp.sudoku.result import GAVE_UP, MULTIPLE, NO_SOLUTION, SOLVED, status_for


@pytest.mark.parametrize(
    ("found", "gave_up", "status"),
    [
        (0, False, NO_SOLUTION),
        (1, False, SOLVED),
        (2, False, MULTIPLE),
        (7, False, MULTIPLE),
        # Running out of budget never turns into "no solution" or "solved"...
        (0, True, GAVE_UP),
        (1, True, GAVE_UP),
        # ...but two solutions prove "more than one" whatever happened next.
        (2, True, MULTIPLE),
    ],
)
def test_status_for(found: int, gave_up: bool, status: str) -> None:
    assert status_for(found, gave_up) == status
