"""Uniqueness: patterns that would allow two solutions, so a proper puzzle cannot end in them."""

from __future__ import annotations

from .family import Family, Lesson

# Why every rectangle technique holds, said once.
DEADLY = (
    "Take four open cells at the corners of a rectangle lying in two rows, two columns and"
    " two boxes. If the solution put u and v on them crosswise (u, v in one row and v, u in"
    " the other), swapping u and v in those four cells would give a second solution: every"
    " row, column and box would still hold each value once, and no given stands in the way."
    " A puzzle with one solution cannot do that, so it never ends in that pattern, called a"
    " deadly pattern."
)
ONE_SOLUTION = (
    "It holds only for a puzzle known to have one solution: this site uses it only when it"
    " has proved that, and never in a Killer, whose sums could tell the two apart."
)

FAMILY = Family(
    "uniqueness",
    "Uniqueness",
    "A puzzle with one solution cannot end in a pattern whose values could be swapped:"
    " whatever would lead there is false. These hold only for puzzles proven to have one"
    " solution, and never in a Killer.",
    (
        Lesson(
            "unique-rectangle-1",
            "Three corners of a rectangle over two boxes hold the same pair: the fourth"
            " corner cannot be either value.",
            what="Four cells at the corners of a rectangle, in two rows, two columns and"
            " exactly two boxes. Three of them have only the candidates u and v; the fourth"
            " has u, v and more. The fourth corner loses u and v.",
            why=DEADLY + " If the fourth corner were u or v, all four corners would be u or"
            " v and, being in pairs of rows and columns, crosswise: the deadly pattern. So"
            " it is one of its other values. " + ONE_SOLUTION,
            spot="Look for the same pair in three cells that make an L across two boxes."
            " Where the L's missing corner is, remove the pair.",
            variations="The other types keep the pair in two corners (the floor) and look at"
            " what the other two (the roof) have beyond it.",
            elsewhere="Unique rectangle type 1, UR1; the rectangle is also called a deadly"
            " rectangle.",
            builds_on=("naked-pair",),
        ),
        Lesson(
            "unique-rectangle-2",
            "A rectangle's pair plus one extra value in two corners: that extra value leaves"
            " the cells seeing both.",
            what="Two corners of the rectangle (the floor) have only u and v. The other two"
            " (the roof) have u, v and one same extra value x, and nothing else. Every cell"
            " that sees both roof cells loses x.",
            why=DEADLY + " If neither roof cell held x, all four corners would be u or v:"
            " the deadly pattern. So one roof cell is x, and a cell seeing both cannot be. "
            + ONE_SOLUTION,
            spot="Find two cells with the same pair across two boxes and look along their"
            " lines for two cells with that pair and one extra value, the same in both.",
            variations="The roof cells may be side by side (in one row, column or box) or"
            " across the rectangle's diagonal; with the extra value in three corners the"
            " cells seeing all three lose it.",
            elsewhere="UR2; with the roof across the diagonal it is sometimes counted as"
            " type 5 or 6.",
            builds_on=("unique-rectangle-1",),
        ),
        Lesson(
            "unique-rectangle-3",
            "A rectangle's extra values act as one cell, making a naked set with the unit's"
            " other cells.",
            what="The floor has only u and v; the two roof cells, side by side in one unit,"
            " have u, v and some extra values. Take the roof's extra values together as one"
            " imagined cell. If it and other cells of the unit hold as many values as cells,"
            " they are a naked set: those values leave the unit's other cells.",
            why=DEADLY + " So at least one roof cell holds one of the extra values, which"
            " means the two roof cells act, for the rest of the unit, as one cell holding"
            " one of the extras. A naked set counts that imagined cell like any other. "
            + ONE_SOLUTION,
            spot="When the roof's extras are two or three values, look along the roof's"
            " line (or box) for cells holding only values from among them.",
            variations="The set made may be a pair (with one more cell), a triple or a quad.",
            elsewhere="UR3; the imagined cell is often called a pseudo-cell.",
            builds_on=("unique-rectangle-2", "naked-triple"),
        ),
        Lesson(
            "unique-rectangle-4",
            "A strong link on one of the rectangle's values along its roof: the other value"
            " leaves the roof.",
            what="The floor has only u and v; the roof cells, side by side in one unit,"
            " have u, v and more. If u can go nowhere else in that unit than the two roof"
            " cells, both roof cells lose v.",
            why=DEADLY + " One of the roof cells is u, because the unit needs a u and has no"
            " other place for it. If the other roof cell were v, the four corners would be"
            " the deadly pattern. So neither roof cell can be v: one is u and the other,"
            " seeing it, cannot be u and must not be v. " + ONE_SOLUTION,
            spot="Having found a floor and a roof, check the roof's shared unit for each of"
            " the pair's values: a value with no other place there removes the other value"
            " from the roof.",
            variations="The unit may be the roof's row or column, or its box when the roof"
            " cells share one.",
            elsewhere="UR4.",
            builds_on=("unique-rectangle-2",),
        ),
        Lesson(
            "hidden-rectangle",
            "A rectangle with strong links along two of its sides: one corner loses a value.",
            what="One corner of a rectangle over two boxes has only u and v. In the row and"
            " the column through the opposite corner, u has no place outside the rectangle."
            " Then that opposite corner cannot be v.",
            why=DEADLY + " Were the opposite corner v, its row and column would each need"
            " their u in the rectangle's other corners; the first corner, being u or v and"
            " seeing both, would then be v, and the four corners would be u and v crosswise:"
            " the deadly pattern. " + ONE_SOLUTION,
            spot="Start from a two-candidate corner. Across the rectangle, check the row and"
            " column of the opposite corner: if one of the pair has only the rectangle's"
            " cells in both, the other value goes from that corner.",
            variations="The other corners may have any extra candidates: the strong links do"
            " the work.",
            elsewhere="Hidden unique rectangle; counted by some guides as a type of unique"
            " rectangle.",
            builds_on=("unique-rectangle-4",),
        ),
        Lesson(
            "bug-plus-1",
            "Every open cell has two candidates but one: that cell must take the value that"
            " appears three times in its units.",
            what="Every open cell has exactly two candidates except one cell, which has"
            " three. In that cell, one value appears three times in its row, its column and"
            " its box (the others twice). That cell takes that value.",
            why="A position where every open cell has two candidates and every value has two"
            " places in each unit it still needs is a grave: it has no solution or at least"
            " two, since swapping every cell to its other candidate keeps every unit whole."
            " Without the extra value the odd cell would leave such a grave, so in a puzzle"
            " with one solution the odd cell must hold it. " + ONE_SOLUTION,
            spot="Near the end of a hard puzzle, when almost every cell is a pair: find the"
            " one cell with three candidates, and count each of its values in its row: the"
            " one seen three times is the answer.",
            variations="With two or more cells of three candidates there are other kinds of"
            " BUG, which this site does not use yet.",
            elsewhere="Bivalue universal grave plus one, BUG type 1.",
            builds_on=("unique-rectangle-1",),
        ),
    ),
)
