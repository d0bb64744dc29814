"""`sudoku rate`: each puzzle's rating, level and hardest technique; --summary adds figures."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter

from ..explanations import LEVELS
from ..records.path import RatingRecord
from .agreement import mean_difference, spearman
from .arguments import EXIT_OK, Subcommands, VariantOptions, add_path_options, variant_options
from .explain import explain_record
from .solve import puzzle_texts
from .timing import markdown_table, speed_figures

EPILOG = """\
One line per puzzle: rating, level and hardest technique; "incomplete" after it when the
path stopped before the end (the rating is then a floor). A puzzle without exactly one
solution prints its status. --json prints one object per puzzle: puzzle, rating, level,
hardest, counts (steps per technique), ms, complete. --summary adds a Markdown table:
puzzles/s, mean/median/p99 ms, the mean rating, and how many puzzles fell in each level.
--reference reads a second field on each line, another rater's rating of that puzzle
(Sudoku Explainer's, say): the summary then adds how closely ours follows it (Spearman's
rank correlation and the mean absolute difference, over the puzzles rated to the end).
"""


def add(commands: Subcommands) -> None:
    """Declare `sudoku rate`."""
    parser = commands.add_parser(
        "rate",
        help="rate each puzzle by its hardest step",
        description="Rate puzzles, one per line, from FILE or stdin.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_path_options(parser)
    parser.add_argument("--summary", action="store_true", help="end with a Markdown table")
    parser.add_argument(
        "--reference",
        action="store_true",
        help="each line is PUZZLE RATING: compare our ratings with that one in the summary",
    )
    parser.set_defaults(run=run)


def rate_record(
    text: str,
    work: int,
    ceiling_seconds: float = math.inf,
    variant: VariantOptions = (None, None, None),
    reference: float | None = None,
) -> RatingRecord:
    """One puzzle's rating record within `work` units, timed, comparing with `reference`;
    a puzzle that cannot be read (or whose rules cannot) keeps the error that says why."""
    started = time.perf_counter()
    explained = explain_record(text, work, ceiling_seconds, words=False, variant=variant)
    ms = (time.perf_counter() - started) * 1000
    return RatingRecord(explained, ms, reference)


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle in the input."""
    records = []
    variant = variant_options(args)
    for text in puzzle_texts(args.file, whole=False):
        reference = None
        if args.reference:
            text, reference = _with_reference(text)
        record = rate_record(text, args.budget_work, args.ceiling_seconds, variant, reference)
        records.append(record)
        if args.json:
            print(json.dumps(record.to_json()))
        elif record.path is not None:
            line = f"{record.path.rating:.1f} {record.level} {record.path.hardest}"
            print(line if record.complete else f"{line} incomplete")
        else:
            print(record.explained.status)
    if args.summary:
        print()
        print("\n".join(summary(records)))
    return EXIT_OK


def _with_reference(line: str) -> tuple[str, float | None]:
    """A `PUZZLE RATING` line's puzzle and rating (None when the second field is no number)."""
    fields = line.split()
    try:
        return fields[0], float(fields[1])
    except (IndexError, ValueError):
        return fields[0] if fields else line, None


def summary(records: list[RatingRecord]) -> list[str]:
    """The Markdown table of a run: speed, the mean rating, the puzzles in each level, and
    the agreement with a reference rating where the records carry one."""
    rated = [(record, record.path.rating) for record in records if record.path is not None]
    levels = Counter(record.level for record, _ in rated if record.complete)
    cells = speed_figures([round(record.ms, 3) for record in records])
    cells["mean rating"] = f"{statistics.fmean(r for _, r in rated):.2f}" if rated else "-"
    cells.update((name, str(levels[name])) for _, name in LEVELS)
    cells["incomplete"] = str(sum(1 for record, _ in rated if not record.complete))
    compared = [
        (rating, record.reference)
        for record, rating in rated
        if record.complete and record.reference is not None
    ]
    if compared:
        ours = [ours for ours, _ in compared]
        theirs = [theirs for _, theirs in compared]
        cells["compared"] = str(len(compared))
        cells["Spearman"] = f"{spearman(ours, theirs):.3f}"
        cells["mean abs diff"] = f"{mean_difference(ours, theirs):.2f}"
        cells["reference mean"] = f"{statistics.fmean(theirs):.2f}"
    return markdown_table(cells)
