"""Finish a big grid with a SAT solver: the options the search left alive, as clauses for CaDiCaL.

Glossary (the solver's, see bitboard.py): an *option* is one symbol in one
cell; a *constraint* is a cell (one symbol) or a *place* (unit, symbol): the
symbol once in the unit. A propagated search state holds the options still
alive and the constraints already satisfied.

The formula has one variable per live option of an open cell (and per live
combination of a Killer's cage, bitboard.py), a clause "not both" for each digit of
two open cells of a Killer's cage without a sum or of a pair a rule kind makes differ
(an anti-knight's), one for each two digits a relation's pair of open cells may not hold
together (non-consecutive's neighbours), and for each
open constraint one clause "at least one of its options" plus one clause per
pair "not both". CaDiCaL 1.9.5 (through python-sat) solves it; each model is a
solution, and a clause that forbids it sends the solver after the next one.
When the solver says there are no more, the count is exact.

What decides the answer is a count of CaDiCaL's conflicts, never the clock:
CaDiCaL is deterministic, so the same formula under the same sequence of
conflict limits makes the same choices on any machine at any load. It runs in
slices of SLICE_CONFLICTS conflicts (`conf_budget`, the last one cut to what
the budget has left), always the same slices, and the count it reports is
exact. python-sat's CaDiCaL can neither be interrupted (interrupt() raises
NotImplementedError) nor lets go of the GIL while it runs, so the wall-time
ceiling, a safety net, is read between slices; a solve it stops says so.
CaDiCaL goes back to its focused mode at every call, and Sudoku wants its
stable mode, so stable mode is the only one. Measured on the 18 minimal 25x25
puzzles (a solution and the proof that it is the only one): one call each,
151 s in all; in slices (from 1,000 conflicts, doubling) 176 s; stable mode
only, one call 122 s and slices of 300 conflicts 124 s.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import cast

from pysat.solvers import Solver

from .bitboard import Bitboard
from .grid import Grid
from .line_rules import rule_clauses

SOLVER = "cadical195"
OPTIONS = {"stabilizeonly": 1}
# Conflicts per call: about 10 ms of a 25x25's solving on an idle core (CaDiCaL
# does some 20,000 conflicts a second there), so the ceiling is read often
# enough, and calls cost nothing (slices of 10 conflicts ran at 97% of the rate
# of slices of 1,000). CaDiCaL's own housekeeping can still take some 50 ms once
# in a while on 25x25, whatever the slice. Never derived from the clock: the
# slices are part of what makes the answer the same everywhere.
SLICE_CONFLICTS = 200
# How often a long solve tells its caller how far it is (a job's page shows it): about
# every half second on an idle core.
PROGRESS_CONFLICTS = 10_000


@dataclass(frozen=True)
class SatResult:
    """What the SAT solver found from one search state.

    `solutions` are the new ones, in the order found (never one it was told
    about). `exhausted` is True when the solver proved there are no others,
    so known plus new is the exact count. `gave_up` is True when it stopped
    first: at its conflict budget, or at the ceiling (`stopped_by_ceiling`).
    `conflicts` is its work count, as search nodes are the search's.
    """

    solutions: tuple[Grid, ...]
    exhausted: bool
    gave_up: bool
    conflicts: int
    stopped_by_ceiling: bool = False


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
    clauses.extend(_unsummed_cages(board, variables))
    clauses.extend(_pairs(board, variables))
    clauses.extend(_relations(board, variables))
    clauses.extend(_line_sums(board, variables, fixed))
    top = max((abs(literal) for clause in clauses for literal in clause), default=0)
    clauses.extend(_line_rules(board, variables, fixed, max(top, len(variables))))
    return Formula(variables, clauses, fixed)


def _line_rules(
    board: Bitboard, variables: dict[int, int], fixed: dict[int, int], top: int
) -> list[list[int]]:
    """The clauses of the geometry's line rules (a between line's), each its kind's
    (line_rules.py) with its literals made the formula's: a cell's digit its option's
    variable (true for a filled cell's digit, false for a dead option: a clause with a true
    literal is left out, a false literal is), the kind's own choices new variables after
    `top`, the formula's last."""
    n = board.n
    clauses: list[list[int]] = []
    for rule in board.geometry.line_rules:
        length = len(rule.cells)
        own: dict[int, int] = {}
        for clause in rule_clauses(rule, n):
            made: list[int] = []
            for literal in clause:
                number = abs(literal)
                if number > length * n:  # one of the kind's own choices
                    if number not in own:
                        top += 1
                        own[number] = top
                    made.append(own[number] if literal > 0 else -own[number])
                    continue
                cell, digit = rule.cells[(number - 1) // n], (number - 1) % n + 1
                if cell in fixed:
                    truth = fixed[cell] == digit
                    variable = None
                else:
                    variable = variables.get(cell * n + digit - 1)
                    truth = False
                if variable is None:
                    if truth == (literal > 0):
                        break  # a true literal: the clause holds
                    continue  # a false one: left out
                made.append(variable if literal > 0 else -variable)
            else:
                clauses.append(made)
    return clauses


def _line_sums(
    board: Bitboard, variables: dict[int, int], fixed: dict[int, int]
) -> list[list[int]]:
    """The clauses of the geometry's line sums (an arrow's), each term by term: a variable of
    its own after the options' for each partial sum the terms so far can make ("the first k
    terms make t"), implied by the partial sum before and the k-th cell's digit; and every
    whole sum but the line's total (nothing but for an outside clue's) false. A model's digits
    make their partial sums true, so its whole sum is the total; and any digits that make the
    total are a model, with those partial sums. A partial sum the terms after it cannot bring
    to the total has no variable: its term's digit and the partial sum before are not both
    true (a model's partial sums all go on to its total)."""
    n = board.n
    clauses: list[list[int]] = []
    top = len(variables)
    for each in board.geometry.line_sums:
        reach: dict[int, int | None] = {0: None}  # partial sum -> its variable (None: true)
        terms = []
        for cell, weight in each.terms:
            if cell in fixed:
                choices: list[tuple[int, int | None]] = [(fixed[cell], None)]
            else:
                choices = [
                    (digit + 1, variables[option])
                    for digit in range(n)
                    if (option := cell * n + digit) in variables
                ]
            terms.append((weight, choices))
        # The least and most the terms from each on can add (0 past the last).
        lows, highs = [0], [0]
        for weight, choices in reversed(terms):
            made_by = [weight * digit for digit, _ in choices] or [0]
            lows.append(lows[-1] + min(made_by))
            highs.append(highs[-1] + max(made_by))
        lows.reverse()
        highs.reverse()
        for index, (weight, choices) in enumerate(terms):
            made: dict[int, int] = {}
            # what each partial sum is made from: the partial sums before, the digits
            ways: dict[int, tuple[set[int | None], set[int | None]]] = {}
            for total, before in reach.items():
                for digit, chosen in choices:
                    after = total + weight * digit
                    taken = [-literal for literal in (before, chosen) if literal is not None]
                    if not lows[index + 1] <= each.total - after <= highs[index + 1]:
                        if taken:  # no way on to the total: not both
                            clauses.append(taken)
                        continue
                    if after not in made:
                        top += 1
                        made[after] = top
                        ways[after] = (set(), set())
                    clauses.append([made[after], *taken])
                    ways[after][0].add(before)
                    ways[after][1].add(chosen)
            # Some partial sum is made, and only from a partial sum before and a digit that
            # make it: true of a model's own partial sums, so no model is lost, and what
            # lets the solver reason back from the total as well as on to it.
            if made:  # none: every way on is refused already, the formula has no model
                clauses.append(list(made.values()))
            for after, (befores, chosens) in ways.items():
                for support in (befores, chosens):
                    if None not in support:
                        clauses.append([-made[after], *(cast(int, one) for one in support)])
            reach = dict(made)
        clauses.extend(
            [-literal] for total, literal in reach.items() if total != each.total and literal
        )
    return clauses


def _unsummed_cages(board: Bitboard, variables: dict[int, int]) -> list[list[int]]:
    """The clauses of a Killer's cages without a sum, which have no constraint of their own
    (bitboard.py): no digit in two of a cage's open cells."""
    geometry, n = board.geometry, board.n
    clauses: list[list[int]] = []
    for cage, total in zip(geometry.cages, geometry.cage_totals, strict=True):
        if total is not None:
            continue
        for digit in range(n):
            live = [variables[o] for cell in cage if (o := cell * n + digit) in variables]
            clauses.extend([-a, -b] for a, b in combinations(live, 2))
    return clauses


def _pairs(board: Bitboard, variables: dict[int, int]) -> list[list[int]]:
    """The clauses of the geometry's pairs of cells that must differ, which have no
    constraint of their own: no digit in both cells of a pair while both are open (a filled
    cell's digit is already gone from the other's options)."""
    n = board.n
    clauses: list[list[int]] = []
    for first, second in board.geometry.pairs:
        for digit in range(n):
            one, other = variables.get(first * n + digit), variables.get(second * n + digit)
            if one is not None and other is not None:
                clauses.append([-one, -other])
    return clauses


def _relations(board: Bitboard, variables: dict[int, int]) -> list[list[int]]:
    """The clauses of the geometry's relations: for each pair of open cells, no two digits
    the relation forbids together (a filled cell's are already gone from the other's
    options)."""
    n = board.n
    clauses: list[list[int]] = []
    for relation in board.geometry.relations:
        for first, second in relation.pairs:
            for one, other in relation.forbidden:
                left = variables.get(first * n + one - 1)
                right = variables.get(second * n + other - 1)
                if left is not None and right is not None:
                    clauses.append([-left, -right])
    return clauses


def clause_count(board: Bitboard, alive: int, done: int) -> int:
    """How many clauses the formula of the state (alive, done) has, without building it:
    what building and loading it costs (about 2 us a clause)."""
    width, mask = board.width, board.field_mask
    clauses = 0
    for field in range(board.constraints):
        if not done & board.guard[field]:
            options = ((alive >> (field * width)) & mask).bit_count()
            clauses += 1 + options * (options - 1) // 2
    for first, second in board.geometry.pairs:
        if not done & (board.guard[first] | board.guard[second]):
            shared = (alive >> (first * width)) & (alive >> (second * width)) & mask
            clauses += shared.bit_count()
    for relation in board.geometry.relations:
        for first, second in relation.pairs:
            if not done & (board.guard[first] | board.guard[second]):
                clauses += len(relation.forbidden)  # at most
    for each in board.geometry.line_sums:  # at most: a partial sum of k terms has k * n values
        terms = len(each.terms)
        clauses += terms * terms * board.n * board.n
    for rule in board.geometry.line_rules:
        clauses += len(rule_clauses(rule, board.n))
    return clauses


def sat_solve(
    board: Bitboard,
    alive: int,
    done: int,
    max_solutions: int,
    conflicts: int,
    deadline: float = math.inf,
    known: Sequence[Grid] = (),
    progress: Callable[[int], None] | None = None,
) -> SatResult:
    """Up to `max_solutions` solutions of the propagated state (alive, done) that are not
    in `known`, looked for within `conflicts` of CaDiCaL's, or until `deadline` (a
    time.perf_counter() value, a safety ceiling). `progress`, if given, is told the
    conflicts so far every PROGRESS_CONFLICTS."""
    cnf = formula(board, alive, done)
    options = cnf.options
    found: list[Grid] = []
    with Solver(name=SOLVER, bootstrap_with=cnf.clauses) as solver:
        solver.configure(OPTIONS)
        for solution in known:
            _block(solver, board, cnf, solution)
        answer: bool | None = True
        ceiling = False
        while len(found) < max_solutions:
            answer, ceiling = _solve_until(solver, conflicts, deadline, progress)
            if not answer:
                break
            solution = _decode(board, cnf.fixed, options, solver.get_model())
            found.append(solution)
            _block(solver, board, cnf, solution)
        spent = _conflicts(solver)
    return SatResult(
        solutions=tuple(found),
        exhausted=answer is False,
        gave_up=answer is None,
        conflicts=spent,
        stopped_by_ceiling=answer is None and ceiling,
    )


def _solve_until(
    solver: Solver,
    conflicts: int,
    deadline: float,
    progress: Callable[[int], None] | None = None,
) -> tuple[bool | None, bool]:
    """True (a model), False (no model) or None (stopped) and whether the ceiling stopped
    it: solving in slices of SLICE_CONFLICTS until the solver has spent `conflicts` in
    all, or `deadline` passes between two slices; telling `progress` the conflicts so far
    as they pass each multiple of PROGRESS_CONFLICTS."""
    spent = _conflicts(solver)
    next_report = (spent // PROGRESS_CONFLICTS + 1) * PROGRESS_CONFLICTS
    while spent < conflicts:
        if time.perf_counter() >= deadline:
            return None, True
        if progress is not None and spent >= next_report:
            progress(spent)
            next_report = (spent // PROGRESS_CONFLICTS + 1) * PROGRESS_CONFLICTS
        solver.conf_budget(min(SLICE_CONFLICTS, conflicts - spent))
        answer: bool | None = solver.solve_limited()
        if answer is not None:
            return answer, False
        # A slice always counts, so that the loop ends even should CaDiCaL stop unasked.
        spent = max(_conflicts(solver), spent + 1)
    return None, False


def _conflicts(solver: Solver) -> int:
    """The conflicts `solver` has had in all its calls."""
    return int(solver.accum_stats()["conflicts"])


def _decode(board: Bitboard, fixed: dict[int, int], options: list[int], model: list[int]) -> Grid:
    """The grid a model spells out: the state's filled cells, and each true cell option's
    symbol (a Killer's cage combinations are options too, after the cells')."""
    n = board.n
    cells = [0] * board.cells
    for cell, value in fixed.items():
        cells[cell] = value
    for literal in model:
        if 0 < literal <= len(options) and options[literal - 1] < board.options:
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
