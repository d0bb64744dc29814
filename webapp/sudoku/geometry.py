"""The grid's units, and what follows from them: each cell's units and its peers.

Glossary (Norvig's, kept):
- cell: one square of the grid, numbered 0..N*N-1 in reading order;
- unit: N cells that must hold every symbol once: a row, a column, a box, or
  any region a variant adds (the two diagonals of X-Sudoku);
- cage: a Killer's cells that hold different symbols adding up to a sum (cages.py). A
  cage is not a unit (it need not hold every symbol), but its cells are peers;
- pair: two cells a rule kind makes differ without a unit of their own (anti-knight's cells
  a knight's move apart, rulebook.py);
- peers: the other cells of a cell's units, cage and pairs, none of which may repeat its
  symbol;
- relation: pairs of cells and the digits a pair's cells may not hold together
  (non-consecutive's side-by-side cells, never one apart; a Kropki white dot's, never but
  one apart). Its cells are not peers;
- marks: the pairs a puzzle marks itself, by marked kind (rulebook.MarkedPairs: Kropki
  dots, XV), each a relation, and with "all given" the unmarked side-by-side pairs another;
- marked cells: the cells a puzzle marks itself, by celled kind (rulebook.MarkedCells: even
  and odd cells), each barred from the digits its kind does not allow (`barred`).

Everything else in the engine reads the units from a Geometry (the solver's
bit layouts, the conflict check, is_solution, the baseline); none of it
enumerates rows, columns or boxes itself. So a new kind of unit is one more
entry here: a variant's extra kind of unit is one entry in EXTRA_UNITS, and a puzzle's
rules (puzzle.py) name the kinds it adds, so its share code, its solve and its pages follow.
"""

from __future__ import annotations

import functools
import sys
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, cached_property
from operator import itemgetter
from typing import Any, Generic, NamedTuple, TypeVar

from .held import held_bytes
from .line_rules import LineRule, rules_of
from .rulebook import (
    RULE_KINDS,
    Line,
    MarkedCells,
    MarkedPairs,
    Pair,
    RuleKind,
    orthogonal_pairs,
)
from .rulebook import diagonals as diagonals
from .rulebook import square_boxes as square_boxes
from .rulebook import windows as windows
from .shape import Shape
from .sum_lines import LineSum, sums_of
from .unit import Unit as Unit

T = TypeVar("T")
V = TypeVar("V")


# Tables worked out per geometry (the solver's boards, the logic engine's layouts, overlaps,
# crossings, and what it remembers of a geometry's units) are kept while they weigh no more
# than TABLE_BUDGET_BYTES in all, least recently used out first. The fixed geometries (each
# size, classic, X, Windoku) are few; every Jigsaw map is a geometry of its own, and a
# stream of new maps must not keep a table of each, nor more bytes than the budget however
# big each map's tables are (a 16x16 Jigsaw's board alone may reach 33 MB). The app sets
# TABLES.budget at start from GEOMETRY_CACHE_MB; the engine itself reads no settings.
TABLE_BUDGET_BYTES = 160 * 1024 * 1024
# The most of the budget the lasting geometries' tables may fill (TableStore): 128 MB of the
# 160, as much as they had before the rest was kept for Jigsaws' and Killers' tables alone.
LASTING_SHARE = 0.8
# A memo's answers weighed one by one before they are weighed by sample (PerGeometry).
WEIGHED_FIRST = 64
WEIGHED_EVERY = 16
# A reference in a tuple or list, and a Unit's own object, dict and hash, in bytes.
_REFERENCE = 8
_UNIT_OVERHEAD = 400


class CacheInfo(NamedTuple):
    """A per_geometry function's figures, as functools.lru_cache gives them."""

    hits: int
    misses: int
    maxsize: int | None
    currsize: int


@dataclass(frozen=True)
class _Kept:
    """One table in the store: its value, its weight in bytes, the geometry it is of."""

    value: object
    weight: int
    geometry: Geometry | None


