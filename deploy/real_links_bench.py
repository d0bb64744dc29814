"""The real f-puzzles and SudokuPad links of tests/data/links/marked_real_links.txt read and
solved: CPU time per link (reading the link and solving it as the product asks, up to two
solutions), the best of three runs, and whether each solves to the solution its source gives.

    .venv/bin/python deploy/real_links_bench.py

The figure is process time, not wall time: the machine these figures are taken on is
shared, and wall time there says more about its neighbours than about the solver.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from webapp.sudoku import SOLVED, solve
from webapp.sudoku.links import read_link

ROOT = Path(__file__).resolve().parent.parent
LINKS = ROOT / "tests" / "data" / "links" / "marked_real_links.txt"
RUNS = 3


def cpu_ms(url: str) -> float:
    """The CPU milliseconds of reading `url` and solving its puzzle once."""
    start = time.process_time()
    linked = read_link(url)
    assert linked is not None
    solve(linked.given)
    return (time.process_time() - start) * 1000


def main() -> None:
    """Print each link's rules and CPU time, then the median, the slowest and the total."""
    lines = LINKS.read_text().splitlines()
    rows = [line.split() for line in lines if line.strip() and not line.startswith("#")]
    timed = []
    for letters, solution, url in rows:
        linked = read_link(url)
        assert linked is not None
        result = solve(linked.given)
        right = result.status == SOLVED and result.solution is not None
        right = right and result.solution.code == solution
        best = min(cpu_ms(url) for _ in range(RUNS))
        timed.append((best, letters))
        print(f"{letters:6} {best:8.1f} ms  {'solved to its source' if right else 'DIFFERS'}")
    spent = sorted(ms for ms, _ in timed)
    slowest = max(timed)
    print(
        f"{len(timed)} links: median {statistics.median(spent):.1f} ms, slowest"
        f" {slowest[0]:.1f} ms ({slowest[1]}), all {sum(spent):.0f} ms"
    )


if __name__ == "__main__":
    main()
