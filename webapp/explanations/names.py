"""What a person calls each technique and each role a cell plays in one."""

from __future__ import annotations

from ..sudoku.logic import Step
from .chains import NAMES as CHAIN_NAMES
from .forcing import forcing_title

# Names that do not follow from the slug by dropping its hyphens.
TECHNIQUE_NAMES = {
    "x-wing": "X-wing",
    "finned-x-wing": "Finned X-wing",
    "sashimi-x-wing": "Sashimi X-wing",
    "xy-wing": "XY-wing",
    "xyz-wing": "XYZ-wing",
    "w-wing": "W-wing",
    "wxyz-wing": "WXYZ-wing",
    "bug-plus-1": "BUG+1",
    "als-xz": "ALS-XZ",
    "als-xy-wing": "ALS-XY-wing",
    "als-chain": "ALS chain",
    "sue-de-coq": "Sue de Coq",
    "simple-colors": "Simple colouring",
    "multi-colors": "Multi-colouring",
    "unique-rectangle-1": "Unique rectangle type 1",
    "unique-rectangle-2": "Unique rectangle type 2",
    "unique-rectangle-3": "Unique rectangle type 3",
    "unique-rectangle-4": "Unique rectangle type 4",
    "relation-pair": "Related pair",
    "line-sum": "Sum line",
    "line-rule": "Line rule",
    "cell-rule": "Marked cell",
    "cage-last-cell": "Last cage cell",
    "cage-combinations": "Cage combination",
    "rule-of-45": "Rule of 45",
    "rule-of-45-combinations": "Rule of 45 with combinations",
    "cage-unit-overlap": "Cage/unit overlap",
    "unit-cage-overlap": "Unit/cage overlap",
    "unit-combinations": "Unit combination",
    "cage-splitting": "Cage splitting",
    "split-combinations": "Split combination",
    "cage-comparison": "Cage comparison",
    **CHAIN_NAMES,
}

# Techniques named after a person keep their capitals mid-sentence.
PROPER_NAMES = {"Sue de Coq"}

# What each role of a pattern's cells is called on a board's key, in the order keys list them.
ROLE_NAMES = {
    "base": "the pattern",
    "pivot": "pivot",
    "pincer": "pincer",
    "wing": "wing",
    "wing-z": "wing cell that can hold the removed value",
    "fin": "fin",
    "link": "strong link",
    "rectangle": "empty rectangle",
    "floor": "floor of the rectangle",
    "roof": "roof of the rectangle",
    "subset": "the subset it makes",
    "color-a": "one colour",
    "color-b": "the other colour",
    "color-c": "a second cluster's colour",
    "color-d": "its other colour",
    "node": "chain node",
    "group": "grouped chain node",
    "contradiction-chain": "chain that runs into a contradiction",
    "intersection": "intersection",
    "box-set": "box cells",
    "innie": "leftover of the lines",
    "outie": "leftover of the regions",
    "cage-innie": "innie: in the units counted, in no cage counted",
    "cage-outie": "outie: in a cage counted, outside the units counted",
    "rest": "cell of the unit in none of the cages",
    "cage-split": "the split cage's other part",
    "cage-outside": "cell of the cage outside the unit",
    "cage-compared": "the cage compared",
    "line-set": "line cells",
    "als-a": "almost locked set A",
    "als-b": "almost locked set B",
    "target": "cell the step changes",
}


def technique_name(slug: str) -> str:
    """ "Hidden single", "X-wing", "Unique rectangle type 2" for a technique's slug."""
    return TECHNIQUE_NAMES.get(slug) or slug.replace("-", " ").capitalize()


def step_name(step: Step) -> str:
    """What a step is called where it is shown: its technique's name, or for a forcing step
    the kind its sentence names ("Cell forcing net"), so a heading never says "chain" over
    a net."""
    if step.technique == "forcing-chain":
        return forcing_title(step)
    return technique_name(step.technique)


def role_name(role: str) -> str:
    """ "pivot", "fin", "almost locked set 2" for a role a cell plays."""
    if role in ROLE_NAMES:
        return ROLE_NAMES[role]
    kind, _, number = role.rpartition("-")
    if kind == "als" and number.isdigit():
        return f"almost locked set {number}"
    return role.replace("-", " ")


def with_article(name: str) -> str:
    """ "a hidden single", "an X-wing", "a unique rectangle type 1": the article the name's
    sound takes, and the name in lower case unless it is an initialism or a person's."""
    first = name.split("-")[0].split()[0]
    spelled = len(first) == 1 or first.isupper()  # X-wing, XY-wing, ALS-XZ, BUG+1
    if spelled:
        vowel_sound = first[0] in "AEFHILMNORSX"
    else:
        vowel_sound = first[0] in "AEIOUaeiou" and not first.lower().startswith("uni")
    shown = name if spelled or name in PROPER_NAMES else name[0].lower() + name[1:]
    return f"{'an' if vowel_sound else 'a'} {shown}"
