"""What every branch of a forcing search shares: the geometry as plain lists, and the start.

Following an assumption copies the start's candidates, values, and per unit
and value the cells where the value may still go (a bit per cell); these
tables lay them out once per position, and the geometry's lists once per
geometry.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..geometry import Geometry, per_geometry
from .position import Position, bits_of


@dataclass(frozen=True)
class Layout:
    """A geometry as plain lists: each unit's cells and mask, each cell's units and peers."""

    unit_cells: tuple[tuple[int, ...], ...]
    unit_masks: tuple[int, ...]
    cell_units: tuple[tuple[int, ...], ...]
    peers: tuple[tuple[int, ...], ...]
    partners: tuple[tuple[int, ...], ...]  # for each unit, the units sharing two or more cells


@per_geometry
def layout(geometry: Geometry) -> Layout:
    """The lists every branch of every position of `geometry` reads."""
    unit_cells = tuple(unit.cells for unit in geometry.units)
    unit_masks = geometry.unit_masks
    partners = tuple(
        tuple(
            other
            for other, other_mask in enumerate(unit_masks)
            if other != number and (mask & other_mask).bit_count() >= 2
        )
        for number, mask in enumerate(unit_masks)
    )
    peers = tuple(tuple(sorted(peers)) for peers in geometry.peers)
    return Layout(unit_cells, unit_masks, geometry.cell_unit_numbers, peers, partners)


class Tables:
    """What every branch from one position shares: the geometry as lists, and the start."""

    def __init__(self, position: Position) -> None:
        """Lay out the position's candidates and each unit's places for fast copying."""
        shape = layout(position.geometry)
        self.position = position
        self.size = size = position.size
        self.stride = stride = size + 1
        self.unit_cells = shape.unit_cells
        self.unit_masks = shape.unit_masks
        self.cell_units = shape.cell_units
        self.peers = shape.peers
        self.partners = shape.partners
        geometry = position.geometry
        # A Killer's cages with sums, by their number in the geometry, each with its cells'
        # candidates as keys (cell * stride + value): nets follow sums too.
        every = ((1 << size) - 1) << 1
        self.cages = tuple(
            (number, cells, total, sum(every << cell * stride for cell in cells))
            for number, (cells, total) in enumerate(
                zip(geometry.cages, geometry.cage_totals, strict=True)
            )
            if total is not None
        )
        self.masks = list(position.candidates)
        self.values = list(position.values)
        self.places = [0] * (len(self.unit_cells) * stride)
        self.held = [0] * len(self.unit_cells)
        for number, cells in enumerate(self.unit_cells):
            for cell in cells:
                self.held[number] |= 1 << self.values[cell]
                for value in bits_of(self.masks[cell]):
                    self.places[number * stride + value] |= 1 << cell
        # The values a branch with locked candidates scans at first (propagation's
        # locked_at_start works it out on a branch's first asking).
        self.locked_at_start: int | None = None
