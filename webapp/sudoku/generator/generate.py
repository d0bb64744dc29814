"""Generate a puzzle of a size, level and symmetry from a seed: one solution, rated in its
level, givens in the symmetry's pattern, and the same puzzle for the same order everywhere.

Each *attempt* draws a random solution grid (fill.py) and an order of the symmetry's
orbits from a stream seeded by the order and the attempt's number, and carves a
puzzle from it (carve.py) one of two ways:

- *down to one solution, then eased*: take out every orbit that keeps one solution,
  then, while the path needs a step above the level, give back the orbit of a cell
  where it got stuck. Minimal puzzles are often harder than asked, and easing brings
  them down to just inside the level's top, which is where most attempts land.
- *under the level's top*: take out every orbit that keeps the path at or under the
  level's top. Big grids carved down to one solution are far too hard to rate (a
  16x16 one needs chains for minutes), so their easier levels are carved this way.

A Killer's attempt draws cages over its solution instead of carving givens (killer.py); a
marked kind's gives every mark its solution implies (marks.py) and a lined kind's draws a
handful of lines through it (lines.py: thermometers) before carving.
An attempt's puzzle is kept only if the exact solver proves it has one solution and
the logic engine's rating (the same one the site shows) falls in the level; otherwise
the next attempt starts. Attempts are counted, not timed, so the same order gives the
same puzzle on a slow machine or a fast one; the clock only decides when to give up,
and then the result says so instead of naming another puzzle.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum, unique

from ..grid import Grid
from ..logic import Path, PathStatus, find_path
from ..logic.levels import LEVEL_NAMES, band
from ..puzzle import Puzzle, Rules
from ..result import Budget, SolveStatus
from ..rulebook import RULE_KINDS, RuleKind, grid_kinds, line_kinds, marked_kinds
from ..shape import SHAPES
from ..solver import solve
from .carve import Carver, OutOfTime, carve_under, carve_unique, ease
from .fill import random_solution
from .jigsaw import random_regions
from .killer import killer_of
from .lines import draw_lines
from .marks import all_marks
from .seeded import SeededRandom
from .symmetry import SYMMETRIES, is_symmetric, orbits

# Raised whenever a change to the generator makes some order give another puzzle than
# before: links stay the same, so what servers keep of older generations must not be
# taken for this one's (tests/test_generator.py records puzzles that show such a change).
VERSION = 5


@unique
class GenerationStatus(StrEnum):
    """How a generation ended: a puzzle made, or none within its attempts or seconds."""

    GENERATED = "generated"
    GAVE_UP = "gave_up"


SIZES = tuple(SHAPES)
CLASSIC = "classic"
JIGSAW = "jigsaw"
# A random region map of 25x25 is too much for the solver to fill (generator/jigsaw.py).
JIGSAW_SIZES = (4, 6, 9, 12, 16)
# A Killer has no givens, only cages (generator/killer.py); 12x12 and up are not made.
KILLER = "killer"
KILLER_SIZES = (4, 6, 9)
# A pair kind's puzzles (anti-knight, non-consecutive) are made on 9x9 only: that is where
# they are played, and smaller grids may have no answer under them (anti-king on 4x4).
PAIR_KIND_SIZES = (9,)
# A kind that relates digits (non-consecutive, a Kropki dot, a thermometer) needs the logic's
# relation step, rated above easy's top; carving one at expert gave up on 1 of 2 seeds in
# 60 s: made at these levels.
RELATION_LEVELS = ("medium", "hard")
LARGEST_SEED = 2**63 - 1
# The levels the big grids carve under the level's top, not down to one solution.
CARVED_UNDER = {16: ("easy", "medium", "hard", "expert"), 25: ("easy", "medium", "hard", "expert")}
# How often an eased puzzle may get an orbit back before the attempt is given up.
EASING_ROUNDS = 12
MAX_ATTEMPTS = 5_000

# 4x4 puzzles are all easy: in 15,000 attempts at each other level, with and without
# symmetry, not one 4x4 puzzle needed more than hidden singles. Asking for another level
# gives up at once instead of spending thousands of attempts on it.
ONLY_EASY = (4,)
ONLY_EASY_WHY = (
    "4x4 grids come only at level easy: hidden singles solved every one of 15,000 tried"
    " at each other level"
)

# progress(attempts started so far): a generation's job page shows it.
OnProgress = Callable[[int], None]


class OrderError(ValueError):
    """An order the generator cannot take: its message names the field and what it takes."""


@dataclass(frozen=True)
class Order:
    """What is asked for: the grid's size, the level, the symmetry of the givens, the seed,
    and whether every given must be needed."""

    size: int
    level: str
    symmetry: str = "rotational"
    seed: int = 0
    minimal: bool = False
    variant: str = "classic"

    def __post_init__(self) -> None:
        """Refuse what the generator cannot make: OrderError naming the field."""
        if self.size not in SHAPES:
            sizes = ", ".join(map(str, SIZES))
            raise OrderError(f"size must be one of {sizes}, not {self.size}")
        if self.level not in LEVEL_NAMES:
            raise OrderError(f"level must be one of {', '.join(LEVEL_NAMES)}, not {self.level!r}")
        if self.symmetry not in SYMMETRIES:
            known = ", ".join(SYMMETRIES)
            raise OrderError(f"symmetry must be one of {known}, not {self.symmetry!r}")
        if not 0 <= self.seed <= LARGEST_SEED:
            raise OrderError(f"seed must be a whole number from 0 to {LARGEST_SEED}")
        made = variants()
        if self.variant not in made:
            known = ", ".join(made)
            raise OrderError(f"variant must be one of {known}, not {self.variant!r}")
        if self.variant == JIGSAW and self.size not in JIGSAW_SIZES:
            sizes = ", ".join(map(str, JIGSAW_SIZES))
            raise OrderError(f"a jigsaw's size must be one of {sizes}, not {self.size}")
        if self.variant == KILLER and self.size not in KILLER_SIZES:
            sizes = ", ".join(map(str, KILLER_SIZES))
            raise OrderError(f"a killer's size must be one of {sizes}, not {self.size}")
        if self.variant == KILLER and self.minimal:
            raise OrderError("a killer has no givens to make minimal; ask for it without minimal")
        unfit = Rules(_unit_letters(made[self.variant])).unfit(SHAPES[self.size])
        if unfit:
            raise OrderError(unfit)
        self._refuse_what_the_kind_is_not_made_at(made[self.variant])

    def _refuse_what_the_kind_is_not_made_at(self, letters: tuple[str, ...]) -> None:
        """OrderError for a size or level a pair, marked or lined kind's puzzles are not made
        at."""
        kinds = [RULE_KINDS[letter] for letter in letters if RULE_KINDS[letter].pairs]
        kinds += [RULE_KINDS[letter] for letter in drawn_letters(self.variant)]
        if not kinds:
            return
        name = kinds[0].name
        if self.size not in PAIR_KIND_SIZES:
            sizes = ", ".join(map(str, PAIR_KIND_SIZES))
            raise OrderError(f"size of a puzzle under {name} must be {sizes}, not {self.size}")
        if self.level not in variant_levels(self.variant):
            raise OrderError(f"level {self.level}: {levels_note(self.variant)}")

    def seed_text(self, attempt: int) -> str:
        """The text that seeds one attempt's random stream (a classic order's is what it was
        before variants, so its puzzles stay the same)."""
        minimal = "minimal" if self.minimal else "any"
        variant = "" if self.variant == "classic" else f"{self.variant}:"
        return f"{variant}{self.size}:{self.level}:{self.symmetry}:{minimal}:{self.seed}:{attempt}"

    def rules(self) -> Rules:
        """The rules of the puzzles this order makes, but the marks and lines each attempt
        draws; a Jigsaw's regions come from its seed."""
        extras = _unit_letters(variants()[self.variant])
        if self.variant != JIGSAW:
            return Rules(extras)
        return Rules(extras, random_regions(SHAPES[self.size], SeededRandom(self.seed_text(0))))


