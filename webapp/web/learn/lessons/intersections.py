"""Intersections: a box and a line share cells, and a value confined to them clears the rest."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "intersections",
    "Intersections",
    "A box and a row (or column) overlap in a short segment. When a value can only be in"
    " that segment for one of the two units, it cannot be elsewhere in the other.",
    (
        Lesson(
            "pointing",
            "A value's places in a box all lie in one row or column: remove it from the rest"
            " of that line.",
            what="Take a box and a value it still needs. If every cell of the box where the"
            " value can go lies in the same row (or the same column), the value is removed"
            " from that row's (or column's) cells outside the box.",
            why="The box must hold the value, and wherever it goes in the box it is in that"
            " row. The row can hold the value only once, so its cells outside the box"
            " cannot.",
            spot="For each box and value, look at where the candidate appears in the box. Two"
            " or three of them in a line, and none elsewhere in the box, point along that"
            " line: follow it out of the box and strike the value there.",
            variations="On a 6x6 grid a box is two rows by three columns, so it points along"
            " a row through three cells or a column through two. In Jigsaw a region can"
            " point along a line it meets in several cells.",
            elsewhere="Also called locked candidates type 1, or a pointing pair or triple.",
            builds_on=("hidden-single",),
        ),
        Lesson(
            "claiming",
            "A value's places in a row or column all lie in one box: remove it from the rest"
            " of that box.",
            what="Take a row (or column) and a value it still needs. If every cell of the line"
            " where the value can go lies in one box, the value is removed from that box's"
            " other cells.",
            why="The line must hold the value, and all its places for it are in the box; so"
            " the box's copy of the value is in the line. The box holds the value once, so"
            " its cells off the line cannot.",
            spot="Scan a line for a value: if its candidates sit within one box's stretch of"
            " the line, the line claims the value for that box. Strike it from the box's"
            " other rows (or columns).",
            variations="It is pointing turned around: the line restricts the box instead of"
            " the box restricting the line. The same works between a diagonal and a box in"
            " X-Sudoku.",
            elsewhere="Also called locked candidates type 2 or box-line reduction.",
            builds_on=("pointing",),
        ),
    ),
)
