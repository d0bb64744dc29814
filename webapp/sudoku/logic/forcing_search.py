"""Looking for forcing chains and nets, shortest first: every assumption followed a little further
each round, until some conclusion holds.

Each open candidate is assumed true in a branch of its own (and, for nets,
false in another). A conclusion is sound when:
- a contradiction: one branch reaches a dead end, so its assumption is wrong;
- a cell forcing: every candidate of one cell (one of which is true) leads to it;
- a unit forcing: every place of a value in one unit (one of which holds it) leads to it;
- either way (nets): a candidate true and the same candidate false both lead to it.
The branches are followed to 8 nodes, then 16, 32 and so on; once a round
finds any conclusion, one more round four times longer is followed (a branch
cut short may hold a chain shorter than one found, since its nodes come in
order of distance, not of need), and all it finds are returned: so a short
chain is not passed over for a long one found first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .forcing_tables import Tables
from .position import Position, bits_of
from .propagation import Branch
from .work import spend, work_limit

# The kinds of conclusion, easiest first; each is a role of its step's first cell.
CONTRADICTION_CHAIN = "contradiction-chain"
CELL_CHAIN = "cell-forcing-chain"
UNIT_CHAIN = "unit-forcing-chain"
CONTRADICTION_NET = "contradiction-net"
CELL_NET = "cell-forcing-net"
UNIT_NET = "unit-forcing-net"
EITHER_WAY_NET = "either-way-net"

# Nodes a branch may follow in the first round; each round doubles it, up to a ceiling no
# branch reaches (it cannot place more values than the grid has cells, nor remove more
# candidates than it has).
FIRST_LIMIT = 8
# A search starts no new round after this much work (the nodes its branches follow, see
# work.py): one step must leave the path work for more. About 2 s on one core, as the
# seconds it replaced (a path spends about 50,000 units a second, work.py).
WORK = 100_000
# Once a round finds a conclusion, one more round this many times longer confirms the shortest.
LOOK_FURTHER = 4


@dataclass(frozen=True)
class Proof:
    """One conclusion and the branches that prove it.

    `conclusion` is (cell, value): placed when `places`, else removed. `branches` pairs
    each branch with the nodes of it a person needs, its assumption first.
    """

    kind: str
    conclusion: tuple[int, int]
    places: bool
    branches: tuple[tuple[Branch, tuple[int, ...]], ...]
    unit: int = -1  # the unit of a unit forcing

    @property
    def length(self) -> int:
        """The nodes of every branch together: how long the reasoning is."""
        return sum(len(nodes) for _, nodes in self.branches)


def _ancestry(branch: Branch, roots: list[int]) -> tuple[int, ...]:
    """The nodes `roots` need, with the branch's assumption first."""
    nodes = branch.ancestry([0, *roots])
    return tuple(nodes)


def contradictions(branches: dict[tuple[int, int, bool], Branch], kind: str) -> list[Proof]:
    """Every branch that reached a dead end: its assumption is wrong."""
    found = []
    for (cell, value, on), branch in branches.items():
        if branch.dead_end is not None:
            nodes = _ancestry(branch, branch.dead_end_parents())
            found.append(Proof(kind, (cell, value), not on, ((branch, nodes),)))
    return found


def common(kind: str, group: list[Branch], stride: int, unit: int = -1) -> list[Proof]:
    """What every branch of `group` (one of whose assumptions is true) concludes."""
    if len(group) < 2 or any(branch.dead_end is not None for branch in group):
        return []
    found = []
    placed = removed = -1
    for branch in group:
        placed &= branch.put
        removed &= branch.gone
    for key in bits_of(placed):
        branches = tuple((b, _ancestry(b, [b.placed[key]])) for b in group)
        found.append(Proof(kind, divmod(key, stride), True, branches, unit))
    for key in bits_of(removed):
        branches = tuple((b, _ancestry(b, [b.cause[key]])) for b in group)
        found.append(Proof(kind, divmod(key, stride), False, branches, unit))
    return found


