"""Practice: one bank position chosen by technique, size and seed; a player's answer read from
the page's form or the API's JSON; the checker's verdict in words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...explanations.names import with_article
from ...explanations.words import capitalized, cell_name
from ...sudoku import Shape, solve
from ...sudoku.lessons import Attempt, BankEntry, Judgement, JudgementKind, check_answer
from ...sudoku.logic import Position
from ...wording import in_words
from .lessons import LESSONS
from .shipped import SIZES, positions, sizes_of

Candidate = tuple[int, int]

# The most items one answer may name: more than any grid has candidates is not an answer.
MOST_ITEMS = 25 * 25 * 25


class PracticeError(ValueError):
    """A practice request that names no position, or an answer that cannot be read: its
    message says what and where; `status` is the HTTP status to answer with."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


@dataclass(frozen=True)
class Chosen:
    """A practice position: the technique, the size, the seed and how many there are."""

    slug: str
    size: int
    seed: int
    count: int
    entry: BankEntry

    @property
    def next_seed(self) -> int:
        """The seed of the next position (round to the first after the last)."""
        return (self.seed + 1) % self.count

    @property
    def places(self) -> bool:
        """True when the answer places values (a single), False when it removes candidates."""
        return bool(self.entry.placements) and not self.entry.eliminations

    def position(self) -> Position:
        """The position to practise on."""
        return self.entry.position()


def choose(slug: str, size_text: object, seed_text: object) -> Chosen:
    """The position of `slug` on `size_text` (default: the first size it has) at
    `seed_text` (default 0), each a query's text or a JSON number; PracticeError naming
    what is unknown or out of range."""
    if slug not in LESSONS:
        raise PracticeError(f"There is no technique called {slug[:40]!r} to practise.", 404)
    sizes = sizes_of(slug)
    if not sizes:
        raise PracticeError(f"No practice position is known yet for {slug}.", 404)
    size = sizes[0] if size_text in (None, "") else _whole("size", size_text)
    if size not in sizes:
        offered = ", ".join(str(offered) for offered in sizes)
        raise PracticeError(
            f"size must be one of {offered} for {slug} (the sizes with practice positions),"
            f" not {size}.",
            404 if size in SIZES else 400,
        )
    found = positions(slug, size)
    seed = 0 if seed_text in (None, "") else _whole("seed", seed_text)
    if not 0 <= seed < len(found):
        raise PracticeError(
            f"seed must be from 0 to {len(found) - 1}: {slug} has {len(found)} positions on"
            f" a {size}x{size}.",
            404,
        )
    return Chosen(slug, size, seed, len(found), found[seed])


def _whole(name: str, text: object) -> int:
    """`text` as a whole number (an int, or its digits); PracticeError naming `name`."""
    if isinstance(text, int) and not isinstance(text, bool) and text >= 0:
        return text
    if isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 6:
        return int(text)
    raise PracticeError(f"{name} must be a whole number, not {str(text)[:20]!r}.")


def read_ticks(shape: Shape, ticks: Sequence[str]) -> frozenset[Candidate]:
    """The candidates a form's ticks name ("cell-value", 0-based cell, value 1..N);
    PracticeError naming the first that is not one."""
    if len(ticks) > MOST_ITEMS:
        raise PracticeError(f"The answer names {len(ticks)} candidates; a grid has fewer.")
    found = set()
    for tick in ticks:
        cell_text, _, value_text = tick.partition("-")
        if not (cell_text.isdigit() and value_text.isdigit() and len(tick) <= 8):
            raise PracticeError(f"The answer's tick {tick[:20]!r} is not a candidate.")
        cell, value = int(cell_text), int(value_text)
        if not (0 <= cell < shape.cell_count and 1 <= value <= shape.size):
            raise PracticeError(f"The answer's tick {tick[:20]!r} is off the grid.")
        found.add((cell, value))
    return frozenset(found)


