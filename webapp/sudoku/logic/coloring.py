"""Colouring: one value's strong links, two colours, and what the colours rule out.

A strong link is a unit where the value has exactly two places: one of the two
holds it. Strong links sharing cells make a cluster; colouring its cells in
turn with two colours, each link joins two colours, so one colour holds the
value in every one of its cells and the other in none (a cluster that cannot
be two-coloured is left alone: only a broken grid makes one).

- simple colours, wrap (HoDoKu 0501): two cells of one colour see each other,
  so that colour is false: the value goes from all its cells;
- simple colours, trap (HoDoKu 0500): a cell outside the cluster that sees
  both colours cannot hold the value, whichever colour is true. A wrapped
  cluster gives only its wrap (as in HoDoKu): placing its true colour clears
  the trap's cells anyway;
- multi colours, two clusters A and B of the same value: a colour of A that
  sees both colours of B would leave B no true colour, so it is false and goes
  from all its cells (HoDoKu's Multi-Colors 2, 0503); and when colour a1 of A
  sees colour b1 of B, they are not both true, so a2 or b2 is: any cell but
  theirs that sees both a2 and b2 loses the value, a1's own cells included
  (Multi-Colors 1, 0502).

Sudoku Explainer has no colouring (it finds the same as chains, 6.5 and up).
Rated here above the single-digit patterns it generalises (a skyscraper is two
strong links of one cluster) and the empty rectangle (4.3): simple colours 4.5
(one cluster), multi colours 4.7 (two clusters to hold in mind at once).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .memo import each_value
from .position import Position
from .single_digit import strong_links
from .step import TARGET, Step

Finder = Callable[[Position], Iterator[Step]]

SIMPLE_COLORS = 4.5
MULTI_COLORS = 4.7
# Roles of a cluster's cells: its first colour and its second; in multi colours
# the second cluster's are "color-c" and "color-d". The first colour is the one
# the step is about: the false colour of a wrap or of a colour seeing both of
# another cluster's, and in the other multi-colours step, colour a sees colour c.
COLORS = ("color-a", "color-b", "color-c", "color-d")


@dataclass(frozen=True)
class Cluster:
    """A connected set of strong links on one value, its cells in two colours."""

    colors: tuple[tuple[int, ...], tuple[int, ...]]
    units: tuple[tuple[str, int], ...]  # the units of its strong links

    def starting_with(self, side: int) -> Cluster:
        """The same cluster with colour `side` first (the one a step is about)."""
        first, second = self.colors[side], self.colors[1 - side]
        return Cluster((first, second), self.units)

    @property
    def cells(self) -> frozenset[int]:
        """Every cell of the cluster."""
        return frozenset(self.colors[0] + self.colors[1])


def clusters(position: Position, value: int) -> list[Cluster]:
    """The value's two-coloured clusters of strong links, in the order of their first cell."""
    links: dict[int, list[int]] = {}
    link_units: dict[frozenset[int], tuple[str, int]] = {}
    for unit, (a, b), _ in strong_links(position, value, None):
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
        link_units.setdefault(frozenset((a, b)), (unit.kind, unit.index))
    found: list[Cluster] = []
    color: dict[int, int] = {}
    for start in sorted(links):
        if start in color:
            continue
        color[start] = 0
        members, queue, bipartite = [start], [start], True
        while queue:
            cell = queue.pop()
            for other in links[cell]:
                if other not in color:
                    color[other] = 1 - color[cell]
                    members.append(other)
                    queue.append(other)
                elif color[other] == color[cell]:
                    bipartite = False
        if not bipartite:
            continue
        chosen = set(members)
        units = tuple(unit for pair, unit in link_units.items() if pair <= chosen)
        first = tuple(sorted(cell for cell in members if color[cell] == 0))
        second = tuple(sorted(cell for cell in members if color[cell] == 1))
        found.append(Cluster((first, second), units))
    return found


def _roles(*clustered: Cluster) -> tuple[tuple[int, str], ...]:
    """The clusters' cells with their colours as roles."""
    return tuple(
        (cell, COLORS[2 * number + side])
        for number, cluster in enumerate(clustered)
        for side in (0, 1)
        for cell in cluster.colors[side]
    )


