"""The registry of rule kinds: one entry per kind of rule a puzzle may add to rows, columns
and boxes, which every other table of rules is derived from.

Glossary:
- rule kind: a rule a puzzle either has or has not, over the whole grid (X-Sudoku's
  diagonals, Windoku's windows); a Jigsaw's regions and a Killer's cages are data of a
  puzzle's own and are not kinds here;
- letter: the kind's part of a share code, after "-" (puzzle.py);
- words: what a person may call it in a variant name (variants.py);
- f-puzzles and SudokuPad keys: the keys of their JSON that say the puzzle has the rule;
- how it constrains: the units it adds (N cells holding every symbol once), or the pairs
  of cells it makes differ (a knight's move apart for anti-knight), which become peers in
  the geometry, so the search, the counts and the SAT solver keep them as they keep a
  unit's; or pairs of cells with a relation: the digits two cells of a pair may not hold
  together (`forbids`: for non-consecutive, neighbours one apart), which the search and
  the SAT solver keep as they keep peers, digit by digit (bitboard.py, sat.py);
- marked kind: a rule whose pairs a puzzle gives itself, each a mark on the edge between two
  side-by-side cells (Kropki's white dot: the two differ by 1; its black dot: one is double
  the other; XV's X: they add up to 10, its V: to 5), with what the digits of a marked pair
  `hold`; and, with "all given" (the negative constraint), no unmarked pair of side-by-side
  cells holds it (a pair with a mark of another kind of its `family` is not unmarked: a 1
  and 2 under a black dot need no white dot as well). A puzzle's marks are its own data
  (puzzle.Rules.marks), written in its share code as the kind's letter and which edges it
  marks (MarkedPairs); the geometry turns them into relations, so the search, the counts
  and the SAT solver keep them as they keep non-consecutive's.

geometry.EXTRA_UNITS and PAIR_RULES, variants' words and the form's menu, and the f-puzzles
keys are read off RULE_KINDS when asked, and the web layer names and draws a board from the
entries, so a new kind is one entry here (a kind registered in a test reaches every surface:
tests/test_rule_contract.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .arrows import arrow_problem, arrow_terms, pill_problem, pill_terms
from .between import between_clauses, between_narrows, between_problem
from .greater_than import falls, sign_problem
from .little_killers import little_killer_problem, little_killer_terms
from .palindromes import mirrored, palindrome_problem, same
from .parity import even, odd
from .region_sums import region_sum_problem, region_sum_terms
from .renban import every_pair, in_one_run, renban_problem
from .sandwiches import (
    sandwich_clauses,
    sandwich_clue_problem,
    sandwich_narrows,
    sandwich_problem,
)
from .shape import Shape
from .thermometers import (
    rises,
    rises_or_stays,
    slow_thermometer_problem,
    thermometer_problem,
)
from .unit import Unit
from .whispers import whisper_gap, whisper_problem, whisper_value
from .xsums import xsum_clauses, xsum_clue_problem, xsum_narrows, xsum_problem


def diagonals(shape: Shape) -> tuple[Unit, Unit]:
    """The two main diagonals, top-left to bottom-right first, each in reading order."""
    n = shape.size
    return (
        Unit("diagonal", 1, tuple(i * n + i for i in range(n))),
        Unit("diagonal", 2, tuple(i * n + (n - 1 - i) for i in range(n))),
    )


def windows(shape: Shape) -> tuple[Unit, ...]:
    """Windoku's windows: boxes' worth of cells one row and column in from the boxes, one
    apart (rows and columns 2-4 and 6-8 on a 9x9), in reading order. Square boxes only."""
    n, k = shape.size, shape.box_rows
    starts = range(1, n - k + 1, k + 1)
    return tuple(
        Unit(
            "window",
            number + 1,
            tuple((top + r) * n + left + c for r in range(k) for c in range(k)),
        )
        for number, (top, left) in enumerate((top, left) for top in starts for left in starts)
    )


def square_boxes(shape: Shape) -> str | None:
    """Why windows do not fit `shape` (its boxes are not square), or None."""
    if shape.box_rows == shape.box_cols:
        return None
    return f"Windoku needs square boxes (4x4, 9x9, 16x16, 25x25), not the {shape.name}'s"


# The words of a variant name for a Jigsaw's regions and a Killer's cages, which are a
# puzzle's own data and not kinds here (variants.py reads them).
JIGSAW_WORD = "jigsaw"
KILLER_WORD = "killer"

# A cell pair, the lower cell first.
Pair = tuple[int, int]


def pairs_apart(shape: Shape, steps: tuple[tuple[int, int], ...]) -> tuple[Pair, ...]:
    """Every pair of cells of `shape` one of `steps` (rows down, columns across) apart, the
    lower cell first, in reading order of the lower cell then of the other."""
    n = shape.size
    found = set()
    for row in range(n):
        for col in range(n):
            for down, across in steps:
                other_row, other_col = row + down, col + across
                if 0 <= other_row < n and 0 <= other_col < n:
                    cell, other = row * n + col, other_row * n + other_col
                    found.add((min(cell, other), max(cell, other)))
    return tuple(sorted(found))


def knight_pairs(shape: Shape) -> tuple[Pair, ...]:
    """Every pair of cells a chess knight's move apart."""
    return pairs_apart(shape, ((1, 2), (2, 1), (1, -2), (2, -1)))


