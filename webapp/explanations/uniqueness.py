"""Sentences for uniqueness techniques: unique rectangles, hidden rectangles and BUG+1."""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku import Shape
from ..sudoku.logic import Step

# slug -> the function that words a step of that technique
SENTENCES: dict[str, Callable[[Shape, Step], str]] = {}
