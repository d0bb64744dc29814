"""Basic fish: a value confined, in k rows, to k columns (or the reverse).

If the places left for a value in k rows all lie in the same k columns, each
of those rows takes the value in one of those columns, and the k rows fill
all k columns with it: the value can go nowhere else in those columns.
X-wing (k = 2), swordfish (3), jellyfish (4). The rows are the base units,
the columns the cover units, and the same with rows and columns swapped.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from .position import Position
from .step import BASE, TARGET, Step

NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
DIFFICULTY = {2: 3.2, 3: 3.8, 4: 5.2}
LINES = (("row", "column"), ("column", "row"))


def basic_fish(position: Position, size: int) -> Iterator[Step]:
    """Every fish of `size` base lines that removes a candidate."""
    geometry = position.geometry
    for base_kind, cover_kind in LINES:
        bases = [unit for unit in geometry.units if unit.kind == base_kind]
        cover_of = {
            cell: unit for unit in geometry.units if unit.kind == cover_kind for cell in unit.cells
        }
        for value in range(1, position.size + 1):
            places = {
                unit: position.places(unit, value)
                for unit in bases
                if not position.holds(unit, value)
            }
            members = [unit for unit, cells in places.items() if 2 <= len(cells) <= size]
            for group in combinations(members, size):
                base_cells = {cell for unit in group for cell in places[unit]}
                covers = sorted({cover_of[cell] for cell in base_cells}, key=lambda u: u.index)
                if len(covers) != size:
                    continue
                removed = [
                    cell
                    for cover in covers
                    for cell in position.places(cover, value)
                    if cell not in base_cells
                ]
                if removed:
                    yield Step(
                        NAMES[size],
                        DIFFICULTY[size],
                        (value,),
                        tuple((cell, BASE) for cell in sorted(base_cells))
                        + tuple((cell, TARGET) for cell in removed),
                        tuple((unit.kind, unit.index) for unit in (*group, *covers)),
                        eliminations=tuple((cell, value) for cell in removed),
                    )


# Finned fish: a fish but for a few extra base cells (fins), all in one box. Either the
# fish holds, or a fin takes the value; so the value goes from the cover cells that share
# the fins' box. Sashimi: a base line with at most one place in the covers besides fins.
FINNED = {2: 3.4, 3: 4.0, 4: 5.4}
SASHIMI = {2: 3.5, 3: 4.1, 4: 5.5}
FIN = "fin"


def finned_fish(position: Position, size: int, sashimi: bool) -> Iterator[Step]:
    """Every finned (or sashimi) fish of `size` base lines that removes a candidate."""
    geometry = position.geometry
    box_of = {cell: unit for unit in geometry.units if unit.kind == "box" for cell in unit.cells}
    for base_kind, cover_kind in LINES:
        bases = [unit for unit in geometry.units if unit.kind == base_kind]
        cover_of = {
            cell: unit for unit in geometry.units if unit.kind == cover_kind for cell in unit.cells
        }
        for value in range(1, position.size + 1):
            places = {
                unit: position.places(unit, value)
                for unit in bases
                if not position.holds(unit, value) and position.places(unit, value)
            }
            for group in combinations(places, size):
                base_cells = {cell for unit in group for cell in places[unit]}
                touched = sorted({cover_of[cell] for cell in base_cells}, key=lambda u: u.index)
                for covers in combinations(touched, size):
                    covered = {cell for cover in covers for cell in cover.cells}
                    fins = sorted(base_cells - covered)
                    if not fins or len({box_of[fin] for fin in fins}) != 1:
                        continue
                    inside = min(len(set(places[unit]) & covered) for unit in group)
                    if (inside <= 1) != sashimi:
                        continue
                    fin_box = set(box_of[fins[0]].cells)
                    removed = [
                        cell
                        for cover in covers
                        for cell in position.places(cover, value)
                        if cell not in base_cells and cell in fin_box
                    ]
                    if removed:
                        kind = "sashimi" if sashimi else "finned"
                        yield Step(
                            f"{kind}-{NAMES[size]}",
                            (SASHIMI if sashimi else FINNED)[size],
                            (value,),
                            tuple((cell, BASE) for cell in sorted(base_cells - set(fins)))
                            + tuple((fin, FIN) for fin in fins)
                            + tuple((cell, TARGET) for cell in removed),
                            tuple((unit.kind, unit.index) for unit in (*group, *covers)),
                            eliminations=tuple((cell, value) for cell in removed),
                        )
