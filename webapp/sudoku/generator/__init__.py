"""The generator: new puzzles of every size, at a chosen level and symmetry, from a seed.

Pure Python like the rest of the engine. `generate` is all a caller needs.
"""

from ..logic.levels import LEVEL_NAMES
from .generate import (
    LARGEST_SEED,
    SIZES,
    VERSION,
    Generated,
    GenerationStatus,
    Order,
    OrderError,
    generate,
    levels_of,
)
from .symmetry import DESCRIPTIONS, SYMMETRIES, is_symmetric, orbits, symmetry_of

__all__ = [
    "DESCRIPTIONS",
    "LARGEST_SEED",
    "LEVEL_NAMES",
    "SIZES",
    "SYMMETRIES",
    "VERSION",
    "Generated",
    "GenerationStatus",
    "Order",
    "OrderError",
    "generate",
    "levels_of",
    "is_symmetric",
    "orbits",
    "symmetry_of",
]
