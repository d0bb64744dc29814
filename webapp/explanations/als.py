"""Sentences for almost locked sets and sue de coq.

An almost locked set (ALS) is named by its cells and unit: "r1c1, r1c2 and r1c5
(row 1)", k cells that hold k + 1 values between them. A step keeps the sets'
cells (by role), their units, the linking values (`digits`) and the removals;
the removed values are the z of the reasoning.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from ..sudoku.geometry import Geometry
from ..sudoku.logic import Step
from ..wording import in_words
from .words import cell_name, removals, unit_name

COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(number: int) -> str:
    """A small number in words: "four"."""
    return COUNTS[number] if number < len(COUNTS) else str(number)


def _cells_by_role(geometry: Geometry, step: Step) -> dict[str, list[str]]:
    """Each role's cell names, in the step's order."""
    found: dict[str, list[str]] = defaultdict(list)
    for cell, role in step.cells:
        found[role].append(cell_name(geometry.shape, cell))
    return found


def _removed(geometry: Geometry, step: Step) -> list[str]:
    """The symbols of the removed values, each once, in order."""
    return [
        geometry.shape.symbol(value) for value in sorted({value for _, value in step.eliminations})
    ]


def _each(symbols: list[str]) -> str:
    """ "7", or "each of 3 and 7": the removed values as the subject of "must be in"."""
    return symbols[0] if len(symbols) == 1 else f"each of {in_words(symbols)}"


def _als(cells: list[str], unit: tuple[str, int]) -> str:
    """ "r1c1, r1c2 and r1c5 (row 1, four values)": an ALS with how many values it holds."""
    return f"{in_words(cells)} ({unit_name(unit)}, {_count(len(cells) + 1)} values)"


def als_xz_sentence(geometry: Geometry, step: Step) -> str:
    """ALS-XZ: one set of the two lacks the common value, so the other values are shared out."""
    roles = _cells_by_role(geometry, step)
    first, second = _als(roles["als-a"], step.units[0]), _als(roles["als-b"], step.units[1])
    links = [geometry.shape.symbol(value) for value in step.digits]
    intro = (
        f"ALS-XZ: {first} and {second} each hold one value more than they have cells, so"
        f" if either loses a value it is locked on the rest."
    )
    if len(links) == 1:
        x, zs = links[0], _removed(geometry, step)
        return (
            f"{intro} Every {x} of one sees every {x} of the other, so at most one of them"
            f" holds {x}; the one without {x} is locked, so {_each(zs)}, in both sets,"
            f" must be in one of them: {removals(geometry, step)}"
        )
    x, y = links
    return (
        f"{intro} Every {x} of one set sees every {x} of the other, and so does every {y},"
        f" so neither value can be in both sets; as neither set can lose two values, each"
        f" loses exactly one of {x} and {y}: both sets are locked on their other values,"
        f" and {x} and {y} are each in one of them: {removals(geometry, step)}"
    )


def als_xy_wing_sentence(geometry: Geometry, step: Step) -> str:
    """ALS-XY-wing: the pivot set cannot lose both links, so one wing set is locked."""
    roles = _cells_by_role(geometry, step)
    a, b, c = (
        _als(roles[role], unit)
        for role, unit in zip(("als-a", "als-b", "als-c"), step.units, strict=True)
    )
    x, y = (geometry.shape.symbol(value) for value in step.digits)
    zs = _each(_removed(geometry, step))
    return (
        f"ALS-XY-wing: three sets each hold one value more than they have cells: A = {a},"
        f" B = {b} and C = {c}. Every {x} of A sees every {x} of C, and every {y} of B every"
        f" {y} of C, so no {x} can be in both A and C, and no {y} in both B and C. C cannot"
        f" lose both {x} and {y}, so A lacks {x} or B lacks {y}, and that set is locked on"
        f" its other values: {zs}, in both A and B, must be in one of them:"
        f" {removals(geometry, step)}"
    )


def als_chain_sentence(geometry: Geometry, step: Step) -> str:
    """ALS chain: if the first set lacked z, each set in turn would be locked, and the last
    would hold z."""
    roles = _cells_by_role(geometry, step)
    count = len(step.units)
    sets = [_als(roles[f"als-{k + 1}"], step.units[k]) for k in range(count)]
    links = [geometry.shape.symbol(value) for value in step.digits]
    zs = in_words(_removed(geometry, step), "or")
    chain = sets[0] + "".join(
        f", linked by {link} to {als}" for link, als in zip(links, sets[1:], strict=True)
    )
    return (
        f"ALS chain: {chain}; each set holds one value more than it has cells, and no"
        f" linking value can be in both sets it links. If the first set had no {zs}, it"
        f" would be locked and hold {links[0]}; then the second would lack {links[0]} and be"
        f" locked, and so on along the chain, until the last would be locked and hold"
        f" {zs}. So {zs} is in the first set or the last: {removals(geometry, step)}"
    )


def death_blossom_sentence(geometry: Geometry, step: Step) -> str:
    """Death blossom: whatever the stem is, one petal is locked and holds z."""
    roles = _cells_by_role(geometry, step)
    (stem,) = roles["stem"]
    values = [geometry.shape.symbol(value) for value in step.digits]
    zs = in_words(_removed(geometry, step))
    petals = [
        f"if it is {value}, the set {_als(roles[f'petal-{k + 1}'], step.units[k])} loses"
        f" its {value}"
        for k, value in enumerate(values)
    ]
    return (
        f"Death blossom: {stem} can only be {in_words(values, 'or')}: {'; '.join(petals)}."
        f" Each of these sets holds one value more than it has cells, so the one that"
        f" loses a value is locked on the rest, and each has {zs} among its values:"
        f" whatever {stem} is, {zs} is in one of them: {removals(geometry, step)}"
    )


def sue_de_coq_sentence(geometry: Geometry, step: Step) -> str:
    """Sue de coq: the crossing cells and two sets beside them hold as many values as cells."""
    roles = _cells_by_role(geometry, step)
    line, box = (unit_name(unit) for unit in step.units)
    core = roles["intersection"]
    values = in_words([geometry.shape.symbol(value) for value in step.digits])
    line_set, box_set = in_words(roles["line-set"]), in_words(roles["box-set"])
    count = _count(len(core) + len(roles["line-set"]) + len(roles["box-set"]))
    return (
        f"Sue de coq: {in_words(core)}, where {line} meets {box}, hold {values} between"
        f" them. With {line_set} from the rest of {line} and {box_set} from the rest of"
        f" {box}, which share no value, these {count} cells hold just {count} values."
        f" Every place among them for a value of {line_set} lies in {line}, for a value of"
        f" {box_set} in {box}, and for any other only in the crossing cells: so no value"
        f" can fill two of these cells, and each of the {count} values fills one. So the"
        f" values of {line_set}, and those of the crossing cells that {box_set} lacks, go"
        f" from the rest of {line}; the values of {box_set}, and those of the crossing"
        f" cells that {line_set} lacks, from the rest of {box}: {removals(geometry, step)}"
    )


# slug -> the function that words a step of that technique
SENTENCES: dict[str, Callable[[Geometry, Step], str]] = {
    "als-xz": als_xz_sentence,
    "als-xy-wing": als_xy_wing_sentence,
    "als-chain": als_chain_sentence,
    "death-blossom": death_blossom_sentence,
    "sue-de-coq": sue_de_coq_sentence,
}
