"""Levels: five bands of Sudoku Explainer's scale, named for players, by a puzzle's rating.

A puzzle's rating is the difficulty of the hardest step on its easiest-first path
(path.py). A level is the band that rating falls in: above the top of the level
before it, up to its own top.
"""

from __future__ import annotations

LEVELS = (
    (1.5, "easy"),  # full houses and hidden singles
    (2.8, "medium"),  # naked singles and locked candidates
    (4.0, "hard"),  # pairs, x-wings, triples, swordfish
    (6.0, "expert"),  # quads, jellyfish, wings and uniqueness
    (float("inf"), "extreme"),  # chains, nets and forcing
)

LEVEL_NAMES = tuple(name for _, name in LEVELS)


def level_of(rating: float) -> str:
    """The level name of a rating: easy, medium, hard, expert or extreme."""
    return next(name for top, name in LEVELS if rating <= top)


def band(level: str) -> tuple[float, float]:
    """The ratings a level holds: above the first number, up to and including the second."""
    tops = [top for top, _ in LEVELS]
    place = LEVEL_NAMES.index(level)
    return (tops[place - 1] if place else float("-inf"), tops[place])