class TableStore:
    """The tables of every per_geometry function, by function and arguments, up to
    `budget` bytes in all (TABLE_BUDGET_BYTES unless given), least recently used out first:
    those of Jigsaw maps and Killers (passing geometries) before those of the few lasting
    ones (each size's classic, X and Windoku), which every worker builds at start and uses
    all day. The lasting ones (memos of their positions among them, many thousands after a
    day of classic ratings) may fill at most LASTING_SHARE of the budget: filling all of it,
    they left no room for a Killer's or a Jigsaw's tables, each dropped as soon as kept and
    worked out again at every step of its path (a Killer's rating 16 times slower).

    A table weighs what held_bytes finds in it and in its arguments, its geometry aside: a
    geometry weighs its table_bytes once, while any table of it is kept. A lock keeps it
    sound under a threaded server."""

    def __init__(self, budget: int | None = None) -> None:
        self._budget = budget
        self.held = 0  # the weights of the tables and geometries kept, in bytes
        self.lasting_held = 0  # the part of `held` that is the lasting geometries'
        # the lasting geometries' tables, and the others', each least recently used first
        self._lasting: OrderedDict[tuple[object, ...], _Kept] = OrderedDict()
        self._passing: OrderedDict[tuple[object, ...], _Kept] = OrderedDict()
        self._geometries: dict[Geometry, int] = {}  # tables kept of each
        self._lock = threading.Lock()

    @property
    def budget(self) -> int:
        """The most bytes the tables may weigh in all."""
        return TABLE_BUDGET_BYTES if self._budget is None else self._budget

    @budget.setter
    def budget(self, most: int) -> None:
        """Hold the tables to `most` bytes from now on, dropping what is beyond it now."""
        with self._lock:
            self._budget = most
            self._fit()

    def __len__(self) -> int:
        return len(self._lasting) + len(self._passing)

    @property
    def geometries(self) -> int:
        """How many geometries have tables kept."""
        return len(self._geometries)

    def find(self, key: tuple[object, ...], lasting: bool) -> _Kept | None:
        """The table kept under `key` (of a lasting geometry or not), now the most recently
        used; None if none."""
        tables = self._lasting if lasting else self._passing
        with self._lock:
            kept = tables.get(key)
            if kept is not None:
                tables.move_to_end(key)
                _remember(key, kept.value)
            return kept

    def keep(
        self,
        key: tuple[object, ...],
        value: object,
        geometry: Geometry | None,
        weight: int,
    ) -> None:
        """Keep `value` under `key`, weighing `weight` bytes (its geometry's aside),
        dropping the least recently used beyond the budget."""
        lasting = geometry is None or geometry.lasting
        tables = self._lasting if lasting else self._passing
        with self._lock:
            if key in tables:
                return  # another thread built it meanwhile
            tables[key] = _Kept(value, weight, geometry)
            _remember(key, value)
            if geometry is not None and not self._geometries.get(geometry, 0):
                weight += geometry.table_bytes
            self.held += weight
            if lasting:
                self.lasting_held += weight
            if geometry is not None:
                self._geometries[geometry] = self._geometries.get(geometry, 0) + 1
            self._fit()

    def clear(self, function: object = None) -> None:
        """Drop every table (of `function` alone when given)."""
        with self._lock:
            for tables in (self._lasting, self._passing):
                for key in [key for key in tables if function in (None, key[0])]:
                    self._drop(tables, key)

    def count(self, function: object) -> int:
        """How many tables of `function` are kept."""
        with self._lock:
            return sum(
                1
                for tables in (self._lasting, self._passing)
                for key in tables
                if key[0] is function
            )

    def _fit(self) -> None:
        """Drop the least recently used tables, lasting ones beyond their share, then passing
        ones first, until within budget."""
        budget = self.budget
        while self.lasting_held > budget * LASTING_SHARE and self._lasting:
            self._drop(self._lasting, next(iter(self._lasting)))
        for tables in (self._passing, self._lasting):
            while self.held > budget and tables:
                self._drop(tables, next(iter(tables)))

    def _drop(
        self, tables: OrderedDict[tuple[object, ...], _Kept], key: tuple[object, ...]
    ) -> None:
        kept = tables.pop(key)
        function = key[0]
        if isinstance(function, PerGeometry):
            function.kept.pop(key[1:], None)
        weight = kept.weight
        if kept.geometry is not None:
            count = self._geometries[kept.geometry] - 1
            if count == 0:
                del self._geometries[kept.geometry]
                weight += kept.geometry.table_bytes
            else:
                self._geometries[kept.geometry] = count
        self.held -= weight
        if tables is self._lasting:
            self.lasting_held -= weight


TABLES = TableStore()
_ABSENT = object()
# One hit in this many of a per_geometry function freshens its table in TABLES' order.
FRESHEN_EVERY = 64


def _remember(key: tuple[object, ...], value: object) -> None:
    """Put a table TABLES keeps (under its lock) in its function's plain dict too."""
    function = key[0]
    if isinstance(function, PerGeometry):
        function.kept[key[1:]] = value


