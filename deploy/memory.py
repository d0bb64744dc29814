"""A worker's memory under what costs it most: new 16x16 Jigsaw maps and worst-case pictures.

    .venv/bin/python deploy/memory.py [--maps 5000] [--minutes 10] [--every 250]
                                      [--pictures 3] [--seed 1]

It starts deploy/stack on a free loopback port with one gunicorn worker (loopback exempt
from nginx's per-address limits: this measures memory, not fairness) and sends it, one
request at a time, until --maps maps are sent or --minutes are up:

- the share link (/solve/<code>) of a 16x16 Jigsaw on a map no worker has seen, each
  map one trade of two cells from the last (a new map drawn every 1,000). The trades
  keep one full grid valid (the two cells traded hold the same symbol), and each puzzle
  is that grid with 100 cells blanked at random: most have one solution and are rated
  (the logic engine's tables for the map built), the others are counted. So every
  request builds a solver's board and tables of its own, as a stream of new maps from
  one address would;
- --pictures times in all, spread over the run, one of the worst pictures in turn
  (POST /api/read-photo): a 40-megapixel transparent PNG, a 38-byte lossless WebP of the
  same size, and a progressive JPEG whose last scan is repeated 1,000 times, all made in
  memory. A picture refused (4xx) counts as well as one read.

Every --every maps (and after each picture) it prints a Markdown row: maps and pictures
sent, seconds since the first request, the worker's resident memory (VmRSS) and its peak
(VmHWM) from /proc/<pid>/status in MB, and the statuses so far. Everything runs on
127.0.0.1; the run is bounded by --maps and --minutes.
"""

from __future__ import annotations

import argparse
import http.client
import io
import itertools
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from stackrun import APP_SERVER, stack

from webapp.cli.arguments import positive_int
from webapp.sudoku import SHAPES, Grid, Puzzle, Rules, solve
from webapp.sudoku.generator.jigsaw import random_regions
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.regions import pieces, region_map

TIMEOUT = 120.0  # a worst picture takes the worker tens of seconds where it is not bounded
SIZE = 16
BLANKS = 100  # of 256 cells: most such puzzles have one solution, and are rated
MAPS_PER_DRAW = 1_000
PICTURE_SIDE = 6324  # 40 megapixels
JPEG_SCANS = 1_000
# The worst pictures, sent in turn (MAKERS).
PICTURE_KINDS = ("40 MP RGBA PNG", "38-byte WebP", f"JPEG of {JPEG_SCANS:,} scans")


def _neighbours(cell: int) -> list[int]:
    row, col = divmod(cell, SIZE)
    return [
        r * SIZE + c
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < SIZE and 0 <= c < SIZE
    ]


def new_jigsaws(seed: int, blanks: int = BLANKS) -> Iterator[Puzzle]:
    """16x16 Jigsaws, each on a map not given before: a map drawn by the generator and a
    full grid for it, then one trade of two cells holding the same symbol at a time (so the
    grid stays valid), each puzzle the grid with `blanks` cells blanked at random; a new
    drawn map every MAPS_PER_DRAW (the trades from one come back to maps seen before)."""
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    for draw in itertools.count():
        regions = list(random_regions(SHAPES[SIZE], SeededRandom(f"deploy/memory {seed} {draw}")))
        yield from itertools.islice(_traded_maps(regions, rng, seen, blanks), MAPS_PER_DRAW)


def _traded_maps(
    regions: list[int], rng: random.Random, seen: set[tuple[int, ...]], blanks: int
) -> Iterator[Puzzle]:
    """Jigsaws on maps one trade apart, from `regions` on, none of them in `seen`."""
    shape = SHAPES[SIZE]
    empty = Puzzle(Grid(shape, (0,) * shape.cell_count), Rules((), region_map(SIZE, regions)))
    solution = solve(empty).solutions[0].cells
    members = [{cell for cell, region in enumerate(regions) if region == k} for k in range(SIZE)]
    while True:
        a = rng.randrange(shape.cell_count)
        beside = sorted({regions[cell] for cell in _neighbours(a)} - {regions[a]})
        if not beside:
            continue
        first, second = regions[a], rng.choice(beside)
        b = next(cell for cell in members[second] if solution[cell] == solution[a])
        members[first] ^= {a, b}
        members[second] ^= {a, b}
        whole = all(len(pieces(SIZE, sorted(members[k]))) == 1 for k in (first, second))
        if not whole:
            members[first] ^= {a, b}
            members[second] ^= {a, b}
            continue
        regions[a], regions[b] = second, first
        canonical = region_map(SIZE, regions)
        if canonical in seen:
            continue
        seen.add(canonical)
        cells = list(solution)
        for cell in rng.sample(range(shape.cell_count), blanks):
            cells[cell] = 0
        yield Puzzle(Grid(shape, tuple(cells)), Rules((), canonical))


