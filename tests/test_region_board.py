"""A Jigsaw's solver board, made from its template's (bitboard.RegionBoard), holds exactly the
tables a board built from scratch for the same units holds: every constraint's options, the
option at every bit, and the masks that place every option."""

from __future__ import annotations

import pytest

from webapp.sudoku import SHAPES, Rules
from webapp.sudoku.bitboard import Bitboard, RegionBoard, bitboard_for, boxed
from webapp.sudoku.generator.jigsaw import random_regions
from webapp.sudoku.generator.seeded import SeededRandom


@pytest.mark.parametrize(
    ("size", "extras"), [(4, ()), (6, ("x",)), (9, ()), (9, ("x",)), (9, ("x", "w")), (12, ())]
)
@pytest.mark.parametrize("seed", range(2))
def test_a_region_board_has_the_tables_of_a_board_built_anew(
    size: int, extras: tuple[str, ...], seed: int
) -> None:
    shape = SHAPES[size]
    regions = random_regions(shape, SeededRandom(f"board:{size}:{seed}"))
    geometry = Rules(extras, regions).geometry(shape)
    made = RegionBoard(geometry, bitboard_for(boxed(geometry)))
    built = Bitboard(geometry)
    assert made.option_at == built.option_at
    assert made.members == built.members
    assert made.unit_bits == built.unit_bits
    assert all(made.placements[o] == built.placements[o] for o in range(built.options))


def test_a_jigsaw_is_given_a_region_board_and_a_classic_puzzle_its_own() -> None:
    shape = SHAPES[9]
    jigsaw = Rules((), random_regions(shape, SeededRandom("kind"))).geometry(shape)
    assert isinstance(bitboard_for(jigsaw), RegionBoard)
    assert not isinstance(bitboard_for(boxed(jigsaw)), RegionBoard)
    assert boxed(jigsaw) == Rules().geometry(shape)
