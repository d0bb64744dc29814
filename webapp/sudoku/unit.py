"""The Unit value: N cells that must hold every symbol once (a row, a box, a diagonal...).

It lives apart from geometry.py so that the registry of rule kinds (rulebook.py), which
builds a variant's units, and the geometry, which reads that registry, need not import
each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property


@dataclass(frozen=True)
class Unit:
    """N cells that must hold every symbol once: `kind` ("row", "diagonal"...), 1-based `index`."""

    kind: str
    index: int
    cells: tuple[int, ...]

    def __hash__(self) -> int:
        # Units key many of the logic engine's lookups: the hash is worked out once.
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash((self.kind, self.index, self.cells))

    @cached_property
    def mask(self) -> int:
        """The unit's cells as one int (bit c for cell c)."""
        return sum(1 << cell for cell in self.cells)
