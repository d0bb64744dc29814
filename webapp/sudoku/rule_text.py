"""A puzzle's marks and lines as a person types them on a form: one entry a line (or between
semicolons), each a marked or lined kind's share-code letter (rulebook.py), "!" after a
marked kind's letter when all its marks are given, then groups of cells joined by "-":

    W r1c1-r1c2 r4c4-r5c4
    B! r2c2-r2c3
    T r1c1-r1c2-r1c3
    E r1c1 r3c4

For a marked kind each group is the two side-by-side cells a mark sits between; for a lined
kind each group is one line, from its start (a thermometer's bulb); an outside kind's (a
little killer's) starts with its clue's number and ":", as "Z 15:r1c7-r2c8-r3c9" on a 9x9;
for a celled kind (an even cell) each group is one cell it marks. Read into the Rules'
marks, lines and cells, and written back the same way (a puzzle filled into the form keeps
them), each problem said with the entry and the cells it is about.
"""

from __future__ import annotations

from .errors import PuzzleError
from .marks import side_by_side
from .puzzle import Rules
from .regions import place
from .rulebook import (
    RULE_KINDS,
    SIDES,
    Line,
    MarkedCells,
    MarkedPairs,
    RuleKind,
    celled_kinds,
    clue_side,
    clue_where,
    line_fault,
    line_kinds,
    marked_kinds,
    outside_lines,
)
from .whole_numbers import read_place

ALL_GIVEN = "!"
JOIN = "-"
# After an outside clue's number, before its line's cells (a little killer's: "15:r1c1-r2c2").
VALUED = ":"
FIELD = "marks and lines"
# The grid the hint's example of an outside clue is on.
EXAMPLE_SIZE = 9


MARK, LINE, CELLS = "mark", "line", "cells"


def notation_kinds() -> tuple[tuple[str, str, str], ...]:
    """Each kind the notation takes, as a form's script offers it: its letter, its words
    ("white dot", "thermometer", "even cells"), and whether it is a MARK (two cells), a LINE
    or marked CELLS (each one cell)."""
    marked = tuple((kind.letter, _mark_words(kind.letter), MARK) for kind in marked_kinds())
    lined = tuple((kind.letter, kind.name.lower(), LINE) for kind in line_kinds())
    celled = tuple((kind.letter, kind.name.lower(), CELLS) for kind in celled_kinds())
    return marked + lined + celled


def notation_title() -> str:
    """What the form's fold of marks and lines is called, with the kinds it takes by name."""
    names = dict.fromkeys(kind.name for kind in (*marked_kinds(), *line_kinds(), *celled_kinds()))
    return f"Marks and lines ({', '.join(names)})"


def notation_hint() -> str:
    """How the form's hint says the notation, each kind read off the registry."""
    marked = ", ".join(f"{kind.letter} ({_mark_words(kind.letter)})" for kind in marked_kinds())
    lined = ", ".join(f"{kind.letter} ({kind.name.lower()})" for kind in line_kinds())
    celled = ", ".join(f"{kind.letter} ({kind.name.lower()})" for kind in celled_kinds())
    cells = f"; or marked cells' letter, {celled}, then each cell, as r1c1 r3c4" if celled else ""
    return (
        f"One entry a line: a mark's letter, {marked}, with {ALL_GIVEN} after it when all"
        f" of them are given, then each marked pair of side-by-side cells as r1c1{JOIN}r1c2;"
        f" or a line's letter, {lined}, then each line's cells from its start, as"
        f" r1c1{JOIN}r1c2{JOIN}r1c3{cells}."
        + "".join(_clue_example(kind) for kind in line_kinds() if kind.outside)
    )


def _clue_example(kind: RuleKind) -> str:
    """The hint's example of an outside kind's line on a 9x9, with a clue of 15: of the
    lines it may have that take 15, one of the fewest cells but not under three (a little
    killer's r1c7-r2c8-r3c9), its clue first by SIDES' order of where it sits."""
    sides = list(SIDES.values())
    fine = [
        cells
        for cells in outside_lines(kind, EXAMPLE_SIZE)
        if line_fault(EXAMPLE_SIZE, Line(kind.letter, cells, 15)) is None
    ]
    if not fine:
        return ""
    cells = min(
        fine,
        key=lambda cells: (
            max(len(cells), 3),
            sides.index(clue_side(EXAMPLE_SIZE, cells)),
            cells,
        ),
    )
    written = JOIN.join(place(EXAMPLE_SIZE, cell) for cell in cells)
    return (
        f" A {kind.outside}'s line starts with its clue's number, as {kind.letter}"
        f" 15{VALUED}{written} on a 9x9 (its clue {clue_where(EXAMPLE_SIZE, cells)}, its"
        " line on to the grid's far edge)."
    )


def _mark_words(letter: str) -> str:
    """What the hint calls a marked kind: its mark's class in words ("white dot")."""
    kind = RULE_KINDS[letter]
    return f"{kind.shown} mark" if kind.shown else kind.mark.replace("-", " ") or letter


