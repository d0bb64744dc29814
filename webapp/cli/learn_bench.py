"""`sudoku learn-bench`: how long serving one practice position takes, over the whole bank.

Every practice position the shipped bank holds is asked for, technique by technique, as the practice
page (`GET /learn/<slug>/practice`) and as JSON (`GET /api/learn/<slug>/practice`), through
the app in this process (no server, no network): what is timed is the app's own work,
building the position from the bank's text and drawing it. Each position is asked for
--rounds times; the first round is each position's first sight (nothing of it cached yet),
so the figures are given for it alone and for every round. Wall time is only measured and
printed here, never a limit; the process's CPU time is printed beside it, as on a shared
machine the wall clock also counts other programs' turns.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .arguments import EXIT_OK, Subcommands, positive_int

if TYPE_CHECKING:
    from flask.testing import FlaskClient

# The rows printed: wall time (what a player waits, on a shared machine too), and the CPU time
# of this process (the app's own work, whatever else the machine is doing).
ROWS = ("page, first sight", "page", "page, CPU", "json", "json, CPU")


def add(commands: Subcommands) -> None:
    """Declare `sudoku learn-bench`."""
    parser = commands.add_parser(
        "learn-bench",
        help="time serving every practice position of the bank, as a page and as JSON",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    parser.add_argument(
        "--rounds", type=positive_int, default=2, help="times each position is asked for (2)"
    )
    parser.add_argument(
        "--per",
        type=positive_int,
        help="positions asked for per technique and size (default: all the bank has)",
    )
    parser.set_defaults(run=run)


@dataclass(frozen=True)
class Figures:
    """Times of one kind of request, in milliseconds."""

    count: int
    median: float
    p99: float
    largest: float

    @classmethod
    def of(cls, millis: list[float]) -> Figures:
        """The figures of `millis` (at least one)."""
        ordered = sorted(millis)
        p99 = ordered[min(len(ordered) - 1, max(0, round(0.99 * len(ordered)) - 1))]
        return cls(len(ordered), statistics.median(ordered), p99, ordered[-1])

    def row(self, name: str) -> str:
        """The figures as a Markdown table's row."""
        return (
            f"| {name} | {self.count} | {self.median:.1f} | {self.p99:.1f} | {self.largest:.1f} |"
        )


def run(args: argparse.Namespace) -> int:
    """Ask for every practice position and print the figures as a Markdown table."""
    from .. import create_app  # the web layer, only for this command
    from ..web.learn.lessons import LESSONS
    from ..web.learn.shipped import positions, sizes_of

    urls = [
        (f"/learn/{query}", f"/api/learn/{query}")
        for slug in sorted(LESSONS)
        for size in sizes_of(slug)
        for seed in range(len(positions(slug, size)))[: args.per]
        for query in (f"{slug}/practice?size={size}&seed={seed}",)
    ]
    with tempfile.TemporaryDirectory() as folder:
        store = f"sqlite:///{Path(folder) / 'jobs.sqlite3'}"
        # a line per request on stderr would bury the figures (and cost its own time)
        client = create_app({"JOB_STORE": store, "REQUEST_LOG": False}).test_client()
        client.get(urls[0][0])  # the first request pays for templates and the bank's file
        times: dict[str, list[float]] = {name: [] for name in ROWS}
        for round_number in range(args.rounds):
            for page, api in urls:
                wall, cpu = _timed(client, page)
                times["page"].append(wall)
                times["page, CPU"].append(cpu)
                if round_number == 0:
                    times["page, first sight"].append(wall)
                wall, cpu = _timed(client, api)
                times["json"].append(wall)
                times["json, CPU"].append(cpu)
    print(f"{len(urls)} practice positions, {args.rounds} rounds, milliseconds per request")
    print("| request | count | median | p99 | max |")
    print("|---|---|---|---|---|")
    for name in ROWS:
        print(Figures.of(times[name]).row(name))
    return EXIT_OK


def _timed(client: FlaskClient, url: str) -> tuple[float, float]:
    """The milliseconds a GET of `url` took, on the wall clock and of this process's CPU;
    the bench stops when it is not served, as its figure would mean nothing."""
    start, start_cpu = time.perf_counter(), time.process_time()
    status = client.get(url).status_code
    took = (time.perf_counter() - start) * 1000, (time.process_time() - start_cpu) * 1000
    if status != 200:
        sys.exit(f"{url} answered {status}")
    return took
