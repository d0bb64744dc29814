"""The search for alternating chains, and what a chain or a loop proves.

A chain starts at a node supposed false and alternates: a strong link (so the
next node is true), a weak link (so the next is false), ..., ending on a
strong link, at a node that is then true. So one of its two ends is true, and
any candidate weakly linked to both ends (it would make both false) is not.

If the last node is weakly linked back to the first, the chain closes into a
continuous loop: going round, every weak link then holds exactly one true node
(the strong links say at least one of each pair, the weak links at most one,
and the loop has as many of one as of the other), so whatever is weakly linked
to both nodes of any weak link of the loop is false.

The search is breadth first from every node, so each chain found is a
shortest one to its end. It moves a whole layer at a time: the nodes first
reached after k links are one int (bit n for node n), and the next layer is
the OR of their links' masks, so Python does one step per node reached, not
one per link; a chain is then found back through the layers. It is bounded
twice: by the number of nodes a chain may have and by the number of links it
may follow in all, so it ends quickly on any grid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .chain_graph import Graph
from .position import Candidate

MAX_NODES = 20  # the longest chain a person is shown
# Links a finder may follow before it gives up looking. A search that finds nothing spends
# it all, so it sets the cost of every failing chain finder in a path (a grouped search
# that finds nothing always spends it all); HoDoKu's chain cases pass the same with
# 100,000 as with 400,000 (all but two grouped nice loops with 60,000).
WORK = 100_000


@dataclass
class LinkAllowance:
    """How many more links a search may follow (a search counts them down itself: it does
    so for every node it reaches)."""

    left: int = WORK


# A search's layers: for each number of links from the start, the nodes first reached
# then, as masks of node numbers: those reached through no group or set yet, and the others.
Layer = tuple[int, int]
REBUILD = 400  # steps a search may take to find a chain back through its layers


@dataclass(frozen=True)
class LinkMasks:
    """A graph's links as masks of node numbers, for searches that move whole layers."""

    strong: list[int]
    weak: list[int]
    strong_cost: list[int]  # what following a node's strong links costs: one each, and one
    weak_cost: list[int]  # and its weak links
    grouped: int  # the group nodes
    via_set: list[int]  # per node: the nodes it reaches through an almost locked set

    @classmethod
    def of(cls, graph: Graph) -> LinkMasks:
        """The masks of `graph`, weak links only to nodes with a strong link: a chain's
        every node has one (the one it is reached by, or the one it leaves on)."""
        via_set = [0] * len(graph.nodes)
        for first, second in graph.through_set:
            via_set[first] |= 1 << second
        grouped = alive = 0
        for number, node in enumerate(graph.nodes):
            if node.is_group:
                grouped |= 1 << number
            if graph.strong[number]:
                alive |= 1 << number
        weak = [links & alive for links in graph.weak]
        return cls(
            strong=graph.strong,
            weak=weak,
            strong_cost=[links.bit_count() + 1 for links in graph.strong],
            weak_cost=[links.bit_count() + 1 for links in weak],
            grouped=grouped,
            via_set=via_set,
        )


