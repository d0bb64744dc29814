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

# Worked examples a lesson shows from the 9x9 bank, and from each smaller size it has.
EXAMPLES = 2

# Practice positions a technique is meant to have on a size (the bank command's --per): a
# technique with fewer says how many are known, as the sources walked hold no more.
PRACTICE_WANTED = 20

# The lessons with fewer than EXAMPLES worked examples, and why: the bank's sources never
# have the technique as the easiest step there. The page says so in these words, and a test
# keeps the list to exactly those lessons.
WITHOUT_EXAMPLES = {
    "line-rule": "The bank holds no between-line puzzles (the generator does not make"
    " them), so no position of its own has a line rule's step to show.",
    "cell-rule": "The bank holds no puzzles with even or odd cells yet (the generator does"
    " not make them), so no position of its own has a marked cell's step to show.",
    "line-sum": "The bank holds no arrow puzzles yet (the generator does not make them), so"
    " no position of its own has a sum line's step to show.",
    "skyscraper": "A skyscraper is never the easiest step here: its two strong links, offset"
    " at one end, are also a sashimi X-wing (3.5), which is looked for first; no skyscraper"
    " that the X-wing missed was met on any board walked.",
    "remote-pair": "A remote pair is never the easiest step here: each two cells of it that"
    " see each other are first a naked pair (3.0), and once those pairs are applied its"
    " links are strong links of each of its two values, so simple colours (4.5) remove"
    " everything it removes.",
    "nice-loop": "A nice loop is never the easiest step: what it removes an alternating"
    " inference chain of no more links removes too, and chains are looked for first, so the"
    " solver names a loop only when asked for one by name.",
    "grouped-nice-loop": "A grouped nice loop is never the easiest step: what it removes a"
    " grouped chain of no more links removes too, and chains are looked for first, so the"
    " solver names a loop only when asked for one by name.",
    "als-xy-wing": "Rare as the easiest step: a grouped chain (7.1), which may run through"
    " almost locked sets, or an ALS-XZ (7.5), looked for first, finds nearly every one first;"
    " none was met on the puzzles walked, the hardest lists included.",
    "als-chain": "Rare as the easiest step: a grouped chain (7.1) or a shorter set of almost"
    " locked sets, looked for first, finds nearly every one first; none was met on the"
    " puzzles walked.",
    "death-blossom": "Rare as the easiest step: the almost-locked-set techniques and chains"
    " rated below it (8.5) find nearly every one first; one was met on the puzzles walked,"
    " in the forum's list of puzzles rated 11 or more.",
    "rule-of-45-combinations": "Not the easiest step on any Killer walked (the generator's,"
    " up to hard): the plain rule of 45 and the combinations of one cage decide them first."
    " Harder Killers are slow to make and were not walked.",
}

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


def examples_of(slug: str) -> tuple[BankEntry, ...]:
    """The positions a lesson works through: EXAMPLES from its first size, one from each
    other size, and the first on each variant board where it reads differently."""
    shown: list[BankEntry] = []
    for size in sizes_of(slug):
        shown += positions(slug, size)[: EXAMPLES if size == 9 or not shown else 1]
    return (*shown, *variant_examples(slug))


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
