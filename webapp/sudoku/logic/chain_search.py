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
shortest one to its end. It is bounded twice: by the number of nodes a chain
may have and by the number of links it may follow in all, so it ends quickly
on any grid.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .chain_graph import Graph
from .position import Candidate

MAX_NODES = 20  # the longest chain a person is shown
# Links a finder may follow before it gives up looking. A search that finds nothing spends
# it all, so it sets the cost of every failing chain finder in a path; HoDoKu's chain
# cases pass the same with 150,000 as with 400,000 (172 of 175 with 60,000).
WORK = 150_000


@dataclass
class Budget:
    """How many more links a search may follow."""

    left: int = WORK

    def spend(self, count: int) -> bool:
        """Use `count` links; false once the budget is gone."""
        self.left -= count
        return self.left >= 0


State = tuple[int, bool, bool]  # node, true?, a group or set passed on the way?


def alternating_chains(
    graph: Graph,
    budget: Budget,
    grouped: bool = False,
    max_nodes: int = MAX_NODES,
    worth: Callable[[int, int], bool] | None = None,
) -> Iterator[tuple[int, ...]]:
    """Each shortest chain (node numbers) from a node supposed false to a node made true.

    With `grouped`, only chains through at least one group node or almost
    locked set. A chain may end
    where it started (its start is then true, however it got there); other
    chains that pass the same node twice are left out: they make a poor story.
    `worth(start, end)` may say a pair of ends is not worth a chain (nothing to remove).
    """
    is_group = [node.is_group for node in graph.nodes]
    through_set = graph.through_set
    # each node's links in a fixed order, so a search always finds the same chains
    strong = [sorted(links) for links in graph.strong]
    weak = [sorted(links) for links in graph.weak]
    for start in range(len(graph.nodes)):
        first: State = (start, False, is_group[start])
        parent: dict[State, State | None] = {first: None}
        ends: set[int] = set()
        frontier = [first]
        for _ in range(max_nodes - 1):
            following: list[State] = []
            for state in frontier:
                node, true, through_group = state
                links = weak[node] if true else strong[node]
                budget.left -= len(links) + 1
                if budget.left < 0:
                    return
                for other in links:
                    passed = through_group or (
                        grouped and (is_group[other] or (node, other) in through_set)
                    )
                    reached = (other, not true, passed)
                    if reached in parent:
                        continue
                    parent[reached] = state
                    following.append(reached)
                    if true or other in ends or (grouped and not reached[2]):
                        continue
                    if worth is not None and not worth(start, other):
                        continue
                    chain = _walk_back(parent, reached)
                    # back at the start, made true: the start is true, whatever the way
                    if other == start or len(set(chain)) == len(chain):
                        ends.add(other)
                        yield chain
            frontier = following


def _walk_back(parent: dict[State, State | None], state: State) -> tuple[int, ...]:
    """The nodes from the search's start to `state`, in order."""
    nodes = []
    current: State | None = state
    while current is not None:
        nodes.append(current[0])
        current = parent[current]
    return tuple(reversed(nodes))


def chain_eliminations(graph: Graph, chain: tuple[int, ...]) -> list[Candidate]:
    """The candidates weakly linked to both ends of a chain (one end must be true)."""
    return sorted(graph.killed_by(chain[0]) & graph.killed_by(chain[-1]))


def closes_loop(graph: Graph, chain: tuple[int, ...]) -> bool:
    """True when the chain's last node is weakly linked back to its first: a continuous loop."""
    return len(chain) >= 4 and chain[0] in graph.weak[chain[-1]]


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
