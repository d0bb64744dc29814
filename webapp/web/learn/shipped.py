"""The practice bank shipped in the package (webapp/sudoku/lessons/bank.json), and what the
learn pages ask of it: a technique's positions on a size, one by its seed, and its step.

A technique is practised on classic boards; one that only a variant has (the law of
leftovers, a Killer's cage techniques) on that variant's boards. The examples of a technique
on variant boards where it reads differently are the lessons' alone."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from ...sudoku.lessons import Bank, BankEntry
from ...sudoku.lessons.bank import CLASSIC_KINDS
from ...sudoku.lessons.checker import Attempt, instances_of
from ...sudoku.logic import Step, next_step
from ...sudoku.logic.techniques import LISTED, ONLY_WHERE
from ...sudoku.logic.uniqueness import TECHNIQUES as UNIQUENESS

BANK_PACKAGE = "webapp.sudoku.lessons"
BANK_FILE = "bank.json"

# The sizes practice is offered on, the usual one first.
SIZES = (9, 6, 4)

# Each technique's ratings on Sudoku Explainer's scale: its easiest and hardest listings.
RATINGS: dict[str, tuple[float, float]] = {}
for _slug, _difficulty, _ in LISTED:
    _low, _high = RATINGS.get(_slug, (_difficulty, _difficulty))
    RATINGS[_slug] = (min(_low, _difficulty), max(_high, _difficulty))


# The techniques only a variant's boards have: the Jigsaw's and the Killer's own (uniqueness
# techniques are barred from Killers, not kept to them).
VARIANT_ONLY = frozenset(ONLY_WHERE) - {slug for slug, _, _ in UNIQUENESS}


@lru_cache(maxsize=1)
def shipped_bank() -> Bank:
    """The bank as shipped, read once per process."""
    text = resources.files(BANK_PACKAGE).joinpath(BANK_FILE).read_text(encoding="utf-8")
    return Bank.from_text(text)


def sizes_of(slug: str) -> tuple[int, ...]:
    """The sizes the bank has practice positions of `slug` on, the usual one first."""
    return tuple(size for size in SIZES if positions(slug, size))


@lru_cache(maxsize=512)
def positions(slug: str, size: int) -> tuple[BankEntry, ...]:
    """The bank's practice positions of `slug` on grids of `size`: on classic boards, or on
    the variant's boards for a technique only a variant has."""
    bank = shipped_bank()
    if slug not in VARIANT_ONLY:
        return bank.of(size, slug)
    return tuple(
        entry
        for kind, variant in bank.variants(slug)
        if kind == size
        for entry in bank.of(size, slug, variant)
    )


def variant_examples(slug: str) -> tuple[BankEntry, ...]:
    """The bank's positions of `slug` on variant boards where the classic board has it too:
    the first of each variant board, to show how it reads there."""
    bank = shipped_bank()
    if slug in VARIANT_ONLY:
        return ()
    return tuple(bank.of(size, slug, variant)[0] for size, variant in bank.variants(slug))


@lru_cache(maxsize=1024)
def step_of(entry: BankEntry) -> Step:
    """The step the entry stores, as the engine finds it there (cells, roles and all)."""
    stored = Attempt(frozenset(entry.eliminations), frozenset(entry.placements))
    position = entry.position()
    matching = [
        step for step in instances_of(position, entry.technique) if Attempt.of_step(step) == stored
    ]
    if matching:
        # a single may be hidden in a row and in a Jigsaw region at once: on a variant board
        # the bank kept it for the variant's own unit, so that is the one drawn
        return max(
            matching, key=lambda step: sum(kind not in CLASSIC_KINDS for kind, _ in step.units)
        )
    found = next_step(position)  # the bank's tests say this never happens
    if found is None:
        raise LookupError(f"{entry.source}: no step found where the bank has one")
    return found
