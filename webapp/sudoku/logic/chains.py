"""Chains and loops of alternating strong and weak links: x-chains, xy-chains, remote
pairs, nice loops and alternating inference chains (AICs), plain and grouped.

One search (chain_search) walks one graph (chain_graph); each finder builds the
graph its technique may use and names what it finds:
- x-chain: one value only, single cells: one end holds the value, so every
  cell that sees both ends loses it;
- xy-chain: bivalue cells only, each cell's two values the strong links;
- remote pair: an xy-chain whose cells all hold the same two values: two cells
  an odd number of steps apart hold one value each, so cells seeing both lose both;
- aic: any other chain of single candidates;
- nice-loop: a chain that closes on itself: continuously (the last node weakly
  linked back to the first; every weak link then removes what sees both its
  ends), or discontinuously (both ends in one cell, or a removal in an end's
  cell: the loop's own conclusion);
- grouped-aic and grouped-nice-loop: the same through at least one group node
  (a value's places in a box-line intersection) or one almost locked set (n
  cells of a unit with n + 1 values: chain_als), as HoDoKu's grouped chains.

Difficulty, on Sudoku Explainer's scale: a base per kind plus 0.1 each time the
chain's node count passes 4, 6, 8, 12, 16, 24, 32...: x-chain 6.5 (SE's
x-cycles), xy-chain and remote pair 6.6 (SE's forcing x/y chains), AIC and nice
loop 7.0, grouped 7.1 (a group is one more idea to hold).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from .chain_graph import STRONG, WEAK, Graph, build_graph
from .chain_search import (
    LinkAllowance,
    alternating_chains,
    chain_eliminations,
    closes_loop,
    loop_eliminations,
)
from .memo import each_value_since, since_position
from .position import Candidate, Position
from .single_digit import strong_links
from .step import TARGET, Step

Finder = Callable[[Position], Iterator[Step]]

NODE = "node"
GROUP = "group"
ALS = "als"  # roles "als-1", "als-2"...: the cells of each almost locked set a chain goes through
ALS_LINK = "als"  # the label of a strong link that holds through an almost locked set
BASE_DIFFICULTY = {
    "x-chain": 6.5,
    "xy-chain": 6.6,
    "remote-pair": 6.6,
    "aic": 7.0,
    "nice-loop": 7.0,
    "grouped-aic": 7.1,
    "grouped-nice-loop": 7.1,
}
LENGTH_STEPS = (4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128)


def difficulty(slug: str, length: int) -> float:
    """The base of `slug` plus 0.1 for each length step the chain's node count passes."""
    return round(BASE_DIFFICULTY[slug] + 0.1 * sum(length > step for step in LENGTH_STEPS), 1)


def _make_step(
    slug: str,
    graph: Graph,
    chain: tuple[int, ...],
    eliminations: list[Candidate],
    links: list[str] | None = None,
) -> Step:
    """A step from a chain: its nodes in order with the link after each, and its removals.

    The links alternate from a strong one unless given.
    """
    nodes = [graph.nodes[number] for number in chain]
    if links is None:
        links = [STRONG if place % 2 == 0 else WEAK for place in range(len(nodes) - 1)] + [""]
    links = list(links)  # relabelled below: the caller's list stays as it was
    pattern: dict[int, str] = {}
    for node in nodes:
        for cell in node.cells:
            pattern.setdefault(cell, GROUP if node.is_group else NODE)
    # a strong link through an almost locked set is marked, and the set's cells get a role
    sets: list[tuple[int, str]] = []
    for place, link in enumerate(links[:-1]):
        through = graph.through_set.get((chain[place], chain[place + 1]))
        if link == STRONG and through is not None:
            links[place] = ALS_LINK
            number = sum(1 for label in links[:place] if label == ALS_LINK) + 1
            sets += [(cell, f"{ALS}-{number}") for cell in through]
    targets = sorted({cell for cell, _ in eliminations})
    return Step(
        slug,
        difficulty(slug, len(set(chain))),
        tuple(sorted({value for _, value in eliminations})),
        tuple(pattern.items()) + tuple(sets) + tuple((cell, TARGET) for cell in targets),
        (),
        eliminations=tuple(eliminations),
        chain=tuple((cell, node.value) for node in nodes for cell in node.cells),
        inferences=tuple(
            (node.cells, node.value, link) for node, link in zip(nodes, links, strict=True)
        ),
    )


