"""`sudoku solve`: solve puzzles, one per line, and print each one's solution or status."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator

from ..records.solve import SolvedText, SolveRecord
from ..sudoku import Budget, PuzzleError, solve
from ..sudoku.alphabet import ALPHABETS, written
from ..sudoku.counting import COUNTED, count_solutions_of, counting_budget
from ..sudoku.parse import read
from ..sudoku.result import MULTIPLE, SOLVED
from ..sudoku.variants import puzzle_with
from ..wording import solution_count_message
from .arguments import (
    EXIT_OK,
    Subcommands,
    UsageError,
    add_budget,
    add_variant,
    budget_from,
    open_input,
    positive_int,
    variant_options,
)

SOLVE_EPILOG = """\
Output: one line per puzzle, the solution when there is exactly one, else
no_solution, gave_up or invalid, or for more than one solution "multiple:" and
how many ("multiple: exactly 5 solutions", "multiple: at least 1,000 solutions
(counting stops there)"). With --count, each puzzle's solutions (up to K) on
lines of their own, then the status word unless it is solved or multiple, and
an empty line between puzzles; --all is the same with every solution up to
1,000, then how many there are when more than one. --json prints one JSON
object per puzzle: puzzle, alphabet, status, solution, solutions, nodes, engine
(search, or sat when CaDiCaL decided a 16x16 or 25x25 the search could not),
sat_conflicts, ms, plus error (invalid), conflicts (clashing givens) or
solution_count (more than one solution: count, exact, and stopped, which is
null, cap, nodes or time). Blank lines and lines starting with # are skipped.

Solutions are counted up to 1,000, within the --budget options when given,
else within a node budget for the grid's size (20,000 nodes on 9x9, 600 on
25x25), so a count is the same on every run.

Grids are written back in the alphabet the puzzle came in: a 16x16 Hexadoku
(0-F, . for blanks: told apart by its 0, or --alphabet hex) gets its answer in
0-F too; every other puzzle in 1-9 and A-P.
"""


def add(commands: Subcommands) -> None:
    """Declare `sudoku solve`."""
    parser = commands.add_parser(
        "solve",
        help="solve puzzles, one per line",
        description="Solve puzzles, one per line, from FILE or stdin.",
        epilog=SOLVE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", nargs="?", default="-", help="puzzle file; - for stdin (default)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    listing = parser.add_mutually_exclusive_group()
    listing.add_argument("--count", type=positive_int, metavar="K", help="list up to K solutions")
    listing.add_argument(
        "--all", action="store_true", help=f"list every solution, up to {COUNTED:,}"
    )
    parser.add_argument(
        "--grid", action="store_true", help="read the whole input as one grid over several lines"
    )
    parser.add_argument(
        "--alphabet",
        choices=ALPHABETS,
        help="the symbols the puzzles are in: hex is 0-F on 16x16 (default: told from each"
        " puzzle, hex when a 16x16 with . blanks holds a 0)",
    )
    add_variant(parser)
    add_budget(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Solve every puzzle in the input and print one record per puzzle."""
    budget = budget_from(args)
    variant = variant_options(args)
    first = True
    for text in puzzle_texts(args.file, whole=args.grid):
        record = solve_record(
            text,
            count=args.count,
            budget=budget,
            alphabet=args.alphabet,
            listing=args.all,
            variant=variant,
        )
        if args.json:
            print(json.dumps(record.to_json()))
        elif args.count or args.all:
            if not first:
                print()
            _print_solutions(record, args.all)
        else:
            print(record.solution or _status_line(record))
        first = False
    return EXIT_OK


def solve_record(
    text: str,
    count: int | None = None,
    budget: Budget | None = None,
    alphabet: str | None = None,
    listing: bool = False,
    variant: tuple[str | None, str | None, object] = (None, None, None),
) -> SolvedText:
    """Read and solve one puzzle text (in `alphabet`, or the one it is told to be in), under
    the rules `variant` names (its name, a jigsaw's region labels and a killer's cages;
    variants.py): the
    record `solve --json` prints for it, its grids in the puzzle's alphabet. One with more
    than one solution has them counted (up to COUNTED) and, with `listing`, listed."""
    try:
        puzzle, alphabet = read(text, alphabet)
        puzzle = puzzle_with(puzzle, *variant)
    except PuzzleError as error:
        return SolvedText(text, alphabet, None, error.message)
    # The solve's own time: a size's tables are built once per process, and the
    # first puzzle of a size must not be charged for them.
    result = solve(puzzle, max_solutions=max(2, count or 0), budget=budget)
    counted = None
    if result.status == MULTIPLE:
        counted = count_solutions_of(
            puzzle, COUNTED, budget or counting_budget(puzzle.shape), keep=COUNTED if listing else 0
        ).at_least(result.solutions)
    solved = SolveRecord(result, counted, alphabet, listing=listing, limit=count)
    return SolvedText(written(puzzle.grid, alphabet), alphabet, solved)


def _status_line(record: SolvedText) -> str:
    """The status word, and for more than one solution how many: "multiple: exactly 5
    solutions"."""
    if record.count is None:
        return str(record.status)
    return f"{record.status}: {solution_count_message(record.count)}"


def _print_solutions(record: SolvedText, listing: bool) -> None:
    """The --count and --all form of one record: its solutions, then the status if it is not
    a count, and with --all how many there are when more than one."""
    for solution in record.solutions:
        print(solution)
    if record.status not in (SOLVED, MULTIPLE):
        print(record.status)
    elif listing and record.status == MULTIPLE:
        print(_status_line(record))


def puzzle_texts(path: str, whole: bool) -> Iterator[str]:
    """The puzzles in a file or stdin: each non-blank, non-comment line, or all of it."""
    with open_input(path) as stream:
        try:
            if whole:
                yield stream.read()
                return
            for line in stream:
                text = line.strip()
                if text and not text.startswith("#"):
                    yield text
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path}: {error}") from error
