"""Fairness through the stack: attackers within the limits against a person's ordinary use.

    .venv/bin/python deploy/fairness.py [--seconds 30] [--attackers 2] [--seed 1] [--mix all]

It starts deploy/stack (nginx, gunicorn, the consumer) on free loopback ports with no
address exempt from the per-client limits, and a job store of the run's own (jobs left
open by an earlier run would take places in its queue), and runs, for --seconds:

- each attacker, from a loopback address of its own (127.0.2.N), at what nginx allows one
  address and without waiting for answers: 4 requests a second on the costly routes, in
  turn the share link of a new 25x25 grid no server has seen (/solve/<code>, each using
  the whole solve budget) and a new 25x25 puzzle (/new/25/<level>/<symmetry>/<seed>, a
  generate job), and with --mix all (the default) also the share link of an empty 16x16
  Jigsaw on a new region map (each a geometry no worker has seen) and a photo bomb
  (POST /api/read-photo of, in turn, a progressive JPEG whose last scan is repeated 1,000
  times, a 40-megapixel transparent PNG and a 40-megapixel lossless WebP, each made in
  memory, JPEG and PNG with a few random bytes of comment so that no two are alike); and
  every 5 s a heavy batch (POST /api/solve/batch of 25 such grids, solved in the request
  for up to 3 s). --mix solves sends the 25x25 requests and batches alone;
- the victim, from 127.0.3.1: the share link of a new ordinary 9x9 puzzle (QQWing's,
  simple to expert) twice a second, each once the last has come, as a person opens them
  (200 is a success), and "Keep working" (POST /solve/<code>/work, 303 a success) on
  another new one each time its last job is done, as a person following the job's page.
  Told to come back within RETRY_AFTER_MOST seconds (Retry-After), the victim does, up to
  RETRIES times, as a person or a page's script would: that is one request in the table,
  its time counted from the first ask to the last answer, and its retries counted apart.

It prints a Markdown table, a row per kind of request: who sent it, how many, the share
that succeeded, p50 and p99 in ms, the victim's retries and the statuses (0: no answer);
then how long the victim's jobs took from "Keep working" to done, and the victim's success
and p99 over all its requests. The target is the victim's success at 99% or more and its
p99 under 1 s (the exit status says whether it held).
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import random
import struct
import sys
import tempfile
import threading
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field

from loadmix import DATA, budget_breaker
from PIL import Image
from stackrun import RunningStack, bound_sources, stack

from webapp.cli.arguments import positive_int
from webapp.cli.soundness import disguise
from webapp.sudoku import SHAPES, Grid, Puzzle, Rules, parse
from webapp.sudoku.generator.jigsaw import traded
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.generator.symmetry import SYMMETRIES
from webapp.sudoku.logic.levels import LEVEL_NAMES
from webapp.sudoku.regions import box_map, region_map
from webapp.sudoku.whole_numbers import read_whole_number

TIMEOUT = 30.0
VICTIM = "127.0.3.1"
# What people solve: QQWing's puzzles, graded simple, easy, intermediate and expert.
ORDINARY_FILE = "qqwing_graded_sample.txt"
# What one address may send (deploy/nginx.conf): the costly routes 4 a second, batches
# one every 5 s.
COSTLY_PER_SECOND = 4.0
BATCH_SECONDS = 5.0
BATCH_PUZZLES = 25  # BATCH_REQUEST_PUZZLES: the most solved in the request
VICTIM_SOLVES_PER_SECOND = 2.0
JOB_POLL_SECONDS = 0.5
# Each attacker's requests in flight at once, well within nginx's 32 connections.
ATTACKER_THREADS = 16
# The victim comes back when told to within this many seconds, this many times at most; a
# longer Retry-After (a full job queue says 30 s) is a refusal.
RETRY_AFTER_MOST = 5.0
RETRIES = 2
# The attackers' mixes: what each sends on the costly routes, in turn.
SOLVES = ("new 25x25 code", "new 25x25 puzzle")
ALL = (*SOLVES, "new 16x16 Jigsaw map", "photo bomb")
MIXES = {"solves": SOLVES, "all": ALL}
# Trades of cells between regions for each new Jigsaw map: enough that no two maps of a run
# are alike, few enough that the attackers make them in a moment (the generator's own
# 20 a cell, and its check that a grid fills the map, take 0.4-0.8 s a map).
MAP_TRADES = 512
# The photo bombs: 40 megapixels, and the progressive JPEG's last scan repeated this often.
BOMB_SIDE = 6324
JPEG_SCANS = 1000
PHOTO_KINDS = ("image/jpeg", "image/png", "image/webp")


@dataclass
class Kind:
    """The answers to one kind of request."""

    client: str  # "victim" or "attacker"
    success: int  # the status that means it worked
    statuses: Counter[int] = field(default_factory=Counter)
    ms: list[float] = field(default_factory=list)
    retries: int = 0  # the victim's, on a Retry-After

    @property
    def sent(self) -> int:
        """Requests answered or failed."""
        return sum(self.statuses.values())

    @property
    def success_share(self) -> float:
        """The share of requests answered with the success status."""
        return self.statuses[self.success] / self.sent if self.sent else 0.0

    def percentile(self, share: float) -> float:
        """The time within which `share` of the requests were answered (ms)."""
        return percentile(self.ms, share)


def percentile(ms: list[float], share: float) -> float:
    """The time within which `share` of the requests timed in `ms` were answered."""
    if not ms:
        return 0.0
    ordered = sorted(ms)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass
class Report:
    """One run: each kind of request, and the victim's jobs."""

    kinds: dict[str, Kind]
    job_seconds: list[float] = field(default_factory=list)  # "Keep working" to done
    jobs_started: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def record(self, kind: str, status: int, ms: float, retries: int = 0) -> None:
        """Count one answer."""
        with self.lock:
            self.kinds[kind].statuses[status] += 1
            self.kinds[kind].ms.append(ms)
            self.kinds[kind].retries += retries

    def victim(self) -> list[Kind]:
        """The victim's kinds of request."""
        return [kind for kind in self.kinds.values() if kind.client == "victim"]

    def victim_success(self) -> float:
        """The share of all the victim's requests that succeeded."""
        kinds = self.victim()
        sent = sum(kind.sent for kind in kinds)
        return sum(kind.statuses[kind.success] for kind in kinds) / sent if sent else 0.0

    def victim_p99(self) -> float:
        """The time within which 99% of all the victim's requests were answered (ms)."""
        return percentile([ms for kind in self.victim() for ms in kind.ms], 0.99)

    def fair(self) -> bool:
        """Whether the target held: the victim's success at 99% or more, its p99 under 1 s."""
        return self.victim_success() >= 0.99 and self.victim_p99() < 1000


