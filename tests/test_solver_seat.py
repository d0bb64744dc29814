"""One solve at a time per worker, a bounded line for it, and health checks that never wait.

Unit tests drive the seat from threads; two run the real gunicorn as `sudoku serve`
starts it, one with solves that only a long ceiling stops, so that "answered before any
solve finished" is an ordering, not a stopwatch.
"""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests

from webapp.serving.launch import gunicorn_command
from webapp.sudoku import SHAPES, parse
from webapp.web.solver_seat import RETRY_AFTER, SEAT_KEY, SolverSeat

from clocks import FakeClock
from free_ports import free_port
from puzzles import frisch_25x25
from waiting import until

ROOT = Path(__file__).parent.parent
FRISCH = [parse(puzzle).code for puzzle in frisch_25x25()]


def test_one_holder_at_a_time():
    seat = SolverSeat(queue_depth=8)
    inside, most = 0, 0
    lock = threading.Lock()

    def hold() -> None:
        nonlocal inside, most
        with seat.taken():
            with lock:
                inside += 1
                most = max(most, inside)
            time.sleep(0.01)
            with lock:
                inside -= 1

    threads = [threading.Thread(target=hold) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert most == 1
    assert seat.wanting == 0


def test_the_seat_passes_in_the_order_it_was_asked_for():
    # With a lock, a thread that lets go and asks again at once (a request that renders,
    # then the next on its connection) took the seat back before those already waiting,
    # which woke in no set order: some waited behind several later ones.
    seat = SolverSeat(queue_depth=8)
    order: list[str] = []
    holding, release = threading.Event(), threading.Event()

    def first() -> None:
        with seat.taken():
            holding.set()
            release.wait(10)
        with seat.taken():
            order.append("first again")

    def later(number: int) -> None:
        with seat.taken():
            order.append(f"waiter {number}")

    threads = [threading.Thread(target=first)]
    threads[0].start()
    holding.wait(10)
    for number in range(3):
        threads.append(threading.Thread(target=later, args=(number,)))
        threads[-1].start()
        until(lambda waiting=number + 2: seat.wanting == waiting, f"waiter {number} in line")
    release.set()
    for thread in threads:
        thread.join()
    assert order == ["waiter 0", "waiter 1", "waiter 2", "first again"]
    assert seat.wanting == 0


@contextmanager
def wanted_by(seat: SolverSeat, count: int) -> Iterator[None]:
    """`count` threads holding or waiting for the seat until the block ends; each lets go then."""
    release = threading.Event()

    def want() -> None:
        with seat.taken():
            release.wait(10)

    threads = [threading.Thread(target=want) for _ in range(count)]
    for thread in threads:
        thread.start()
    try:
        while seat.wanting < count:
            time.sleep(0.001)
        yield
    finally:
        release.set()
        for thread in threads:
            thread.join()


@pytest.mark.parametrize("depth", [0, 1, 3])
def test_beyond_the_queue_depth_the_answer_is_503_at_once(depth):
    seat = SolverSeat(queue_depth=depth)
    with wanted_by(seat, depth + 1):  # one solving, `depth` waiting
        with pytest.raises(ServiceUnavailable) as refused:
            with seat.taken():
                pass
    assert refused.value.retry_after == RETRY_AFTER
    assert seat.wanting == 0


def test_the_503_page_says_to_try_again_and_when(make_app):
    app = make_app(SOLVE_QUEUE_DEPTH=0)
    client = app.test_client()
    with wanted_by(app.extensions["webapp.solver_seat"], 1):
        page = client.get("/solve/" + "0" * 15 + "1")
        api = client.get("/api/solve/" + "0" * 15 + "1")
        health = client.get("/healthz")
    assert page.status_code == api.status_code == 503
    assert page.headers["Retry-After"] == str(RETRY_AFTER)
    assert "Try again in a few seconds" in page.get_data(as_text=True)
    assert api.json["status"] == "error"
    assert health.status_code == 200


def relabeled(code: str, shift: int) -> str:
    """The same puzzle with every symbol moved `shift` places on: as hard, and new to a cache."""
    symbols = SHAPES[25].symbols
    return "".join(symbols[(symbols.index(c) + shift) % 25] if c != "0" else c for c in code)


def get(port: int, path: str, timeout: float = 60) -> int:
    """GET `path` on a fresh connection: the status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def cpu_seconds(pid: int) -> float:
    """The CPU time process `pid` has used, user and system (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def workers_of(pid: int) -> list[int]:
    """The pids of the children of process `pid` (gunicorn's workers)."""
    try:
        return [
            int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        ]
    except FileNotFoundError:
        return []


@pytest.fixture
def slow_gunicorn(tmp_path, request):
    """Gunicorn as `sudoku serve` starts it, 2 workers, each solve stopped at a 1 s ceiling
    (its work budget out of reach) unless the test's parameters say otherwise: its master's
    pid and its port.

    A second is ages for requests sent at once to reach the line; a longer ceiling only
    makes the line take longer to empty (five solves a worker, one after another)."""
    port = free_port()
    argv, env = gunicorn_command(bind=f"127.0.0.1:{port}", workers=2)
    env.update(FLASK_SOLVE_CEILING_SECONDS="1", FLASK_SOLVE_BUDGET_NODES="100000000")
    env.update(FLASK_SOLVE_BUDGET_CONFLICTS="100000000")
    env.update(getattr(request, "param", {}))
    log = (tmp_path / "gunicorn.log").open("wb")
    # A session of its own, so that its workers can be killed with it: a worker solving
    # toward a far ceiling outlives a killed master and takes a core from the tests after.
    process = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
    )

    def healthy() -> bool:
        assert process.poll() is None, (tmp_path / "gunicorn.log").read_text()
        try:
            return get(port, "/healthz", timeout=2) == 200
        except OSError:
            return False

    try:
        until(healthy, "gunicorn answers /healthz")
        yield process.pid, port
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:  # a worker still solving toward a far ceiling
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
        log.close()


# A line deep enough that no solve is refused, however the workers share the connections;
# solves that only a ceiling far beyond the test stops, so that none can finish first; no
# job consumer, so that gunicorn's children are its two workers.
@pytest.mark.parametrize(
    "slow_gunicorn",
    [
        {
            "FLASK_SOLVE_QUEUE_DEPTH": "8",
            "FLASK_SOLVE_CEILING_SECONDS": "300",
            "SUDOKU_CONSUMER": "0",
        }
    ],
    indirect=True,
)
def test_health_answers_while_every_worker_is_solving(slow_gunicorn, tmp_path):
    # Six minimal 25x25 puzzles: both workers solve, the others wait in line. A sync worker
    # would answer health only after a solve.
    master, port = slow_gunicorn
    log = tmp_path / "gunicorn.log"

    def sharing() -> list[int]:
        # A worker counts in the others' fair shares once it says so; before that the first
        # to start took all six connections and solved them one after another.
        workers = workers_of(master)
        said = log.read_text()
        shares = [f"Worker {pid} takes its fair share" in said for pid in workers]
        return workers if len(workers) == 2 and all(shares) else []

    workers = until(sharing, "two workers taking their fair shares")
    idle = {worker: cpu_seconds(worker) for worker in workers}
    with ThreadPoolExecutor(max_workers=6) as pool:
        solves = [pool.submit(get, port, f"/solve/{code}") for code in FRISCH[:6]]
        until(
            lambda: all(cpu_seconds(worker) > idle[worker] + 1 for worker in workers),
            "a second of CPU in each worker: each is solving",
        )
        health = get(port, "/healthz")
        unfinished = not any(solve.done() for solve in solves)
        # Gunicorn would wait for the solves on its way out: end them with their workers.
        for worker in workers:
            os.kill(worker, signal.SIGKILL)
    assert health == 200
    assert unfinished


def test_a_full_line_is_refused_with_503_not_left_waiting(slow_gunicorn):
    # Two workers, each one solving and at most four waiting: of 16 uncached solves at
    # once, some must be refused, and every answer is a 200 or a 503.
    codes = [relabeled(FRISCH[shift % len(FRISCH)], shift) for shift in range(16)]
    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(lambda code: get(slow_gunicorn[1], f"/solve/{code}"), codes))
    assert set(answers) <= {200, 503}
    assert answers.count(503) >= 16 - 2 * (1 + 4)


