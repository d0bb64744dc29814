"""A variant drawn on a board: what each cell's <td> adds for the eye (classes) and for a
screen reader (words after its label), read from the board's units alone.

- X-Sudoku: a cell on a diagonal gets "diagonal-1" or "diagonal-2" (the CSS draws the line
  through it as a background gradient; the centre cell of an odd grid gets both);
- Windoku: a cell of a window gets "window" (shaded);
- Jigsaw: the boxes give way to regions, so a board has no box lines; a cell whose right or
  lower neighbour is in another region gets "edge-right" or "edge-below" (a thick border);
- a pair kind (anti-knight, non-consecutive): its pairs are not drawn; the board's caption
  names it and a line below the caption says its rule (`rule_legend`);
- a marked kind (Kropki's dots, XV's X and V): a mark on the edge between its two cells,
  drawn by the lower cell (`edge_marks`: a white or black dot, or the letter X or V, on its
  right or lower edge; the cell gets "marked"), and a screen reader hears ", white dot
  right" after its label; its rule is said below the caption as a pair kind's is;
- a lined kind (thermometers): each cell of a line draws half of each step to its
  neighbours on the line (`line_parts`: an arm from its centre towards the neighbour, which
  meets the neighbour's at their shared border or corner) and its start its kind's
  `line_start` (a thermometer's bulb; nothing for a German whisper), in the kind's class
  ("thermometer"), sized by the cell, so it is drawn at every size; a screen reader hears
  ", thermometer bulb" or ", thermometer from r1c1" after the cell's label; a `signed` kind's
  two-cell line (a greater-than sign) is drawn by its start as a sign on the border it shares
  with the other cell, pointing at it ("sign-to-right"), and heard as ", greater than r4c5"
  and ", less than r4c4"; an outside kind's line (a little killer's) draws no line: its
  clue's number sits outside the grid beside its first cell (`_outside_clue`);
- a celled kind (even and odd cells): a shape under the cell's digit in the kind's class
  (`cell_class`: a grey square for "even-cell", a grey circle for "odd-cell"), drawn as a
  line part "shade" sized by the cell; the cell gets "shaded", and a screen reader hears
  ", even cell" (the kind's `cell_heard`) after its label;
- Killer: a cage's cells get "cage", and "cage-top", "cage-left", "cage-right" or
  "cage-bottom" on each side that borders another cage or the grid's edge (the CSS draws a
  dashed line inside them); its first cell shows the sum in its corner (`cage_sum`), and a
  screen reader hears ", cage 10 (3 cells)" after every cell's label.

Nothing here knows a variant by name: the classes, the words and the names are the registry's
entries (rulebook.py), found by the kinds of unit and the pair kinds a geometry has, so a
board drawn for any geometry shows what its rules are.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..sudoku import Geometry, Shape
from ..sudoku.geometry import EXTRA_UNITS, per_geometry
from ..sudoku.rulebook import RULE_KINDS, Line, RuleKind, clue_place, clue_where

REGION = "region"
JIGSAW_NAME = "Jigsaw"
KILLER_NAME = "Killer"
# A Killer alone is called so (puzzle.Rules.name); with other rules, "Killer" is one word of it.
KILLER_ALONE = "Killer Sudoku"


@dataclass(frozen=True)
class EdgeMark:
    """A mark a cell draws on its `side` ("right" or "below"): the registry's class for it
    (`drawn`: "white-dot", "x-mark"), and the letter it shows ("" for a dot)."""

    side: str
    drawn: str
    letter: str = ""


@dataclass(frozen=True)
class LinePart:
    """Part of a line a cell draws: the registry's class for the line ("thermometer"), and
    "bulb" or the way of an arm from the cell's centre ("to-right", "to-below-left"); or an
    outside clue's number (a little killer's), `shown` beside the line's first cell outside
    the grid, where its class says ("outside-clue little-killer", "clue-above-left")."""

    drawn: str
    part: str
    shown: str = ""


# The way from a cell to a neighbour, by (rows down, columns across), as an arm's class.
ARMS = {
    (0, 1): "to-right",
    (1, 1): "to-below-right",
    (1, 0): "to-below",
    (1, -1): "to-below-left",
    (0, -1): "to-left",
    (-1, -1): "to-above-left",
    (-1, 0): "to-above",
    (-1, 1): "to-above-right",
}


@dataclass(frozen=True)
class Drawn:
    """What a variant adds to one cell: CSS classes, words after its label (", region 4"),
    the sum shown in its corner when it is the first cell of a Killer's cage, and the marks
    on its right and lower edges, and the parts of lines through it."""

    classes: str = ""
    spoken: str = ""
    cage_sum: str = ""
    edge_marks: tuple[EdgeMark, ...] = ()
    line_parts: tuple[LinePart, ...] = ()


PLAIN = Drawn()


def is_jigsaw(geometry: Geometry) -> bool:
    """True when regions stand in for the boxes."""
    return REGION in geometry.kinds


def drawn_kinds(shape: Shape) -> dict[str, RuleKind]:
    """The rule kinds whose units a board of `shape` draws, by the kind of unit they add
    ("diagonal"), each with the class its cells get and whether a screen reader hears which
    unit a cell is in (the registry's, rulebook.py); diagonals are plain to hear from a
    cell's row and column, so they are only drawn."""
    return {
        kind.units(shape)[0].kind: kind
        for kind in RULE_KINDS.values()
        if kind.units is not None and kind.drawn and kind.unfit(shape) is None
    }


@per_geometry
def drawn_cells(geometry: Geometry) -> tuple[Drawn, ...]:
    """Each cell's Drawn, in reading order; all PLAIN on a classic board."""
    classes: list[list[str]] = [[] for _ in range(geometry.shape.cell_count)]
    spoken: list[list[str]] = [[] for _ in range(geometry.shape.cell_count)]
    region = [0] * geometry.shape.cell_count
    drawn = drawn_kinds(geometry.shape)
    for unit in geometry.units:
        if unit.kind == REGION:
            for cell in unit.cells:
                region[cell] = unit.index
                spoken[cell].append(f"region {unit.index}")
        elif unit.kind in drawn:
            pattern, heard = drawn[unit.kind].drawn, drawn[unit.kind].heard
            for cell in unit.cells:
                classes[cell].append(pattern.format(index=unit.index))
                if heard:
                    spoken[cell].append(f"{unit.kind} {unit.index}")
    if is_jigsaw(geometry):
        for cell, edges in enumerate(region_edges(geometry.shape.size, region)):
            classes[cell] += edges
    sums = [""] * geometry.shape.cell_count
    for cells, total in zip(geometry.cages, geometry.cage_totals, strict=True):
        count = "1 cell" if len(cells) == 1 else f"{len(cells)} cells"
        said = f"cage {total} ({count})" if total is not None else f"cage with no sum ({count})"
        for cell, sides in zip(cells, cage_sides(geometry.shape.size, cells), strict=True):
            classes[cell] += ["cage", *sides]
            spoken[cell].append(said)
        sums[cells[0]] = "" if total is None else str(total)
    on_edges: list[list[EdgeMark]] = [[] for _ in range(geometry.shape.cell_count)]
    for each in geometry.marks:
        kind = RULE_KINDS.get(each.letter)
        if kind is None:
            continue
        for first, second in each.pairs:
            side = "right" if second == first + 1 else "below"
            letter = kind.shown
            on_edges[first].append(EdgeMark(side, kind.mark, letter))
            classes[first].append("marked")
            said = letter or kind.mark.replace("-", " ")
            spoken[first].append(f"{said} {side}")
    parts = _line_parts(geometry, classes, spoken)
    for shaded in geometry.cells:
        kind = RULE_KINDS.get(shaded.letter)
        if kind is None:
            continue
        for cell in shaded.cells:
            parts[cell].append(LinePart(kind.cell_class or "marked-cell", "shade"))
            classes[cell].append("shaded")
            spoken[cell].append(kind.cell_heard or kind.name.lower())
    return tuple(
        Drawn(
            " ".join(dict.fromkeys(names)),
            "".join(f", {words}" for words in dict.fromkeys(words_of)),
            total,
            tuple(marks),
            tuple(dict.fromkeys(drawn_parts)),
        )
        for names, words_of, total, marks, drawn_parts in zip(
            classes, spoken, sums, on_edges, parts, strict=True
        )
    )


def _line_parts(
    geometry: Geometry, classes: list[list[str]], spoken: list[list[str]]
) -> list[list[LinePart]]:
    """Each cell's parts of the geometry's lines (its arms and a start's bulb, or each cell
    of a circled kind's circle), adding "lined" to its classes and what a screen reader
    hears of the line."""
    n = geometry.shape.size
    parts: list[list[LinePart]] = [[] for _ in range(geometry.shape.cell_count)]
    for line in geometry.lines:
        kind = RULE_KINDS.get(line.letter)
        if kind is None or not line.cells:
            continue
        drawn = kind.line_class or "line"
        start = line.cells[0]
        if kind.signed:
            _sign(geometry, line.cells, drawn, classes, spoken, parts)
            continue
        if kind.outside:
            _outside_clue(n, kind, line, classes, spoken, parts)
            continue
        # a two-cell circle's cells both; no start drawn for a kind without (a whisper); and
        # the last cell as the start where both ends are (a between line's circles)
        circle = line.cells[: max(kind.circled, 1)] if kind.line_start else ()
        if kind.line_start and kind.ends_circled and line.cells[-1] not in circle:
            circle = (*circle, line.cells[-1])
        for cell in circle:
            parts[cell].append(LinePart(drawn, "bulb"))
            spoken[cell].append(f"{drawn} {kind.line_start}")
        for cell in line.cells:
            classes[cell].append("lined")
            if cell not in circle:
                spoken[cell].append(f"{drawn} from r{start // n + 1}c{start % n + 1}")
        for one, other in zip(line.cells, line.cells[1:], strict=False):
            down, across = other // n - one // n, other % n - one % n
            if (down, across) in ARMS:
                parts[one].append(LinePart(drawn, ARMS[(down, across)]))
                parts[other].append(LinePart(drawn, ARMS[(-down, -across)]))
    return parts


def _sign(
    geometry: Geometry,
    cells: tuple[int, ...],
    drawn: str,
    classes: list[list[str]],
    spoken: list[list[str]],
    parts: list[list[LinePart]],
) -> None:
    """A signed kind's line (a greater-than sign): drawn by its start on the border it shares
    with the other cell, pointing at it ("sign-to-right"), and heard from both cells."""
    n = geometry.shape.size
    if len(cells) != 2:
        return
    first, second = cells
    way = (second // n - first // n, second % n - first % n)
    if way not in ARMS:
        return
    parts[first].append(LinePart(drawn, f"sign-{ARMS[way]}"))
    classes[first].append("lined")
    names = [f"r{cell // n + 1}c{cell % n + 1}" for cell in cells]
    spoken[first].append(f"greater than {names[1]}")
    spoken[second].append(f"less than {names[0]}")


def _outside_clue(
    n: int,
    kind: RuleKind,
    line: Line,
    classes: list[list[str]],
    spoken: list[list[str]],
    parts: list[list[LinePart]],
) -> None:
    """An outside kind's line (a little killer's): its clue's number drawn by its first cell
    beside it, outside the grid beyond its `edge` (a corner's beyond the top or the bottom;
    the board takes a margin for it: style.css), which a screen reader hears after that
    cell's label ("little killer 15 above-left of r1c1"; at a row's or a column's end,
    "sandwich sum 15 left of row 3"), and each cell along it hears the clue it is under."""
    start = line.cells[0]
    row, column = divmod(start, n)
    clue_row, clue_column = clue_place(n, line.cells)
    way = ARMS[(clue_row - row, clue_column - column)].removeprefix("to-")
    edge = (
        "top"
        if clue_row < 0
        else "bottom"
        if clue_row >= n
        else "left"
        if clue_column < 0
        else "right"
    )
    name = f"r{row + 1}c{column + 1}"
    said = f"{kind.outside} {line.value}"
    drawn = f"outside-clue {kind.line_class}"
    parts[start].append(LinePart(drawn, f"clue-{way} beyond-{edge}", f"{line.value}"))
    spoken[start].append(f"{said} {clue_where(n, line.cells)}")
    for cell in line.cells:
        classes[cell].append("lined")
        if cell != start:
            spoken[cell].append(f"on the {said} from {name}")


def cage_sides(size: int, cells: Sequence[int]) -> list[list[str]]:
    """For each of a cage's cells (0-based, on a size x size grid), the sides where its
    dashed outline runs: "cage-top", "cage-left", "cage-right", "cage-bottom" where the
    neighbour is outside the cage (or off the grid)."""
    inside = set(cells)
    found = []
    for cell in cells:
        row, col = divmod(cell, size)
        neighbours = (
            ("cage-top", row > 0 and cell - size in inside),
            ("cage-left", col > 0 and cell - 1 in inside),
            ("cage-right", col + 1 < size and cell + 1 in inside),
            ("cage-bottom", row + 1 < size and cell + size in inside),
        )
        found.append([side for side, joined in neighbours if not joined])
    return found


def region_edges(size: int, labels: Sequence[object]) -> list[list[str]]:
    """For each cell of a size x size grid labelled by region, the thick lines it draws: on
    its right ("edge-right") and below it ("edge-below") where the next cell's label differs."""
    found: list[list[str]] = []
    for cell, label in enumerate(labels):
        row, col = divmod(cell, size)
        found.append([])
        if col + 1 < size and labels[cell + 1] != label:
            found[-1].append("edge-right")
        if row + 1 < size and labels[cell + size] != label:
            found[-1].append("edge-below")
    return found


def variant_name(geometry: Geometry) -> str:
    """What players call the variant a board's units, cages and pairs make ("Jigsaw
    X-Sudoku", "Killer Sudoku", "Anti-Knight"), "" for classic: the names the rules give
    (puzzle.Rules.names), told from the kinds of unit, whether there are cages, and the
    pair kinds the geometry names."""
    kinds = set(geometry.kinds)
    shape = geometry.shape
    names = [JIGSAW_NAME] if REGION in kinds else []
    names += [KILLER_NAME] if geometry.cages else []
    for extra in EXTRA_UNITS.values():
        if extra.unfit(shape) is None and extra.units(shape)[0].kind in kinds:
            names.append(extra.name)
    names += [RULE_KINDS[letter].name for letter in geometry.pair_kinds if letter in RULE_KINDS]
    # Kropki's white and black dots are one variant by one name.
    return KILLER_ALONE if names == [KILLER_NAME] else " ".join(dict.fromkeys(names))


def rule_legend(geometry: Geometry) -> tuple[str, ...]:
    """What a board says below its caption of the rules it does not draw on its cells, and
    of its marks: each pair kind's and marked kind's rule in a sentence (the registry's,
    rulebook.py), in the rules' order."""
    return tuple(
        RULE_KINDS[letter].rule
        for letter in geometry.pair_kinds
        if letter in RULE_KINDS and RULE_KINDS[letter].rule
    )
