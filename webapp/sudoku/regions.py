"""Jigsaw regions: N connected regions of N cells that stand in for a grid's boxes.

Glossary:
- region map: the region of each cell in reading order, regions numbered from 0 in
  the reading order of their first cells (so one partition has one map);
- region code: a map as a share code writes it (puzzle.py): for each pair of
  side-by-side cells, then each pair of stacked cells (reading order), one bit,
  set when the two share a region, written five bits a letter in REGION_LETTERS.
  Regions are connected, so the bits say exactly which cells go together: a
  9x9 map takes 29 letters.

A map read from a person (one label per cell, any labels) is checked here, and every
problem is named by the region and its cells: "Region 3 has 8 cells, not 9",
"Region 3 is in two pieces (r1c1 and r5c5 are not joined)"; the error's cells are the
region's, for a form to mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .errors import PuzzleError
from .place import Place
from .shape import Shape

REGION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"  # base 32: no "-", no lower case
BITS = 5


def letters_of_bits(bits: Sequence[bool]) -> str:
    """`bits` in REGION_LETTERS, BITS a letter, the first the highest, the last letter padded
    with unset bits: how the share code spells a region map, marks and marked cells."""
    padded = [*bits, *[False] * (-len(bits) % BITS)]
    return "".join(
        REGION_LETTERS[sum(bit << (BITS - 1 - i) for i, bit in enumerate(padded[top : top + BITS]))]
        for top in range(0, len(padded), BITS)
    )


def bits_of_letters(code: str) -> list[int]:
    """The bits letters_of_bits spelt as `code` (its letters all in REGION_LETTERS), padding
    and all."""
    return [
        REGION_LETTERS.index(letter) >> (BITS - 1 - i) & 1 for letter in code for i in range(BITS)
    ]


def place(size: int, cell: int) -> str:
    """ "r3c7" for a 0-based cell."""
    return Place.of(cell, size).name


def pieces(size: int, cells: Sequence[int]) -> list[list[int]]:
    """`cells` split into orthogonally connected pieces, each in reading order, the piece
    of the first cell first."""
    left = set(cells)
    found = []
    for start in sorted(cells):
        if start not in left:
            continue
        left.discard(start)
        piece, stack = [start], [start]
        while stack:
            cell = stack.pop()
            row, col = divmod(cell, size)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
                other = r * size + c
                if 0 <= r < size and 0 <= c < size and other in left:
                    left.discard(other)
                    piece.append(other)
                    stack.append(other)
        found.append(sorted(piece))
    return found


def region_map(size: int, labels: Sequence[object]) -> tuple[int, ...]:
    """The region map of one label per cell (any hashable labels; the same label, the same
    region), checked: N regions of N connected cells each. PuzzleError names the region (by
    its label when the labels are text, a person's, else numbered as the map numbers it)
    and its cells otherwise."""
    if len(labels) != size * size:
        raise PuzzleError(
            f"a region map of a {size}x{size} grid has {size * size} cells, not {len(labels)}"
        )
    numbers: dict[object, int] = {}
    for label in labels:
        numbers.setdefault(label, len(numbers))
    regions = tuple(numbers[label] for label in labels)
    members: list[list[int]] = [[] for _ in numbers]
    for cell, region in enumerate(regions):
        members[region].append(cell)
    named = list(numbers)
    for number, cells in enumerate(members):
        # A person's labels name their regions; others (a code's) are numbered.
        label = named[number] if isinstance(named[number], str) else number + 1
        name = f"Region {label} (from {place(size, cells[0])})"
        where = tuple((cell // size + 1, cell % size + 1) for cell in cells)
        if len(cells) != size:
            raise PuzzleError(f"{name} has {len(cells)} cells, not {size}", cells=where)
        parts = pieces(size, cells)
        if len(parts) > 1:
            raise PuzzleError(
                f"{name} is in {len(parts)} pieces: {place(size, parts[0][0])} and"
                f" {place(size, parts[1][0])} are not joined by cells of the region",
                cells=where,
            )
    if len(members) != size:
        raise PuzzleError(
            f"a region map of a {size}x{size} grid has {size} regions, not {len(members)}"
        )
    return regions


@cache
def box_map(shape: Shape) -> tuple[int, ...]:
    """The region map of the shape's own boxes (a Jigsaw with these is a classic puzzle)."""
    n = shape.size
    return region_map(n, [shape.box_of(cell // n, cell % n) for cell in range(n * n)])


def _pairs(size: int) -> list[tuple[int, int]]:
    """Side-by-side pairs of cells in reading order, then stacked pairs: the code's bits."""
    across = [(r * size + c, r * size + c + 1) for r in range(size) for c in range(size - 1)]
    down = [(r * size + c, (r + 1) * size + c) for r in range(size - 1) for c in range(size)]
    return across + down


def code_length(size: int) -> int:
    """Letters in the region code of a size x size grid."""
    return -(-2 * size * (size - 1) // BITS)


def encode_regions(size: int, regions: Sequence[int]) -> str:
    """The region code of a region map."""
    return letters_of_bits([regions[a] == regions[b] for a, b in _pairs(size)])


def decode_regions(size: int, code: str) -> tuple[int, ...]:
    """The region map a region code spells for a size x size grid, checked as region_map
    checks a person's map; PuzzleError if the code cannot be one, or spells a map in a way
    encode_regions would not (so one map has one code)."""
    if len(code) != code_length(size) or any(letter not in REGION_LETTERS for letter in code):
        raise PuzzleError(
            f"a {size}x{size} region code is {code_length(size)} letters from A-Z and 2-7"
        )
    bits = bits_of_letters(code)
    joined: dict[int, list[int]] = {cell: [] for cell in range(size * size)}
    for (a, b), bit in zip(_pairs(size), bits, strict=False):
        if bit:
            joined[a].append(b)
            joined[b].append(a)
    labels = [-1] * (size * size)
    for start in range(size * size):
        if labels[start] >= 0:
            continue
        labels[start], stack = start, [start]
        while stack:
            for other in joined[stack.pop()]:
                if labels[other] < 0:
                    labels[other] = start
                    stack.append(other)
    regions = region_map(size, labels)
    if encode_regions(size, regions) != code:
        raise PuzzleError("the region code joins cells it also keeps apart")
    return regions
