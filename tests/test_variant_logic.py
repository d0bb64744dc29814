"""The logic engine over X-Sudoku, Windoku and Jigsaw: no step is ever wrong, the Law of
Leftovers, and sentences that name the variant's units.

The puzzles are made from seeds (webapp/cli/variant_puzzles.py): random rules and
answers, cells blanked while one solution is left, and disguises that relabel the values
and turn or mirror the grid by a symmetry that keeps the units. Every count is fixed
(puzzles, positions, a path's work), never a time; `sudoku soundness --variant` sweeps
thousands of them for docs/techniques.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from itertools import islice

import pytest
from sudoku_rules import valid_variant_solution

from webapp.cli.soundness import check_samples, variant_samples
from webapp.cli.variant_puzzles import MOVES, Sample, moves_keeping
from webapp.explanations import cell_name, sentence
from webapp.explanations.hints import glimpse
from webapp.sudoku import SHAPES, Grid, Puzzle, Rules, solve, standard_geometry
from webapp.sudoku.logic import BY_SLUG, Position, Step, find_path, next_step
from webapp.sudoku.logic.leftovers import LAW_OF_LEFTOVERS, applies, leftovers_of
from webapp.sudoku.logic.techniques import CAGE_TECHNIQUES, TECHNIQUES, techniques_for

# One worker runs the file, so that the made puzzles and hard positions the tests past the
# sweeps share (below) are made and walked once a run, not once in each worker.
pytestmark = pytest.mark.xdist_group("variant-logic")

SINGLES = {"full-house", "hidden-single", "naked-single"}

# (variant, size, puzzles, disguises of each, a path's work): about 3,500 positions in all.
# X-Sudoku's hard paths cost the most time for their work, so fewer and shorter; a 9x9
# Jigsaw's next (a minute of the suite for sixteen), so five each of two seeds.
SWEEPS = [
    ("jigsaw", 9, 5, 1, 200_000),
    ("jigsaw", 9, 5, 1, 200_000),
    ("jigsaw", 6, 20, 2, 200_000),
    ("windoku", 9, 8, 1, 200_000),
    ("x", 9, 8, 1, 30_000),
    ("x", 6, 20, 2, 200_000),
    ("windoku", 4, 10, 3, 200_000),
]


@pytest.mark.parametrize(
    ("variant", "size", "count", "disguises", "work", "seed"),
    [(*sweep, seed) for seed, sweep in enumerate(SWEEPS)],
    ids=[f"{v}-{s}x{s}-{n}" for n, (v, s, *_) in enumerate(SWEEPS)],
)
def test_no_step_of_a_variant_path_is_wrong(variant, size, count, disguises, work, seed):
    samples = variant_samples(variant, size, count, disguises, seed)
    tally = check_samples(samples, work=work)
    assert tally.wrong == []
    assert tally.puzzles == count * (1 + disguises)
    assert tally.steps >= tally.puzzles * size  # each path went some way
    assert tally.stopped <= tally.puzzles // 4  # most were walked to the end


def test_made_puzzles_obey_the_rules_written_without_the_engine():
    for variant, letters in (("x", "diagonals"), ("windoku", "windows"), ("jigsaw", "regions")):
        for sample in variant_samples(variant, 9, 3, 2, seed=5):
            puzzle, answer = sample.puzzle, sample.answer
            regions = "".join(chr(65 + r) for r in puzzle.rules.regions)
            assert valid_variant_solution(
                _text(answer),
                _text(puzzle.grid),
                9,
                regions=regions,
                diagonals=letters == "diagonals",
                windows=letters == "windows",
            )
            assert solve(puzzle).solutions == (answer,)  # the one solution


def _text(grid: Grid) -> str:
    return "".join(str(value) if value else "." for value in grid.cells)


def test_disguises_keep_the_units_and_turn_a_jigsaw_map():
    # X-Sudoku and Windoku keep all eight symmetries of the square on 9x9; a 6x6's 2x3
    # boxes lose the four that swap rows and columns.
    for letters in (("x",), ("w",)):
        assert moves_keeping(Rules(letters).geometry(SHAPES[9])) == tuple(MOVES)
    assert set(moves_keeping(Rules(("x",)).geometry(SHAPES[6]))) == {
        "identity",
        "rotate-180",
        "mirror",
        "flip",
    }
    samples = variant_samples("jigsaw", 6, 1, 6, seed=2)
    assert len({sample.puzzle.rules.regions for sample in samples}) > 1


# The made 9x9 puzzles the tests past the sweeps read, made once for all of them, as making
# a puzzle costs more than its first steps: the hard positions are found along the first ten
# paths of each variant's seed, and the wording tests read the first steps of all twelve.
# They read X-Sudoku's of seed 4, whose first paths reach a diagonal's single and locked
# candidates in a few steps, where seed 7's first puzzle finds them only at the end of a
# long hard path.
HARD_SEED = {"jigsaw": 3, "x": 7, "windoku": 7}
WORDED_SEED = HARD_SEED | {"x": 4}


@cache
def made_puzzles(variant: str, seed: int) -> list[Sample]:
    """Twelve made 9x9 puzzles of `variant` from `seed`, with their answers."""
    return variant_samples(variant, 9, 12, 0, seed)


@cache
def stuck_positions(variant: str, count: int) -> list[tuple[Position, Grid]]:
    """Up to `count` positions of made puzzles where the path's next step is no single,
    with the answer: where the harder techniques have something to find."""
    found = []
    for sample in made_puzzles(variant, HARD_SEED[variant])[:10]:
        path = find_path(sample.puzzle, work=50_000, unique=True)
        position = Position.from_puzzle(sample.puzzle, unique=True)
        for step in path.steps:
            if step.technique not in SINGLES:
                found.append((position, sample.answer))
            position = step.apply(position)
    return found[:: max(1, len(found) // count)][:count]


def _wrong(step: Step, answer: Grid) -> bool:
    return any(answer.cells[c] == v for c, v in step.eliminations) or any(
        answer.cells[c] != v for c, v in step.placements
    )


# Positions of each variant that every finder is asked at: X-Sudoku's cost the most.
ASKED_AT = {"jigsaw": 24, "x": 12, "windoku": 30}


@pytest.mark.parametrize("variant", list(ASKED_AT))
def test_every_technique_asked_at_hard_positions_is_never_wrong(variant):
    """Every finder, not just a path's first, at positions past the singles: a technique
    that a path rarely reaches is checked too."""
    found: Counter[str] = Counter()
    for position, answer in stuck_positions(variant, ASKED_AT[variant]):
        for slug, finder in BY_SLUG.items():
            for step in islice(finder(position), 3):
                assert not _wrong(step, answer), step
                text = sentence(standard_geometry(SHAPES[9]), step)
                for cell, _ in step.eliminations + step.placements:
                    assert cell_name(SHAPES[9], cell) in text, text
                found[slug] += 1
    # the positions are hard enough for fish with fins, chains and the rest to show up
    assert {"finned-x-wing", "aic", "forcing-chain"} <= set(found)
    assert ("law-of-leftovers" in found) == (variant == "jigsaw")


def jigsaw_steps(slug: str, count: int) -> list[tuple[Position, Step]]:
    """Up to `count` steps of technique `slug` found at hard Jigsaw positions."""
    found = []
    for position, _ in stuck_positions("jigsaw", ASKED_AT["jigsaw"]):
        found += [(position, step) for step in islice(BY_SLUG[slug](position), 2)]
    assert found, slug
    return found[:count]


def test_a_jigsaw_fish_keeps_its_fins_in_one_region_and_says_so():
    for position, step in jigsaw_steps("finned-x-wing", 10) + jigsaw_steps("sashimi-x-wing", 10):
        kind, index = step.units[-1]
        assert kind == "region"  # a Jigsaw has no boxes: its regions take their place
        region = next(u for u in position.geometry.units if u.kind == kind and u.index == index)
        fins = [cell for cell, role in step.cells if role == "fin"]
        assert fins and all(cell in region.cells for cell in fins)
        assert all(cell in region.cells for cell, _ in step.eliminations)
        assert f"in region {index} cannot be" in sentence(position.geometry, step)


def test_leftovers_take_k_lines_and_the_k_regions_lying_mostly_in_them():
    geometry = variant_samples("jigsaw", 9, 1, 0, seed=1)[0].puzzle.geometry
    found = leftovers_of(geometry)
    assert found and applies(geometry)
    for leftovers in found:
        count = len(leftovers.lines)
        assert 1 <= count <= max(LAW_OF_LEFTOVERS) and len(leftovers.regions) == count
        band = {cell for line in leftovers.lines for cell in line.cells}
        area = {cell for region in leftovers.regions for cell in region.cells}
        assert all(2 * len(band & set(region.cells)) > 9 for region in leftovers.regions)
        assert set(leftovers.innies) == band - area and set(leftovers.outies) == area - band
        assert 1 <= len(leftovers.innies) == len(leftovers.outies) <= 4


@pytest.mark.parametrize(
    "rules", [Rules(), Rules(("x",)), Rules(("w",)), Rules(("x", "w"))], ids=lambda r: r.code
)
def test_leftovers_are_asked_only_in_a_jigsaw(rules):
    geometry = rules.geometry(SHAPES[9])
    assert not applies(geometry)
    assert "law-of-leftovers" not in {slug for slug, _, _ in techniques_for(geometry)}
    # a classic path asks exactly what it asked before the technique came (and the cages',
    # and the related pairs' of marks and pair rules)
    assert techniques_for(standard_geometry(SHAPES[9])) == tuple(
        technique
        for technique in TECHNIQUES
        if technique[0]
        not in ("law-of-leftovers", "relation-pair", "line-sum", "line-rule", "cell-rule")
        and technique[0] not in CAGE_TECHNIQUES
    )


def test_a_leftovers_step_is_sound_and_worded_naming_its_lines_regions_and_cells():
    for position, step in jigsaw_steps("law-of-leftovers", 20):
        shape = position.geometry.shape
        text = sentence(standard_geometry(shape), step)
        assert text.startswith("Law of leftovers: ")
        count = len(step.units) // 2
        assert step.difficulty == LAW_OF_LEFTOVERS[count]
        for cell, role in step.cells:
            assert cell_name(shape, cell) in text, (role, text)
        for _, index in step.units[count:]:
            assert str(index) in text and "region" in text


# A step's work: far beyond what any one step of these paths needs.
STEP_WORK = 200_000


def path_steps(puzzle: Puzzle) -> Iterator[tuple[Position, Step]]:
    """The steps of `puzzle`'s easiest-first path, each with the position it is taken at,
    found one at a time: a test that wants an early step stops the walk there."""
    position = Position.from_puzzle(puzzle, unique=True)
    while not position.is_solved:
        step = next_step(position, work=STEP_WORK)
        if step is None:
            return
        yield position, step
        position = step.apply(position)


def first_step(puzzle: Puzzle, slug: str, kind: str) -> tuple[Position, Step]:
    """The first step of `slug` naming a unit of `kind` along `puzzle`'s path."""
    for position, step in path_steps(puzzle):
        if step.technique == slug and any(k == kind for k, _ in step.units):
            return position, step
    raise AssertionError(f"no {slug} in a {kind}")


