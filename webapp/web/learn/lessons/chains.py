"""Chains and loops: alternating strong and weak links, whose ends cannot both be false."""

from __future__ import annotations

from .family import Family, Lesson

# The two kinds of link and why an alternating chain proves something, said once.
LINKS = (
    "A strong link joins two candidates of which at least one is true: the only two places"
    " of a value in a unit, or the only two values of a cell. A weak link joins two that"
    " cannot both be true: two values of one cell, or one value in two cells of a unit."
    " Start a chain with its first candidate false: the strong link makes the next one true,"
    " the weak link the one after that false, and so on, until the last strong link makes"
    " the last candidate true. So if the first end is false the last is true: at least one"
    " end holds."
)
SEES_BOTH = (
    " A candidate weakly linked to both ends (one that sees both, for the same value) would"
    " make both ends false, so it is false."
)

FAMILY = Family(
    "chains",
    "Chains and loops",
    "A chain alternates strong links (one end true) and weak ones (not both true): its two"
    " ends cannot both be false, so whatever sees both ends is ruled out.",
    (
        Lesson(
            "x-chain",
            "A chain of one value's strong and weak links: a cell seeing both ends loses the"
            " value.",
            what="A chain of cells for one value, alternating units where the value has only"
            " two places (strong links) with two cells in one unit (weak links), starting and"
            " ending on a strong link. A cell that sees both ends loses the value.",
            why=LINKS + SEES_BOTH,
            spot="Work one value at a time. Mark its two-place units, then join them end to"
            " end through cells that share a unit, an odd number of strong links in all. Look"
            " at the cells that see both ends.",
            variations="With three links it is a turbot fish (a skyscraper or a two-string"
            " kite); closed into a loop it is a nice loop on one value.",
            elsewhere="X-cycle when it closes; colouring finds the same removals by"
            " colouring the whole cluster at once.",
            builds_on=("skyscraper", "simple-colors"),
        ),
        Lesson(
            "xy-chain",
            "A chain of two-candidate cells: a cell seeing both ends loses the value they share.",
            what="A chain of cells with exactly two candidates each, every cell sharing a"
            " value with the next and seeing it. The first cell's other value, z, is the"
            " last cell's leftover value too. A cell seeing both ends loses z.",
            why=LINKS + " Here each cell's two values are its strong link, and the value"
            " shared by two neighbours their weak link. If the first cell is not z it is its"
            " other value, so the next cell is not that and is its own other value, and so"
            " on to the end, which is then z. So one end is z." + SEES_BOTH,
            spot="Pick a cell with two candidates and a value z. Hop from pair to pair through"
            " cells that see each other, each time entering with the value just left. When"
            " you reach a pair holding z as its leaving value, look at the cells seeing both"
            " ends.",
            variations="Three cells make an XY-wing; cells all with the same pair make a"
            " remote pair.",
            elsewhere="Sudoku Explainer reads it as a forcing X/Y chain.",
            builds_on=("xy-wing",),
        ),
        Lesson(
            "remote-pair",
            "A chain of cells with the same pair: two cells an odd number of links apart"
            " hold both values, so cells seeing both lose them.",
            what="A chain of four or more cells, each with the same two candidates u and v,"
            " each seeing the next. Two cells an odd number of links apart hold u and v"
            " between them, one each. A cell seeing both loses u and v.",
            why="Going along the chain, each cell takes the value its neighbour did not: the"
            " cells alternate u, v, u, v. Cells an odd number of links apart are of opposite"
            " kinds, so one is u and the other v, and a cell that sees both can be neither.",
            spot="Look for many cells with the same pair. Join those that see each other and"
            " count links: any cell seeing two that are one, three or five links apart loses"
            " both values.",
            variations="It is an XY-chain, read for both values at once.",
            elsewhere="Remote pairs.",
            builds_on=("xy-chain",),
        ),
        Lesson(
            "aic",
            "An alternating inference chain over values and cells: its ends cannot both be false.",
            what="A chain of candidates that may change value or cell at every link, as long"
            " as strong and weak links alternate and it starts and ends on a strong link. If"
            " both ends are the same value, every cell seeing both loses it; if they are in"
            " one cell, that cell keeps only the two ends' values; if they are different"
            " values in cells that see each other, each end's cell loses the other end's"
            " value.",
            why=LINKS + SEES_BOTH,
            spot="Build it from both kinds of link: a two-place unit, then a cell with two"
            " candidates, then a two-place unit again. Start from a cell or a unit with few"
            " choices and see where both ends meet.",
            variations="Chains of one value are X-chains, chains of pairs are XY-chains; with"
            " groups of cells as nodes they are grouped AICs.",
            elsewhere="Alternating inference chain, often just AIC; Eureka is a way of"
            " writing them.",
            builds_on=("x-chain", "xy-chain"),
        ),
        Lesson(
            "nice-loop",
            "A chain that closes on itself: its weak links become strong, and each clears"
            " its unit.",
            what="An alternating chain whose last candidate links back to its first. When the"
            " links alternate all round (a continuous loop), every weak link holds exactly one"
            " true candidate, so whatever sees both ends of any weak link is false. When two"
            " links of the same kind meet at one candidate, it is a discontinuous loop: that"
            " candidate is proven true (two strong links) or false (two weak links).",
            why=LINKS + " Going round a continuous loop, the strong links say at least one"
            " of each pair holds and the weak links say at most one; as many of each, so"
            " each weak link holds exactly one, which is a strong link too. A discontinuous"
            " loop started from its odd candidate shows that supposing it contradicts itself.",
            spot="While building a chain, watch for a link back to where it started. Then"
            " look along every weak link of the loop for cells that see both its ends.",
            variations="Continuous and discontinuous; with groups as nodes, a grouped nice loop.",
            elsewhere="Continuous loops are also called X-cycles when on one value.",
            builds_on=("aic",),
        ),
        Lesson(
            "grouped-aic",
            "An alternating chain whose nodes may be a group of cells in a box and a line.",
            what="An AIC where a node may be a group: the places of a value where a box"
            " meets a line, taken together (true when one of them holds the value), or an"
            " almost locked set: n cells of a unit with n + 1 values, any two of which are"
            " strongly linked. The conclusions are an AIC's.",
            why=LINKS + " A group is as good as a cell: if the value's places in a box are"
            " the group and one other cell, one of them holds it (strong), and a cell of the"
            " same line sees the whole group (weak). An almost locked set missing one value"
            " holds all its others, so any two of its values are strongly linked." + SEES_BOTH,
            spot="When a chain stalls because a value has three places in a box, see whether"
            " two of them lie on one line: treat them as one node and go on.",
            variations="Grouped X-chains (one value) are common in the wild; almost locked"
            " sets in a chain are the family after this one.",
            elsewhere="Grouped AIC; chains with ALS nodes are sometimes called ALS-AICs.",
            builds_on=("aic", "pointing"),
        ),
        Lesson(
            "grouped-nice-loop",
            "A closed chain with grouped nodes.",
            what="A nice loop in which some nodes are groups of cells (a value's places where"
            " a box meets a line) or almost locked sets. It concludes as a nice loop does:"
            " each weak link of a continuous loop clears what sees both its ends, and a"
            " discontinuous loop proves its odd candidate true or false.",
            why="As for a nice loop: going round, the strong links say at least one of each"
            " pair holds and the weak links at most one, so each weak link holds exactly one."
            " A group is true when one of its cells holds the value, and links as a cell does.",
            spot="Look for it after grouped chains: a chain through a box-line group that"
            " comes back to its start.",
            variations="Continuous and discontinuous, as a nice loop.",
            elsewhere="Grouped X-cycle when on one value.",
            builds_on=("nice-loop", "grouped-aic"),
        ),
    ),
)
