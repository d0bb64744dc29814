"""What the product says about a puzzle, in one phrasing for the pages, the API and the CLI.

The engine returns values (a Conflict names its unit, symbol and cells); the
sentences a person reads are made here and nowhere else, so the page, the
JSON API and the `sudoku` command all say "Row 3 has two 5s (columns 2 and 7)".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .sudoku import Conflict, DeadEnd, PuzzleError
from .sudoku.conflicts import CAGE, GRID
from .sudoku.counting import CAP, SolutionCount
from .sudoku.dead_end import CELL
from .sudoku.place import Place
from .sudoku.result import SAT, SEARCH

# Every count a unit of up to 25 cells can hold, in words: "7 5s" would read as "75s".
COUNT_WORDS = dict(
    enumerate(
        (
            "two three four five six seven eight nine ten eleven twelve thirteen fourteen"
            " fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two"
            " twenty-three twenty-four twenty-five"
        ).split(),
        start=2,
    )
)


# How a list is joined: "2, 5 and 7" (the page's script is told these, to list cells alike).
LIST_SEPARATOR = ", "
LIST_LAST = " and "


def in_words(items: Iterable[str], conjunction: str = "and") -> str:
    """Items as a person lists them: "2 and 7", "2, 5 and 7" (or "3 or 7")."""
    *rest, last = items
    return f"{LIST_SEPARATOR.join(rest)} {conjunction} {last}" if rest else last


# A clash in words, as a template whose fields each unit fills in (the page's script fills
# it in too, from what the page tells it): "Row 3 has two 5s (columns 2 and 7)".
CLASH_HEADLINE = "{unit} has {count} {symbol}s"
CLASH = CLASH_HEADLINE + " ({where})"
# Where a clash is, by kind of unit: a row names its columns and a column its rows; any other
# unit (a box, a diagonal) names its cells (r3c7).
CLASH_WHERE = {"row": "columns {cells}", "column": "rows {cells}"}
CLASH_WHERE_OTHER = "{cells}"


def unit_title(kind: str, index: int) -> str:
    """A unit as a sentence starts with it: "Row 3", "Diagonal 1"."""
    return f"{kind.capitalize()} {index}"


def count_word(count: int) -> str:
    """How many times a symbol is there, in words: "two", ..., "twenty-five"."""
    return COUNT_WORDS.get(count, str(count))


def clash_where(kind: str) -> str:
    """The template saying where a clash in a unit of `kind` is: "columns {cells}"."""
    return CLASH_WHERE.get(kind, CLASH_WHERE_OTHER)


def clash_cell_name(kind: str, place: tuple[int, int]) -> str:
    """How a clash in a unit of `kind` names one of its 1-based places: a row by its column
    ("7"), a column by its row, any other unit by its name ("r3c7")."""
    if kind == "row":
        return str(place[1])
    if kind == "column":
        return str(place[0])
    return Place(*place).name


def conflict_headline(conflict: Conflict) -> str:
    """What clashes, without where: "Row 3 has two 5s", "Cage at r1c1 (sum 10) has two 3s",
    "Cage at r1c1 adds up to 12, not 10"."""
    if conflict.unit == CAGE and conflict.symbol:
        return f"{cage_title(conflict)} has {count_word(len(conflict.cells))} {conflict.symbol}s"
    if conflict.unit == CAGE:
        return cage_conflict_message(conflict)
    if not conflict.symbol:
        return sums_message(conflict)
    if conflict.clash:
        return related_message(conflict)
    return CLASH_HEADLINE.format(**_clash_fields(conflict))


def cage_title(conflict: Conflict, with_sum: bool = True) -> str:
    """The cage of a conflict as a sentence starts with it: "Cage at r1c1 (sum 10)"."""
    title = f"Cage at {Place(*conflict.cage_at).name}"
    return f"{title} (sum {conflict.total})" if with_sum and conflict.total is not None else title


def cage_conflict_message(conflict: Conflict) -> str:
    """A cage's clash in words: "Cage at r1c1 (sum 10) has two 3s, in r1c1 and r2c1", "Cage
    at r1c1 adds up to 12, not 10" (a full cage), "Cage at r1c1 (sum 10): 3 and 9 already
    make 12"."""
    if conflict.symbol:
        count = count_word(len(conflict.cells))
        cells = in_words(Place(*place).name for place in conflict.cells)
        return f"{cage_title(conflict)} has {count} {conflict.symbol}s, in {cells}"
    if conflict.full:
        return f"{cage_title(conflict, False)} adds up to {conflict.made}, not {conflict.total}"
    digits = in_words(conflict.symbols)
    already = "already makes" if len(conflict.symbols) == 1 else "already make"
    return f"{cage_title(conflict)}: {digits} {already} {conflict.made}"


