"""A generator's order as a code: what names a generate job, its shared result and its link.

The code is the order's stable link after /new/, "size/level/symmetry/seed", for example
9/extreme/rotational/12345, with the variant first for any but a classic puzzle:
jigsaw/9/hard/rotational/12345. The generator is deterministic, so a code names one puzzle
(or one honest "none found") wherever and whenever it is made.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from ..sudoku.generator import LARGEST_SEED, Order, OrderError
from ..sudoku.whole_numbers import read_whole_number

CLASSIC = "classic"  # the variant an order's code leaves unsaid

# Digits a seed may have: LARGEST_SEED has 19.
SEED_DIGITS = len(str(LARGEST_SEED))


def order_code(order: Order) -> str:
    """The code of `order`: [variant/]size/level/symmetry/seed."""
    variant = "" if order.variant == CLASSIC else f"{order.variant}/"
    return f"{variant}{order.size}/{order.level}/{order.symmetry}/{order.seed}"


class OrderChoices(TypedDict):
    """The choices of an order the form of new puzzles is given: no variant for classic."""

    variant: NotRequired[str]
    size: int
    level: str
    symmetry: str


class OrderParts(OrderChoices):
    """The parts of an order's link, by the names its route gives them (for url_for)."""

    seed: int


def order_parts(order: Order) -> OrderParts:
    """The parts of `order`'s link, by the names its route gives them (for url_for); a
    classic order's link has no variant part."""
    if order.variant == CLASSIC:
        return {
            "size": order.size,
            "level": order.level,
            "symmetry": order.symmetry,
            "seed": order.seed,
        }
    return {
        "variant": order.variant,
        "size": order.size,
        "level": order.level,
        "symmetry": order.symmetry,
        "seed": order.seed,
    }


def read_order(size: str, level: str, symmetry: str, seed: str, variant: str = CLASSIC) -> Order:
    """The order the parts of a code or link spell (level, symmetry and variant in any
    case); OrderError naming the first part that is not one."""
    size_number = read_whole_number(size, 2)
    if size_number is None:
        raise OrderError(f"size must be a whole number such as 9, not {size[:20]!r}")
    seed_number = read_whole_number(seed, SEED_DIGITS)
    if seed_number is None:
        raise OrderError(f"seed must be a whole number from 0 to {LARGEST_SEED}, not {seed[:30]!r}")
    parts = (level.lower()[:30], symmetry.lower()[:30], seed_number)
    return Order(size_number, *parts, variant=variant.lower()[:30])


def order_of(code: str) -> Order:
    """The order a code names; OrderError when it does not name one."""
    parts = code.split("/")
    if len(parts) == 5 and read_whole_number(parts[0], 2) is None and parts[0] != CLASSIC:
        variant, size, level, symmetry, seed = parts
        return read_order(size, level, symmetry, seed, variant)
    if len(parts) != 4:
        raise OrderError(f"an order is [variant/]size/level/symmetry/seed, not {code[:60]!r}")
    return read_order(*parts)
