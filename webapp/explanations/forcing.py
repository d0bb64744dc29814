"""Sentences for forcing chains and nets: each branch's chain, then what holds either way.

"Cell forcing chain: r3c9 is 4 or 9. If it is 4, singles give r2c7 1 and r1c9 3;
if it is 9, singles give r1c9 3; either way r1c9 is 3."
"""

from __future__ import annotations

from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..sudoku.logic.forcing import branches_of, is_nested, kind_of
from ..sudoku.logic.forcing_search import (
    CELL_CHAIN,
    CELL_NET,
    CONTRADICTION_CHAIN,
    CONTRADICTION_NET,
    EITHER_WAY_NET,
    UNIT_CHAIN,
    UNIT_NET,
)
from ..sudoku.logic.position import Candidate
from ..wording import in_words
from .words import capitalized, cell_name, removals

TITLES = {
    CONTRADICTION_CHAIN: "Forcing chain",
    CELL_CHAIN: "Cell forcing chain",
    UNIT_CHAIN: "Unit forcing chain",
    CELL_NET: "Cell forcing net",
    UNIT_NET: "Unit forcing net",
    EITHER_WAY_NET: "Forcing net",
    CONTRADICTION_NET: "Forcing net",
}


def forcing_title(step: Step) -> str:
    """ "Forcing chain", "Cell forcing net"...: what a forcing step's sentence calls it."""
    return TITLES[kind_of(step)]


def node_words(geometry: Geometry, node: Candidate) -> str:
    """ "r1c9 3" for a placement, "r1c9 not 3" for a removal."""
    cell, value = node
    if value < 0:
        return f"{cell_name(geometry.shape, cell)} not {geometry.shape.symbol(-value)}"
    return f"{cell_name(geometry.shape, cell)} {geometry.shape.symbol(value)}"


def assumption(geometry: Geometry, node: Candidate, mood: str = "is") -> str:
    """ "r3c9 is 4", "r3c9 were not 4"."""
    cell, value = node
    negation = " not" if value < 0 else ""
    return f"{cell_name(geometry.shape, cell)} {mood}{negation} {geometry.shape.symbol(abs(value))}"


def consequences(geometry: Geometry, branch: tuple[Candidate, ...], nets: bool) -> str:
    """What follows an assumption: "singles give r2c7 1 and r1c9 3"; "" when nothing needs to."""
    following = branch[1:]
    if not following:
        return ""
    said = in_words([node_words(geometry, node) for node in following])
    return f"then it follows that {said}" if nets else f"singles give {said}"


def conclusion(geometry: Geometry, step: Step) -> str:
    """ "r1c9 is 3" or "r1c2 is not 5"."""
    if step.placements:
        cell, value = step.placements[0]
        return f"{cell_name(geometry.shape, cell)} is {geometry.shape.symbol(value)}"
    cell, value = step.eliminations[0]
    return f"{cell_name(geometry.shape, cell)} is not {geometry.shape.symbol(value)}"


def dead_end(geometry: Geometry, step: Step) -> str:
    """ "r4c4 would have no value left" or "row 3 would have no place for 9"."""
    if step.contradiction[0] == "cell":
        return f"{cell_name(geometry.shape, int(step.contradiction[1]))} would have no value left"
    _, kind, index, lacking = step.contradiction
    return f"{kind} {index} would have no place for {geometry.shape.symbol(int(lacking))}"


def action(geometry: Geometry, step: Step) -> str:
    """ "remove 5 from r1c2" or "place 3 in r1c9"."""
    if step.placements:
        cell, value = step.placements[0]
        return f"place {geometry.shape.symbol(value)} in {cell_name(geometry.shape, cell)}"
    return removals(geometry, step)


def contradiction_sentence(geometry: Geometry, step: Step) -> str:
    """A chain (or net) from one assumption to a dead end: the assumption is false."""
    return (
        f"{forcing_title(step)}: {_if_then_dead_end(geometry, step)};"
        f" so {conclusion(geometry, step)}: {action(geometry, step)}"
    )


def refutation_sentence(geometry: Geometry, step: Step) -> str:
    """Why a player's value is wrong, from its contradiction step (refutation.py): "If r1c3
    were 8, singles give r1c7 3, and column 8 would have no place for 9; so r1c3 cannot
    be 8." """
    cell, value = step.eliminations[0]
    return (
        f"{capitalized(_if_then_dead_end(geometry, step))};"
        f" so {cell_name(geometry.shape, cell)} cannot be {geometry.shape.symbol(value)}."
    )


def _if_then_dead_end(geometry: Geometry, step: Step) -> str:
    """ "if r1c3 were 8, singles give r1c7 3, and column 8 would have no place for 9"."""
    (branch,) = branches_of(step)
    follows = consequences(geometry, branch, kind_of(step) != CONTRADICTION_CHAIN)
    then = f", {follows}, and" if follows else ","
    return f"if {assumption(geometry, branch[0], 'were')}{then} {dead_end(geometry, step)}"


def either_way_sentence(geometry: Geometry, step: Step) -> str:
    """A cell forcing, unit forcing or either-way chain or net: every branch leads to the same."""
    kind = kind_of(step)
    nets = kind in (CELL_NET, UNIT_NET, EITHER_WAY_NET)
    branches = branches_of(step)
    ending = conclusion(geometry, step)
    opening = f"{TITLES[kind]}: "
    if kind in (CELL_CHAIN, CELL_NET):
        cell = branches[0][0][0]
        options = in_words([geometry.shape.symbol(branch[0][1]) for branch in branches], "or")
        opening += f"{cell_name(geometry.shape, cell)} is {options}. "
    elif kind in (UNIT_CHAIN, UNIT_NET):
        value = geometry.shape.symbol(branches[0][0][1])
        places = in_words([cell_name(geometry.shape, branch[0][0]) for branch in branches], "or")
        opening += f"in {step.units[0][0]} {step.units[0][1]}, {value} goes in {places}. "
    parts = []
    for branch in branches:
        follows = consequences(geometry, branch, nets) or "that alone does it"
        parts.append(f"if {assumption(geometry, branch[0])}, {follows}")
    said = "; ".join(parts)
    return f"{opening}{said[0].upper()}{said[1:]}; either way {ending}: {action(geometry, step)}"


NESTED_NOTE = (
    " (a nested net: a removal may also come from a chain of its own, placing that value"
    " would lead by singles to a dead end)"
)


def cages_note(geometry: Geometry, step: Step) -> str:
    """ " (a removal may also come from a cage's sum: ...)" for a Killer's net that leans on
    cage sums, naming the cages; "" for any other."""
    if not step.cages:
        return ""
    names = in_words([cage.name(geometry.shape.size, capital=False) for cage in step.cages])
    return (
        f" (a removal may also come from a cage's sum, where none of its ways of making it"
        f" gives the cell that value: {names})"
    )


def forcing_sentence(geometry: Geometry, step: Step) -> str:
    """Any forcing chain or net in words, by its kind."""
    said = (
        contradiction_sentence(geometry, step)
        if step.contradiction
        else either_way_sentence(geometry, step)
    )
    said += cages_note(geometry, step)
    return said + NESTED_NOTE if is_nested(step) else said


# slug -> the function that words a step of that technique
SENTENCES: dict[str, Callable[[Geometry, Step], str]] = {"forcing-chain": forcing_sentence}
