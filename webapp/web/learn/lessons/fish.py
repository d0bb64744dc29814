"""Fish: n lines where a value's places all fall in n crossing lines, finned or not."""

from __future__ import annotations

from .family import Family, Lesson

BASIC_WHY = (
    "Each base line must hold the value once, in one of the cover lines. So the base lines"
    " put the value in as many different cover lines as there are base lines, which is"
    " every cover line: each cover line gets its copy from a base line, and none of its"
    " other cells can hold the value."
)
FINNED_WHY = (
    "Either the value is in one of the fin cells, or it is not. If it is not, the pattern is"
    " a plain fish and the value leaves the cover lines outside the base lines. If it is,"
    " the value leaves every cell that sees the fin. A cell that is in both groups, a cover"
    " line's cell in the fin's box, loses the value either way."
)
FINNED_SPOT = (
    "Look for a fish that almost works: one base line has an extra candidate or two (the"
    " fin) in a box next to a cover line. Only the cover line's cells inside the fin's box"
    " can lose the value."
)
SASHIMI_NOTE = (
    " In a sashimi fish the base line with the fin has no candidate left at its corner of the"
    " pattern: the fish would be incomplete without the fin, yet the same reasoning holds."
)


def _basic(slug: str, size: int, name: str, builds_on: tuple[str, ...]) -> Lesson:
    """A plain fish of `size` base lines."""
    return Lesson(
        slug,
        f"A value's places in {size} rows lie in the same {size} columns (or the other way"
        f" round): it leaves those columns' other cells.",
        what=f"Pick a value. If in {size} rows (the base lines) the value can only go in the"
        f" same {size} columns (the cover lines), the value is removed from every other cell"
        f" of those {size} columns. The same holds with rows and columns swapped.",
        why=BASIC_WHY,
        spot=f"Work one value at a time. Find rows where the value has only two or three"
        f" places, and see whether {size} of them use only {size} columns between them."
        " Then the columns are covered: strike the value from them outside the rows.",
        variations="A fin (an extra place in one base line) makes it finned, or sashimi"
        " when a corner is missing. Fish come in sizes: X-wing (2), swordfish (3),"
        " jellyfish (4).",
        elsewhere=f"The {name} is a basic fish of size {size}; the family's names come from"
        " the shapes their candidates make on the grid.",
        builds_on=builds_on,
    )


def _finned(slug: str, size: int, sashimi: bool, builds_on: tuple[str, ...]) -> Lesson:
    """A finned or sashimi fish of `size` base lines."""
    kind = "sashimi" if sashimi else "finned"
    return Lesson(
        slug,
        f"A {size}-line fish with a fin: the value leaves the cover cells that also see the fin.",
        what=f"A {kind} fish is a fish of {size} base lines where one base line also has"
        " the value in a cell or two outside the cover lines, all in one box: the fin. The"
        " value is removed from the cover lines' cells that see every fin cell.",
        why=FINNED_WHY + (SASHIMI_NOTE if sashimi else ""),
        spot=FINNED_SPOT,
        variations="The fin may have one or two cells. With more base lines it becomes a"
        " finned swordfish or jellyfish.",
        builds_on=builds_on,
    )


FAMILY = Family(
    "fish",
    "Fish",
    "One value, many lines: when a value's places in some rows fall in as many columns,"
    " those columns' other cells cannot hold it.",
    (
        _basic("x-wing", 2, "X-wing", ("claiming",)),
        _finned("finned-x-wing", 2, False, ("x-wing",)),
        _finned("sashimi-x-wing", 2, True, ("finned-x-wing",)),
        _basic("swordfish", 3, "swordfish", ("x-wing",)),
        _finned("finned-swordfish", 3, False, ("swordfish", "finned-x-wing")),
        _finned("sashimi-swordfish", 3, True, ("finned-swordfish",)),
        _basic("jellyfish", 4, "jellyfish", ("swordfish",)),
        _finned("finned-jellyfish", 4, False, ("jellyfish", "finned-swordfish")),
        _finned("sashimi-jellyfish", 4, True, ("finned-jellyfish",)),
    ),
)
