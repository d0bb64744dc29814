"""The logic engine: human-style steps over a position's candidates, and easiest-first paths.

A first part of it: singles, intersections and subsets over any geometry's
units. Finding (these modules), wording and drawing (outside the engine) are
separate; every step is a value.
"""

from .marks_check import mark_problems, wrong_notes
from .marks_code import decode as decode_marks
from .marks_code import encode as encode_marks
from .marks_code import narrowed, position_of
from .path import (
    ABOVE,
    CEILING,
    PLACED,
    SOLVED,
    STOPPED,
    STUCK,
    Path,
    PathStatus,
    find_path,
    next_step,
    path_from,
    to_next_placement,
)
from .pencilmarks import looks_like_pencil_marks, parse_pencil_marks, read_position
from .position import Position, bits_of
from .step import Step
from .techniques import BY_SLUG, TECHNIQUES, VERSION

__all__ = [
    "ABOVE",
    "BY_SLUG",
    "CEILING",
    "PLACED",
    "SOLVED",
    "STOPPED",
    "STUCK",
    "TECHNIQUES",
    "VERSION",
    "Path",
    "PathStatus",
    "Position",
    "Step",
    "bits_of",
    "decode_marks",
    "encode_marks",
    "find_path",
    "looks_like_pencil_marks",
    "mark_problems",
    "narrowed",
    "next_step",
    "parse_pencil_marks",
    "path_from",
    "position_of",
    "read_position",
    "to_next_placement",
    "wrong_notes",
]
