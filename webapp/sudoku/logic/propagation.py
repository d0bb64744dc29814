"""Following an assumption: place (or remove) a candidate, then every single that follows.

A `Branch` is one "what if": a copy of a position's candidates in which one
candidate is assumed true (placed) or false (removed), and the naked and
hidden singles that follow are placed one by one, each touching only its
peers and their units. Per unit and value it keeps the cells where the value
may still go, so a hidden single or a dead end (a cell without candidates, a
unit without a place for a value) is seen the moment a removal makes it.

Every placement and removal is a node, and the branch remembers why each
candidate left, so the few nodes a conclusion really depends on (its
ancestry) can be told apart from the rest: that ancestry is the chain a
person replays. Singles are followed in the order they appear (a queue), so
the nearest consequences come first. With `locked` the branch also removes
locked candidates (a value whose places in one unit all lie in another), the
extra rule that makes a forcing chain a net, and in a Killer also the values a cage's
ways of making its sum no longer give a cell (cage_combinations.fillings), as a player
following an assumption would.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from .cage_combinations import fillings
from .forcing_tables import Tables
from .position import Position, bits_of
from .work import spend, spent

# How a node came about.
ASSUMED = 0  # the branch's assumption
NAKED = 1  # the cell's last candidate (detail: unused)
HIDDEN = 2  # the value's last place in a unit (detail: the unit's number)
LOCKED = 3  # a removal: the value's places in one unit all lie in another
# (detail: that unit's number * the unit count + the other's)

CAGE = 5  # a removal: no way of making a cage's sum gives the cell the value (detail: the
# cage's number in the geometry)
NESTED = 4  # a removal: placing it would lead by singles to a dead end, in the branch
# Nodes an inner chain (of a nested net) may follow.
NESTED_LIMIT = 40

# The dead end a branch can reach: ("cell", cell) or ("unit", unit number, value).
DeadEnd = tuple[str, int] | tuple[str, int, int]


def first_locked(
    tables: Tables, places: list[int], held: list[int], values: int
) -> tuple[int, int, int, int] | None:
    """The first locked candidates among `values` (as bits), unit by unit and value by value:
    (the unit, the value, the other unit all its places lie in, the cells of that other unit
    outside the first that lose the value), or None."""
    stride, unit_masks = tables.stride, tables.unit_masks
    asked = [value for value in range(1, tables.size + 1) if values >> value & 1]
    for number, partners in enumerate(tables.partners):
        if not partners:
            continue
        base, holds, mine = number * stride, held[number], ~unit_masks[number]
        for value in asked:
            left = places[base + value]
            if not left & (left - 1) or holds >> value & 1:
                continue
            for other in partners:
                if left & ~unit_masks[other]:
                    continue
                outside = places[other * stride + value] & mine
                if outside:
                    return number, value, other, outside
    return None


def locked_at_start(tables: Tables) -> int:
    """The values a branch from `tables` must scan for locked candidates at first (as bits):
    none when the start has none, which is so in most positions a net is looked for in."""
    if tables.locked_at_start is None:
        every = ((1 << tables.size) - 1) << 1
        found = first_locked(tables, tables.places, tables.held, every)
        tables.locked_at_start = 0 if found is None else every
    return tables.locked_at_start


class Branch:
    """One assumption and what follows from it, node by node, with the cause of each removal."""

    def __init__(
        self,
        tables: Tables,
        cell: int,
        value: int,
        on: bool,
        locked: bool = False,
        nested: bool = False,
    ):
        """Assume `value` in `cell` (on) or not in it (off); nothing is followed until `run`."""
        self.tables = tables
        self.locked = locked
        self.nested = nested
        # A net in a Killer also follows cage sums; a nested net (already the dearest
        # search, asked last) does not: its work is spent on its inner chains.
        self.sums = locked and not nested and bool(tables.cages)
        # per cage, what had left the branch when its ways last removed nothing (-1: never
        # asked): while none of its cells loses a candidate, asking again is no use
        self.cages_asked = [-1] * len(tables.cages) if self.sums else []
        # a nested branch tries no more inner chains once its search spent this much work
        self.stop_after = math.inf
        self.masks = tables.masks[:]
        self.values = tables.values[:]
        self.places = tables.places[:]
        self.held = tables.held[:]
        # The values whose places changed since a scan for locked candidates last found none
        # (as bits): the rest cannot have any, as each unit's and value's test reads only that
        # value's places, so a scan looks at these values only.
        self.dirty = locked_at_start(tables) if locked else 0
        # Nodes: (cell, value, how, detail); a removal's value is negative.
        self.nodes: list[tuple[int, int, int, int]] = []
        self.cause: dict[int, int] = {}  # cell * stride + value -> the node that removed it
        self.placed: dict[int, int] = {}  # cell * stride + value -> the node that placed it
        # The same keys as bits, so what several branches share is one `&` away.
        self.put = 0
        self.gone = 0
        self.queue: list[tuple[int, int, int, int]] = []
        self.next = 0
        self.dead_end: DeadEnd | None = None
        self.finished = False  # nothing more follows (or a dead end was reached)
        if on:
            self.queue.append((cell, value, ASSUMED, 0))
        else:
            self.nodes.append((cell, -value, ASSUMED, 0))
            self._remove(cell, value, 0)

    def run(self, limit: int) -> None:
        """Follow singles (and locked candidates) until nothing follows, a dead end, or
        `limit` nodes."""
        nodes, queue, masks, values = self.nodes, self.queue, self.masks, self.values
        while not self.finished and len(nodes) < limit:
            if self.dead_end is not None:
                self.finished = True
            elif self.next < len(queue):
                cell, value, how, detail = queue[self.next]
                self.next += 1
                # A single already placed, or one a later removal made a dead end (caught then).
                if not values[cell] and masks[cell] >> value & 1:
                    self._place(cell, value, how, detail)
            elif self.locked and self._remove_locked(limit):
                continue
            elif self.sums and self._remove_by_cages(limit):
                continue
            elif not (self.nested and self._remove_nested(limit)):
                self.finished = True

    def _place(self, cell: int, value: int, how: int, detail: int) -> None:
        """Fill `cell`, drop its other candidates, and remove `value` from its peers."""
        tables, cause, masks = self.tables, self.cause, self.masks
        places, stride = self.places, tables.stride
        node = len(self.nodes)
        self.nodes.append((cell, value, how, detail))
        key = cell * stride + value
        self.placed[key] = node
        self.put |= 1 << key
        self.values[cell] = value
        self.dirty |= masks[cell]  # the places of the value and of every other candidate
        others = masks[cell] & ~(1 << value)
        masks[cell] = 0
        units = tables.cell_units[cell]
        held = self.held
        for number in units:
            held[number] |= 1 << value
            places[number * stride + value] = 0
        keep = ~(1 << cell)
        while others:
            low = others & -others
            others ^= low
            other = low.bit_length() - 1
            cause[cell * stride + other] = node
            self.gone |= 1 << (cell * stride + other)
            for number in units:
                self._narrow(number * stride + other, keep)
        bit = 1 << value
        for peer in tables.peers[cell]:
            if masks[peer] & bit:
                self._remove(peer, value, node)

    def _remove(self, cell: int, value: int, node: int) -> None:
        """Remove a candidate because of `node`; queue the singles, note the dead end it makes."""
        tables, places = self.tables, self.places
        stride = tables.stride
        mask = self.masks[cell] & ~(1 << value)
        self.masks[cell] = mask
        self.dirty |= 1 << value
        key = cell * stride + value
        self.cause[key] = node
        self.gone |= 1 << key
        if not mask:
            if self.dead_end is None:
                self.dead_end = ("cell", cell)
        elif not mask & (mask - 1):
            self.queue.append((cell, mask.bit_length() - 1, NAKED, 0))
        keep = ~(1 << cell)
        # The places of `value` in each of the cell's units, narrowed as in _narrow (inlined:
        # this is the engine's innermost loop).
        for number in tables.cell_units[cell]:
            key = number * stride + value
            left = places[key]
            if not left:
                continue
            left &= keep
            places[key] = left
            if not left:
                if self.dead_end is None:
                    self.dead_end = ("unit", number, value)
            elif not left & (left - 1):
                self.queue.append((left.bit_length() - 1, value, HIDDEN, number))

    def _narrow(self, key: int, keep: int) -> None:
        """Drop a cell (`keep` is every other) from the places of a value in a unit (`key`):
        queue the hidden single it leaves, or note the dead end when none is left.

        A unit that holds the value has no places left to narrow (they were cleared)."""
        places = self.places
        left = places[key]
        if not left:
            return
        left &= keep
        places[key] = left
        number, value = divmod(key, self.tables.stride)
        if not left:
            if self.dead_end is None:
                self.dead_end = ("unit", number, value)
        elif not left & (left - 1):
            self.queue.append((left.bit_length() - 1, value, HIDDEN, number))

    def _remove_locked(self, limit: int) -> bool:
        """Remove one batch of locked candidates; True when something was removed."""
        if not self.dirty:
            return False
        found = first_locked(self.tables, self.places, self.held, self.dirty)
        if found is None:
            self.dirty = 0
            return False
        tables = self.tables
        number, value, other, outside = found
        while outside and len(self.nodes) < limit and self.dead_end is None:
            low = outside & -outside
            outside ^= low
            cell = low.bit_length() - 1
            detail = number * len(tables.unit_cells) + other
            self.nodes.append((cell, -value, LOCKED, detail))
            self._remove(cell, value, len(self.nodes) - 1)
        return True

    def _remove_by_cages(self, limit: int) -> bool:
        """Remove the candidates of one cage that none of its ways of making its sum gives
        (every one, if it has no way left: a dead end); True when something was removed."""
        masks, values, asked = self.masks, self.values, self.cages_asked
        for at, (number, cells, total, keys) in enumerate(self.tables.cages):
            if asked[at] >= 0 and not (self.gone ^ asked[at]) & keys:
                continue  # none of its cells lost a candidate since
            spend(1)  # asking a cage costs about what following a node does
            open_cells = tuple(cell for cell in cells if not values[cell])
            lacking = total - sum(values[cell] for cell in cells)
            allowed = fillings(lacking, tuple(masks[cell] for cell in open_cells))[1]
            gone = [
                (cell, value)
                for cell, mask in zip(open_cells, allowed, strict=True)
                for value in bits_of(masks[cell] & ~mask)
            ]
            if not gone:
                asked[at] = self.gone
                continue
            for cell, value in gone:
                if len(self.nodes) >= limit or self.dead_end is not None:
                    break
                self.nodes.append((cell, -value, CAGE, number))
                self._remove(cell, value, len(self.nodes) - 1)
            return True
        return False

    def _remove_nested(self, limit: int) -> bool:
        """Remove every candidate whose placement here leads by singles to a dead end (a chain
        inside the branch); True when something was removed."""
        tables = self.tables
        here = Tables(
            Position(tables.position.puzzle, tuple(self.values), tuple(self.masks), unique=False)
        )
        doomed = []
        for cell, mask in enumerate(self.masks):
            if spent() > self.stop_after:
                break
            for value in bits_of(mask):
                inner = Branch(here, cell, value, on=True)
                inner.run(NESTED_LIMIT)
                spend(1 + len(inner.nodes))
                if inner.dead_end is not None:
                    doomed.append((cell, value))
        for cell, value in doomed:
            if len(self.nodes) >= limit or self.dead_end is not None:
                break
            if self.masks[cell] >> value & 1:
                self.nodes.append((cell, -value, NESTED, 0))
                self._remove(cell, value, len(self.nodes) - 1)
        return bool(doomed)

    def parents(self, node: int) -> list[int]:
        """The nodes that made `node` follow: the removals that left it the only choice."""
        cell, value, how, detail = self.nodes[node]
        tables = self.tables
        if how == ASSUMED:
            return []
        if how == NAKED:
            return self._causes((cell, other) for other in bits_of(tables.masks[cell]))
        if how == HIDDEN:
            return self._causes((other, value) for other in tables.unit_cells[detail])
        if how == NESTED:
            # the inner chain may lean on anything the branch found before it
            return list(range(node))
        if how == CAGE:
            # the cage's ways, narrowed by what left any of its cells
            return self._causes(
                (other, gone)
                for other in tables.position.geometry.cages[detail]
                for gone in bits_of(tables.masks[other])
            )
        # LOCKED: the value left the unit's cells outside the partner that holds this cell.
        number, partner = divmod(detail, len(tables.unit_cells))
        inside = tables.unit_masks[partner]
        return self._causes(
            (other, -value) for other in tables.unit_cells[number] if not inside >> other & 1
        )

    def dead_end_parents(self) -> list[int]:
        """The nodes that made the dead end: the removals of every candidate it lacks."""
        assert self.dead_end is not None
        tables = self.tables
        if self.dead_end[0] == "cell":
            cell = self.dead_end[1]
            return self._causes((cell, value) for value in bits_of(tables.masks[cell]))
        _, number, value = self.dead_end  # type: ignore[misc]
        return self._causes((cell, value) for cell in tables.unit_cells[number])

    def _causes(self, candidates: Iterable[tuple[int, int]]) -> list[int]:
        """The nodes that removed those of `candidates` (cell, value) the start had."""
        stride, masks, cause = self.tables.stride, self.tables.masks, self.cause
        found = []
        for cell, value in candidates:
            key = cell * stride + value
            if masks[cell] >> value & 1 and key in cause:
                found.append(cause[key])
        return found

    def ancestry(self, roots: list[int]) -> list[int]:
        """Every node that `roots` depend on, themselves included, in the order they followed."""
        seen = set(roots)
        stack = list(roots)
        while stack:
            for parent in self.parents(stack.pop()):
                if parent not in seen:
                    seen.add(parent)
                    stack.append(parent)
        return sorted(seen)
