"""Load of matches between bots: many bots over the WebSocket through nginx and the relay, each
answering every round's puzzle the moment it comes, so what is measured is the server.

`.venv/bin/python deploy/matchload.py` starts deploy/stack on a free 127.0.0.1 port, opens
MATCHES matches of two seats (ROUNDS rounds of 9x9 each, seeds of its own) with
POST /api/matches, works out every round's solution itself from the same setting (the
puzzles come from the generator and the seed alone, before the load begins), and connects two
bots to each match over /api/bot/socket. Each bot says hello and answers each puzzle with its
solution at once; of the two, one wins the round and the other's answer is taken as too late
or refused as for an old round. It prints a Markdown table: bots, rounds played, the server's
puzzle->answer time (the `ms` the server measured, from the round's start to the answer's
arrival: the broadcast, the relay, nginx and the bot's loopback both ways), the bot's own
answer->received round trip, the relay's CPU time per round (the server's own cost: the
bots' connections, the reading of the matches, the judging, every message; the puzzles were
made when the matches were opened), errors (anything but `received` and `old-round`, any
close before the match was over), and the machine's `uptime`. A losing bot's answer to the
last round may be refused after the last result came, when it has stopped listening, or not
go at all, the relay having closed the match's connections as it was sent (the result, read
before the close, is still read): it is counted in neither.

The matches are opened from 127.0.0.1, which the stack exempts from the per-address limits,
as a load tester is; the bots connect from addresses of their own (127.0.1.x, PER_ADDRESS
each), as authors' machines do, so within nginx's and the relay's limits per address.

    .venv/bin/python deploy/matchload.py --matches 50 --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from stackrun import RunningStack, bound_sources, stack
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, ConnectionClosedOK, InvalidHandshake

from webapp.matches import MatchSetting
from webapp.matches.setting import make_rounds

# The whole load's ceiling: every match at its full time would be far longer.
LOAD_SECONDS = 300.0
# A round's time in the matches opened: a ceiling no bot here comes near.
ROUND_SECONDS = 30
# Bots one address connects, under nginx's 32 connections and the relay's 32 bots.
PER_ADDRESS = 8


@dataclass
class BotFigures:
    """What one bot saw: the server's times of its answers taken, its round trips (ms), its
    answers refused as late, and its errors (each a short word, no token)."""

    server_ms: list[int] = field(default_factory=list)
    round_trip_ms: list[float] = field(default_factory=list)
    late: int = 0
    rounds: int = 0
    errors: list[str] = field(default_factory=list)


def setting_for(number: int, rounds: int) -> MatchSetting:
    """The setting of match `number`: two seats, 9x9 easy rounds, a seed of its own."""
    return MatchSetting(
        sizes=(9,),
        variants=("classic",),
        level="easy",
        rounds=rounds,
        seconds=ROUND_SECONDS,
        seats=2,
        house_ms=None,
        no_solution_rounds=frozenset(),
        many_rounds=frozenset(),
        seed=4700 + number,
    )


def solution_rows(setting: MatchSetting) -> dict[int, list[str]]:
    """Every round's solution as rows, worked out here from the setting alone."""
    rows = {}
    for played in make_rounds(setting, 60):
        assert played.solution is not None
        shape, n = played.solution.shape, played.solution.size
        cells = played.solution.cells
        rows[played.number] = [
            "".join(shape.symbols[v - 1] for v in cells[r * n : (r + 1) * n]) for r in range(n)
        ]
    return rows


