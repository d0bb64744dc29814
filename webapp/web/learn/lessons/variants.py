"""Variants' own techniques: what extra or irregular regions make true."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "variants",
    "Variants: X, Windoku, Jigsaw",
    "Extra units (diagonals, windows) bring no new technique, only more units for the old"
    " ones; irregular regions bring the law of leftovers.",
    (
        Lesson(
            "law-of-leftovers",
            "In a Jigsaw, the cells some lines leave outside their regions hold the same"
            " values as the regions' cells outside those lines.",
            what="Take one or more rows next to each other (or columns) and as many Jigsaw"
            " regions, those that lie mostly inside them. The cells of the rows outside the"
            " regions (innies) hold the same values as the cells of the regions outside the"
            " rows (outies). An innie can only hold a value some outie can hold, and the"
            " other way round; with one innie and one outie, they are equal.",
            why="k rows hold every value k times; so do k regions. The cells both groups"
            " share hold the same values counted from either side, so what each group has"
            " left over holds the same values too.",
            spot="Draw a line under the first row (or first two or three) and look at which"
            " regions poke out below it and which cells of the rows belong to regions"
            " reaching above. Count them: the two groups are always the same size.",
            variations="It works from either edge and with columns as well as rows. With"
            " regular boxes the leftovers are always empty: it only says something in a"
            " Jigsaw. On an X-Sudoku or a Windoku the other techniques simply have more"
            " units to use: a diagonal works as a line, a window as a box.",
            elsewhere="Law of leftovers; innies and outies, the Killer's name for the same"
            " counting.",
            builds_on=("hidden-single",),
        ),
    ),
)
