"""Almost locked sets: n cells with n+1 values, one removal away from a locked set."""

from __future__ import annotations

from .family import Family, Lesson

FAMILY = Family(
    "als",
    "Almost locked sets",
    "An almost locked set is n cells of a unit holding n+1 values: take one value away and"
    " the rest is locked. Linking such sets gives strong removals.",
    (
        Lesson(
            "sue-de-coq",
            "A box-line intersection whose values split between the box and the line: each"
            " part's values leave the rest of its unit.",
            builds_on=("locked-pair", "hidden-pair"),
        ),
        Lesson(
            "als-xz",
            "Two almost locked sets sharing a restricted value X: their common value Z"
            " leaves the cells seeing every Z of both.",
            builds_on=("naked-triple", "xy-wing"),
        ),
        Lesson(
            "als-xy-wing",
            "Three almost locked sets, as an XY-wing's cells: the pincer sets' common value"
            " leaves the cells seeing it in both.",
            builds_on=("als-xz",),
        ),
        Lesson(
            "als-chain",
            "A chain of almost locked sets linked by restricted values.",
            builds_on=("als-xy-wing", "aic"),
        ),
        Lesson(
            "death-blossom",
            "A stem cell whose every candidate starts an almost locked set: a value common to"
            " all petals leaves the cells seeing it in each.",
            builds_on=("als-xz",),
        ),
    ),
)