def _pure_kind(graph: Graph, chain: tuple[int, ...]) -> str:
    """ "x" for one value in single cells, "xy" for bivalue cells linked in-cell, else ""."""
    nodes = [graph.nodes[number] for number in chain]
    if any(node.is_group for node in nodes):
        return ""
    if len({node.value for node in nodes}) == 1:
        return "x"
    masks = graph.position.candidates
    strong_in_cell = all(
        nodes[place].cells == nodes[place + 1].cells for place in range(0, len(nodes) - 1, 2)
    )
    if strong_in_cell and all(masks[node.cells[0]].bit_count() == 2 for node in nodes):
        return "xy"
    return ""


def x_chains(position: Position) -> Iterator[Step]:
    """Every x-chain (one value, strong links in units) that removes a candidate."""
    return each_value_since("x-chain", position, _x_chains)


def _x_chains(position: Position, value: int, before: int | None) -> Iterator[Step]:
    """The x-chains of one value (a budget of links of their own).

    Skipped when every strong link is as in `before` (see `memo.each_value_since`):
    then every chain here was a chain there, with its ends removing no less."""
    if before is not None and not any(new for _, _, new in strong_links(position, value, before)):
        return
    graph = build_graph(position, values=(value,), in_cell=False)
    yield from _chains("x-chain", graph, LinkAllowance(), lambda kind: kind == "x")


def xy_chains(position: Position) -> Iterator[Step]:
    """Every xy-chain (bivalue cells, not all the same pair) that removes a candidate."""
    return since_position("xy-chain", position, _xy_chains)


def _xy_chains(position: Position, changed: int | None) -> Iterator[Step]:
    """The xy-chains, skipped when no cell that is bivalue now changed since a position
    where none removed anything (`changed`, see `memo.since_position`): the graph is
    then what it was less the cells no longer bivalue, so every chain here was a chain
    there, and what its ends remove can only have shrunk. (A search there that spent
    its whole budget would have found nothing too: then a chain could be missed here,
    never a wrong step made; on 9x9 a graph of bivalue cells never comes near it.)"""
    if changed is not None and not changed & position.cells_with(2, 2):
        return
    masks = position.candidates
    graph = build_graph(
        position, cells=lambda cell: masks[cell].bit_count() == 2, unit_strong=False
    )
    yield from _chains(
        "xy-chain", graph, LinkAllowance(), lambda kind: kind == "xy", mixed_pairs=True
    )


def remote_pairs(position: Position) -> Iterator[Step]:
    """Every remote pair (four or more cells with one same pair of values) that removes one."""
    return since_position("remote-pair", position, _remote_pairs)


def _remote_pairs(position: Position, changed: int | None) -> Iterator[Step]:
    """The remote pairs, skipped when no bivalue cell changed, as `_xy_chains` is."""
    if changed is not None and not changed & position.cells_with(2, 2):
        return
    masks = position.candidates
    budget, seen = LinkAllowance(), set[frozenset[int]]()
    for pair in sorted({mask for mask in masks if mask.bit_count() == 2}):
        if masks.count(pair) < 4:
            continue
        graph = build_graph(position, cells=_holding(masks, pair), unit_strong=False)
        for chain in alternating_chains(graph, budget):
            if (
                len(chain) < 8
                or chain[0] == chain[-1]
                or graph.nodes[chain[0]].value != graph.nodes[chain[-1]].value
            ):
                continue
            # the ends hold one value each, so cells seeing both lose both values
            ends = (graph.nodes[chain[0]].cells[0], graph.nodes[chain[-1]].cells[0])
            peers = position.geometry.peers
            seeing = sorted(set(peers[ends[0]]) & set(peers[ends[1]]))
            removed = [
                (cell, value)
                for cell in seeing
                for value in (graph.nodes[chain[0]].value, graph.nodes[chain[1]].value)
                if position.has(cell, value)
            ]
            if removed and frozenset(ends) not in seen:
                seen.add(frozenset(ends))
                yield _make_step("remote-pair", graph, chain, removed)


def _holding(masks: tuple[int, ...], pair: int) -> Callable[[int], bool]:
    """A test for the cells whose candidates are exactly `pair`."""
    return lambda cell: masks[cell] == pair


def _chains(
    slug: str,
    graph: Graph,
    budget: LinkAllowance,
    wanted: Callable[[str], bool],
    mixed_pairs: bool = False,
) -> Iterator[Step]:
    """The steps of the chains whose pure kind `wanted` accepts, each pair of ends once."""
    masks = graph.position.candidates
    seen: set[frozenset[int]] = set()
    # only ends that remove something with the start are worth a chain
    for chain in alternating_chains(graph, budget, ends=graph.meeting):
        ends = frozenset((chain[0], chain[-1]))
        if ends in seen or len(ends) == 1 or not wanted(_pure_kind(graph, chain)):
            continue
        seen.add(ends)
        cells = {graph.nodes[number].cells[0] for number in chain}
        if mixed_pairs and len({masks[cell] for cell in cells}) == 1:
            continue  # all one pair: a remote pair
        removed = chain_eliminations(graph, chain)
        if removed:
            yield _make_step(slug, graph, chain, removed)