def king_pairs(shape: Shape) -> tuple[Pair, ...]:
    """Every pair of cells a chess king's move apart that share no row or column (the
    diagonal neighbours: the others are peers already)."""
    return pairs_apart(shape, ((1, 1), (1, -1)))


def orthogonal_pairs(shape: Shape) -> tuple[Pair, ...]:
    """Every pair of side-by-side or stacked cells."""
    return pairs_apart(shape, ((0, 1), (1, 0)))


def consecutive(first: int, second: int) -> bool:
    """Whether two digits are one apart."""
    return abs(first - second) == 1


def one_apart(first: int, second: int) -> bool:
    """Whether two digits differ by 1 (Kropki's white dot)."""
    return abs(first - second) == 1


def double(first: int, second: int) -> bool:
    """Whether one digit is double the other (Kropki's black dot)."""
    return first == 2 * second or second == 2 * first


def sum_ten(first: int, second: int) -> bool:
    """Whether two digits add up to 10 (XV's X)."""
    return first + second == 10


def sum_five(first: int, second: int) -> bool:
    """Whether two digits add up to 5 (XV's V)."""
    return first + second == 5


def successive(cells: tuple[int, ...]) -> tuple[Pair, ...]:
    """The pairs of a line its kind relates by default: each cell and the next, nearer the
    line's start first (a thermometer's steps)."""
    return tuple(zip(cells, cells[1:], strict=False))


def fits_every_shape(shape: Shape) -> str | None:
    """None: the rule applies to a grid of any shape."""
    return None


