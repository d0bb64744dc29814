"""Each rule kind's solving speed set against OR-Tools CP-SAT on the same puzzles.

    .venv/bin/pip install -e '.[bench]'      (OR-Tools: a benchmark-time tool only)
    .venv/bin/python deploy/cpsat_bench.py [--count N] [--seed S] [--only RULE ...] [--each]

For each rule kind (X, Windoku, Jigsaw, anti-knight, anti-king, non-consecutive, Kropki's
white and black dots and XV's X and V with all marks given, thermometers, German whispers,
palindromes, renban lines, between lines and greater-than signs, arrows and region-sum
lines, little killers, sandwich sums, even and odd cells), Killers and classic puzzles, the
same puzzles go to our solver, as the product asks it (up to two solutions, so that
uniqueness is known), and to CP-SAT, asked for a second solution too: it enumerates
solutions and is stopped at the second (twice as fast as solving again with the first
solution forbidden, measured: 9.7 ms median against 21.0 on the medium Killers). CP-SAT's
model is read off the puzzle's geometry, as our solver's board is: an AllDifferent per unit
and per cage, the cage's sum, a != b for each pair a rule makes differ, and each relation's
forbidden digit pairs (the Kropki and XV marks, their "all given" negations,
non-consecutive's neighbours) as a forbidden-assignments table, and each line sum (an
arrow's circle less its arrow; a region-sum line's segment less its first; a little
killer's diagonal, which adds up to its clue) as a linear equation, each between line as a
choice of its own, "the first end is the smaller", under which each cell inside is above the
first end and below the last, and without which below and above, each sandwich as a choice
of its own for each two places of the 1 and the 9 (exactly one true, under which the cells
between add up to its clue), each X-sum as a choice for each digit X of its first cell,
under which its first X cells add up to its clue, and each marked cell's barred digits (an
even cell's odd ones) as a != d. CP-SAT runs on one worker.

The figure is CPU time per solve (process time, model or board building included), not wall
time: the machine these figures are taken on is shared, and a solve's wall time there says
more about its neighbours than about the solver. Both answers are compared (the number of
solutions, up to two, and the first solution of a unique puzzle); a puzzle on which they
differ is counted in the table's last column and named on stderr.

The puzzles: the 9x9 hard files of tests/data/variants for classic, X, Windoku, Jigsaw and
Killer (medium and hard); for the pair, marked and lined kinds, puzzles built here from
fixed seeds (a grid that keeps the rule, turned, mirrored and relabelled where the rule
allows, lines drawn through it as the generator draws them, givens added in a random order
until it has one solution); for arrows, up to a dozen arrows drawn on a relabelled, turned
and mirrored grid, givens added the same way; and the real links of
tests/data/links/marked_real_links.txt with arrows, each solved five times; for little
killers, eight to fourteen clues numbered on such a grid, and for sandwich sums nine to
eighteen of the rows' and columns' clues on a grid turned, mirrored and perhaps turned round
(d -> 10 - d), and for X-sums nine to eighteen of those ends on a grid turned, mirrored
and relabelled."""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from webapp.cli.arguments import positive_int
from webapp.cli.timing import read_puzzles
from webapp.sudoku import Puzzle, Rules, parse, prepare, solve
from webapp.sudoku.generator.lines import draw_lines
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.geometry import TABLES
from webapp.sudoku.grid import Grid
from webapp.sudoku.links import read_link
from webapp.sudoku.result import GAVE_UP
from webapp.sudoku.rulebook import (
    RULE_KINDS,
    Line,
    MarkedCells,
    MarkedPairs,
    orthogonal_pairs,
    outside_lines,
)
from webapp.sudoku.shape import SHAPES