@dataclass(frozen=True)
class Generated:
    """A generation's outcome: the puzzle, its solution and rating, or why there is none.

    `rated_to_end` is False only for an extreme puzzle whose path the engine could not
    finish, or a Killer's, walked only to its first step above expert (killer.py): its
    rating is then a floor (still above the expert level's top)."""

    status: GenerationStatus
    order: Order
    puzzle: Puzzle | None = None
    solution: Grid | None = None
    rating: float | None = None
    hardest: str | None = None
    rated_to_end: bool = True
    attempts: int = 0
    ms: float = 0.0
    cpu_ms: float = 0.0  # this process's CPU time: the wall's share that is the generator's
    why: str = ""
    out_of_time: bool = False  # gave up at the clock, not after all its attempts


def generate(
    size: int,
    level: str,
    symmetry: str = "rotational",
    seed: int = 0,
    minimal: bool = False,
    seconds: float = 10.0,
    attempts: int = MAX_ATTEMPTS,
    progress: OnProgress | None = None,
    variant: str = "classic",
) -> Generated:
    """A puzzle of `size` at `level` whose givens follow `symmetry`, drawn from `seed`
    (`minimal`: no given can go without losing uniqueness), under the rules of `variant`
    (variants()), within `seconds` and `attempts`; or gave up, saying which ran out.
    OrderError for what cannot be asked."""
    order = Order(size, level, symmetry, seed, minimal, variant)
    started, cpu_started = time.perf_counter(), time.process_time()
    if level not in levels_of(size):
        return Generated(GenerationStatus.GAVE_UP, order, why=ONLY_EASY_WHY)
    carver = Carver(SHAPES[size], started + seconds, order.rules())
    tried = 0

    def outcome(status: GenerationStatus, **found: object) -> Generated:
        ms = (time.perf_counter() - started) * 1000
        cpu_ms = (time.process_time() - cpu_started) * 1000
        return Generated(status, order, attempts=tried, ms=ms, cpu_ms=cpu_ms, **found)  # type: ignore[arg-type]

    try:
        while tried < attempts:
            carver.seconds_left()
            tried += 1
            if progress is not None:
                progress(tried)
            found = _attempt(order, carver, SeededRandom(order.seed_text(tried)))
            if found is not None:
                return outcome(GenerationStatus.GENERATED, **found)
    except OutOfTime:
        why = f"the {seconds:g} s ran out after {tried} attempts"
        why = f"{why}, none of them {_a_puzzle_of(order)}"
        return outcome(GenerationStatus.GAVE_UP, why=why, out_of_time=True)
    return outcome(
        GenerationStatus.GAVE_UP, why=f"none of {tried} attempts gave {_a_puzzle_of(order)}"
    )