def new_report(mix: tuple[str, ...] = ALL) -> Report:
    """An empty report with every kind of request the attackers' `mix` sends."""
    # A photo a reader refused (422: no grid in a blank picture) was read all the same.
    attackers = {
        "new 25x25 code": Kind("attacker", 200),
        "new 25x25 puzzle": Kind("attacker", 303),
        "new 16x16 Jigsaw map": Kind("attacker", 200),
        "photo bomb": Kind("attacker", 422),
    }
    return Report(
        {
            "9x9 share link": Kind("victim", 200),
            "Keep working": Kind("victim", 303),
            **{name: attackers[name] for name in mix},
            "heavy batch": Kind("attacker", 200),
        }
    )


@dataclass(frozen=True)
class Answer:
    """What a request got: its status (0 for none), Location, body, the seconds Retry-After
    asked for (None without one), and its time in ms."""

    status: int
    location: str
    body: bytes
    retry_after: float | None
    ms: float


def ask(
    port: int,
    source: str,
    method: str,
    path: str,
    body: bytes | None = None,
    content_type: str = "application/json",
) -> Answer:
    """One request through nginx from `source`."""
    headers = {"Host": "127.0.0.1"}
    if body is not None:
        headers["Content-Type"] = content_type
    started = time.perf_counter()
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=TIMEOUT, source_address=(source, 0)
    )
    retry_after: float | None = None
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        answer = response.read()
        status, location = response.status, response.getheader("Location") or ""
        seconds = read_whole_number(response.getheader("Retry-After") or "", 6)
        retry_after = None if seconds is None else float(seconds)
    except OSError:
        status, location, answer = 0, "", b""
    finally:
        connection.close()
    return Answer(status, location, answer, retry_after, (time.perf_counter() - started) * 1000)