def open_match(port: int, setting: MatchSetting) -> list[str]:
    """Open a match of `setting` through nginx: its seats' tokens."""
    fields = setting.to_json()
    body = {
        "sizes": fields["sizes"],
        "rounds": setting.rounds,
        "seconds": setting.seconds,
        "seats": setting.seats,
        "seed": setting.seed,
    }
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/matches",
        json.dumps(body).encode(),
        {"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as response:
        opened = json.load(response)
    return [seat["token"] for seat in opened["seats"]]


async def play(
    port: int, token: str, solutions: dict[int, list[str]], source: str, seen: BotFigures
) -> None:
    """One bot from `source`: hello, then every puzzle answered at once with its solution."""
    uri = f"ws://127.0.0.1:{port}/api/bot/socket"
    headers = {"Authorization": f"Bearer {token}"}
    sent_at = 0.0
    try:
        async with connect(
            uri, additional_headers=headers, proxy=None, local_addr=(source, 0)
        ) as bot:
            await bot.send(json.dumps({"type": "hello", "protocol": 1}))
            async for raw in bot:
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "puzzle":
                    answer = {
                        "type": "solution",
                        "round": message["round"],
                        "rows": solutions[message["round"]],
                    }
                    sent_at = time.monotonic()
                    try:
                        await bot.send(json.dumps(answer))
                    except ConnectionClosedOK:
                        # The other bot won the last round and the relay closed the match's
                        # connections as this answer went: the last result, read before
                        # the close, is still to be read.
                        continue
                elif kind == "received":
                    seen.server_ms.append(int(message["ms"]))
                    seen.round_trip_ms.append((time.monotonic() - sent_at) * 1000)
                elif kind == "error" and message.get("problem") == "old-round":
                    seen.late += 1
                elif kind == "error":
                    seen.errors.append(str(message.get("problem")))
                elif kind == "result":
                    seen.rounds += 1
                    if message["last"]:
                        return
            seen.errors.append("closed-early")
    except (ConnectionClosed, InvalidHandshake, OSError) as error:
        seen.errors.append(type(error).__name__)


async def load(port: int, tokens: list[tuple[str, dict[int, list[str]]]]) -> list[BotFigures]:
    """Every bot at once, within LOAD_SECONDS (a ceiling: a bot still playing then errs)."""
    figures = [BotFigures() for _ in tokens]
    sources = bound_sources(math.ceil(len(tokens) / PER_ADDRESS))
    bots = [
        play(port, token, rows, sources[index // PER_ADDRESS], figures[index])
        for index, (token, rows) in enumerate(tokens)
    ]
    try:
        await asyncio.wait_for(asyncio.gather(*bots), LOAD_SECONDS)
    except TimeoutError:
        for seen in figures:
            seen.errors.append("load-ceiling")
    return figures


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank); NaN for none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process `pid` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(figures: list[BotFigures], rounds: int, matches: int, relay_cpu: float) -> str:
    """The figures as a Markdown table."""
    server = [float(ms) for seen in figures for ms in seen.server_ms]
    trips = [ms for seen in figures for ms in seen.round_trip_ms]
    errors = [error for seen in figures for error in seen.errors]
    uptime = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    lines = [
        "| figure | value |",
        "| --- | --- |",
        f"| bots (matches) | {len(figures)} ({matches}) |",
        f"| rounds played, as bots heard them | {sum(s.rounds for s in figures)}"
        f" of {len(figures) * rounds} |",
        f"| answers taken (too late: refused old-round) | {len(server)}"
        f" ({sum(s.late for s in figures)}) |",
        f"| puzzle->answer, server's ms, p50 / p99 | {percentile(server, 0.5):.0f}"
        f" / {percentile(server, 0.99):.0f} |",
        f"| answer->received round trip, ms, p50 / p99 | {percentile(trips, 0.5):.1f}"
        f" / {percentile(trips, 0.99):.1f} |",
        f"| relay CPU, in all and per round | {relay_cpu:.2f} s,"
        f" {relay_cpu * 1000 / (matches * rounds):.2f} ms |",
        f"| errors | {len(errors)} {sorted(set(errors))} |",
        f"| uptime after | {uptime} |",
    ]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The command's options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=50, help="matches of two bots (50)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds a match (3)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    parser.add_argument("--log", type=Path, help="append the stack's output to this file")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the load and print its figures."""
    args = build_parser().parse_args(argv)
    settings = [setting_for(number, args.rounds) for number in range(args.matches)]
    print(f"working out {args.matches * args.rounds} rounds' solutions", file=sys.stderr)
    solutions = [solution_rows(setting) for setting in settings]
    options = ("--workers", str(args.workers), "--exempt", "127.0.0.1")
    running: RunningStack
    with stack(*options, log=args.log) as running:
        print("opening the matches", file=sys.stderr)
        tokens = [
            (token, rows)
            for setting, rows in zip(settings, solutions, strict=True)
            for token in open_match(running.port, setting)
        ]
        print(f"{len(tokens)} bots playing", file=sys.stderr)
        relay = running.relay_pid
        before = cpu_seconds(relay)
        figures = asyncio.run(load(running.port, tokens))
        relay_cpu = cpu_seconds(relay) - before
    print(report(figures, args.rounds, args.matches, relay_cpu))
    return 1 if any(seen.errors for seen in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
