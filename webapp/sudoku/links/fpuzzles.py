"""f-puzzles' JSON: the grid of a puzzle as f-puzzles.com (and SudokuPad) write it.

The object has `size` and `grid[row][column]`, each cell an object that may hold `value`
(with `given: true` for a clue), `region` (its region, 0-based, written only on a cell whose
region is not its box; `null` for a cell in no region), `centerPencilMarks`/
`cornerPencilMarks`/`candidates` (lists of values), and colours. Every other key is a rule
on top of Sudoku (`killercage`, `thermometer`, `diagonal+`, ...) or a drawing (`line`,
`text`, ...).

The rules the solver knows are read into the puzzle's Rules: both diagonals (`diagonal+`
and `diagonal-`) are X-Sudoku, `extraregion` holding exactly Windoku's four windows is
Windoku, cells' `region`s make a Jigsaw, and `killercage` (a list of {"cells": ["R1C1", ...],
"value": "10"}, the sum a string, missing or "" for a cage without one) a Killer's cages,
and a pair kind's key set to true (`"antiknight": true`, `"antiking": true`: the registry,
rulebook.py, names the keys) that kind. A marked kind's key lists its marks, each {"cells":
["R1C1", "R1C2"]} with perhaps a "value" (Kropki's `difference`, "1" when left out, and
`ratio`, "2"; `xv`, "X" or "V"), and `negative` lists the keys whose marks are all given
(f-puzzles' negative constraint); `nonconsecutive` beside white dots is their negative
constraint too (a pair with a dot is not held to it), as f-puzzles' solvers read it. A
lined kind's key (`thermometer`) lists its shapes, each {"lines": [["R1C1", "R1C2", ...]]}
(a branching thermometer has a line a branch, each from the bulb), read as one line each,
from its start, and refused naming the line and the cell at fault when malformed, or when
its "value" is not its kind's (`whispers` lists German whispers, each with its least
difference as a "value"); f-puzzles draws German whispers as `line`s too, marked as drawn
for a constraint, which are skipped where they copy a line a key lists. A celled kind's
key (`even`, `odd`) lists its marked cells, each {"cell": "R1C1"}. Any
other rule or drawing, one diagonal alone or
other extra regions, is refused with its names in words, never read as a plain Sudoku; so
is `cage`, f-puzzles' cosmetic cage, which is drawn with any text in its corner and says
nothing a solver can hold to.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from ..cage_input import PLACE_DIGITS, SUM_DIGITS
from ..cages import Cage, checked
from ..errors import PuzzleError
from ..geometry import windows
from ..grid import Grid
from ..marks import side_by_side
from ..puzzle import CLASSIC, Puzzle, Rules
from ..regions import box_map, place, region_map
from ..rulebook import (
    RULE_KINDS,
    Line,
    MarkedCells,
    MarkedPairs,
    RuleKind,
    celled_kinds,
    clue_place,
    line_fault,
    line_kinds,
    marked_kinds,
    walk_in,
)
from ..shape import SHAPES, Shape
from ..whole_numbers import read_place, read_whole_number

# Keys that describe the puzzle and say nothing of its rules: its words, its solution, and the
# settings a solver's user script saves with it (which logic steps it may use, how it colours
# true candidates).
PLAIN_KEYS = frozenset(
    {
        "size",
        "grid",
        "title",
        "author",
        "ruleset",
        "solution",
        "activeConstraints",
        "successMessage",
        "disabledlogic",
        "truecandidatesoptions",
    }
)

# f-puzzles' rule and drawing keys, in words (the list its editor writes).
VARIANT_NAMES = {
    "diagonal+": "a positive diagonal",
    "diagonal-": "a negative diagonal",
    "antiknight": "anti-knight",
    "antiking": "anti-king",
    "disjointgroups": "disjoint groups",
    "nonconsecutive": "non-consecutive",
    "negative": "negative constraints",
    "arrow": "arrows",
    "cage": "cosmetic cages",
    "littlekillersum": "little killer sums",
    "odd": "odd cells",
    "even": "even cells",
    "extraregion": "extra regions",
    "thermometer": "thermometers",
    "palindrome": "palindromes",
    "renban": "renban lines",
    "whispers": "German whispers",
    "regionsumline": "region sum lines",
    "betweenline": "between lines",
    "entropicline": "entropic lines",
    "sandwichsum": "sandwich sums",
    "xsum": "X-sums",
    "skyscraper": "skyscrapers",
    "xv": "X and V marks",
    "difference": "white kropki dots",
    "ratio": "black kropki dots",
    "minimum": "minimum cells",
    "maximum": "maximum cells",
    "clone": "clones",
    "quadruple": "quadruples",
    "rowindexer": "row indexers",
    "columnindexer": "column indexers",
    "boxindexer": "box indexers",
    "line": "drawn lines",
    "rectangle": "drawn rectangles",
    "circle": "drawn circles",
    "text": "text on the grid",
}

MARK_KEYS = ("candidates", "centerPencilMarks")
# The list of keys whose marks are all given, and the pair key that is white dots' negative.
NEGATIVE = "negative"
NONCONSECUTIVE = "nonconsecutive"

# The rule keys read into Rules (the rest are refused by VARIANT_NAMES' words).
DIAGONALS = ("diagonal+", "diagonal-")
EXTRA_REGIONS = "extraregion"
KILLER_CAGES = "killercage"
RULE_KEYS = frozenset({*DIAGONALS, EXTRA_REGIONS, KILLER_CAGES})
# The ways an outside clue (a little killer's) points, (rows down, columns across).
WAYS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
# f-puzzles' drawn lines: cosmetic, but also how it draws German whispers (_copies_of_lines).
DRAWN_LINES = "line"
# f-puzzles' text on the grid: cosmetic, but also how it draws outside clues (_copies_of_clues).
DRAWN_TEXT = "text"


def pair_keys() -> dict[str, str]:
    """Each pair kind's key, true when the puzzle has it, and the kind's letter (the
    registry's, rulebook.py, read when asked, so a kind registered in a test counts)."""
    return {
        key: kind.letter
        for kind in RULE_KINDS.values()
        if kind.pairs is not None
        for key in kind.fpuzzles_keys
    }


def marked_keys() -> dict[str, tuple[RuleKind, ...]]:
    """Each marked kind's key (the registry's, read when asked), with the kinds whose marks
    it lists (XV's X and V share "xv")."""
    return _keys_of(marked_kinds())


def line_keys() -> dict[str, tuple[RuleKind, ...]]:
    """Each lined kind's key (the registry's, read when asked), with its kinds (an arrow's
    key holds one-cell and two-cell circles, each a kind of its own)."""
    return _keys_of(line_kinds())


def cell_keys() -> dict[str, tuple[RuleKind, ...]]:
    """Each celled kind's key (the registry's, read when asked: `even`, `odd`), with its
    kind."""
    return _keys_of(celled_kinds())


def _keys_of(kinds: tuple[RuleKind, ...]) -> dict[str, tuple[RuleKind, ...]]:
    """Each f-puzzles key of `kinds`, with the kinds it stands for, in the registry's order."""
    found: dict[str, tuple[RuleKind, ...]] = {}
    for kind in kinds:
        for key in kind.fpuzzles_keys:
            found[key] = (*found.get(key, ()), kind)
    return found


def key_words(key: str) -> str:
    """An f-puzzles key in words: f-puzzles' editor's, else its pair kind's first word."""
    letter = pair_keys().get(key)
    fallback = RULE_KINDS[letter].word if letter else f"{key!r} (a rule the solver does not know)"
    return VARIANT_NAMES.get(key, fallback)


def read_on_top() -> str:
    """What the solver reads on top of Sudoku, for the message refusing the rest."""
    on_top = ["X-Sudoku's diagonals", "Windoku's windows", *map(key_words, pair_keys())]
    on_top += map(key_words, marked_keys())
    on_top += map(key_words, line_keys())
    on_top += map(key_words, cell_keys())
    return f"{', '.join(on_top)} and Killer cages"


@dataclass(frozen=True)
class Found:
    """A puzzle read from f-puzzles JSON: its givens, the values placed besides them, each
    cell's pencil marks as a mask (bit 1 << value), None when it has none, and its rules."""

    puzzle: Grid
    solved: Grid
    candidates: tuple[int, ...] | None
    rules: Rules = CLASSIC


def read_json(text: str, source: str = "f-puzzles") -> Found:
    """The puzzle in f-puzzles JSON `text`, with the rules the solver knows; PuzzleError
    naming every rule it does not."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise PuzzleError(f"this {source} link does not hold f-puzzles data (not JSON)") from error
    if not isinstance(data, dict):
        raise PuzzleError(f"this {source} link does not hold an f-puzzles puzzle")
    shape = _shape(data, source)
    _refuse_variants(data, source)
    found = _cells(data["grid"], shape, source)
    rules = _rules(data, shape, source)
    try:
        Puzzle(found.puzzle, rules)  # rules that do not fit the shape (Windoku on 6x6)
    except PuzzleError as error:
        raise PuzzleError(f"this {source} link's rules do not fit: {error.message}") from None
    return Found(found.puzzle, found.solved, found.candidates, rules)


def _shape(data: Mapping[str, object], source: str) -> Shape:
    """The shape of the grid `size` names: 4, 6, 9, 12 or 16 (f-puzzles makes 3 to 16)."""
    size = data.get("size")
    if not isinstance(size, int) or isinstance(size, bool):
        raise PuzzleError(f"this {source} link's puzzle has no size")
    shape = SHAPES.get(size)
    if shape is None or size == 25:
        raise PuzzleError(
            f"this {source} link holds a {size}x{size} grid; the solver reads 4x4, 6x6, 9x9,"
            " 12x12 and 16x16 from f-puzzles"
        )
    grid = data.get("grid")
    if not isinstance(grid, list) or len(grid) != size:
        raise PuzzleError(f"this {source} link's grid does not have {size} rows")
    for row, cells in enumerate(grid, start=1):
        if not isinstance(cells, list) or len(cells) != size:
            raise PuzzleError(f"this {source} link's grid: row {row} does not have {size} cells")
    return shape


def _refuse_variants(data: dict[str, Any], source: str) -> None:
    """PuzzleError naming every rule in `data` beyond rows, columns, boxes or a Jigsaw's
    regions, X-Sudoku's two diagonals and Windoku's windows (those are read by _rules)."""
    found = []
    pairs = pair_keys()
    marked = marked_keys()
    lined = line_keys()
    celled = cell_keys()
    for key, value in data.items():
        if key in PLAIN_KEYS or value in (None, False, [], {}, ""):
            continue
        named = isinstance(value, list) and all(isinstance(item, str) for item in value)
        if key in marked or (key == NEGATIVE and named) or key in lined or key in celled:
            continue  # read, or refused by name, by _marks, _lines and _marked_cells
        if key == DRAWN_LINES and _copies_of_lines(value, data):
            continue  # f-puzzles' drawing of the lines a lined key lists
        if key == DRAWN_TEXT and _copies_of_clues(value, data):
            continue  # f-puzzles' drawing of the outside clues a key lists
        if key in pairs and value is not True:
            found.append(f"{key_words(key)} set to something other than true")
            continue
        if key in RULE_KEYS or key in pairs:
            continue
        found.append(key_words(key))
    diagonals = [key for key in DIAGONALS if data.get(key)]
    if len(diagonals) == 1:
        found.append(f"{VARIANT_NAMES[diagonals[0]]} alone (X-Sudoku has both diagonals)")
    cells = [cell for row in data["grid"] for cell in row]
    if any(isinstance(cell, dict) and cell.get("givenPencilMarks") for cell in cells):
        found.append("given pencil marks")
    if found:
        names = found[0] if len(found) == 1 else f"{', '.join(found[:-1])} and {found[-1]}"
        raise PuzzleError(
            f"this {source} link holds a variant: {names}, which the solver does not read yet"
            " (it solves Sudoku with rows, columns and boxes or a Jigsaw's regions, and"
            f" {read_on_top()} on top)"
        )


def _items(value: object) -> list[object]:
    """`value` if it is a list, else no items."""
    return value if isinstance(value, list) else []


def _copies_of_lines(drawn: object, data: Mapping[str, object]) -> bool:
    """Whether every drawn line of `drawn` (f-puzzles' `line`) is marked as drawn for a
    constraint (`fromConstraint`, `isNewConstraint`) and runs through the cells of a line a
    lined kind's key lists: f-puzzles draws German whispers so beside its `whispers` list."""
    items = [item for key in line_keys() for item in _items(data.get(key))]
    listed = {
        tuple(branch)
        for item in items
        if isinstance(item, dict)
        for branch in _items(item.get("lines"))
        if isinstance(branch, list)
    }
    return isinstance(drawn, list) and all(
        isinstance(item, dict)
        and (item.get("fromConstraint") or item.get("isNewConstraint"))
        and isinstance(item.get("lines"), list)
        and all(isinstance(branch, list) and tuple(branch) in listed for branch in item["lines"])
        for item in drawn
    )


def _copies_of_clues(drawn: object, data: Mapping[str, object]) -> bool:
    """Whether every text of `drawn` (f-puzzles' `text`) is marked as drawn for a constraint
    (`fromConstraint`) and stands in the one place outside the grid of a clue an outside
    kind's key lists: f-puzzles draws X-sums' clues so, a circle and the number, beside its
    `xsum` list."""
    places = {
        item.get("cell")
        for key, kinds in line_keys().items()
        if any(kind.outside for kind in kinds)
        for item in _items(data.get(key))
        if isinstance(item, dict)
    }
    return isinstance(drawn, list) and all(
        isinstance(item, dict)
        and item.get("fromConstraint")
        and isinstance(item.get("cells"), list)
        and len(item["cells"]) == 1
        and item["cells"][0] in places
        for item in drawn
    )


def _rules(data: dict[str, Any], shape: Shape, source: str) -> Rules:
    """The rules `data` holds besides the classic ones: X-Sudoku's diagonals, Windoku's
    windows, the pair kinds, a Jigsaw's regions and a Killer's cages (what else it holds
    _refuse_variants has refused)."""
    letters = "x" if all(data.get(key) for key in DIAGONALS) else ""
    if data.get(EXTRA_REGIONS):
        letters += _windows(data[EXTRA_REGIONS], shape, source)
    marks = _marks_of(data, shape, source)
    white = any(each.letter in _kinds_of("difference") for each in marks)
    letters += "".join(
        letter
        for key, letter in pair_keys().items()
        if data.get(key) is True and not (key == NONCONSECUTIVE and white)
    )
    cages = _cages(data.get(KILLER_CAGES), shape, source)
    regions = _regions(data["grid"], shape, source)
    lines = _lines_of(data, shape, source)
    cells = _marked_cells(data, shape, source)
    size = shape.size
    return Rules.from_letters(
        letters,
        regions,
        cages,
        size if cages else 0,
        marks,
        size if marks else 0,
        lines,
        size if lines else 0,
        cells,
        size if cells else 0,
    )


def _marked_cells(data: Mapping[str, object], shape: Shape, source: str) -> tuple[MarkedCells, ...]:
    """The cells each celled kind's key lists, each {"cell": "R1C1"}; PuzzleError naming the
    key and the item that is not one cell of the grid."""
    found: list[MarkedCells] = []
    for key, kinds in cell_keys().items():
        listed = data.get(key) or []
        where = f"this {source} link's {key_words(key)}"
        if not isinstance(listed, list):
            raise PuzzleError(f"{where} are not a list of cells")
        cells = []
        for number, item in enumerate(listed, start=1):
            if not isinstance(item, dict) or not isinstance(item.get("cell"), str):
                raise PuzzleError(f'{where}: item {number} is not a cell ({{"cell": "R1C1"}})')
            cells.append(_cell_index(item["cell"], shape, source))
        if cells:
            found.extend(MarkedCells(kind.letter, tuple(cells)) for kind in kinds)
    return tuple(found)


def _lines_of(data: Mapping[str, object], shape: Shape, source: str) -> tuple[Line, ...]:
    """The lines each lined kind's key lists, a line a branch; PuzzleError naming the shape
    and line that is not a list of cells, or the cell at fault in one its kind refuses."""
    found = []
    for key, kinds in line_keys().items():
        listed = data.get(key) or []
        where = f"this {source} link's {key_words(key)}"
        if not isinstance(listed, list):
            raise PuzzleError(f"{where} are not a list")
        if kinds[0].outside:
            found.extend(_clues(listed, kinds[0], shape, where))
            continue
        for number, item in enumerate(listed, start=1):
            branches = item.get("lines") if isinstance(item, dict) else None
            if not isinstance(branches, list) or not all(
                isinstance(branch, list) for branch in branches
            ):
                raise PuzzleError(f"{where}: number {number} has no list of lines of cells")
            kind, circle = kinds[0], cast(tuple[int, ...], ())
            if kind.circled:
                said = f"{where}: number {number}"
                kind, circle = _circled(item, branches, kinds, shape, said, source)
            if len(branches) > 1 and not kind.branches:
                raise PuzzleError(
                    f"{where}: number {number} branches, which the solver does not read yet"
                )
            value = str(item.get("value", "")).strip()
            kept = kind.line_value(shape.size) if kind.line_value else value
            if value and value != kept:
                raise PuzzleError(
                    f"{where}: number {number} has the value {value[:20]!r}; the solver reads"
                    f" {key_words(key)} of value {kept!r} on a {shape.name}"
                )
            for branch in branches:
                on = tuple(_cell_index(name, shape, source) for name in branch)
                cells = (*circle, *on)
                problem = kind.line_problem(shape.size, cells) if kind.line_problem else None
                if problem is not None:
                    raise PuzzleError(f"{where}: {problem}")
                found.append(Line(kind.letter, cells))
    return tuple(found)


def _clues(listed: list[object], kind: RuleKind, shape: Shape, where: str) -> list[Line]:
    """An outside kind's clues (a little killer's), each {"cell": "R0C1", "direction": "DR",
    "value": "15"}: its place outside the grid (rows and columns 0 and size + 1 are outside),
    the way it points (none for a row's or a column's end: inwards), its number; each read
    as the line of the cells it points along, from its clue. Refused naming the clue: a
    place inside the grid or not a place, a way that is not one, pointing off the grid, a
    number that is not a whole number, or a line its kind refuses."""
    size, found = shape.size, []
    for number, item in enumerate(listed, start=1):
        said = f"{where}: number {number}"
        if not isinstance(item, dict):
            raise PuzzleError(f"{said} is not a clue with a cell")
        spelt = read_place(str(item.get("cell", "")).strip().lower(), 2)
        if spelt is None:
            raise PuzzleError(f"{said} has no place outside the grid (its cell, as R0C1)")
        row, column = spelt[0] - 1, spelt[1] - 1
        value = str(item.get("value", "")).strip()
        shown = f"{kind.outside} {value[:20]} at r{row + 1}c{column + 1}"
        if 0 <= row < size and 0 <= column < size:
            raise PuzzleError(f"{where}: {shown} is inside the grid, not outside it")
        way = str(item.get("direction", "")).strip().upper()
        if way:
            if way not in WAYS:
                raise PuzzleError(f"{where}: {shown} points {way[:10]!r}, not UL, UR, DL or DR")
            down, across = WAYS[way]
        else:
            down = (row == -1) - (row == size)
            across = (column == -1) - (column == size) if not down else 0
        cells = walk_in(size, row, column, down, across) if down or across else ()
        if not cells:
            raise PuzzleError(f"{where}: {shown} points off the grid")
        if not value.isdigit() or len(value) > 4:
            raise PuzzleError(f"{where}: {shown} has no whole number")
        line = Line(kind.letter, cells, int(value))
        problem = line_fault(size, line)
        if problem is not None:
            raise PuzzleError(f"{where}: {problem}")
        found.append(line)
    return found


def _circled(
    item: Mapping[str, object],
    branches: list[list[object]],
    kinds: tuple[RuleKind, ...],
    shape: Shape,
    where: str,
    source: str,
) -> tuple[RuleKind, tuple[int, ...]]:
    """The circled kind (an arrow's) whose circle has as many cells as the shape's `cells`
    list, and the circle's cells before its line's start (none for a one-cell circle); refused,
    saying `where`, with no circle, a circle no kind has, a line that does not start in the
    circle, or more than one line (a branching arrow's circle is the sum of all its branches,
    which a line of its own cannot say)."""
    circle = item.get("cells")
    if not isinstance(circle, list) or not circle:
        raise PuzzleError(f"{where} has no circle (no cells)")
    kind = next((each for each in kinds if each.circled == len(circle)), None)
    if kind is None:
        most = max(each.circled for each in kinds)
        raise PuzzleError(f"{where} has a circle of {len(circle)} cells; at most {most} are read")
    if len(branches) != 1:
        raise PuzzleError(f"{where} has {len(branches)} lines; only one a circle is read")
    cells = [_cell_index(name, shape, source) for name in circle]
    start = _cell_index(branches[0][0], shape, source) if branches[0] else None
    if start not in cells:
        raise PuzzleError(f"{where}: its line does not start in its circle {circle[0]}")
    return kind, tuple(cell for cell in cells if cell != start)


def _kinds_of(key: str) -> tuple[str, ...]:
    """The letters of the marked kinds whose marks `key` lists."""
    return tuple(kind.letter for kind in marked_keys().get(key, ()))


def _marks_of(data: Mapping[str, object], shape: Shape, source: str) -> tuple[MarkedPairs, ...]:
    """The marks each marked kind's key lists, all given where `negative` names the key (or,
    for white dots, where `nonconsecutive` is true beside them); PuzzleError naming the mark
    that is not one, or a negative constraint the solver does not read."""
    keys = marked_keys()
    negative = data.get(NEGATIVE) or []
    if not isinstance(negative, list) or not all(isinstance(key, str) for key in negative):
        raise PuzzleError(f"this {source} link's negative constraints are not a list of names")
    unknown = [key for key in negative if key not in keys]
    if unknown:
        raise PuzzleError(
            f"this {source} link holds a variant: negative constraints of"
            f" {key_words(unknown[0])}, which the solver does not read yet"
        )
    pairs: dict[str, list[tuple[int, int]]] = {}
    for key, kinds in keys.items():
        listed = data.get(key) or []
        if not isinstance(listed, list):
            raise PuzzleError(f"this {source} link's {key_words(key)} are not a list")
        for number, item in enumerate(listed, start=1):
            kind, pair = _mark(item, kinds, shape, f"{source} link's {key_words(key)}", number)
            pairs.setdefault(kind.letter, []).append(pair)
    white = any(kind.letter in pairs for kind in keys.get("difference", ()))
    all_given = {kind.letter for key in negative for kind in keys[key]}
    if white and data.get(NONCONSECUTIVE) is True:
        all_given.update(_kinds_of("difference"))
    return tuple(
        MarkedPairs(kind.letter, tuple(pairs.get(kind.letter, ())), kind.letter in all_given)
        for kind in marked_kinds()
        if kind.letter in pairs or kind.letter in all_given
    )


def _mark(
    item: Any, kinds: tuple[RuleKind, ...], shape: Shape, where: str, number: int
) -> tuple[RuleKind, tuple[int, int]]:
    """The kind and the pair of cells of mark `number` of a marked key: two side-by-side
    cells, and a value one of `kinds` has (a dot's may be left out); PuzzleError else."""
    cells = item.get("cells") if isinstance(item, dict) else None
    if not isinstance(cells, list) or len(cells) != 2:
        raise PuzzleError(f"this {where}: mark {number} does not join two cells")
    first, second = (_cell_index(name, shape, where) for name in cells)
    pair = (min(first, second), max(first, second))
    if side_by_side(shape.size, (pair,)) is not None:
        raise PuzzleError(
            f"this {where}: mark {number} joins {place(shape.size, pair[0])} and"
            f" {place(shape.size, pair[1])}, which are not side by side"
        )
    value = str(item.get("value", "")).strip().upper()
    for kind in kinds:
        if value == kind.fpuzzles_value or (not value and len(kinds) == 1):
            return kind, pair
    raise PuzzleError(
        f"this {where}: mark {number} has the value {value[:20]!r}, which the solver does not"
        " read yet"
    )


def _cages(listed: Any, shape: Shape, source: str) -> tuple[Cage, ...]:
    """A Killer's cages from f-puzzles' `killercage` list, checked (cages.checked); ()
    without one; PuzzleError naming the cage that is not one."""
    if not listed:
        return ()
    if not isinstance(listed, list):
        raise PuzzleError(f"this {source} link's killer cages are not a list")
    found = []
    for number, cage in enumerate(listed, start=1):
        cells = cage.get("cells") if isinstance(cage, dict) else None
        if not isinstance(cells, list) or not cells:
            raise PuzzleError(f"this {source} link's killer cage {number} has no list of cells")
        found.append(
            Cage(
                tuple(_cell_index(name, shape, source) for name in cells),
                _cage_sum(cage.get("value"), number, source),
            )
        )
    try:
        return checked(shape.size, found)
    except PuzzleError as error:
        raise PuzzleError(
            f"this {source} link's killer cages: {error.message}", cells=error.cells
        ) from None


def _cage_sum(value: Any, number: int, source: str) -> int | None:
    """A killer cage's sum from its `value` (f-puzzles writes a string; a number is read
    too), None when it has none; PuzzleError for one that is not a whole number."""
    if value is None or value == "":
        return None
    total = None if isinstance(value, bool) else read_whole_number(str(value).strip(), SUM_DIGITS)
    if not total:
        raise PuzzleError(
            f"this {source} link's killer cage {number} has the sum {str(value)[:20]!r},"
            " not a whole number"
        )
    return total


def _windows(extra: Any, shape: Shape, source: str) -> str:
    """ "w" when the extra regions are Windoku's four windows; PuzzleError naming them else."""
    wanted = (
        {frozenset(window.cells) for window in windows(shape)}
        if shape.box_rows == shape.box_cols
        else set()
    )
    extra = extra if isinstance(extra, list) else [extra]
    found = set()
    for region in extra:
        cells = region.get("cells") if isinstance(region, dict) else None
        found.add(frozenset(_cell_index(name, shape, source) for name in _listed(cells, source)))
    if found != wanted or len(extra) != len(wanted):
        raise PuzzleError(
            f"this {source} link holds a variant: extra regions other than Windoku's four"
            " windows (rows and columns 2-4 and 6-8 on a 9x9), which the solver does not"
            " read yet"
        )
    return "w"


def _listed(cells: Any, source: str) -> list[Any]:
    """An extra region's list of cells; PuzzleError when it has none."""
    if not isinstance(cells, list) or not cells:
        raise PuzzleError(f"this {source} link has an extra region without a list of cells")
    return cells


def _cell_index(name: Any, shape: Shape, source: str) -> int:
    """The 0-based index of f-puzzles' cell name "R2C3"; PuzzleError if it names none."""
    row, column = read_place(str(name).lower(), PLACE_DIGITS) or (0, 0)
    if not (1 <= row <= shape.size and 1 <= column <= shape.size):
        raise PuzzleError(f"this {source} link names a cell {str(name)[:20]!r} off its grid")
    return (row - 1) * shape.size + column - 1


def _regions(grid: list[list[Any]], shape: Shape, source: str) -> tuple[int, ...]:
    """A Jigsaw's region map from the cells' `region`s (a cell without one is in its box),
    () when they are the boxes; PuzzleError for a cell in no region or a map that is not
    N regions of N connected cells."""
    labels, outside = [], []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            region = cell.get("region", shape.box_of(r, c))  # _cells saw every cell is one
            if region is None:
                outside.append(place(shape.size, r * shape.size + c))
            elif not isinstance(region, int) or isinstance(region, bool):
                raise PuzzleError(
                    f"this {source} link's grid: row {r + 1}, column {c + 1} names the region"
                    f" {region!r}, not a number",
                    cells=((r + 1, c + 1),),
                )
            labels.append(region)
    if outside:
        raise PuzzleError(
            f"this {source} link holds a variant: cells in no region ({', '.join(outside[:3])}"
            f"{', ...' if len(outside) > 3 else ''}), which the solver does not read yet"
        )
    try:
        regions = region_map(shape.size, labels)
    except PuzzleError as error:
        raise PuzzleError(
            f"this {source} link's regions are not a Jigsaw's: {error.message}"
        ) from None
    return () if regions == box_map(shape) else regions


def _cells(grid: list[list[Any]], shape: Shape, source: str) -> Found:
    """The givens, placed values and pencil marks of an f-puzzles grid."""
    givens, placed, marks = [], [], []
    for r, row in enumerate(grid, start=1):
        for c, cell in enumerate(row, start=1):
            if not isinstance(cell, dict):
                raise PuzzleError(f"this {source} link's grid: row {r}, column {c} is not a cell")
            value = _value(cell.get("value"), shape, (r, c), source)
            given = value if cell.get("given") is True else 0
            givens.append(given)
            placed.append(value)
            marks.append(0 if value else _marks(cell, shape, (r, c), source))
    has_marks = any(marks)
    full = sum(1 << value for value in range(1, shape.size + 1))
    return Found(
        Grid(shape, tuple(givens)),
        Grid(shape, tuple(placed)),
        tuple(mark if mark or value else full for mark, value in zip(marks, placed, strict=True))
        if has_marks
        else None,
    )


def _value(value: Any, shape: Shape, cell: tuple[int, int], source: str) -> int:
    """The value at 1-based `cell`, 0 when it has none; PuzzleError when it is not 1..size."""
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= shape.size:
        raise PuzzleError(
            f"this {source} link's grid: row {cell[0]}, column {cell[1]} holds {value!r},"
            f" not a value from 1 to {shape.size}",
            cells=(cell,),
        )
    return value


def _marks(data: Mapping[str, object], shape: Shape, cell: tuple[int, int], source: str) -> int:
    """The pencil marks of the empty 1-based `cell` as a mask, 0 when it has none."""
    for key in MARK_KEYS:
        values = data.get(key)
        if values:
            if not isinstance(values, list):
                raise PuzzleError(
                    f"this {source} link's grid: row {cell[0]}, column {cell[1]} has marks"
                    " that are not a list"
                )
            mask = 0
            for value in values:
                mask |= 1 << _value(value, shape, cell, source)
            return mask
    return 0


def unwritten(rules: Rules) -> tuple[str, ...]:
    """The names of the kinds among `rules` that f-puzzles JSON has no key for (their
    registry entries list none, read when asked): a link without them would hold another
    puzzle, one with fewer rules."""
    letters = dict.fromkeys(
        (
            *rules.extras,
            *(each.letter for each in rules.marks),
            *(each.letter for each in rules.lines),
            *(each.letter for each in rules.cells),
        )
    )
    kinds = [RULE_KINDS[letter] for letter in letters if letter in RULE_KINDS]
    return tuple(kind.name for kind in kinds if not kind.fpuzzles_keys)


def write_json(grid: Grid, rules: Rules = CLASSIC) -> str:
    """`grid`'s givens and `rules` as f-puzzles JSON, as compact as f-puzzles writes it: a
    Jigsaw's `region` only on cells whose region is not their box, X-Sudoku's two diagonals,
    Windoku's windows as extra regions, a pair kind's key as true, a Killer's cages as
    `killercage` (a sum as a string, none for a cage without one), a lined kind's lines under
    its key (`thermometer`), one shape a line, with its kind's value where it has one, and a
    celled kind's cells under its key (`even`), each {"cell": "R1C1"}. ValueError, naming
    them, for rules of a kind f-puzzles has no key for (`unwritten`)."""
    missing = unwritten(rules)
    if missing:
        raise ValueError(f"f-puzzles has no key for {' or '.join(missing)}")
    size = grid.size
    numbers = _region_numbers(grid.shape, rules.regions)
    cells: list[dict[str, int | bool]] = []
    for index, value in enumerate(grid.cells):
        cell: dict[str, int | bool] = {"value": value, "given": True} if value else {}
        if numbers and numbers[index] != grid.shape.box_of(*divmod(index, size)):
            cell["region"] = numbers[index]
        cells.append(cell)
    data: dict[str, object] = {
        "size": size,
        "grid": [cells[r * size : (r + 1) * size] for r in range(size)],
    }
    if "x" in rules.extras:
        data.update(dict.fromkeys(DIAGONALS, True))
    if "w" in rules.extras:
        data[EXTRA_REGIONS] = [
            {"cells": [place(size, cell).upper() for cell in window.cells]}
            for window in windows(grid.shape)
        ]
    for key, letter in pair_keys().items():
        if letter in rules.extras:
            data[key] = True
    data.update(_marks_json(size, rules.marks))
    for key, kinds in cell_keys().items():
        celled: list[dict[str, object]] = [
            {"cell": place(size, cell).upper()}
            for kind in kinds
            for each in rules.cells
            if each.letter == kind.letter
            for cell in each.cells
        ]
        if celled:
            data[key] = celled
    for key, kinds in line_keys().items():
        own = [
            _line_json(size, kind, line)
            for kind in kinds
            for line in rules.lines
            if line.letter == kind.letter
        ]
        if own:
            data[key] = own
    if rules.cages:
        data[KILLER_CAGES] = [_cage_json(size, cage) for cage in rules.cages]
    return json.dumps(data, separators=(",", ":"))


def _line_json(size: int, kind: RuleKind, line: Line) -> dict[str, object]:
    """One line as f-puzzles writes it under its kind's key: its cells, a circled kind's (an
    arrow's) circle as `cells`, and the `value` of a kind that keeps one (a German
    whisper's); an outside kind's clue as its `cell` outside the grid, the `direction` it
    points (a diagonal's only), the cells it points along and its `value`."""
    if kind.outside:
        row, column = clue_place(size, line.cells)
        first_row, first_column = divmod(line.cells[0], size)
        step = (first_row - row, first_column - column)
        way = [{"direction": key} for key, each in WAYS.items() if each == step]
        return {
            "cell": f"R{row + 1}C{column + 1}",
            **(way[0] if way else {}),
            "cells": [place(size, cell).upper() for cell in line.cells],
            "value": str(line.value or 0),
        }
    cells = [place(size, cell).upper() for cell in line.cells]
    valued: dict[str, object] = {"value": kind.line_value(size)} if kind.line_value else {}
    if not kind.circled:
        return {"lines": [cells], **valued}
    return {"lines": [cells[kind.circled - 1 :]], "cells": cells[: kind.circled], **valued}


def _marks_json(size: int, marks: tuple[MarkedPairs, ...]) -> dict[str, object]:
    """A puzzle's marks as f-puzzles writes them: each key's list of marks (a value only
    where the key lists more than one kind's), and `negative` naming the keys whose kinds
    all have all their marks given."""
    data: dict[str, object] = {}
    given = {each.letter: each for each in marks}
    negative = []
    for key, kinds in marked_keys().items():
        listed = [
            {"cells": [place(size, cell).upper() for cell in pair]}
            | ({"value": kind.fpuzzles_value} if len(kinds) > 1 else {})
            for kind in kinds
            if kind.letter in given
            for pair in given[kind.letter].pairs
        ]
        if listed:
            data[key] = listed
        if all(kind.letter in given and given[kind.letter].all_given for kind in kinds):
            negative.append(key)
    if negative:
        data[NEGATIVE] = negative
    return data


def _cage_json(size: int, cage: Cage) -> dict[str, str | list[str]]:
    """One cage as f-puzzles writes it in `killercage`."""
    found: dict[str, str | list[str]] = {
        "cells": [place(size, cell).upper() for cell in cage.cells]
    }
    if cage.total is not None:
        found["value"] = str(cage.total)
    return found


def _region_numbers(shape: Shape, regions: tuple[int, ...]) -> tuple[int, ...]:
    """f-puzzles' number for each cell's region: each region takes the number of the box it
    shares most cells with, while that number is free (so few cells need a `region`), the
    rest the numbers left; () for no regions."""
    if not regions:
        return ()
    n = shape.size
    shared: dict[tuple[int, int], int] = {}
    for cell, region in enumerate(regions):
        box = shape.box_of(*divmod(cell, n))
        shared[region, box] = shared.get((region, box), 0) + 1
    number: dict[int, int] = {}
    for (region, box), _ in sorted(shared.items(), key=lambda item: (-item[1], item[0])):
        if region not in number and box not in number.values():
            number[region] = box
    left = iter(sorted(set(range(n)) - set(number.values())))
    for region in range(n):
        if region not in number:
            number[region] = next(left)
    return tuple(number[region] for region in regions)
