"""A match's setting and its rounds' puzzles: what the host chose, and the puzzle each round
plays, made from the generator and the match's seed before the match starts.

Round n's puzzle comes from the generator's order for the round's size and variant (the
setting's lists, taken in turn), the match's level and a seed worked out from the match's
seed and n: the same setting gives the same puzzles anywhere. A round the host marked as
having no solution takes the generated puzzle and gives one blank cell a value its
solution does not have and no given in its units forbids (so the puzzle still looks fair);
a round marked as having several solutions takes givens away, in a seeded order, until the
puzzle has more than one. The exact solver checks each, so the expected answer is the
engine's own: the house seat answers it.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass
from enum import StrEnum, unique

from ..sudoku import MULTIPLE, NO_SOLUTION, SOLVED, Grid, Puzzle, solve
from ..sudoku.generator import LARGEST_SEED, Order, OrderError, generate
from ..sudoku.generator.seeded import SeededRandom

MIN_SEATS, MAX_SEATS = 2, 8
MAX_ROUNDS = 12
MIN_SECONDS, MAX_SECONDS = 1, 600
# The longest head start the house may give a bot: ten minutes.
MAX_HANDICAP_MS = 600_000
# The variants a match may play: a bot is sent every unit, so any of these is the same
# protocol; a Killer's cages would need sums as well (a later protocol version).
MATCH_VARIANTS = ("classic", "x", "windoku", "jigsaw")
MATCH_SIZES = (4, 6, 9, 12, 16)


class SettingError(ValueError):
    """A setting a match cannot have: the message names the field and what it takes."""


@unique
class AnswerKind(StrEnum):
    """What a round's answer is: the full grid, or that there is none or more than one."""

    SOLUTION = "solution"
    NO_SOLUTION = "no-solution"
    MANY = "many"


@dataclass(frozen=True)
class MatchSetting:
    """What the host chose: the sizes and variants the rounds take in turn, the level, the
    number of rounds and seconds per round, the seats (2 to 8, the house's among them when
    `house_ms` is set: the house answers that many ms after each round starts), the rounds
    with no solution and those with several, and the seed the puzzles come from."""

    sizes: tuple[int, ...]
    variants: tuple[str, ...]
    level: str
    rounds: int
    seconds: int
    seats: int
    house_ms: int | None
    no_solution_rounds: frozenset[int]
    many_rounds: frozenset[int]
    seed: int

    def __post_init__(self) -> None:
        """Refuse what a match cannot be: SettingError naming the field."""
        if not self.sizes or any(size not in MATCH_SIZES for size in self.sizes):
            raise SettingError(f"sizes must be some of {_listed(MATCH_SIZES)}")
        if not self.variants or any(v not in MATCH_VARIANTS for v in self.variants):
            raise SettingError(f"variants must be some of {_listed(MATCH_VARIANTS)}")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise SettingError(f"rounds must be from 1 to {MAX_ROUNDS}")
        if not MIN_SECONDS <= self.seconds <= MAX_SECONDS:
            raise SettingError(f"seconds must be from {MIN_SECONDS} to {MAX_SECONDS}")
        if not MIN_SEATS <= self.seats <= MAX_SEATS:
            raise SettingError(f"seats must be from {MIN_SEATS} to {MAX_SEATS}, the house's too")
        if self.house_ms is not None and not 0 <= self.house_ms <= MAX_HANDICAP_MS:
            raise SettingError(f"house must be a handicap from 0 to {MAX_HANDICAP_MS} ms")
        odd = self.no_solution_rounds | self.many_rounds
        if any(not 1 <= n <= self.rounds for n in odd):
            raise SettingError(f"the rounds with no or several solutions are 1 to {self.rounds}")
        if self.no_solution_rounds & self.many_rounds:
            raise SettingError("a round cannot have both no solution and several")
        if not 0 <= self.seed <= LARGEST_SEED:
            raise SettingError(f"seed must be a whole number from 0 to {LARGEST_SEED}")
        for number in range(1, self.rounds + 1):
            try:
                self.order(number)
            except OrderError as error:
                raise SettingError(f"round {number}: {error}") from None

    @property
    def house_seat(self) -> int | None:
        """The house's seat (the last), or None when the house does not play."""
        return self.seats if self.house_ms is not None else None

    @property
    def bot_seats(self) -> tuple[int, ...]:
        """The seats bots take, numbered from 1."""
        last = self.seats - (1 if self.house_ms is not None else 0)
        return tuple(range(1, last + 1))

    @property
    def round_ms(self) -> int:
        """A round's time in milliseconds."""
        return self.seconds * 1000

    def order(self, number: int) -> Order:
        """The generator's order for round `number` (from 1)."""
        size = self.sizes[(number - 1) % len(self.sizes)]
        variant = self.variants[(number - 1) % len(self.variants)]
        return Order(size, self.level, "rotational", self.round_seed(number), variant=variant)

    def expected(self, number: int) -> AnswerKind:
        """The kind of answer round `number` has."""
        if number in self.no_solution_rounds:
            return AnswerKind.NO_SOLUTION
        if number in self.many_rounds:
            return AnswerKind.MANY
        return AnswerKind.SOLUTION

    def round_seed(self, number: int) -> int:
        """The generator's seed for round `number`, worked out from the match's seed."""
        digest = hashlib.sha256(f"match:{self.seed}:{number}".encode()).digest()
        return int.from_bytes(digest[:8], "big") % (LARGEST_SEED + 1)

    def to_json(self) -> dict[str, object]:
        """The setting as the store and the API write it."""
        return {
            "sizes": list(self.sizes),
            "variants": list(self.variants),
            "level": self.level,
            "rounds": self.rounds,
            "seconds": self.seconds,
            "seats": self.seats,
            "house_ms": self.house_ms,
            "no_solution_rounds": sorted(self.no_solution_rounds),
            "many_rounds": sorted(self.many_rounds),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, fields: dict[str, object]) -> MatchSetting:
        """A setting read back from the store."""
        house = fields["house_ms"]
        return cls(
            tuple(_int(size) for size in _list(fields["sizes"])),
            tuple(str(variant) for variant in _list(fields["variants"])),
            str(fields["level"]),
            _int(fields["rounds"]),
            _int(fields["seconds"]),
            _int(fields["seats"]),
            None if house is None else _int(house),
            frozenset(_int(n) for n in _list(fields["no_solution_rounds"])),
            frozenset(_int(n) for n in _list(fields["many_rounds"])),
            _int(fields["seed"]),
        )


