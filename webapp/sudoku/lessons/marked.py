"""Marked puzzles for the practice bank: a classic puzzle given the marks its answer holds.

The bank's sources are puzzles without marks, and the generator makes none with Kropki dots
or XV marks; but a classic puzzle's answer holds, between its side-by-side cells, a white
dot's relation (one apart), a black dot's (one double the other), an X's (sum ten) or a V's
(sum five) wherever its digits do. Given every such mark of some kinds ("all given", as
Kropki and XV puzzles are set), the puzzle keeps its one answer, and once its singles run
out its marks' own step (a related pair, logic/relations.py) is often the easiest: positions
to practise it on, found by the engine as every other practice position is.
"""

from __future__ import annotations

from ..grid import Grid
from ..marks import edges
from ..puzzle import Puzzle, Rules
from ..rulebook import RULE_KINDS, MarkedPairs

# The sets of mark kinds a marked source is given, in turn by its number: the two families
# a player meets (Kropki's white and black dots, XV's X and V).
MARK_SETS = ("WB", "XV")


def marked(puzzle: Puzzle, answer: Grid, letters: str) -> Puzzle:
    """`puzzle` (a classic one, whose one answer is `answer`) with every mark of the kinds
    `letters` that `answer` holds, all given."""
    size = puzzle.size
    digits = answer.cells
    marks = []
    for letter in letters:
        holds = RULE_KINDS[letter].holds
        if holds is None:
            raise ValueError(f"{letter} is not a marked kind")
        pairs = tuple(pair for pair in edges(size) if holds(digits[pair[0]], digits[pair[1]]))
        marks.append(MarkedPairs(letter, pairs, True))
    return Puzzle(puzzle.grid, Rules(marks=tuple(marks), mark_size=size))
