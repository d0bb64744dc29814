"""The logic engine over Killers: no step is ever wrong, the rule of 45's arithmetic holds
on the solution, every cage step is worded with its cages and numbers, and classic paths
never meet a cage technique.

The Killers are random (tests/killers.py): a solution from the generator's fill cut into
cages grown at random, each sum read off the solution, so the cut-from solution is one
of theirs (perhaps not the only one: a sound step removes no value of any solution).
Each is also checked moved by a symmetry that carries its cages along. Every count is
fixed (killers, a path's work), never a time.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import islice

import pytest
from killers import moved_killer, random_killer

from webapp.explanations import cell_name, sentence
from webapp.explanations.hints import glimpse
from webapp.sudoku import SHAPES, Grid, Puzzle, Rules, solve, standard_geometry
from webapp.sudoku.cages import Cage
from webapp.sudoku.logic import BY_SLUG, Position, Step, find_path, uniqueness
from webapp.sudoku.logic.cage_combinations import fillings
from webapp.sudoku.logic.innies_outies import counts_of
from webapp.sudoku.logic.techniques import CAGE_TECHNIQUES, TECHNIQUES, techniques_for

# One worker runs the file, so that the hard positions and path steps its tests share are
# found once a run, not once in each worker.
pytestmark = pytest.mark.xdist_group("killer-logic")

UNIQUENESS = {slug for slug, _, _ in uniqueness.TECHNIQUES}
# The techniques that balance a rule-of-45 count, and how their sentences open.
COUNTS = {"rule-of-45": "Rule of 45: ", "rule-of-45-combinations": "Rule of 45 with combinations: "}

# (size, killers, largest cage, a path's work): each killer is walked as made and moved.
SWEEPS = [(4, 100, 4, 20_000), (6, 25, 5, 20_000), (9, 10, 4, 20_000), (9, 4, 6, 20_000)]


def wrong(step: Step, answer: Grid) -> bool:
    """True when `step` removes a value of `answer` or places another."""
    return any(answer.cells[c] == v for c, v in step.eliminations) or any(
        answer.cells[c] != v for c, v in step.placements
    )


def arithmetic_holds(step: Step, position: Position, answer: Grid) -> bool:
    """True when a rule-of-45 step's count is what its units and cages make, and its
    innies and outies balance it in `answer` (and its filled ones in `position`)."""
    n = answer.size
    held, counted, filled_in, filled_out = step.sums
    units = [unit for unit in step.units if unit[0] != "cage"]
    innies = [cell for cell, role in step.cells if role == "cage-innie"]
    outies = [cell for cell, role in step.cells if role == "cage-outie"]
    return (
        held == len(units) * n * (n + 1) // 2
        and counted == sum(cage.total for cage in step.cages)
        and len(step.cages) == len(step.units) - len(units)
        and sum(answer.cells[c] for c in outies) - sum(answer.cells[c] for c in innies)
        == counted - held
        and filled_in == sum(position.values[c] for c in innies)
        and filled_out == sum(position.values[c] for c in outies)
    )


def split_holds(step: Step, answer: Grid) -> bool:
    """True when a cage-splitting step's count is what its units and cages make, and the
    split cage's two parts make its two sums in `answer`."""
    n = answer.size
    held, counted, part, rest = step.sums
    units = [unit for unit in step.units if unit[0] != "cage"]
    split, *others = step.cages
    side = [cell for cell, role in step.cells if role in ("cage-innie", "cage-outie")]
    other = [cell for cell, role in step.cells if role == "cage-split"]
    innies = any(role == "cage-innie" for _, role in step.cells)
    counted_cages = others if innies else [split, *others]
    return (
        held == len(units) * n * (n + 1) // 2
        and counted == sum(cage.total for cage in counted_cages)
        and part == (held - counted if innies else counted - held)
        and sorted(side + other) == sorted(split.cells)
        and sum(answer.cells[c] for c in side) == part
        and sum(answer.cells[c] for c in other) == rest == split.total - part
    )