@dataclass(frozen=True)
class RoundPuzzle:
    """A round's puzzle, the kind of answer it has, and its one solution when it has one."""

    number: int
    puzzle: Puzzle
    expected: AnswerKind
    solution: Grid | None

    def to_json(self) -> dict[str, object]:
        """The round as the store keeps it."""
        solution = None if self.solution is None else list(self.solution.cells)
        return {
            "number": self.number,
            "puzzle": self.puzzle.code,
            "expected": str(self.expected),
            "solution": solution,
        }


def round_puzzle(setting: MatchSetting, number: int, made: Puzzle, solution: Grid) -> RoundPuzzle:
    """Round `number`'s puzzle from the generator's puzzle `made` and its `solution`, turned
    into one with no solution or several when the setting says so (the module's docstring).
    SettingError when no such puzzle can be made from it."""
    expected = setting.expected(number)
    random = SeededRandom(f"match-round:{setting.round_seed(number)}")
    if expected == AnswerKind.SOLUTION:
        return RoundPuzzle(number, made, expected, solution)
    if expected == AnswerKind.NO_SOLUTION:
        broken = _without_solution(made, solution, random)
        if broken is not None:
            return RoundPuzzle(number, broken, expected, None)
    else:
        loosened = _with_several(made, random)
        if loosened is not None:
            return RoundPuzzle(number, loosened, expected, None)
    raise SettingError(f"round {number}: no puzzle with {expected} could be made from its seed")


def make_rounds(setting: MatchSetting, seconds: float) -> tuple[RoundPuzzle, ...]:
    """Every round's puzzle, made now (before the match starts), the generator given at most
    `seconds` in all (a ceiling on wall time, for a request's sake: the puzzles themselves
    depend on the seed alone); SettingError naming the round that could not be made."""
    deadline = time.monotonic() + seconds
    made = []
    for number in range(1, setting.rounds + 1):
        order = setting.order(number)
        left = deadline - time.monotonic()
        generated = generate(
            order.size,
            order.level,
            order.symmetry,
            order.seed,
            seconds=max(left, 0.01),
            variant=order.variant,
        )
        if generated.puzzle is None or generated.solution is None:
            why = generated.why or "the generator found none"
            raise SettingError(f"round {number}'s puzzle could not be made: {why}")
        made.append(round_puzzle(setting, number, generated.puzzle, generated.solution))
    return tuple(made)


def _without_solution(made: Puzzle, solution: Grid, random: SeededRandom) -> Puzzle | None:
    """`made` with one more given that no unit forbids but the solution lacks: since `made`
    has one solution, the puzzle then has none."""
    blanks = [cell for cell, value in enumerate(made.cells) if not value]
    random.shuffle(blanks)
    peers = made.geometry.peers
    for cell in blanks:
        seen = {made.cells[peer] for peer in peers[cell]}
        allowed = [
            v for v in range(1, made.size + 1) if v not in seen and v != solution.cells[cell]
        ]
        if allowed:
            cells = list(made.cells)
            cells[cell] = allowed[0]
            broken = made.with_grid(Grid(made.shape, tuple(cells)))
            if solve(broken).status == NO_SOLUTION:
                return broken
    return None


def _with_several(made: Puzzle, random: SeededRandom) -> Puzzle | None:
    """`made` with givens taken away, in a seeded order, until it has several solutions."""
    givens = [cell for cell, value in enumerate(made.cells) if value]
    random.shuffle(givens)
    cells = list(made.cells)
    for cell in givens:
        cells[cell] = 0
        loosened = made.with_grid(Grid(made.shape, tuple(cells)))
        status = solve(loosened).status
        if status == MULTIPLE:
            return loosened
        if status != SOLVED:
            return None
    return None


def _listed(values: tuple[object, ...]) -> str:
    return ", ".join(map(str, values))


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise SettingError("a stored setting's list is not a list")
    return value


def _int(value: object) -> int:
    if not isinstance(value, int):
        raise SettingError("a stored setting's number is not a whole number")
    return value
