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
            what="Suppose a candidate true and follow what must then follow, single by"
            " single. Three kinds of result are proofs. If the supposition ends in a dead end"
            " (a cell with no candidate, or a unit with no place for a value), the candidate"
            " is false. If every candidate of one cell leads to the same placement or removal,"
            " it holds. If every place of a value in one unit leads to the same result, it"
            " holds too.",
            why="One of a cell's candidates is its value, and one of a value's places in a"
            " unit holds it. So when every one of them leads to the same result, the result"
            " follows from whichever is true. A supposition that forces a dead end cannot be"
            " the solution's, so it is false.",
            spot="By hand, choose a cell with two candidates (or a value with two places in a"
            " unit) in a crowded part of the grid, and follow both branches a few singles"
            " deep, noting what each places. A cell both branches fill alike is solved.",
            variations="Forcing nets also follow intersections and suppose a candidate false"
            " as well as true; nested nets use short forcing chains inside their branches."
            " Each longer kind rates higher, up to the hardest puzzles known.",
            elsewhere="Cell forcing chain, unit (or region) forcing chain, Nishio or"
            " contradiction chain, dynamic forcing chain; Sudoku Explainer rates them 7.5 to"
            " 11 and more.",
            builds_on=("aic",),
        ),
    ),
)
