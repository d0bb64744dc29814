"""A marked puzzle's marks, all given: every side-by-side pair of a solution whose digits a
marked kind's relation holds gets that kind's mark (a Kropki white dot where they differ by
1, a black dot where one is double the other), so its rules say "all given" and the
unmarked pairs tell as much as the marked ones.

A pair two kinds of one family would both mark (a 1 beside a 2: one apart and double) gets
the mark of the kind listed last (Kropki's black dot), since a pair with a mark of its
family is not unmarked for the other (rulebook.py).
"""

from __future__ import annotations

from ..grid import Grid
from ..puzzle import Rules
from ..rulebook import RULE_KINDS, MarkedPairs, Pair, orthogonal_pairs


def all_marks(solution: Grid, letters: tuple[str, ...], extras: tuple[str, ...] = ()) -> Rules:
    """The rules (`extras` and the marks of the marked kinds `letters`) of a puzzle whose
    every mark `solution` implies is given."""
    cells = solution.cells
    taken: set[Pair] = set()
    marks = []
    for letter in reversed(letters):
        holds = RULE_KINDS[letter].holds
        assert holds is not None, f"{letter} is not a marked kind"
        pairs = tuple(
            (low, high)
            for low, high in orthogonal_pairs(solution.shape)
            if (low, high) not in taken and holds(cells[low], cells[high])
        )
        taken.update(pairs)
        marks.append(MarkedPairs(letter, pairs, all_given=True))
    return Rules(extras, marks=tuple(marks), mark_size=solution.shape.size)
