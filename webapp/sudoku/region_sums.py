"""Region-sum lines: a blue line crossing boxes (a Jigsaw's regions), which cut it into
segments, each a run of the line's cells in one box; the digits of every segment add up to
the same total.

A region-sum line is a sum line with several sums (sum_lines.py: its kind's
`line_equations`): each segment after the first, weighed +1 a cell, less the first segment,
weighed -1, adds up to nothing. A line that leaves a box and comes back has a segment each
time it is in it. The digits of one segment all differ, as they share a box, which the box
keeps. What is wrong with a drawn line is said here, with where it is.
"""

from __future__ import annotations

from .thermometers import line_problem

Terms = tuple[tuple[int, int], ...]


def segments(cells: tuple[int, ...], box_of: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The segments of a line over `cells`: its runs of cells in one box (`box_of`: each
    grid cell's box or region number), in the line's order."""
    found: list[list[int]] = []
    for cell in cells:
        if found and box_of[found[-1][-1]] == box_of[cell]:
            found[-1].append(cell)
        else:
            found.append([cell])
    return tuple(tuple(each) for each in found)


def region_sum_terms(cells: tuple[int, ...], box_of: tuple[int, ...]) -> tuple[Terms, ...]:
    """The sums of a region-sum line over `cells`: for each segment after the first, its
    cells weighed +1 and the first segment's -1 (none for a line in one box)."""
    first, *rest = segments(cells, box_of)
    return tuple(
        (*((cell, 1) for cell in segment), *((cell, -1) for cell in first)) for segment in rest
    )


def region_sum_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a region-sum line over `cells` on a size x size grid, or None: a
    line's faults (line_problem: a cell twice, cells in turn that do not touch)."""
    said = line_problem(size, cells, "region-sum line", None)
    if said is not None:
        return said.replace("has only its bulb", "has one cell only")
    return None
