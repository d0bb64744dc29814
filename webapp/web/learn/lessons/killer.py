"""Killer techniques: cages with sums, and what sums and units make true together."""

from __future__ import annotations

from .family import Family, Lesson

# How the values of a cage are found, said once.
WAYS = (
    "A cage's cells hold different values (they see each other, as in a unit), adding up to"
    " its sum. A way of filling it is a set of that many different values with that sum:"
    " two cells making 3 can only be 1 and 2; three cells making 23 only 6, 8 and 9."
)
FORTY_FIVE = (
    "Every row, column and box holds 1 to 9 once, which adds up to 45 (k units that share"
    " no cell add up to 45 times k)."
)

FAMILY = Family(
    "killer",
    "Killer",
    "A Killer's cages give sums instead of givens: reason from the ways a sum can be made"
    " and from what whole units must add up to.",
    (
        Lesson(
            "cage-last-cell",
            "A cage's last empty cell takes its sum less the values already in it.",
            what="When every cell of a cage but one is filled, the last one takes the cage's"
            " sum less the values already in it. A cage of one cell is its own last cell.",
            why="The cage's values add up to its sum, so the one unknown value is what the"
            " sum still lacks.",
            spot="After each value you place, look at its cage: is one cell left?",
            variations="The same subtraction across a whole unit is the rule of 45.",
            elsewhere="The Killer's full house.",
            builds_on=("full-house",),
        ),
        Lesson(
            "cage-combinations",
            "Only some sets of values make a cage's sum: its cells keep only their values.",
            what="List the ways of filling a cage (the sets of different values of the right"
            " size with its sum). A candidate of a cell that no way can give it, with the"
            " other cells' candidates, goes.",
            why=WAYS + " A value in no way cannot be in the cage; a value some way has but"
            " only where another cell cannot take the rest is out too.",
            spot="Learn the cages with one way: 3 and 4 in two cells (1+2, 1+3), 16 and 17"
            " (7+9, 8+9), 6 and 7 in three cells (1+2+3, 1+2+4), 23 and 24 in three (6+8+9,"
            " 7+8+9). Then cross off what the cage's neighbours already rule out.",
            variations="A value every way holds must be in the cage: that is the start of a"
            " cage/unit overlap.",
            elsewhere="Killer combinations, cage combos; the sums with a single way are often"
            " printed as a table.",
            builds_on=("cage-last-cell",),
        ),
        Lesson(
            "rule-of-45",
            "A unit adds up to 45: the cells its cages leave over (or stick out with) make a"
            " known sum.",
            what="Take a unit, or a few side by side (rows 1 to 3, two boxes). Add the sums"
            " of the cages wholly inside it: what is missing from 45 (or 90, 135...) is the"
            " sum of the cells left over (the innies). Or add every cage that touches it: what"
            " goes past 45 is the sum of the cells sticking out (the outies).",
            why=FORTY_FIVE + " The cages inside and the innies fill the units exactly, so"
            " they add up to the units' total; the same with the outies taken away.",
            spot="Look for a unit where the cages fit almost exactly: one or two cells are"
            " left over, or stick out. One innie is a value; two make a small cage of their"
            " own.",
            variations="Innies and outies together make a difference: the outies less the"
            " innies is a known number. The same count in a Jigsaw is the law of leftovers.",
            elsewhere="The 45 rule, innies and outies.",
            builds_on=("cage-combinations",),
        ),
        Lesson(
            "cage-unit-overlap",
            "A value a cage must hold, placed only where the cage meets one unit, leaves the"
            " unit's other cells.",
            what="Every way of filling a cage holds a value v. If the cage's cells that can"
            " hold v all lie in one row, column or box, v leaves that unit's other cells. In"
            " general, a cell outside the cage that sees all of them loses v.",
            why=WAYS + " Since every way has v, one of the cage's cells that can hold v"
            " does; a cell seeing them all would clash with it.",
            spot="Look for cages with a value in every way: 10 in four cells is always"
            " 1+2+3+4, and 8 in three cells is 1+2+5 or 1+3+4, a 1 either way. Then see"
            " where in the cage that value can still go.",
            variations="It is pointing with a cage in place of the box.",
            elsewhere="Cage-unit overlap, cage pointing.",
            builds_on=("cage-combinations", "pointing"),
        ),
        Lesson(
            "unit-cage-overlap",
            "A value a unit needs, possible only in one cage's cells, leaves that cage's other"
            " cells.",
            what="In a row, column or box, every place left for a value v is in one cage."
            " Then the cage holds v there: its cells outside the unit lose v, and its ways"
            " without v go, with the values only they gave.",
            why="The unit needs v and can only put it in the cage's cells, so the cage has"
            " its v inside the unit, and no other of its cells can be v (they see each"
            " other). A way without v cannot be the cage's.",
            spot="When a value has few places in a unit, check whether they all fall in one"
            " cage reaching out of the unit.",
            variations="It is claiming with a cage in place of the box; the cage's sum then"
            " often does more.",
            elsewhere="Unit-cage overlap, cage claiming.",
            builds_on=("cage-unit-overlap", "claiming"),
        ),
        Lesson(
            "unit-combinations",
            "The cages of a unit together must make its values: combinations that cannot"
            " fit together go.",
            what="The cages lying wholly inside a unit, and its other cells taken as one more"
            " cage, must together use each value once. A way of filling one cage that leaves"
            " no ways for the others to share nothing with it goes.",
            why=FORTY_FIVE + " So the unit's cages share no value, and whatever way one takes,"
            " the others must be filled from what it leaves.",
            spot="In a row of three or four cages, write each cage's ways and look for a"
            " value two cages would both need: one of them must do without it.",
            variations="When a cage lies across the unit's edge, split combinations match its"
            " part inside the unit.",
            elsewhere="Combination matching, cage interaction.",
            builds_on=("cage-combinations",),
        ),
        Lesson(
            "cage-splitting",
            "A unit cuts a cage in two: the part inside makes a known sum by the rule of 45.",
            what="When the rule of 45 leaves innies that are all cells of one cage lying"
            " across the unit's edge, it gives the sum of that cage's part inside, and so"
            " of its part outside: the cage's sum less that. The cage is then filled as two"
            " smaller cages sharing no value.",
            why=FORTY_FIVE + " The rule of 45 gives the innies' sum; the cage's sum less the"
            " innies is what its other cells make. Both parts are cells of one cage, so they"
            " share no value.",
            spot="After a rule of 45, look at where the innies (or outies) are: all in one"
            " cage means that cage splits.",
            variations="With outies in one cage, the same from the other side.",
            elsewhere="Cage splitting; an innie-outie difference applied to one cage.",
            builds_on=("rule-of-45",),
        ),
        Lesson(
            "split-combinations",
            "A split cage's parts each have a known sum: only combinations that make both survive.",
            what="A unit's missing values are placed once each by the cages reaching into it:"
            " whole ways of the cages inside, and parts of ways of the cages lying across its"
            " edge. A part that no choice for the other cages leaves room for goes, with"
            " what only it gave the cage's cells, inside the unit and outside.",
            why=FORTY_FIVE + " Each cage across the edge puts some of its values in the unit;"
            " which ones depends on its way and on its cells' candidates. Every choice must"
            " fit with the others, so a part that never fits is not the cage's.",
            spot="When a cage crosses from one row into the next, list which pairs of its"
            " values could fall in each row, and check them against the rows' other cages.",
            variations="Unit combinations are the case with every cage wholly inside.",
            elsewhere="Split cages, combination splitting.",
            builds_on=("cage-splitting",),
        ),
        Lesson(
            "cage-comparison",
            "Two cages over the same values compared: what one must hold, the other cannot.",
            what="Take a way of filling one cage. Its values go in the cage's cells that can"
            " hold them; a cell of a second cage that sees all of one value's places cannot"
            " have it. If the second cage is then left no way of making its sum, the first"
            " cage's way goes.",
            why=WAYS + " A way that leaves a cage it sees no way of filling cannot be the"
            " solution's, since that cage must be filled too.",
            spot="Look at two cages in one row, column or box that share likely values: if"
            " one took 1 and 4, could the other still make its sum?",
            variations="The second cage may lie partly outside the unit; only its cells that"
            " see the first count.",
            elsewhere="Cage comparison, cage interaction.",
            builds_on=("split-combinations",),
        ),
        Lesson(
            "rule-of-45-combinations",
            "A rule-of-45 count's cells tried value by value: a value that balances the count"
            " but leaves a cage holding one of them no way of making its sum goes.",
            what="Take a rule-of-45 count with a few open innies and outies (two to six). Try"
            " every way of filling them with their candidates, different values where they see"
            " each other, that makes the count's difference. Keep only the fillings that also"
            " leave each cage holding some of these cells a way of making its sum with its other"
            " cells. A candidate of one of the cells that no kept filling uses goes.",
            why=FORTY_FIVE + " The count must balance in the solution, and every cage must"
            " make its sum there too, so the solution's values for these cells are one of the"
            " kept fillings: a value in none of them is not the cell's.",
            spot="When the plain rule of 45 gives a sum for two or three cells but their"
            " candidates still allow it many ways, look at the cages those cells sit in: a value"
            " that balances the count may take the one digit a cage needed for its own sum.",
            variations="With one open cell it is the plain rule of 45, which places it; the"
            " more cells, the more fillings to try, so it is rated higher for five and six. It"
            " works over several units as the plain count does.",
            elsewhere="Innies and outies with combinations; a rule-of-45 cage; combination"
            " analysis of a virtual cage.",
            builds_on=("rule-of-45", "cage-combinations"),
        ),
    ),
)
