"""A reading as the record `sudoku read --json` and POST /api/read-photo both show."""

from __future__ import annotations

from dataclasses import dataclass

from ..records.json_types import JsonObject
from .reading import PhotoReading, UncertainCell
from .standing import GridStanding


def cell_word(value: int) -> str:
    """A cell's value in a sentence: the digit, or "empty"."""
    return str(value) if value else "empty"


def doubt_message(cell: UncertainCell) -> str:
    """What to check in an uncertain cell: "check r4c7: read as 1, could be 7"; for a cell
    the puzzle settled "check r5c8: read as 8, since 9 would clash with the 9 in r5c2"; for
    one the puzzle doubts "check r8c1: read as 9, could be 6; it clashes with the 9 in r8c4"
    or "...; without it the puzzle could be solved"."""
    if cell.settled:
        return (
            f"check r{cell.row}c{cell.column}: read as {cell_word(cell.read)}, "
            f"since {cell_word(cell.could_be)} {cell.because}"
        )
    if cell.because:
        return (
            f"check r{cell.row}c{cell.column}: read as {cell_word(cell.read)}, "
            f"could be {cell_word(cell.could_be)}; {cell.because}"
        )
    return (
        f"check r{cell.row}c{cell.column}: read as {cell_word(cell.read)}, "
        f"could be {cell_word(cell.could_be)}"
    )


def other_grids_message(others: int) -> str:
    """What to say of the grids beside the one read; empty when there are none."""
    if not others:
        return ""
    grids = "another grid" if others == 1 else f"{others} other grids"
    return (
        f"The picture holds {grids}: the one nearest its middle was read. To read another, "
        "take it again with that grid in the middle."
    )


def region_labels(regions: tuple[int, ...]) -> list[str]:
    """A Jigsaw's regions as the form's map writes them: one label, 1 to 9, a cell."""
    return [str(region + 1) for region in regions]


def regions_message(regions: tuple[int, ...]) -> str:
    """What to say of a Jigsaw's regions read from the picture; empty for a classic grid."""
    if not regions:
        return ""
    return (
        "The grid's thick lines draw a Jigsaw's regions: they were read into the region "
        "map. Check the map against the picture before solving."
    )


@dataclass(frozen=True)
class ReadingRecord:
    """A photo's reading, how its grid stands (`standing`), and the `ms` it took."""

    reading: PhotoReading
    standing: GridStanding
    ms: float

    def to_json(self) -> JsonObject:
        """The reading's fields in their documented order (docs/api.md, "Reading a photo")."""
        reading = self.reading
        return {
            "grid": reading.grid.code,
            "rows": ["".join(str(v) for v in row) for row in reading.grid.rows()],
            "confidence": [round(c, 3) for c in reading.confidence],
            "uncertain": [
                {
                    "row": cell.row,
                    "column": cell.column,
                    "read": cell.read,
                    "could_be": cell.could_be,
                    "confidence": round(cell.confidence, 3),
                    "settled": cell.settled,
                    "message": doubt_message(cell),
                }
                for cell in reading.uncertain
            ],
            "variant": "jigsaw" if reading.rules.regions else "classic",
            "regions": region_labels(reading.rules.regions) if reading.rules.regions else None,
            "regions_message": regions_message(reading.rules.regions),
            "standing": self.standing.standing.value,
            "standing_message": self.standing.sentence,
            "corners": [[round(x, 1), round(y, 1)] for x, y in reading.corners],
            "turns": reading.turns,
            "other_grids": reading.other_grids,
            "other_grids_message": other_grids_message(reading.other_grids),
            "picture": {"width": reading.width, "height": reading.height},
            "ms": round(self.ms, 1),
        }
