"""Reading a Sudoku from a photo: the picture's bytes to a grid, each cell's confidence,
the grid's corners and the cells worth checking.

No web framework here. Each stage is a module: limits.py (bytes and pixels, before
decoding), costs.py (what decoding will cost, before decoding), decoding.py (formats,
EXIF orientation), threshold.py (ink on a working copy), corners.py (the grid's four
corners), frame.py (those corners moved onto the frame's lines), mesh.py (its lines
followed, cell by cell, where a page bends), warp.py (the grid square on), cells.py (empty
cells, digit images), regions.py (a Jigsaw's regions from its thick lines), digits.py
(the network), reading.py (the whole read, in four turns). standing.py says how the read
grid stands as a puzzle; record.py is the JSON the CLI and the API show; training/ makes
the network's weights. isolation.py reads in a child process within memory, CPU and time
ceilings (child.py is the child's side): the web routes read that way, the CLI in its own
process.
"""

from .errors import PhotoError, PhotoProblem
from .limits import DEFAULT_LIMITS, Limits
from .reading import PhotoReading, UncertainCell, read_photo
from .record import ReadingRecord, doubt_message, other_grids_message
from .standing import GridStanding, Standing, stand

__all__ = [
    "DEFAULT_LIMITS",
    "GridStanding",
    "Limits",
    "PhotoError",
    "PhotoReading",
    "PhotoProblem",
    "Standing",
    "UncertainCell",
    "doubt_message",
    "other_grids_message",
    "read_photo",
    "ReadingRecord",
    "stand",
]
