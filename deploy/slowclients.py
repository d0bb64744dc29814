"""The slow-client probe: can a person still use the site while hundreds of clients crawl?

    .venv/bin/python deploy/slowclients.py [--header-clients 300] [--body-clients 300]
                                           [--seconds 20]

It starts deploy/stack on a free loopback port, then for SECONDS keeps open
HEADER_CLIENTS connections that send their request headers one byte a
second, and BODY_CLIENTS that send complete headers announcing a 60 KB body
and then the body one byte a second; each reconnects whenever it is cut off.
Meanwhile, once they have all connected, a normal client asks for / twice a
second, each time on a new connection. It prints a Markdown table: how many slow connections were
opened and how many were still held at the end, and how many normal requests
were answered, with their latency. Every client connects from its own
loopback address (127.0.1.x), so per-client limits see 600 clients, not one.
Nothing but 127.0.0.0/8 is ever contacted.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import sys
import time
from dataclasses import dataclass, field

from stackrun import bound_sources, stack

NORMAL_TIMEOUT = 5.0
BODY_BYTES = 60_000
SETTLE = 2.0  # seconds the normal client waits at most for the slow ones to connect


@dataclass
class Probe:
    """What happened during one run of the probe."""

    seconds: float
    header_clients: int
    body_clients: int
    opened: int = 0  # slow connections opened, reconnects included
    held_at_end: int = 0  # slow connections still open when the probe stopped
    latencies_ms: list[float] = field(default_factory=list)  # normal requests answered 200
    failed: int = 0  # normal requests not answered 200 within NORMAL_TIMEOUT

    @property
    def asked(self) -> int:
        """Normal requests sent."""
        return len(self.latencies_ms) + self.failed

    @property
    def answered_share(self) -> float:
        """The share of normal requests answered 200."""
        return len(self.latencies_ms) / self.asked if self.asked else 0.0

    def percentile(self, share: float) -> float:
        """A latency percentile of the answered requests (nearest rank), in ms."""
        times = sorted(self.latencies_ms)
        return times[math.ceil(share * len(times)) - 1] if times else math.inf


async def crawl(
    port: int, source: str, head: bytes, tail: bytes, until: float, probe: Probe, held: list
) -> None:
    """One slow client: send `head`, then `tail` a byte a second; reconnect when cut off."""
    while time.monotonic() < until:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            await asyncio.sleep(1)
            continue
        probe.opened += 1
        cut_off = asyncio.ensure_future(reader.read())  # done when the server closes
        try:
            writer.write(head)
            for byte in tail:
                if cut_off.done() or time.monotonic() >= until:
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(1)
        except OSError:
            pass
        if not cut_off.done() and time.monotonic() >= until:
            held.append((writer, cut_off))  # still held by the server when time ran out
            return
        cut_off.cancel()
        writer.close()


async def ask(port: int, until: float, interval: float, probe: Probe, crawlers: int) -> None:
    """The normal client: GET / every `interval` seconds on a fresh connection, from when
    the `crawlers` slow clients have all connected (or after SETTLE seconds at most). Asked
    sooner, its first request would wait on this very process opening their connections,
    which times the probe, not the site."""
    request = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    settled = time.monotonic() + SETTLE
    while probe.opened < crawlers and time.monotonic() < settled:
        await asyncio.sleep(0.05)
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            async with asyncio.timeout(NORMAL_TIMEOUT):
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.write(request)
                await writer.drain()
                status = await reader.readline()
                await reader.read()
                writer.close()
            if status.split()[1:2] == [b"200"]:
                probe.latencies_ms.append((time.monotonic() - started) * 1000)
            else:
                probe.failed += 1
        except (OSError, TimeoutError, IndexError):
            probe.failed += 1
        await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))


async def run_probe(
    port: int, header_clients: int, body_clients: int, seconds: float, interval: float = 0.5
) -> Probe:
    """Run the slow clients and the normal client against 127.0.0.1:`port` for `seconds`."""
    probe = Probe(seconds, header_clients, body_clients)
    until = time.monotonic() + seconds
    held: list[tuple[asyncio.StreamWriter, asyncio.Future[bytes]]] = []
    sources = bound_sources(header_clients + body_clients)
    slow_head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    slow_tail = b"X-Slow: " + b"a" * 4000 + b"\r\n\r\n"
    body_head = (
        b"POST /api/solve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + f"Content-Length: {BODY_BYTES}\r\n\r\n".encode()
    )
    body_tail = b'{"puzzle": "' + b"." * (BODY_BYTES - 14) + b'"}'
    tasks = [
        crawl(port, source, slow_head, slow_tail, until, probe, held)
        for source in sources[:header_clients]
    ] + [
        crawl(port, source, body_head, body_tail, until, probe, held)
        for source in sources[header_clients:]
    ]
    await asyncio.gather(ask(port, until, interval, probe, len(tasks)), *tasks)
    probe.held_at_end = sum(1 for _, cut_off in held if not cut_off.done())
    for writer, cut_off in held:
        cut_off.cancel()
        writer.close()
    return probe


def table(probe: Probe) -> str:
    """The probe's figures as a Markdown table."""
    names = (
        "slow header clients|slow body clients|seconds|slow connections opened|held at end"
        "|normal requests|answered|answered %|p50 ms|p99 ms|max ms"
    ).split("|")
    values = [
        probe.header_clients,
        probe.body_clients,
        f"{probe.seconds:g}",
        probe.opened,
        probe.held_at_end,
        probe.asked,
        len(probe.latencies_ms),
        f"{100 * probe.answered_share:.1f}",
        f"{probe.percentile(0.5):.1f}",
        f"{probe.percentile(0.99):.1f}",
        f"{max(probe.latencies_ms, default=math.inf):.1f}",
    ]
    return "\n".join(
        [
            "| " + " | ".join(names) + " |",
            "|" + "|".join("---:" for _ in names) + "|",
            "| " + " | ".join(map(str, values)) + " |",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    """Start the stack, probe it, print the table."""
    parser = argparse.ArgumentParser(
        prog=".venv/bin/python deploy/slowclients.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--header-clients", type=int, default=300)
    parser.add_argument("--body-clients", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args(argv)
    with stack() as running:
        probe = asyncio.run(
            run_probe(running.port, args.header_clients, args.body_clients, args.seconds)
        )
    print(table(probe))
    return 0


if __name__ == "__main__":
    sys.exit(main())
