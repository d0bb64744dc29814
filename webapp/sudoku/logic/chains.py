"""Chains and loops of alternating strong and weak links: x-chains, xy-chains, remote
pairs, nice loops and alternating inference chains, plain and grouped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .position import Position
from .step import Step

Finder = Callable[[Position], Iterator[Step]]

# (slug, difficulty, finder) for each technique of this family; techniques.py orders them all.
TECHNIQUES: tuple[tuple[str, float, Finder], ...] = ()