def aics(position: Position, grouped: bool = False) -> Iterator[Step]:
    """Every AIC (not an x- or xy-chain) and what it removes.

    Its ends are two nodes, one of them true: whatever sees both goes (two values of
    one cell: the cell's other values go). Or they are one node: supposed false,
    the start comes back true, so it is true. So every nice loop's removals are
    those of AICs of no more nodes (a continuous loop less any one weak link is
    an AIC), and a path asks AICs only.
    """
    graph = build_graph(position, groups=grouped, almost_locked=grouped)
    slug = "grouped-aic" if grouped else "aic"
    seen: set[frozenset[int]] = set()

    # a chain is worth showing when its two ends remove something
    for chain in alternating_chains(graph, LinkAllowance(), grouped=grouped, ends=graph.meeting):
        ends = frozenset((chain[0], chain[-1]))
        if ends in seen or (not grouped and _pure_kind(graph, chain)):
            continue
        seen.add(ends)
        removed = chain_eliminations(graph, chain)
        if removed:
            yield _make_step(slug, graph, chain, removed)


def nice_loops(position: Position, grouped: bool = False) -> Iterator[Step]:
    """Every nice loop, continuous or not, and what it removes.

    Three kinds: a chain that comes back to its start, made true (what it rules
    out goes); a continuous loop; and a candidate weakly linked to both ends
    of a chain, which would start a loop that makes it false (one step each).
    """
    graph = build_graph(position, groups=grouped, almost_locked=grouped)
    slug = "grouped-nice-loop" if grouped else "nice-loop"
    seen: set[frozenset[int]] = set()

    def ends(start: int) -> int:
        """Back at the start, a loop, or a pair of ends that removes something."""
        return graph.meeting(start) | 1 << start | graph.weak[start]

    for chain in alternating_chains(graph, LinkAllowance(), grouped=grouped, ends=ends):
        if chain[0] == chain[-1]:
            # false leads to true: the start holds, and nothing it rules out can
            removed = sorted(graph.killed_by(chain[0]))
            if removed and frozenset(chain[:1]) not in seen:
                seen.add(frozenset(chain[:1]))
                yield _make_step(slug, graph, chain, removed)
        elif closes_loop(graph, chain):
            removed = loop_eliminations(graph, chain)
            links = [STRONG if place % 2 == 0 else WEAK for place in range(len(chain))]
            if removed and frozenset(chain) not in seen:
                seen.add(frozenset(chain))
                yield _make_step(slug, graph, chain, removed, links)
        elif frozenset((chain[0], chain[-1])) not in seen:
            seen.add(frozenset((chain[0], chain[-1])))
            for cell, value in chain_eliminations(graph, chain):
                target = graph.number[((cell,), value)]
                links = [WEAK] + [STRONG if place % 2 == 0 else WEAK for place in range(len(chain))]
                loop = (target, *chain, target)
                yield _make_step(slug, graph, loop, [(cell, value)], links + [""])


def grouped_aics(position: Position) -> Iterator[Step]:
    """Every AIC through a group node, and what it removes."""
    return aics(position, grouped=True)


def grouped_nice_loops(position: Position) -> Iterator[Step]:
    """Every nice loop through a group node, and what it removes."""
    return nice_loops(position, grouped=True)


# (slug, difficulty, finder) for each technique of this family; techniques.py orders them all.
TECHNIQUES: tuple[tuple[str, float, Finder], ...] = (
    ("x-chain", BASE_DIFFICULTY["x-chain"], x_chains),
    ("xy-chain", BASE_DIFFICULTY["xy-chain"], xy_chains),
    ("remote-pair", BASE_DIFFICULTY["remote-pair"], remote_pairs),
    ("aic", BASE_DIFFICULTY["aic"], aics),
    ("nice-loop", BASE_DIFFICULTY["nice-loop"], nice_loops),
    ("grouped-aic", BASE_DIFFICULTY["grouped-aic"], grouped_aics),
    ("grouped-nice-loop", BASE_DIFFICULTY["grouped-nice-loop"], grouped_nice_loops),
)
