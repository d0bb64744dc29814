"""Searches remembered as fruitless, by exactly what they read.

A path asks every technique again at each step, but most steps change the
candidates of one or two values in a few units. A search that reads one
value's places (a fish, a colouring, an x-chain) and found nothing will find
nothing again while those stay the same.

So such a search is keyed by everything it reads: its name and parameters, the
geometry (its key: GeometryKey, which keeps the units' cells alive but not the tables a
geometry holds, so that the keys of hundreds of Jigsaw maps cost little), and the value's
places as masks. A key is remembered only when its
search ran to the end and found nothing, so a skipped search is one that would
have found nothing, on any position of any path; one stopped by the time
budget is not remembered.

Candidates only shrink along a path, which lets a search do less even when
what it reads changed: `each_value_since` also hands a per-value search the
places of the last position where it found nothing, when the present one only
lost candidates since (and placed no fewer cells). A part of the search (a
fish's base lines, say) that reads only what is unchanged, and whose removals
can only have shrunk, finds nothing again and can be skipped.
`since_position` does the same for a search of the whole grid (hidden
subsets and sue de coq unit by unit, wings, xy-chains), handing it the cells
changed since it last found nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any

from .position import Position
from .step import Step

# Keys kept; past that, the oldest tenth goes. A path leaves a few hundred (200 expert
# paths: 65,000), and a key is a few hundred bytes: about 10 MB at most for each process.
LIMIT = 50_000


class Fruitless:
    """The keys of searches that ran to the end and found nothing."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._keys: dict[Hashable, None] = {}
        self._latest: dict[Hashable, Any] = {}  # family -> the key of its last fruitless search
        self._lock = threading.Lock()

    def __contains__(self, key: Hashable) -> bool:
        return key in self._keys

    def search(
        self, key: Hashable, steps: Iterable[Step], family: Hashable = None, exact: bool = True
    ) -> Iterator[Step]:
        """The steps of a search, not run at all when `key` is known to find nothing.

        `steps` should be lazy (a generator): it is only started when needed. When it
        finds nothing, `key` is also remembered as the latest fruitless key of `family`;
        with `exact` False, only as that (a key too big to keep many of).
        """
        if exact and key in self._keys:
            return
        found = False
        for step in steps:
            found = True
            yield step
        if not found:
            with self._lock:
                if exact:
                    self._keys[key] = None
                    if len(self._keys) > self.limit:
                        self._keys = _newest(self._keys, self.limit)
                if family is not None and self.limit:
                    self._latest.pop(family, None)  # re-inserted last: the newest
                    self._latest[family] = key
                    if len(self._latest) > self.limit:
                        self._latest = _newest(self._latest, self.limit)

    def latest(self, family: Hashable) -> Any:
        """The key of the last search of `family` that found nothing, or None."""
        return self._latest.get(family)

    def clear(self) -> None:
        """Forget every key (for measuring searches from cold)."""
        with self._lock:
            self._keys.clear()
            self._latest.clear()

    @contextmanager
    def forgetting(self) -> Iterator[None]:
        """Skip nothing and remember nothing for the block, then go on as before: a path
        found within it is the one the searches give without any memo."""
        with self._lock:
            kept, self._keys, self._latest, limit = (self._keys, self._latest), {}, {}, self.limit
            self.limit = 0
        try:
            yield
        finally:
            with self._lock:
                (self._keys, self._latest), self.limit = kept, limit


def _newest(keys: dict[Hashable, Any], limit: int) -> dict[Hashable, Any]:
    """The newest nine tenths of `limit` entries, in a new dict. Dropping the oldest key
    one at a time would leave a run of holes at the dict's front that every later drop
    scans (7.8 us a key at 50,000 keys); a fresh dict has none."""
    keep = limit * 9 // 10
    return dict(islice(keys.items(), len(keys) - keep, None))


FRUITLESS = Fruitless()


def each_value(
    name: Hashable,
    position: Position,
    search: Callable[[Position, int], Iterator[Step]],
    fruitless: Fruitless = FRUITLESS,
) -> Iterator[Step]:
    """`search(position, value)` for every value, in order, but for the values whose
    places (and placed cells) are known to give `search` nothing, and those with no places
    left (a search of one value's places finds nothing there). `search` must read
    nothing of any other value, and `name` must tell it from every other search (its
    parameters included). `fruitless` remembers the searches that found nothing."""
    geometry, places, placed = position.geometry.key, position.value_cells, position.placed_cells
    for value in range(1, position.size + 1):
        if not places[value]:
            continue  # no candidate of it left: nothing to find
        key = (name, geometry, value, places[value], placed[value])
        if key not in fruitless:  # known keys: not even a generator made
            yield from fruitless.search(key, search(position, value))


def each_value_since(
    name: Hashable,
    position: Position,
    search: Callable[[Position, int, int | None], Iterator[Step]],
    fruitless: Fruitless = FRUITLESS,
) -> Iterator[Step]:
    """As `each_value`, but `search(position, value, before)` also gets `before`: the
    value's places (a cell mask) at a position where the same search found nothing, from
    which this position's places are a subset and its placed cells a superset, or None
    when no such position is known. Any part of the search that reads only cells whose
    places are the same in `before`, and whose removals cannot grow as places shrink,
    can be skipped: it found nothing there."""
    geometry, places, placed = position.geometry.key, position.value_cells, position.placed_cells
    for value in range(1, position.size + 1):
        here, filled = places[value], placed[value]
        if not here:
            continue  # no candidate of it left: nothing to find
        key = (name, geometry, value, here, filled)
        if key in fruitless:
            continue
        family = (name, geometry, value)
        latest = fruitless.latest(family)
        before = None
        if latest is not None:
            _, _, _, then, then_filled = latest
            if not here & ~then and not then_filled & ~filled:
                before = then
        yield from fruitless.search(key, search(position, value, before), family)


def since_position(
    name: Hashable,
    position: Position,
    search: Callable[[Position, int | None], Iterator[Step]],
    fruitless: Fruitless = FRUITLESS,
) -> Iterator[Step]:
    """`search(position, changed)`, where `changed` is the cells (a mask) whose candidates
    differ from those at the last position where the same search found nothing, when this
    position only lost candidates since (and filled no fewer cells); else None. A part of
    the search that reads only unchanged cells, and whose removals cannot grow as
    candidates go, can be skipped: it found nothing there."""
    family = (name, position.geometry.key)
    key = (position.value_cells, position.placed_cells)
    latest = fruitless.latest(family)
    changed = None if latest is None else _changed(latest, key)
    yield from fruitless.search(key, search(position, changed), family, exact=False)


def _changed(
    then: tuple[tuple[int, ...], tuple[int, ...]], now: tuple[tuple[int, ...], tuple[int, ...]]
) -> int | None:
    """The cells whose candidates changed from `then` to `now` (each value's places and
    placed cells, as masks), or None when some cell gained a candidate or lost its value."""
    (then_places, then_placed), (now_places, now_placed) = then, now
    if len(then_places) != len(now_places):
        return None
    changed = 0
    for before, after, was, is_now in zip(
        then_places, now_places, then_placed, now_placed, strict=True
    ):
        if after & ~before or was & ~is_now:
            return None
        changed |= before ^ after
    return changed
