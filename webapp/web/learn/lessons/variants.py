"""Variants' own techniques: what extra or irregular regions make true."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "variants",
    "Variants: X, Windoku, Jigsaw, Kropki, XV, arrows",
    "Extra units (diagonals, windows) bring no new technique, only more units for the old"
    " ones; irregular regions bring the law of leftovers, and marks between cells (Kropki"
    " dots, X and V) and the non-consecutive rule bring related pairs, and arrows sum lines.",
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
        Lesson(
            "relation-pair",
            "Two cells a mark or a rule binds (a Kropki dot, an X or a V, side-by-side cells"
            " under the non-consecutive rule): a value of one goes when the other holds no"
            " value that may stand beside it.",
            what="Take two cells a mark joins. A white dot says they differ by 1, a black dot"
            " that one is double the other, an X that they add up to 10, a V that they add up"
            " to 5; under the non-consecutive rule, side-by-side cells are never one apart."
            " For each candidate of one cell, look for a value the other can still hold that"
            " keeps the mark. Where there is none, the candidate goes.",
            why="Every solution keeps every mark, so whatever the first cell holds, the second"
            " holds a value the mark allows beside it. A candidate with no such partner"
            " cannot be the first cell's value.",
            spot="Start from the placed digits: a 5 beside a white dot leaves its pair only 4 or"
            " 6; a 9 beside a black dot leaves nothing, so no 9 sits on a black dot. Then the"
            " cells with few candidates: a cell of 1 or 2 beside a V leaves its pair 3 or 4.",
            variations="When all dots (or all X and V) are given, a pair with no mark may not"
            " keep the mark's relation either: a 5 with no white dot beside it rules out 4"
            " and 6 in its side-by-side cells.",
            elsewhere="Kropki pairs, XV pairs; on SudokuPad and in Cracking the Cryptic's"
            " videos it is simply reading the dots.",
            builds_on=("naked-single",),
        ),
        Lesson(
            "line-sum",
            "A line whose digits make a sum (an arrow: its circle is the sum of the digits"
            " along it): a value of one cell goes when the line's other cells, at their"
            " smallest or largest, cannot make the sum come out with it.",
            what="Take an arrow. Add up the smallest values its arrow's cells can still hold:"
            " the circle is at least that. Add up the largest: the circle is at most that."
            " The other way round, a cell of the arrow is at most the circle's largest value"
            " less the smallest the rest of the arrow can make.",
            why="Every solution keeps every arrow, and each cell holds one of its candidates,"
            " so the sum lies between the smallest and the largest the cells can make; a"
            " value outside that range cannot be part of any solution.",
            spot="Long arrows first: three cells make at least 3 (6 in one row or box, which"
            " this step does not count), so their circle is never small. A small circle"
            " keeps its arrow's digits small: a 4 over two cells leaves each 1, 2 or 3.",
            variations="Digits may repeat along an arrow where no row, column or box forbids"
            " it; the step counts each cell alone, so it stays true either way. A region-sum"
            " line is such a sum too: each of its segments in one box adds up to the same as"
            " its first, so a one-cell segment is at least as large as the other segment's"
            " smallest cells add up to.",
            elsewhere="Arrow sums, bounding an arrow; on SudokuPad and in Cracking the"
            " Cryptic's videos it is simply reading the arrows.",
            builds_on=("naked-single",),
        ),
        Lesson(
            "line-rule",
            "A line with a rule over all its cells at once (a between line: every digit"
            " inside lies between the digits at its two circled ends): a value of one cell"
            " goes when no digits the line's other cells can still hold keep the rule with"
            " it.",
            what="Take a between line. A cell inside is never the smallest or largest digit,"
            " and lies above the smaller end's least candidate and below the larger end's"
            " greatest. The other way round, the smaller end lies below every cell inside"
            " and the larger end above them all: a 4 inside leaves the ends 1 to 3 and 5"
            " to 9.",
            why="Every solution keeps every line, and each cell holds one of its"
            " candidates, so a value no candidates of the others keep the rule with is in"
            " no solution.",
            spot="Ends first: when one end can only be small, it is the smaller end, and the"
            " other end must be above every cell inside. A long line pushes its ends apart:"
            " three cells inside one box need three digits between the ends.",
            variations="Digits may repeat inside a between line where no row, column or box"
            " forbids it; the step looks at each line as a whole, so it stays true either"
            " way.",
            elsewhere="Between lines, reading a between line; on SudokuPad and in Cracking"
            " the Cryptic's videos it is simply reading the line.",
            builds_on=("naked-single",),
        ),
        Lesson(
            "cell-rule",
            "A cell the puzzle marks (a grey square for an even digit, a grey circle for an"
            " odd one): the digits its mark does not allow go.",
            what="Take a marked cell. A grey square holds an even digit, so 1, 3, 5, 7 and 9"
            " go from it; a grey circle holds an odd digit, so 2, 4, 6 and 8 go.",
            why="Every solution keeps every mark, so a marked cell's digit is one its mark"
            " allows; any other cannot be its value.",
            spot="Read the marks before anything else: an even cell has at most four"
            " candidates on a 9x9, so a row or box with several of them soon has a single.",
            variations="Odd cells leave five digits and even cells four; two even cells that"
            " see each other share the four even digits between them.",
            elsewhere="Parity Sudoku, even and odd cells; on SudokuPad it is simply reading the"
            " shading.",
            builds_on=("naked-single",),
        ),
    ),
)