def _sees_any(position: Position, cell: int, cells: tuple[int, ...]) -> bool:
    """True when `cell` sees one of `cells`."""
    return not position.geometry.peers[cell].isdisjoint(cells)


def _step(slug: str, value: int, clustered: tuple[Cluster, ...], removed: list[int]) -> Step:
    """A colouring step removing `value` from `removed`."""
    difficulty = SIMPLE_COLORS if slug == "simple-colors" else MULTI_COLORS
    units = tuple(dict.fromkeys(unit for cluster in clustered for unit in cluster.units))
    return Step(
        slug,
        difficulty,
        (value,),
        _roles(*clustered) + tuple((cell, TARGET) for cell in removed),
        units,
        eliminations=tuple((cell, value) for cell in removed),
    )


def simple_colors(position: Position) -> Iterator[Step]:
    """Every simple-colours wrap and trap that removes a candidate."""
    return each_value("simple-colors", position, _simple_colors)


def _simple_colors(position: Position, value: int) -> Iterator[Step]:
    """The simple-colours wraps and traps of one value."""
    open_cells = [cell for cell, mask in enumerate(position.candidates) if mask >> value & 1]
    for cluster in clusters(position, value):
        wrapped = False
        for side, color in enumerate(cluster.colors):
            # wrap: a colour seeing itself is false
            if any(_sees_any(position, cell, color) for cell in color):
                wrapped = True
                yield _step("simple-colors", value, (cluster.starting_with(side),), list(color))
        if wrapped:
            continue  # the wrap settles the cluster: its true colour clears a trap's cells
        first, second = cluster.colors
        members = cluster.cells
        removed = [
            cell
            for cell in open_cells
            if cell not in members
            and _sees_any(position, cell, first)
            and _sees_any(position, cell, second)
        ]
        if removed:
            yield _step("simple-colors", value, (cluster,), removed)


def _sees_color(position: Position, color: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """True when some cell of `color` sees some cell of `other`."""
    return any(_sees_any(position, cell, other) for cell in color)


def multi_colors(position: Position) -> Iterator[Step]:
    """Every multi-colours step (a colour seeing both of another cluster's, or two seeing)."""
    return each_value("multi-colors", position, _multi_colors)


def _multi_colors(position: Position, value: int) -> Iterator[Step]:
    """The multi-colours steps of one value."""
    found = clusters(position, value)
    open_cells = [cell for cell, mask in enumerate(position.candidates) if mask >> value & 1]
    for a in found:
        for b in found:
            if a is b:
                continue
            for side in (0, 1):
                color = a.colors[side]
                # this colour true would make both of b's colours false
                if all(_sees_color(position, color, other) for other in b.colors):
                    yield _step("multi-colors", value, (a.starting_with(side), b), list(color))
            if a.colors[0] > b.colors[0]:
                continue  # the pair of clusters is looked at once for seeing colours
            yield from _seeing_colors(position, value, (a, b), open_cells)


def _seeing_colors(
    position: Position, value: int, pair: tuple[Cluster, Cluster], open_cells: list[int]
) -> Iterator[Step]:
    """Steps from a colour of one cluster seeing a colour of the other."""
    a, b = pair
    for side_a in (0, 1):
        for side_b in (0, 1):
            if not _sees_color(position, a.colors[side_a], b.colors[side_b]):
                continue
            # those two are not both true, so one of the opposite colours is
            true_a, true_b = a.colors[1 - side_a], b.colors[1 - side_b]
            # cells of the seeing colours may be targets too (as in HoDoKu)
            removed = [
                cell
                for cell in open_cells
                if cell not in true_a
                and cell not in true_b
                and _sees_any(position, cell, true_a)
                and _sees_any(position, cell, true_b)
            ]
            # removing exactly the seeing colour would read as the other kind of step
            # (a colour seeing both of another's): rare, and left for that finder
            if removed and set(removed) != set(a.colors[side_a]):
                seeing = (a.starting_with(side_a), b.starting_with(side_b))
                yield _step("multi-colors", value, seeing, removed)


# (slug, difficulty, finder) for each technique of this family; techniques.py orders them all.
TECHNIQUES: tuple[tuple[str, float, Finder], ...] = (
    ("simple-colors", SIMPLE_COLORS, simple_colors),
    ("multi-colors", MULTI_COLORS, multi_colors),
)
