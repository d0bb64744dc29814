"""Colouring: one value's strong links coloured in two alternating colours."""

from __future__ import annotations

from .family import Family, Lesson

# What both colourings stand on, said once.
CLUSTER = (
    "A strong link is a unit where a value has exactly two places, so exactly one of them"
    " holds it. Links that share cells make a cluster. Give one cell of the cluster a"
    " colour, say blue, then give every cell linked to it the other colour, green, and go"
    " on link by link: each link joins a blue cell and a green one. So either every blue"
    " cell holds the value and no green one does, or the other way round."
)

FAMILY = Family(
    "colouring",
    "Colouring",
    "Follow one value's strong links and colour each cell in turn: one colour holds the"
    " value everywhere, the other nowhere.",
    (
        Lesson(
            "simple-colors",
            "Colour a value's chain of strong links in two colours: a colour that sees itself"
            " is false, and a cell seeing both colours loses the value.",
            what="Pick a value and colour its cluster of strong links in two colours. Two"
            " conclusions follow. If two cells of the same colour see each other, that colour"
            " is false: the value leaves every cell of it. And a cell outside the cluster"
            " that sees a cell of each colour loses the value.",
            why=CLUSTER + " Two cells of one colour in one unit cannot both hold the value,"
            " so that colour cannot be the true one. A cell seeing both colours sees the"
            " true one, whichever it is, so it cannot hold the value.",
            spot="Work one value at a time. Start at any unit with only two places for the"
            " value, mark them with two colours (on paper, two kinds of dot) and follow every"
            " other two-place unit from each marked cell. Then look for a colour repeated in"
            " a unit, or an uncoloured candidate in line with both colours.",
            variations="The first conclusion is called a wrap (or colour wrap), the second a"
            " trap (or colour trap). A skyscraper, a two-string kite and a turbot fish are"
            " all small clusters read the trap way.",
            elsewhere="Single colouring, simple colouring, or (in older guides) coloring"
            " with two colours; an X-chain finds the same removals one chain at a time.",
            builds_on=("x-wing", "skyscraper"),
        ),
        Lesson(
            "multi-colors",
            "Two coloured clusters of one value that see each other: what one colour rules"
            " out crosses to the other cluster.",
            what="Colour two separate clusters of the same value, one in blue and green, the"
            " other in red and yellow. If a blue cell sees a red cell, blue and red cannot"
            " both be true, so green or yellow is: a cell seeing both a green and a yellow"
            " cell loses the value. And if a blue cell sees a red one and another blue cell"
            " sees a yellow one, blue is false everywhere: whichever of red and yellow is"
            " true, blue would clash with it.",
            why=CLUSTER + " Each cluster has one true colour. A weak link between the two"
            " clusters (a cell of each in one unit) says that two of the four colours are"
            " not both true, which ties the clusters together without making them one.",
            spot="After colouring one cluster without a result, colour a second cluster of"
            " the same value and look for places where the two meet in a unit. Then ask"
            " which pair of colours cannot both be true, and follow the other two.",
            variations="The first conclusion is multi colours type 1, the second type 2."
            " With more clusters the same reasoning goes on, but it is easier then to read"
            " them as an X-chain.",
            elsewhere="Multi-colouring; Medusa colouring goes further, colouring every value"
            " of the grid at once.",
            builds_on=("simple-colors",),
        ),
    ),
)