@dataclass(frozen=True)
class RuleKind:
    """One kind of rule: its share-code `letter`, what players call it (`name`), the
    `words` a variant name may use for it, the `units` it adds to a shape or the `pairs`
    of cells it constrains (that must differ, or with `forbids` the digits they may not
    hold together), why it does not fit a shape (None where it does), the
    f-puzzles and SudokuPad keys that say a puzzle has it, whether the logic's uniqueness
    techniques stay sound under it, and whether the generator makes puzzles with it.

    For the forms and boards: its `short` name beside another rule on a form's menu (its
    name when ""), what the menu `joins` it with besides itself alone (JIGSAW_WORD,
    KILLER_WORD or another kind's letter), the CSS class its units' cells are `drawn` with
    ("diagonal-{index}"; none when ""), whether a screen reader hears which of its units a
    cell is in ("window 2"), and the `rule` in a sentence, which a board under it says
    below its caption (a pair kind's: its pairs are not drawn); and for a kind with a
    relation, how a conflict between two givens is said, `clash`, with {cells} and
    {symbols} ("r1c1 and r1c2 are consecutive (4, 5)").

    A marked kind (`holds` not None) has no pairs of its own: a puzzle gives them, as marks
    on edges (MarkedPairs); the digits of a marked pair `hold` together, and with "all
    given" no unmarked side-by-side pair of cells (none marked by a kind of its `family`)
    holds them. Its `clash` says a marked pair's givens that do not hold ("{cells} have a
    black dot: {first} and {second} are not in ratio 2"), its `unmarked_clash` an unmarked
    pair's that do when all are given; its f-puzzles key lists its marks, each of them with
    `fpuzzles_value` as its "value" (XV's "X" and "V"; a dot's "1" or "2", which f-puzzles
    may leave out); its `mark` is what a board draws on the edge ("white-dot", "x-mark"),
    showing the letter `shown` ("" for a dot).

    For the logic's step of a related pair (logic/relations.py), `between` says what binds
    two cells, {cells} ("{cells} have a white dot: they differ by 1"), and a marked kind's
    `unmarked_between` what binds an unmarked pair when all its marks are given; a lined
    kind's may name {nearer}, the cell nearer the line's start, and {further}; a sum line's
    (logic/line_sums.py) {start}, the cells its sum weighs up (a circled kind's circle), and
    {rest}, those it weighs down (the arrow).

    A lined kind (`chain` not None) has no pairs of its own: a puzzle draws its lines (Line),
    each a chain of cells from its start whose successive digits `chain` holds on a grid of
    the size it is given and a line of the length it is given (a thermometer's rise; a German
    whisper's gap, which grows with the size; a renban's spread, which grows with its
    length), and `line_problem` says what is wrong with a drawn line and where (None when
    nothing is); a board draws its lines in the class `line_class`, and a screen reader hears
    a line's start as its `line_start` ("thermometer bulb", "arrow circle"; "" for none). The
    pairs of a line's cells its chain holds are `line_pairs` of them, each nearer the start
    first: by default each cell and the next (a palindrome's are the cells at mirror places).
    An f-puzzles shape of the kind with several branches is read as a line a branch where it
    `branches` (a branching thermometer), refused by name where not (a palindrome's or a
    renban's, whose branches would be one rule). Where f-puzzles gives each line of the kind a
    "value" (a German whisper's least difference), `line_value` is the one the kind keeps on a
    grid of a size: a line with another is refused by name. A lined kind with a `line_sum`
    instead (or as well) gives each of its lines' cells a weight, and the line's digits times
    their weights add up to nothing (an arrow's circle is the sum of its arrow: sum_lines.py),
    and one with `line_equations` several such sums, from its cells and the box (or a
    Jigsaw's region) each cell of the grid lies in, by cell (a region-sum line's segments);
    a `circled` kind's line starts with its circle of that many cells, which f-puzzles lists
    as the shape's `cells`, its line starting in the circle's last. A lined kind with a rule
    over the whole line, neither pairs nor a sum (a between line's, which depends on both its
    ends at once), gives `line_narrows` and `line_clauses` instead (line_rules.py); its
    `between` may name {start}, {end} and {rest}, the cells inside. Where its line has
    `ends_circled`, a board draws its last cell as it draws its start (a between line's
    two circles).

    A celled kind (`allows` not None) has no pairs of its own: a puzzle marks its cells
    (MarkedCells), each holding a digit it `allows` (size, digit); f-puzzles lists them under
    its key as {"cell": "R1C1"}; a board draws each in the class `cell_class` ("even-cell"),
    which a screen reader hears as `cell_heard` ("even cell"); `clash` says a given that it
    does not allow, with {cells} and {first} ("r1c1 is shaded even: 3 is odd"), and `between`
    the logic's step, with {cell} and {digits} ("r1c1 is an even cell, so it is not {digits}").

    A `signed` lined kind's line is two side-by-side cells, drawn as a sign on their shared
    border pointing from its start at the other cell (a greater-than sign, greater first),
    not as a line.

    An `outside` kind's lines are clues outside the grid (a little killer's): each line runs
    straight in from the grid's edge, its clue one step before its first cell, outside the
    grid, with its number (Line.value), which a line_sum's digits add up to (LineSum.total),
    or which a line rule's `line_narrows` and `line_clauses` are given after the line (a
    sandwich's: the digits between the 1 and the 9 of a row add up to it; None for a line
    with no clue); `clue_problem` says what is wrong with a clue's number for its line's
    cells (None when nothing is); a board draws the number there and a screen reader hears
    it on the first cell as `outside` ("little killer 15 above-left of r1c1", "sandwich sum
    15 left of row 3": clue_where), and its `between` may name {value} and {clue}, where the
    clue is ("left of row 3"), and {largest}, the grid's largest digit.
    """

    letter: str
    name: str
    words: tuple[str, ...]
    units: Callable[[Shape], tuple[Unit, ...]] | None = None
    unfit: Callable[[Shape], str | None] = fits_every_shape
    pairs: Callable[[Shape], tuple[Pair, ...]] | None = None
    forbids: Callable[[int, int], bool] | None = None
    fpuzzles_keys: tuple[str, ...] = ()
    sudokupad_keys: tuple[str, ...] = ()
    uniqueness_sound: bool = True
    generated: bool = True
    short: str = ""
    joins: tuple[str, ...] = ()
    drawn: str = ""
    heard: bool = False
    rule: str = ""
    clash: str = ""
    holds: Callable[[int, int], bool] | None = None
    family: str = ""
    unmarked_clash: str = ""
    fpuzzles_value: str = ""
    mark: str = ""
    shown: str = ""
    between: str = ""
    unmarked_between: str = ""
    chain: Callable[[int, int, int, int], bool] | None = None
    line_problem: Callable[[int, tuple[int, ...]], str | None] | None = None
    line_class: str = ""
    line_sum: Callable[[tuple[int, ...]], tuple[tuple[int, int], ...]] | None = None
    line_equations: (
        Callable[[tuple[int, ...], tuple[int, ...]], tuple[tuple[tuple[int, int], ...], ...]] | None
    ) = None
    circled: int = 0
    line_value: Callable[[int], str] | None = None
    line_start: str = "bulb"
    line_pairs: Callable[[tuple[int, ...]], tuple[Pair, ...]] = successive
    branches: bool = True
    line_narrows: Callable[[int, tuple[int, ...], int | None], tuple[int, ...]] | None = None
    line_clauses: Callable[[int, int, int | None], tuple[tuple[int, ...], ...]] | None = None
    clue_problem: Callable[[int, tuple[int, ...], int], str | None] | None = None
    ends_circled: bool = False
    allows: Callable[[int, int], bool] | None = None
    cell_class: str = ""
    cell_heard: str = ""
    signed: bool = False

    @property
    def celled(self) -> bool:
        """Whether a puzzle marks this kind's cells itself (an even cell), each of which holds
        a digit the kind `allows` on a grid of its size."""
        return self.allows is not None

    outside: str = ""

    @property
    def lined(self) -> bool:
        """Whether a puzzle draws this kind's lines itself (a thermometer, an arrow), each an
        ordered chain of cells whose successive digits `chain` holds, nearer the start first,
        or whose digits make its `line_sum` (or `line_equations`), or that keeps a rule of its
        own (`line_narrows`)."""
        return (
            self.chain is not None
            or self.line_sum is not None
            or self.line_equations is not None
            or self.line_narrows is not None
        )

    @property
    def marked(self) -> bool:
        """Whether a puzzle gives this kind's pairs itself (a Kropki dot, an X or a V)."""
        return self.holds is not None

    @property
    def word(self) -> str:
        """The word a form's menu and a variant name written out use for it: its first."""
        return self.words[0]

    @property
    def short_name(self) -> str:
        """What a form's menu calls it beside another rule ("Jigsaw + X")."""
        return self.short or self.name


