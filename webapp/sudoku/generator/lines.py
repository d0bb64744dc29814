"""Lines of a lined kind drawn through a solution grid, so that a puzzle's lines hold on its
answer before any given is carved (a thermometer's digits rise along it from its bulb).

A puzzle a person enjoys has a handful of lines of a few cells each, not a web of them: an
attempt draws LINES_PER_PUZZLE of SHORTEST to LONGEST cells, none sharing a cell with
another, none crossing a diagonal step (two lines that cross look like one), none folding
back beside its own earlier cells (a zigzag through a block of cells is hard to follow). Each
is a walk from a random free cell through neighbours (by a side or a corner), its next cell
tried in a random order, kept only while the kind's own pairs of the line (rulebook.py:
`line_pairs`, each cell and the next by default; a palindrome's mirror places, a renban's
every two) hold its `chain` on the answer's digits at the length drawn. That is the kind's
rule itself, so any kind with a `chain` is drawn the same way: German whispers and renban
lines as well as thermometers, and palindromes, whose pairs close only as the walk reaches
their mirror places. The walks are bounded by nodes, not time, so a seed draws the same
lines everywhere.
"""

from __future__ import annotations

from ..grid import Grid
from ..rulebook import RULE_KINDS, Line, RuleKind
from .seeded import SeededRandom

# How many lines an attempt draws, and how long each is (drawn for each line). Over 30 seeds
# a level, thermometers of 3-6 cells (5-8 lines) left 19.9 givens at medium and 18.6 at hard,
# of 4-6 cells (6-9 lines) 16.1 and 16.8: longer lines tell more, so fewer givens are left.
LINES_PER_PUZZLE = (6, 9)
SHORTEST, LONGEST = 4, 6
# How many starts an attempt tries for its lines, and the nodes a walk from one may take.
STARTS = 40
WALK_NODES = 200


def draw_lines(solution: Grid, letter: str, random: SeededRandom) -> tuple[Line, ...]:
    """The lines of lined kind `letter` an attempt draws through `solution` (see the module):
    as many as LINES_PER_PUZZLE draws, fewer where STARTS starts find no more."""
    kind = RULE_KINDS[letter]
    least, most = LINES_PER_PUZZLE
    wanted = least + random.below(most - least + 1)
    drawing = Drawing(solution, kind)
    lines: list[Line] = []
    for _ in range(STARTS):
        if len(lines) == wanted:
            break
        length = SHORTEST + random.below(LONGEST - SHORTEST + 1)
        free = [cell for cell in range(solution.shape.cell_count) if cell not in drawing.taken]
        if not free:
            break
        cells = drawing.walk(random.choice(free), length, random)
        if cells is not None:
            drawing.take(cells)
            lines.append(Line(letter, cells))
    return tuple(lines)


class Drawing:
    """The cells and diagonal steps the lines drawn so far take, and walks for more."""

    def __init__(self, solution: Grid, kind: RuleKind) -> None:
        assert kind.chain is not None, f"{kind.name} lines have no chain to draw them by"
        self.solution = solution
        self.kind = kind
        self.size = solution.shape.size
        self.taken: set[int] = set()
        self.crossed: set[frozenset[int]] = set()  # the other diagonal of each diagonal step

    def take(self, cells: tuple[int, ...]) -> None:
        """Keep `cells` as a drawn line: no other line may use them or cross its steps."""
        self.taken.update(cells)
        for one, other in zip(cells, cells[1:], strict=False):
            (row, col), (other_row, other_col) = divmod(one, self.size), divmod(other, self.size)
            if row != other_row and col != other_col:
                self.crossed.add(
                    frozenset((row * self.size + other_col, other_row * self.size + col))
                )

    def onward(self, cell: int, walked: list[int]) -> list[int]:
        """The cells a line at `cell` may go on to: free neighbours not yet on it that do not
        fold it back on itself, whose step crosses no line's diagonal step (`walked`: the
        line's cells so far)."""
        row, col = divmod(cell, self.size)
        found = []
        for down in (-1, 0, 1):
            for across in (-1, 0, 1):
                next_row, next_col = row + down, col + across
                if (down, across) == (0, 0) or not (
                    0 <= next_row < self.size and 0 <= next_col < self.size
                ):
                    continue
                other = next_row * self.size + next_col
                if other in self.taken or other in walked or self.folds(other, walked):
                    continue
                if down and across and self.crosses(cell, other, walked):
                    continue
                found.append(other)
        return found

    def folds(self, other: int, walked: list[int]) -> bool:
        """Whether a line `walked` so far would fold back on itself by going on to `other`:
        `other` is beside or above or below one of its cells before its last (a line that
        zigzags through a block of cells reads as several lines, or none)."""
        row, col = divmod(other, self.size)
        return any(
            abs(row - cell // self.size) + abs(col - cell % self.size) == 1 for cell in walked[:-1]
        )

    def crosses(self, cell: int, other: int, walked: list[int]) -> bool:
        """Whether a diagonal step from `cell` to `other` crosses a drawn line's step or one
        of the line being `walked`."""
        if frozenset((cell, other)) in self.crossed:
            return True
        (row, col), (other_row, other_col) = divmod(cell, self.size), divmod(other, self.size)
        corners = (row * self.size + other_col, other_row * self.size + col)
        return any(
            {one, after} == set(corners) for one, after in zip(walked, walked[1:], strict=False)
        )

    def shuffled(self, cell: int, walked: list[int], random: SeededRandom) -> list[int]:
        """The cells a line at `cell` may go on to (onward), in a random order."""
        found = self.onward(cell, walked)
        random.shuffle(found)
        return found

    def walk(self, start: int, length: int, random: SeededRandom) -> tuple[int, ...] | None:
        """A line of `length` cells from `start` whose kind's pairs hold on the solution, found
        depth first within WALK_NODES nodes; None when none is found in them."""
        if start in self.taken:
            return None
        kind, digits, size = self.kind, self.solution.cells, self.size
        chain = kind.chain
        assert chain is not None
        # The pairs of places along the line the kind relates, by the later place of each.
        closing: list[list[tuple[int, int]]] = [[] for _ in range(length)]
        for nearer, further in kind.line_pairs(tuple(range(length))):
            closing[max(nearer, further)].append((nearer, further))
        walked = [start]
        nodes = WALK_NODES
        ways = [self.shuffled(start, walked, random)]
        while ways:
            if len(walked) == length:
                cells = tuple(walked)
                problem = kind.line_problem
                if problem is None or problem(size, cells) is None:
                    return cells
                walked.pop()
                ways.pop()
                continue
            if nodes == 0:
                return None
            if not ways[-1]:  # no way on from its last cell: back up one
                walked.pop()
                ways.pop()
                continue
            nodes -= 1
            walked.append(ways[-1].pop())
            place = len(walked) - 1
            if all(
                chain(size, length, digits[walked[nearer]], digits[walked[further]])
                for nearer, further in closing[place]
            ):
                ways.append(self.shuffled(walked[-1], walked, random))
            else:
                walked.pop()
        return None