def alternating_chains(
    graph: Graph,
    budget: LinkAllowance,
    grouped: bool = False,
    max_nodes: int = MAX_NODES,
    ends: Callable[[int], int] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Each shortest chain (node numbers) from a node supposed false to a node made true.

    With `grouped`, only chains through at least one group node or almost
    locked set. A chain may end
    where it started (its start is then true, however it got there); other
    chains that pass the same node twice are left out: they make a poor story.
    `ends(start)` may narrow the ends worth a chain from a start (as a mask of nodes:
    those that remove something with it).
    """
    links = LinkMasks.of(graph)
    everything = (1 << len(graph.nodes)) - 1
    for start in range(len(graph.nodes)):
        if not links.strong[start]:
            continue  # a chain leaves its start on a strong link
        wanted = everything if ends is None else ends(start)
        if not wanted:
            continue
        layers: list[Layer] = []
        first = (0, 1 << start) if grouped and links.grouped >> start & 1 else (1 << start, 0)
        # the nodes reached false and true, each without a group or set passed and with one
        seen = [list(first), [0, 0]]
        layer = first
        for depth in range(max_nodes - 1):
            layers.append(layer)
            true = depth % 2 == 1  # the layer's nodes are true: weak links lead on
            following = _follow(links, layer, true, grouped, budget)
            if following is None:
                return
            plain, passed = following
            reached = seen[not true]
            plain &= ~reached[0]
            passed &= ~reached[1]
            if not plain | passed:
                break
            reached[0] |= plain
            reached[1] |= passed
            layer = (plain, passed)
            if true:
                continue
            # a strong link just made these true: each is the end of a chain
            ending = passed if grouped else plain | passed
            found = ending & wanted
            while found:
                low = found & -found
                found ^= low
                end = low.bit_length() - 1
                chain = _rebuild(links, layers, end, bool(passed & low), grouped, start)
                if chain is not None:
                    yield chain
            # no node is first reached twice: once every end wanted is, the search is done
            wanted &= ~ending
            if not wanted:
                break


def _follow(
    links: LinkMasks, layer: Layer, true: bool, grouped: bool, budget: LinkAllowance
) -> Layer | None:
    """The nodes one link on from a layer (strong links from false nodes, weak from true),
    or None once the budget is spent (each node reached costs its links and one)."""
    masks = links.weak if true else links.strong
    costs = links.weak_cost if true else links.strong_cost
    left = budget.left
    plain, passed = layer
    plain_out = passed_out = 0
    while passed:  # passed a group or a set already: stays passed
        low = passed & -passed
        passed ^= low
        node = low.bit_length() - 1
        left -= costs[node]
        passed_out |= masks[node]
    crossing = links.grouped
    while plain:
        low = plain & -plain
        plain ^= low
        node = low.bit_length() - 1
        left -= costs[node]
        reach = masks[node]
        if grouped:  # into a group node, or through a set: passed from here on
            into = reach & (crossing | links.via_set[node])
            plain_out |= reach & ~into
            passed_out |= into
        else:
            plain_out |= reach
    budget.left = left
    if left < 0:
        return None
    return plain_out, passed_out


def _rebuild(
    links: LinkMasks, layers: list[Layer], end: int, passed: bool, grouped: bool, start: int
) -> tuple[int, ...] | None:
    """A chain from the start to `end` through one node of each layer, no node twice
    (but the end may be the start), or None if none is found in a few hundred steps."""
    steps = REBUILD
    # depth-first from the end back to the start: (layer index, node, passed, chain so far)
    stack: list[tuple[int, int, bool, tuple[int, ...]]] = [(len(layers) - 1, end, passed, (end,))]
    while stack and steps > 0:
        depth, node, through, chain = stack.pop()
        steps -= 1
        if depth < 0:
            if chain[0] == start:
                return chain
            continue
        true = depth % 2 == 1  # the layer's nodes are true: their link to the next is weak
        masks = links.weak if true else links.strong
        plain, passed_here = layers[depth]
        linked = masks[node]  # links go both ways: the nodes of the layer linked to this one
        options: list[tuple[int, int, bool, tuple[int, ...]]] = []
        for from_passed, candidates in ((False, plain & linked), (True, passed_here & linked)):
            while candidates:
                low = candidates & -candidates
                candidates ^= low
                before = low.bit_length() - 1
                crossing = grouped and bool((links.grouped | links.via_set[before]) >> node & 1)
                if through != (from_passed or crossing):
                    continue
                if before in chain and not (depth == 0 and before == start == end):
                    continue
                options.append((depth - 1, before, from_passed, (before, *chain)))
        stack.extend(reversed(options))
    return None


def chain_eliminations(graph: Graph, chain: tuple[int, ...]) -> list[Candidate]:
    """The candidates weakly linked to both ends of a chain (one end must be true)."""
    return sorted(graph.killed_by(chain[0]) & graph.killed_by(chain[-1]))


def closes_loop(graph: Graph, chain: tuple[int, ...]) -> bool:
    """True when the chain's last node is weakly linked back to its first: a continuous loop."""
    return len(chain) >= 4 and bool(graph.weak[chain[-1]] >> chain[0] & 1)


def loop_eliminations(graph: Graph, chain: tuple[int, ...]) -> list[Candidate]:
    """What a continuous loop removes: whatever sees both nodes of one of its weak links."""
    loop_candidates = {
        (cell, graph.nodes[n].value)
        for n in chain
        if not graph.nodes[n].is_group
        for cell in graph.nodes[n].cells
    }
    found: set[Candidate] = set()
    # weak links run from each true node (odd places) to the next, and from the last to the first
    for place in range(1, len(chain), 2):
        following = chain[(place + 1) % len(chain)]
        found |= graph.killed_by(chain[place]) & graph.killed_by(following)
    return sorted(found - loop_candidates)
