"""Hints: three tiers that lead a player to their next value, never from a wrong grid.

The property test plays from mid-game positions (each puzzle, in its own layout and a
random disguise, with a random share of its open cells filled in from the solution):
no step of a hint removes the solution's value or places a wrong one, and doing a hint
(tier 3) places only right values.
"""

from __future__ import annotations

import itertools
import random

import pytest

from webapp.explanations import sentence
from webapp.explanations.hints import HintKind, hint_for, tier_two
from webapp.explanations.names import technique_name, with_article
from webapp.explanations.words import capitalized
from webapp.sudoku import Grid, parse, solve
from webapp.sudoku.geometry import standard_geometry
from webapp.sudoku.logic import BY_SLUG, Position, bits_of, find_path, wrong_notes
from webapp.sudoku.progress import Progress, start
from webapp.sudoku.puzzle import Puzzle

from positions import permuted
from puzzles import FOUR, NORVIG_EASY, SIX, TOP1465_FIRST, data_lines
from reglib import read_cases

CHUNK = 100


def mid_game(grid: Grid, answer: Grid, rng: random.Random) -> Progress:
    """`grid` with a random share (none to most) of its open cells filled in right."""
    share = rng.choice((0.0, 0.2, 0.5, 0.8))
    cells = [
        value if given or rng.random() < share else 0
        for given, value in zip(grid.cells, answer.cells, strict=True)
    ]
    return Progress(Puzzle(grid), Grid(grid.shape, tuple(cells)))


# The graded and rated samples, each as printed and disguised: the positions the hints are
# checked on. Each is made when a test asks for it, from a random source of its own, so that
# collecting the tests (in every worker) solves none of them.
TEXTS = [
    fields[0]
    for name in ("qqwing_graded_sample.txt", "se_rated_sample.txt")
    for fields in data_lines(name)
]
POSITION_COUNT = 2 * len(TEXTS)


