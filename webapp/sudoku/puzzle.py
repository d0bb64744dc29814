"""The Puzzle value: a grid of givens and the rules its solution obeys.

Glossary:
- rules: what a solution must obey beyond filling every cell: the shape's rows,
  columns and boxes, plus the units of each extra kind a variant adds (geometry.py,
  EXTRA_UNITS: X-Sudoku's diagonals, ...) and the pairs of cells each pair kind makes
  differ (PAIR_RULES: anti-knight's, anti-king's), all read off the registry (rulebook.py);
- regions: a Jigsaw's region map (regions.py), N connected regions of N cells that
  stand in for the boxes;
- share code: the grid's code (grid.py), then, for any rules but the classic ones,
  "-" and the rules' letters: `...-x` is an X-Sudoku, `...-xw` adds Windoku's windows,
  `...-n` is an anti-knight Sudoku and `...-t` an anti-king one;
  a Jigsaw's ends with "j" and its region code (`...-jAB...`), a Killer's with "k" and its
  cage code (cages.py: `...-k1122...0A07...`). A classic puzzle's code is its grid's code,
  so every classic link keeps meaning what it meant;
- cages: a Killer's cages (cages.py), whose digits differ and add up to their sums;
- marks: the pairs of side-by-side cells a puzzle marks itself, by marked kind
  (rulebook.py: Kropki's white "W" and black "B" dots, XV's "X" and "V"), each written in
  the share code after the letters as the kind's letter and its mark code (marks.py:
  `...-W<29 letters>` on a 9x9), before a Jigsaw's and a Killer's parts;
- marked cells: the cells a puzzle marks itself, by celled kind (rulebook.py: even "E" and
  odd "O" cells), each written after the marks as the kind's letter and its cell code
  (marked_cells.py: `...-E<17 letters>` on a 9x9);
- lines: the lines a puzzle draws itself, by lined kind (rulebook.py: thermometers "T"),
  each written after the marks as the kind's letter and its line code (lines.py).

Every engine entry point takes a Puzzle, and every cache, store and job key is derived
from its code, rules included: a code never means two puzzles.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from math import isqrt

from .cages import (
    CAGE_DIGITS,
    WIDE,
    Cage,
    cage_code_fits,
    checked,
    decode_cages,
    encode_cages,
    in_order,
    read_cage_number,
)
from .errors import PuzzleError
from .geometry import Geometry, geometry_of, rule_kind_named, rule_letters
from .grid import Grid
from .lines import encode_lines, take_lines
from .marked_cells import cell_code_length, encode_cells, take_cells
from .marks import encode_marks, mark_code_length, side_by_side, take_marks
from .regions import (
    REGION_LETTERS,
    box_map,
    code_length,
    decode_regions,
    encode_regions,
    place,
    region_map,
)
from .rulebook import (
    RULE_KINDS,
    Line,
    MarkedCells,
    MarkedPairs,
    RuleKind,
    celled_kinds,
    clue_where,
    line_fault,
    line_kinds,
    marked_kinds,
    outside_lines,
)
from .shape import SHAPES, Shape

# Between a share code's grid and its rules.
RULES_MARK = "-"
# Before a Jigsaw's region code, after the letters of the extra kinds of unit.
JIGSAW = "j"
# Before a Killer's cage code, at the end.
KILLER = "k"
# The largest grid marks are drawn on (f-puzzles makes grids up to 16x16): a 25x25's four
# kinds of marks would make its longest share code longer than a request line may be.
MARKED_UP_TO = 16
# A puzzle's lines pass through at most this many cells a cell of the grid, in all (lines may
# share cells, as a branching thermometer's share its bulb), so its code has a bound.
LINE_CELLS = 2


@dataclass(frozen=True)
class Rules:
    """The kinds of unit and pair kinds a puzzle adds to its shape's rows, columns and
    boxes, by letter, in the share code's order (geometry.rule_letters), a Jigsaw's
    region map in place of the boxes, and a Killer's cages (kept in the order of their first
    cells) with `cage_size`, the side of the grid they are drawn on (their code spells
    every cell of it; 0 without cages), and the pairs each marked kind marks (`marks`, in
    the registry's order) with `mark_size`, the side of the grid they are on (0 without);
    none of these for a classic puzzle."""

    extras: tuple[str, ...] = ()
    regions: tuple[int, ...] = ()
    cages: tuple[Cage, ...] = ()
    cage_size: int = 0
    marks: tuple[MarkedPairs, ...] = ()
    mark_size: int = 0
    lines: tuple[Line, ...] = ()
    line_size: int = 0
    cells: tuple[MarkedCells, ...] = ()
    cell_size: int = 0

    def __post_init__(self) -> None:
        """Refuse a letter no kind of unit has, or one named twice, cages without the side of
        their grid, and marks of a kind that is not marked or named twice: PuzzleError."""
        object.__setattr__(self, "cages", in_order(self.cages))
        self._order_marks()
        self._order_lines()
        self._order_cells()
        if not self.marks:
            object.__setattr__(self, "mark_size", 0)
        elif self.mark_size not in SHAPES:
            raise PuzzleError(f"marks are drawn on a grid of a known size, not {self.mark_size}")
        if not self.cages:
            object.__setattr__(self, "cage_size", 0)
        elif self.cage_size not in SHAPES:
            raise PuzzleError(f"cages are drawn on a grid of a known size, not {self.cage_size}")
        unknown = [letter for letter in self.extras if rule_kind_named(letter) is None]
        if unknown:
            known = ", ".join(f"{letter} ({_kind_name(letter)})" for letter in rule_letters())
            raise PuzzleError(f"the rules {unknown[0]!r} are not known; the solver knows {known}")
        if len(set(self.extras)) != len(self.extras):
            raise PuzzleError("the rules name the same kind of unit twice")

    def _order_marks(self) -> None:
        """Keep the marks in the registry's order, each kind's pairs lower cell first and
        ascending, and no kind without marks unless all are given (PuzzleError for a kind
        that is not marked, or named twice)."""
        order = [kind.letter for kind in marked_kinds()]
        for each in self.marks:
            if each.letter not in order:
                raise PuzzleError(f"{each.letter!r} is not a kind of mark the solver knows")
        letters = [each.letter for each in self.marks]
        if len(set(letters)) != len(letters):
            raise PuzzleError(f"the rules give the marks of {RULE_KINDS[letters[0]].name} twice")
        kept = (
            MarkedPairs(
                each.letter,
                tuple(sorted({(min(pair), max(pair)) for pair in each.pairs})),
                each.all_given,
            )
            for each in sorted(self.marks, key=lambda each: order.index(each.letter))
        )
        object.__setattr__(
            self, "marks", tuple(each for each in kept if each.pairs or each.all_given)
        )

    def _order_lines(self) -> None:
        """Keep the lines in the registry's order of their kinds, each kind's in the order
        given, and the side of their grid only with lines (PuzzleError for a kind that is
        not lined, or a side no grid has)."""
        order = [kind.letter for kind in line_kinds()]
        for each in self.lines:
            if each.letter not in order:
                raise PuzzleError(f"{each.letter!r} is not a kind of line the solver knows")
        kept = tuple(sorted(self.lines, key=lambda each: order.index(each.letter)))
        object.__setattr__(self, "lines", kept)
        if not self.lines:
            object.__setattr__(self, "line_size", 0)
        elif self.line_size not in SHAPES:
            raise PuzzleError(f"lines are drawn on a grid of a known size, not {self.line_size}")

    def _order_cells(self) -> None:
        """Keep the marked cells in the registry's order of their kinds, each kind's ascending,
        no kind without cells, and the side of their grid only with cells (PuzzleError for a
        kind that is not celled or is named twice, or a side no grid has)."""
        order = [kind.letter for kind in celled_kinds()]
        for each in self.cells:
            if each.letter not in order:
                raise PuzzleError(f"{each.letter!r} is not a kind of marked cell the solver knows")
        letters = [each.letter for each in self.cells]
        if len(set(letters)) != len(letters):
            raise PuzzleError(f"the rules give the cells of {RULE_KINDS[letters[0]].name} twice")
        kept = tuple(
            MarkedCells(each.letter, tuple(sorted(set(each.cells))))
            for each in sorted(self.cells, key=lambda each: order.index(each.letter))
            if each.cells
        )
        object.__setattr__(self, "cells", kept)
        if not self.cells:
            object.__setattr__(self, "cell_size", 0)
        elif self.cell_size not in SHAPES:
            raise PuzzleError(f"cells are marked on a grid of a known size, not {self.cell_size}")

    @classmethod
    def from_letters(
        cls,
        letters: str,
        regions: tuple[int, ...] = (),
        cages: tuple[Cage, ...] = (),
        cage_size: int = 0,
        marks: tuple[MarkedPairs, ...] = (),
        mark_size: int = 0,
        lines: tuple[Line, ...] = (),
        line_size: int = 0,
        cells: tuple[MarkedCells, ...] = (),
        cell_size: int = 0,
    ) -> Rules:
        """The rules a share code's letters name, in any order (PuzzleError if unknown),
        with `regions` for a Jigsaw, `cages` (of a grid of side `cage_size`) for a Killer and
        `marks` (of a grid of side `mark_size`), `lines` (of a grid of side `line_size`) and
        marked `cells` (of a grid of side `cell_size`)."""
        rules = cls(tuple(letters))  # checks every letter
        ordered = tuple(letter for letter in rule_letters() if letter in rules.extras)
        return cls(
            ordered, regions, cages, cage_size, marks, mark_size, lines, line_size, cells, cell_size
        )

    @property
    def classic(self) -> bool:
        """True for rows, columns and boxes alone."""
        return (
            not self.extras
            and not self.regions
            and not self.cages
            and not self.marks
            and not self.lines
            and not self.cells
        )

    @property
    def code(self) -> str:
        """What a share code writes after RULES_MARK ("" for classic rules): the letters,
        then a Jigsaw's JIGSAW and region code."""
        code = "".join(self.extras) + self.marks_code + self.cells_code
        code += encode_lines(self.line_size, self.lines)
        if self.regions:
            size = isqrt(len(self.regions))
            code += f"{JIGSAW}{encode_regions(size, self.regions)}"
        if self.cages:
            code += f"{KILLER}{encode_cages(self.cage_size, self.cages)}"
        return code

    @property
    def marks_code(self) -> str:
        """The marks' part of the share code: each marked kind's letter and mark code."""
        return "".join(encode_marks(self.mark_size, each) for each in self.marks)

    @property
    def cells_code(self) -> str:
        """The marked cells' part of the share code: each celled kind's letter and cell code."""
        return "".join(encode_cells(self.cell_size, each) for each in self.cells)

    @property
    def names(self) -> tuple[str, ...]:
        """What players call each variant these rules make ("Jigsaw", "Killer", "X-Sudoku"),
        in order."""
        jigsaw = ("Jigsaw",) if self.regions else ()
        killer = ("Killer",) if self.cages else ()
        extras = tuple(_kind_name(letter) for letter in self.extras)
        lined = tuple(dict.fromkeys(RULE_KINDS[each.letter].name for each in self.lines))
        celled = tuple(dict.fromkeys(RULE_KINDS[each.letter].name for each in self.cells))
        return jigsaw + killer + extras + self.mark_names + lined + celled

    @property
    def mark_names(self) -> tuple[str, ...]:
        """What players call the marks these rules carry ("Kropki", "XV"), each once, in
        order."""
        return tuple(dict.fromkeys(RULE_KINDS[each.letter].name for each in self.marks))

    @property
    def name(self) -> str:
        """The variant in a few words: "Classic", "X-Sudoku", "Jigsaw X-Sudoku", "Killer
        Sudoku", "Killer X-Sudoku", "Jigsaw Killer"."""
        if self.names == ("Killer",):
            return "Killer Sudoku"
        return " ".join(self.names) or "Classic"

    def fitted(self, shape: Shape) -> Rules:
        """These rules as a puzzle of `shape` keeps them: a Jigsaw whose regions are the
        boxes is the classic puzzle (so one puzzle has one share code)."""
        if self.regions and self.regions == box_map(shape):
            return replace(self, regions=())
        return self

    def unfit(self, shape: Shape) -> str | None:
        """Why these rules cannot apply to a grid of `shape`, or None."""
        for letter in self.extras:
            kind = rule_kind_named(letter)
            reason = kind.unfit(shape) if kind is not None else None
            if reason:
                return reason
        if self.regions and len(self.regions) != shape.cell_count:
            cells = shape.cell_count
            return f"the region map has {len(self.regions)} cells; a {shape.name} grid has {cells}"
        if self.regions and region_map(shape.size, self.regions) != self.regions:
            return "a region map numbers its regions in the order their first cells come"
        if self.cages:
            try:
                self.check_cages(shape)
            except PuzzleError as error:
                return error.message
        if self.marks and shape.size > MARKED_UP_TO:
            return (
                f"marks are drawn on grids up to {MARKED_UP_TO}x{MARKED_UP_TO}, not a {shape.name}"
            )
        if self.marks and self.mark_size != shape.size:
            side = self.mark_size
            return f"the marks are drawn on a {side}x{side} grid, not a {shape.name}"
        for each in self.marks:
            stray = side_by_side(shape.size, each.pairs)
            if stray is not None:
                joined = " and ".join(place(shape.size, cell) for cell in stray)
                marked = RULE_KINDS[each.letter].name
                return f"{marked}'s marks join side-by-side cells only, not {joined}"
        if self.cells and shape.size > MARKED_UP_TO:
            return (
                f"cells are marked on grids up to {MARKED_UP_TO}x{MARKED_UP_TO}, not a {shape.name}"
            )
        if self.cells and self.cell_size != shape.size:
            side = self.cell_size
            return f"the marked cells are on a {side}x{side} grid, not a {shape.name}"
        for each_kind in self.cells:
            if any(not 0 <= cell < shape.cell_count for cell in each_kind.cells):
                name = RULE_KINDS[each_kind.letter].name
                return f"{name}'s cells are off the {shape.name} grid"
        if self.lines and shape.size > MARKED_UP_TO:
            return (
                f"lines are drawn on grids up to {MARKED_UP_TO}x{MARKED_UP_TO}, not a {shape.name}"
            )
        if sum(len(line.cells) for line in self.lines) > LINE_CELLS * shape.cell_count:
            return f"the lines pass through more than {LINE_CELLS} cells a cell of the grid"
        if self.lines and self.line_size != shape.size:
            side = self.line_size
            return f"the lines are drawn on a {side}x{side} grid, not a {shape.name}"
        seen = set()
        for line in self.lines:
            said = line_fault(shape.size, line)
            if said is not None:
                return said
            clued = RULE_KINDS[line.letter].outside
            if clued and (line.letter, line.cells) in seen:
                where = clue_where(shape.size, line.cells)
                return f"the {clued} {where} pointing the same way is given twice"
            seen.add((line.letter, line.cells))
        return None

    def check_cages(self, shape: Shape) -> None:
        """Refuse cages drawn on another size of grid, or that are not cages of `shape`
        (cages.checked): PuzzleError naming the cage, with its cells."""
        if self.cages and self.cage_size != shape.size:
            raise PuzzleError(
                f"the cages are drawn on a {self.cage_size}x{self.cage_size} grid, not a"
                f" {shape.name}"
            )
        checked(shape.size, self.cages)

    def geometry(self, shape: Shape) -> Geometry:
        """The units a grid of `shape` obeys under these rules, and a Killer's cages."""
        cells = tuple(cage.cells for cage in self.cages)
        totals = tuple(cage.total for cage in self.cages)
        return geometry_of(
            shape, self.extras, self.regions, cells, totals, self.marks, self.lines, self.cells
        )


CLASSIC = Rules()


def _kind_name(letter: str) -> str:
    """What players call the rule kind of `letter` (the letter itself when none has it)."""
    kind = rule_kind_named(letter)
    return letter if kind is None else kind.name


@dataclass(frozen=True)
class Puzzle:
    """A grid of givens (0 for a blank) and the rules its solution obeys."""

    grid: Grid
    rules: Rules = field(default=CLASSIC)

    def __post_init__(self) -> None:
        """Refuse anything but a Grid as the givens (a Puzzle inside a Puzzle, say), and rules
        that do not fit its shape (PuzzleError); a Jigsaw whose regions are the boxes is the
        classic puzzle, and is kept as one (so it has one share code)."""
        if not isinstance(self.grid, Grid):
            raise TypeError(f"a puzzle's givens are a Grid, not {type(self.grid).__name__}")
        self.rules.check_cages(self.grid.shape)  # the error names the cage and its cells
        reason = self.rules.unfit(self.grid.shape)
        if reason:
            raise PuzzleError(reason)
        object.__setattr__(self, "rules", self.rules.fitted(self.grid.shape))

    @cached_property
    def geometry(self) -> Geometry:
        """Every unit of the puzzle, in order: rows, columns, boxes, then the rules' extras."""
        return self.rules.geometry(self.grid.shape)

    @property
    def code(self) -> str:
        """The share code: the grid's code, then RULES_MARK and the rules' letters unless
        classic. Caches, stores and jobs key on it."""
        if self.rules.classic:
            return self.grid.code
        return f"{self.grid.code}{RULES_MARK}{self.rules.code}"

    @property
    def line(self) -> str:
        """The puzzle on one line, as `sudoku generate` prints it: the grid's line ("." for
        blanks), then RULES_MARK and the rules as the share code writes them unless classic."""
        if self.rules.classic:
            return self.grid.line
        return f"{self.grid.line}{RULES_MARK}{self.rules.code}"

    @property
    def shape(self) -> Shape:
        """The grid's shape."""
        return self.grid.shape

    @property
    def size(self) -> int:
        """The side length N."""
        return self.grid.size

    @property
    def cells(self) -> tuple[int, ...]:
        """The givens in reading order, 0 for a blank."""
        return self.grid.cells

    @property
    def givens(self) -> int:
        """How many cells are given."""
        return self.grid.givens

    def with_grid(self, grid: Grid) -> Puzzle:
        """The same rules over another grid of the same shape (a position's values, say)."""
        return Puzzle(grid, self.rules)

    def __str__(self) -> str:
        return self.code


def is_solution(solution: Grid, puzzle: Puzzle) -> bool:
    """True when `solution` is complete, keeps every given of `puzzle`, fills every unit
    of its rules, gives each cage different digits adding up to its sum, and each of its
    pairs (an anti-knight's) different digits, no relation's pair (non-consecutive's
    neighbours) digits it forbids together, each line sum (an arrow's) its sum, each line
    rule (a between line's) its rule, and each marked cell (an even cell) a digit its kind
    allows."""
    grid = puzzle.grid
    if solution.shape != grid.shape or not solution.is_complete:
        return False
    if any(g and g != s for g, s in zip(grid.cells, solution.cells, strict=True)):
        return False
    full = set(range(1, grid.size + 1))
    units = puzzle.geometry.units
    if not all({solution.cells[cell] for cell in unit.cells} == full for unit in units):
        return False
    cells = solution.cells
    if any(cells[first] == cells[second] for first, second in puzzle.geometry.pairs):
        return False
    for relation in puzzle.geometry.relations:
        held = ((cells[first], cells[second]) for first, second in relation.pairs)
        if any(digits in relation.forbidden for digits in held):
            return False
    if not all(each.held(cells) for each in puzzle.geometry.line_sums):
        return False
    if not all(each.held(grid.size, cells) for each in puzzle.geometry.line_rules):
        return False
    if any(cells[cell] in digits for cell, digits in puzzle.geometry.barred):
        return False
    for cage in puzzle.rules.cages:
        digits = [solution.cells[cell] for cell in cage.cells]
        if len(set(digits)) != len(digits) or cage.total not in (None, sum(digits)):
            return False
    return True


def longest_code() -> int:
    """The most characters a share code can have: the longer of the largest grid's and the
    largest marked grid's longest codes."""
    return max(longest_grid_code(), longest_marked_code())


def longest_grid_code() -> int:
    """The longest share code of the largest grid, which takes no marks or lines: its cells,
    RULES_MARK, the letter of every kind of unit, a Jigsaw's region code and a Killer's cage
    code (each cell in a cage of its own, each with a sum)."""
    size = max(SHAPES)
    cells = size * size
    regions = len(JIGSAW) + code_length(size)
    cages = len(KILLER) + len(WIDE) + 2 * cells + 2 * cells
    return cells + len(RULES_MARK) + len(rule_letters()) + regions + cages


def longest_marked_code() -> int:
    """The longest share code of the largest grid that takes marks and lines: the code of
    longest_grid_code's parts on that grid, every marked kind's marks, and lines through
    LINE_CELLS cells a cell of the grid, each kind's lines under its letter and a count.
    A line takes its length and first cell in two letters each, then a letter a step
    (lines.encode_lines), so the most letters come from the most lines: one of each kind
    of as few cells as it may have, the rest of two cells; but first every line of each
    outside kind (a little killer's, two letters more for its clue's number, each given
    once) whose letters a cell are more than those (short_clues), an outside kind with none
    (a sandwich's, a whole row) taking no letters."""
    marked = MARKED_UP_TO * MARKED_UP_TO
    kinds = line_kinds()
    fewest = [fewest_line_cells(kind) for kind in kinds if not kind.outside]
    short = [len(cells) for kind in kinds if kind.outside for cells in short_clues(kind)]
    left = LINE_CELLS * marked - sum(fewest) - sum(short)
    lines = sum(3 + 3 + cells for cells in fewest) + (2 + 2 + 1) * (left // 2)
    outside = sum(1 for kind in kinds if kind.outside and short_clues(kind))
    lines += 3 * outside + sum(2 + 2 + cells - 1 + 2 for cells in short)
    return (
        marked
        + len(RULES_MARK)
        + len(rule_letters())
        + len(marked_kinds()) * (1 + mark_code_length(MARKED_UP_TO))
        + len(celled_kinds()) * (1 + cell_code_length(MARKED_UP_TO))
        + len(JIGSAW)
        + code_length(MARKED_UP_TO)
        + len(KILLER)
        + len(WIDE)
        + 4 * marked
        + lines
    )


def short_clues(kind: RuleKind) -> tuple[tuple[int, ...], ...]:
    """The lines of outside `kind` (a little killer's) on the largest grid that takes lines
    whose code is longer for their cells than lines of two cells' (2 + 2 + 1 letters for two
    cells): those of fewer than four cells, each given once; the longest code has them all."""
    every = outside_lines(kind, MARKED_UP_TO)
    return tuple(cells for cells in every if 2 * (2 + 2 + len(cells) - 1 + 2) > 5 * len(cells))


def fewest_line_cells(kind: RuleKind) -> int:
    """The fewest cells a line of lined `kind` may have: the first straight line along a
    row of the largest grid that takes lines that it finds nothing wrong with."""
    for count in range(2, MARKED_UP_TO + 1):
        if (
            kind.line_problem is None
            or kind.line_problem(MARKED_UP_TO, tuple(range(count))) is None
        ):
            return count
    return MARKED_UP_TO


# How a share code writes its rules, for a message about a letter it does not know.
RULE_LETTERS = (
    "after the - a link's rules are "
    + ", ".join(f"{letter} ({_kind_name(letter)})" for letter in rule_letters())
    + ", "
    + ", ".join(f"{kind.letter} and {kind.name}'s marks" for kind in marked_kinds())
    + "".join(f", {kind.letter} and {kind.name}'s cells" for kind in celled_kinds())
    + f", {JIGSAW} and a Jigsaw's regions, {KILLER} and a Killer's cages"
)


def split_code(text: str) -> tuple[str, Rules]:
    """A share code's grid part and its rules: the text after the last RULES_MARK when it is
    letters of known kinds of unit, then perhaps JIGSAW and a region code, then perhaps
    KILLER and a cage code, each of a grid with as many cells as the part before (else it
    is all grid: a pasted grid may have "-" between its rows, and a 16x16 lower-case
    letters). PuzzleError for a region or cage code that cannot be one."""
    head, mark, tail = text.rpartition(RULES_MARK)
    if not (mark and head and tail):
        return text, CLASSIC
    # A whole grid's code before the mark makes what follows rules, which can then be
    # worded as rules when they are wrong (not as stray cells of the grid).
    whole = _whole_grid_code(head)
    count = len(tail) - len(tail.lstrip("".join(rule_letters())))
    letters, rest = tail[:count], tail[count:]
    mark_size = whole or 0
    marked = "".join(kind.letter for kind in marked_kinds())
    marks, rest = take_marks(mark_size, rest) if mark_size else ((), rest)
    cells, rest = take_cells(mark_size, rest) if mark_size else ((), rest)
    lines, rest = take_lines(mark_size, rest) if mark_size else ((), rest)
    regions: tuple[int, ...] = ()
    if rest.startswith(JIGSAW):
        found = _region_code(rest[len(JIGSAW) :])
        if found is None and whole is not None:
            raise _region_code_error(whole, rest[len(JIGSAW) :])
        if found is None:
            return text, CLASSIC
        size, region_code = found
        try:
            regions = decode_regions(size, region_code)
        except PuzzleError as error:
            raise PuzzleError(f"the Jigsaw's regions cannot be read: {error.message}") from None
        rest = rest[len(JIGSAW) + len(region_code) :]
    cages: tuple[Cage, ...] = ()
    cage_size = 0
    if rest.startswith(KILLER):
        cage_code = rest[len(KILLER) :]
        # The grid's side when the head is a grid's code, else any side the code fits.
        sides = sorted(SHAPES, key=lambda side: side * side != len(head))
        fitting = [side for side in sides if cage_code_fits(side, cage_code)]
        if not fitting and whole is not None:
            raise _cage_code_error(whole, cage_code)
        if not fitting:
            return text, CLASSIC
        cage_size = fitting[0]
        cages = decode_cages(cage_size, cage_code)
        rest = ""
    if (
        rest
        and whole is not None
        and rest[0].isalpha()
        and rest[0]
        not in (
            JIGSAW,
            KILLER,
            *marked,
            *(kind.letter for kind in line_kinds()),
            *(kind.letter for kind in celled_kinds()),
        )
    ):
        raise PuzzleError(f"unknown rule letter {rest[0]}; {RULE_LETTERS}")
    if rest:
        return text, CLASSIC
    return head, Rules.from_letters(
        letters,
        regions,
        cages,
        cage_size,
        marks,
        mark_size if marks else 0,
        lines,
        mark_size if lines else 0,
        cells,
        mark_size if cells else 0,
    )


def _whole_grid_code(head: str) -> int | None:
    """The side of the grid `head` spells a cell a character (as a share code does), or None
    when it is not one (a pasted grid's first rows, say)."""
    if any(char.isspace() or char == RULES_MARK for char in head):
        return None
    side = isqrt(len(head))
    return side if side * side == len(head) and side in SHAPES else None


def _region_code_error(size: int, code: str) -> PuzzleError:
    """What is wrong with a Jigsaw's region code after JIGSAW, in a player's words."""
    cut = code.split(KILLER, 1)[0] if KILLER in code else code
    wanted = code_length(size)
    if len(cut) != wanted:
        return PuzzleError(
            f"the Jigsaw's regions cannot be read: after -{JIGSAW} a {size}x{size} Jigsaw's"
            f" link has {wanted} letters for its regions, this one has {len(cut)} (was the"
            " link cut short or changed?)"
        )
    return PuzzleError(
        f"the Jigsaw's regions cannot be read: after -{JIGSAW} the link has letters A-Z"
        " and 2-7 only (was the link changed?)"
    )


def _cage_code_error(size: int, code: str) -> PuzzleError:
    """What is wrong with a Killer's cage code after KILLER, in a player's words: a
    character no cage code has, too few characters for the cells, or sums that do not match
    the cages the cells number."""
    said = f"the Killer's cages cannot be read: after -{KILLER} "
    wide = code.startswith(WIDE)
    body = code[len(WIDE) :] if wide else code
    width = 2 if wide else 1
    bad = next((at for at, char in enumerate(body) if char not in CAGE_DIGITS), None)
    if bad is not None:
        where = bad + 1 + (len(WIDE) if wide else 0)
        return PuzzleError(
            f"{said}the link has digits and letters only, but character {where} of its cages"
            f" is {body[bad]!r} (was the link changed?)"
        )
    cells = size * size * width
    if len(body) < cells:
        return PuzzleError(
            f"{said}a {size}x{size} Killer's link has {cells} characters for its cells, then"
            f" two for each cage's sum; this one has {len(body)} in all (was the link cut"
            " short?)"
        )
    cages = max(read_cage_number(body[at : at + width]) for at in range(0, cells, width))
    return PuzzleError(
        f"{said}its cells name {cages} cages, so {2 * cages} characters of sums follow them;"
        f" this one has {len(body) - cells} (was the link cut short or changed?)"
    )


def _region_code(text: str) -> tuple[int, str] | None:
    """The side of the grid and the region code at the start of `text` (followed by nothing
    or KILLER), or None when no grid's region code is there."""
    for size in SHAPES:
        code, after = text[: code_length(size)], text[code_length(size) :]
        if len(code) == code_length(size) and (not after or after.startswith(KILLER)):
            if all(letter in REGION_LETTERS for letter in code):
                return size, code
    return None