def walked(puzzle: Puzzle, answer: Grid, work: int) -> tuple[list[str], int, int]:
    """What is wrong along `puzzle`'s path (a wrong step, a false count), its steps, and
    the rule-of-45 steps among them."""
    path = find_path(puzzle, work=work, unique=True)
    problems, counted = [], 0
    position = Position.from_puzzle(puzzle)
    for step in path.steps:
        if wrong(step, answer):
            problems.append(f"{puzzle.code}: {step}")
        if step.technique in COUNTS:
            counted += 1
            if not arithmetic_holds(step, position, answer):
                problems.append(f"{puzzle.code}: count {step}")
        if step.technique == "cage-splitting" and not split_holds(step, answer):
            problems.append(f"{puzzle.code}: split {step}")
        position = step.apply(position)
    return problems, len(path.steps), counted


@pytest.mark.parametrize(("size", "count", "largest", "work"), SWEEPS)
def test_no_step_of_a_killer_path_is_wrong_and_every_count_adds_up(size, count, largest, work):
    problems, steps, counts = [], 0, 0
    for seed in range(count):
        puzzle, answer = random_killer(size, 1000 * largest + seed, largest)
        for each, solution in ((puzzle, answer), moved_killer(puzzle, answer, seed)):
            found, taken, counted = walked(each, solution, work)
            problems += found
            steps += taken
            counts += counted
    assert problems == []
    assert steps >= count * size * size  # most paths went a long way
    assert counts > 0  # and the rule of 45 was among their steps