def conflict_message(conflict: Conflict, title: str = "") -> str:
    """A clash among the givens in words: "Row 3 has two 5s (columns 2 and 7)".

    A row names its columns and a column its rows; any other unit (a box, a
    diagonal) names its cells; a cage says it as cage_conflict_message does. `title`
    names the unit instead of its kind and number (a Jigsaw's region by the label the
    player gave it: "Region A").
    """
    if conflict.unit == CAGE:
        return cage_conflict_message(conflict)
    if not conflict.symbol:
        return sums_message(conflict)
    if conflict.clash:
        return related_message(conflict)
    cells = in_words(clash_cell_name(conflict.unit, place) for place in conflict.cells)
    fields = _clash_fields(conflict) | ({"unit": title} if title else {})
    return CLASH.format(**fields, where=clash_where(conflict.unit).format(cells=cells))


def related_message(conflict: Conflict) -> str:
    """Two givens a rule's relation forbids together, in the rule's words (its `clash`):
    "r1c1 and r1c2 are consecutive (4, 5)", "r1c1 and r1c2 have a black dot: 3 and 5 are
    not in ratio 2" (its {first} and {second} symbols)."""
    cells = in_words(Place(*place).name for place in conflict.cells)
    symbols = LIST_SEPARATOR.join(conflict.symbols)
    first, second = conflict.symbols[0], conflict.symbols[-1]
    return conflict.clash.format(cells=cells, symbols=symbols, first=first, second=second)


def sums_message(conflict: Conflict) -> str:
    """A Killer's sums that cannot be, in words: "The cages add up to 406; a full 9x9 adds up
    to 405", "The cages inside row 3 add up to 46; a row adds up to 45"."""
    if conflict.unit == GRID:
        size, made, total = conflict.index, conflict.made, conflict.total
        return f"The cages add up to {made}; a full {size}x{size} adds up to {total}"
    where = unit_title(conflict.unit, conflict.index).lower()
    return (
        f"The cages inside {where} add up to {conflict.made};"
        f" a {conflict.unit} adds up to {conflict.total}"
    )


def _clash_fields(conflict: Conflict) -> dict[str, str]:
    """The headline's fields for `conflict`: its unit, how many, which symbol."""
    return {
        "unit": unit_title(conflict.unit, conflict.index),
        "count": count_word(len(conflict.cells)),
        "symbol": conflict.symbol,
    }


def dead_end_message(dead_end: DeadEnd) -> str:
    """Where singles from the givens run out of options: "Filling in the 14 cells the givens
    force leaves r1c8 with no possible value", "The givens leave no place for 9 in row 1"."""
    if dead_end.forced == 0:
        start = "The givens leave"
    elif dead_end.forced == 1:
        start = "Filling in the one cell the givens force leaves"
    else:
        start = f"Filling in the {dead_end.forced} cells the givens force leaves"
    if dead_end.kind == CELL:
        return f"{start} {Place(*dead_end.place).name} with no possible value"
    return f"{start} no place for {dead_end.symbol} in {dead_end.unit} {dead_end.index}"


def not_a_symbol(symbols: str) -> str:
    """The template saying a cell holds what no cell of a grid in `symbols` may, with its
    fields {cell} and {text} (quoted): "r1c1: 'a' is not a digit from 1 to 9"."""
    kind = "digit" if symbols.isdigit() else "symbol"
    return f"{{cell}}: {{text}} is not a {kind} from {symbols[0]} to {symbols[-1]}"


