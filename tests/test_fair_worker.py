"""The fair gunicorn worker: no worker holds more connections than another while one idles."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest
from test_production import gunicorn

from webapp.serving.fair_worker import may_accept

from free_ports import free_port
from waiting import until

pytestmark = pytest.mark.xdist_group("gunicorn")


def test_a_worker_accepts_while_it_holds_no_more_than_the_fewest_of_the_others():
    assert may_accept(0, [])  # alone, always
    assert may_accept(3, [3, 5])
    assert may_accept(2, [3])
    assert not may_accept(4, [3, 5])
    assert not may_accept(1, [0])


def _workers(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def _server_sides(port: int, clients: list[socket.socket]) -> set[str]:
    """The socket inodes of the server's ends of `clients`' connections to `port`."""
    ports = {client.getsockname()[1] for client in clients}
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, inode = fields[1], fields[2], fields[9]
        if int(local.split(":")[1], 16) == port and int(remote.split(":")[1], 16) in ports:
            inodes.add(f"socket:[{inode}]")
    return inodes


def _holding(pid: int, inodes: set[str]) -> int:
    """How many of the sockets `inodes` process `pid` has open."""
    folder = Path(f"/proc/{pid}/fd")
    count = 0
    for name in os.listdir(folder):
        try:
            count += os.readlink(folder / name) in inodes
        except FileNotFoundError:
            pass  # closed meanwhile
    return count


def test_a_burst_of_kept_alive_connections_is_shared_evenly_between_the_workers(tmp_path):
    # Plain gthread left one worker 6 of 8 connections (and its solver line full of 503s)
    # in about one start in three, the other idle.
    port = free_port()
    server = gunicorn(
        port,
        tmp_path / "fair.err",
        SUDOKU_WORKERS="2",
        SUDOKU_CONSUMER="0",
        GUNICORN_CMD_ARGS="--keep-alive 60",
    )
    clients: list[socket.socket] = []
    try:
        server.wait_until_healthy()
        workers = until(lambda: len(w := _workers(server.process.pid)) == 2 and w, "two workers")
        # A worker that has yet to claim its slot is not counted: the other would take all.
        until(lambda: server.stderr.count("takes its fair share") == 2, "both workers counted")
        clients = [socket.create_connection(("127.0.0.1", port), timeout=30) for _ in range(8)]
        for client in clients:
            client.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for client in clients:
            assert client.recv(65536).startswith(b"HTTP/1.1 200")
        inodes = _server_sides(port, clients)
        held = [_holding(pid, inodes) for pid in workers]
    finally:
        for client in clients:
            client.close()
        server.stop()
    assert sorted(held) == [4, 4], server.stderr
