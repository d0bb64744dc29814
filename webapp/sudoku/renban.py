"""Renban lines: a purple line whose digits are all different and form a run of consecutive
digits, in any order (4, 2, 3 on a line of three).

A renban is kept as relations between every two of its cells, which the thermometers'
machinery keeps (rulebook.py: its registry entry, `every_pair` as the line's pairs and
`in_one_run` as their relation): the digits of a line of n cells are a run exactly when
every two of them differ and are less than n apart (n different digits within a spread of
n - 1 are n consecutive ones), so the search, the counts and the SAT solver keep it
exactly. A renban has no start of note, so it is drawn without a bulb.
"""

from __future__ import annotations

from .thermometers import cell_label, line_problem


def every_pair(cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Every two cells of a renban, each the one nearer its start first."""
    return tuple((cells[i], cells[j]) for i in range(len(cells)) for j in range(i + 1, len(cells)))


def in_one_run(size: int, length: int, nearer: int, further: int) -> bool:
    """Whether two digits on a renban of `length` cells may both be in its run: different
    and less than `length` apart."""
    return nearer != further and abs(nearer - further) < length


def renban_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """What is wrong with a renban over `cells`, or None: a renban of one cell says
    nothing, and its digits all differ, so it has at most `size` cells."""
    if len(cells) == 1 and 0 <= cells[0] < size * size:
        return f"renban at {cell_label(size, cells[0])} has one cell only"
    return line_problem(size, cells, "renban", size, "can differ")