def position(index: int) -> tuple[Progress, Grid]:
    """Mid-game position `index` of the samples (an odd one disguised), with its answer."""
    rng = random.Random(index)
    grid = parse(TEXTS[index // 2])
    if index % 2:
        grid = permuted(grid, rng)
    answer = solve(Puzzle(grid)).solution
    assert answer is not None
    return mid_game(grid, answer, rng), answer


def wrong_in(progress: Progress, answer: Grid) -> list[str]:
    """What is wrong with the hint for one position (nothing, if all is well)."""
    hint = hint_for(progress, answer, work=100_000)
    line = progress.code
    if hint.kind not in (HintKind.STEP, HintKind.OUT_OF_REACH):
        return [f"{line}: a {hint.kind} hint"]
    problems = [
        f"{line}: {step.technique} {step}"
        for step in hint.steps
        if any(answer.cells[cell] == value for cell, value in step.eliminations)
        or any(answer.cells[cell] != value for cell, value in step.placements)
    ]
    changed = [
        cell
        for cell, (was, now) in enumerate(
            zip(progress.grid.cells, hint.after.grid.cells, strict=True)
        )
        if was != now
    ]
    if hint.kind == HintKind.OUT_OF_REACH and len(changed) != 1:
        problems.append(f"{line}: the solver's answer changes {changed}")
    problems += [
        f"{line}: r{c // 9 + 1}c{c % 9 + 1} wrong"
        for c in changed
        if hint.after.grid.cells[c] != answer.cells[c]
    ]
    problems += [
        f"{line}: the notes after it lose r{c // 9 + 1}c{c % 9 + 1}'s value"
        for c, value in enumerate(hint.after.grid.cells)
        if not value and not hint.marks_after.has(c, answer.cells[c])
    ]
    return problems


def test_past_the_ceiling_a_hint_says_the_server_is_busy():
    grid = parse(TOP1465_FIRST)
    hint = hint_for(
        start(Puzzle(grid)), solve(Puzzle(grid)).solution, work=100_000, ceiling_seconds=0.0
    )
    assert hint.kind == HintKind.BUSY and "busy" in hint.tiers[0]


@pytest.mark.parametrize("start_at", range(0, POSITION_COUNT, CHUNK), ids=lambda s: f"from-{s}")
def test_no_hint_is_wrong(start_at):
    chunk = map(position, range(start_at, min(start_at + CHUNK, POSITION_COUNT)))
    assert [problem for progress, answer in chunk for problem in wrong_in(progress, answer)] == []


def test_the_sample_is_large():
    assert POSITION_COUNT >= 2000


def test_the_sample_has_games_begun_and_not():
    begun = {len(position(index)[0].entries) > 0 for index in range(0, POSITION_COUNT, 97)}
    assert begun == {False, True}


@pytest.mark.parametrize("text", [FOUR, SIX, NORVIG_EASY, TOP1465_FIRST])
def test_doing_every_hint_solves_the_puzzle(text):
    grid = parse(text)
    answer = solve(Puzzle(grid)).solution
    progress, marks = start(Puzzle(grid)), None
    for _ in range(4 * grid.shape.cell_count):
        hint = hint_for(progress, answer, work=100_000, notes=marks)
        if hint.kind == HintKind.DONE:
            break
        assert hint.kind == HintKind.STEP
        progress, marks = hint.after, hint.marks_after
    assert progress.grid == answer
    assert (
        hint_for(progress, answer, work=100_000).tiers[0]
        == "Solved! Every cell is filled and right."
    )


def test_a_wrong_entry_comes_first_and_is_cleared_without_the_answer():
    grid = parse(NORVIG_EASY)
    answer = solve(Puzzle(grid)).solution
    # r1c1 is 4 in the solution: enter 1 there, and another wrong value further on
    progress = start(Puzzle(grid)).with_values({0: 1, 80: 1 if answer.cells[80] != 1 else 2})
    hint = hint_for(progress, answer, work=100_000)
    assert hint.kind == HintKind.WRONG
    assert hint.tiers == (
        "r1c1 is wrong; fix it before the next step. 1 other entry is wrong too.",
        "r1c1 is not 1. Every hint from here on needs a grid without mistakes.",
        "Clear r1c1.",
    )
    assert hint.after.grid.cells[0] == 0
    assert all("4" not in tier for tier in hint.tiers)


def test_the_tiers_go_from_where_to_what_to_doing_it():
    grid = parse(NORVIG_EASY)
    hint = hint_for(start(Puzzle(grid)), solve(Puzzle(grid)).solution, work=100_000)
    ((cell, value),) = hint.steps[-1].placements
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    look, what, do = hint.tiers
    assert look.startswith(f"There is {with_article(technique_name(hint.steps[-1].technique))} in ")
    assert name not in look
    assert name in what and str(value) in what
    assert do == f"Place {value} in {name}."


def test_a_hint_is_one_step_and_takes_its_eliminations_off_the_notes():
    grid = parse(TOP1465_FIRST)
    answer = solve(Puzzle(grid)).solution
    progress, marks = start(Puzzle(grid)), None
    hint = hint_for(progress, answer, work=100_000)
    while hint.step is not None and hint.step.placements:  # its first values fall to singles
        progress, marks = hint.after, hint.marks_after
        hint = hint_for(progress, answer, work=100_000, notes=marks)
    assert hint.kind == HintKind.STEP and hint.steps == (hint.step,)
    assert hint.after == progress
    removed = set(hint.step.eliminations)
    assert removed and all(not hint.marks_after.has(cell, value) for cell, value in removed)
    before = marks if marks is not None else Position.from_puzzle(progress.puzzle)
    kept = [
        (cell, value)
        for cell in range(81)
        for value in range(1, 10)
        if before.has(cell, value) and (cell, value) not in removed
    ]
    allowed = Position.of_values(progress.puzzle, progress.grid.cells)
    assert all(hint.marks_after.has(c, v) for c, v in kept if allowed.has(c, v))
    assert hint.tiers[2].startswith("In your notes, remove ")


def test_out_of_budget_the_solver_answers_one_cell():
    grid = parse(TOP1465_FIRST)
    answer = solve(Puzzle(grid)).solution
    hint = hint_for(start(Puzzle(grid)), answer, work=0)
    assert hint.kind == HintKind.OUT_OF_REACH
    assert hint.tiers[0] == "The next step needs more work than a hint may take."
    (cell,) = hint.cells
    assert hint.after.grid.cells[cell] == answer.cells[cell]
    assert hint.tiers[2] == f"Place {answer.cells[cell]} in r{cell // 9 + 1}c{cell % 9 + 1}."


@pytest.mark.parametrize(
    ("slug", "said"),
    [
        ("hidden-single", "a hidden single"),
        ("x-wing", "an X-wing"),
        ("w-wing", "a W-wing"),
        ("xy-chain", "an XY-chain"),
        ("als-xz", "an ALS-XZ"),
        ("bug-plus-1", "a BUG+1"),
        ("unique-rectangle-2", "a unique rectangle type 2"),
        ("empty-rectangle", "an empty rectangle"),
        ("aic", "an alternating inference chain"),
        ("sue-de-coq", "a Sue de Coq"),
        ("simple-colors", "a simple colouring"),
    ],
)
def test_techniques_are_named_with_the_article_they_sound_for(slug, said):
    assert with_article(technique_name(slug)) == said


def with_notes_removed(progress: Progress, removed: dict[int, int]) -> Position:
    """Notes on `progress`'s puzzle: every candidate its givens allow but `removed`."""
    return Position.from_puzzle(progress.puzzle).eliminate(removed.items())


def test_a_wrong_note_comes_after_wrong_values_and_is_put_back():
    grid = parse(NORVIG_EASY)
    answer = solve(Puzzle(grid)).solution
    progress = start(Puzzle(grid))
    # r1c1 and r1c2 are open: remove the solution's value from both cells' notes
    marks = with_notes_removed(progress, {0: answer.cells[0], 1: answer.cells[1]})
    wrong = progress.with_values({80: 1 if answer.cells[80] != 1 else 2})
    assert hint_for(wrong, answer, work=100_000, notes=marks).kind == HintKind.WRONG
    hint = hint_for(progress, answer, work=100_000, notes=marks)
    value = answer.cells[0]
    assert hint.kind == HintKind.WRONG_NOTE
    assert hint.tiers == (
        "r1c1's notes are missing a value; fix them before the next step."
        " 1 other cell's notes are wrong too.",
        f"You removed {value} from r1c1, but {value} belongs there.",
        f"Put {value} back in r1c1's notes.",
    )
    assert hint.after == progress and hint.cells == (0,) and hint.step is None
    assert hint.marks_after.has(0, value) and not hint.marks_after.has(1, answer.cells[1])
    assert str(answer.cells[1]) not in hint.tiers[0]


def test_wrong_notes_are_the_open_cells_whose_notes_lost_their_value():
    grid = parse(NORVIG_EASY)
    answer = solve(Puzzle(grid)).solution
    progress = start(Puzzle(grid)).with_values({1: answer.cells[1]})
    wrong_value = next(v for v in range(1, 10) if v != answer.cells[3])
    marks = with_notes_removed(progress, {80: answer.cells[80], 1: answer.cells[1]})
    marks = marks.eliminate([(3, wrong_value), (0, answer.cells[0])])
    # r1c2 is filled in now, and r1c4 only lost a wrong candidate
    assert wrong_notes(marks, progress, answer) == (0, 80)
    assert wrong_notes(Position.from_puzzle(progress.puzzle), progress, answer) == ()


def test_a_step_hint_names_its_units_and_asks_for_notes_only_where_they_are_needed():
    grid = parse(TOP1465_FIRST)
    answer = solve(Puzzle(grid)).solution
    hint = hint_for(start(Puzzle(grid)), answer, work=100_000)
    units = Puzzle(grid).geometry.units
    assert [(units[n].kind, units[n].index) for n in hint.units] == list(hint.step.units)
    reads_values = hint.step.technique in ("hidden-single", "full-house")
    assert hint.follow_along is not reads_values
    assert hint.tiers[0].endswith("Fill in candidates to follow along.") is not reads_values


def test_with_notes_in_every_cell_it_uses_a_hint_needs_no_more():
    grid = parse(TOP1465_FIRST)
    answer = solve(Puzzle(grid)).solution
    progress, marks = start(Puzzle(grid)), None
    hint = hint_for(progress, answer, work=100_000)
    while hint.step is not None and hint.step.technique in ("hidden-single", "full-house"):
        progress, marks = hint.after, hint.marks_after
        hint = hint_for(progress, answer, work=100_000, notes=marks)
    assert hint.follow_along
    # notes in every open cell: each drops one candidate the values allow that is wrong
    allowed = Position.of_values(progress.puzzle, progress.grid.cells)
    dropped = {
        cell: next(v for v in bits_of(mask) if v != answer.cells[cell])
        for cell, mask in enumerate(allowed.candidates)
        if mask.bit_count() > 1
    }
    noted = hint_for(progress, answer, work=100_000, notes=with_notes_removed(progress, dropped))
    assert noted.kind == HintKind.STEP
    if all(not progress.grid.cells[c] and c in dropped for c in noted.cells):
        assert not noted.follow_along
        assert "Fill in candidates" not in noted.tiers[0]


@pytest.mark.parametrize(
    "text",
    [
        "..45....2..1..6.....27..83..9...3...2..6.7..5...1...8..26..51.....9..3..1....84..",
        "5..9....3.3....8.....3..29....4...6..9.8.5.2..6...3....52..7.....6....1.3....1..7",
        "3.41....61....32..59..2.....5...1....4..3..1....8...6.....6..29..25....78....71.3",
        "..1..7.866..1....4..3.......3.281.....75.32.....764.5.......4..3....6..229.3..7..",
    ],
    ids=["xy-chain", "sue-de-coq", "aic", "grouped-aic"],
)
def test_tier_two_is_one_short_sentence_even_for_long_chains(text):
    grid = parse(text)
    path = find_path(Puzzle(grid), work=300_000, unique=True)
    long = [
        step for step in path.steps if len(sentence(standard_geometry(grid.shape), step)) >= 399
    ]
    assert long  # these puzzles need a step whose full sentence is too long
    for step in path.steps:
        said = tier_two(Puzzle(grid).geometry, step)
        assert len(said) < 400
        if step in long:
            assert "(drawn on the board) shows that " in said
            assert all(f"r{c // 9 + 1}c{c % 9 + 1}" in said for c, _ in step.placements)
        else:
            assert said == capitalized(sentence(standard_geometry(grid.shape), step)) + "."


# HoDoKu's codes for the steps whose full sentences run longest: ALS family, grouped loops.
LONG_CODES = {
    "0901": "als-xz",
    "0902": "als-xy-wing",
    "0903": "als-chain",
    "0904": "death-blossom",
    "0709": "grouped-nice-loop",
    "0711": "grouped-aic",
}


def long_cases(per_code: int = 6) -> list:
    """The first `per_code` cases of each of LONG_CODES that must find something."""
    taken: dict[str, int] = {}
    found = []
    for case in read_cases():
        if case.code in LONG_CODES and not case.fails and taken.get(case.code, 0) < per_code:
            taken[case.code] = taken.get(case.code, 0) + 1
            found.append(pytest.param(case, id=f"{LONG_CODES[case.code]}:{case.line}"))
    return found


@pytest.mark.parametrize("case", long_cases())
def test_tier_two_of_an_als_or_grouped_loop_is_under_400_characters(case):
    finder = BY_SLUG[LONG_CODES[case.code]]
    position = case.position.assuming_unique()
    shape = position.geometry.shape
    named = capitalized(with_article(technique_name(LONG_CODES[case.code])))
    steps = list(itertools.islice(finder(position), 20))
    assert steps
    for step in steps:
        said, full = (
            tier_two(position.geometry, step),
            capitalized(sentence(standard_geometry(shape), step)) + ".",
        )
        assert len(said) < 400
        if len(full) < 400:
            assert said == full
        else:
            assert said.startswith(named) and "(drawn on the board)" in said
        assert all(f"r{c // 9 + 1}c{c % 9 + 1}" in said for c, _ in step.eliminations[:6])
