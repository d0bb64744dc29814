"""Almost locked sets (N cells with N+1 candidates): ALS-XZ, ALS-XY-wing, ALS chains,
death blossoms, and sue de coq.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .position import Position
from .step import Step

Finder = Callable[[Position], Iterator[Step]]

# (slug, difficulty, finder) for each technique of this family; techniques.py orders them all.
TECHNIQUES: tuple[tuple[str, float, Finder], ...] = ()
