"""`sudoku generate`: new puzzles by size, level and symmetry; --bench times the generator."""

from __future__ import annotations

import argparse
import json
import math
import secrets
import statistics
import sys
from collections.abc import Iterator

from ..records.json_types import JsonObject
from ..sudoku import SHAPES, prepare
from ..sudoku.generator import (
    LARGEST_SEED,
    LEVEL_NAMES,
    SIZES,
    SYMMETRIES,
    Generated,
    GenerationStatus,
    Order,
    OrderError,
    generate,
    levels_of,
)
from ..sudoku.generator.generate import ONLY_EASY_WHY, variants
from .arguments import EXIT_OK, Subcommands, UsageError, positive_float, positive_int
from .timing import figure

EXIT_GAVE_UP = 1

EPILOG = """\
Prints one puzzle per line ("." for blanks), ready for `sudoku solve` or `sudoku rate`.
Puzzle i of --count K comes from seed S+i (S is --seed, or a random one): the same
size, level, symmetry, seed, --minimal and --variant give the same puzzle on every
machine. A variant's line ends with its rules as its share code writes them ("-x",
"-w", a Jigsaw's "-j" and region code), which every command reads back.
--json prints one object per puzzle: puzzle, solution, level, rating, hardest,
symmetry, seed, minimal, variant, givens, attempts, ms. A generation that runs out of --seconds
or of attempts says so on stderr (or as {"status": "gave_up", "why": ...} with
--json), and the command exits with status 1.

--list-levels prints the level names, easiest first. --bench generates --count puzzles
(default 20) for each size and level asked (default: 9x9 at every level, 16x16 at the
three easiest) and prints a Markdown table: puzzles/s, median, p90, p95 and max ms (wall),
median, p95 and max CPU ms (this process's, which other jobs on the machine do not
inflate), mean givens and rating, and the share of attempts that reached the level. Every
generation counts in the times, those that gave up (at --seconds) too.
"""

# What --bench measures when no --size or --level is given: (size, levels).
BENCH_DEFAULT = ((9, LEVEL_NAMES), (16, LEVEL_NAMES[:3]))


def add(commands: Subcommands) -> None:
    """Declare `sudoku generate`."""
    parser = commands.add_parser(
        "generate",
        help="generate new puzzles by size, level and symmetry",
        description="Generate puzzles with exactly one solution, rated in the level asked.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--size", type=int, choices=SIZES, action="append", help="grid size (default 9)"
    )
    parser.add_argument(
        "--level", choices=LEVEL_NAMES, action="append", help="level (default medium)"
    )
    parser.add_argument(
        "--symmetry",
        choices=SYMMETRIES,
        default="rotational",
        help="the givens' pattern (default rotational)",
    )
    parser.add_argument(
        "--variant",
        choices=tuple(variants()),
        default="classic",
        help="the rules: x (both diagonals), windoku (four windows), jigsaw (random regions)",
    )
    parser.add_argument("--count", type=positive_int, metavar="K", help="puzzles (default 1)")
    parser.add_argument("--seed", type=seed, metavar="S", help="the first seed (default random)")
    parser.add_argument(
        "--minimal", action="store_true", help="no given can go without losing uniqueness"
    )
    parser.add_argument(
        "--seconds",
        type=positive_float,
        default=60.0,
        metavar="S",
        help="time for each puzzle (default 60)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle")
    parser.add_argument(
        "--list-levels", action="store_true", help="print the level names, easiest first"
    )
    parser.add_argument("--bench", action="store_true", help="time the generator: a table")
    parser.set_defaults(run=run)


