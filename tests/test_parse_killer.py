"""A Killer pasted as Janko's site shows one (webapp/sudoku/parse.py): the puzzle a row a line,
perhaps a region map, then the cage map a row a line and the sums on the last lines; bad maps
and sums are named by line, cage and cell."""

from __future__ import annotations

import re

import pytest
from killers import random_killer
from sudoku_rules import valid_variant_solution

from webapp.sudoku import SOLVED, PuzzleError, solve
from webapp.sudoku.cage_input import is_sums_line
from webapp.sudoku.cages import Cage
from webapp.sudoku.links import read_link
from webapp.sudoku.parse import read
from webapp.sudoku.puzzle import Puzzle, Rules

from puzzles import DATA

# Worked by hand from the solution 1234/3412/2143/4321: each cage's digits added up.
FOUR = """\
....
....
....
....
aabb
cdde
cfge
hfgg
a=3 b=7 c=5 d=5 e=5 f=4 g=7 h=4
"""
FOUR_SOLUTION = "1234341221434321"
LABELS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def test_the_four_by_four_reads_as_its_cages_and_solves_to_the_hand_worked_solution():
    puzzle = read(FOUR).puzzle
    assert puzzle.rules.name == "Killer Sudoku" and puzzle.givens == 0
    assert puzzle.rules.cages[:2] == (Cage((0, 1), 3), Cage((2, 3), 7))
    result = solve(puzzle)
    assert result.status == SOLVED and result.solution.code == FOUR_SOLUTION
    cages = [(cage.cells, cage.total) for cage in puzzle.rules.cages]
    assert valid_variant_solution(FOUR_SOLUTION, "." * 16, 4, cages=cages)


def janko_text(puzzle: Puzzle, spaced: bool, sums_apart: str, regions: bool = False) -> str:
    """`puzzle` as Janko's site shows a Killer: grid rows, a region map when asked, the cage
    map ("." outside every cage) and the sums, pairs apart by `sums_apart`."""
    n = puzzle.size
    joiner = " " if spaced else ""

    def rows(labels: list[str]) -> list[str]:
        return [joiner.join(labels[r * n : (r + 1) * n]) for r in range(n)]

    cage_labels = ["."] * (n * n)
    for label, cage in zip(LABELS, puzzle.rules.cages, strict=False):
        for cell in cage.cells:
            cage_labels[cell] = label
    sums = sums_apart.join(
        f"{label}={'?' if cage.total is None else cage.total}"
        for label, cage in zip(LABELS, puzzle.rules.cages, strict=False)
    )
    lines = rows([str(value) if value else "." for value in puzzle.cells])
    if regions:
        lines += [""] + rows(["ABCDEFGHI"[region] for region in puzzle.rules.regions])
    return "\n".join(lines + [""] + rows(cage_labels) + [sums])


@pytest.mark.parametrize(
    ("seed", "spaced", "sums_apart"), [(1, False, " "), (2, True, ", "), (3, False, "\n")]
)
def test_a_random_killer_written_as_janko_text_reads_back_to_itself(seed, spaced, sums_apart):
    puzzle, _ = random_killer(9, seed, largest=4, unsummed=0.1)
    assert len(puzzle.rules.cages) <= len(LABELS)
    assert read(janko_text(puzzle, spaced, sums_apart)).puzzle == puzzle


def test_a_killer_that_leaves_cells_out_of_every_cage_keeps_them_so():
    puzzle, _ = random_killer(6, 4, largest=3)
    given = Puzzle(puzzle.grid, Rules((), (), puzzle.rules.cages[::2], 6))
    assert read(janko_text(given, False, " ")).puzzle == given


def test_a_jigsaw_killer_has_its_region_map_between_the_grid_and_the_cage_map():
    lines = (DATA / "links" / "variant_links.txt").read_text().splitlines()
    jigsaw = read_link(next(line.split()[-1] for line in lines if line.startswith("j "))).given
    cages = (Cage((0, 1), None), Cage((80,), jigsaw.cells[80] or 5))
    puzzle = Puzzle(jigsaw.grid, Rules((), jigsaw.rules.regions, cages, 9))
    assert puzzle.rules.name == "Jigsaw Killer"
    assert read(janko_text(puzzle, True, " ", regions=True)).puzzle == puzzle


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (FOUR.replace("hfgg", "hfg"), "line 8: row 4 of the cage map has 3 labels, not 4"),
        (FOUR.replace(" h=4", ""), "cages: cage 'h' of the map has no sum"),
        (FOUR.replace("h=4", "h=4 z=3"), "cages: the sums name cage 'z', which the map has not"),
        (FOUR.replace("h=4", "h=four"), "cages: the sum of cage 'h' is 'four'"),
        (FOUR.replace("h=4", "h="), "cages: the sum of cage 'h' is missing"),
        (FOUR.replace("a=3", "a=3 a=4"), "cages: the sums give cage 'a' twice"),
        (
            FOUR.replace("hfgg", "afgg").replace(" h=4", ""),
            "cages: Cage at r1c1 (sum 3) is in 2 pieces",
        ),
        (FOUR.replace("a=3", "a=8"), "cages: Cage at r1c1 (sum 8): 2 different digits add up"),
    ],
)
def test_a_bad_cage_map_or_sum_is_named(text, words):
    with pytest.raises(PuzzleError, match=re.escape(words)):
        read(text)


# A line is a sums line by its pairs alone; one without "=" or ":" is told so at once, however
# long (a 25x25 grid's code on one line), and read as it always was.
@pytest.mark.parametrize(
    ("line", "sums"),
    [
        ("a=10, b=7", True),
        ("a: 10; b: 7", True),
        ("x=?", True),
        ("0" * 625, False),
        ("1.3.5.7.9" * 9, False),
        ("a b c", False),
        ("a=10 b", False),
    ],
)
def test_a_line_is_a_sums_line_only_by_its_pairs(line: str, sums: bool) -> None:
    assert is_sums_line(line) == sums
