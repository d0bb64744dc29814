"""The rule of 45 with combinations: a count's innies and outies balanced together with the
ways of filling the cages they lie in.

The rule of 45 (innies_outies.py) balances a count's open innies and outies by their
candidates alone: "r3c4 + r3c5 make 7". An expert Killer solver then asks more of each
value tried: r3c4 as 2 leaves its cage of 15 in three cells two cells making 13, and
if their candidates cannot make 13 the 2 is out, though 2 + 5 balances the count. So
here a filling of the count's open cells must balance it (different values where cells
see each other) and leave every cage holding one of them a way of making its sum: a
candidate no such filling gives its cell goes. Where the rule of 45 stops at four open
cells (each count's arithmetic alone), this goes to six: the cages' ways leave each
cell few values, and a search remembered by what it still needs stays short.

Stuck Killer paths were profiled for this (issue 37): of 60 layouts whose path jumped
from cage arithmetic (3.6 at most) straight to chains (7.0 and more), 43 had such a
step, which the rule of 45 and a cage's combinations, each alone, do not see.

Rated on Sudoku Explainer's scale by how much is held in mind at once: the count's
arithmetic and, for each value tried, each cage's ways that are left: 4.2 for two open
cells, as an XY-wing's three cells linked two by two, 0.1 more for a third and a
fourth, 0.2 more for a fifth and a sixth (4.8 at most), and 0.2 more over several
units, as for the rule of 45. All of them in the expert band (above 4.0, up to 6.0),
below the chains (6.5 and more), which is where an expert Killer solver uses them.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from .cage_combinations import cage_states, fillings
from .innies_outies import count_step, open_counts
from .position import Position, bits_of
from .step import Step

SLUG = "rule-of-45-combinations"
RULE_OF_45_COMBINATIONS = {2: 4.2, 3: 4.3, 4: 4.4, 5: 4.6, 6: 4.8}
MOST_OPEN = max(RULE_OF_45_COMBINATIONS)
# Options (a cage's values for its counted cells, or a lone cell's value) tried in one
# count before it is left alone: most counts take tens to hundreds; this bounds a rare
# count of wide candidates, and counts, never times, so a path is the same everywhere.
MOST_TRIED = 20_000
FILLINGS_KEPT = 1 << 14
# Bits a cell's values take in an option packed in one int (values up to 25, bit v each).
WIDTH = 32


@lru_cache(maxsize=FILLINGS_KEPT)
def cage_options(
    lacking: int, masks: tuple[int, ...], counted: tuple[bool, ...]
) -> tuple[tuple[int, ...], ...]:
    """The values a cage's `counted` open cells (candidates `masks`) take in the ways of
    making `lacking` that the cage's other open cells can complete, each once."""
    places = tuple(at for at, flag in enumerate(counted) if flag)
    rest = tuple(mask for mask, flag in zip(masks, counted, strict=True) if not flag)
    found: set[tuple[int, ...]] = set()
    for way in fillings(lacking, masks)[0]:
        found.update(_shares(way, tuple(masks[at] for at in places), rest))
    return tuple(sorted(found))