def seed(text: str) -> int:
    """An argparse type: a whole number from 0 to LARGEST_SEED."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= LARGEST_SEED:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number from 0 to {LARGEST_SEED}")
    return value


def run(args: argparse.Namespace) -> int:
    """Print the levels, a benchmark table, or the puzzles asked for."""
    if args.list_levels:
        print("\n".join(LEVEL_NAMES))
        return EXIT_OK
    if args.bench:
        print("\n".join(bench_table(args)))
        return EXIT_OK
    asked = [(size, level) for size in args.size or [9] for level in args.level or ["medium"]]
    for size, level in asked:
        try:
            Order(size, level, args.symmetry, variant=args.variant)
        except OrderError as error:
            raise UsageError(str(error)) from error
        if level not in levels_of(size):
            raise UsageError(f"no {size}x{size} puzzle at level {level}: {ONLY_EASY_WHY}")
    gave_up = False
    for size, level in asked:
        for generated in _puzzles(args, size, level, args.count or 1):
            gave_up |= generated.status != GenerationStatus.GENERATED
            _print(generated, args.json)
    return EXIT_GAVE_UP if gave_up else EXIT_OK


def _puzzles(args: argparse.Namespace, size: int, level: str, count: int) -> Iterator[Generated]:
    """The puzzles of one size and level: seeds from --seed (or a random one) on."""
    first = args.seed if args.seed is not None else secrets.randbelow(10**9)
    prepare(SHAPES[size])  # a one-off cost per size, not any puzzle's
    for number in range(count):
        yield generate(
            size,
            level,
            args.symmetry,
            (first + number) % (LARGEST_SEED + 1),
            minimal=args.minimal,
            seconds=args.seconds,
            variant=args.variant,
        )


def record(generated: Generated) -> JsonObject:
    """What --json prints of one generation."""
    order = generated.order
    found: JsonObject = {"status": generated.status}
    if generated.puzzle is not None and generated.solution is not None:
        found |= {
            "puzzle": generated.puzzle.line,
            "solution": generated.solution.line,
            "level": order.level,
            "rating": generated.rating,
            "hardest": generated.hardest,
        }
        if not generated.rated_to_end:
            found["rated_to_end"] = False  # the rating is a floor
    found |= {"size": order.size, "symmetry": order.symmetry, "seed": order.seed}
    found |= {"minimal": order.minimal, "variant": order.variant}
    if generated.puzzle is not None:
        found["givens"] = generated.puzzle.givens
    else:
        found["why"] = generated.why
    found |= {"attempts": generated.attempts, "ms": round(generated.ms, 3)}
    return found


def _print(generated: Generated, as_json: bool) -> None:
    """One generation as the output asks: its JSON, or its puzzle line (gave up: stderr)."""
    if as_json:
        print(json.dumps(record(generated)), flush=True)
    elif generated.puzzle is not None:
        print(generated.puzzle.line, flush=True)
    else:
        order = generated.order
        print(f"seed {order.seed}: gave up: {generated.why}", file=sys.stderr, flush=True)


def bench_table(args: argparse.Namespace) -> list[str]:
    """--bench: a Markdown table, one row per size and level, seeds from --seed (or 0)."""
    asked = (
        [(size, args.level or LEVEL_NAMES) for size in args.size]
        if args.size
        else [(size, args.level or levels) for size, levels in BENCH_DEFAULT]
    )
    count = args.count or 20
    rows = [
        "| size | variant | level | symmetry | puzzles | gave up | puzzles/s | median ms"
        " | p90 ms | p95 ms | max ms | median CPU ms | p95 CPU ms | max CPU ms"
        " | mean givens | mean rating | reached the level |",
        "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    bench_args = argparse.Namespace(**{**vars(args), "seed": args.seed or 0})
    for size, levels in asked:
        for level in levels:
            runs = list(_puzzles(bench_args, size, level, count))
            rows.append(bench_row(runs))
            print(rows[-1], file=sys.stderr, flush=True)  # a long run shows it is alive
    return rows


def bench_row(runs: list[Generated]) -> str:
    """The figures of one size and level's runs as a Markdown table row."""
    order = runs[0].order
    made = [run for run in runs if run.status == GenerationStatus.GENERATED]
    times = sorted(run.ms for run in runs)
    cpu_times = sorted(run.cpu_ms for run in runs)
    total = sum(times) / 1000
    givens = [run.puzzle.givens for run in made if run.puzzle is not None]
    ratings = [run.rating for run in made if run.rating is not None]
    attempts = sum(run.attempts for run in runs)
    cells = [
        f"{order.size}x{order.size}",
        order.variant,
        order.level,
        order.symmetry,
        str(len(runs)),
        str(len(runs) - len(made)),
        figure(len(made) / total if total else math.inf),
        figure(statistics.median(times)),
        figure(times[math.ceil(0.9 * len(times)) - 1]),
        figure(times[math.ceil(0.95 * len(times)) - 1]),
        figure(times[-1]),
        figure(statistics.median(cpu_times)),
        figure(cpu_times[math.ceil(0.95 * len(cpu_times)) - 1]),
        figure(cpu_times[-1]),
        figure(statistics.fmean(givens)) if givens else "-",
        f"{statistics.fmean(ratings):.2f}" if ratings else "-",
        f"{len(made) / attempts:.0%}" if attempts else "-",
    ]
    return "| " + " | ".join(cells) + " |"
