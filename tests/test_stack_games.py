"""Games through deploy/stack, with faults: the live relay behind nginx tells a follower each
move, the app's own events answer while the relay is away, and a gunicorn worker killed, the
relay killed and Redis restarted (under --redis) mid-game leave the game going on: every move
applied once, the follower hearing the last, both clocks within what the players saw."""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from shared_stacks import GAMES_GROUP, with_relay
from stack_games import Follower, StackGame, ask
from test_scaleout import tools_missing

from game_puzzle import BLANKS, SOLUTION
from redis_server import answers
from waiting import until

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from stackrun import APP_SERVER, RunningStack, stack  # noqa: E402

# Its stack is shared with the matches' tests (shared_stacks.py): one worker runs both.
pytestmark = pytest.mark.xdist_group(GAMES_GROUP)

# The 4x4's nine blanks: the join is version 1, the last digit version 10, and the game over.
LAST_VERSION = 10


@pytest.fixture
def sqlite_stack(games_stack: RunningStack) -> RunningStack:
    """deploy/stack on its SQLite store, two workers (shared_stacks.py), its relay running."""
    return with_relay(games_stack)


def started(port: int) -> tuple[StackGame, Follower]:
    """A game under way through the stack, and a page following it."""
    game = StackGame(port)
    game.start()
    follower = Follower(port, game.id)
    until(lambda: follower.heard(1), "the follower hears the game begun")
    return game, follower


def outcome(game: StackGame, follower: Follower) -> dict[str, object]:
    """What became of the game: its version, phase and right digits, whether the follower heard
    the last move, and whether each clock used a time within what the players saw."""
    final = game.state()
    heard = bool(until(lambda: follower.heard(LAST_VERSION), "the last move heard", 30))
    follower.stop()
    clocks = final["clocks"]
    assert isinstance(clocks, list)
    within = []
    for clock in clocks:
        least, most = game.clock_bounds(clock["seat"])
        within.append(least - 2 <= clock["used_ms"] <= most + 2)  # 2 ms: both round down
    return {
        "version": final["version"],
        "phase": final["phase"],
        "right": sum(clock["right"] for clock in clocks),
        "heard the last": heard,
        "clocks right": all(within),
    }


WHOLE = {
    "version": LAST_VERSION,
    "phase": "over",
    "right": 9,
    "heard the last": True,
    "clocks right": True,
}


def test_a_follower_through_nginx_hears_each_move_from_the_relay(sqlite_stack: RunningStack):
    game, follower = started(sqlite_stack.port)
    game.play(0)
    until(lambda: follower.heard(2), "the move heard")
    follower.stop()
    assert follower.kinds == {"version"}