def rules_text(rules: Rules) -> str:
    """The marks and lines of `rules` in the notation, one entry a kind ("" for none)."""
    entries = []
    for marks in rules.marks:
        size = rules.mark_size
        pairs = " ".join(
            f"{place(size, one)}{JOIN}{place(size, other)}" for one, other in marks.pairs
        )
        entries.append(f"{marks.letter}{ALL_GIVEN if marks.all_given else ''} {pairs}".strip())
    for kind in line_kinds():
        own = [line for line in rules.lines if line.letter == kind.letter]
        if own:
            size = rules.line_size
            drawn = " ".join(
                (f"{line.value}{VALUED}" if kind.outside else "")
                + JOIN.join(place(size, cell) for cell in line.cells)
                for line in own
            )
            entries.append(f"{kind.letter} {drawn}")
    for each in rules.cells:
        named = " ".join(place(rules.cell_size, cell) for cell in each.cells)
        entries.append(f"{each.letter} {named}")
    return "\n".join(entries)


def read_rules_text(size: int, text: str) -> tuple[tuple[MarkedPairs, ...], tuple[Line, ...]]:
    """The marks and lines `text` writes on a size x size grid (read_typed, its marked cells
    aside)."""
    marks, lines, _ = read_typed(size, text)
    return marks, lines


def read_typed(
    size: int, text: str
) -> tuple[tuple[MarkedPairs, ...], tuple[Line, ...], tuple[MarkedCells, ...]]:
    """The marks, lines and marked cells `text` writes on a size x size grid; PuzzleError
    naming the entry (its number and text) and the cells a problem is about."""
    marks: dict[str, MarkedPairs] = {}
    lines: list[Line] = []
    celled: dict[str, MarkedCells] = {}
    entries = [entry.strip() for part in text.splitlines() for entry in part.split(";")]
    for number, entry in enumerate((entry for entry in entries if entry), start=1):
        head, *groups = entry.split()
        where = f"{FIELD}, entry {number} ({entry[:40]!r})"
        letter, all_given = head.rstrip(ALL_GIVEN).upper(), head.endswith(ALL_GIVEN)
        kind = RULE_KINDS.get(letter)
        if kind is None or not (kind.marked or kind.lined or kind.celled):
            known = ", ".join(
                each.letter for each in (*marked_kinds(), *line_kinds(), *celled_kinds())
            )
            raise PuzzleError(f"{where}: {head!r} is no mark or line; start with one of {known}")
        values = [_value(group, where) if kind.outside else None for group in groups]
        groups = [group.rpartition(VALUED)[2] if kind.outside else group for group in groups]
        cells = [_cells(size, group, where) for group in groups]
        if kind.celled:
            if all_given:
                raise PuzzleError(f"{where}: {ALL_GIVEN} is for marks, not cells")
            if letter in celled:
                raise PuzzleError(f"{where}: the {letter} cells were given in an earlier entry")
            for group in cells:
                if len(group) != 1:
                    shown = JOIN.join(place(size, cell) for cell in group)
                    raise PuzzleError(
                        f"{where}: name each cell alone, as r1c1 r3c4, not {shown}",
                        cells=_located(size, group),
                    )
            celled[letter] = MarkedCells(letter, tuple(group[0] for group in cells))
            continue
        if kind.marked:
            if letter in marks:
                raise PuzzleError(f"{where}: the {letter} marks were given in an earlier entry")
            marks[letter] = MarkedPairs(letter, _pairs(size, cells, where), all_given)
            continue
        if all_given:
            raise PuzzleError(f"{where}: {ALL_GIVEN} is for marks, not lines")
        if not cells:
            raise PuzzleError(f"{where}: name each line's cells, as r1c1{JOIN}r1c2")
        for line, value in zip(cells, values, strict=True):
            made = Line(letter, tuple(line), value)
            problem = line_fault(size, made)
            if problem:
                raise PuzzleError(f"{where}: {problem}", cells=_located(size, line))
            lines.append(made)
    return tuple(marks.values()), tuple(lines), tuple(celled.values())


def _value(group: str, where: str) -> int:
    """The clue's number an outside kind's group starts with ("15:r1c1-r2c2")."""
    value, marker, _ = group.partition(VALUED)
    if not marker or not value.isdigit() or len(value) > 4:
        raise PuzzleError(
            f"{where}: {group[:20]!r} has no clue's number; write it first, as 15{VALUED}r1c1"
        )
    return int(value)


def _cells(size: int, group: str, where: str) -> list[int]:
    """The cells a group "r1c1-r1c2" names (0-based, reading order)."""
    found = []
    for name in group.split(JOIN):
        spelt = read_place(name.strip().lower(), 2)
        if spelt is None:
            raise PuzzleError(f"{where}: {name[:10]!r} is not a cell; write cells as r1c1")
        row, column = spelt
        if not (1 <= row <= size and 1 <= column <= size):
            raise PuzzleError(f"{where}: {name} is outside the {size}x{size} grid")
        found.append((row - 1) * size + column - 1)
    return found


def _pairs(size: int, groups: list[list[int]], where: str) -> tuple[tuple[int, int], ...]:
    """The marked pairs `groups` name, each two side-by-side cells."""
    pairs = []
    for group in groups:
        if len(group) != 2:
            shown = JOIN.join(place(size, cell) for cell in group)
            raise PuzzleError(f"{where}: a mark sits between two cells, not at {shown}")
        pair = (min(group), max(group))
        if side_by_side(size, [pair]) is not None:
            first, second = (place(size, cell) for cell in pair)
            raise PuzzleError(
                f"{where}: {first} and {second} are not side by side", cells=_located(size, group)
            )
        pairs.append(pair)
    return tuple(pairs)


def _located(size: int, cells: list[int]) -> tuple[tuple[int, int], ...]:
    """The (row, column) of each of `cells`, 1-based, as a PuzzleError locates them."""
    return tuple((cell // size + 1, cell % size + 1) for cell in cells)