def variants() -> dict[str, tuple[str, ...]]:
    """The variants the generator makes, by name, and the letters of the rule kinds each
    has: the classic, each kind the registry says it makes (by the kind's word; a lined
    kind's by its name, "thermometer"), a Jigsaw (its region map drawn from the order's seed)
    and a Killer (its cages from its answer)."""
    kinds = {kind.word: (kind.letter,) for kind in grid_kinds() if kind.generated}
    families: dict[str, tuple[str, ...]] = {}
    for kind in marked_kinds():
        if kind.generated:
            families[kind.family] = (*families.get(kind.family, ()), kind.letter)
    lined = {
        line_variant(kind): (kind.letter,)
        for kind in line_kinds()
        if kind.generated and kind.chain is not None  # lines.py draws lines by their chain
    }
    return {CLASSIC: (), **kinds, **families, **lined, JIGSAW: (), KILLER: ()}


def line_variant(kind: RuleKind) -> str:
    """The variant name of a lined kind's puzzles: its name in small letters, words joined by
    hyphens ("thermometer", "german-whispers")."""
    return "-".join(kind.name.lower().split())


def marked_letters(variant: str) -> tuple[str, ...]:
    """The letters of the marked kinds `variant` has (a Kropki's white and black dots)."""
    return tuple(letter for letter in variants()[variant] if RULE_KINDS[letter].marked)


def lined_letters(variant: str) -> tuple[str, ...]:
    """The letters of the lined kinds `variant` has (a thermometer's)."""
    return tuple(letter for letter in variants()[variant] if RULE_KINDS[letter].lined)


def drawn_letters(variant: str) -> tuple[str, ...]:
    """The letters of the kinds whose marks or lines each puzzle of `variant` draws itself
    (a Kropki's dots, a thermometer's lines), which its name stands for."""
    return marked_letters(variant) + lined_letters(variant)


def _unit_letters(letters: tuple[str, ...]) -> tuple[str, ...]:
    """Of `letters`, those of the kinds a puzzle has over the whole grid (not drawn)."""
    kinds = (RULE_KINDS[letter] for letter in letters)
    return tuple(kind.letter for kind in kinds if not kind.marked and not kind.lined)


def variant_levels(variant: str) -> tuple[str, ...]:
    """The levels puzzles of `variant` are made at on 9x9, easiest first."""
    letters = variants()[variant]
    related = any(RULE_KINDS[letter].forbids for letter in letters) or drawn_letters(variant)
    return RELATION_LEVELS if related else LEVEL_NAMES


def levels_note(variant: str) -> str:
    """What a person choosing a level `variant` is not made at is told ("Non-Consecutive
    puzzles are made at levels medium and hard only"); "" for a variant made at every level."""
    levels = variant_levels(variant)
    if levels == LEVEL_NAMES:
        return ""
    letters = variants()[variant]
    kinds = [RULE_KINDS[letter] for letter in letters if RULE_KINDS[letter].forbids]
    kinds += [RULE_KINDS[letter] for letter in drawn_letters(variant)]
    return f"{kinds[0].name} puzzles are made at levels {' and '.join(levels)} only"


