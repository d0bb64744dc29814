"""Where each option lives in the solver's bit layouts.

The solver treats Sudoku as exact cover. An *option* is one symbol in one
cell, numbered `cell * N + digit` (digit 0-based). A *constraint* is one of
the 4 * N * N things that must happen exactly once: a cell holds one digit,
and a row, a column and a box each hold every digit once.

The set of live options is one Python int that holds every option four
times, once per *layout*. In layout L the options are grouped by their
constraint of kind L, each group a *field* of N bits plus a spare *guard*
bit on top:

    layout 0 (cells):   field = cell,           bit = digit
    layout 1 (rows):    field = row * N + digit, bit = column
    layout 2 (columns): field = col * N + digit, bit = row
    layout 3 (boxes):   field = box * N + digit, bit = place in the box

Fields are numbered across layouts (layout L's fields come after L-1's), so
one field number names one constraint. Guard bits keep arithmetic inside
a field, which turns whole-board questions ("which constraints have no
option left? exactly one?") into a handful of big-integer operations:
naked singles (layout 0) and hidden singles (layouts 1-3) come out together.
"""

from __future__ import annotations

from functools import cache

from .shape import Shape

LAYOUTS = 4
# Beyond 16x16 the per-option masks would take hundreds of megabytes, so
# they are built from the constraint masks at each placement instead.
LARGEST_PRECOMPUTED = 16


class Bitboard:
    """The constant masks and tables the solver needs for one shape."""

    def __init__(self, shape: Shape) -> None:
        n = shape.size
        self.shape = shape
        self.n = n
        self.width = width = n + 1
        self.cells = n * n
        self.options = n * n * n
        self.constraints = LAYOUTS * n * n
        self.low = sum(1 << (f * width) for f in range(self.constraints))
        self.guards = self.low << n
        self.full = self.guards - self.low
        self.cell_guards = sum(1 << (f * width + n) for f in range(self.cells))
        self.field_mask = (1 << n) - 1

        # fields[option] = the option's four constraints; bits[option] = its four bit indexes.
        self.fields: list[tuple[int, ...]] = []
        self.bits: list[tuple[int, ...]] = []
        for row in range(n):
            for col in range(n):
                cell = row * n + col
                box = shape.box_of(row, col)
                place = (row % shape.box_rows) * shape.box_cols + col % shape.box_cols
                for digit in range(n):
                    fields_and_bits = (
                        (cell, digit),
                        (n * n + row * n + digit, col),
                        (2 * n * n + col * n + digit, row),
                        (3 * n * n + box * n + digit, place),
                    )
                    self.fields.append(tuple(f for f, _ in fields_and_bits))
                    self.bits.append(tuple(f * width + b for f, b in fields_and_bits))

        # option_at[bit index] = the option stored there (-1 on guard bits).
        self.option_at = [-1] * (self.constraints * width)
        # members[field] = mask of every option of that constraint, in all layouts.
        self.members = [0] * self.constraints
        for option, (bits, fields) in enumerate(zip(self.bits, self.fields, strict=True)):
            everywhere = sum(1 << b for b in bits)
            for bit, field in zip(bits, fields, strict=True):
                self.option_at[bit] = option
                self.members[field] |= everywhere

        self.guard = [1 << (f * width + n) for f in range(self.constraints)]
        # placements[option] = (keep, done, unrelated): AND `keep` into the live
        # options to drop the option's rivals, OR `done` into the satisfied
        # guards, AND `unrelated` (all but the option and its rivals) into a
        # pending set to forget them.
        self.placements: list[tuple[int, int, int]] | _PlacementsOnDemand
        if n <= LARGEST_PRECOMPUTED:
            self.placements = [self.build_placement(o) for o in range(self.options)]
        else:
            self.placements = _PlacementsOnDemand(self)

    def build_placement(self, option: int) -> tuple[int, int, int]:
        """The (keep, done, unrelated) masks that place `option`."""
        # Written out flat: on 25x25 grids this runs at every placement.
        f0, f1, f2, f3 = self.fields[option]
        b0, b1, b2, b3 = self.bits[option]
        members, guard = self.members, self.guard
        touched = members[f0] | members[f1] | members[f2] | members[f3]
        own = (1 << b0) | (1 << b1) | (1 << b2) | (1 << b3)
        unrelated = self.full ^ touched
        return unrelated ^ own, guard[f0] | guard[f1] | guard[f2] | guard[f3], unrelated

    def field_options(self, field: int, alive: int) -> list[int]:
        """The options still alive in one constraint, lowest bit first."""
        base = field * self.width
        bits = (alive >> base) & self.field_mask
        found = []
        while bits:
            low = bits & -bits
            found.append(self.option_at[base + low.bit_length() - 1])
            bits ^= low
        return found


class _PlacementsOnDemand:
    """Placement masks built when asked for, for shapes too big to hold them all."""

    def __init__(self, board: Bitboard) -> None:
        self.board = board

    def __getitem__(self, option: int) -> tuple[int, int, int]:
        return self.board.build_placement(option)


@cache
def bitboard_for(shape: Shape) -> Bitboard:
    """The bitboard of a shape, built once per process."""
    return Bitboard(shape)
