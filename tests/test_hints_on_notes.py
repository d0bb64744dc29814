"""Hints from a player's own notes: a wrong value first, then a wrong note, else one true step.

The property test plays thousands of mid-game positions (seeded, a fixed count): puzzles
of tests/data (the graded and rated 9x9 samples, 4x4s and a 6x6), each in its own layout
or disguised (relabelled, bands, stacks, rows and columns shuffled), with some cells filled
in right (now and then one wrong), and notes in random cells that drop random candidates,
now and then the solution's value. Whatever the position, the hint names the first wrong
value, else the first cell whose notes lost its value, else gives one step whose third
tier removes no solution value and places only right ones, said in under 400 characters.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from webapp.explanations.hints import HintKind, hint_for
from webapp.sudoku import Grid, parse, solve
from webapp.sudoku.logic import Position, bits_of, decode_marks, encode_marks, narrowed
from webapp.sudoku.progress import Progress
from webapp.sudoku.puzzle import Puzzle

from positions import permuted
from puzzles import SIX, data_lines

COUNT = 3000
CHUNK = 250


def puzzles() -> list[tuple[Grid, Grid]]:
    """The sample's puzzles with their solutions: 9x9s graded and rated, 4x4s and a 6x6."""
    texts = [fields[0] for fields in data_lines("qqwing_graded_sample.txt")[::2]]
    texts += [fields[0] for fields in data_lines("se_rated_sample.txt")]
    texts += [fields[0] for fields in data_lines("engine_4x4_answers.txt")]
    texts.append(SIX)
    found = []
    for text in texts:
        grid = parse(text)
        answer = solve(Puzzle(grid)).solution
        assert answer is not None
        found.append((grid, answer))
    return found


def disguised(grid: Grid, answer: Grid, rng: random.Random) -> tuple[Grid, Grid]:
    """The puzzle and its solution under one random relabelling and shuffle."""
    state = rng.getstate()
    puzzle = permuted(grid, rng)
    rng.setstate(state)
    return puzzle, permuted(answer, rng)


def mid_game(grid: Grid, answer: Grid, rng: random.Random) -> tuple[Progress, Position]:
    """A position of `grid`: some entries (one of them wrong now and then) and notes in some
    cells, each dropping a few candidates the values allow (now and then the right one)."""
    size = grid.shape.size
    share = rng.choice((0.0, 0.2, 0.5, 0.8))
    cells = [
        value if given or rng.random() < share else 0
        for given, value in zip(grid.cells, answer.cells, strict=True)
    ]
    open_cells = [cell for cell, value in enumerate(cells) if not value]
    if open_cells and rng.random() < 0.1:
        cell = rng.choice(open_cells)
        cells[cell] = rng.choice([v for v in range(1, size + 1) if v != answer.cells[cell]])
    progress = Progress(Puzzle(grid), Grid(grid.shape, tuple(cells)))
    allowed = Position.of_values(progress.puzzle, progress.grid.cells)
    noted_share = rng.choice((0.0, 0.3, 0.7, 1.0))
    slip = rng.choice((0.0, 0.0, 0.02, 0.1))
    removed = []
    for cell, mask in enumerate(allowed.candidates):
        if not mask or rng.random() >= noted_share:
            continue
        wrong = [v for v in bits_of(mask) if v != answer.cells[cell]]
        removed += [(cell, v) for v in rng.sample(wrong, rng.randint(0, len(wrong)))]
        if rng.random() < slip:
            removed.append((cell, answer.cells[cell]))
    return progress, Position.from_puzzle(progress.puzzle).eliminate(removed)


@cache
def positions() -> list[tuple[Progress, Position, Grid]]:
    """COUNT positions: the puzzles in turn, each in its own layout or disguised. Made when a
    test first asks, not as the module is imported: every test worker imports every module
    to collect the suite, and these took each of them 3 s."""
    rng = random.Random(25)
    sample = puzzles()
    found = []
    for number in range(COUNT):
        grid, answer = sample[number % len(sample)]
        if rng.random() < 0.5:
            grid, answer = disguised(grid, answer, rng)
        found.append((*mid_game(grid, answer, rng), answer))
    return found


