"""Finish a big grid with a SAT solver: the options the search left alive, as clauses for CaDiCaL.

Glossary (the solver's, see bitboard.py): an *option* is one symbol in one
cell; a *constraint* is a cell (one symbol) or a *place* (unit, symbol): the
symbol once in the unit. A propagated search state holds the options still
alive and the constraints already satisfied.

The formula has one variable per live option of an open cell, and for each
open constraint one clause "at least one of its options" plus one clause per
pair "not both". CaDiCaL 1.9.5 (through python-sat) solves it; each model is a
solution, and a clause that forbids it sends the solver after the next one.
When the solver says there are no more, the count is exact.

python-sat's CaDiCaL can neither be interrupted (interrupt() raises
NotImplementedError) nor lets go of the GIL while it runs (a timer thread
only fires once the call returns), so the deadline is kept by running it in
slices of a few conflicts and reading the clock between them; between slices
the process's other threads get their turn too. CaDiCaL goes back to its
focused mode at every call, and Sudoku wants its stable mode, so stable mode
is the only one. Measured on the 18 minimal 25x25 puzzles (a solution and the
proof that it is the only one): one call each, 151 s in all; in slices (from
1,000 conflicts, doubling) 176 s; stable mode only, one call 122 s and slices
of 300 conflicts 124 s.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from pysat.solvers import Solver

from .bitboard import Bitboard
from .grid import Grid

SOLVER = "cadical195"
OPTIONS = {"stabilizeonly": 1}
# Each slice aims at this many seconds of solving at the rate the last one
# ran: short enough to stop near the deadline, long enough that calls cost
# nothing (slices of 10 conflicts ran at 97% of the rate of slices of 1,000).
# CaDiCaL's own housekeeping can still take some 50 ms once in a while on
# 25x25, whatever the slice.
SLICE_SECONDS = 0.01
FIRST_SLICE = 50  # conflicts
# How often a long solve tells its caller how far it is (a job's page shows it).
PROGRESS_SECONDS = 0.5
LARGEST_SLICE = 1 << 30  # python-sat passes the limit on as a C int
# Building the formula and loading it into CaDiCaL, per clause: measured here
# 1.7 us (an empty 16x16, 124k clauses), 1.9 us (an empty 25x25, 753k) and
# 2.2 us (a minimal 25x25, 20k).
SETUP_SECONDS_PER_CLAUSE = 2e-6


@dataclass(frozen=True)
class SatResult:
    """What the SAT solver found from one search state.

    `solutions` are the new ones, in the order found (never one it was told
    about). `exhausted` is True when the solver proved there are no others,
    so known plus new is the exact count. `gave_up` is True when the deadline
    came first. `conflicts` is its work count, as search nodes are the search's.
    """

    solutions: tuple[Grid, ...]
    exhausted: bool
    gave_up: bool
    conflicts: int


@dataclass(frozen=True)
class Formula:
    """The clauses of a search state. `variables` numbers the live options of the open cells
    from 1 (in that order), and `fixed` maps each cell the state has filled to its value."""

    variables: dict[int, int]
    clauses: list[list[int]]
    fixed: dict[int, int]

    @property
    def options(self) -> list[int]:
        """The option of each variable: options[v - 1] for variable v."""
        return list(self.variables)


def formula(board: Bitboard, alive: int, done: int) -> Formula:
    """The CNF of the state (alive, done): exactly one live option per open constraint."""
    width, mask = board.width, board.field_mask
    variables: dict[int, int] = {}
    clauses: list[list[int]] = []
    fixed: dict[int, int] = {}
    for field in range(board.constraints):
        if done & board.guard[field]:
            if field < board.cells:
                fixed[field] = ((alive >> (field * width)) & mask).bit_length()
            continue
        # Cells come first, so every live option has its variable before a place asks.
        literals = [
            variables.setdefault(option, len(variables) + 1)
            for option in board.field_options(field, alive)
        ]
        clauses.append(literals)
        clauses.extend([-a, -b] for a, b in combinations(literals, 2))
    return Formula(variables, clauses, fixed)


def setup_seconds(board: Bitboard, alive: int, done: int) -> float:
    """About how long building the formula of the state (alive, done) and loading it take."""
    width, mask = board.width, board.field_mask
    clauses = 0
    for field in range(board.constraints):
        if not done & board.guard[field]:
            options = ((alive >> (field * width)) & mask).bit_count()
            clauses += 1 + options * (options - 1) // 2
    return clauses * SETUP_SECONDS_PER_CLAUSE


def sat_solve(
    board: Bitboard,
    alive: int,
    done: int,
    max_solutions: int,
    deadline: float,
    known: Sequence[Grid] = (),
    progress: Callable[[int], None] | None = None,
) -> SatResult:
    """Up to `max_solutions` solutions of the propagated state (alive, done) that are not
    in `known`, looked for until `deadline` (a time.perf_counter() value). `progress`, if
    given, is told the conflicts so far about every PROGRESS_SECONDS."""
    cnf = formula(board, alive, done)
    options = cnf.options
    found: list[Grid] = []
    with Solver(name=SOLVER, bootstrap_with=cnf.clauses) as solver:
        solver.configure(OPTIONS)
        for solution in known:
            _block(solver, board, cnf, solution)
        answer: bool | None = True
        while len(found) < max_solutions:
            answer = _solve_until(solver, deadline, progress)
            if not answer:
                break
            solution = _decode(board, cnf.fixed, options, solver.get_model())
            found.append(solution)
            _block(solver, board, cnf, solution)
        conflicts = int(solver.accum_stats()["conflicts"])
    return SatResult(
        solutions=tuple(found),
        exhausted=answer is False,
        gave_up=answer is None,
        conflicts=conflicts,
    )


def _solve_until(
    solver: Solver, deadline: float, progress: Callable[[int], None] | None = None
) -> bool | None:
    """True (a model), False (no model) or None (the deadline came first), solving in slices
    and telling `progress` the conflicts so far between them, every PROGRESS_SECONDS."""
    clock = time.perf_counter
    conflicts = FIRST_SLICE
    next_report = clock() + PROGRESS_SECONDS
    while (left := deadline - clock()) > 0:
        if progress is not None and clock() >= next_report:
            progress(int(solver.accum_stats()["conflicts"]))
            next_report = clock() + PROGRESS_SECONDS
        solver.conf_budget(conflicts)
        started = clock()
        answer: bool | None = solver.solve_limited()
        if answer is not None:
            return answer
        took = max(clock() - started, 1e-6)
        # The next slice: what the last one's rate fits into SLICE_SECONDS or the time left.
        seconds = min(SLICE_SECONDS, left - took)
        conflicts = max(1, min(LARGEST_SLICE, int(conflicts * seconds / took)))
    return None


def _decode(board: Bitboard, fixed: dict[int, int], options: list[int], model: list[int]) -> Grid:
    """The grid a model spells out: the state's filled cells, and each true option's symbol."""
    n = board.n
    cells = [0] * board.cells
    for cell, value in fixed.items():
        cells[cell] = value
    for literal in model:
        if literal > 0:
            option = options[literal - 1]
            cells[option // n] = option % n + 1
    return Grid(board.shape, tuple(cells))


def _block(solver: Solver, board: Bitboard, cnf: Formula, solution: Grid) -> None:
    """Forbid `solution` (some option of it on an open cell must be false), unless the
    state already rules it out."""
    n = board.n
    clause = []
    for cell, value in enumerate(solution.cells):
        option = cell * n + value - 1
        if option in cnf.variables:
            clause.append(-cnf.variables[option])
        elif cnf.fixed.get(cell) != value:
            return  # a dead option: the solver cannot find it anyway
    solver.add_clause(clause)
