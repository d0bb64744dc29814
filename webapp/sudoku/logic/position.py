"""A position for human-style solving: the grid, plus each open cell's candidates.

Candidates are pencil marks: the values a cell may still hold. A value is a
bit in a cell's mask (bit v for value v, 1..N). A solved cell's mask is 0
and its value is in `values`. A Position is a value: applying a step gives a
new Position, so a path can keep every position it passed through.

`unique` says the puzzle is known to have exactly one solution (proven by the
exact solver, or asserted by whoever pasted the position): only then may the
uniqueness techniques reason from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from ..geometry import Geometry, Unit
from ..grid import Grid
from ..puzzle import Puzzle
from ..rulebook import uniqueness_sound

Candidate = tuple[int, int]  # (cell, value)


def bits_of(mask: int) -> tuple[int, ...]:
    """The bits set in a mask (a cell's candidates, or a set of cells), lowest first."""
    if mask < _SMALL:
        return _SMALL_BITS[mask]  # a 9x9 cell's candidates: asked for over and over
    return _bits(mask)


def _bits(mask: int) -> tuple[int, ...]:
    """bits_of, worked out."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return tuple(found)


_SMALL = 1 << 10
_SMALL_BITS = tuple(_bits(mask) for mask in range(_SMALL))


@dataclass(frozen=True)
class Position:
    """A puzzle's filled values and its open cells' candidates (its notes), under the
    puzzle's rules."""

    puzzle: Puzzle
    values: tuple[int, ...]  # 0 for an open cell
    candidates: tuple[int, ...]  # masks, 0 for a filled cell
    unique: bool = False  # known to have exactly one solution

    def __post_init__(self) -> None:
        # Uniqueness techniques reason from the units alone: a deadly pattern a Killer's
        # cage sums or a pair rule break (two digits swapped a knight's move from their
        # twins) is no deadly pattern, so they never run on a puzzle with either, nor with
        # marks (two digits swapped across a Kropki dot need not keep it), nor with lines
        # (two digits swapped on a thermometer need not rise), nor with marked cells (an odd
        # digit swapped into an even cell).
        rules = self.puzzle.rules
        letters = rules.extras + tuple(each.letter for each in rules.marks)
        letters += tuple(each.letter for each in rules.lines)
        letters += tuple(each.letter for each in rules.cells)
        if self.unique and (rules.cages or not uniqueness_sound(letters)):
            object.__setattr__(self, "unique", False)

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle, unique: bool = False) -> Position:
        """The givens placed and every other cell's candidates: the values no peer holds."""
        return cls.of_values(puzzle, puzzle.cells, unique)

    @classmethod
    def of_values(cls, puzzle: Puzzle, values: tuple[int, ...], unique: bool = False) -> Position:
        """`values` (the givens and a player's entries) on `puzzle`, every open cell's
        candidates the values no peer holds."""
        geometry = puzzle.geometry
        full = ((1 << puzzle.size) - 1) << 1
        masks = []
        for cell, value in enumerate(values):
            if value:
                masks.append(0)
                continue
            taken = 0
            for peer in geometry.peers[cell]:
                taken |= 1 << values[peer]
            masks.append(full & ~taken)
        return cls(puzzle, tuple(values), tuple(masks), unique)

    @cached_property
    def geometry(self) -> Geometry:
        """The puzzle's units."""
        return self.puzzle.geometry

    @property
    def size(self) -> int:
        """The side length N."""
        return self.geometry.shape.size

    @property
    def grid(self) -> Grid:
        """The filled values as a Grid."""
        return Grid(self.geometry.shape, self.values)

    @property
    def is_solved(self) -> bool:
        """True when every cell holds a value."""
        return all(self.values)

    def has(self, cell: int, value: int) -> bool:
        """True when `value` is a candidate of `cell`."""
        return bool(self.candidates[cell] >> value & 1)

    def places(self, unit: Unit, value: int) -> list[int]:
        """The cells of `unit` where `value` is still a candidate."""
        candidates, bit = self.candidates, 1 << value
        return [cell for cell in unit.cells if candidates[cell] & bit]

    def holds(self, unit: Unit, value: int) -> bool:
        """True when some cell of `unit` already holds `value`."""
        return bool(self.placed_cells[value] & unit.mask)

    @cached_property
    def open_cells(self) -> int:
        """The cells with no value yet, as one int (bit c for cell c)."""
        found = 0
        for cell, value in enumerate(self.values):
            if not value:
                found |= 1 << cell
        return found

    @cached_property
    def value_cells(self) -> tuple[int, ...]:
        """For each value (index 0 unused), the cells that have it as a candidate, as one
        int with bit `cell` set: a unit's places for it are this AND the unit's mask."""
        found = [0] * (self.size + 1)
        for cell, mask in enumerate(self.candidates):
            while mask:
                low = mask & -mask
                found[low.bit_length() - 1] |= 1 << cell
                mask ^= low
        return tuple(found)

    @cached_property
    def placed_cells(self) -> tuple[int, ...]:
        """For each value (index 0 unused), the cells that hold it, as one int as in
        `value_cells`."""
        found = [0] * (self.size + 1)
        for cell, value in enumerate(self.values):
            found[value] |= 1 << cell
        found[0] = 0
        return tuple(found)

    @cached_property
    def cells_by_count(self) -> tuple[int, ...]:
        """For each count k (0 to N), the cells with exactly k candidates, as one int as in
        `open_cells` (k = 0: the filled cells)."""
        found = [0] * (self.size + 1)
        for cell, mask in enumerate(self.candidates):
            found[mask.bit_count()] |= 1 << cell
        return tuple(found)

    def cells_with(self, fewest: int, most: int) -> int:
        """The cells with `fewest` to `most` candidates, as one int as in `open_cells`."""
        found = 0
        for cells in self.cells_by_count[fewest : most + 1]:
            found |= cells
        return found

    @cached_property
    def unit_states(self) -> tuple[tuple[int, ...], ...]:
        """For each unit (in the geometry's order), its cells' candidate masks and then their
        values: everything a search inside one unit reads."""
        candidates, values = self.candidates, self.values
        return tuple(cells(candidates) + cells(values) for cells in self.geometry.unit_readers)

    def place(self, placements: Iterable[Candidate]) -> Position:
        """Fill cells, and remove each value from its cell's peers' candidates."""
        values, masks = list(self.values), list(self.candidates)
        # the masks worked out for this position, brought up to date rather than redone
        known = self.__dict__
        by_value = list(known["value_cells"]) if "value_cells" in known else None
        placed = list(known["placed_cells"]) if "placed_cells" in known else None
        open_cells = known.get("open_cells")
        peer_masks = self.geometry.peer_masks
        for cell, value in placements:
            bit = 1 << cell
            if by_value is not None:
                for other in range(1, len(by_value)):
                    by_value[other] &= ~bit
                by_value[value] &= ~peer_masks[cell]
            if placed is not None:
                placed[values[cell]] &= ~bit
                placed[value] |= bit
                placed[0] = 0
            if open_cells is not None:
                open_cells &= ~bit
            values[cell] = value
            masks[cell] = 0
            for peer in self.geometry.peers[cell]:
                masks[peer] &= ~(1 << value)
        return self._with(values, masks, by_value, placed, open_cells)

    def _with(
        self,
        values: Sequence[int],
        masks: Sequence[int],
        by_value: Sequence[int] | None,
        placed: Sequence[int] | None,
        open_cells: int | None,
    ) -> Position:
        """A new position of `values` and `masks`, given whichever of its masks are known."""
        position = Position(self.puzzle, tuple(values), tuple(masks), self.unique)
        known = position.__dict__  # where cached_property keeps what it worked out
        if by_value is not None:
            known["value_cells"] = tuple(by_value)
        if placed is not None:
            known["placed_cells"] = tuple(placed)
        if open_cells is not None:
            known["open_cells"] = open_cells
        return position

    def assuming_unique(self) -> Position:
        """The same position, known (or asserted) to have exactly one solution."""
        return Position(self.puzzle, self.values, self.candidates, True)

    def eliminate(self, eliminations: Iterable[Candidate]) -> Position:
        """Remove candidates."""
        masks = list(self.candidates)
        known = self.__dict__
        by_value = list(known["value_cells"]) if "value_cells" in known else None
        for cell, value in eliminations:
            masks[cell] &= ~(1 << value)
            if by_value is not None:
                by_value[value] &= ~(1 << cell)
        placed = known.get("placed_cells")
        return self._with(
            self.values,
            masks,
            by_value,
            placed,
            known.get("open_cells"),
        )