# Every rule kind the engine knows, in the order a puzzle's units and its share code list
# them. f-puzzles writes X-Sudoku as its two diagonals and Windoku as four extra regions,
# which links/fpuzzles.py reads itself; SudokuPad links carry f-puzzles JSON. A pair
# kind's f-puzzles key is true when the puzzle has it ("antiknight": true). Under a pair
# kind the uniqueness techniques' deadly patterns need not be solutions (swapping two
# digits may put one a knight's move from its twin), so they are not sound. The letters
# stay clear of a Jigsaw's "j" and a Killer's "k" (puzzle.py).
RULE_KINDS: dict[str, RuleKind] = {
    kind.letter: kind
    for kind in (
        RuleKind(
            "x",
            "X-Sudoku",
            ("x", "diagonal"),
            diagonals,
            fpuzzles_keys=("diagonal+", "diagonal-"),
            short="X",
            joins=(JIGSAW_WORD, "w", KILLER_WORD),
            drawn="diagonal-{index}",
        ),
        RuleKind(
            "w",
            "Windoku",
            ("windoku", "hyper", "w"),
            windows,
            square_boxes,
            fpuzzles_keys=("extraregion",),
            drawn="window",
            heard=True,
        ),
        RuleKind(
            "n",
            "Anti-Knight",
            ("anti-knight", "antiknight"),
            pairs=knight_pairs,
            fpuzzles_keys=("antiknight",),
            uniqueness_sound=False,
            rule="Anti-knight: cells a chess knight's move apart never hold the same digit.",
        ),
        RuleKind(
            "t",
            "Anti-King",
            ("anti-king", "antiking"),
            pairs=king_pairs,
            fpuzzles_keys=("antiking",),
            uniqueness_sound=False,
            rule="Anti-king: cells a chess king's move apart never hold the same digit.",
        ),
        RuleKind(
            "o",
            "Non-Consecutive",
            ("non-consecutive", "nonconsecutive"),
            pairs=orthogonal_pairs,
            forbids=consecutive,
            fpuzzles_keys=("nonconsecutive",),
            uniqueness_sound=False,
            rule="Non-consecutive: cells side by side never hold digits one apart.",
            clash="{cells} are consecutive ({symbols})",
            between="{cells} are side by side, so their digits are not one apart",
        ),
        RuleKind(
            "W",
            "Kropki",
            (),
            holds=one_apart,
            family="kropki",
            fpuzzles_keys=("difference",),
            fpuzzles_value="1",
            uniqueness_sound=False,
            rule="Kropki: cells joined by a white dot differ by 1.",
            clash="{cells} have a white dot: {first} and {second} do not differ by 1",
            unmarked_clash="{cells} have no dot and all white dots are given: {first} and"
            " {second} differ by 1",
            between="{cells} have a white dot: they differ by 1",
            unmarked_between="{cells} have no dot and all white dots are given: they do not"
            " differ by 1",
            mark="white-dot",
        ),
        RuleKind(
            "B",
            "Kropki",
            (),
            holds=double,
            family="kropki",
            fpuzzles_keys=("ratio",),
            fpuzzles_value="2",
            uniqueness_sound=False,
            rule="Kropki: of cells joined by a black dot, one is double the other.",
            clash="{cells} have a black dot: {first} and {second} are not in ratio 2",
            unmarked_clash="{cells} have no dot and all black dots are given: {first} and"
            " {second} are in ratio 2",
            between="{cells} have a black dot: one is double the other",
            unmarked_between="{cells} have no dot and all black dots are given: neither is"
            " double the other",
            mark="black-dot",
        ),
        RuleKind(
            "X",
            "XV",
            (),
            holds=sum_ten,
            family="xv",
            fpuzzles_keys=("xv",),
            fpuzzles_value="X",
            uniqueness_sound=False,
            generated=False,
            rule="XV: cells joined by an X add up to 10.",
            clash="{cells} have an X: {first} and {second} do not add up to 10",
            unmarked_clash="{cells} have no X and all are given: {first} and {second} add up to 10",
            between="{cells} have an X: they add up to 10",
            unmarked_between="{cells} have no X and all are given: they do not add up to 10",
            mark="x-mark",
            shown="X",
        ),
        RuleKind(
            "V",
            "XV",
            (),
            holds=sum_five,
            family="xv",
            fpuzzles_keys=("xv",),
            fpuzzles_value="V",
            uniqueness_sound=False,
            generated=False,
            rule="XV: cells joined by a V add up to 5.",
            clash="{cells} have a V: {first} and {second} do not add up to 5",
            unmarked_clash="{cells} have no V and all are given: {first} and {second} add up to 5",
            between="{cells} have a V: they add up to 5",
            unmarked_between="{cells} have no V and all are given: they do not add up to 5",
            mark="v-mark",
            shown="V",
        ),
        RuleKind(
            "T",
            "Thermometer",
            (),
            chain=rises,
            line_problem=thermometer_problem,
            fpuzzles_keys=("thermometer",),
            uniqueness_sound=False,
            rule="Thermometers: digits rise along each thermometer from its bulb.",
            clash="{cells} follow each other on a thermometer: {first} then {second} does not rise",
            between="{nearer} is before {further} on a thermometer, so it is smaller",
            line_class="thermometer",
        ),
        RuleKind(
            "S",
            "Slow Thermometer",
            (),
            chain=rises_or_stays,
            line_problem=slow_thermometer_problem,
            uniqueness_sound=False,
            generated=False,
            rule="Slow thermometers: digits rise or stay level along each from its bulb.",
            clash="{cells} follow each other on a slow thermometer: {first} then {second} falls",
            between="{nearer} is before {further} on a slow thermometer, so it is not larger",
            line_class="slow-thermometer",
        ),
        RuleKind(
            "A",
            "Arrow",
            (),
            line_sum=arrow_terms,
            circled=1,
            line_start="circle",
            line_problem=arrow_problem,
            fpuzzles_keys=("arrow",),
            uniqueness_sound=False,
            generated=False,
            rule="Arrows: the digit in an arrow's circle is the sum of the digits along it.",
            clash="{cells} are an arrow: {first} is not the sum of the rest ({symbols})",
            between="the arrow's circle {start} is the sum of {rest}",
            line_class="arrow",
        ),
        RuleKind(
            "D",
            "Two-Cell Arrow",
            (),
            line_sum=pill_terms,
            circled=2,
            line_start="circle",
            line_problem=pill_problem,
            fpuzzles_keys=("arrow",),
            uniqueness_sound=False,
            generated=False,
            rule="Arrows: the two-digit number in an arrow's circle (read left to right, top to"
            " bottom) is the sum of the digits along it.",
            clash="{cells} are an arrow: its circle's two-digit number is not the sum of the"
            " rest ({symbols})",
            between="the arrow's circle {start} holds a two-digit number, the sum of {rest}",
            line_class="arrow",
        ),
        RuleKind(
            "G",
            "German Whispers",
            (),
            chain=whisper_gap,
            line_problem=whisper_problem,
            fpuzzles_keys=("whispers",),
            uniqueness_sound=False,
            rule="German whispers: digits next to each other on a green line differ by at least"
            " 5 (on a 9x9; by at least half the grid's size, rounded up, on others).",
            clash="{cells} are next to each other on a German whisper: {first} and {second} are"
            " too close",
            between="{cells} are next to each other on a German whisper, so they differ by at"
            " least half the grid's size, rounded up (5 on a 9x9)",
            line_class="whisper",
            line_value=whisper_value,
            line_start="",
        ),
        RuleKind(
            "P",
            "Palindrome",
            (),
            chain=same,
            line_problem=palindrome_problem,
            fpuzzles_keys=("palindrome",),
            uniqueness_sound=False,
            rule="Palindromes: each grey line reads the same from either end.",
            clash="{cells} are at mirror places on a palindrome: {first} and {second} differ",
            between="{cells} are at mirror places on a palindrome, so they hold the same digit",
            line_class="palindrome",
            line_start="",
            line_pairs=mirrored,
            branches=False,
        ),
        RuleKind(
            "N",
            "Renban",
            (),
            chain=in_one_run,
            line_problem=renban_problem,
            fpuzzles_keys=("renban",),
            uniqueness_sound=False,
            rule="Renban: each purple line holds different digits that form a run of"
            " consecutive digits, in any order.",
            clash="{cells} are on one renban line: {first} and {second} cannot both be in its"
            " run of consecutive digits",
            between="{cells} are on one renban line, so they differ and are less apart than"
            " the line is long",
            line_class="renban",
            line_start="",
            line_pairs=every_pair,
            branches=False,
        ),
        RuleKind(
            "L",
            "Between Line",
            (),
            line_narrows=between_narrows,
            line_clauses=between_clauses,
            line_problem=between_problem,
            fpuzzles_keys=("betweenline",),
            uniqueness_sound=False,
            generated=False,
            rule="Between lines: every digit on a grey line between its two circles lies"
            " between the digits in the circles.",
            clash="{cells} are on a between line: with {symbols} there, some cell inside"
            " cannot lie between its ends",
            between="{start} and {end} end a between line through {rest}",
            line_class="between",
            line_start="circle",
            ends_circled=True,
            branches=False,
        ),
        RuleKind(
            "R",
            "Region-Sum Line",
            (),
            line_equations=region_sum_terms,
            line_problem=region_sum_problem,
            fpuzzles_keys=("regionsumline",),
            uniqueness_sound=False,
            generated=False,
            rule="Region-sum lines: box borders cut each blue line into segments, and the digits"
            " of every segment of a line add up to the same total.",
            clash="{cells} are two segments of one region-sum line: their sums differ ({symbols})",
            between="the region-sum line's segment {start} adds up to the same as its segment"
            " {rest}",
            line_class="region-sum",
            line_start="",
            branches=False,
        ),
        RuleKind(
            "M",
            "Greater Than",
            (),
            chain=falls,
            line_problem=sign_problem,
            uniqueness_sound=False,
            generated=False,
            rule="Greater than: a sign between two cells points at the smaller digit.",
            clash="{cells} have a greater-than sign: {first} is not greater than {second}",
            between="{nearer} > {further}",
            line_class="greater-than",
            line_start="",
            signed=True,
            branches=False,
        ),
        RuleKind(
            "E",
            "Even Cells",
            (),
            allows=even,
            fpuzzles_keys=("even",),
            uniqueness_sound=False,
            generated=False,
            rule="Even cells: a grey square holds an even digit.",
            clash="{cells} is shaded even: {first} is odd",
            between="{cell} is an even cell, so it is not {digits}",
            cell_class="even-cell",
            cell_heard="even cell",
        ),
        RuleKind(
            "O",
            "Odd Cells",
            (),
            allows=odd,
            fpuzzles_keys=("odd",),
            uniqueness_sound=False,
            generated=False,
            rule="Odd cells: a grey circle holds an odd digit.",
            clash="{cells} is circled odd: {first} is even",
            between="{cell} is an odd cell, so it is not {digits}",
            cell_class="odd-cell",
            cell_heard="odd cell",
        ),
        RuleKind(
            "Z",
            "Little Killer",
            (),
            line_sum=little_killer_terms,
            line_problem=little_killer_problem,
            fpuzzles_keys=("littlekillersum",),
            uniqueness_sound=False,
            generated=False,
            rule="Little killers: the digits along the diagonal a number outside the grid"
            " points down add up to the number (they may repeat).",
            clash="{cells} are a little killer's diagonal: {symbols} do not add up to {value}",
            between="the digits of the little killer {value} on {cells} add up to {value}",
            line_class="little-killer",
            line_start="",
            branches=False,
            outside="little killer",
        ),
        RuleKind(
            "H",
            "Sandwich Sum",
            (),
            line_narrows=sandwich_narrows,
            line_clauses=sandwich_clauses,
            line_problem=sandwich_problem,
            clue_problem=sandwich_clue_problem,
            fpuzzles_keys=("sandwichsum",),
            uniqueness_sound=False,
            generated=False,
            rule="Sandwich sums: a number outside a row or a column is the sum of the digits"
            " between its 1 and its 9 (on other sizes its smallest and largest digits; 0 when"
            " they are side by side).",
            clash="{cells} are in the row or column of the sandwich sum {value}: with {symbols}"
            " there, the digits between its 1 and its largest digit cannot add up to {value}",
            between="the sandwich sum {value} {clue} adds up the digits between its 1 and its"
            " {largest}",
            line_class="sandwich",
            line_start="",
            branches=False,
            outside="sandwich sum",
        ),
        RuleKind(
            "Y",
            "X-Sum",
            (),
            line_narrows=xsum_narrows,
            line_clauses=xsum_clauses,
            line_problem=xsum_problem,
            clue_problem=xsum_clue_problem,
            fpuzzles_keys=("xsum",),
            uniqueness_sound=False,
            generated=False,
            rule="X-sums: a number outside a row or a column is the sum of its first X digits"
            " from that end, where X is the first of them.",
            clash="{cells} are in the row or column of the X-sum {value}: with {symbols} there,"
            " its first X digits, X the first, cannot add up to {value}",
            between="the X-sum {value} {clue} adds up its first X digits, X the digit nearest it",
            line_class="xsum",
            line_start="",
            branches=False,
            outside="X-sum",
        ),
    )
}