def ask_as_a_person(port: int, method: str, path: str) -> tuple[Answer, int, float]:
    """The victim's request, asked again when the answer says to come back within
    RETRY_AFTER_MOST seconds, RETRIES times at most: the last answer, the retries, and the
    ms from the first ask to the last answer."""
    started = time.perf_counter()
    answer = ask(port, VICTIM, method, path)
    retries = 0
    while (
        retries < RETRIES
        and answer.status in (429, 503)
        and answer.retry_after is not None
        and answer.retry_after <= RETRY_AFTER_MOST
    ):
        time.sleep(answer.retry_after)
        answer = ask(port, VICTIM, method, path)
        retries += 1
    return answer, retries, (time.perf_counter() - started) * 1000


def ordinary_codes(seed: int, count: int = 2000) -> list[str]:
    """Share codes of `count` new ordinary 9x9 puzzles: QQWing's of every grade, simple to
    expert (ORDINARY_FILE), each relabelled and shuffled afresh."""
    rng = random.Random(seed)
    with open(DATA / ORDINARY_FILE) as lines:
        nines = [parse(line.split()[0]) for line in lines if not line.startswith("#")]
    return [disguise(rng.choice(nines), rng).code for _ in range(count)]


def jigsaw_code(rng: random.Random) -> str:
    """The share code of an empty 16x16 Jigsaw on a region map drawn afresh from `rng`."""
    shape = SHAPES[16]
    regions = traded(shape, list(box_map(shape)), SeededRandom(rng.randbytes(8).hex()), MAP_TRADES)
    rules = Rules((), region_map(shape.size, regions))
    return Puzzle(Grid(shape, (0,) * shape.cell_count), rules).code


@dataclass(frozen=True)
class Bombs:
    """The photo bombs, made once: what a reader of each costs is in its pixels and scans."""

    jpeg: bytes  # progressive, its last scan repeated JPEG_SCANS times
    png: bytes  # 40 MP, RGBA, transparent
    webp: bytes  # 40 MP, lossless

    def picture(self, number: int, rng: random.Random) -> tuple[bytes, str]:
        """The `number`th bomb in turn and its type; a JPEG or PNG with a few random bytes
        of comment, so that no two requests send the same picture."""
        kind = PHOTO_KINDS[number % len(PHOTO_KINDS)]
        noise = rng.randbytes(8).hex().encode()
        if kind == "image/jpeg":  # a COM segment after SOI
            comment = b"\xff\xfe" + struct.pack(">H", 2 + len(noise)) + noise
            return self.jpeg[:2] + comment + self.jpeg[2:], kind
        if kind == "image/png":  # a tEXt chunk after IHDR (8 bytes of signature, 25 of IHDR)
            text = b"tEXt" + b"n\x00" + noise
            chunk = struct.pack(">I", len(text) - 4) + text + struct.pack(">I", zlib.crc32(text))
            return self.png[:33] + chunk + self.png[33:], kind
        return self.webp, kind


