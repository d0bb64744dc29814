"""Uniqueness: unique rectangles (types 1 to 4), hidden rectangles and BUG+1.

Every one of them reasons that the puzzle has exactly one solution, so each finder
yields nothing unless `position.unique` says that is known.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .position import Position
from .step import Step

Finder = Callable[[Position], Iterator[Step]]

# (slug, difficulty, finder) for each technique of this family; techniques.py orders them all.
TECHNIQUES: tuple[tuple[str, float, Finder], ...] = ()
