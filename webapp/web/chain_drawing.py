"""A chain drawn over a pencil-mark board, as HoDoKu and SudokuWiki draw one: a ring round
each node's candidates, and a line from each node to the next, solid for a strong link and
dashed for a weak one, with an arrow in the order the chain is read.

Coordinates are in an SVG viewBox where each cell is CELL units wide: the drawing sits over
the board's cells, so a candidate's place follows from its cell and its slot in the cell's
grid of marks (pencil.html lays out `box_cols` slots a row)."""

from __future__ import annotations

from dataclasses import dataclass

from ..sudoku import Shape
from ..sudoku.logic import Step
from .pencil_board import KeyEntry

CELL = 60  # viewBox units a cell; 60 divides evenly into 2, 3, 4 and 5 slots
STRONG_LINKS = {"strong", "als"}  # "als": strong through an almost locked set

Point = tuple[float, float]


@dataclass(frozen=True)
class Ring:
    """A circle round one node's candidate."""

    x: float
    y: float
    r: float


@dataclass(frozen=True)
class Group:
    """A rounded box round the candidates of a node that spans several cells."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class DrawnLink:
    """A line from one node to the next; `kind` "strong" (solid) or "weak" (dashed)."""

    x1: float
    y1: float
    x2: float
    y2: float
    kind: str


@dataclass(frozen=True)
class ChainDrawing:
    """What the SVG over a board draws for a chain, and the key to its lines."""

    size: int  # viewBox width and height
    rings: tuple[Ring, ...]
    groups: tuple[Group, ...]
    links: tuple[DrawnLink, ...]
    key: tuple[KeyEntry, ...]


def candidate_point(shape: Shape, cell: int, value: int) -> Point:
    """The centre of `value`'s slot in `cell`'s grid of marks, in viewBox units."""
    row, col = divmod(cell, shape.size)
    across = shape.box_cols
    down = shape.size // across
    slot_row, slot_col = divmod(value - 1, across)
    return (
        round(col * CELL + (slot_col + 0.5) * CELL / across, 1),
        round(row * CELL + (slot_row + 0.5) * CELL / down, 1),
    )


def _radius(shape: Shape) -> float:
    """How far a ring reaches from its candidate's centre: most of half a slot."""
    return round(0.45 * CELL / max(shape.box_cols, shape.size // shape.box_cols), 1)


def _towards(start: Point, end: Point, by: float) -> Point:
    """The point `by` units from `start` along the line to `end`."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length <= 2 * by:
        return start
    return (round(start[0] + dx * by / length, 1), round(start[1] + dy * by / length, 1))


def chain_drawing(shape: Shape, step: Step | None) -> ChainDrawing | None:
    """The drawing of `step`'s alternating chain (its inferences); None for a step without
    one (a forcing chain's placements are numbered on the marks instead: one does not
    follow from the one before alone, so no line may say it does)."""
    if step is None or not step.inferences:
        return None
    radius = _radius(shape)
    rings: list[Ring] = []
    groups: list[Group] = []
    centres: list[Point] = []
    for cells, value, _ in step.inferences:
        points = [candidate_point(shape, cell, value) for cell in cells]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        centres.append((round(sum(xs) / len(xs), 1), round(sum(ys) / len(ys), 1)))
        if len(points) == 1:
            rings.append(Ring(points[0][0], points[0][1], radius))
        else:
            groups.append(
                Group(
                    round(min(xs) - radius, 1),
                    round(min(ys) - radius, 1),
                    round(max(xs) - min(xs) + 2 * radius, 1),
                    round(max(ys) - min(ys) + 2 * radius, 1),
                )
            )
    links = []
    kinds = set()
    for (_, _, link), start, end in zip(step.inferences, centres, centres[1:], strict=False):
        kind = "strong" if link in STRONG_LINKS else "weak"
        kinds.add(kind)
        a, b = _towards(start, end, radius), _towards(end, start, radius)
        links.append(DrawnLink(a[0], a[1], b[0], b[1], kind))
    key = []
    if "strong" in kinds:
        key.append(KeyEntry("line strong", "strong link: if one end is false, the other is true"))
    if "weak" in kinds:
        key.append(KeyEntry("line weak", "weak link: if one end is true, the other is false"))
    return ChainDrawing(shape.size * CELL, tuple(rings), tuple(groups), tuple(links), tuple(key))
