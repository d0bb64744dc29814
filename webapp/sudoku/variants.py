"""A variant named in words and a region map typed by a person, read into a puzzle's Rules.

Glossary:
- variant name: words for the rules, joined by "-", "+", "," or spaces, in any order:
  "classic", "x" (X-Sudoku; also "diagonal"), "windoku" (also "hyper", "w"),
  "anti-knight", "anti-king" (each kind's words are in the registry, rulebook.py), "jigsaw"
  (also "irregular", "j"), "killer" (also "k"); "sudoku" may follow any of them
  ("x-sudoku"). So "jigsaw-x", "x-windoku", "killer-x" and "jigsaw-killer" each name two
  kinds of rules at once;
- region labels: one label per cell, any letters or digits, the same label the same region;
  as one string (spaces and line breaks between labels are skipped; labels of more than one
  character, such as 10 to 16, are separated by spaces) or as a list of rows, each a
  string or a list of labels.

The API, the CLI and the form all read a variant through `rules_named`, so one name means
one set of rules everywhere, and a bad name or map gets one message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .cage_input import cages_named
from .errors import PuzzleError
from .labels import Labels, region_labels
from .puzzle import Puzzle, Rules
from .regions import region_map
from .rulebook import JIGSAW_WORD, KILLER_WORD, RULE_KINDS, RuleKind, grid_kinds
from .shape import Shape

JIGSAW = JIGSAW_WORD
KILLER = KILLER_WORD
CLASSIC = "classic"
SEPARATORS = re.compile(r"[-+,\s]+")


def words() -> dict[str, str]:
    """Each word a variant name may hold, and the rules' letter it stands for ("" for none):
    the rule kinds' words from the registry (rulebook.py, read when asked, so a kind
    registered in a test counts), a Jigsaw's and a Killer's."""
    return _words(grid_kinds())


# Worked out once per state of the registry (a test may register a kind): a form's page
# reads a few thousand names.
@lru_cache(maxsize=4)
def _words(kinds: tuple[RuleKind, ...]) -> dict[str, str]:
    """words() of the registry holding `kinds`."""
    return {
        CLASSIC: "",
        "sudoku": "",
        **{word.replace("-", ""): kind.letter for kind in kinds for word in kind.words},
        JIGSAW: JIGSAW,
        "irregular": JIGSAW,
        "j": JIGSAW,
        KILLER: KILLER,
        "k": KILLER,
    }


def names() -> str:
    """The names a message offers: each rule kind's first word (rulebook.py), then a
    Jigsaw's and a Killer's."""
    return (
        f"{CLASSIC}, {', '.join(kind.word for kind in grid_kinds())}, {JIGSAW} and"
        f" {KILLER}, or several joined by - (jigsaw-x, x-windoku, killer-x)"
    )


def joined_words() -> tuple[tuple[re.Pattern[str], str], ...]:
    """A kind's words with a hyphen ("anti-knight"), written with any separators in its
    place, each with the one word it is read as before a name is split at its separators."""
    return _joined_words(grid_kinds())


@lru_cache(maxsize=4)
def _joined_words(kinds: tuple[RuleKind, ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """joined_words() of the registry holding `kinds`."""
    return tuple(
        (
            re.compile(r"\b" + SEPARATORS.pattern.join(map(re.escape, word.split("-"))) + r"\b"),
            word.replace("-", ""),
        )
        for kind in kinds
        for word in kind.words
        if "-" in word
    )


@dataclass(frozen=True)
class Offered:
    """A variant a form offers: the name rules_named reads, what its menu says, and whether
    it takes a region map (a Jigsaw) or a cage map (a Killer)."""

    value: str
    label: str

    @property
    def regions(self) -> bool:
        """True when it needs a region map."""
        return JIGSAW in self.value.split("-")

    @property
    def cages(self) -> bool:
        """True when it needs a cage map."""
        return KILLER in self.value.split("-")


def offered_variants() -> tuple[Offered, ...]:
    """The variants a form offers, in its menu's order: classic, each rule kind alone, a
    Jigsaw and the kinds it joins, the kinds joined with each other, a Killer and the kinds
    it joins, a Jigsaw Killer (the joins are the registry's, rulebook.py)."""
    kinds = list(grid_kinds())
    found = [Offered(CLASSIC, "Classic")]
    found += [Offered(kind.word, kind.name) for kind in kinds]
    found.append(Offered(JIGSAW, "Jigsaw"))
    found += [
        Offered(f"{JIGSAW}-{kind.word}", f"Jigsaw + {kind.short_name}")
        for kind in kinds
        if JIGSAW in kind.joins
    ]
    found += [
        Offered(f"{kind.word}-{other.word}", f"{kind.short_name} + {other.short_name}")
        for kind in kinds
        for other in (RULE_KINDS[letter] for letter in kind.joins if letter in RULE_KINDS)
    ]
    found.append(Offered(KILLER, "Killer"))
    found += [
        Offered(f"{KILLER}-{kind.word}", f"Killer + {kind.short_name}")
        for kind in kinds
        if KILLER in kind.joins
    ]
    found.append(Offered(f"{JIGSAW}-{KILLER}", "Jigsaw + Killer"))
    return tuple(found)


def variant_label(value: str) -> str:
    """What a form's menu calls the variant `value` names (offered_variants), else the
    rules' own name ("Anti-Knight Anti-King"); PuzzleError for a name of no rules."""
    for offered in offered_variants():
        if offered.value == value:
            return offered.label
    letters = variant_letters(value)
    kinds = "".join(letter for letter in letters if letter not in (JIGSAW, KILLER))
    words = ["Jigsaw"] if JIGSAW in letters else []
    words += ["Killer"] if KILLER in letters else []
    return " + ".join([*words, *(RULE_KINDS[letter].short_name for letter in kinds)])


def variant_value(rules: Rules) -> str:
    """The name of `rules` that rules_named reads back and a form's menu offers where it
    does ("jigsaw-x", "anti-knight"): a Jigsaw's and a Killer's words, then each kind's."""
    named = [JIGSAW] if rules.regions else []
    named += [KILLER] if rules.cages else []
    named += [RULE_KINDS[letter].word for letter in rules.extras]
    value = "-".join(named) or CLASSIC
    # the menu's names put a kind's joins in its own order ("x-windoku", "killer-x")
    for offered in offered_variants():
        if sorted(offered.value.split("-")) == sorted(value.split("-")):
            return offered.value
    return value


def rules_named(
    variant: str | None, regions: Labels | None, shape: Shape, cages: object = None
) -> Rules:
    """The rules `variant` names for a grid of `shape`, with the region map `regions` (region
    labels, see the glossary) for a jigsaw and `cages` (cage_input.py) for a killer; None or
    "" for any means none. PuzzleError starting "variant:", "regions:" or "cages:" says what
    is wrong and where."""
    letters = variant_letters(CLASSIC if variant is None or variant == "" else variant)
    killer = KILLER in letters
    has_cages = cages is not None and cages != "" and cages != []
    if killer and not has_cages:
        raise PuzzleError(
            'cages: a killer needs its cages, a list of {"cells": [...], "sum": 10} or a cage'
            " map with its sums"
        )
    if has_cages and not killer:
        raise PuzzleError("cages: only a killer has cages; name the variant killer")
    found_cages = cages_named(cages, shape) if has_cages else ()
    letters = [letter for letter in letters if letter != KILLER]
    jigsaw = JIGSAW in letters
    has_regions = regions is not None and regions != "" and regions != []
    if jigsaw and not has_regions:
        raise PuzzleError(
            f"regions: a jigsaw needs its region map, one label per cell ({shape.cell_count}"
            f" for a {shape.name} grid)"
        )
    if has_regions and not jigsaw:
        raise PuzzleError("regions: only a jigsaw has a region map; name the variant jigsaw")
    labels = region_labels(regions, shape.size) if jigsaw and regions is not None else []
    try:
        found = region_map(shape.size, labels) if labels else ()
    except PuzzleError as error:
        raise PuzzleError(f"regions: {error.message}", cells=error.cells) from None
    extras = "".join(letter for letter in letters if letter != JIGSAW)
    cage_size = shape.size if found_cages else 0
    rules = Rules.from_letters(extras, found, found_cages, cage_size).fitted(shape)
    reason = rules.unfit(shape)
    if reason:
        raise PuzzleError(f"variant: {reason}")
    return rules


def variant_letters(variant: object) -> list[str]:
    """The rules' letters (and JIGSAW, KILLER) a variant name holds; PuzzleError for a word
    none has, or rules named twice."""
    if not isinstance(variant, str):
        raise PuzzleError(f"variant: a name, one of {names()}")
    text = variant.strip().lower()
    for spelled, word in joined_words():
        text = spelled.sub(word, text)
    known = words()
    found = [word for word in SEPARATORS.split(text) if word]
    unknown = [word for word in found if word not in known]
    if unknown:
        raise PuzzleError(f"variant: {unknown[0][:30]!r} is not a variant; name {names()}")
    letters = [known[word] for word in found if known[word]]
    if CLASSIC in found and letters:
        raise PuzzleError("variant: classic cannot be joined with other rules")
    if len(set(letters)) != len(letters):
        raise PuzzleError("variant: the name gives the same rules twice")
    return letters


def puzzle_with(
    puzzle: Puzzle, variant: str | None, regions: Labels | None, cages: object = None
) -> Puzzle:
    """`puzzle` under the rules `variant`, `regions` and `cages` name (rules_named), as it is
    when all are None; PuzzleError when they are bad, or are not the rules its share code
    names."""
    if variant is None and regions is None and cages is None:
        return puzzle
    rules = rules_named(variant, regions, puzzle.shape, cages)
    if not puzzle.rules.classic and rules != puzzle.rules:
        raise PuzzleError(
            f"variant: the puzzle's share code names {puzzle.rules.name}, not {rules.name}"
        )
    return Puzzle(puzzle.grid, rules)
