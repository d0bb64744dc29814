"""Almost locked sets: n cells with n+1 values, one removal away from a locked set."""

from __future__ import annotations

from .family import Family, Lesson

# What an almost locked set is and what a restricted common does, said once.
ALS = (
    "An almost locked set is n cells of one unit holding n + 1 values between them (a cell"
    " with two candidates is the smallest). If one of its values turns out to be elsewhere,"
    " the n cells hold the other n values, one each: a locked set. Two sets that share no"
    " cell are linked by a value x when every x of one sees every x of the other: x can be"
    " in one set at most, so at least one of them loses x and is locked on its other values."
)

FAMILY = Family(
    "als",
    "Almost locked sets",
    "An almost locked set is n cells of a unit holding n+1 values: take one value away and"
    " the rest is locked. Linking such sets gives strong removals.",
    (
        Lesson(
            "sue-de-coq",
            "A box-line intersection whose values split between the box and the line: each"
            " part's values leave the rest of its unit.",
            what="Two or three cells where a line crosses a box hold at least two more values"
            " than they have cells. A few cells elsewhere on the line, and a few elsewhere in"
            " the box, sharing no value with each other, make up with the crossing cells as"
            " many values as cells. Then the line's part's values leave the rest of the line"
            " and the box's part's values leave the rest of the box.",
            why="Every value of the whole group is in it exactly once: a value of the line's"
            " part can only go in the crossing cells or the line's part (one line), a value"
            " of the box's part only in the crossing cells or the box's part, and the rest"
            " only in the crossing cells. So many values in as many cells: each once. The"
            " line's values are therefore placed on the line's cells of the group, and cannot"
            " be anywhere else on the line; the same for the box.",
            spot="Look where a line crosses a box at two or three open cells with four or"
            " five candidates between them. Find a pair on the line and a pair in the box"
            " (outside the crossing) that each take two of those values and share none.",
            variations="The crossing's own values can be split in many ways; any two units"
            " sharing two or more cells work, a Jigsaw region and a line too.",
            elsewhere="Named after the player who first described it; also called two-sector"
            " disjoint subsets.",
            builds_on=("locked-pair", "hidden-pair"),
        ),
        Lesson(
            "als-xz",
            "Two almost locked sets sharing a restricted value X: their common value Z"
            " leaves the cells seeing every Z of both.",
            what="Two almost locked sets A and B are linked by a value X (every X of A sees"
            " every X of B). Both also hold a value Z. A cell that sees every Z of A and"
            " every Z of B loses Z.",
            why=ALS + " The set that loses X is locked on its other values, Z among them, so"
            " Z is in A or in B. A cell seeing every place Z has in both cannot be Z. When"
            " two values link the sets, both sets are locked, and each one's values leave"
            " every cell seeing all their places in it.",
            spot="Start from two small sets, a pair cell and a pair or triple of cells in a"
            " unit. Find a value whose places in the two all see each other, then a second"
            " value both hold, and look at the cells seeing all of its places.",
            variations="With two linking values it is a doubly linked ALS-XZ and removes"
            " much more. A cell of two candidates with a set of two cells is the XY-wing's"
            " shape made general.\n\nIt is seldom the easiest step. The chain"
            " (Z)A = (X)A - (X)B = (Z)B through the two sets reads it as an AIC, and AICs"
            " and grouped AICs, which run through sets of up to five cells, are easier and"
            " nearly always make the same removals first: an ALS-XZ comes first only where"
            " no chain applies at all, most often where a set has six cells or more.",
            elsewhere="ALS-XZ rule, almost locked set XZ.",
            builds_on=("naked-triple", "xy-wing"),
        ),
        Lesson(
            "als-xy-wing",
            "Three almost locked sets, as an XY-wing's cells: the pincer sets' common value"
            " leaves the cells seeing it in both.",
            what="A middle set C linked to a set A by a value X and to a set B by a value Y"
            " (X and Y different). A and B both hold a value Z. A cell that sees every Z of A"
            " and every Z of B loses Z.",
            why=ALS + " If A lacks Z, A is locked on its other values and holds X; every X"
            " of C sees those of A, so C lacks X, is locked and holds Y; then B lacks Y, is"
            " locked and holds Z. So Z is in A or in B.",
            spot="Look for it when an XY-wing almost works: replace each of its three cells"
            " by a small set of cells in one unit with one value more than cells.",
            variations="With single cells of two candidates it is exactly an XY-wing; with"
            " more sets in a row it is an ALS chain.",
            elsewhere="ALS-XY-wing, ALS-XY.",
            builds_on=("als-xz",),
        ),
        Lesson(
            "als-chain",
            "A chain of almost locked sets linked by restricted values.",
            what="Four or more almost locked sets in a row, each linked to the next by a"
            " value, no two links in a row by the same value. The first and last sets both"
            " hold a value Z (not a link's). A cell that sees every Z of both ends loses Z.",
            why=ALS + " If the first set lacks Z it is locked and holds its link's value;"
            " the second set then lacks that value, is locked and holds the next link's"
            " value, and so on to the last set, which is then locked and holds Z. So Z is in"
            " the first or the last set.",
            spot="Rarely by eye: it is the ALS-XY-wing carried further. It is the last"
            " technique before forcing chains on this site.",
            variations="Two sets are an ALS-XZ, three an ALS-XY-wing.",
            elsewhere="ALS chain, ALS-AIC.",
            builds_on=("als-xy-wing", "aic"),
        ),
        Lesson(
            "death-blossom",
            "A stem cell whose every candidate starts an almost locked set: a value common to"
            " all petals leaves the cells seeing it in each.",
            what="A cell (the stem) with a few candidates, and for each of them an almost"
            " locked set (a petal) whose every place for that candidate sees the stem. All the"
            " petals hold a value Z the stem does not. A cell that sees every Z of every"
            " petal loses Z.",
            why=ALS + " Whatever value the stem takes, the petal for that value loses it"
            " (all its places for it see the stem) and is locked on its other values, Z"
            " among them. So some petal holds Z, and a cell seeing every Z in them cannot.",
            spot="Choose a cell with two or three candidates and, for each, look for a small"
            " set that holds it only in cells seeing the stem; then look for a value all the"
            " sets share.",
            variations="A stem with two candidates and two one-cell petals is an XY-wing; the"
            " petals may share cells, never the stem.",
            elsewhere="Death blossom; it is a cell forcing chain whose branches are almost"
            " locked sets.",
            builds_on=("als-xz",),
        ),
    ),
)
