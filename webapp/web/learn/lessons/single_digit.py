"""Single-digit patterns: one value's strong links chained into a short pattern."""

from __future__ import annotations

from .family import Family, Lesson

STRONG = (
    "A strong link is a unit where a value has exactly two places: if one of them does not"
    " hold it, the other does."
)

FAMILY = Family(
    "single-digit",
    "Single-digit patterns",
    "Short patterns of one value built from strong links: a unit where the value has"
    " exactly two places, so one of them holds it.",
    (
        Lesson(
            "skyscraper",
            "Two strong links on one value whose bases share a line: a cell seeing both tops"
            " loses the value.",
            what="Two rows each have the value in exactly two places. One place of each row"
            " (the bases) lies in the same column; the other two (the tops) do not. Any cell"
            " that sees both tops loses the value. The same works with columns and rows"
            " swapped.",
            why=STRONG + " If the first top is empty of the value, its row puts it on the"
            " first base; the second base shares a column with it, so it cannot have it, and"
            " the second row puts it on the second top. So one top or the other holds the"
            " value, and a cell seeing both cannot.",
            spot="Take one value and look for rows (or columns) with only two places for it."
            " Pair two of them that line up at one end: the two unaligned ends are the"
            " tops. Look for cells that see both tops.",
            variations="It is an X-wing with one corner moved: when the tops are in the same"
            " box it is also a sashimi X-wing, which this site asks first.",
            elsewhere="A named shape of the turbot fish.",
            builds_on=("x-wing",),
        ),
        Lesson(
            "two-string-kite",
            "A row's and a column's strong links on one value meeting in a box: a cell seeing"
            " both free ends loses it.",
            what="A row has the value in two places, and so does a column. One end of each"
            " lies in the same box (in different cells). The cell that sees both other ends"
            " loses the value.",
            why=STRONG + " If the row's far end is empty of the value, the row's end in the"
            " box holds it; then the column's end in the box, in the same box, cannot, and the"
            " column's far end holds it. One of the two far ends holds the value.",
            spot="Look in a box where the value has few places. From one place run along its"
            " row, from another along its column, each line having only two places for the"
            " value. Where the far ends' row and column cross is the cell that loses it.",
            variations="The link in the box can be any two cells of it; a Jigsaw region works"
            " as a box does.",
            elsewhere="A named shape of the turbot fish.",
            builds_on=("skyscraper",),
        ),
        Lesson(
            "turbot-fish",
            "Two strong links on one value joined by a weak one: a cell seeing both ends loses it.",
            what="Two strong links on one value, in any units, with one end of the first"
            " seeing one end of the second. A cell that sees both other ends loses the value.",
            why=STRONG + " The two joined ends see each other, so at most one holds the"
            " value. If the first outer end does not hold it, its partner does, the joined"
            " end of the second link does not, and the second outer end does.",
            spot="It is the general shape behind the skyscraper and the kite: a chain of"
            " four cells, strong, weak, strong. Follow the value's pairs from unit to unit.",
            variations="With longer chains of the same kind it becomes an X-chain.",
            elsewhere="The skyscraper and the two-string kite are its named shapes.",
            builds_on=("skyscraper",),
        ),
        Lesson(
            "empty-rectangle",
            "A box's places for a value lie on one row and one column of it, and a strong"
            " link ends on that row: the value leaves where the link's far line meets the"
            " box's column.",
            what="In a box, every place for the value lies on one row or one column of the"
            " box (an L or a cross; the rest of the box is empty of it). Outside the box, a"
            " strong link has one end on the box's row. The cell where the link's other end's"
            " line meets the box's column loses the value.",
            why=STRONG + " If the link's far end does not hold the value, its near end does;"
            " that end is on the box's row, so the box's value is not on that row, and must"
            " be on the box's column. Either way the cell that shares a line with the far end"
            " and lies on the box's column is seen by a copy of the value.",
            spot="Find a box whose candidates for a value form a cross. Look along the"
            " cross's row (or column) for a line with only two places for the value.",
            variations="The same reasoning with rows and columns swapped. A box with the"
            " value in a single row is a pointing step instead, which comes first.",
            elsewhere="Often shortened to ER.",
            builds_on=("two-string-kite", "pointing"),
        ),
    ),
)