def no_solution_reason(conflicts: Sequence[Conflict], dead_end: DeadEnd | None) -> str:
    """Why a puzzle has no solution, in a line of a table: its first clash, else where
    singles run out, else that only the search finds the contradiction."""
    if conflicts:
        more = len(conflicts) - 1
        others = f"; and {more} more clash{'es' if more > 1 else ''}" if more else ""
        return conflict_message(conflicts[0]) + others
    if dead_end is not None:
        return dead_end_message(dead_end)
    return (
        "Filling in what the givens force runs into no dead end by itself, but every way of"
        " filling the grid fails (its solve page says how the search found it)"
    )


def deep_contradiction_message(nodes: int) -> str:
    """Why there is no solution when singles from the givens reach no dead end."""
    branches = "one branch" if nodes == 1 else f"{nodes:,} branches"
    return (
        "Filling in what the givens force runs into no dead end by itself, but every way of"
        f" filling the grid fails: the search tried {branches} and each ran into a cell"
        " or a unit with no option left"
    )


def sat_contradiction_message(conflicts: int) -> str:
    """Why there is no solution when singles reach no dead end and the SAT solver proved it."""
    return (
        "Filling in what the givens force runs into no dead end by itself, but every way of"
        " filling the grid fails: the SAT solver proved it, after"
        f" {conflicts:,} {'conflict' if conflicts == 1 else 'conflicts'}"
    )


# What each engine (SolveResult.engine) is called on a page.
ENGINE_NAMES = {SEARCH: "exact search", SAT: "SAT solver (CaDiCaL)"}


# Past this many, the cells two solutions differ in are counted rather than listed.
DIFFERENCES_LISTED = 30


def differences_message(differences: Sequence[tuple[tuple[int, int], str, str]]) -> str:
    """Where two solutions differ, each place with its symbol in the first and the second:
    "They differ in 4 cells: r1c2 (3 or 8), r1c5 (8 or 3), r4c2 (8 or 3) and r4c5 (3 or 8)."
    """
    listed = [f"{Place(*place).name} ({a} or {b})" for place, a, b in differences]
    if len(listed) > DIFFERENCES_LISTED:
        listed[DIFFERENCES_LISTED:] = [f"{len(listed) - DIFFERENCES_LISTED} more"]
    return f"They differ in {len(differences)} cells: {in_words(listed)}."


def solution_count_message(count: SolutionCount) -> str:
    """How many solutions a count found, and why it stopped if it is not exact: "exactly 5
    solutions", "at least 1,000 solutions (counting stops there)", or "at least 2 solutions
    (counting them ran out of its work budget)"."""
    if count.exact:
        return solution_count_number(count)
    if count.stopped_by == CAP:
        return f"{solution_count_number(count)} (counting stops there)"
    if count.stopped_by_ceiling:
        return f"{solution_count_number(count)} (the server stopped counting to stay responsive)"
    return f"{solution_count_number(count)} (counting them ran out of its work budget)"


def ceiling_message(what: str) -> str:
    """Why `what` ("the solve", "the batch") was not finished when the wall-time ceiling, not
    the work budget, stopped it: a moment of the server's, nothing about the puzzle."""
    return (
        f"The server stopped {what} to stay responsive, before its work budget ran out:"
        " this says nothing about the puzzle. Try again shortly."
    )


def solution_count_number(count: SolutionCount) -> str:
    """ "exactly 5 solutions" or "at least 1,000 solutions": the count, and whether it is exact."""
    solutions = f"{count.count:,} solution{'' if count.count == 1 else 's'}"
    return f"exactly {solutions}" if count.exact else f"at least {solutions}"


def link_code_problem(error: PuzzleError) -> str:
    """What keeps a share link's code from being a puzzle, said about the link: "The link's
    code, character 3: 'x' is not a Sudoku symbol (...)"; a code has no lines to count."""
    where = f"line {error.line}, column {error.column}: "
    if error.line == 1 and error.message.startswith(where):
        return f"The link's code, character {error.column}: {error.message.removeprefix(where)}"
    return f"The link's code: {error.message}"


def format_ms(ms: float) -> str:
    """A duration for people: "0.42 ms", "6.5 ms", "340 ms", "1.25 s"."""
    if ms < 1:
        return f"{ms:.2f} ms"
    if ms < 100:
        return f"{ms:.1f} ms"
    if ms < 1000:
        return f"{ms:.0f} ms"
    return f"{ms / 1000:.2f} s"
