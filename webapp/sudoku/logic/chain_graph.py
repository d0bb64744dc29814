"""The graph chains walk: nodes that may be true or false, and the inferences between them.

A node is a value in one cell (a candidate), or, in grouped chains, a value in
a group: the 2 or more cells of one unit's intersection with another (a box
and a line) that still hold it. A group is "true" when one of its cells holds
the value.

Two kinds of link, each only ever drawn where it holds in every solution:
- strong (if one node is false, the other is true): the two nodes are all the
  places a value has left in a unit, or the two values of a bivalue cell;
- weak (if one node is true, the other is false): two values of one cell, or
  one value in two disjoint nodes that lie together in one unit.

Which nodes and links a graph holds is chosen by the finder: one value only
(x-chains), bivalue cells only (xy-chains, remote pairs), every candidate
(AICs, nice loops), and groups on top (grouped chains).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import NamedTuple

from ..geometry import Geometry, per_geometry
from .chain_als import almost_locked_sets, link_through_set
from .position import Candidate, Position, bits_of

STRONG = "strong"
WEAK = "weak"


class Node(NamedTuple):
    """A value in one cell, or in a group of cells of one unit's intersection with another."""

    cells: tuple[int, ...]
    value: int

    @property
    def is_group(self) -> bool:
        """True for a group of cells, false for a single candidate."""
        return len(self.cells) > 1


@per_geometry
def intersections(geometry: Geometry) -> tuple[tuple[int, ...], ...]:
    """The sets of two or more cells two units share (a box and a line), each once."""
    found: set[tuple[int, ...]] = set()
    for first, second in combinations(geometry.units, 2):
        shared = set(first.cells) & set(second.cells)
        if len(shared) >= 2:
            found.add(tuple(sorted(shared)))
    return tuple(sorted(found))