def grid_kinds() -> tuple[RuleKind, ...]:
    """The kinds a puzzle either has or has not over the whole grid (not the marked kinds,
    whose pairs a puzzle gives): those a variant's name and a form's menu offer."""
    return tuple(
        kind
        for kind in RULE_KINDS.values()
        if not kind.marked and not kind.lined and not kind.celled
    )


def celled_kinds() -> tuple[RuleKind, ...]:
    """The kinds whose cells a puzzle marks itself (even cells), in the registry's order
    (the order a share code lists them)."""
    return tuple(kind for kind in RULE_KINDS.values() if kind.celled)


def line_kinds() -> tuple[RuleKind, ...]:
    """The kinds whose lines a puzzle draws itself (thermometers), in the registry's order
    (the order a share code lists them)."""
    return tuple(kind for kind in RULE_KINDS.values() if kind.lined)


def marked_kinds() -> tuple[RuleKind, ...]:
    """The marked kinds, in the registry's order (the order a share code lists them)."""
    return tuple(kind for kind in RULE_KINDS.values() if kind.marked)


@dataclass(frozen=True)
class MarkedPairs:
    """The marks of one marked kind (by `letter`) a puzzle gives: the side-by-side pairs of
    cells it marks (the lower cell first, ascending), and whether all are given (every
    unmarked pair does not hold the kind's relation)."""

    letter: str
    pairs: tuple[Pair, ...]
    all_given: bool = False


