"""The Killer techniques that split and compare cages, and nets that follow cage sums: each
on a small Killer whose answer is worked out by hand, and worded with its numbers.

Their soundness over many random Killers is in test_killer_logic.py (every step of every
path, every finder at hard positions, each cage split checked against the solution).
"""

from __future__ import annotations

from killers import random_killer

from webapp.explanations import sentence
from webapp.explanations.hints import glimpse
from webapp.sudoku import SHAPES, Grid, Puzzle, Rules
from webapp.sudoku.cages import Cage
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import BY_SLUG, Position, find_path
from webapp.sudoku.logic.forcing_tables import Tables
from webapp.sudoku.logic.propagation import CAGE, Branch

FOUR, NINE = SHAPES[4], SHAPES[9]
EVERY_4 = 0b11110  # 1 to 4
EVERY_9 = 0b1111111110  # 1 to 9


def killer(shape, cages, candidates=None):
    """A position of an empty Killer of `shape` with `cages` and, where given, candidates
    ({cell: values}) in place of the full ones."""
    puzzle = Puzzle(Grid(shape, (0,) * shape.cell_count), Rules((), (), cages, shape.size))
    every = EVERY_4 if shape.size == 4 else EVERY_9
    masks = [every] * shape.cell_count
    for cell, values in (candidates or {}).items():
        masks[cell] = sum(1 << value for value in values)
    return Position(puzzle, (0,) * shape.cell_count, tuple(masks))


def test_a_cage_lying_across_a_rows_edge_is_split_by_the_rule_of_45():
    # 4x4, row 1: r1c1 + r1c2 make 3, so the innies r1c3 + r1c4 make 10 - 3 = 7; they are
    # cells of a cage of 9 with r2c4, which therefore is 9 - 7 = 2 (solution row 1: 1 2 3 4,
    # r2c4 2)
    cages = (Cage((0, 1), 3), Cage((2, 3, 7), 9))
    position = killer(FOUR, cages)
    steps = [s for s in BY_SLUG["cage-splitting"](position) if s.units[0] == ("row", 1)]
    assert steps
    step = steps[0]
    assert step.sums == (10, 3, 7, 2)
    assert {(7, 1), (7, 3), (7, 4)} <= set(step.eliminations)
    assert {(2, 1), (2, 2), (3, 1), (3, 2)} <= set(step.eliminations)
    text = sentence(standard_geometry(FOUR), step)
    assert text.startswith("Cage splitting: row 1 holds 10;")
    assert "the innies r1c3 + r1c4, all in cage at r1c3 (sum 9), make 7" in text
    assert "its other cells r2c4 make 9 - 7 = 2" in text
    assert glimpse(position.geometry, step) == "a cage splitting over row 1"


def test_a_row_tells_a_cage_across_its_edge_which_values_it_may_put_there():
    # 4x4: cage r1c1 + r1c2 + r2c1 of 6 is 1+2+3; row 1's other cells hold 1 and 4, so the
    # cage puts 2+3 in row 1 and its 1 in r2c1
    cages = (Cage((0, 1, 4), 6),)
    position = killer(FOUR, cages, {2: (1, 4), 3: (1, 4)})
    steps = [s for s in BY_SLUG["split-combinations"](position) if s.units[0] == ("row", 1)]
    assert steps
    step = steps[0]
    assert set(step.eliminations) == {(0, 1), (1, 1), (4, 2), (4, 3)} | {
        (cell, 4) for cell in (0, 1, 4)
    }
    assert (4, "cage-outside") in step.cells and (0, "base") in step.cells
    text = sentence(standard_geometry(FOUR), step)
    assert "cage at r1c1 (sum 6) has r1c1 + r1c2 in row 1" in text
    assert "remove" in text and "r2c1" in text


def test_a_way_of_a_cage_that_leaves_a_cage_in_its_row_no_way_goes():
    # SudokuWiki's first example: in row 1, r1c1 + r1c2 make 5 (1+4 or 2+3); r1c3 + r1c4
    # make 6 with only 1, 2, 4, 5 left (1+5 or 2+4): either needs a 1 or a 4, so 1+4 is out
    cages = (Cage((0, 1), 5), Cage((2, 3), 6))
    position = killer(NINE, cages, {0: (1, 2, 3, 4), 1: (1, 2, 3, 4), 2: (1, 2, 4, 5)})
    position = Position(
        position.puzzle,
        position.values,
        tuple(0b110110 if cell == 3 else mask for cell, mask in enumerate(position.candidates)),
    )
    steps = [s for s in BY_SLUG["cage-comparison"](position) if s.cages[0] == cages[0]]
    assert steps
    step = steps[0]
    assert set(step.eliminations) == {(0, 1), (0, 4), (1, 1), (1, 4)}
    text = sentence(standard_geometry(NINE), step)
    assert text.startswith("Cage comparison: cage at r1c1 (sum 5) is filled by 1+4 or 2+3;")
    assert "with 1+4 it would leave cage at r1c3 (sum 6) no way of making its sum" in text
    assert text.endswith("so it is 2+3: remove 1 from r1c1 and r1c2, and 4 from r1c1 and r1c2")


def test_a_net_follows_a_cage_sum_and_a_chain_does_not():
    # 4x4, cage r1c1 + r1c2 of 3: if r1c1 is 1, the sum leaves r1c2 only 2
    position = killer(FOUR, (Cage((0, 1), 3),))
    tables = Tables(position)
    net = Branch(tables, 0, 1, True, locked=True)
    net.run(100)
    assert net.values[1] == 2
    node = next(at for at, node in enumerate(net.nodes) if node[2] == CAGE)
    assert net.nodes[node][3] == 0 and 0 in net.ancestry([node])
    chain = Branch(tables, 0, 1, True)
    chain.run(100)
    assert chain.values[1] == 0


def test_a_killers_net_names_the_cages_whose_sums_it_follows():
    # a Killer whose path needs a forcing chain through cage sums (the rule of 45 with
    # combinations solves the one that was here, 928, before any)
    puzzle, answer = random_killer(9, 918, largest=6)
    position = Position.from_puzzle(puzzle)
    found = []
    for step in find_path(puzzle, work=30_000).steps:
        if step.technique == "forcing-chain" and step.cages:
            found.append((position, step))
        position = step.apply(position)
    assert found
    for position, step in found:
        assert not any(answer.cells[cell] == value for cell, value in step.eliminations)
        text = sentence(standard_geometry(NINE), step)
        assert "a removal may also come from a cage's sum" in text
        for cage in step.cages:
            assert cage.cells in position.geometry.cages
            assert cage.name(9, capital=False) in text
