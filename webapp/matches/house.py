"""The house seat's play: the product's own engine solves each round's puzzle as it is sent,
within a budget of work, and its answer is kept and judged as any bot's (store.py). Only the
house player (house_player.py, in the job consumer) solves, never an app request.

The house answers `house_ms` after the round starts (the host's handicap), or when its solve
ended if that is later: its time is its own solve's, as if begun when the puzzle was sent. A
solve that ends without an answer within the budget (a puzzle too hard for it) leaves the
house silent in that round, as a bot that found nothing.
"""

from __future__ import annotations

from ..sudoku import MULTIPLE, NO_SOLUTION, SOLVED, Budget, solve
from .setting import AnswerKind, RoundPuzzle

# The house's work a round: the engine's own default, about a second on an idle core.
HOUSE_BUDGET = Budget()


def house_answer(
    expected: RoundPuzzle, budget: Budget
) -> tuple[AnswerKind, tuple[int, ...] | None] | None:
    """What the engine answers to `expected`'s puzzle within `budget`: its kind and the grid's
    cells for a solution; None when it found no answer in time."""
    result = solve(expected.puzzle, max_solutions=2, budget=budget)
    if result.status == SOLVED and result.solution is not None:
        return AnswerKind.SOLUTION, result.solution.cells
    if result.status == MULTIPLE:
        return AnswerKind.MANY, None
    if result.status == NO_SOLUTION:
        return AnswerKind.NO_SOLUTION, None
    return None
