"""Singles: the steps that place a value, where only one cell or one value is left."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "singles",
    "Singles",
    "Every solve is mostly singles: a value goes in because nothing else can. Learn these"
    " first; every other technique only removes candidates so that a single appears.",
    (
        Lesson(
            "full-house",
            "The last empty cell of a row, column or box takes the one value its unit lacks.",
            what="When a unit (a row, a column or a box) has every cell filled but one, that"
            " cell holds the one value the unit does not have yet.",
            why="Each unit holds every value exactly once. With all the other values already"
            " placed in it, only one value is left for the last cell, and it must go there.",
            spot="Look for a unit with a single gap. Count the values it has; the one that"
            " is not there is the answer. On a board with candidates, the last cell shows"
            " exactly one candidate.",
            variations="It works in every kind of unit the rules add: a diagonal in"
            " X-Sudoku, a window in Windoku, an irregular region in Jigsaw. On a 4x4 or a"
            " 6x6 grid units are short, so full houses come early and often.",
            elsewhere="Also called a last digit, last empty cell or last remaining cell.",
        ),
        Lesson(
            "hidden-single",
            "A value has only one place left in a unit: it goes there, whatever else that"
            " cell could hold.",
            what="Pick a unit and a value the unit still needs. If every cell of the unit but"
            " one is ruled out for that value (filled, or seeing the same value in a row,"
            " column or box), the value must go in the one cell left.",
            why="The unit must hold the value somewhere. Each other cell either is full or"
            " shares a unit with a cell that already holds the value, so it cannot. One"
            " place is left, so the value is there, even if that cell still shows other"
            " candidates: they are the ones that are hidden behind it.",
            spot="Scan value by value. For a value, look at a box and follow the rows and"
            " columns where that value is already placed: they cross out cells of the box."
            " If one cell survives, that is the single. Boxes are the easiest place to see"
            " it, rows and columns a little harder, which is why a single in a box rates"
            " lower (1.2) than one in a line (1.5).",
            variations="The unit can be any unit the rules have: a hidden single in a"
            " Windoku window or a Jigsaw region is found the same way, only the shape you"
            " scan changes.",
            elsewhere="Also called a pinned digit, a cross-hatching or slicing and dicing"
            " find, or a single position.",
            builds_on=("full-house",),
        ),
        Lesson(
            "naked-single",
            "A cell has only one candidate left: that value goes in it.",
            what="Look at one empty cell and everything it sees: its row, its column, its box."
            " If all values but one already appear there, the cell can only hold that one.",
            why="A cell cannot hold a value that any of its peers holds. When its peers hold"
            " all the other values between them, the remaining one is the cell's.",
            spot="With candidates written in, a naked single is a cell showing one"
            " candidate. Without them, it is a cell whose row, column and box between them"
            " show every value but one: count the values around a busy cell.",
            variations="Extra units (diagonals, windows) give a cell more peers, so naked"
            " singles appear sooner in variants.",
            elsewhere="Also called a sole candidate, a forced digit or a singleton.",
            builds_on=("full-house",),
        ),
    ),
)
