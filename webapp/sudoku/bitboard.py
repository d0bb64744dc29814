"""Where each option lives in the solver's bit layouts, built from the geometry's units.

The solver treats Sudoku as exact cover. An *option* is one symbol in one
cell, numbered `cell * N + digit` (digit 0-based). A *constraint* is one of
the things that must happen exactly once: each cell holds one digit, and
each unit of the geometry (geometry.py) holds every digit once.

The set of live options is one Python int that holds every option several
times, once per *layout*: the cell layout, then one layout per kind of unit.
In each, options are grouped by constraint, each group a *field* of N bits
plus a spare *guard* bit on top:

    cells:        field = cell,                      bit = digit
    each unit u:  field = N*N + u * N + digit,       bit = the cell's place in u

For the standard geometry (rows, columns, boxes) that is a row's fields,
then a column's, then a box's, four copies of each option. A kind of unit
may cover only some cells (a diagonal covers N of them), and a cell may lie
in two units of one kind (the centre of X-Sudoku): an option has one bit per
unit its cell is in, plus its cell bit. Fields are numbered across layouts,
so one field number names one constraint. Guard bits keep arithmetic inside
a field, which turns whole-board questions ("which constraints have no
option left? exactly one?") into a handful of big-integer operations: naked
singles (cells) and hidden singles (units) come out together.

A Killer's cage with a sum joins the exact cover as Dirk Laurie encodes it (lua-sudoku,
theory.html). Each way of making the sum (a *combination*, cages.py) is an option of
its own, numbered after the N*N*N cell options, and the cage adds N + 1 constraints:

    cage k, digit d:  field = C + k * (N + 1) + d,   bit = the cell's place in the cage,
                      or (cage size + i) for the i-th combination without d
    cage k:           field = C + k * (N + 1) + N,   bit = j for combination j

(C is the number of cell and unit fields). A cell option covers "cage k has digit d";
combination j covers "cage k" and "cage k has digit d" for every digit d it lacks. So
exactly one combination is chosen, each of its digits lands in exactly one cell of the
cage and no other digit does: the cage's digits differ and add up to its sum. Fields
then hold more than N bits: every field is `span` bits wide, the widest constraint's
options (a combination has a bit only where it lacks the digit, so a cage's digit fields
are as wide as its cells and its combinations without the digit: a wide board makes every
operation of the search slower). A cage without a sum has no constraint: placing a digit
in it removes the same digit from the rest of the cage, as a peer's would. So does a
pair of cells a rule kind makes differ (geometry.py: anti-knight's cells a knight's move
apart): placing a digit in one cell removes it from the other; and a relation's pair
(non-consecutive's neighbours) the same way, digit by digit: placing a digit removes from
the other cell the digits the relation forbids beside it.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Protocol, overload

from .cage_sums import CageSums
from .cages import combinations
from .geometry import Geometry, Relation, Unit, per_geometry, standard_geometry
from .line_rules import RuleNarrowing
from .relation_narrowing import RelationNarrowing
from .sum_lines import KEPT, SumNarrowing

# Beyond 16x16 the per-option masks would take hundreds of megabytes, so
# they are built from the constraint masks at each placement instead.
LARGEST_PRECOMPUTED = 16
# Boards are kept per geometry (geometry.per_geometry) within the engine's byte budget for
# such tables, each weighing table_bytes: every Jigsaw map is a geometry of its own, and a
# stream of new maps must not keep a board of each.


class Bitboard:
    """The constant masks and tables the solver needs for one geometry."""

    def __init__(self, geometry: Geometry) -> None:
        shape = geometry.shape
        n = shape.size
        self.geometry = geometry
        self.shape = shape
        self.n = n
        self.cells = n * n
        # The cages with sums (by number in geometry.cages) and their combinations.
        summed = [k for k, total in enumerate(geometry.cage_totals) if total is not None]
        self.span = span = max(
            [n] + [_cage_span(n, len(geometry.cages[k]), geometry.cage_totals[k]) for k in summed]
        )
        self.width = width = span + 1
        # Options: the cell options (cell * N + digit), `options` of them, then each
        # cage's combinations.
        self.options = n * n * n
        first_cage_field = n * n + len(geometry.units) * n
        self.constraints = first_cage_field + len(summed) * (n + 1)

        # A bit at the foot of each of the first `count` fields: (2^(count*width) - 1) /
        # (2^width - 1), one division where adding each field's bit was hundreds of them.
        def feet(count: int) -> int:
            return ((1 << (count * width)) - 1) // ((1 << width) - 1)

        self.low = feet(self.constraints)
        self.guards = self.low << span
        self.full = self.guards - self.low
        self.cell_guards = feet(self.cells) << span
        self.field_mask = (1 << span) - 1

        # The cells' and units' part, the same for every board of these units this wide
        # (UnitLayout), then each summed cage's: its digit fields, in each of its cells'
        # rows and unit bits. fields[option] = the option's constraints; bits[option] = its
        # bit indexes: digit 1's rows for each cell (its cell's field and bit, then its
        # units' and its summed cage's), digit d's each but the cell's field d fields up; a
        # Killer's are worked out when asked for (OptionRows), as its board places few of
        # its options, and listed for the boards that serve many puzzles.
        units = unit_layout(geometry.units, n, width)
        # option_at[bit index] = the option stored there (-1 on guard bits).
        self.option_at = option_at = list(units.option_at)
        option_at += [-1] * ((self.constraints - first_cage_field) * width)
        first_fields, first_bits = list(units.first_fields), list(units.first_bits)
        self.unit_bits = list(units.unit_bits)
        cage_bits = [0] * self.cells  # each cell's digit 1 bit in its summed cage's fields
        for rank, k in enumerate(summed):
            base, cells = first_cage_field + rank * (n + 1), geometry.cages[k]
            for place, cell in enumerate(cells):
                first_fields[cell] += (base,)
                first_bits[cell] += (base * width + place,)
                cage_bits[cell] = 1 << (base * width + place)
                self.unit_bits[cell] |= cage_bits[cell]
            digit_1 = [cell * n for cell in cells]
            for digit in range(n):
                at = (base + digit) * width
                option_at[at : at + len(cells)] = [option + digit for option in digit_1]
        # Each cage's combinations: their rows and masks read off the cage's shape's
        # (cage_layout), moved to its fields.
        combination_fields: list[tuple[int, tuple[int, ...]]] = []
        combination_bits: list[tuple[int, tuple[int, ...]]] = []
        combination_members: list[tuple[tuple[int, ...], int]] = []
        option = self.options
        for rank, k in enumerate(summed):
            base, size = first_cage_field + rank * (n + 1), len(geometry.cages[k])
            layout = cage_layout(n, size, geometry.cage_totals[k], width)
            combination_fields += [(base, fields) for fields in layout.fields]
            combination_bits += [(base * width, bits) for bits in layout.bits]
            for digit, lacking in enumerate(layout.lacking):
                at = (base + digit) * width + size
                option_at[at : at + len(lacking)] = [option + j for j in lacking]
            at = (base + n) * width
            option_at[at : at + len(layout.fields)] = range(option, option + len(layout.fields))
            combination_members.append((layout.members, base * width))
            option += len(layout.fields)
        # members[field] = mask of every option of that constraint, in all layouts: a
        # Killer's worked out when a placement first asks, the others' listed now.
        members = FieldMembers(
            self, units, cage_bits, [geometry.cages[k] for k in summed], combination_members
        )
        self.members: FieldMembers | list[int] = members
        if not summed:
            self.members = [members[field] for field in range(self.constraints)]
        self.fields: Sequence[tuple[int, ...]] = OptionRows(
            n, 0, 1, first_fields, combination_fields
        )
        self.bits: Sequence[tuple[int, ...]] = OptionRows(n, 1, width, first_bits, combination_bits)
        if not summed:  # a board that serves many puzzles: its rows listed, a list's speed
            self.fields, self.bits = list(self.fields), list(self.bits)
        # mates[option] = the same digit's options in the rest of a cage without a sum
        # (a cage with one rules them out through its "cage k, digit d" constraint) and in
        # the cells the option's cell is paired with.
        mates = [0] * option
        for k, cage in enumerate(geometry.cages):
            if geometry.cage_totals[k] is None:
                for cell in cage:
                    for digit in range(n):
                        mates[cell * n + digit] |= sum(
                            1 << bit
                            for other in cage
                            if other != cell
                            for bit in self.bits[other * n + digit]
                        )
        self.pair_up(mates, geometry.cell_pairs)
        self.relate(mates, geometry.relations)
        self.mates: Mates = mates

        # Every option alive, where a search starts: `full` on boards whose fields are all
        # full (no cages), fewer bits where a field is wider than its options.
        # Each option is in its cell's constraint or its cage's (a combination).
        # Each cell's options in every layout (as the cells' members hold them, a digit's
        # unit bits d fields up, no carries: each cell's bits are its own), then each cage's
        # combinations.
        spread = sum(1 << (digit * width) for digit in range(n))
        self.start = ((1 << n) - 1) * feet(self.cells) | sum(self.unit_bits) * spread
        for found, shift in combination_members:
            self.start |= found[n] << shift
        self.bar(geometry.barred)
        self.guard = [1 << (f * width + span) for f in range(self.constraints)]
        # placements[option] = (keep, done, unrelated): AND `keep` into the live
        # options to drop the option's rivals, OR `done` into the satisfied
        # guards, AND `unrelated` (all but the option and its rivals) into a
        # pending set to forget them.
        self.placements: list[tuple[int, int, int]] | _PlacementsOnDemand
        # A Killer's board serves one puzzle, often one solve, and so does a board of a
        # puzzle's own marks (Kropki dots, XV): its masks are built as the search places
        # options, and kept (most of them are never placed); beyond 16x16 they are not
        # kept, as for every board that size.
        if (geometry.cages or geometry.marks) and n <= LARGEST_PRECOMPUTED:
            self.placements = _PlacementsOnDemand(self, keep=True)
        elif n <= LARGEST_PRECOMPUTED:
            self.placements = [self.build_placement(o) for o in range(len(self.fields))]
        else:
            self.placements = _PlacementsOnDemand(self)

    def bar(self, barred: tuple[tuple[int, tuple[int, ...]], ...]) -> None:
        """Take out of the search's start the options of the digits a marked cell may not hold
        (geometry.barred: an even cell's odd digits), in every layout: the search, the counts
        and the SAT solver, which starts from a search's state, never see them."""
        for cell, digits in barred:
            for digit in digits:
                for bit in self.bits[cell * self.n + digit - 1]:
                    self.start &= ~(1 << bit)

    def pair_up(self, mates: list[int], cell_pairs: tuple[tuple[int, ...], ...]) -> None:
        """Add to the options' `mates` the same digit's options in the cells each cell is
        paired with (`cell_pairs`, by cell: geometry.cell_pairs): for digit 1 their bits in
        the cell layout and their unit bits, for digit d the same d - 1 fields up."""
        n, width, unit_bits = self.n, self.width, self.unit_bits
        for cell, others in enumerate(cell_pairs):
            if others:
                in_cells = in_units = 0
                for other in others:
                    in_cells |= 1 << (other * width)
                    in_units |= unit_bits[other]
                for digit in range(n):
                    mates[cell * n + digit] |= (in_cells << digit) | (in_units << (digit * width))

    def relate(self, mates: list[int], relations: tuple[Relation, ...]) -> None:
        """Add to the options' `mates` the partner options `relations` rule out."""
        n = self.n
        # A relation's digits a cell's digit rules out in its partner are the same for each
        # of its pairs, so the partner's options in every layout are OR-ed once per cell and
        # set of digits: OR-ing in each bit of each pair was most of a marked board's making.
        ruled: dict[tuple[int, frozenset[int]], int] = {}
        width, unit_bits = self.width, self.unit_bits

        def options_of(cell: int, digits: frozenset[int]) -> int:
            """Every bit of `cell`'s options for `digits` (1-based): digit 1's bits in the
            cell layout and the units', digit d's d - 1 fields up."""
            key = (cell, digits)
            if key not in ruled:
                in_cell, in_units = 1 << (cell * width), unit_bits[cell]
                found = 0
                for digit in digits:
                    found |= (in_cell << (digit - 1)) | (in_units << ((digit - 1) * width))
                ruled[key] = found
            return ruled[key]

        for relation in relations:
            by_first, by_second = _ruled_out(relation, n)
            for first, second in relation.pairs:
                for digit in range(1, n + 1):
                    if by_first[digit]:
                        mates[first * n + digit - 1] |= options_of(second, by_first[digit])
                    if by_second[digit]:
                        mates[second * n + digit - 1] |= options_of(first, by_second[digit])

    @cached_property
    def cage_sums(self) -> CageSums | None:
        """The narrowing of the board's cages with sums the search runs at each node (None
        without such cages), built the first time a search asks."""
        if not any(total is not None for total in self.geometry.cage_totals):
            return None
        return CageSums(self)

    @cached_property
    def line_sums(self) -> SumNarrowing | None:
        """The narrowing of the board's line sums (an arrow's) the search runs at each node
        (None without them), built the first time a search asks."""
        return SumNarrowing(self) if self.geometry.line_sums else None

    @cached_property
    def line_rules(self) -> RuleNarrowing | None:
        """The narrowing of the board's line rules (a between line's) the search runs at each
        node (None without them), built the first time a search asks."""
        return RuleNarrowing(self) if self.geometry.line_rules else None

    @cached_property
    def relation_narrowing(self) -> RelationNarrowing | None:
        """The narrowing of the board's relations (a thermometer's steps) the search runs at
        each node (None without relations worth it), built the first time a search asks."""
        narrowing = RelationNarrowing(self) if self.geometry.relations else None
        return narrowing or None

    @cached_property
    def unit_bits(self) -> list[int]:
        """For each cell, the bits of its digit 1 (option cell * N) in the units' layouts;
        digit d's are these shifted d fields up."""
        return [sum(1 << bit for bit in self.bits[cell * self.n][1:]) for cell in range(self.cells)]

    @property
    def table_bytes(self) -> int:
        """About the most bytes the board holds, every placement it keeps built: an upper
        estimate worked out from its size, for the caches that weigh it (placements are
        added while it is used). A mask is as wide as the bits below its highest: the
        constraints' guards are half as wide as the board on average; their members (an
        option's bits in every layout), a cell's unit bits and a placement's masks reach
        its top."""
        wide = sys.getsizeof(self.full)
        options = len(self.mates)  # every option's, cages' combinations included
        kept = options if _keeps_placements(self.placements) else 0
        masks = self.constraints * (3 * wide // 2 + _SMALL_INT) + (self.cells + 3 * kept) * wide
        own = len(getattr(self, "fields", ()))  # a RegionBoard shares its template's lists
        references = len(self.option_at) + 2 * self.constraints + self.cells + 2 * options
        numbers = len(self.option_at) * _SMALL_INT  # option numbers, most above 256
        tuples = own * 2 * _OPTION_TUPLE + kept * _PLACEMENT_TUPLE
        # each line sum's narrowings kept by its cells' digits (sum_lines.KEPT at most): a
        # key and a drop as wide as the board, in a tuple, in a dict's entry
        sums = len(self.geometry.line_sums) * KEPT * (2 * wide + _KEPT_ENTRY)
        return masks + references * _REFERENCE + numbers + tuples + sums

    def build_placement(self, option: int) -> tuple[int, int, int]:
        """The (keep, done, unrelated) masks that place `option`."""
        # On 25x25 grids this runs at every placement. A cell in three units (rows,
        # columns and boxes, or any geometry like it) is written out flat: a third
        # faster than the loop, measured.
        members, guard = self.members, self.guard
        if option < self.options and isinstance(self.fields, OptionRows):
            # A Killer's cell option, from its cell's digit 1 row moved its digit up: its
            # unit bits in one shift, where working out its rows took a third longer.
            n, width = self.n, self.width
            cell, digit = divmod(option, n)
            touched, done = members[cell], guard[cell]
            for field in self.fields.firsts[cell][1:]:
                touched |= members[field + digit]
                done |= guard[field + digit]
            own = (1 << (cell * width + digit)) | (self.unit_bits[cell] << (digit * width))
            touched |= self.mates[option]
            unrelated = self.full ^ touched
            return unrelated ^ own, done, unrelated
        fields, bits = self.fields[option], self.bits[option]
        if len(fields) == 4:
            f0, f1, f2, f3 = fields
            b0, b1, b2, b3 = bits
            touched = members[f0] | members[f1] | members[f2] | members[f3]
            own = (1 << b0) | (1 << b1) | (1 << b2) | (1 << b3)
            done = guard[f0] | guard[f1] | guard[f2] | guard[f3]
        else:
            touched = own = done = 0
            for field, bit in zip(fields, bits, strict=True):
                touched |= members[field]
                own |= 1 << bit
                done |= guard[field]
        touched |= self.mates[option]
        unrelated = self.full ^ touched
        return unrelated ^ own, done, unrelated

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


@lru_cache(maxsize=4096)
def _cage_span(n: int, size: int, total: int | None) -> int:
    """The widest of a cage's constraints: its combinations, or its cells and the
    combinations without some digit."""
    ways = combinations(n, size, total)
    lacking = max(sum(1 for mask in ways if not mask >> digit & 1) for digit in range(n))
    return max(len(ways), size + lacking)


@dataclass(frozen=True)
class UnitLayout:
    """The cells' and units' part of a board of fields `width` bits wide (every field below
    the first cage's): option_at there, each cell's digit 1 row of fields and of bits (its
    cell's, then its units') and its digit 1 bits in the units' layouts, and each cell's
    and unit's field's members (Bitboard.members) without cages."""

    option_at: tuple[int, ...]
    first_fields: tuple[tuple[int, ...], ...]
    first_bits: tuple[tuple[int, ...], ...]
    unit_bits: tuple[int, ...]
    members: tuple[int, ...]


@lru_cache(maxsize=8)
def unit_layout(units: tuple[Unit, ...], n: int, width: int) -> UnitLayout:
    """The UnitLayout of an n x n board of `units` whose fields are `width` bits wide: the
    same for every Killer of a shape whose widest cage constraint is as wide, so built once
    (it was a third of a medium Killer's board)."""
    cells, first_unit_field = n * n, n * n
    option_at = [-1] * ((cells + len(units) * n) * width)
    first_fields: list[tuple[int, ...]] = [(cell,) for cell in range(cells)]
    first_bits: list[tuple[int, ...]] = [(cell * width,) for cell in range(cells)]
    for cell in range(cells):
        option_at[cell * width : cell * width + n] = range(cell * n, cell * n + n)
    for number, unit in enumerate(units):
        base = first_unit_field + number * n
        for place, cell in enumerate(unit.cells):
            first_fields[cell] += (base,)
            first_bits[cell] += (base * width + place,)
        digit_1 = [cell * n for cell in unit.cells]
        for digit in range(n):
            at = (base + digit) * width
            option_at[at : at + len(unit.cells)] = [option + digit for option in digit_1]
    unit_bits = tuple(sum(1 << bit for bit in bits[1:]) for bits in first_bits)
    spread = sum(1 << (digit * width) for digit in range(n))
    members = [((1 << n) - 1) << (cell * width) | unit_bits[cell] * spread for cell in range(cells)]
    for unit in units:
        in_cells = in_units = 0
        for cell in unit.cells:
            in_cells |= 1 << (cell * width)
            in_units |= unit_bits[cell]
        members += [(in_cells << digit) | (in_units << (digit * width)) for digit in range(n)]
    return UnitLayout(
        tuple(option_at), tuple(first_fields), tuple(first_bits), unit_bits, tuple(members)
    )


@dataclass(frozen=True)
class CageLayout:
    """Where the combinations of a cage of one shape (size and sum) live on a board of fields
    `width` bits wide, counted from the cage's first field (its digit 1's) and that field's
    first bit: each combination's fields and bits (its own "cage" field, then each digit
    it lacks), the combinations lacking each digit (their places in that digit's field
    follow the cage's cells), and each of the cage's N + 1 fields' combination bits."""

    fields: tuple[tuple[int, ...], ...]
    bits: tuple[tuple[int, ...], ...]
    lacking: tuple[tuple[int, ...], ...]
    members: tuple[int, ...]


@lru_cache(maxsize=4096)
def cage_layout(n: int, size: int, total: int | None, width: int) -> CageLayout:
    """The CageLayout of a cage of `size` cells adding up to `total` on an n x n board of
    fields `width` bits wide: the same for every cage of that shape, so built once (a
    Killer's board built its combinations bit by bit, a fifth of its medium solve)."""
    lacking: list[list[int]] = [[] for _ in range(n)]
    fields, bits = [], []
    members = [0] * (n + 1)
    for j, mask in enumerate(combinations(n, size, total)):
        own_fields, own_bits = [n], [n * width + j]
        for digit in range(n):
            if not mask >> digit & 1:
                own_fields.append(digit)
                own_bits.append(digit * width + size + len(lacking[digit]))
                lacking[digit].append(j)
        everywhere = sum(1 << bit for bit in own_bits)
        for field in own_fields:
            members[field] |= everywhere
        fields.append(tuple(own_fields))
        bits.append(tuple(own_bits))
    return CageLayout(tuple(fields), tuple(bits), tuple(map(tuple, lacking)), tuple(members))


class FieldMembers(dict[int, int]):
    """Every option of each constraint, in every layout (Bitboard.members), worked out when
    first asked for and kept: a cell's options are its digits in the cell layout and its
    unit bits each digit's fields up; a unit's (or a summed cage's) options of digit d are
    its cells' digit 1 bits moved d up; a cage's constraints hold its combinations' bits
    (CageLayout.members) too. A cell's and a unit's are the UnitLayout's with their cells'
    bits in their cages' fields added. ORing them all in was most of what was left of building a
    Killer's board, whose placements ask for a few hundred of them."""

    def __init__(
        self,
        board: Bitboard,
        units: UnitLayout,
        cage_bits: list[int],
        cages: list[tuple[int, ...]],
        combinations: list[tuple[tuple[int, ...], int]],
    ) -> None:
        super().__init__()
        n, width = board.n, board.width
        self.n, self.width, self.cells, self.unit_bits = n, width, board.cells, board.unit_bits
        self.units, self.cage_bits = units, cage_bits
        self.units_cells = [unit.cells for unit in board.geometry.units]
        self.cages = cages
        self.first_cage = board.cells + len(board.geometry.units) * n
        self.combinations = combinations  # each summed cage's (CageLayout.members, shift)
        self.spread = sum(1 << (digit * width) for digit in range(n))
        self.digit_1: dict[int, tuple[int, int]] = {}  # a cage's (cell bits, unit bits)
        self.in_cages: dict[int, int] = {}  # a unit's cells' bits in their cages' fields

    def cage_digit_1(self, rank: int) -> tuple[int, int]:
        """The digit 1 options of the cells of the `rank`-th cage with a sum: their bits in
        the cell layout and in every other layout (their units' and their cage's)."""
        if rank not in self.digit_1:
            in_cells = in_units = 0
            for cell in self.cages[rank]:
                in_cells |= 1 << (cell * self.width)
                in_units |= self.unit_bits[cell]
            self.digit_1[rank] = in_cells, in_units
        return self.digit_1[rank]

    def _in_cages(self, number: int) -> int:
        """The digit 1 bits of unit `number`'s cells in their cages' fields."""
        if number not in self.in_cages:
            found = 0
            for cell in self.units_cells[number]:
                found |= self.cage_bits[cell]
            self.in_cages[number] = found
        return self.in_cages[number]

    def __missing__(self, field: int) -> int:
        n, width = self.n, self.width
        found = self.units.members[field] if field < self.first_cage else 0
        if field < self.cells:
            if self.cage_bits[field]:
                found |= self.cage_bits[field] * self.spread
        elif field < self.first_cage:
            number, digit = divmod(field - self.cells, n)
            in_cages = self._in_cages(number)
            if in_cages:
                found |= in_cages << (digit * width)
        else:
            rank, digit = divmod(field - self.first_cage, n + 1)
            ways, shift = self.combinations[rank]
            found = ways[digit] << shift
            if digit < n:
                in_cells, in_units = self.cage_digit_1(rank)
                found |= (in_cells << digit) | (in_units << (digit * width))
        self[field] = found
        return found


class OptionRows(Sequence[tuple[int, ...]]):
    """Each option's field numbers (or bit indexes), as Bitboard.fields (bits) holds them,
    worked out when asked for: a cell option's from its cell's digit 1 row (the first
    number `head` more for each digit up, the others `step` more), a combination's from its
    cage's shape's row (CageLayout) moved by its cage's offset. A Killer's board serves
    one puzzle and places few of its options: listing every row was a third of its build."""

    def __init__(
        self,
        n: int,
        head: int,
        step: int,
        firsts: list[tuple[int, ...]],
        moved: list[tuple[int, tuple[int, ...]]],
    ) -> None:
        self.n, self.head, self.step = n, head, step
        self.firsts, self.moved = firsts, moved
        self.options = len(firsts) * n

    def __len__(self) -> int:
        return self.options + len(self.moved)

    @overload
    def __getitem__(self, option: int) -> tuple[int, ...]: ...

    @overload
    def __getitem__(self, option: slice) -> Sequence[tuple[int, ...]]: ...

    def __getitem__(self, option: int | slice) -> tuple[int, ...] | Sequence[tuple[int, ...]]:
        if isinstance(option, slice):
            return [self[each] for each in range(len(self))[option]]
        if option < 0:
            option += len(self)
        if option < self.options:
            cell, digit = divmod(option, self.n)
            first, *rest = self.firsts[cell]
            up = digit * self.step
            return (first + digit * self.head, *[place + up for place in rest])
        offset, row = self.moved[option - self.options]
        return tuple(place + offset for place in row)


# In bytes: a placement's tuple of three masks (the masks aside), an option's tuple of
# field or bit numbers (a cell's and its units', a handful), a small int, a reference.
_PLACEMENT_TUPLE = sys.getsizeof((0, 0, 0))
_OPTION_TUPLE = sys.getsizeof((0,) * 6) + 6 * sys.getsizeof(1 << 40)
_SMALL_INT = sys.getsizeof(1 << 40)
_REFERENCE = 8
# A line sum's kept narrowing (sum_lines.SumNarrowing), its two masks aside: its tuple and
# its dict entry (a hash, a key and a value).
_KEPT_ENTRY = sys.getsizeof((True, 0)) + 3 * _REFERENCE


def _keeps_placements(placements: list[tuple[int, int, int]] | _PlacementsOnDemand) -> bool:
    """Whether a board keeps the placements it builds (all of them at most)."""
    return isinstance(placements, list) or placements.keep


class _PlacementsOnDemand(dict[int, tuple[int, int, int]]):
    """Placement masks built when asked for (and, with `keep`, kept once built), for shapes
    too big to hold them all and boards that place few of their options. A kept one is a
    plain dict lookup, as fast as the list a board of all placements holds."""

    def __init__(self, board: Bitboard, keep: bool = False) -> None:
        super().__init__()
        self.board = board
        self.keep = keep

    def __missing__(self, option: int) -> tuple[int, int, int]:
        found = self.board.build_placement(option)
        if self.keep:
            self[option] = found
        return found


class RegionBoard(Bitboard):
    """A Jigsaw's board, made from its template's: the board of the same units with the
    boxes where the regions are (boxed()). Rows, columns and any extra units lie in both
    alike, and every constraint keeps its field, so of the template's tables only the bits
    in the regions' layout move: a cell's option leaves its box's field for its region's.
    That is some hundreds of operations on whole layouts where building a board anew is
    several per bit of every option: 0.17 ms on 9x9 against 1.2 ms, 1.7 ms on 16x16
    against 10 ms. Placements are built as the search asks for them (most are never asked
    for), and kept with the board."""

    def __init__(self, geometry: Geometry, template: Bitboard) -> None:
        n, width, cells = template.n, template.width, template.cells
        self.geometry, self.shape, self.n, self.width = geometry, geometry.shape, n, width
        self.cells, self.options, self.constraints = cells, template.options, template.constraints
        self.low, self.guards, self.full = template.low, template.guards, template.full
        self.cell_guards, self.field_mask = template.cell_guards, template.field_mask
        self.guard, self.span, self.start = template.guard, template.span, template.start
        self.mates = template.mates  # no cages: none
        units, boxes = geometry.units, template.geometry.units
        first = n * n  # the first unit field
        regions = range(2 * n, 3 * n)  # the regions' places in units, as the boxes' (boxed())
        spread = sum(1 << (digit * width) for digit in range(n))  # a bit in every digit's field
        members = list(template.members)
        # moved[cell]: digit 1's bit in its box's field and in its region's (the same bit,
        # which cancels, where the two agree); digit d's is d fields up.
        moved = [0] * cells
        option_at = list(template.option_at)
        for number in regions:
            base = (first + number * n) * width
            pairs = zip(units[number].cells, boxes[number].cells, strict=True)
            for place, (cell, boxed_cell) in enumerate(pairs):
                moved[cell] ^= 1 << (base + place)
                moved[boxed_cell] ^= 1 << (base + place)
                members[cell] ^= spread << (base + place)
                members[boxed_cell] ^= spread << (base + place)
            at = base  # the region's fields, each its cells' options then a guard
            option_at[at : at + n * width] = [
                cell * n + digit if cell >= 0 else -1
                for digit in range(n)
                for cell in (*units[number].cells, -1)
            ]
        self.option_at = option_at
        unit_bits = [bits ^ move for bits, move in zip(template.unit_bits, moved, strict=True)]
        self.unit_bits = unit_bits
        for number, unit in enumerate(units):
            base = first + number * n
            if number in regions:  # its options, gathered anew
                in_cells = in_units = 0
                for cell in unit.cells:
                    in_cells |= 1 << (cell * width)
                    in_units |= unit_bits[cell]
                for digit in range(n):
                    members[base + digit] = (in_cells << digit) | (in_units << (digit * width))
                continue
            change = 0
            for cell in unit.cells:
                change ^= moved[cell]
            if change:
                for digit in range(n):
                    members[base + digit] ^= change << (digit * width)
        self.members = members
        self.placements = _PlacementsOnDemand(self, keep=n <= LARGEST_PRECOMPUTED)

    def build_placement(self, option: int) -> tuple[int, int, int]:
        """The (keep, done, unrelated) masks that place `option`."""
        n, members, guard = self.n, self.members, self.guard
        cell, digit = divmod(option, n)
        touched, done = members[cell], guard[cell]
        first = n * n + digit  # the first unit's field for this digit
        for number in self.geometry.cell_unit_numbers[cell]:
            touched |= members[first + number * n]
            done |= guard[first + number * n]
        own = (1 << (cell * self.width + digit)) | (self.unit_bits[cell] << (digit * self.width))
        unrelated = self.full ^ touched
        return unrelated ^ own, done, unrelated


class MarkedBoard(Bitboard):
    """A board of a puzzle's own marks (Kropki dots, XV), lines (thermometers, German
    whispers, arrows) or marked cells (even cells) and no cages, made from the board of its
    geometry without any pair or relation: the options, fields and masks are the same, only
    the options' mates (and so the placements) take the pairs (anti-king's) and the
    relations, each option's worked out when the search first places it, and the start its
    marked cells' bars. A marked board serves one puzzle; building it anew cost most of a
    marked or lined puzzle's first solve. Without pairs or relations (arrows, even cells)
    its mates and placements are its template's."""

    def __init__(self, geometry: Geometry, template: Bitboard) -> None:
        own = (
            "placements",
            "mates",
            "cage_sums",
            "line_sums",
            "line_rules",
            "relation_narrowing",
        )
        self.__dict__.update({k: v for k, v in template.__dict__.items() if k not in own})
        self.geometry = geometry
        self.bar(geometry.barred)
        if not geometry.pairs and not geometry.relations:
            # Nothing but sums, line rules or barred digits: every option's mates, and so
            # its placement, are the template's, listed once for every puzzle of its units
            # (an arrow puzzle's solve built some hundreds of them anew).
            self.mates, self.placements = template.mates, template.placements
            return
        self.mates = _MatesOnDemand(self, template.mates)
        keep = self.n <= LARGEST_PRECOMPUTED
        self.placements = _PlacementsOnDemand(self, keep=keep)


def _ruled_out(
    relation: Relation, n: int
) -> tuple[dict[int, frozenset[int]], dict[int, frozenset[int]]]:
    """The digits a relation rules out in a pair's second cell by the first cell's digit, and
    in its first cell by the second's (1-based)."""
    by_first = {
        one: frozenset(b for a, b in relation.forbidden if a == one) for one in range(1, n + 1)
    }
    by_second = {
        one: frozenset(a for a, b in relation.forbidden if b == one) for one in range(1, n + 1)
    }
    return by_first, by_second


class Mates(Protocol):
    """A board's mates by option (Bitboard.mates): a list, or a marked board's worked out
    as they are asked for."""

    def __getitem__(self, option: int, /) -> int: ...

    def __len__(self) -> int: ...


class _MatesOnDemand:
    """A marked board's mates (Bitboard.mates), each worked out when its option is first
    placed (a search places some hundred of a 9x9's 729): the template's, and the options
    its cell's pairs and relations rule out beside it, as pair_up and relate would have
    added them to every option (an anti-king puzzle's board took most of its making
    there)."""

    def __init__(self, board: MarkedBoard, template: Mates) -> None:
        self.board, self.template = board, template
        self.found: dict[int, int] = {}
        geometry, n = board.geometry, board.n
        self.pairs = geometry.cell_pairs
        # each cell's relation partners: (the partner, by the cell's digit the partner's
        # digits ruled out beside it)
        self.partners: list[list[tuple[int, dict[int, frozenset[int]]]]] = [
            [] for _ in range(board.cells)
        ]
        for relation in geometry.relations:
            by_first, by_second = _ruled_out(relation, n)
            for first, second in relation.pairs:
                self.partners[first].append((second, by_first))
                self.partners[second].append((first, by_second))

    def __len__(self) -> int:
        return len(self.template)

    def __getitem__(self, option: int) -> int:
        found = self.found.get(option)
        if found is None:
            found = self.found[option] = self._mates(option)
        return found

    def _mates(self, option: int) -> int:
        """The mates of `option`, worked out."""
        board = self.board
        n, width, unit_bits = board.n, board.width, board.unit_bits
        cell, digit = divmod(option, n)
        found = self.template[option]
        for other in self.pairs[cell]:  # the same digit in each paired cell
            found |= (1 << (other * width + digit)) | (unit_bits[other] << (digit * width))
        for partner, ruled in self.partners[cell]:
            in_cell, in_units = 1 << (partner * width), unit_bits[partner]
            for ruled_out in ruled[digit + 1]:
                found |= (in_cell << (ruled_out - 1)) | (in_units << ((ruled_out - 1) * width))
        return found


def boxed(geometry: Geometry) -> Geometry:
    """A Jigsaw's geometry with the boxes in its regions' places: its board's template."""
    boxes = [unit for unit in standard_geometry(geometry.shape).units if unit.kind == "box"]
    return Geometry(
        geometry.shape,
        tuple(boxes[unit.index - 1] if unit.kind == "region" else unit for unit in geometry.units),
    )


@per_geometry
def bitboard_for(geometry: Geometry) -> Bitboard:
    """The bitboard of a geometry, built once per process while it is kept among the
    engine's tables (a Jigsaw's from its template's, unless it has cages, pairs or line sums
    too: a region board holds no option table, which their narrowing reads)."""
    plain = not (
        geometry.cages
        or geometry.pairs
        or geometry.relations
        or geometry.line_sums
        or geometry.line_rules
        or geometry.cells
    )
    if "region" in geometry.kinds and plain:
        return RegionBoard(geometry, bitboard_for(boxed(geometry)))
    if (geometry.marks or geometry.lines or geometry.cells) and not geometry.cages:
        bare = replace(
            geometry, pairs=(), relations=(), marks=(), lines=(), cells=(), pair_kinds=()
        )
        template = bitboard_for(bare)
        if type(template) is Bitboard:  # a Jigsaw's region board holds no option table
            return MarkedBoard(geometry, template)
    return Bitboard(geometry)