def first_event(port: int, game_id: str) -> str:
    """The first event line a new live-events connection through nginx gets."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        request = f"GET /game/{game_id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        connection.sendall(request.encode())
        stream = connection.makefile("rb")
        while line := stream.readline():
            if line.startswith(b"event: "):
                return line.decode().strip()
    return ""


def running_relay(stack: RunningStack) -> int:
    """The pid of the stack's relay, once one runs: a test that killed the last one leaves
    the stack to start another a second later."""
    until(lambda: f"relay pid {stack.relay_pid} stopped" not in stack.output, "a relay running")
    return stack.relay_pid


def test_while_the_relay_is_away_the_app_answers_a_game_s_live_events(
    sqlite_stack: RunningStack,
):
    game, follower = started(sqlite_stack.port)
    follower.stop()
    relay = running_relay(sqlite_stack)
    os.killpg(relay, signal.SIGKILL)
    # The stack starts another a second later; meanwhile nginx hands the events to the app.
    assert first_event(sqlite_stack.port, game.id) == "event: state"


def worker_pids(server_pid: int) -> list[int]:
    """The gunicorn workers of the master `server_pid`."""
    children = Path(f"/proc/{server_pid}/task/{server_pid}/children").read_text()
    return [int(pid) for pid in children.split()]


def test_a_game_goes_on_when_a_gunicorn_worker_is_killed_mid_game(sqlite_stack: RunningStack):
    game, follower = started(sqlite_stack.port)
    for blank in range(4):
        game.play(blank)
    master = int(sqlite_stack.printed(APP_SERVER)[0].group(2))
    os.kill(worker_pids(master)[0], signal.SIGKILL)
    for blank in range(4, 9):
        game.play(blank)
    assert outcome(game, follower) == WHOLE


def test_a_game_goes_on_when_the_relay_is_killed_mid_game(sqlite_stack: RunningStack):
    game, follower = started(sqlite_stack.port)
    for blank in range(4):
        game.play(blank)
    relay = running_relay(sqlite_stack)
    os.killpg(relay, signal.SIGKILL)
    for blank in range(4, 9):
        game.play(blank)
    until(lambda: sqlite_stack.relay_pid != relay, "another relay")
    assert outcome(game, follower) == WHOLE


@pytest.fixture(scope="module")
def redis_stacks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningStack]:
    """deploy/stack with its own Redis and two app servers sharing it, for the module."""
    missing = tools_missing()
    if missing:
        pytest.skip(missing)
    options = ("--redis", "--app-servers", "2", "--workers", "2", "--exempt", "127.0.0.1")
    with stack(*options, log=tmp_path_factory.mktemp("redis-stack") / "stack.log") as running:
        yield running


@pytest.fixture
def redis_stack(redis_stacks: RunningStack) -> RunningStack:
    """The module's Redis stack with its Redis answering: a test that restarted it leaves
    the stack to start it again a second later."""
    until(
        lambda: (
            f"redis pid {redis_stacks.redis[0]} stopped" not in redis_stacks.output
            and answers(redis_stacks.redis[1])
        ),
        "Redis again",
    )
    return redis_stacks


def test_a_game_goes_on_when_redis_restarts_mid_game(redis_stack: RunningStack):
    running = redis_stack
    game, follower = started(running.port)
    for blank in range(4):
        game.play(blank)
    redis_pid, _ = running.redis
    os.kill(redis_pid, signal.SIGTERM)  # the stack starts it again on its file
    until(lambda: f"redis pid {redis_pid} stopped" in running.output, "Redis gone")
    for blank in range(4, 9):
        game.play(blank)  # the first waits for Redis again, its clock running
    assert outcome(game, follower) == WHOLE


def racing_round(game: StackGame, ports: list[int], round_number: int) -> list[int]:
    """One turn raced: the player to move sends two different right digits at the same instant
    to the two app servers, the other player one out of turn, and a forger one with a made-up
    seat; the statuses, in that order."""
    seen = int(str(game.state()["version"]))
    mover = 1 if seen % 2 == 1 else 2
    open_blanks = [blank for blank in range(9) if blank not in game.filled]
    first, second = open_blanks[0], open_blanks[1]
    sends = [
        (ports[0], game.tokens[mover], first),
        (ports[1], game.tokens[mover], second),
        (ports[1], game.tokens[3 - mover], second),
        (ports[0], f"forged{round_number}xxxxxxxxxxxxxxxxx", first),
    ]
    barrier = threading.Barrier(len(sends))
    statuses = [0] * len(sends)

    def send(index: int) -> None:
        port, token, blank = sends[index]
        cell = BLANKS[blank]
        body = {"action": "place", "cell": cell, "symbol": str(SOLUTION.cells[cell]), "seen": seen}
        barrier.wait(timeout=30)
        statuses[index] = ask(
            port, "POST", f"/game/{game.id}/move.json", json.dumps(body).encode(), token
        )[0]

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(sends))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    board = game.state()["board"]
    assert isinstance(board, list)
    game.filled = {blank for blank in range(9) if board[BLANKS[blank]]}
    return statuses


def test_of_moves_raced_to_two_app_servers_sharing_redis_exactly_one_is_applied_a_turn(
    redis_stack: RunningStack,
):
    game = StackGame(redis_stack.port)
    game.start()
    rounds = []
    for round_number in range(6):
        before = int(str(game.state()["version"]))
        statuses = racing_round(game, redis_stack.app_ports, round_number)
        after = int(str(game.state()["version"]))
        rounds.append((statuses.count(200), after - before))
    assert rounds == [(1, 1)] * 6  # one move answered as made, and one in the log, a turn