def make_bombs() -> Bombs:
    """The three bombs of issue 35, made in memory (a few seconds)."""
    blank = Image.new("L", (BOMB_SIDE, BOMB_SIDE), 255)
    saved = io.BytesIO()
    blank.save(saved, "JPEG", quality=10, progressive=True)
    data = saved.getvalue()
    last_scan, end = data.rindex(b"\xff\xda"), len(data) - 2
    jpeg = data[:end] + data[last_scan:end] * JPEG_SCANS + data[end:]
    saved = io.BytesIO()
    Image.new("RGBA", (BOMB_SIDE, BOMB_SIDE), (255, 255, 255, 0)).save(saved, "PNG")
    png = saved.getvalue()
    saved = io.BytesIO()
    blank.save(saved, "WEBP", lossless=True)
    return Bombs(jpeg, png, saved.getvalue())


def attack(
    port: int,
    source: str,
    seconds: float,
    report: Report,
    seed: int,
    mix: tuple[str, ...],
    bombs: Bombs | None,
) -> None:
    """One attacker for `seconds`: the costly routes at nginx's rate, in turn the kinds of
    `mix` (`bombs` the pictures when it sends photo bombs), a batch every 5 s."""
    rng = random.Random(seed)
    began = time.monotonic()
    costly, batches, photos = 0, 0, 0
    with ThreadPoolExecutor(ATTACKER_THREADS) as pool:
        while (now := time.monotonic() - began) < seconds:
            if batches * BATCH_SECONDS <= now:
                grids = [budget_breaker(rng).code for _ in range(BATCH_PUZZLES)]
                body = json.dumps({"puzzles": grids}).encode()
                pool.submit(_sent, report, "heavy batch", port, source, "POST", _BATCH, body)
                batches += 1
            if costly / COSTLY_PER_SECOND <= now:
                kind = mix[costly % len(mix)]
                if kind == "photo bomb":
                    assert bombs is not None, "a mix with photo bombs needs its pictures"
                    picture, content_type = bombs.picture(photos, rng)
                    photos += 1
                    pool.submit(
                        _sent, report, kind, port, source, "POST", _PHOTO, picture, content_type
                    )
                else:
                    pool.submit(_sent, report, kind, port, source, "GET", _path(kind, rng), None)
                costly += 1
            time.sleep(0.01)


_BATCH = "/api/solve/batch"
_PHOTO = "/api/read-photo"


def _path(kind: str, rng: random.Random) -> str:
    """The address of a new request of `kind`, one of the GETs of the attackers' mix."""
    if kind == "new 25x25 puzzle":
        level, symmetry = rng.choice(LEVEL_NAMES), rng.choice(SYMMETRIES)
        return f"/new/25/{level}/{symmetry}/{rng.randrange(10**9)}"
    if kind == "new 16x16 Jigsaw map":
        return f"/solve/{jigsaw_code(rng)}"
    return f"/solve/{budget_breaker(rng).code}"


def _sent(
    report: Report,
    kind: str,
    port: int,
    source: str,
    method: str,
    path: str,
    body: bytes | None,
    content_type: str = "application/json",
) -> None:
    answer = ask(port, source, method, path, body, content_type)
    report.record(kind, answer.status, answer.ms)


def victim_solves(port: int, seconds: float, report: Report, codes: list[str]) -> None:
    """The victim's share links of new 9x9 puzzles for `seconds`, one after another as a
    person opens them: twice a second, or as soon as the last has come when it was slower."""
    began = time.monotonic()
    for count, code in enumerate(codes):
        at = began + count / VICTIM_SOLVES_PER_SECOND
        if time.monotonic() - began >= seconds:
            break
        time.sleep(max(0.0, at - time.monotonic()))
        answer, retries, ms = ask_as_a_person(port, "GET", f"/solve/{code}")
        report.record("9x9 share link", answer.status, ms, retries)


def victim_keeps_working(port: int, seconds: float, report: Report, codes: list[str]) -> None:
    """The victim's "Keep working", on a new puzzle each time its last job is done."""
    deadline = time.monotonic() + seconds
    for code in codes:
        if time.monotonic() >= deadline:
            return
        answer, retries, ms = ask_as_a_person(port, "POST", f"/solve/{code}/work")
        report.record("Keep working", answer.status, ms, retries)
        if answer.status != 303:
            time.sleep(1.0)  # as a person would before trying again
            continue
        report.jobs_started += 1
        started = time.monotonic()
        while time.monotonic() < deadline:
            body = ask(port, VICTIM, "GET", f"/api{answer.location}").body
            if body.startswith(b"{") and json.loads(body).get("state") == "done":
                report.job_seconds.append(time.monotonic() - started)
                break
            time.sleep(JOB_POLL_SECONDS)