def read_items(shape: Shape, name: str, items: object) -> frozenset[Candidate]:
    """The candidates a JSON list names as [row, column, symbol] (1-based, as the hint API
    writes them); PracticeError naming the field and the item that is not one."""
    if items is None:
        return frozenset()
    if not isinstance(items, list) or len(items) > MOST_ITEMS:
        raise PracticeError(f"{name} must be a list of [row, column, value] items.")
    n = shape.size
    found = set()
    for place, item in enumerate(items, start=1):
        if not (isinstance(item, list) and len(item) == 3):
            raise PracticeError(f"{name} item {place} must be [row, column, value].")
        row, column, symbol = item
        value = _value(shape, symbol)
        fits = all(isinstance(x, int) and not isinstance(x, bool) for x in (row, column))
        if not fits or not (1 <= row <= n and 1 <= column <= n) or value is None:
            raise PracticeError(
                f"{name} item {place} ({str(item)[:30]}) is not a row and column from 1 to"
                f" {n} and a value from {shape.symbol_range}."
            )
        found.add(((row - 1) * n + column - 1, value))
    return frozenset(found)


def _value(shape: Shape, symbol: object) -> int | None:
    """The value a symbol (or a number) stands for on `shape`, None when none."""
    if isinstance(symbol, int) and not isinstance(symbol, bool):
        return symbol if 1 <= symbol <= shape.size else None
    if isinstance(symbol, str) and len(symbol) == 1 and symbol.upper() in shape.symbols:
        return shape.symbols.index(symbol.upper()) + 1
    return None


def checked(chosen: Chosen, answer: Attempt) -> Judgement:
    """The checker's verdict on `answer` in the chosen position (its solution known)."""
    puzzle = chosen.entry.parsed()
    return check_answer(chosen.position(), chosen.slug, answer, solve(puzzle).solution)


@dataclass(frozen=True)
class VerdictWords:
    """The verdict as a page and the API say it."""

    kind: JudgementKind
    headline: str
    details: tuple[str, ...]


def verdict_words(shape: Shape, verdict: Judgement, name: str) -> VerdictWords:
    """What to tell the player about `verdict` on a `name` practice."""
    if verdict.kind == JudgementKind.RIGHT:
        return VerdictWords(verdict.kind, f"Right: that is {name}.", ())
    if verdict.kind == JudgementKind.PARTIAL:
        details = tuple(_said(shape, verdict.missing, "It also removes", "It also places"))
        return VerdictWords(
            verdict.kind, "Partly right: what you chose is right, but not all.", details
        )
    which = capitalized(with_article(name))
    details = tuple(
        _said(shape, verdict.wrong, f"{which} here does not remove", f"{which} here does not place")
    )
    details += tuple(
        _said(
            shape,
            verdict.untrue,
            "Each of these is its cell's value in the solution, so it stays:",
            "Wrong values (the solution has others there):",
        )
    )
    return VerdictWords(verdict.kind, "Not right.", details)


def _said(shape: Shape, items: Attempt, removing: str, placing: str) -> Iterable[str]:
    """`items` in sentences: "<removing> 5 from r1c2 and r3c4", "<placing> 7 in r5c5"."""
    for opening, candidates, joint in (
        (removing, items.eliminations, "from"),
        (placing, items.placements, "in"),
    ):
        if candidates:
            yield f"{opening} {_listed(shape, candidates, joint)}."


def _listed(shape: Shape, candidates: frozenset[Candidate], joint: str) -> str:
    """ "5 from r1c2 and r3c4, 7 from r9c9", grouped by value."""
    by_value: dict[int, list[str]] = {}
    for cell, value in sorted(candidates, key=lambda candidate: (candidate[1], candidate[0])):
        by_value.setdefault(value, []).append(cell_name(shape, cell))
    return ", ".join(
        f"{shape.symbol(value)} {joint} {in_words(cells)}" for value, cells in by_value.items()
    )