@cache
def hard_positions(count: int) -> list[tuple[Position, Grid]]:
    """Up to `count` positions of 9x9 Killers where a path's next step is no single, with
    the solution: where the harder techniques have something to find."""
    found = []
    for seed in range(12):
        puzzle, answer = random_killer(9, 77 + seed, largest=6)
        position = Position.from_puzzle(puzzle)
        for step in find_path(puzzle, work=20_000).steps:
            if step.technique not in {"full-house", "hidden-single", "cage-last-cell"}:
                found.append((position, answer))
            position = step.apply(position)
    return found[:: max(1, len(found) // count)][:count]


def test_every_technique_asked_at_killer_positions_is_never_wrong_and_is_worded():
    """Every finder, not only a path's first, classic ones too: cage mates are peers, and
    no finder may take a cage for a unit."""
    asked: set[str] = set()
    nine = SHAPES[9]
    for position, answer in hard_positions(16):
        for slug, finder in BY_SLUG.items():
            if slug in {"forcing-chain", "forcing-net"}:
                continue  # long searches: the paths above reach them when they need them
            for step in islice(finder(position), 2):
                assert not wrong(step, answer), step
                text = sentence(standard_geometry(nine), step)
                for cell, _ in step.eliminations + step.placements:
                    assert cell_name(nine, cell) in text, text
                asked.add(slug)
    # a cage's last cell is taken as soon as it is open alone: never at these positions
    assert CAGE_TECHNIQUES - {"cage-last-cell"} <= asked
    assert not asked & UNIQUENESS


def killer_steps(slug: str, count: int) -> list[tuple[Position, Step]]:
    """Up to `count` steps of `slug` at the hard positions, with their positions."""
    found = []
    for position, _ in hard_positions(16):
        found += [(position, step) for step in islice(BY_SLUG[slug](position), 2)]
    assert found, slug
    return found[:count]


@pytest.mark.parametrize("slug", sorted(COUNTS))
def test_a_rule_of_45_sentence_says_its_arithmetic_and_names_its_cells(slug):
    for position, step in killer_steps(slug, 12):
        shape = position.geometry.shape
        text = sentence(standard_geometry(shape), step)
        held, counted, _, _ = step.sums
        assert text.startswith(COUNTS[slug])
        assert f" {held};" in text and f" make {counted};" in text, text
        for cell, role in step.cells:
            if role in ("cage-innie", "cage-outie"):
                assert cell_name(shape, cell) in text, (role, text)


@cache
def path_steps(slug: str, count: int) -> list[tuple[Position, Step]]:
    """Up to `count` steps of `slug` along random 9x9 Killers' paths, with their positions."""
    found = []
    for seed in range(4):
        puzzle = random_killer(9, 500 + seed)[0]
        position = Position.from_puzzle(puzzle)
        for step in find_path(puzzle, work=20_000).steps:
            if step.technique == slug:
                found.append((position, step))
            position = step.apply(position)
    assert found, slug
    return found[:count]


# the rule of 45 and cage splitting may count more cages than they name: tested on their own
@pytest.mark.parametrize("slug", sorted(CAGE_TECHNIQUES - {*COUNTS, "cage-splitting"}))
def test_a_cage_step_names_its_cage_and_its_ways(slug):
    finding = path_steps if slug == "cage-last-cell" else killer_steps
    for position, step in finding(slug, 8):
        shape = position.geometry.shape
        text = sentence(standard_geometry(shape), step)
        numbers = [index for kind, index in step.units if kind == "cage"]
        assert len(numbers) == len(step.cages) >= 1
        for cage, number in zip(step.cages, numbers, strict=True):
            assert cage.name(shape.size, capital=False) in text.lower(), text
            assert position.geometry.cages[number - 1] == cage.cells
        if step.combinations and len(step.combinations) <= 6:
            first = step.combinations[0]
            assert "+".join(str(v) for v in range(1, 10) if first >> v & 1) in text, text
        # a hint's tier 1 names the cage by its sum and boxes, never by a cell (issue 37)
        said = glimpse(position.geometry, step)
        assert f"of {cage.total}" in said or slug in ("unit-combinations", "split-combinations")
        assert re.search(r"\br\d+c\d+", said) is None, said


@pytest.mark.parametrize(
    ("lacking", "masks", "ways", "allowed"),
    [
        # 3 in two cells is 1+2 only
        (3, (0b1111111110, 0b1111111110), {(1, 2)}, (0b110, 0b110)),
        # 10 in two cells, one of them only 1 or 2: 1+9 or 2+8
        (10, (0b110, 0b1111111110), {(1, 9), (2, 8)}, (0b110, 0b1100000000)),
        # 6 in three cells is 1+2+3; a cell that can only be 3 leaves the others 1 and 2
        (6, (0b1000, 0b1111111110, 0b1111111110), {(1, 2, 3)}, (0b1000, 0b110, 0b110)),
        # no way: 17 in two cells that cannot be 9
        (17, (0b0111111110, 0b0111111110), set(), (0, 0)),
    ],
)
def test_a_cage_is_filled_only_by_ways_of_making_its_sum(lacking, masks, ways, allowed):
    combinations, found = fillings(lacking, masks)
    assert {tuple(v for v in range(1, 10) if way >> v & 1) for way in combinations} == ways
    assert found == allowed


def test_the_rule_of_45_places_a_rows_one_innie():
    # 4x4, row 1: cages r1c1-r1c2 (sum 3) and r1c3-r2c3 (sum 7), r1c4 alone in a cage with
    # r2c4; the row holds 10, its cages wholly inside make 3, so r1c3 + r1c4 make 7
    solution = Grid(SHAPES[4], (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1))
    cages = (Cage((0, 1), 3), Cage((2, 6), 4), Cage((3, 7), 6))
    puzzle = Puzzle(Grid(SHAPES[4], (0,) * 16), Rules((), (), cages, 4))
    steps = list(BY_SLUG["rule-of-45"](Position.from_puzzle(puzzle)))
    row = [s for s in steps if s.units[0] == ("row", 1) and len(s.units) == 2]
    assert row
    step = row[0]
    assert {cell for cell, role in step.cells if role == "cage-innie"} == {2, 3}
    assert step.sums == (10, 3, 0, 0)
    assert "the innies r1c3 + r1c4 make 7" in sentence(standard_geometry(SHAPES[4]), step)
    assert not any(wrong(s, solution) for s in steps)


def test_cage_techniques_are_asked_only_where_there_are_cages_and_uniqueness_never():
    for size in (4, 6, 9):
        classic = standard_geometry(SHAPES[size])
        slugs = {slug for slug, _, _ in techniques_for(classic)}
        assert not slugs & CAGE_TECHNIQUES and UNIQUENESS <= slugs
        # a classic path asks what it asked before the cage techniques came
        assert techniques_for(classic) == tuple(
            t
            for t in TECHNIQUES
            if t[0] not in CAGE_TECHNIQUES
            and t[0]
            not in ("law-of-leftovers", "relation-pair", "line-sum", "line-rule", "cell-rule")
        )
        assert not counts_of(classic)
        killer = random_killer(size, 5)[0].geometry
        slugs = {slug for slug, _, _ in techniques_for(killer)}
        assert CAGE_TECHNIQUES <= slugs and not slugs & UNIQUENESS


def test_a_unique_killer_is_solved_by_its_path():
    solved = 0
    for seed in range(8):
        puzzle, answer = random_killer(9, seed, largest=4)
        if solve(puzzle).solutions != (answer,):
            continue
        path = find_path(puzzle, work=50_000, unique=True)
        solved += path.end.grid == answer
    assert solved >= 2
