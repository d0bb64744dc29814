"""Why a value cannot stand in a cell: what follows from assuming it, up to a dead end.

A player who put a wrong value in a cell is told it is wrong; the refutation shows why,
without the cell's answer: assume the value there and follow naked and hidden singles
(a forcing chain's branch, propagation.py) until a cell has no candidate left or a unit
no place for a value. When singles stop short of one, locked candidates are followed
too (a net's branch). The branch's nodes come in order of distance from the assumption,
so the dead end reached first is a near one, and only the nodes it needs are kept.

The position must hold only true values (the givens and the player's right entries),
so the dead end proves the assumption wrong. Some wrong values lead to a dead end only
through deeper reasoning than either branch follows; then there is no refutation to
show (None), and the caller says so.
"""

from __future__ import annotations

from .forcing import step_of
from .forcing_search import CONTRADICTION_CHAIN, CONTRADICTION_NET, Proof
from .forcing_tables import Tables
from .position import Position
from .propagation import Branch
from .step import Step
from .work import spend


def refutation(position: Position, cell: int, value: int) -> Step | None:
    """The forcing step that removes `value` from open `cell` of `position` by reaching a
    dead end from it, singles first, then with locked candidates; None when neither branch
    reaches one, or `value` is not a candidate there (a peer holds it: a clash says why)."""
    if not position.has(cell, value):
        return None
    tables = Tables(position)
    ceiling = len(tables.masks) * tables.stride  # no branch follows more nodes than this
    for locked, kind in ((False, CONTRADICTION_CHAIN), (True, CONTRADICTION_NET)):
        branch = Branch(tables, cell, value, True, locked=locked)
        branch.run(ceiling)
        spend(1 + len(branch.nodes))
        if branch.dead_end is not None:
            nodes = tuple(branch.ancestry([0, *branch.dead_end_parents()]))
            return step_of(Proof(kind, (cell, value), False, ((branch, nodes),)), position)
    return None
