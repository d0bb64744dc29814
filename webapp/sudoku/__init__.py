"""The Sudoku engine: read a puzzle, check its givens against its units, solve it in a budget,
count its solutions.

Pure Python (save CaDiCaL, through python-sat, for big grids): no web framework, no I/O.
Everything a caller needs is here.
"""

from .conflicts import Conflict, find_conflicts
from .counting import SolutionCount, count_solutions_of
from .dead_end import DeadEnd, find_dead_end
from .errors import PuzzleError
from .geometry import Geometry, Unit, diagonals, standard_geometry, x_sudoku
from .grid import Grid
from .parse import parse, read_code
from .puzzle import CLASSIC, Puzzle, Rules, is_solution, split_code
from .result import (
    GAVE_UP,
    MULTIPLE,
    NO_SOLUTION,
    SOLVED,
    STATUSES,
    Budget,
    SolveResult,
    SolveStatus,
)
from .shape import SHAPES, SYMBOLS, Shape
from .solver import prepare, solve

__all__ = [
    "CLASSIC",
    "GAVE_UP",
    "MULTIPLE",
    "NO_SOLUTION",
    "SHAPES",
    "SOLVED",
    "STATUSES",
    "SYMBOLS",
    "Budget",
    "Conflict",
    "DeadEnd",
    "Geometry",
    "Grid",
    "Puzzle",
    "PuzzleError",
    "Rules",
    "Shape",
    "SolutionCount",
    "SolveResult",
    "SolveStatus",
    "Unit",
    "count_solutions_of",
    "diagonals",
    "find_conflicts",
    "find_dead_end",
    "is_solution",
    "parse",
    "prepare",
    "read_code",
    "solve",
    "split_code",
    "standard_geometry",
    "x_sudoku",
]