def forcings(
    tables: Tables, on: dict[tuple[int, int, bool], Branch], kinds: tuple[str, str]
) -> list[Proof]:
    """Cell and unit forcings over the branches that assume each candidate true."""
    cell_kind, unit_kind = kinds
    found = []
    for cell, mask in enumerate(tables.masks):
        if mask & (mask - 1):
            group = [on[cell, value, True] for value in bits_of(mask)]
            found += common(cell_kind, group, tables.stride)
    for number, cells in enumerate(tables.unit_cells):
        for value in range(1, tables.size + 1):
            if tables.held[number] >> value & 1:
                continue
            places = [cell for cell in cells if tables.masks[cell] >> value & 1]
            # two places in a unit are a cell forcing's bivalue twin; still a unit forcing
            group = [on[cell, value, True] for cell in places]
            found += common(unit_kind, group, tables.stride, number)
    return found


def either_ways(tables: Tables, branches: dict[tuple[int, int, bool], Branch]) -> list[Proof]:
    """What a candidate true and the same candidate false both lead to."""
    found = []
    for (cell, value, on), branch in branches.items():
        if on:
            group = [branch, branches[cell, value, False]]
            found += common(EITHER_WAY_NET, group, tables.stride)
    return found


def search(
    position: Position,
    nets: bool,
    nested: bool = False,
    work: int = WORK,
) -> list[Proof]:
    """The conclusions of the shortest round that has any (nets: `nets`; nested nets: `nested`),
    or []. After `work` units no new round starts: what was found so far is returned.

    Every branch followed spends its nodes on the path's budget too, which may end sooner
    (OutOfWork)."""
    with work_limit() as done:
        tables = Tables(position)
        candidates = [
            (cell, value) for cell, mask in enumerate(tables.masks) for value in bits_of(mask)
        ]
        if nested:
            return nested_search(tables, work)
        sides = (True, False) if nets else (True,)
        branches = {
            (cell, value, on): Branch(tables, cell, value, on, locked=nets)
            for cell, value in candidates
            for on in sides
        }
        ceiling = len(tables.masks) * tables.stride
        limit = FIRST_LIMIT
        confirmed = False
        while True:
            for branch in branches.values():
                # Out of work mid-round: what the branches followed so far still proves it.
                if done.spent > work:
                    break
                followed = len(branch.nodes)
                branch.run(limit)
                spend(1 + len(branch.nodes) - followed)
            if nets:
                found = contradictions(branches, CONTRADICTION_NET)
                found += forcings(tables, branches, (CELL_NET, UNIT_NET))
                found += either_ways(tables, branches)
            else:
                found = contradictions(branches, CONTRADICTION_CHAIN)
                found += forcings(tables, branches, (CELL_CHAIN, UNIT_CHAIN))
            if limit >= ceiling or all(branch.finished for branch in branches.values()):
                return found
            if done.spent > work:
                return found
            if found:
                if confirmed:
                    return found
                # A branch cut short may hold a shorter chain than one already found (its
                # nodes follow in order of distance, not of what the dead end needs): look
                # once more, further, before trusting the round.
                confirmed = True
                limit *= LOOK_FURTHER
            else:
                limit *= 2


def nested_search(tables: Tables, work: int) -> list[Proof]:
    """Nested nets, cell by cell (fewest candidates first), each candidate's branch followed to
    the end: the first cell whose branches conclude anything returns that. Too dear to rank
    every cell's; the last resort settles for the first it finds. After `work` units (of the
    enclosing search's count) no new branch starts."""
    order = sorted(
        (cell for cell, mask in enumerate(tables.masks) if mask),
        key=lambda cell: tables.masks[cell].bit_count(),
    )
    ceiling = len(tables.masks) * tables.stride
    with work_limit() as done:
        for cell in order:
            branches = {}
            for value in bits_of(tables.masks[cell]):
                if done.spent > work:
                    return []
                branch = Branch(tables, cell, value, True, locked=True, nested=True)
                branch.stop_after = work
                followed = len(branch.nodes)
                branch.run(ceiling)
                spend(1 + len(branch.nodes) - followed)
                branches[cell, value, True] = branch
            found = contradictions(branches, CONTRADICTION_NET)
            found += common(CELL_NET, [branches[key] for key in branches], tables.stride)
            if found:
                return found
    return []
