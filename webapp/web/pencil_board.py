"""A board of pencil marks: each open cell's candidates in a small grid, and, for a step,
the pattern drawn on it: cells by role, the units it reasons over, candidates struck
out or placed, chain nodes numbered in the order the chain visits them."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from enum import StrEnum, unique

from ..explanations.names import ROLE_NAMES, role_name
from ..sudoku import Grid, Shape
from ..sudoku.logic import Position, Step
from ..wording import in_words
from .grid_table import Board, board, place_of


@unique
class MarkState(StrEnum):
    """What a candidate shows, besides being there (its value is the mark's CSS class)."""

    REMOVED = "removed"  # the step removes it: struck through
    PLACED = "placed"  # the step places it
    KEY = "key"  # one of the values the step is about, in one of its pattern's cells


# What a screen reader says of a candidate in a state (a key's candidate needs no words).
SPOKEN = {MarkState.REMOVED: "removed", MarkState.PLACED: "placed here"}


@dataclass(frozen=True)
class Mark:
    """One slot of a cell's pencil-mark grid: a candidate's symbol ("" when the value is
    not a candidate), what the step does to it, and its chain node numbers."""

    symbol: str
    state: MarkState | None = None
    numbers: str = ""


@dataclass(frozen=True)
class MarkedCell:
    """A cell of a pencil-mark board: its value, or its marks in rows; its classes, and the
    words a screen reader says for it."""

    name: str
    label: str
    value: str
    classes: str
    marks: tuple[tuple[Mark, ...], ...]


@dataclass(frozen=True)
class KeyEntry:
    """One line of a board's key: the class its sample carries and what it means; a mark's
    sample shows a candidate the board draws so (`symbol`, and `number` for a chain node)."""

    classes: str
    meaning: str
    symbol: str = ""
    number: str = ""


def pencil_board(
    puzzle: Grid, position: Position, caption: str, step: Step | None = None
) -> tuple[Board[MarkedCell], tuple[KeyEntry, ...]]:
    """The position's pencil marks, with `step` drawn on them, and the key to what is drawn."""
    shape = puzzle.shape
    roles: dict[int, list[str]] = defaultdict(list)
    states: dict[tuple[int, int], MarkState] = {}
    numbers: dict[tuple[int, int], list[str]] = defaultdict(list)
    in_units: set[int] = set()
    if step is not None:
        for cell, role in step.cells:
            if role not in roles[cell]:
                roles[cell].append(role)
        for cell, _ in step.cells:
            for value in step.digits:
                if position.has(cell, value):
                    states[cell, value] = MarkState.KEY
        for candidate in step.eliminations:
            states[candidate] = MarkState.REMOVED
        for candidate in step.placements:
            states[candidate] = MarkState.PLACED
        for number, (cells, value, _) in enumerate(step.inferences, start=1):
            for cell in cells:
                numbers[cell, value].append(str(number))
        if not step.inferences:
            for number, candidate in enumerate(step.chain, start=1):
                numbers[candidate].append(str(number))
        # The puzzle's own units: a step may reason over a diagonal, a window or a region.
        units = {(unit.kind, unit.index): unit for unit in position.geometry.units}
        for name in step.units:
            if name in units:
                in_units.update(units[name].cells)
    shown = [
        _cell(shape, position, puzzle, cell, roles[cell], states, numbers, cell in in_units)
        for cell in range(shape.cell_count)
    ]
    # only the numbers of candidates on show are drawn, and only those the key may promise;
    # a forcing chain's removal nodes, (cell, -value), stand on no candidate and are not drawn
    numbers = defaultdict(
        list,
        {
            (c, v): n
            for (c, v), n in numbers.items()
            if v > 0 and not position.values[c] and position.has(c, v)
        },
    )
    key = _key(shape, roles, states, numbers, bool(in_units)) if step is not None else ()
    return board(shape, caption, shown, position.geometry), key


def _cell(
    shape: Shape,
    position: Position,
    puzzle: Grid,
    cell: int,
    roles: list[str],
    states: dict[tuple[int, int], MarkState],
    numbers: dict[tuple[int, int], list[str]],
    in_unit: bool,
) -> MarkedCell:
    """One cell: a given, a value found before this position, or its candidates."""
    name = place_of(shape, cell).name
    classes = [f"role-{role}" for role in roles] + (["in-unit"] if in_unit else [])
    played = [role_name(role) for role in roles]
    value = position.values[cell]
    if value:
        kind = "given" if puzzle.cells[cell] else "found"
        label = f"{name}: {shape.symbol(value)}, {kind}"
        label += f"; {in_words(played)}" if played else ""
        classes.insert(0, kind)
        return MarkedCell(name, label, shape.symbol(value), " ".join(classes), ())
    slots = []
    said = []
    for value in range(1, shape.size + 1):
        if not position.has(cell, value):
            slots.append(Mark(""))
            continue
        symbol = shape.symbol(value)
        state = states.get((cell, value))
        node = numbers.get((cell, value), [])
        slots.append(Mark(symbol, state, ",".join(node)))
        said.append(symbol + _spoken(state, node))
    rows = tuple(
        tuple(slots[top : top + shape.box_cols]) for top in range(0, shape.size, shape.box_cols)
    )
    label = f"{name}: candidates {in_words(said)}" if said else f"{name}: no candidate left"
    label += f"; {in_words(played)}" if played else ""
    classes.insert(0, "open")
    return MarkedCell(name, label, "", " ".join(classes), rows)


def _spoken(state: MarkState | None, node: list[str]) -> str:
    """What a screen reader adds after a candidate: " (removed)", " (chain node 3)"."""
    words = SPOKEN.get(state, "") if state is not None else ""
    if node:
        words = ", ".join(filter(None, [words, "chain node " + " and ".join(node)]))
    return f" ({words})" if words else ""


def _key(
    shape: Shape,
    roles: dict[int, list[str]],
    states: dict[tuple[int, int], MarkState],
    numbers: dict[tuple[int, int], list[str]],
    units: bool,
) -> tuple[KeyEntry, ...]:
    """The key for what one step draws, in a fixed order; each mark's sample is the first
    candidate the board draws so (the value the step places shows that value)."""
    used = {role for played in roles.values() for role in played}
    ordered = [role for role in ROLE_NAMES if role in used]
    ordered += sorted(used - set(ROLE_NAMES))
    entries = [KeyEntry(f"role-{role}", role_name(role)) for role in ordered]
    if units:
        entries.append(KeyEntry("in-unit", "a unit the step reasons over"))
    meanings = (
        (MarkState.KEY, "a candidate the pattern is made of"),
        (MarkState.REMOVED, "a candidate the step removes"),
        (MarkState.PLACED, "the value the step places"),
    )
    for state, meaning in meanings:
        drawn = sorted(candidate for candidate, shown in states.items() if shown == state)
        if drawn:
            entries.append(KeyEntry(f"mark {state}", meaning, shape.symbol(drawn[0][1])))
    if numbers:
        (_, value), number = min(numbers.items(), key=lambda item: int(item[1][0]))
        meaning = "chain nodes, numbered in the chain's order"
        entries.append(KeyEntry("mark numbered", meaning, shape.symbol(value), number[0]))
    return tuple(entries)
