"""What a solved game offers next: a new puzzle of the same variant, size and level, made by
/new (the level is the one the puzzle's rating names); where /new cannot make one of those,
its form with the size and variant chosen."""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ...jobs.orders import CLASSIC, read_order
from ...sudoku import Puzzle
from ...sudoku.generator import OrderError
from ...sudoku.generator.generate import JIGSAW, KILLER, variants
from ...sudoku.rulebook import RULE_KINDS
from ..generated_puzzles import DEFAULT_SYMMETRY, variant_labels
from ..rating_view import Rating


@dataclass(frozen=True)
class NextPuzzle:
    """The link to the next puzzle and its words ("Next hard Killer puzzle")."""

    words: str
    href: str


def variant_of(puzzle: Puzzle) -> str | None:
    """The variant /new would make `puzzle` as (a name of generate.variants()), None when it
    makes none such (X-Sudoku and Windoku at once, say)."""
    rules = puzzle.rules
    if rules.cages:
        return KILLER if not rules.extras and not rules.regions else None
    if rules.regions:
        return JIGSAW if not rules.extras else None
    if rules.marks:  # made with every mark given, of one family's kinds, and nothing else
        letters = tuple(marks.letter for marks in rules.marks)
        all_given = all(marks.all_given for marks in rules.marks)
        if rules.extras or not all_given:
            return None
        made = (name for name, kinds in variants().items() if kinds and RULE_KINDS[kinds[0]].marked)
        return next((name for name in made if set(variants()[name]) >= set(letters)), None)
    if rules.lines:  # made with the lines of one lined kind, and nothing else
        kinds = tuple(dict.fromkeys(line.letter for line in rules.lines))
        made_of = (name for name, letters in variants().items() if letters == kinds)
        return next(made_of, None) if not rules.extras else None
    return next((name for name, extras in variants().items() if extras == rules.extras), None)


def next_puzzle(puzzle: Puzzle, rating: Rating | None) -> NextPuzzle:
    """The offer of a new puzzle like `puzzle` at the level its `rating` names."""
    variant = variant_of(puzzle) or CLASSIC
    size = str(puzzle.size)
    label = "" if variant == CLASSIC else f" {variant_labels()[variant]}"
    level = rating.level if rating is not None and rating.rated else None
    if level is not None:
        try:
            read_order(size, level, DEFAULT_SYMMETRY, "0", variant)
        except OrderError:
            level = None  # no such puzzle is made: the form offers what is
    if level is None:
        href = url_for("new.form", size=size, variant=variant)
        return NextPuzzle(f"Choose a new{label} puzzle", href)
    href = url_for("new.form", size=size, level=level, variant=variant, make=1)
    return NextPuzzle(f"Next {level}{label} puzzle", href)
