"""Forcing: try each way a cell or unit can go; what every way agrees on is true."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "forcing",
    "Forcing chains and nets",
    "The last resort before guessing: follow each possibility of a cell or a unit to its"
    " consequences; what they all lead to holds, and what leads to a contradiction is false.",
    (
        Lesson(
            "forcing-chain",
            "Every candidate of a cell (or every place of a value) forces the same result, or"
            " one candidate forces a contradiction.",
            builds_on=("aic",),
        ),
    ),
)
