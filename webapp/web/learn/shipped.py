"""The practice bank shipped in the package (webapp/sudoku/lessons/bank.json), and what the
learn pages ask of it: a technique's positions on a size, one by its seed, and its step."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from ...sudoku.lessons import Bank, BankEntry
from ...sudoku.lessons.checker import Attempt, instances_of
from ...sudoku.logic import Step, next_step
from ...sudoku.logic.techniques import LISTED

BANK_PACKAGE = "webapp.sudoku.lessons"
BANK_FILE = "bank.json"

# The sizes practice is offered on, the usual one first.
SIZES = (9, 6, 4)

# Each technique's ratings on Sudoku Explainer's scale: its easiest and hardest listings.
RATINGS: dict[str, tuple[float, float]] = {}
for _slug, _difficulty, _ in LISTED:
    _low, _high = RATINGS.get(_slug, (_difficulty, _difficulty))
    RATINGS[_slug] = (min(_low, _difficulty), max(_high, _difficulty))


@lru_cache(maxsize=1)
def shipped_bank() -> Bank:
    """The bank as shipped, read once per process."""
    text = resources.files(BANK_PACKAGE).joinpath(BANK_FILE).read_text(encoding="utf-8")
    return Bank.from_text(text)


def sizes_of(slug: str) -> tuple[int, ...]:
    """The sizes the bank has positions of `slug` on, the usual one first."""
    bank = shipped_bank()
    return tuple(size for size in SIZES if bank.of(size, slug))


def positions(slug: str, size: int) -> tuple[BankEntry, ...]:
    """The bank's positions of `slug` on grids of `size`."""
    return shipped_bank().of(size, slug)


@lru_cache(maxsize=1024)
def step_of(entry: BankEntry) -> Step:
    """The step the entry stores, as the engine finds it there (cells, roles and all)."""
    stored = Attempt(frozenset(entry.eliminations), frozenset(entry.placements))
    position = entry.position()
    for step in instances_of(position, entry.technique):
        if Attempt.of_step(step) == stored:
            return step
    found = next_step(position)  # the bank's tests say this never happens
    if found is None:
        raise LookupError(f"{entry.source}: no step found where the bank has one")
    return found