def surprise_levels(variant: str, size: int) -> tuple[str, ...]:
    """The levels "Surprise me" draws from for `variant` at `size`: those both are made at."""
    return tuple(level for level in levels_of(size) if level in variant_levels(variant))


def levels_of(size: int) -> tuple[str, ...]:
    """The levels a grid of `size` can be generated at, easiest first."""
    return LEVEL_NAMES[:1] if size in ONLY_EASY else LEVEL_NAMES


def _a_puzzle_of(order: Order) -> str:
    """How the outcome names what was asked for: "a minimal 9x9 puzzle at level hard",
    "a 9x9 Jigsaw puzzle at level easy"."""
    minimal = "minimal " if order.minimal else ""
    drawn = drawn_letters(order.variant)
    if order.variant == KILLER:
        name = "Killer"  # its cages come later
    else:
        name = RULE_KINDS[drawn[0]].name if drawn else order.rules().name
    variant = "" if order.variant == CLASSIC else f"{name} "
    return f"a {minimal}{order.size}x{order.size} {variant}puzzle at level {order.level}"


def _carved(order: Order, carver: Carver, solution: Grid, random: SeededRandom) -> Puzzle | None:
    """A puzzle carved from `solution` for `order` (see the module), or None when easing
    could not bring it into the level or singles alone solve it."""
    low, high = band(order.level)
    cells_of = orbits(carver.shape, order.symmetry)
    random.shuffle(cells_of)
    if order.level in CARVED_UNDER.get(order.size, ()) and not order.minimal:
        cells = carve_under(carver, solution, cells_of, high)
    else:
        cells = carve_unique(carver, solution, cells_of)
        if high < math.inf and not order.minimal:  # a minimal puzzle cannot take givens back
            orbit_of = {cell: orbit for orbit in cells_of for cell in orbit}
            if not ease(carver, cells, solution, orbit_of, (low, high), random, EASING_ROUNDS):
                return None
    if carver.singles_keep_under(cells, low):
        return None  # singles solve it: easier than the level
    return carver.puzzle(cells)


def _attempt(order: Order, carver: Carver, random: SeededRandom) -> dict[str, object] | None:
    """One attempt: the fields of a Generated puzzle, or None when it missed the level."""
    low, high = band(order.level)
    solution = random_solution(carver.shape, random, carver.rules)
    marked = marked_letters(order.variant)
    if marked:  # its marks come from its solution: all given
        carver = Carver(carver.shape, carver.deadline, all_marks(solution, marked))
    for letter in lined_letters(order.variant):  # its lines are drawn through its solution
        lines = carver.rules.lines + draw_lines(solution, letter, random)
        rules = replace(carver.rules, lines=lines, line_size=carver.shape.size)
        carver = Carver(carver.shape, carver.deadline, rules)
    rated: Path | None = None
    if order.variant == KILLER:
        killer = killer_of(solution, carver.rules, order.level, random, carver.seconds_left)
        puzzle, rated = (killer.puzzle, killer.path) if killer else (None, None)
    else:
        puzzle = _carved(order, carver, solution, random)
    if puzzle is None:
        return None
    # The generator's own seconds bound this solve (a gave_up is OutOfTime), not its work.
    unbounded = Budget(nodes=10**9, sat_conflicts=10**9, ceiling_seconds=carver.seconds_left())
    decided = solve(puzzle, budget=unbounded)
    if decided.status == SolveStatus.GAVE_UP:
        raise OutOfTime
    if decided.status != SolveStatus.SOLVED:
        return None
    # A Killer was rated as its cages were joined, on this very path (killer.py).
    path = rated or find_path(
        puzzle, unique=True, ceiling=high, ceiling_seconds=carver.seconds_left()
    )
    if path.status == PathStatus.CEILING and (high < math.inf or path.rating <= low):
        raise OutOfTime  # not rated far enough to know its level
    finished = path.status == PathStatus.SOLVED
    in_level = low < path.rating <= high and (finished or high == math.inf)
    if not in_level or (order.minimal and not carver.is_minimal(puzzle.cells)):
        return None
    assert decided.solution == solution and is_symmetric(puzzle.grid, order.symmetry)
    return {
        "puzzle": puzzle,
        "solution": solution,
        "rating": path.rating,
        "hardest": path.hardest,
        "rated_to_end": finished,
    }
