"""`sudoku explain`: each puzzle's easiest-first path in words, then its rating."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..explanations import level_of, sentence
from ..sudoku import PuzzleError, parse, solve
from ..sudoku.logic import SOLVED, STOPPED, Step, find_path
from ..sudoku.result import MULTIPLE, NO_SOLUTION, SolveResult
from ..sudoku.result import SOLVED as ONE_SOLUTION
from ..wording import conflict_message
from .arguments import EXIT_OK, Subcommands, add_path_options
from .solve import puzzle_texts

EPILOG = """\
Each puzzle's path: one numbered line per step, the sentence a person reads, then the
rating (the hardest step's difficulty on Sudoku Explainer's scale) and its level. A
puzzle without exactly one solution gets its status instead. --json prints one object
per puzzle: puzzle, status, rating, level, complete, steps (technique, difficulty,
digits, cells with roles, eliminations, placements, text; cells 1-based [row, col] and
candidates [row, col, symbol]), ms. A path that runs out of budget stops there and
says so (the rating is then a floor).
"""


def add(commands: Subcommands) -> None:
    """Declare `sudoku explain`."""
    parser = commands.add_parser(
        "explain",
        help="explain each puzzle step by step, then rate it",
        description="Explain puzzles, one per line, from FILE or stdin.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_path_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Explain every puzzle in the input."""
    first = True
    for text in puzzle_texts(args.file, whole=False):
        record = explain_record(text, args.budget_seconds)
        if args.json:
            print(json.dumps(record))
            continue
        if not first:
            print()
        first = False
        print(record["puzzle"])
        for number, step in enumerate(record["steps"], start=1):
            print(f"{number}. {step['text']}")
        print(summary(record))
    return EXIT_OK


def summary(record: dict[str, Any]) -> str:
    """The last lines for a puzzle: its rating, or why there is none (and two solutions)."""
    if record["status"] != ONE_SOLUTION:
        why = f"{record['status']}: {record.get('error') or 'no single solution to explain'}"
        if record["status"] == MULTIPLE:
            return "\n".join([why, *record["solutions"]])
        return why
    rating = f"{record['rating']:.1f} ({record['level']}, hardest: {record['hardest']})"
    if record["complete"]:
        return f"Rating {rating}"
    return f"Stopped after {len(record['steps'])} steps: {record['stopped']}. So far: {rating}"


def explain_record(text: str, seconds: float, words: bool = True) -> dict[str, Any]:
    """Read, check and explain one puzzle: the record `explain --json` prints for it.

    Without `words`, each step is just its technique (all `sudoku rate` reads): no
    sentences, cells or candidates are written out."""
    try:
        grid = parse(text)
    except PuzzleError as error:
        return {"puzzle": text, "status": "invalid", "error": error.message, "steps": []}
    result = solve(grid)
    if result.status != ONE_SOLUTION:
        return {"puzzle": grid.line, "status": result.status, "steps": [], **evidence(result)}
    path = find_path(grid, seconds=seconds, unique=True)
    shape = grid.shape
    record: dict[str, Any] = {
        "puzzle": grid.line,
        "status": result.status,
        "rating": path.rating,
        "level": level_of(path.rating),
        "hardest": path.hardest,
        "complete": path.status == SOLVED,
        "steps": [
            step_record(shape, step) if words else {"technique": step.technique}
            for step in path.steps
        ],
    }
    if path.status != SOLVED:
        record["stopped"] = (
            "the next step needs more work than the budget"
            if path.status == STOPPED
            else "the next step needs a technique the engine does not have yet"
        )
    return record


def evidence(result: SolveResult) -> dict[str, Any]:
    """Why a puzzle has no path to explain: the exact solver's two solutions, the clashing
    givens, or that search proved there is none (or ran out of budget)."""
    found: dict[str, Any] = {"solutions": [grid.line for grid in result.solutions]}
    if result.status == MULTIPLE:
        found["error"] = "it has more than one solution; here are two that differ"
    elif result.conflicts:
        found["conflicts"] = [conflict_message(conflict) for conflict in result.conflicts]
        found["error"] = "its givens clash: " + "; ".join(found["conflicts"])
    elif result.status == NO_SOLUTION:
        found["error"] = "search proved it has no solution"
    else:
        found["error"] = "the exact solver ran out of budget before deciding it"
    return found


def step_record(shape: Any, step: Step) -> dict[str, Any]:
    """One step as JSON: 1-based cells and candidates, symbols as written."""
    n = shape.size

    def where(cell: int) -> list[int]:
        return [cell // n + 1, cell % n + 1]

    return {
        "technique": step.technique,
        "difficulty": step.difficulty,
        "digits": [shape.symbol(value) for value in step.digits],
        "cells": [[*where(cell), role] for cell, role in step.cells],
        "eliminations": [[*where(cell), shape.symbol(v)] for cell, v in step.eliminations],
        "placements": [[*where(cell), shape.symbol(v)] for cell, v in step.placements],
        "text": sentence(shape, step),
    }