def _shares(way: int, counted: tuple[int, ...], rest: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """The values of `way` that cells with candidates `counted` can take, one each, leaving
    values the cells with candidates `rest` can take, one each."""
    if not counted:
        if not rest or fillings(sum(bits_of(way)), tuple(mask & way for mask in rest))[0]:
            yield ()
        return
    for value in bits_of(counted[0] & way):
        for share in _shares(way & ~(1 << value), counted[1:], rest):
            yield (value, *share)


@lru_cache(maxsize=FILLINGS_KEPT)
def joint_balances(
    target: int,
    signs: tuple[int, ...],
    seen: tuple[int, ...],
    groups: tuple[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]], ...],
) -> tuple[int, ...] | None:
    """For cells in `groups` (each: its cells' places, and the values they can take
    together: a cage's options, or one cell's candidates), each counted with its sign (+1
    or -1), cell i seeing the cells of bit j in `seen[i]`: the values each cell takes in
    some filling whose signed sum is `target`, seeing cells holding different values.
    None when more than MOST_TRIED options would be tried."""
    count = len(signs)
    sums = [
        [
            sum(signs[place] * value for place, value in zip(places, option, strict=True))
            for option in options
        ]
        for places, options in groups
    ]
    # reachable[i]: the sums groups i on can add up to (seeing cells aside): a filling
    # whose rest cannot reach the target is cut at once
    reachable: list[frozenset[int]] = [frozenset({0})]
    for added in reversed(sums):
        if not added:
            return (0,) * count
        reachable.append(frozenset(a + b for a in set(added) for b in reachable[-1]))
    reachable.reverse()
    # What each cell's group lets it take: once every such value is found in a filling,
    # the count removes nothing its groups do not, and the search stops.
    possible = [0] * count
    for places, options in groups:
        for option in options:
            for place, value in zip(places, option, strict=True):
                possible[place] |= 1 << value
    allowed = [0] * count
    chosen = [0] * count
    tried = 0
    unfound = sum(mask.bit_count() for mask in possible)

    # later[i]: for each cell of groups i on (group i's first), the cells before group i it
    # sees: what a filling of groups i on needs of what came before is the values those
    # hold, so the search is remembered by them (and the total so far)
    later: list[tuple[tuple[int, ...], ...]] = []
    before = 0
    for places, _ in groups:
        later.append(
            tuple(bits_of(seen[place] & before) for ps, _ in groups[len(later) :] for place in ps)
        )
        for place in places:
            before |= 1 << place
    known: dict[tuple[int, int, tuple[int, ...]], bool] = {}
    # Each option's values packed in one int, a field of WIDTH bits a cell: an option
    # clashes with what the cells it sees hold when the packed masks share a bit.
    packed = [
        [
            sum(1 << value << WIDTH * place for place, value in enumerate(option))
            for option in options
        ]
        for _, options in groups
    ]

    def fill(at: int, total: int) -> bool:
        """Fill groups from `at` on, having added up `total`: True when some filling of them
        reaches the target, marking the values each cell takes in one."""
        nonlocal tried, unfound
        if at == len(groups):
            return total == target
        if target - total not in reachable[at]:
            return False
        taken = tuple(_taken(chosen, seeing) for seeing in later[at])
        key = (at, total, taken)
        if key in known:
            return known[key]
        places, options = groups[at]
        held = 0
        for place in range(len(places)):
            held |= taken[place] << WIDTH * place
        worked = False
        last = at + 1 == len(groups)  # no group after: an option fills when it adds up
        for option, added, bits in zip(options, sums[at], packed[at], strict=True):
            tried += 1
            if tried > MOST_TRIED:
                raise _TooMany
            if held & bits:
                continue  # a value a cell it sees already holds
            if last:
                if total + added == target:
                    worked = True
                    for place, value in zip(places, option, strict=True):
                        bit = 1 << value
                        if not allowed[place] & bit:
                            allowed[place] |= bit
                            unfound -= 1
                    if not unfound:
                        raise _AllFound
                continue
            for place, value in zip(places, option, strict=True):
                chosen[place] = value
            if fill(at + 1, total + added):
                worked = True
                for place, value in zip(places, option, strict=True):
                    bit = 1 << value
                    if not allowed[place] & bit:
                        allowed[place] |= bit
                        unfound -= 1
            for place in places:
                chosen[place] = 0
            if not unfound:
                raise _AllFound
        known[key] = worked
        return worked

    try:
        fill(0, 0)
    except _TooMany:
        return None
    except _AllFound:
        return tuple(possible)
    return tuple(allowed)


def _taken(chosen: list[int], cells: tuple[int, ...]) -> int:
    """The values `chosen` for `cells`, as a mask."""
    mask = 0
    for cell in cells:
        mask |= 1 << chosen[cell]
    return mask


class _TooMany(Exception):
    """More than MOST_TRIED options tried in one count."""


class _AllFound(Exception):
    """Every value the cells' groups let them take is in some filling."""


def rule_of_45_combinations(
    position: Position, open_cells: int | None = None, several: bool | None = None
) -> Iterator[Step]:
    """Every count with `open_cells` open innies and outies (any from two to MOST_OPEN when
    None) over one unit or `several` (either when None) whose fillings, balanced and
    leaving each of their cages a way of making its sum, remove a candidate."""
    candidates = position.candidates
    cell_cage = position.geometry.cell_cage
    states = {state.number: state for state in cage_states(position)}
    for count, open_count in open_counts(position, (2, MOST_OPEN), open_cells, several):
        cells, masks = open_count.cells, open_count.masks
        groups: list[tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]] = []
        grouped: set[int] = set()
        for at, cell in enumerate(cells):
            number = cell_cage[cell]
            if at in grouped:
                continue
            if number is None or number not in states:
                groups.append(((at,), tuple((value,) for value in bits_of(masks[at]))))
                continue
            state = states[number]
            places = tuple(cells.index(c) for c in state.open_cells if c in cells)
            grouped.update(places)
            options = cage_options(
                state.lacking,
                tuple(candidates[c] for c in state.open_cells),
                tuple(c in cells for c in state.open_cells),
            )
            groups.append((places, options))
        allowed = joint_balances(
            open_count.target, open_count.signs, open_count.seen, tuple(groups)
        )
        if allowed is None or not all(allowed):
            continue  # too long a search, or no filling fits: a contradiction for others
        found = count_step(
            position,
            count,
            cells,
            allowed,
            open_count.filled,
            SLUG,
            RULE_OF_45_COMBINATIONS,
        )
        if found is not None:
            yield found