def test_a_client_that_had_its_share_of_the_seat_waits_while_others_go_on(make_app):
    # New 25x25 codes at the rate nginx allows cut another person's 9x9 solves to 10 of 26
    app = make_app(CLIENT_SEAT_BURST_SECONDS=2.0, CLIENT_SEAT_SHARE=0.5)
    clock = FakeClock()
    seat = app.extensions[SEAT_KEY]
    seat.shares.clock = clock
    with app.test_request_context(environ_base={"REMOTE_ADDR": "203.0.113.5"}):
        with seat.taken():
            clock.advance(2.5)  # a long solve: more than its burst
        with pytest.raises(TooManyRequests):
            with seat.taken():
                pass
    with app.test_request_context(environ_base={"REMOTE_ADDR": "198.51.100.9"}):
        with seat.taken():
            clock.advance(0.1)  # another person is not held back
    clock.advance(1.5)  # half a second a second: back above empty after a second
    with app.test_request_context(environ_base={"REMOTE_ADDR": "203.0.113.5"}):
        with seat.taken():
            pass


@contextmanager
def held_by(app, address: str) -> Iterator[None]:
    """A thread holding `address`'s seat until the block ends."""
    seat = app.extensions[SEAT_KEY]
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with app.test_request_context(environ_base={"REMOTE_ADDR": address}):
            with seat.taken():
                holding.set()
                release.wait(10)

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert holding.wait(10)
        yield
    finally:
        release.set()
        thread.join()


def test_clients_do_not_wait_for_each_other_and_each_solves_one_at_a_time(make_app):
    # With one seat for everyone, an attacker's new 25x25 codes held it for seconds each and
    # filled its line: another person's 9x9 share links got 25 of 60 503s, p99 9.3 s
    app = make_app()
    seat = app.extensions[SEAT_KEY]
    with held_by(app, "203.0.113.5"):
        with app.test_request_context(environ_base={"REMOTE_ADDR": "198.51.100.9"}):
            with seat.taken():  # at once, beside the attacker's solve
                assert seat.wanting == 2
        with app.test_request_context(environ_base={"REMOTE_ADDR": "203.0.113.5"}):
            with pytest.raises(TooManyRequests) as refused:
                with seat.taken():
                    pass
        assert "one of yours at a" in refused.value.description
    assert seat.wanting == 0


def test_an_exempt_client_waits_behind_its_own_solve(make_app):
    app = make_app()  # loopback is exempt, as a load tester on the machine
    seat = app.extensions[SEAT_KEY]
    waited = threading.Event()

    def second() -> None:
        with app.test_request_context(environ_base={"REMOTE_ADDR": "127.0.0.1"}):
            with seat.taken():
                waited.set()

    with held_by(app, "127.0.0.1"):
        thread = threading.Thread(target=second)
        thread.start()
        until(lambda: seat.wanting == 2, "the second waits in line")
        assert not waited.is_set()
    thread.join()
    assert waited.is_set() and seat.wanting == 0