class PerGeometry(Generic[T]):
    """A function of a geometry (its first argument, and perhaps a few more), its answers
    kept in TABLES; cache_clear, cache_info and cache_parameters as functools' caches have.

    An answer weighs what held_bytes finds in it and its arguments, its geometry aside.
    With `sampled` (a memo of many small answers alike, asked for in a path's inner loops,
    where weighing each would cost as much as working it out), the first WEIGHED_FIRST and
    then every WEIGHED_EVERY-th are weighed, and the others weigh as the mean of those
    weighed for grids of their size (a 25x25 answer weighs many times a 9x9's, so one
    heavy answer must not set what every later small one is taken to weigh)."""

    def __init__(self, function: Callable[..., T], sampled: bool = False) -> None:
        functools.update_wrapper(self, function)
        self._function = function
        self._sampled = sampled
        # by grid size: the bytes and the count of the answers weighed
        self._weighed: dict[int, tuple[int, int]] = {}
        self.hits = self.misses = 0
        # The answers TABLES keeps of this function, by arguments, in a plain dict: a hit
        # costs one lookup (a path asks these hundreds of thousands of times, and the store's
        # lock and order cost 13% of a rating). TABLES drops an answer from here as it drops
        # it there; one hit in FRESHEN_EVERY goes through the store, so that what is asked
        # often stays at the fresh end of its order.
        self.kept: dict[tuple[object, ...], object] = {}

    def __call__(self, *args: Any) -> T:
        self.hits += 1
        value = self.kept.get(args, _ABSENT)
        if value is not _ABSENT and self.hits % FRESHEN_EVERY:
            return value  # type: ignore[return-value]
        key = (self, *args)
        geometry = args[0] if args and isinstance(args[0], Geometry) else None
        kept = TABLES.find(key, geometry is None or geometry.lasting)
        if kept is not None:
            return kept.value  # type: ignore[return-value]
        self.hits -= 1
        self.misses += 1
        value = self._function(*args)
        TABLES.keep(key, value, geometry, self._weigh(args, value))
        return value

    def _weigh(self, args: tuple[object, ...], value: object) -> int:
        """What an answer and its arguments weigh in bytes, their geometry aside."""
        size = args[0].shape.size if args and isinstance(args[0], Geometry) else 0
        total, count = self._weighed.get(size, (0, 0))
        if self._sampled and WEIGHED_FIRST < count and self.misses % WEIGHED_EVERY:
            return total // count
        weight = held_bytes(args, geometries=False) + held_bytes(value, geometries=False)
        self._weighed[size] = (total + weight, count + 1)
        return weight

    def cache_clear(self) -> None:
        """Drop this function's tables."""
        TABLES.clear(self)
        self.hits = self.misses = 0

    def cache_info(self) -> CacheInfo:
        """Hits, misses and tables kept (no count bound: the store's bytes bound them)."""
        return CacheInfo(self.hits, self.misses, None, TABLES.count(self))

    def cache_parameters(self) -> dict[str, object]:
        """No count bound (maxsize None): TABLES bounds the bytes."""
        return {"maxsize": None, "typed": False, "bytes": TABLES.budget}


def per_geometry(function: Callable[..., T]) -> PerGeometry[T]:
    """`function` (of a geometry, and perhaps a few small arguments) remembered in TABLES,
    within its byte budget."""
    return PerGeometry(function)


def geometry_memo(function: Callable[..., T]) -> PerGeometry[T]:
    """`function` (of a geometry and what a position holds in part of it) remembered in
    TABLES, its answers weighed by sample (PerGeometry)."""
    return PerGeometry(function, sampled=True)


class GeometryKey:
    """A geometry as a key that outlives its tables: equal for equal geometries, holding
    only what makes them equal (the shape, each unit's kind, index and cells, the cages),
    not the tables worked out from them; its hash worked out once."""

    __slots__ = ("_hash", "_spec")

    def __init__(self, spec: tuple[object, ...]) -> None:
        self._spec = spec
        self._hash = hash(spec)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GeometryKey):
            return NotImplemented
        return self is other or (self._hash == other._hash and self._spec == other._spec)


@dataclass(frozen=True)
class Relation:
    """Pairs of cells (the lower cell first, ascending) and the digits (1-based, each way
    round) the two cells of any of them may not hold together; the letter of the rule kind
    it comes from (rulebook.py; "" for none), whether it binds the pairs a marked kind
    leaves unmarked when all its marks are given, and whether a line's steps run from the
    second cell of each pair to the first (`turned`), which a step's words say."""

    pairs: tuple[Pair, ...]
    forbidden: frozenset[tuple[int, int]]
    letter: str = ""
    unmarked: bool = False
    turned: bool = False  # a one-way relation read from the second cell of each pair