def name(progress: Progress, cell: int) -> str:
    """ "r3c4"."""
    row, col = divmod(cell, progress.puzzle.size)
    return f"r{row + 1}c{col + 1}"


def wrong_in(progress: Progress, notes: Position, answer: Grid) -> list[str]:
    """What is wrong with the hint for one position (nothing, if all is well)."""
    hint = hint_for(progress, answer, work=100_000, notes=notes)
    line = f"{progress.code} {encode_marks(notes)!r}"
    values = progress.grid.cells
    wrong_values = [cell for cell in progress.entries if values[cell] != answer.cells[cell]]
    wrong_notes = [
        cell
        for cell, value in enumerate(values)
        if not value and not notes.has(cell, answer.cells[cell])
    ]
    if wrong_values:
        first = wrong_values[0]
        if hint.kind != HintKind.WRONG or hint.cells != (first,):
            return [f"{line}: {hint.kind} {hint.cells}, not the wrong value in {first}"]
        return [] if hint.after.grid.cells[first] == 0 else [f"{line}: {first} not cleared"]
    if wrong_notes:
        first = wrong_notes[0]
        if hint.kind != HintKind.WRONG_NOTE or hint.cells != (first,):
            return [f"{line}: {hint.kind} {hint.cells}, not the wrong note in {first}"]
        symbol = progress.puzzle.shape.symbol(answer.cells[first])
        put_back = notes.eliminate([]).candidates[first] | 1 << answer.cells[first]
        problems = []
        if hint.tiers[2] != f"Put {symbol} back in {name(progress, first)}'s notes.":
            problems.append(f"{line}: tier 3 says {hint.tiers[2]!r}")
        if hint.marks_after.candidates[first] != put_back or hint.after != progress:
            problems.append(f"{line}: doing it changes more than {first}'s notes")
        return problems
    if values == answer.cells:
        return [] if hint.kind == HintKind.DONE else [f"{line}: solved, yet {hint.kind}"]
    if hint.kind == HintKind.OUT_OF_REACH:
        ((cell, value),) = [(c, v) for c, v in enumerate(hint.after.grid.cells) if v != values[c]]
        return [] if value == answer.cells[cell] else [f"{line}: the solver's answer is wrong"]
    if hint.kind != HintKind.STEP or hint.step is None:
        return [f"{line}: a {hint.kind} hint on a position without mistakes"]
    step, problems = hint.step, []
    held = narrowed(notes, progress.grid)
    if len(hint.tiers[1]) >= 400:
        problems.append(f"{line}: tier 2 is {len(hint.tiers[1])} characters")
    if not all(held.has(cell, value) for cell, value in step.eliminations):
        problems.append(f"{line}: {step.technique} removes what the notes do not hold")
    for cell, value in enumerate(hint.after.grid.cells):
        if value and value != answer.cells[cell]:
            problems.append(f"{line}: {step.technique} places {value} in {name(progress, cell)}")
        if not value and not hint.marks_after.has(cell, answer.cells[cell]):
            problems.append(f"{line}: {step.technique} removes {name(progress, cell)}'s value")
    if decode_marks(progress.puzzle, encode_marks(hint.marks_after)) != hint.marks_after:
        problems.append(f"{line}: the notes after it do not survive their marks code")
    return problems


@pytest.mark.parametrize("start_at", range(0, COUNT, CHUNK), ids=lambda s: f"from-{s}")
def test_no_hint_relies_on_a_mistake_or_makes_one(start_at):
    chunk = positions()[start_at : start_at + CHUNK]
    assert [problem for position in chunk for problem in wrong_in(*position)] == []


def test_the_sample_has_every_kind_of_position():
    kinds = {
        hint_for(progress, answer, work=100_000, notes=notes).kind
        for progress, notes, answer in positions()[:600]
    }
    assert {HintKind.WRONG, HintKind.WRONG_NOTE, HintKind.STEP} <= kinds
    sizes = {progress.puzzle.size for progress, _, _ in positions()}
    assert sizes == {4, 6, 9}
    noted = sum(
        1 for progress, notes, _ in positions() if notes != Position.from_puzzle(progress.puzzle)
    )
    assert COUNT // 2 < noted < COUNT
