"""What the subcommands share: budget options, number types, reading input, usage errors."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
from typing import TextIO, TypeAlias, TypeVar

from ..sudoku import Budget
from ..sudoku.variants import names

EXIT_OK = 0
EXIT_USAGE = 2


# What argparse's add_subparsers returns; each subcommand module adds its parser to it.
# Subscripted for the type checker only: the class is not generic at run time.
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class UsageError(Exception):
    """A command that cannot run as asked: a bad option or a file that cannot be read."""


def add_budget(parser: argparse.ArgumentParser, seconds: bool = False) -> None:
    """The options that bound each solve: its work (nodes, SAT conflicts), which decides the
    answer, and a ceiling in time; `seconds` adds --budget-seconds beside --budget-ms."""
    defaults = Budget()
    # Both time options store seconds in one place, so only one of them may be given.
    limits = parser.add_mutually_exclusive_group()
    limits.add_argument(
        "--budget-ms",
        dest="budget_seconds",
        type=milliseconds,
        metavar="MS",
        help="time ceiling per puzzle in milliseconds: a solve it stops says so"
        f" (default {defaults.ceiling_seconds * 1000:g})",
    )
    if seconds:
        limits.add_argument(
            "--budget-seconds",
            dest="budget_seconds",
            type=positive_float,
            metavar="S",
            help=f"time ceiling per puzzle in seconds (default {defaults.ceiling_seconds:g})",
        )
    parser.add_argument(
        "--budget-nodes",
        type=positive_int,
        metavar="N",
        help=f"search nodes per puzzle (default {defaults.nodes:,})",
    )
    parser.add_argument(
        "--budget-conflicts",
        type=positive_int,
        metavar="N",
        help=f"SAT solver conflicts per 16x16 or 25x25 puzzle (default {defaults.sat_conflicts:,})",
    )


def add_variant(parser: argparse.ArgumentParser) -> None:
    """--variant, --regions and --cages: the rules of puzzles whose text does not name them."""
    parser.add_argument(
        "--variant",
        metavar="V",
        help=f"the puzzles' rules: {names()}; a share code's own rules need no option",
    )
    parser.add_argument(
        "--regions",
        metavar="FILE",
        help="a jigsaw's region map: one label (letter or digit) per cell, a row a line",
    )
    parser.add_argument(
        "--cages",
        metavar="FILE",
        help='a killer\'s cages as JSON: a list of {"cells": ["r1c1", "r1c2"], "sum": 10}, or'
        ' {"map": one label per cell ("." for none), "sums": {"a": 10, ...}}',
    )


# The rules the options name (variants.puzzle_with): a variant's name, a jigsaw's region
# labels and a killer's cages; all None for the rules each puzzle's text names.
VariantOptions = tuple[str | None, str | None, object]


def variant_options(args: argparse.Namespace) -> VariantOptions:
    """The rules --variant, --regions and --cages name, their files read; UsageError if a
    file cannot be read."""
    return args.variant, regions_text(args.regions), cages_json(args.cages)


def cages_json(path: str | None) -> object:
    """The cages in the JSON file --cages names, None without one; UsageError if it cannot
    be read as JSON."""
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8-sig") as stream:
            return json.loads(stream.read(1_000_000))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise UsageError(f"--cages {path}: {error}") from None


def regions_text(path: str | None) -> str | None:
    """The region map in the file --regions names, None without one; UsageError if unreadable."""
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8-sig") as stream:
            return stream.read(100_000)
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"--regions {path}: {error}") from None


def add_path_options(parser: argparse.ArgumentParser) -> None:
    """The input, --json, the rules and the work budget of the commands that walk a logic
    path."""
    parser.add_argument("file", nargs="?", default="-", help="puzzle file; - for stdin (default)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    add_variant(parser)
    add_work_budget(parser, "each puzzle's path")


# The work of a path on the command line: about 5 s on one core (webapp/sudoku/logic/work.py
# counts it), so that any machine, however busy, prints the same path.
PATH_WORK = 250_000


def add_work_budget(parser: argparse.ArgumentParser, what: str) -> None:
    """--budget-work, which decides how far `what` goes, and --ceiling-seconds, a safety net."""
    parser.add_argument(
        "--budget-work",
        type=positive_int,
        default=PATH_WORK,
        metavar="UNITS",
        help=f"units of work for {what} (default {PATH_WORK:,}); past it the answer says it "
        "stopped, the same on every machine",
    )
    parser.add_argument(
        "--ceiling-seconds",
        type=positive_float,
        default=math.inf,
        metavar="S",
        help="stop anyway after this long, saying so (default: no ceiling)",
    )


def budget_from(args: argparse.Namespace) -> Budget | None:
    """The budget the options ask for, or None for the solver's default."""
    asked = (args.budget_seconds, args.budget_nodes, args.budget_conflicts)
    if all(value is None for value in asked):
        return None
    defaults = Budget()
    return Budget(
        nodes=args.budget_nodes or defaults.nodes,
        sat_conflicts=args.budget_conflicts or defaults.sat_conflicts,
        ceiling_seconds=args.budget_seconds or defaults.ceiling_seconds,
    )


def open_input(path: str) -> contextlib.AbstractContextManager[TextIO]:
    """The file at `path` for reading as text, or stdin for "-" (left open)."""
    if path == "-":
        return contextlib.nullcontext(sys.stdin)
    try:
        return open(path, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror or error}") from error


def positive_int(text: str) -> int:
    """An argparse type: a whole number above zero."""
    return positive(int, text)


def positive_float(text: str) -> float:
    """An argparse type: a finite number above zero."""
    return positive(float, text)


def milliseconds(text: str) -> float:
    """An argparse type: a finite number of milliseconds above zero, in seconds."""
    return positive(float, text) / 1000


Number = TypeVar("Number", int, float)


def positive(kind: type[Number], text: str) -> Number:
    """`text` read as `kind`, if that is a finite number above zero; else a usage error."""
    try:
        value: Number | None = kind(text)
    except ValueError:
        value = None
    if value is None or not 0 < value < math.inf:
        whole = "whole " if kind is int else ""
        raise argparse.ArgumentTypeError(f"{text!r} is not a {whole}number above zero")
    return value