@dataclass(frozen=True)
class Geometry:
    """A shape and the units its grids obey, in a fixed order; a Killer's cages (cells in
    reading order, in the order of their first cells) and their sums (None for none); the
    pairs of cells that must differ besides (the lower cell first, ascending), the
    relations of other pairs of cells, the letters of the pair kinds those come from
    (rulebook.py), which a board names and draws, and the pairs a puzzle marks itself (its
    Kropki dots, its X and V: `marks`), which a board draws on their edges, and the lines
    a puzzle draws itself (its thermometers: `lines`), which a board draws over its cells,
    and the cells a puzzle marks itself (its even and odd cells: `cells`)."""

    shape: Shape
    units: tuple[Unit, ...]
    cages: tuple[tuple[int, ...], ...] = ()
    cage_totals: tuple[int | None, ...] = ()
    pairs: tuple[Pair, ...] = ()
    relations: tuple[Relation, ...] = ()
    pair_kinds: tuple[str, ...] = ()
    marks: tuple[MarkedPairs, ...] = ()
    lines: tuple[Line, ...] = ()
    cells: tuple[MarkedCells, ...] = ()

    def __post_init__(self) -> None:
        """Refuse a unit that is not N distinct cells of the grid."""
        n, cells = self.shape.size, self.shape.cell_count
        for unit in self.units:
            if len(set(unit.cells)) != n or not all(0 <= cell < cells for cell in unit.cells):
                raise ValueError(f"{unit.kind} {unit.index} is not {n} distinct cells of the grid")

    def __hash__(self) -> int:
        # Solves look their tables up by geometry: hashing every unit each time
        # would cost a 9x9 solve 10 us, so the hash is worked out once.
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(
            (
                self.shape,
                self.units,
                self.cages,
                self.cage_totals,
                self.pairs,
                self.relations,
                self.pair_kinds,
                self.marks,
                self.lines,
                self.cells,
            )
        )

    @cached_property
    def key(self) -> GeometryKey:
        """This geometry as a key that does not keep its tables alive (the logic engine's
        memo of fruitless searches keeps tens of thousands of keys, of hundreds of maps)."""
        units = tuple((unit.kind, unit.index, unit.cells) for unit in self.units)
        return GeometryKey(
            (
                self.shape,
                units,
                self.cages,
                self.cage_totals,
                self.pairs,
                self.relations,
                self.pair_kinds,
                self.marks,
                self.lines,
                self.cells,
            )
        )

    @cached_property
    def line_sums(self) -> tuple[LineSum, ...]:
        """The sums of the puzzle's lines whose kind has one (an arrow's: sum_lines.py), or
        several, by the box or region each cell lies in (a region-sum line's)."""
        if not self.lines:
            return ()
        box_of = [0] * self.shape.cell_count
        for unit in self.units:
            if unit.kind in ("box", "region"):
                for cell in unit.cells:
                    box_of[cell] = unit.index
        return sums_of(self.lines, tuple(box_of))

    @cached_property
    def line_rules(self) -> tuple[LineRule, ...]:
        """The puzzle's lines whose kind keeps a rule of its own (a between line's:
        line_rules.py)."""
        return rules_of(self.lines)

    @cached_property
    def barred(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Each marked cell (rulebook.MarkedCells) and the digits its kinds do not allow, in
        reading order of the cells (none for a cell whose kinds allow every digit)."""
        digits = range(1, self.shape.size + 1)
        found: dict[int, set[int]] = {}
        for each in self.cells:
            allows = RULE_KINDS[each.letter].allows
            if allows is None:
                continue
            for cell in each.cells:
                found.setdefault(cell, set()).update(
                    digit for digit in digits if not allows(self.shape.size, digit)
                )
        return tuple((cell, tuple(sorted(found[cell]))) for cell in sorted(found) if found[cell])

    @cached_property
    def cell_units(self) -> tuple[tuple[Unit, ...], ...]:
        """For each cell, the units it belongs to, in unit order."""
        found: list[list[Unit]] = [[] for _ in range(self.shape.cell_count)]
        for unit in self.units:
            for cell in unit.cells:
                found[cell].append(unit)
        return tuple(tuple(units) for units in found)

    @cached_property
    def cell_unit_numbers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the places in `units` of its units, ascending."""
        found: list[list[int]] = [[] for _ in range(self.shape.cell_count)]
        for number, unit in enumerate(self.units):
            for cell in unit.cells:
                found[cell].append(number)
        return tuple(tuple(numbers) for numbers in found)

    @cached_property
    def cell_cage(self) -> tuple[int | None, ...]:
        """For each cell, the number of its cage in `cages` (None outside every cage)."""
        found: list[int | None] = [None] * self.shape.cell_count
        for number, cells in enumerate(self.cages):
            for cell in cells:
                found[cell] = number
        return tuple(found)

    @cached_property
    def cell_pairs(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the cells its pairs make it differ from, ascending."""
        found: list[list[int]] = [[] for _ in range(self.shape.cell_count)]
        for first, second in self.pairs:
            found[first].append(second)
            found[second].append(first)
        return tuple(tuple(sorted(cells)) for cells in found)

    @cached_property
    def peers(self) -> tuple[frozenset[int], ...]:
        """For each cell, the other cells of its units, of its cage and of its pairs."""
        cells = [frozenset(unit.cells) for unit in self.units]
        mates = [() if cage is None else self.cages[cage] for cage in self.cell_cage]
        return tuple(
            frozenset().union(
                *[cells[number] for number in numbers], mates[cell], self.cell_pairs[cell]
            )
            - {cell}
            for cell, numbers in enumerate(self.cell_unit_numbers)
        )

    @cached_property
    def shared_cells(self) -> dict[tuple[int, int], int]:
        """Each pair of units that share two cells or more, by their places in `units` (the
        first the lower), in order, with the cells they share as a mask."""
        counts: dict[tuple[int, int], int] = {}
        for numbers in self.cell_unit_numbers:
            for at, first in enumerate(numbers):
                for second in numbers[at + 1 :]:
                    counts[first, second] = counts.get((first, second), 0) + 1
        masks = self.unit_masks
        return {
            (first, second): masks[first] & masks[second]
            for first, second in sorted(counts)
            if counts[first, second] >= 2
        }

    @cached_property
    def unit_masks(self) -> tuple[int, ...]:
        """Each unit's cells as one int (bit c for cell c), in unit order."""
        return tuple(unit.mask for unit in self.units)

    @cached_property
    def unit_readers(self) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
        """For each unit, in unit order, a function taking a sequence indexed by cell to the
        tuple of its entries at the unit's cells (an itemgetter: one C call)."""
        return tuple(itemgetter(*unit.cells) for unit in self.units)

    @cached_property
    def peer_masks(self) -> tuple[int, ...]:
        """For each cell, its peers as one int (bit c for cell c)."""
        masks = self.unit_masks
        cage_masks = [sum(1 << cell for cell in cage) for cage in self.cages]
        found = []
        for cell, numbers in enumerate(self.cell_unit_numbers):
            cage = self.cell_cage[cell]
            mask = 0 if cage is None else cage_masks[cage]
            for number in numbers:
                mask |= masks[number]
            for other in self.cell_pairs[cell]:
                mask |= 1 << other
            found.append(mask & ~(1 << cell))
        return tuple(found)

    @cached_property
    def lasting(self) -> bool:
        """Whether it is one of the few every worker keeps for good: a shape's units and
        named kinds of unit, no Jigsaw map, no cages, no marks of a puzzle's own."""
        return (
            not self.cages and not self.marks and all(unit.kind != "region" for unit in self.units)
        )

    @property
    def table_bytes(self) -> int:
        """About the most bytes this geometry holds with every table of its own built (its
        units, its peers as sets and as masks, each cell's units): an upper estimate, worked
        out from its size without building them, for the caches that weigh it."""
        cells, units = self.shape.cell_count, len(self.units)
        per_cell = -(-units * self.shape.size // cells) + (1 if self.cages else 0)
        peers = min(cells - 1, per_cell * (self.shape.size - 1))
        mask = sys.getsizeof(1 << cells)
        unit = sys.getsizeof(tuple(range(self.shape.size))) + mask + _UNIT_OVERHEAD
        cell = (
            sys.getsizeof(frozenset(range(peers)))  # peers
            + 2 * sys.getsizeof(tuple(range(per_cell)))  # cell_units, cell_unit_numbers
            + mask  # peer_masks
            + 4 * _REFERENCE  # a place in each of those tables, and cell_cage
        )
        shared = units * units * (_REFERENCE + mask)  # shared_cells, at most every pair
        paired = (sum(map(len, self.cages)) + 4 * len(self.pairs)) * _REFERENCE
        return units * unit + cells * cell + shared + paired

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds of unit, in the order they first appear."""
        return tuple(dict.fromkeys(unit.kind for unit in self.units))

    def with_units(self, extra: Iterable[Unit]) -> Geometry:
        """This geometry with more units after its own (a variant's extra regions)."""
        return replace(self, units=self.units + tuple(extra))

    def with_pairs(self, extra: Iterable[Pair]) -> Geometry:
        """This geometry with more pairs of cells that must differ (a pair kind's)."""
        return replace(self, pairs=tuple(sorted(set(self.pairs).union(extra))))

    def with_relations(self, extra: Iterable[Relation]) -> Geometry:
        """This geometry with more relations (a relation kind's)."""
        return replace(self, relations=self.relations + tuple(extra))

    def with_marks(self, marks: tuple[MarkedPairs, ...]) -> Geometry:
        """This geometry with the relations of a puzzle's `marks` (marked_relations)."""
        if not marks:
            return self
        letters = (each.letter for each in marks)
        return replace(
            self.with_relations(marked_relations(self.shape, marks)).with_pair_kinds(letters),
            marks=marks,
        )

    def with_lines(self, lines: tuple[Line, ...]) -> Geometry:
        """This geometry with the relations of a puzzle's `lines` (line_relations)."""
        if not lines:
            return self
        letters = dict.fromkeys(each.letter for each in lines)
        return replace(
            self.with_relations(line_relations(self.shape, lines)).with_pair_kinds(letters),
            lines=lines,
        )

    def with_cells(self, cells: tuple[MarkedCells, ...]) -> Geometry:
        """This geometry with the cells a puzzle marks (`barred` from some digits)."""
        if not cells:
            return self
        letters = (each.letter for each in cells)
        return replace(self.with_pair_kinds(letters), cells=cells)

    def with_pair_kinds(self, letters: Iterable[str]) -> Geometry:
        """This geometry naming the pair kinds (by letter) its pairs and relations come from."""
        return replace(self, pair_kinds=self.pair_kinds + tuple(letters))


def marked_relations(shape: Shape, marks: tuple[MarkedPairs, ...]) -> tuple[Relation, ...]:
    """The relations of a puzzle's marks (rulebook.MarkedPairs), kind by kind: its marked
    pairs may not hold the digits its kind's relation does not; with all given, the
    side-by-side pairs no kind of its family marks may not hold those it does."""
    digits = range(1, shape.size + 1)
    found = []
    for each in marks:
        kind = RULE_KINDS[each.letter]
        holds = kind.holds or (lambda first, second: True)
        together = {(a, b) for a in digits for b in digits if holds(a, b)}
        every = {(a, b) for a in digits for b in digits}
        found.append(Relation(each.pairs, frozenset(every - together), each.letter))
        if each.all_given:
            family = {
                pair
                for other in marks
                if RULE_KINDS[other.letter].family == kind.family
                for pair in other.pairs
            }
            unmarked = tuple(pair for pair in orthogonal_pairs(shape) if pair not in family)
            found.append(Relation(unmarked, frozenset(together), each.letter, unmarked=True))
    return tuple(found)


def line_relations(shape: Shape, lines: tuple[Line, ...]) -> tuple[Relation, ...]:
    """The relations of a puzzle's lines (rulebook.Line), kind by kind: the digits of two
    cells of a line its kind relates (`line_pairs`: by default each cell and the next) that
    its `chain` does not hold on the shape's size and the line's length, nearer the start
    first. A relation lists the lower cell of a pair first, so the steps of lines that run
    back up the reading order are a relation of their own, with the digits turned round."""
    digits = range(1, shape.size + 1)
    found = []
    for kind in (RULE_KINDS[letter] for letter in dict.fromkeys(each.letter for each in lines)):
        chain = kind.chain
        if chain is None:
            continue  # a sum line's (sum_lines.py) or a line rule's (line_rules.py)
        # Lines whose lengths break the same digits share a relation (a renban's depend on its
        # length, a thermometer's do not).
        by_broken: dict[frozenset[tuple[int, int]], tuple[list[Pair], list[Pair]]] = {}
        for line in (each for each in lines if each.letter == kind.letter):
            length = len(line.cells)
            broken = frozenset(
                (a, b) for a in digits for b in digits if not chain(shape.size, length, a, b)
            )
            down, up = by_broken.setdefault(broken, ([], []))
            for nearer, further in kind.line_pairs(line.cells):
                if nearer < further:
                    down.append((nearer, further))
                else:
                    up.append((further, nearer))
        for broken, (down, up) in by_broken.items():
            if down:
                found.append(Relation(tuple(sorted(down)), broken, kind.letter))
            if up:
                turned = frozenset((b, a) for a, b in broken)
                found.append(Relation(tuple(sorted(up)), turned, kind.letter, turned=True))
    return tuple(found)


@cache
def standard_geometry(shape: Shape) -> Geometry:
    """Rows, then columns, then boxes, each numbered from 1 and listed in reading order."""
    n = shape.size
    rows = [Unit("row", r + 1, tuple(r * n + c for c in range(n))) for r in range(n)]
    columns = [Unit("column", c + 1, tuple(r * n + c for r in range(n))) for c in range(n)]
    boxes = [Unit("box", b + 1, tuple(r * n + c for r, c in shape.box_cells(b))) for b in range(n)]
    return Geometry(shape, tuple(rows + columns + boxes))


@cache
def x_sudoku(shape: Shape) -> Geometry:
    """The standard units plus both main diagonals."""
    return standard_geometry(shape).with_units(diagonals(shape))


@dataclass(frozen=True)
class ExtraUnits:
    """A kind of unit a variant adds to the standard ones: its letter in a share code
    (puzzle.py), what players call the variant, the units it adds to a shape, and why it
    does not fit a shape (None where it does)."""

    letter: str
    name: str
    units: Callable[[Shape], tuple[Unit, ...]]
    unfit: Callable[[Shape], str | None] = lambda shape: None


class RegistryView(Mapping[str, V]):
    """The registry's entries (rulebook.RULE_KINDS) of one sort, by letter, in its order, as
    `made` makes them of each: read at each look-up, so a kind registered later (in a test)
    is found like the others."""

    def __init__(self, made: Callable[[RuleKind], V | None]) -> None:
        self._made = made

    def __getitem__(self, letter: str) -> V:
        kind = RULE_KINDS[letter]
        found = self._made(kind)
        if found is None:
            raise KeyError(letter)
        return found

    def __iter__(self) -> Iterator[str]:
        return (letter for letter, kind in RULE_KINDS.items() if self._made(kind) is not None)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _extra_units(kind: RuleKind) -> ExtraUnits | None:
    """A kind of unit as the geometry reads it (None for a kind that adds no units)."""
    if kind.units is None:
        return None
    return ExtraUnits(kind.letter, kind.name, kind.units, kind.unfit)


# Every extra kind of unit the engine knows, by letter, in the order a puzzle's units and
# its share code list them: read off the registry of rule kinds (rulebook.py), where a new
# kind of unit is one entry.
EXTRA_UNITS: RegistryView[ExtraUnits] = RegistryView(_extra_units)


@dataclass(frozen=True)
class PairRule:
    """A kind of rule that makes pairs of cells differ, as the geometry reads it from the
    registry (rulebook.py): its letter, what players call it, its pairs on a shape, and why
    it does not fit a shape (None where it does)."""

    letter: str
    name: str
    pairs: Callable[[Shape], tuple[Pair, ...]]
    unfit: Callable[[Shape], str | None] = lambda shape: None
    forbids: Callable[[int, int], bool] | None = None  # None: the cells must differ

    def relation(self, shape: Shape) -> Relation:
        """The pairs on `shape` and the digits they may not hold together."""
        digits = range(1, shape.size + 1)
        forbids = self.forbids or (lambda first, second: first == second)
        forbidden = frozenset((a, b) for a in digits for b in digits if forbids(a, b))
        return Relation(self.pairs(shape), forbidden, self.letter)


def _pair_rule(kind: RuleKind) -> PairRule | None:
    """A pair kind as the geometry reads it (None for a kind that makes no pairs)."""
    if kind.pairs is None:
        return None
    return PairRule(kind.letter, kind.name, kind.pairs, kind.unfit, kind.forbids)


# Every pair kind the engine knows, by letter, after the kinds of unit in a share code.
PAIR_RULES: RegistryView[PairRule] = RegistryView(_pair_rule)


def rule_kind_named(letter: str) -> ExtraUnits | PairRule | None:
    """The kind of unit or pair kind of a share code's `letter`, None if none."""
    return EXTRA_UNITS.get(letter) or PAIR_RULES.get(letter)


def rule_letters() -> tuple[str, ...]:
    """Every rule kind's letter, in the order a share code lists them: kinds of unit, then
    pair kinds (read when asked, so a kind registered in a test counts)."""
    return (*EXTRA_UNITS, *PAIR_RULES)


def geometry_of(
    shape: Shape,
    extras: tuple[str, ...] = (),
    regions: tuple[int, ...] = (),
    cages: tuple[tuple[int, ...], ...] = (),
    cage_totals: tuple[int | None, ...] = (),
    marks: tuple[MarkedPairs, ...] = (),
    lines: tuple[Line, ...] = (),
    cells: tuple[MarkedCells, ...] = (),
) -> Geometry:
    """The standard units of `shape` (with `regions`, a Jigsaw's region map, in place of its
    boxes) plus those of each extra kind named by its letter, a Killer's `cages` (cells,
    checked by the puzzle's rules) with their sums, the relations of a puzzle's `marks`
    and `lines`, and its marked `cells`."""
    if cells:
        return _made(
            ("cells", shape, extras, regions, cages, cage_totals, marks, lines, cells),
            lambda: geometry_of(
                shape, extras, regions, cages, cage_totals, marks, lines
            ).with_cells(cells),
        )
    if lines:
        return _made(
            ("lines", shape, extras, regions, cages, cage_totals, marks, lines),
            lambda: geometry_of(shape, extras, regions, cages, cage_totals, marks).with_lines(
                lines
            ),
        )
    if not extras and not regions and not cages and not marks:
        return standard_geometry(shape)
    kinds = tuple(EXTRA_UNITS[letter] for letter in extras if letter in EXTRA_UNITS)
    pair_kinds = tuple(PAIR_RULES[letter] for letter in extras if letter in PAIR_RULES)
    if pair_kinds or marks:
        marked = tuple(RULE_KINDS[each.letter] for each in marks)
        return _made(
            ("pairs", shape, extras, kinds, pair_kinds, regions, cages, cage_totals, marks, marked),
            lambda: _with_pairs(shape, kinds, pair_kinds, regions, cages, cage_totals).with_marks(
                marks
            ),
        )
    if not cages:
        return _with_extras(shape, extras, kinds, regions)
    return _with_cages(_with_extras(shape, extras, kinds, regions), cages, cage_totals)


# The geometries geometry_of made, by what they were made of, while anything (a puzzle, a
# table in TABLES, a kept result) holds them: one puzzle's solves share one geometry, and
# one no longer used costs nothing.
_MADE: weakref.WeakValueDictionary[tuple[object, ...], Geometry] = weakref.WeakValueDictionary()
_MADE_LOCK = threading.Lock()


def _made(key: tuple[object, ...], make: Callable[[], Geometry]) -> Geometry:
    """The geometry made under `key` while it lives, else `make()`, kept under `key`."""
    with _MADE_LOCK:
        found = _MADE.get(key)
    if found is not None:
        return found
    made = make()
    with _MADE_LOCK:
        return _MADE.setdefault(key, made)


def _with_cages(
    base: Geometry, cages: tuple[tuple[int, ...], ...], cage_totals: tuple[int | None, ...]
) -> Geometry:
    """`base` with a Killer's cages, shared while used (so one puzzle's solves share one
    geometry)."""
    return _made(
        ("cages", base, cages, cage_totals),
        lambda: replace(base, cages=cages, cage_totals=cage_totals),
    )


def _with_extras(
    shape: Shape, extras: tuple[str, ...], kinds: tuple[ExtraUnits, ...], regions: tuple[int, ...]
) -> Geometry:
    """geometry_of, shared per shape, kinds and regions while used (the kinds themselves are
    in the key, so a kind registered again under the same letter gets its own geometry)."""
    return _made(("extras", shape, extras, kinds, regions), lambda: _build(shape, kinds, regions))


def _with_pairs(
    shape: Shape,
    kinds: tuple[ExtraUnits, ...],
    pair_kinds: tuple[PairRule, ...],
    regions: tuple[int, ...],
    cages: tuple[tuple[int, ...], ...],
    cage_totals: tuple[int | None, ...],
) -> Geometry:
    """The geometry of `kinds`' units over `regions`, with `cages` and `pair_kinds`' pairs."""
    base = _build(shape, kinds, regions)
    with_cages = Geometry(shape, base.units, cages, cage_totals) if cages else base
    differ = [kind for kind in pair_kinds if kind.forbids is None]
    related = [kind for kind in pair_kinds if kind.forbids is not None]
    with_pairs = with_cages.with_pairs(pair for kind in differ for pair in kind.pairs(shape))
    related_pairs = with_pairs.with_relations(kind.relation(shape) for kind in related)
    return related_pairs.with_pair_kinds(kind.letter for kind in pair_kinds)


def _build(shape: Shape, kinds: tuple[ExtraUnits, ...], regions: tuple[int, ...]) -> Geometry:
    """The standard units of `shape`, `regions` in place of its boxes, and `kinds`' units."""
    base = standard_geometry(shape)
    if regions:
        lines = tuple(unit for unit in base.units if unit.kind != "box")
        base = Geometry(shape, lines + region_units(shape, regions))
    return base.with_units(unit for kind in kinds for unit in kind.units(shape))


def region_units(shape: Shape, regions: tuple[int, ...]) -> tuple[Unit, ...]:
    """A Jigsaw's regions (a region map, regions.py) as units "region 1" to "region N"."""
    members: list[list[int]] = [[] for _ in range(shape.size)]
    for cell, region in enumerate(regions):
        members[region].append(cell)
    return tuple(Unit("region", number + 1, tuple(cells)) for number, cells in enumerate(members))