@dataclass(frozen=True)
class MarkedCells:
    """The cells one celled kind (by `letter`) a puzzle marks (ascending)."""

    letter: str
    cells: tuple[int, ...]


@dataclass(frozen=True)
class Line:
    """One line of a lined kind (by `letter`) a puzzle draws: its cells in order from its
    start (a thermometer's bulb); an outside kind's (a little killer's) has the `value` of
    its clue, outside the grid one step before its first cell (clue_place)."""

    letter: str
    cells: tuple[int, ...]
    value: int | None = None


# Where an outside clue sits beside the cell its line starts from, in words, by (rows down,
# columns across) from that cell (the corners' first).
SIDES = {
    (-1, -1): "above-left of",
    (-1, 1): "above-right of",
    (1, -1): "below-left of",
    (1, 1): "below-right of",
    (-1, 0): "above",
    (1, 0): "below",
    (0, -1): "left of",
    (0, 1): "right of",
}


def clue_place(size: int, cells: tuple[int, ...]) -> tuple[int, int]:
    """Where the clue of an outside line over `cells` (running straight in from the edge of a
    size x size grid) sits, as (row, column) from 0, outside the grid: one step before its
    first cell, the way back from its second. A one-cell line is a corner's diagonal, which
    runs off the grid after its cell either way: its clue is taken above a top corner and
    below a bottom one, one column across from it (its way runs from there through the
    corner and off the grid)."""
    row, column = divmod(cells[0], size)
    if len(cells) > 1:
        down, across = cells[1] // size - row, cells[1] % size - column
    else:
        down = 1 if row == 0 else -1
        across = 1 if column == size - 1 else -1
    return row - down, column - across


