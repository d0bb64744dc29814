"""The `sudoku` command: solve puzzles from a file or stdin, benchmark the solver, serve the app.

Each subcommand is a module with an `add` function that declares its
arguments and a `run` function that does the work and returns the exit
status; `main` wires them together, so a new subcommand is one more module
in COMMANDS.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

# One thread for the numerical libraries, set before anything imports numpy: the command's
# only matrix products are the photo reader's small ones, and on a busy machine OpenBLAS's
# spinning threads made each of them a hundred times slower (`sudoku read --bench` needed
# OPENBLAS_NUM_THREADS=1 to measure the reader at all). A value already set is kept.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

from . import (  # noqa: E402 (the libraries' threads are set first)
    bench,
    bot,
    explain,
    generate,
    hint,
    jobs,
    learn_bank,
    learn_bench,
    rate,
    read,
    relay,
    serve,
    solve,
    soundness,
)
from .arguments import EXIT_OK, EXIT_USAGE, Subcommands, UsageError  # noqa: E402

COMMANDS: tuple[Callable[[Subcommands], None], ...] = (
    solve.add,
    explain.add,
    rate.add,
    hint.add_hint,
    hint.add_steps,
    bench.add,
    soundness.add,
    generate.add,
    read.add,
    serve.add,
    jobs.add,
    relay.add,
    learn_bank.add,
    learn_bench.add,
    bot.add,
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for `sudoku` and all its subcommands."""
    parser = argparse.ArgumentParser(prog="sudoku", description="An exact Sudoku solver.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in COMMANDS:
        add(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the `sudoku` command line; return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed the usage or the help
        return stop.code if isinstance(stop.code, int) else EXIT_USAGE
    try:
        status: int = args.run(args)
        return status
    except UsageError as error:
        print(f"sudoku {args.command}: {error}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # The reader stopped early (`| head`). Point stdout at /dev/null so the
        # flush at exit does not fail a second time, and stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