@pytest.mark.parametrize(
    ("variant", "kind", "words"),
    [
        ("jigsaw", "region", "the only place for {v} in region {i}"),
        ("x", "diagonal", "the only place for {v} in diagonal {i}"),
        ("windoku", "window", "the only place for {v} in window {i}"),
    ],
)
def test_singles_name_the_variant_unit(variant, kind, words):
    for sample in made_puzzles(variant, WORDED_SEED[variant]):
        try:
            position, step = first_step(sample.puzzle, "hidden-single", kind)
        except AssertionError:
            continue
        (index,) = [i for k, i in step.units if k == kind]
        shape = position.geometry.shape
        said = words.format(v=shape.symbol(step.digits[0]), i=index)
        assert said in sentence(standard_geometry(shape), step)
        assert glimpse(position.geometry, step) == f"a hidden single in {kind} {index}"
        # a block's single rates as a box's, a diagonal's as a line's
        assert step.difficulty == (1.5 if kind == "diagonal" else 1.2)
        return
    raise AssertionError(f"no hidden single in a {kind}")


@pytest.mark.parametrize(
    ("variant", "kind"), [("windoku", "window"), ("jigsaw", "region"), ("x", "diagonal")]
)
def test_intersections_work_between_any_two_units_and_say_which(variant, kind):
    for sample in made_puzzles(variant, WORDED_SEED[variant]):
        for slug in ("pointing", "claiming"):
            try:
                position, step = first_step(sample.puzzle, slug, kind)
            except AssertionError:
                continue
            (first, second) = step.units
            shape = position.geometry.shape
            value = shape.symbol(step.digits[0])
            assert (
                f"in {first[0]} {first[1]} the {value}s are all in {second[0]} {second[1]}"
                in sentence(standard_geometry(shape), step)
            )
            # pointing starts from a block (a box, window or region), claiming from a line
            assert (first[0] in ("box", "window", "region")) == (slug == "pointing")
            return
    raise AssertionError(f"no locked candidates with a {kind}")


def test_a_jigsaw_hint_names_the_region_a_step_changes():
    """A hint's first tier says where a step without a unit of its own changes the grid:
    the cell's box, which in a Jigsaw is its region."""
    for sample in made_puzzles("jigsaw", WORDED_SEED["jigsaw"]):
        geometry = sample.puzzle.geometry
        for _, step in path_steps(sample.puzzle):
            if step.technique == "naked-single":
                ((cell, _),) = step.placements
                region = next(u for u in geometry.cell_units[cell] if u.kind == "region")
                assert glimpse(geometry, step) == f"a naked single in region {region.index}"
                return
    raise AssertionError("no naked single")