def transparent_png() -> bytes:
    """A 40-megapixel RGBA PNG, all transparent: about 170 KB."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (PICTURE_SIDE, PICTURE_SIDE), (255, 255, 255, 0)).save(out, "PNG")
    return out.getvalue()


def tiny_webp() -> bytes:
    """A 40-megapixel lossless WebP of one grey: a few dozen bytes."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (PICTURE_SIDE, PICTURE_SIDE), 255).save(out, "WEBP", lossless=True)
    return out.getvalue()


def many_scans_jpeg() -> bytes:
    """A 40-megapixel progressive JPEG whose last scan comes JPEG_SCANS times."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("L", (PICTURE_SIDE, PICTURE_SIDE), 255).save(
        out, "JPEG", quality=10, progressive=True
    )
    data = out.getvalue()
    start, end = data.rindex(b"\xff\xda"), len(data) - 2
    return data[:end] + data[start:end] * JPEG_SCANS + data[end:]


MAKERS: tuple[tuple[str, Callable[[], bytes]], ...] = (
    ("image/png", transparent_png),
    ("image/webp", tiny_webp),
    ("image/jpeg", many_scans_jpeg),
)


def ask(port: int, method: str, path: str, body: bytes | None = None, kind: str = "") -> int:
    """One request through nginx; its status, 0 for no answer."""
    headers = {"Host": "127.0.0.1"}
    if kind:
        headers["Content-Type"] = kind
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    except OSError:
        return 0
    finally:
        connection.close()


def worker_pid(master: int) -> int | None:
    """The pid of the gunicorn worker under `master` (one worker), None between workers."""
    children = Path(f"/proc/{master}/task/{master}/children")
    try:
        found = children.read_text().split()
    except OSError:
        return None
    return int(found[0]) if found else None


def memory_mb(pid: int | None) -> tuple[float, float]:
    """VmRSS and VmHWM of `pid` in MB (0, 0 when it is gone)."""
    figures = {"VmRSS:": 0.0, "VmHWM:": 0.0}
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return 0.0, 0.0
    for line in lines:
        fields = line.split()
        if fields and fields[0] in figures:
            figures[fields[0]] = int(fields[1]) / 1024
    return figures["VmRSS:"], figures["VmHWM:"]


def run(maps: int, minutes: float, every: int, pictures: int, seed: int) -> None:
    """Start the stack, send the maps and pictures, print a row every `every` maps."""
    puzzles = new_jigsaws(seed)
    picture_at = {round((k + 1) * maps / (pictures + 1)): k for k in range(pictures)}
    statuses: Counter[str] = Counter()
    with stack("--workers", "1", "--exempt", "127.0.0.1") as running:
        master = running.printed(APP_SERVER)[0]
        pid = worker_pid(int(master.group(2)))
        print(f"worker pid {pid}; idle: VmRSS {memory_mb(pid)[0]:.0f} MB", flush=True)
        print("| maps | pictures | seconds | VmRSS MB | VmHWM MB | statuses |")
        print("|---:|---:|---:|---:|---:|---|")
        started = time.monotonic()
        sent = shown = 0

        def row() -> None:
            pid_now = worker_pid(int(master.group(2)))
            rss, peak = memory_mb(pid_now)
            seconds = time.monotonic() - started
            counts = ", ".join(f"{key} {count}" for key, count in sorted(statuses.items()))
            print(f"| {sent} | {shown} | {seconds:.0f} | {rss:.0f} | {peak:.0f} | {counts} |")
            sys.stdout.flush()

        for sent in range(1, maps + 1):
            if time.monotonic() - started > minutes * 60:
                sent -= 1
                print(f"(stopped after {minutes:g} minutes)")
                break
            status = ask(running.port, "GET", f"/solve/{next(puzzles).code}")
            statuses[f"map {status}"] += 1
            if sent in picture_at:
                k = picture_at[sent] % len(MAKERS)
                kind, make = MAKERS[k]
                status = ask(running.port, "POST", "/api/read-photo", make(), kind)
                statuses[f"picture {status}"] += 1
                shown += 1
                print(f"(sent the {PICTURE_KINDS[k]}: {status})")
                row()
            elif sent % every == 0:
                row()
        if sent % every:
            row()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", type=positive_int, default=5000, help="maps to send at most")
    parser.add_argument("--minutes", type=float, default=10.0, help="stop after this long")
    parser.add_argument("--every", type=positive_int, default=250, help="maps between rows")
    parser.add_argument("--pictures", type=int, default=3, help="worst pictures sent in all")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    run(args.maps, args.minutes, args.every, max(0, args.pictures), args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