def clue_side(size: int, cells: tuple[int, ...]) -> str:
    """Where an outside line's clue sits beside its first cell, in SIDES' words."""
    row, column = divmod(cells[0], size)
    clue_row, clue_column = clue_place(size, cells)
    return SIDES.get((clue_row - row, clue_column - column), "beside")


def walk_in(size: int, row: int, column: int, down: int, across: int) -> tuple[int, ...]:
    """The cells of a size x size grid met going from (row, column) (from 0, outside the grid:
    an outside clue's place) in steps of (down, across) until off the grid again; () when the
    first step is off it already (or the place is not outside)."""
    if 0 <= row < size and 0 <= column < size:
        return ()
    found = []
    row, column = row + down, column + across
    while 0 <= row < size and 0 <= column < size:
        found.append(row * size + column)
        row, column = row + down, column + across
    return tuple(found)


def outside_lines(kind: RuleKind, size: int) -> tuple[tuple[int, ...], ...]:
    """Every line an outside `kind` may have on a size x size grid, each once (its cells from
    its clue inwards): walked from each place around the grid each of the eight ways, those
    its line_problem finds nothing wrong with. A puzzle gives each at most once, so these
    bound its share code."""
    found: dict[tuple[int, ...], None] = {}
    places = [(row, column) for row in range(-1, size + 1) for column in range(-1, size + 1)]
    for row, column in places:
        for down in (-1, 0, 1):
            for across in (-1, 0, 1):
                cells = walk_in(size, row, column, down, across) if down or across else ()
                fine = kind.line_problem is None or kind.line_problem(size, cells) is None
                if cells and fine and clue_place(size, cells) == (row, column):
                    found[cells] = None
    return tuple(found)


