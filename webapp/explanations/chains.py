"""Sentences for chains and loops: x-chains, xy-chains, remote pairs, nice loops and AICs.

Each sentence walks the chain as a person checks it, one inference at a time:
"if r1c2 is not 5 then r1c7 is 5, so r3c8 is not 5, so r3c8 is 2, ...", then
says what the chain proves and what goes. The chain is read from the step's
`inferences` (each node's cells, value and the link to the next).
"""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..wording import in_words
from .words import cell_name, removals

NAMES = {
    "x-chain": "X-chain",
    "xy-chain": "XY-chain",
    "remote-pair": "Remote pair",
    "aic": "Alternating inference chain",
    "nice-loop": "Nice loop",
    "grouped-aic": "Grouped alternating inference chain",
    "grouped-nice-loop": "Grouped nice loop",
}


def _claim(geometry: Geometry, cells: tuple[int, ...], value: int, true: bool) -> str:
    """ "r1c2 is 5", "r1c2 is not 5", "r1c2 or r1c3 is 5", "neither r1c2 nor r1c3 is 5"."""
    symbol = geometry.shape.symbol(value)
    names = [cell_name(geometry.shape, cell) for cell in cells]
    if len(names) == 1:
        return f"{names[0]} is {symbol}" if true else f"{names[0]} is not {symbol}"
    if true:
        return f"{in_words(names, 'or')} is {symbol}"
    return f"none of {in_words(names, 'and')} is {symbol}"


def _truths(step: Step) -> list[bool]:
    """Whether each node is supposed true as the chain is walked: a strong link makes the
    next node true, a weak one false; a chain that opens on a strong link starts false."""
    links = [link for _, _, link in step.inferences]
    truths = [links[0] == "weak"]
    for link in links[:-1]:
        truths.append(link in ("strong", "als"))
    return truths


def _walk(geometry: Geometry, step: Step) -> str:
    """ "if r1c2 is not 5 then r1c7 is 5, so r3c8 is not 5, so r3c8 is 2".

    After a link through an almost locked set, the set is named: it must hold all its other values.
    """
    claims = []
    through = 0
    previous = ""
    for (cells, value, link), true in zip(step.inferences, _truths(step), strict=True):
        claim = _claim(geometry, cells, value, true)
        if previous == "als":
            through += 1
            members = [
                cell_name(geometry.shape, c) for c, role in step.cells if role == f"als-{through}"
            ]
            claim = (
                f"the almost locked set {in_words(members)} must then hold all its other"
                f" values, so {claim}"
            )
        claims.append(claim)
        previous = link
    first, *rest = claims
    return f"if {first} then " + ", so ".join(rest)


def chain_sentence(geometry: Geometry, step: Step) -> str:
    """Any chain or loop in words: the walk, what it proves, and what goes."""
    name = NAMES.get(step.technique, step.technique)
    (first_cells, first_value, first_link) = step.inferences[0]
    (last_cells, last_value, last_link) = step.inferences[-1]
    walk = _walk(geometry, step)
    if step.technique == "remote-pair":
        pair = in_words(
            [geometry.shape.symbol(v) for v in sorted({v for _, v, _ in step.inferences})]
        )
        return (
            f"{name} on {pair}: {walk}; the two ends are an odd number of cells apart, so"
            f" one holds each of {pair}, and cells that see both can hold neither:"
            f" {removals(geometry, step)}"
        )
    if last_link == "weak":
        return (
            f"{name}: {walk}, and so back to the start: the loop holds whichever way round"
            f" it is read, so in each weak link exactly one side is true, and what sees"
            f" both sides of one cannot be: {removals(geometry, step)}"
        )
    if first_link == "weak":
        target = _claim(geometry, first_cells, first_value, False)
        return f"{name}: {walk}, a contradiction; so {target}: {removals(geometry, step)}"
    if (first_cells, first_value) == (last_cells, last_value):
        start = _claim(geometry, first_cells, first_value, True)
        return f"{name}: {walk}; so {start} in any case: {removals(geometry, step)}"
    one = _claim(geometry, first_cells, first_value, True)
    other = _claim(geometry, last_cells, last_value, True)
    return (
        f"{name}: {walk}; so {one} or {other}, and either way a candidate"
        f" ruled out by both cannot be true: {removals(geometry, step)}"
    )


# slug -> the function that words a step of that technique
SENTENCES: dict[str, Callable[[Geometry, Step], str]] = dict.fromkeys(NAMES, chain_sentence)
