"""Sentences for chains and loops: x-chains, xy-chains, remote pairs, nice loops and AICs."""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku import Shape
from ..sudoku.logic import Step

# slug -> the function that words a step of that technique
SENTENCES: dict[str, Callable[[Shape, Step], str]] = {}