@contextmanager
def fair_stack() -> Iterator[RunningStack]:
    """deploy/stack with a job store of its own, in a folder gone afterwards: the instance
    folder's store (or a test run's) outlives a run, and the jobs an earlier run or test
    left open took places in this run's queue."""
    with tempfile.TemporaryDirectory(prefix="sudoku-fairness-") as folder:
        with stack(env={"FLASK_JOB_STORE": f"sqlite:///{folder}/jobs.sqlite3"}) as running:
            yield running


def measure(
    port: int,
    seconds: float,
    attackers: int,
    seed: int = 1,
    mix: tuple[str, ...] = ALL,
    bombs: Bombs | None = None,
) -> Report:
    """The run against the stack on `port`: attackers from 127.0.2.1 on sending `mix`, the
    victim. The photo bombs are made here unless `bombs` are given (made while the stack
    starts, say)."""
    report = new_report(mix)
    codes = ordinary_codes(seed)
    if bombs is None and "photo bomb" in mix:
        bombs = make_bombs()
    half = len(codes) // 2
    threads = [
        threading.Thread(
            target=attack, args=(port, source, seconds, report, seed + number, mix, bombs)
        )
        for number, source in enumerate(bound_sources(attackers, first=(127, 0, 2)))
    ]
    threads.append(
        threading.Thread(target=victim_solves, args=(port, seconds, report, codes[:half]))
    )
    threads.append(
        threading.Thread(target=victim_keeps_working, args=(port, seconds, report, codes[half:]))
    )
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return report


def table(report: Report) -> str:
    """The run as a Markdown table, a line on the victim's jobs, and the victim's figures."""
    lines = [
        "| client | request | sent | success | p50 ms | p99 ms | retries | statuses |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for name, kind in report.kinds.items():
        statuses = ", ".join(f"{status}: {n}" for status, n in sorted(kind.statuses.items()))
        retries = str(kind.retries) if kind.client == "victim" else ""
        lines.append(
            f"| {kind.client} | {name} | {kind.sent} | {kind.success_share:.1%}"
            f" | {kind.percentile(0.5):.0f} | {kind.percentile(0.99):.0f} | {retries}"
            f" | {statuses} |"
        )
    done = sorted(report.job_seconds)
    waits = f", {done[len(done) // 2]:.1f} s to done at the median" if done else ""
    lines.append("")
    lines.append(f"The victim's jobs: {report.jobs_started} started, {len(done)} done{waits}.")
    verdict = "held" if report.fair() else "missed"
    lines.append(
        f"The victim in all: success {report.victim_success():.1%}, p99"
        f" {report.victim_p99():.0f} ms (target: 99% or more, under 1,000 ms: {verdict})."
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Start the stack, run the attackers and the victim, print the table; exit 1 when the
    victim's success is under 99% or its p99 over 1 s."""
    parser = argparse.ArgumentParser(
        prog=".venv/bin/python deploy/fairness.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--seconds", type=positive_int, default=30)
    parser.add_argument("--attackers", type=positive_int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--mix",
        choices=sorted(MIXES),
        default="all",
        help="the attackers' costly requests: 25x25 solves and puzzles alone, or also new"
        " 16x16 Jigsaw maps and photo bombs (default)",
    )
    args = parser.parse_args(argv)
    with fair_stack() as running:
        report = measure(running.port, args.seconds, args.attackers, args.seed, MIXES[args.mix])
    print(table(report))
    return 0 if report.fair() else 1


if __name__ == "__main__":
    sys.exit(main())
