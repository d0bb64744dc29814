"""German whispers: a green line whose neighbouring digits differ by at least 5 on a 9x9.

The gap grows with the grid: at least half its size, rounded up (3 on a 6x6, 2 on a 4x4, 8 on
a 16x16), which is the value f-puzzles gives each whisper it writes ("5" on a 9x9, "3" on a
6x6). A whisper is a chain of "far apart" relations between its successive cells, which the
thermometers' machinery keeps (rulebook.py: its registry entry, `whisper_gap` as the chain);
the relation is the same both ways along the line, so a whisper has no start of note and
is drawn without a bulb.
"""

from __future__ import annotations

from .thermometers import cell_label, line_problem


def least_gap(size: int) -> int:
    """How far apart neighbouring digits on a German whisper are at least on a size x size
    grid: half the size, rounded up (5 on a 9x9)."""
    return (size + 1) // 2


def whisper_gap(size: int, length: int, nearer: int, further: int) -> bool:
    """Whether two digits next to each other on a German whisper are far enough apart (on a
    whisper of any length)."""
    return abs(nearer - further) >= least_gap(size)


def whisper_value(size: int) -> str:
    """The value f-puzzles gives a German whisper on a size x size grid ("5" on a 9x9)."""
    return str(least_gap(size))


def whisper_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a German whisper over `cells`, or None: a whisper of one cell
    relates nothing, and it may be longer than a row (its digits go high, low, high...)."""
    if len(cells) == 1 and 0 <= cells[0] < size * size:
        return f"German whisper at {cell_label(size, cells[0])} has one cell only"
    return line_problem(size, cells, "German whisper", None)