VARIANTS = Path(__file__).parent.parent / "tests" / "data" / "variants"
FILES = {
    "classic": "classic_9x9_hard.txt",
    "x (diagonals)": "x_9x9_hard.txt",
    "w (windoku)": "windoku_9x9_hard.txt",
    "jigsaw": "jigsaw_9x9_hard.txt",
    "killer medium": "killer_9x9_medium.txt",
    "killer hard": "killer_9x9_hard.txt",
}
# The pair kinds built here, and how their digits may be relabelled keeping the rule: any
# way for cells that must differ, only turned round (d -> 10 - d) for non-consecutive.
PAIR_KINDS = {"n (anti-knight)": "n", "t (anti-king)": "t", "o (non-consecutive)": "o"}
MARKED_KINDS = {
    "W (white dots)": "W",
    "B (black dots)": "B",
    "X (XV's X)": "X",
    "V (XV's V)": "V",
}
# The lined kinds built here: lines drawn through an answer as the generator draws them, each
# keeping the kind's chain (generator/lines.py).
LINED_KINDS = {
    "T (thermometers)": "T",
    "G (German whispers)": "G",
    "P (palindromes)": "P",
    "N (renban)": "N",
    "L (between lines)": "L",
    "M (greater-than signs)": "M",
}
# The sum-lined kinds built here (up to a dozen arrows, or region-sum lines, drawn through an
# answer).
SUM_LINED_KINDS = {"A (arrows)": "A", "R (region-sum lines)": "R"}
# The celled kinds built here: two to four dozen cells marked as an answer holds them.
CELLED_KINDS = {"E (even cells)": "E", "O (odd cells)": "O"}
# Each cell's box on a 9x9.
BOXES = tuple((cell // 27) * 3 + (cell % 9) // 3 for cell in range(81))
# Real puzzles: the links of tests/data/links/marked_real_links.txt whose rules hold a
# letter (arrows), read, each solved up to REAL_RUNS times (a few puzzles, so the same one
# again for a steadier median).
LINKS = Path(__file__).parent.parent / "tests" / "data" / "links" / "marked_real_links.txt"
REAL_KINDS = {"real-A (arrow links)": "A"}
REAL_RUNS = 5
# The outside kinds built here (clues numbered on an answer): eight to fourteen little
# killers; nine to eighteen sandwich sums of the 36 rows' and columns' ends, on an answer
# relabelled only by d -> 10 - d (which swaps the 1 and the 9).
OUTSIDE_KINDS = {"Z (little killers)": "Z", "H (sandwich sums)": "H", "Y (X-sums)": "Y"}
CLUES = {"Z": (8, 15, "any"), "H": (9, 19, "reverse"), "Y": (9, 19, "any")}
MISSING = (
    "OR-Tools is not installed, so only our solver's figures are given;"
    " install the bench extra (pip install -e '.[bench]') to set CP-SAT against them"
)
COLUMNS = (
    "rule|puzzles|ours median ms|ours p95 ms|ours max ms"
    "|CP-SAT median ms|CP-SAT p95 ms|CP-SAT max ms|answers differ"
).split("|")


@dataclass(frozen=True)
class Answer:
    """What one solver said of one puzzle: its solutions found (up to two; None when it
    gave up) and the first of them, and the CPU milliseconds it took."""

    found: int | None
    first: tuple[int, ...] | None
    cpu_ms: float


@dataclass(frozen=True)
class Spread:
    """Median, 95th percentile and maximum of a list of milliseconds."""

    median: float
    p95: float
    most: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of `values` (p95: the nearest rank)."""
        ordered = sorted(values)
        rank = max(0, math.ceil(0.95 * len(ordered)) - 1)
        return cls(statistics.median(ordered), ordered[rank], ordered[-1])


Solver = Callable[[Puzzle], Answer]


def ours(puzzle: Puzzle) -> Answer:
    """Our solver's answer, as the product asks (up to two solutions). A puzzle with a
    geometry of its own (a Killer's cages, marks, lines) pays for its board, as its first solve in
    the product does: the tables kept from building the puzzle set are thrown away first,
    and the shape's standard tables built again, as every server has them from its start."""
    if puzzle.rules.cages or puzzle.rules.marks or puzzle.rules.lines:
        TABLES.clear()
        prepare(puzzle.grid.shape)
    started = time.process_time()
    result = solve(puzzle, max_solutions=2)
    cpu_ms = (time.process_time() - started) * 1000
    found = None if result.status == GAVE_UP else len(result.solutions)
    first = result.solutions[0].cells if result.solutions else None
    return Answer(found, first, cpu_ms)


def cpsat() -> Solver | None:
    """CP-SAT as a Solver, or None when OR-Tools is not installed."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None

    def answer(puzzle: Puzzle) -> Answer:
        """CP-SAT's answer: a solution, then a second one that differs from it."""
        started = time.process_time()
        model = cp_model.CpModel()
        geometry, n = puzzle.geometry, puzzle.size
        cells = [
            model.new_constant(value) if value else model.new_int_var(1, n, f"c{cell}")
            for cell, value in enumerate(puzzle.grid.cells)
        ]
        for unit in geometry.units:
            model.add_all_different([cells[cell] for cell in unit.cells])
        for cage, total in zip(geometry.cages, geometry.cage_totals, strict=True):
            model.add_all_different([cells[cell] for cell in cage])
            if total is not None:
                model.add(sum(cells[cell] for cell in cage) == total)
        for first, second in geometry.pairs:
            model.add(cells[first] != cells[second])
        for relation in geometry.relations:
            forbidden = sorted(relation.forbidden)
            for first, second in relation.pairs:
                model.add_forbidden_assignments([cells[first], cells[second]], forbidden)
        for each in geometry.line_sums:
            model.add(sum(weight * cells[cell] for cell, weight in each.terms) == each.total)
        for rule in geometry.line_rules:
            if rule.letter == "H":
                sandwich(model, [cells[cell] for cell in rule.cells], rule.value or 0, n)
                continue
            if rule.letter == "Y":
                x_sum(model, [cells[cell] for cell in rule.cells], rule.value or 0, n)
                continue
            assert rule.letter == "L", rule.letter  # the other line rule: a between line
            up = model.new_bool_var(f"up{rule.index}")
            first, *inside, last = (cells[cell] for cell in rule.cells)
            for cell in inside:
                model.add(first < cell).only_enforce_if(up)
                model.add(cell < last).only_enforce_if(up)
                model.add(first > cell).only_enforce_if(up.Not())
                model.add(cell > last).only_enforce_if(up.Not())
        for cell, digits in geometry.barred:
            for digit in digits:
                model.add(cells[cell] != digit)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.enumerate_all_solutions = True
        seen = FirstTwo(cells)
        status = solver.solve(model, seen)
        cpu_ms = (time.process_time() - started) * 1000
        if status == cp_model.UNKNOWN or status == cp_model.MODEL_INVALID:
            return Answer(None, None, cpu_ms)
        return Answer(len(seen.solutions), seen.solutions[0] if seen.solutions else None, cpu_ms)

    class FirstTwo(cp_model.CpSolverSolutionCallback):  # type: ignore[misc]
        """Keeps the first two solutions CP-SAT finds and stops it at the second."""

        def __init__(self, cells: list[cp_model.IntVar]) -> None:
            super().__init__()
            self.cells = cells
            self.solutions: list[tuple[int, ...]] = []

        def on_solution_callback(self) -> None:
            """Keep this solution; stop at the second."""
            self.solutions.append(tuple(int(self.value(cell)) for cell in self.cells))
            if len(self.solutions) == 2:
                self.stop_search()

    return answer


def sandwich(model: Any, line: list[Any], value: int, n: int) -> None:
    """A sandwich's CP-SAT model over a row's or a column's `line` of cells: a choice for each
    two places of the 1 and the n (the 9) that as many different digits between them can
    make `value` with, exactly one of them true, and under it the 1 and the n there and the
    cells between them adding up to `value`."""
    ones = [model.new_bool_var("") for _ in line]
    nines = [model.new_bool_var("") for _ in line]
    for cell, one, nine in zip(line, ones, nines, strict=True):
        model.add(cell == 1).only_enforce_if(one)
        model.add(cell != 1).only_enforce_if(one.Not())
        model.add(cell == n).only_enforce_if(nine)
        model.add(cell != n).only_enforce_if(nine.Not())
    middle = list(range(2, n))
    choices = []
    for at_one in range(len(line)):
        for at_nine in range(len(line)):
            first, last = sorted((at_one, at_nine))
            between = last - first - 1
            least, most = sum(middle[:between]), sum(middle[len(middle) - between :])
            if at_one == at_nine or not least <= value <= most:
                continue
            chosen = model.new_bool_var("")
            model.add_bool_and([ones[at_one], nines[at_nine]]).only_enforce_if(chosen)
            if between:  # 1 and the 9 side by side: nothing between, the clue 0
                model.add(sum(line[first + 1 : last]) == value).only_enforce_if(chosen)
            choices.append(chosen)
    model.add_exactly_one(choices)


def x_sum(model: Any, line: list[Any], value: int, n: int) -> None:
    """An X-sum's CP-SAT model over a row's or a column's `line` of cells: for each digit X
    of the first cell, a choice (the first cell is X) under which the first X cells add up
    to `value`; a first cell whose X cells cannot (X past the line) is barred."""
    for first in range(1, n + 1):
        chosen = model.new_bool_var("")
        model.add(line[0] == first).only_enforce_if(chosen)
        model.add(line[0] != first).only_enforce_if(chosen.Not())
        if first > len(line):
            model.add_bool_or([chosen.Not()])
            continue
        model.add(sum(line[:first]) == value).only_enforce_if(chosen)


def agree(one: Answer, other: Answer) -> bool:
    """Whether two answers say the same: as many solutions (up to two) and, when there is
    one, the same one. A solver that gave up agrees with nothing."""
    if one.found is None or other.found is None or one.found != other.found:
        return False
    return one.found != 1 or one.first == other.first


@dataclass(frozen=True)
class Row:
    """One rule's figures: our spread, CP-SAT's (None without it) and the disagreements."""

    rule: str
    puzzles: int
    ours: Spread
    theirs: Spread | None
    differ: int | None


def measure(
    rule: str, puzzles: Sequence[Puzzle], mine: Solver, theirs: Solver | None, each: bool = False
) -> Row:
    """Both solvers on every puzzle of one rule; each puzzle they disagree on is named on
    stderr by its place in the set, and with `each` every puzzle's CPU times."""
    answers = [mine(puzzle) for puzzle in puzzles]
    others = [theirs(puzzle) for puzzle in puzzles] if theirs is not None else []
    if each:
        for place, one in enumerate(answers):
            also = f", CP-SAT {others[place].cpu_ms:.1f} ms" if others else ""
            print(f"{rule}: puzzle {place + 1}: ours {one.cpu_ms:.1f} ms{also}", file=sys.stderr)
    if theirs is None:
        return Row(rule, len(puzzles), Spread.of([a.cpu_ms for a in answers]), None, None)
    differ = 0
    for place, (one, other) in enumerate(zip(answers, others, strict=True)):
        if not agree(one, other):
            differ += 1
            print(f"{rule}: puzzle {place + 1}: the answers differ", file=sys.stderr)
    return Row(
        rule,
        len(puzzles),
        Spread.of([a.cpu_ms for a in answers]),
        Spread.of([a.cpu_ms for a in others]),
        differ,
    )


def table(rows: Sequence[Row]) -> list[str]:
    """The rows as a Markdown table, "-" where CP-SAT did not run."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "|".join("---" for _ in COLUMNS) + "|"]
    for row in rows:
        theirs = (
            [f"{row.theirs.median:.1f}", f"{row.theirs.p95:.1f}", f"{row.theirs.most:.1f}"]
            if row.theirs
            else ["-", "-", "-"]
        )
        cells = [
            row.rule,
            str(row.puzzles),
            f"{row.ours.median:.1f}",
            f"{row.ours.p95:.1f}",
            f"{row.ours.most:.1f}",
            *theirs,
            "-" if row.differ is None else str(row.differ),
        ]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def file_puzzles(name: str, count: int) -> list[Puzzle]:
    """The first `count` puzzles of a file of tests/data/variants."""
    with (VARIANTS / name).open(encoding="utf-8") as stream:
        return read_puzzles(stream, count)[0]


def disguised(answer: Grid, rng: random.Random, relabel: str) -> tuple[int, ...]:
    """`answer` turned a quarter `rng`'s number of times, perhaps mirrored, and relabelled:
    any way ("any"), perhaps turned round ("reverse", d -> 10 - d) or not at all."""
    digits = list(range(1, 10))
    if relabel == "any":
        rng.shuffle(digits)
    elif relabel == "reverse" and rng.random() < 0.5:
        digits.reverse()
    rows = [[digits[answer.cells[r * 9 + c] - 1] for c in range(9)] for r in range(9)]
    for _ in range(rng.randrange(4)):
        rows = [list(row) for row in zip(*rows[::-1], strict=True)]
    if rng.random() < 0.5:
        rows = [row[::-1] for row in rows]
    return tuple(value for row in rows for value in row)


def carved(answer: tuple[int, ...], rules: Rules, rng: random.Random) -> Puzzle:
    """A puzzle under `rules` with `answer` its one solution: givens taken from it in a
    random order, a few at a time, until our solver finds one solution."""
    order = list(range(81))
    rng.shuffle(order)
    shown = 6
    while True:
        given = set(order[:shown])
        cells = tuple(value if cell in given else 0 for cell, value in enumerate(answer))
        puzzle = Puzzle(Grid(SHAPES[9], cells), rules)
        result = solve(puzzle)
        if len(result.solutions) == 1 and result.status != GAVE_UP:
            return puzzle
        shown += 2


def pair_puzzles(letter: str, count: int, seed: int) -> list[Puzzle]:
    """`count` puzzles under one pair kind, built from `seed`."""
    rules = Rules.from_letters(letter)
    grown = solve(Puzzle(parse("." * 81), rules)).solutions[0]
    relabel = "reverse" if RULE_KINDS[letter].forbids else "any"
    rng = random.Random(seed)
    return [carved(disguised(grown, rng, relabel), rules, rng) for _ in range(count)]


def marked_puzzles(letter: str, count: int, seed: int) -> list[Puzzle]:
    """`count` puzzles with one marked kind's marks, all given, built from `seed`."""
    grown = solve(Puzzle(parse("." * 81), Rules())).solutions[0]
    holds = RULE_KINDS[letter].holds
    assert holds is not None, letter
    rng = random.Random(seed)
    puzzles = []
    for _ in range(count):
        answer = disguised(grown, rng, "any")
        marked = tuple(
            pair for pair in orthogonal_pairs(SHAPES[9]) if holds(answer[pair[0]], answer[pair[1]])
        )
        rules = Rules(marks=(MarkedPairs(letter, marked, True),), mark_size=9)
        puzzles.append(carved(answer, rules, rng))
    return puzzles


def arrow_from(answer: tuple[int, ...], start: int, rng: random.Random) -> tuple[int, ...] | None:
    """An arrow on `answer` from the circle `start` through neighbours whose digits add up to
    its digit, one to four cells long, or None where the walk finds none."""
    cells, left = [start], answer[start]
    for _ in range(4):
        near = [cell for cell in touching(cells[-1]) if cell not in cells and answer[cell] <= left]
        if not near:
            return None
        cells.append(rng.choice(near))
        left -= answer[cells[-1]]
        if left == 0:
            return tuple(cells)
    return None


def region_sum_from(
    answer: tuple[int, ...], start: int, rng: random.Random
) -> tuple[int, ...] | None:
    """A region-sum line on `answer` from `start` through new neighbours, two to seven cells
    walked, kept where it crosses a box border and its runs of cells in one box add up to one
    total; None where not."""
    cells = [start]
    for _ in range(rng.randrange(1, 7)):
        near = [cell for cell in touching(cells[-1]) if cell not in cells]
        if not near:
            break
        cells.append(rng.choice(near))
    totals: list[int] = []
    for at, cell in enumerate(cells):
        if at and BOXES[cell] == BOXES[cells[at - 1]]:
            totals[-1] += answer[cell]
        else:
            totals.append(answer[cell])
    return tuple(cells) if len(totals) > 1 and len(set(totals)) == 1 else None


def arrow_puzzles(letter: str, count: int, seed: int) -> list[Puzzle]:
    """`count` puzzles of up to a dozen arrows (or region-sum lines) each, built from `seed`:
    lines drawn on a disguised grid, then givens added until it has one solution."""
    grown = solve(Puzzle(parse("." * 81), Rules())).solutions[0]
    rng = random.Random(seed)
    puzzles = []
    walk = region_sum_from if letter == "R" else arrow_from
    tries = 300 if letter == "R" else 40
    for _ in range(count):
        answer = disguised(grown, rng, "any")
        drawn = (walk(answer, rng.randrange(81), rng) for _ in range(tries))
        arrows = tuple(Line(letter, cells) for cells in drawn if cells is not None)[:12]
        puzzles.append(carved(answer, Rules(lines=arrows, line_size=9), rng))
    return puzzles


def clue_of(letter: str, digits: list[int]) -> int:
    """The number of an outside clue whose line holds `digits`, from its clue inwards: a
    little killer's their sum, a sandwich's the sum of those between the 1 and the 9, an
    X-sum's the sum of the first X, X the first of them."""
    if letter == "Y":
        return sum(digits[: digits[0]])
    if letter != "H":
        return sum(digits)
    first, last = sorted((digits.index(1), digits.index(9)))
    return sum(digits[first + 1 : last])


def clue_puzzles(letter: str, count: int, seed: int) -> list[Puzzle]:
    """`count` puzzles of outside clues (CLUES: how many each, how an answer is relabelled),
    built from `seed`: clues picked among every one the kind may have, numbered on a
    disguised grid, then givens added until it has one solution."""
    grown = solve(Puzzle(parse("." * 81), Rules())).solutions[0]
    every = outside_lines(RULE_KINDS[letter], 9)
    fewest, past_most, relabel = CLUES[letter]
    rng = random.Random(seed)
    puzzles = []
    for _ in range(count):
        answer = disguised(grown, rng, relabel)
        chosen = rng.sample(every, rng.randrange(fewest, past_most))
        clues = tuple(
            Line(letter, cells, clue_of(letter, [answer[c] for c in cells])) for cells in chosen
        )
        puzzles.append(carved(answer, Rules(lines=clues, line_size=9), rng))
    return puzzles


def touching(cell: int) -> list[int]:
    """The cells touching `cell` on a 9x9, by a side or a corner."""
    row, column = divmod(cell, 9)
    return [
        (row + down) * 9 + column + across
        for down in (-1, 0, 1)
        for across in (-1, 0, 1)
        if (down, across) != (0, 0) and 0 <= row + down < 9 and 0 <= column + across < 9
    ]


def between_line(answer: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """A between line from a random cell through neighbours on one side of its digit in
    `answer` (above a small one, below a large one), two to five cells walked, ending at the
    last cell further that way than every cell before it (one cell where none is)."""
    cells = [rng.randrange(81)]
    first = answer[cells[0]]
    side = 1 if first < 5 or (first == 5 and rng.random() < 0.5) else -1
    for _ in range(rng.randrange(2, 6)):
        onward = [
            cell
            for cell in touching(cells[-1])
            if cell not in cells and side * answer[cell] > side * first
        ]
        if not onward:
            break
        cells.append(rng.choice(onward))
    ends = [
        at
        for at in range(2, len(cells))
        if all(side * answer[cells[at]] > side * answer[cell] for cell in cells[1:at])
    ]
    return tuple(cells[: ends[-1] + 1]) if ends else tuple(cells[:1])


def sign(answer: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """A greater-than sign between two random side-by-side cells, the greater first."""
    one, other = rng.choice(orthogonal_pairs(SHAPES[9]))
    return (one, other) if answer[one] > answer[other] else (other, one)


def lined_puzzles(letter: str, count: int, seed: int) -> list[Puzzle]:
    """`count` puzzles with the lines of one lined kind the generator draws (six to nine lines
    of four to six cells, each keeping its kind on the answer: generator/lines.py), built from
    `seed`: the answer turned and mirrored, and turned round (d -> 10 - d) for a German
    whisper, whose differences that keeps, and for a renban, whose runs it keeps; a
    thermometer's or a palindrome's lines are drawn after any relabelling."""
    grown = solve(Puzzle(parse("." * 81), Rules())).solutions[0]
    rng = random.Random(seed)
    puzzles = []
    for number in range(count):
        answer = disguised(grown, rng, "reverse" if letter in "GN" else "any")
        if letter == "L":  # a between line has no chain to draw by: walked here
            drawn = (between_line(answer, rng) for _ in range(rng.randrange(16, 26)))
            lines = tuple(Line(letter, cells) for cells in drawn if len(cells) > 1)
        elif letter == "M":  # a greater-than sign is two cells, not a line: placed here
            signs = dict.fromkeys(sign(answer, rng) for _ in range(rng.randrange(16, 26)))
            lines = tuple(Line(letter, cells) for cells in signs)
        else:
            drawing = SeededRandom(f"cpsat-bench:{letter}:{seed}:{number}")
            lines = draw_lines(Grid(SHAPES[9], answer), letter, drawing)
        puzzles.append(carved(answer, Rules(lines=lines, line_size=9), rng))
    return puzzles


def celled_puzzles(letter: str, count: int, seed: int) -> list[Puzzle]:
    """`count` puzzles with two to four dozen cells of one celled kind, each marked where the
    answer (turned, mirrored and relabelled any way) holds a digit the kind allows."""
    grown = solve(Puzzle(parse("." * 81), Rules())).solutions[0]
    allows = RULE_KINDS[letter].allows
    assert allows is not None, letter
    rng = random.Random(seed)
    puzzles = []
    for _ in range(count):
        answer = disguised(grown, rng, "any")
        chosen = rng.sample(range(81), rng.randrange(24, 48))
        marked = tuple(cell for cell in chosen if allows(9, answer[cell]))
        rules = Rules(cells=(MarkedCells(letter, marked),), cell_size=9)
        puzzles.append(carved(answer, rules, rng))
    return puzzles


def real_puzzles(letter: str, count: int, seed: int) -> list[Puzzle]:
    """The real links' puzzles whose rules hold `letter`, each min(count, REAL_RUNS) times
    (`seed` unused: they are not built)."""
    del seed
    found = []
    for line in LINKS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            letters, _, url = line.split()
            if letter in letters:
                linked = read_link(url)
                assert linked is not None, url
                found += [linked.given] * min(count, REAL_RUNS)
    return found


def rule_sets(count: int, seed: int, only: Sequence[str] = ()) -> dict[str, list[Puzzle]]:
    """Every rule's puzzles, `count` each; with `only`, the rules whose first word it names
    ("T", "killer")."""

    def wanted(rule: str) -> bool:
        return not only or rule.split()[0] in only

    sets = {rule: file_puzzles(name, count) for rule, name in FILES.items() if wanted(rule)}
    built = [
        *((rule, letter, pair_puzzles) for rule, letter in PAIR_KINDS.items()),
        *((rule, letter, marked_puzzles) for rule, letter in MARKED_KINDS.items()),
        *((rule, letter, lined_puzzles) for rule, letter in LINED_KINDS.items()),
        *((rule, letter, arrow_puzzles) for rule, letter in SUM_LINED_KINDS.items()),
        *((rule, letter, celled_puzzles) for rule, letter in CELLED_KINDS.items()),
        *((rule, letter, real_puzzles) for rule, letter in REAL_KINDS.items()),
        *((rule, letter, clue_puzzles) for rule, letter in OUTSIDE_KINDS.items()),
    ]
    for rule, letter, make in built:
        if wanted(rule):
            sets[rule] = make(letter, count, seed)

    return sets


def main(argv: list[str] | None = None) -> int:
    """Build the puzzles, solve them both ways and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=positive_int, default=30, help="puzzles a rule")
    parser.add_argument("--seed", type=int, default=1, help="the built puzzles' seed")
    parser.add_argument(
        "--only", nargs="*", default=(), help="rules by first word of their row (T, killer)"
    )
    parser.add_argument(
        "--each", action="store_true", help="every puzzle's CPU times too, on stderr"
    )
    args = parser.parse_args(argv)
    theirs = cpsat()
    if theirs is None:
        print(MISSING, file=sys.stderr)
    rows = [
        measure(rule, puzzles, ours, theirs, each=args.each)
        for rule, puzzles in rule_sets(args.count, args.seed, args.only).items()
    ]
    for line in table(rows):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
