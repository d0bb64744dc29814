"""Does a cage layout leave its solution the only one? One SAT solver asked it over and over.

The Killer generator (killer.py) asks this a hundred times an attempt, of layouts that
differ by one cut or one merge. The exact solver builds its tables and its formula anew
for each puzzle (some 50 ms of a 9x9 Killer's 100), so here one CaDiCaL holds, for the
whole attempt:

- the grid's rules: each cell one digit, each unit each digit once;
- "not the solution": some cell holds another digit than the solution's;
- each cage ever asked about, behind a *switch* variable of its own: when the switch is
  on, the cage's digits differ and are one of the combinations making its sum.

A layout is asked by switching on its cages (CaDiCaL's assumptions): no model means the
solution is the only one; a model is another solution, which a cut can rule out. What
CaDiCaL learns stays true for every layout, so later questions come cheaper. The work is
counted in CaDiCaL's conflicts, never in seconds, so an attempt gives the same puzzle on
every machine. The generator still proves its puzzle with the exact solver at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations as pairs

from pysat.solvers import Solver

from ..cages import combinations
from ..geometry import Geometry
from ..grid import Grid

SOLVER = "cadical195"
OPTIONS = {"stabilizeonly": 1}  # Sudoku wants CaDiCaL's stable mode (sat.py)

Cells = tuple[int, ...]


class CageProof:
    """The questions of one attempt: is `solution` the only solution of a layout of cages?"""

    def __init__(self, geometry: Geometry, solution: Grid, conflicts: int) -> None:
        """A solver holding `geometry`'s units and "not `solution`"; each question may take
        up to `conflicts` of CaDiCaL's."""
        self.n = solution.size
        self.solution = solution
        self.conflicts = conflicts
        self.solver = Solver(name=SOLVER)
        self.solver.configure(OPTIONS)
        self.variables = self.n * self.n * self.n
        self.switches: dict[tuple[Cells, int], int] = {}
        n, cells = self.n, range(self.n * self.n)
        for cell in cells:
            options = [self.digit(cell, d) for d in range(1, n + 1)]
            self._exactly_one(options)
        for unit in geometry.units:
            for d in range(1, n + 1):
                self._exactly_one([self.digit(cell, d) for cell in unit.cells])
        self.solver.add_clause([-self.digit(cell, solution.cells[cell]) for cell in cells])

    def digit(self, cell: int, digit: int) -> int:
        """The variable "`cell` holds `digit`"."""
        return cell * self.n + digit

    def other_solution(self, cages: Sequence[Sequence[int]], totals: Sequence[int]) -> Grid | None:
        """Another solution of the cages (their cells, with these sums), or None when there
        is none. NotSettled when CaDiCaL cannot tell within its conflicts."""
        switches = [
            self._switch(tuple(cells), total) for cells, total in zip(cages, totals, strict=True)
        ]
        before = self._spent()
        self.solver.conf_budget(self.conflicts)
        answer = self.solver.solve_limited(assumptions=switches)
        if answer is None:
            raise NotSettled(self._spent() - before)
        if not answer:
            return None
        model = self.solver.get_model()
        assert model is not None
        values = [0] * (self.n * self.n)
        for literal in model[: self.n**3]:
            if literal > 0:
                cell, digit = divmod(literal - 1, self.n)
                values[cell] = digit + 1
        return Grid(self.solution.shape, tuple(values))

    def close(self) -> None:
        """Let the solver go."""
        self.solver.delete()

    def _switch(self, cells: Cells, total: int) -> int:
        """The switch of the cage of `cells` making `total`, its clauses added the first time."""
        known = self.switches.get((cells, total))
        if known is not None:
            return known
        switch = self._new_variable()
        self.switches[(cells, total)] = switch
        n = self.n
        for first, second in pairs(cells, 2):
            for d in range(1, n + 1):
                self.solver.add_clause([-switch, -self.digit(first, d), -self.digit(second, d)])
        ways = combinations(n, len(cells), total)
        anywhere = 0
        for way in ways:
            anywhere |= way
        for d in range(1, n + 1):
            if not anywhere >> (d - 1) & 1:
                for cell in cells:
                    self.solver.add_clause([-switch, -self.digit(cell, d)])
        # Each way's digits all in the cage: with as many different digits as cells, the
        # cage's digits are that way's, so they add up to the sum.
        chosen = [self._new_variable() for _ in ways] if len(ways) > 1 else [switch]
        if len(ways) > 1:
            self.solver.add_clause([-switch, *chosen])
        for way, pick in zip(ways, chosen, strict=True):
            for d in range(1, n + 1):
                if way >> (d - 1) & 1:
                    self.solver.add_clause([-pick, *(self.digit(cell, d) for cell in cells)])
        return switch

    def _new_variable(self) -> int:
        """A variable not used before."""
        self.variables += 1
        return self.variables

    def _exactly_one(self, literals: list[int]) -> None:
        """Add: one of `literals` is true, and no two are."""
        self.solver.add_clause(literals)
        for a, b in pairs(literals, 2):
            self.solver.add_clause([-a, -b])

    def _spent(self) -> int:
        """CaDiCaL's conflicts so far."""
        return int(self.solver.accum_stats()["conflicts"])


class NotSettled(ValueError):
    """CaDiCaL did not settle a question within its conflicts (carries how many it spent)."""