@dataclass
class Graph:
    """Nodes numbered from 0, with each node's strong and weak neighbours by number."""

    position: Position
    nodes: list[Node] = field(default_factory=list)
    number: dict[tuple[tuple[int, ...], int], int] = field(default_factory=dict)
    # each node's strong and weak neighbours, as masks of node numbers (bit n: node n)
    strong: list[int] = field(default_factory=list)
    weak: list[int] = field(default_factory=list)
    # strong links that hold through an almost locked set: (from, to) -> the set's cells
    through_set: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    killed: dict[int, frozenset[Candidate]] = field(default_factory=dict)  # killed_by, kept
    # what each node kills as one int, bit `value * cells + cell` for a candidate; and for
    # each such bit's place, the nodes killing it (a mask of node numbers)
    _kills: list[int] = field(default_factory=list)
    _killers: dict[int, int] = field(default_factory=dict)

    def add(self, node: Node) -> int:
        """The node's number, adding it if new."""
        key = (node.cells, node.value)
        if key not in self.number:
            self.number[key] = len(self.nodes)
            self.nodes.append(node)
            self.strong.append(0)
            self.weak.append(0)
        return self.number[key]

    def link(self, links: list[int], first: int, second: int) -> None:
        """Record a link both ways."""
        links[first] |= 1 << second
        links[second] |= 1 << first

    def killed_by(self, number: int) -> frozenset[Candidate]:
        """The candidates that cannot be true if this node is: those it is weakly linked to."""
        if number not in self.killed:
            self.killed[number] = self._killed_by(number)
        return self.killed[number]

    def meeting(self, number: int) -> int:
        """The nodes with a strong link (a chain's nodes all have one) that kill a candidate
        this node kills too, as a mask of node numbers: the ends that make a chain from this
        node worth showing."""
        if not self._kills:
            self._kills = [self._kill_mask(node) for node in self.nodes]
            killers = self._killers
            for other, kills in enumerate(self._kills):
                if not self.strong[other]:
                    continue
                bit = 1 << other
                while kills:
                    low = kills & -kills
                    kills ^= low
                    place = low.bit_length()
                    killers[place] = killers.get(place, 0) | bit
        found, kills, killers = 0, self._kills[number], self._killers
        while kills:
            low = kills & -kills
            kills ^= low
            found |= killers.get(low.bit_length(), 0)
        return found

    def _kill_mask(self, node: Node) -> int:
        """What `killed_by` gives, as one int: bit `value * cells + cell` for (cell, value)."""
        position = self.position
        peers, stride = position.geometry.peer_masks, len(position.candidates)
        value = node.value
        seeing = position.value_cells[value]
        for cell in node.cells:
            seeing &= peers[cell]
        found = seeing << value * stride
        if not node.is_group:
            (cell,) = node.cells
            for other in bits_of(position.candidates[cell] & ~(1 << value)):
                found |= 1 << (other * stride + cell)
        return found

    def _killed_by(self, number: int) -> frozenset[Candidate]:
        """killed_by, read off the node's kill mask (bit `value * cells + cell`)."""
        stride = len(self.position.candidates)
        kills = self._kill_mask(self.nodes[number])
        return frozenset((place % stride, place // stride) for place in bits_of(kills))


def build_graph(
    position: Position,
    values: tuple[int, ...] | None = None,
    cells: Callable[[int], bool] | None = None,
    in_cell: bool = True,
    in_units: bool = True,
    groups: bool = False,
    unit_strong: bool = True,
    almost_locked: bool = False,
) -> Graph:
    """The graph of the candidates of `values` in the cells `cells` accepts (all by default).

    `in_cell` draws the links between two values of a cell (strong in a bivalue
    cell), `in_units` the links along units (strong ones too with `unit_strong`);
    `groups` adds group nodes, `almost_locked` nodes and links through almost
    locked sets (see chain_als).
    """
    graph = Graph(position)
    masks = position.candidates
    wanted = values or tuple(range(1, position.size + 1))
    chosen = places = 0  # the values wanted, and the cells with one of them, as masks
    for value in wanted:
        chosen |= 1 << value
        places |= position.value_cells[value]
    open_cells = [cell for cell in bits_of(places) if cells is None or cells(cell)]
    for cell in open_cells:
        for value in bits_of(masks[cell] & chosen):
            graph.add(Node((cell,), value))
    if groups:
        for shared in intersections(position.geometry):
            for value in wanted:
                holding = tuple(c for c in shared if masks[c] >> value & 1)
                if len(holding) >= 2 and (cells is None or all(cells(c) for c in holding)):
                    graph.add(Node(holding, value))
    sets = almost_locked_sets(position) if almost_locked else []
    sides = []  # for each set, its node of each of its values
    for set_cells, set_mask in sets:
        here = []
        for value in bits_of(set_mask):
            if value in wanted:
                holding = tuple([c for c in set_cells if masks[c] >> value & 1])
                here.append(graph.add(Node(holding, value)))
        sides.append(here)
    if in_cell:
        _link_cells(graph, open_cells)
    if in_units:
        _link_units(graph, wanted, unit_strong)
    for (set_cells, _), here in zip(sets, sides, strict=True):
        link_through_set(graph, set_cells, here)
    return graph


def _link_cells(graph: Graph, open_cells: list[int]) -> None:
    """Weak links between a cell's values; strong too when the cell has only two."""
    for cell in open_cells:
        mask = graph.position.candidates[cell]
        here = [graph.number[((cell,), v)] for v in bits_of(mask) if ((cell,), v) in graph.number]
        for first, second in combinations(here, 2):
            graph.link(graph.weak, first, second)
            if mask.bit_count() == 2:
                graph.link(graph.strong, first, second)


def _link_units(graph: Graph, values: tuple[int, ...], strong: bool) -> None:
    """Links along each unit: weak between disjoint nodes in it, strong between two that fill it."""
    position = graph.position
    unit_numbers = position.geometry.cell_unit_numbers
    unit_masks = position.geometry.unit_masks
    # the nodes of each value lying wholly in each unit, by unit number and value
    inside: dict[tuple[int, int], list[int]] = {}
    grouped: set[tuple[int, int]] = set()  # the (unit, value)s with a group node
    for number, (cells, value) in enumerate(graph.nodes):
        if len(cells) == 1:
            for place in unit_numbers[cells[0]]:
                inside.setdefault((place, value), []).append(number)
            continue
        first, *rest = cells
        for place in unit_numbers[first]:
            if all(place in unit_numbers[cell] for cell in rest):
                inside.setdefault((place, value), []).append(number)
                grouped.add((place, value))
    places, weak = position.value_cells, graph.weak
    cells_of: list[int] = []  # each node's cells as a mask, once a group needs them
    for (place, value), members in inside.items():
        if len(members) < 2:
            continue
        every = places[value] & unit_masks[place]  # every place the value has in the unit
        if (place, value) not in grouped:
            # single cells only: each sees all the others, and two fill the unit when
            # the value has just those two places in it
            together = 0
            for number in members:
                together |= 1 << number
            for number in members:
                weak[number] |= together & ~(1 << number)
            if strong and len(members) == 2 and every.bit_count() == 2:
                graph.link(graph.strong, *members)
            continue
        if not cells_of:
            cells_of = [sum(1 << cell for cell in node.cells) for node in graph.nodes]
        for first, second in combinations(members, 2):
            one, other = cells_of[first], cells_of[second]
            if one & other:
                continue
            graph.link(weak, first, second)
            # strong when the two together are every place the value has in the unit
            if strong and one | other == every:
                graph.link(graph.strong, first, second)