def sum_bounds(size: int, terms: tuple[tuple[int, int], ...]) -> tuple[int, int]:
    """The least and the most `terms` (cell, weight) can add up to with digits 1 to size."""
    low = sum(min(weight, weight * size) for _, weight in terms)
    high = sum(max(weight, weight * size) for _, weight in terms)
    return low, high


def clue_where(size: int, cells: tuple[int, ...]) -> str:
    """Where an outside line's clue sits, in words: at a row's end of the row ("left of row
    3"), at a column's of the column ("below column 2"), else beside its first cell
    ("above-left of r1c1")."""
    row, column = divmod(cells[0], size)
    side = clue_side(size, cells)
    beside = {"left of": f"row {row + 1}", "right of": f"row {row + 1}"}
    beside |= {"above": f"column {column + 1}", "below": f"column {column + 1}"}
    return f"{side} {beside.get(side, f'r{row + 1}c{column + 1}')}"


def line_fault(size: int, line: Line) -> str | None:
    """What is wrong with `line` on a size x size grid, said with where it is, or None: its
    kind's line_problem, and for an outside kind's line a clue's number its kind's
    clue_problem refuses ("sandwich 40 left of row 3: ...") or (a little killer's) its
    cells cannot add up to ("little killer 99 above-left of r1c1: its 9 cells add up to 9
    to 81")."""
    kind = RULE_KINDS[line.letter]
    said = kind.line_problem(size, line.cells) if kind.line_problem else None
    if said is not None or not kind.outside:
        return said
    value = line.value or 0
    where = f"{kind.outside} {value} {clue_where(size, line.cells)}"
    if kind.clue_problem is not None:
        wrong = kind.clue_problem(size, line.cells, value)
        if wrong is not None:
            return f"{where}: {wrong}"
    if kind.line_sum is None:
        return None
    low, high = sum_bounds(size, kind.line_sum(line.cells))
    if not low <= value <= high:
        many = f"its {len(line.cells)} cells" if len(line.cells) > 1 else "its one cell"
        return f"{where}: {many} add up to {low} to {high}"
    return None


def uniqueness_sound(letters: tuple[str, ...]) -> bool:
    """Whether the logic's uniqueness techniques stay sound under the rule kinds `letters`
    (a kind not in the registry, as one a test registers elsewhere, counts as not)."""
    return all(letter in RULE_KINDS and RULE_KINDS[letter].uniqueness_sound for letter in letters)
