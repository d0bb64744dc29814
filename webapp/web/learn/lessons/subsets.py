"""Subsets: n cells of a unit holding n values between them, and the same n values in n cells."""

from __future__ import annotations

from .family import Family, Lesson

NAKED_WHY = (
    "The cells of the set can only hold the set's values, and each holds one: so these"
    " values are used up by these cells, one each. No other cell of the unit can take any"
    " of them."
)
HIDDEN_WHY = (
    "Each value of the set must go somewhere in the unit, and the set's cells are its only"
    " places. That many values in that many cells fills them: no room is left for any other"
    " value there."
)
NAKED_SPOT = (
    "Look in a unit for cells whose candidates come from the same few values: two cells"
    " showing the same two, or three cells whose candidates together are three values (a"
    " cell need not show all of them). Then strike those values from the rest of the unit."
)
HIDDEN_SPOT = (
    "Count, value by value, where each value can go in a unit. When a few values share the"
    " same few cells and no others, those cells are theirs: clear their other candidates."
    " Hidden sets hide among crowded cells, so they are harder to see than naked ones."
)

FAMILY = Family(
    "subsets",
    "Subsets",
    "A group of cells in one unit that must take a group of values between them, as many"
    " values as cells. Naked sets clear the values from the rest of the unit; hidden sets"
    " clear the other values from the cells.",
    (
        Lesson(
            "locked-pair",
            "A naked pair that lies in a box and a line at once clears both units.",
            what="Two cells in the same box and the same row (or column) have the same two"
            " candidates and nothing else. Those two values are removed from the rest of the"
            " box and from the rest of the line.",
            why=NAKED_WHY + " Since the two cells share two units, the values leave both.",
            spot="Watch the short segments where a box meets a line: two cells there with the"
            " same pair clear twice as much as an ordinary pair.",
            variations="The locked triple is the same with three cells and three values.",
            elsewhere="Also called a locked set, or a naked pair in an intersection.",
            builds_on=("naked-pair", "pointing"),
        ),
        Lesson(
            "naked-pair",
            "Two cells of a unit with the same two candidates: those values leave the rest of"
            " the unit.",
            what="In a row, column or box, two cells show exactly the same two candidates. Each"
            " other cell of that unit loses both values.",
            why=NAKED_WHY,
            spot=NAKED_SPOT,
            variations="With three cells it is a naked triple, with four a naked quad. In"
            " a variant, any unit counts: a diagonal or a window can hold the pair.",
            elsewhere="Also called a twin or a naked double.",
            builds_on=("naked-single",),
        ),
        Lesson(
            "hidden-pair",
            "Two values of a unit have the same two places: those cells keep only them.",
            what="In a unit, two values can each go in only the same two cells. Those cells"
            " lose every other candidate.",
            why=HIDDEN_WHY,
            spot=HIDDEN_SPOT,
            variations="Three values in three cells make a hidden triple, four a hidden quad."
            " Once cleared, a hidden pair is a naked pair, which may clear more.",
            elsewhere="Also called a hidden double.",
            builds_on=("hidden-single", "naked-pair"),
        ),
        Lesson(
            "locked-triple",
            "A naked triple that lies in a box and a line at once clears both units.",
            what="Three cells in the same box and the same line hold only three values between"
            " them. Those values leave the rest of the box and the rest of the line.",
            why=NAKED_WHY + " All three cells are in both units, so both are cleared.",
            spot="Look at a box-line segment whose three cells are all empty, with few"
            " candidates between them.",
            variations="It is to the naked triple what the locked pair is to the naked pair.",
            elsewhere="Also called a locked set of three.",
            builds_on=("locked-pair", "naked-triple"),
        ),
        Lesson(
            "naked-triple",
            "Three cells of a unit holding only three values between them: those values leave"
            " the rest of the unit.",
            what="In a unit, three cells have candidates drawn from the same three values"
            " (each cell two or three of them). The other cells of the unit lose those values.",
            why=NAKED_WHY,
            spot=NAKED_SPOT + " A triple often looks like 12, 23 and 13: no cell shows all three.",
            variations="Two cells make a naked pair, four a naked quad.",
            elsewhere="Also called a naked set or a disjoint subset of three.",
            builds_on=("naked-pair",),
        ),
        Lesson(
            "hidden-triple",
            "Three values of a unit confined to the same three cells: those cells keep only them.",
            what="In a unit, three values can only go in the same three cells (each value in"
            " two or three of them). Those cells lose all other candidates.",
            why=HIDDEN_WHY,
            spot=HIDDEN_SPOT,
            variations="The same with two values is a hidden pair, with four a hidden quad.",
            elsewhere="Also called a hidden set of three.",
            builds_on=("hidden-pair",),
        ),
        Lesson(
            "naked-quad",
            "Four cells of a unit holding only four values between them: those values leave"
            " the rest of the unit.",
            what="In a unit, four cells have candidates drawn from the same four values. The"
            " unit's other cells lose those four values.",
            why=NAKED_WHY,
            spot=NAKED_SPOT + " In a unit with eight open cells, a naked quad is the other"
            " side of a hidden quad: look for whichever is easier to see.",
            variations="The largest subset worth looking for on a 9x9: a bigger naked set"
            " always leaves a smaller hidden one beside it.",
            elsewhere="Also called a naked set of four.",
            builds_on=("naked-triple",),
        ),
        Lesson(
            "hidden-quad",
            "Four values of a unit confined to the same four cells: those cells keep only them.",
            what="In a unit, four values can only go in the same four cells. Those cells lose"
            " all their other candidates.",
            why=HIDDEN_WHY,
            spot=HIDDEN_SPOT,
            variations="Rare, since the unit's other cells then often form a naked set that"
            " is easier to see.",
            elsewhere="Also called a hidden set of four.",
            builds_on=("hidden-triple",),
        ),
    ),
)
