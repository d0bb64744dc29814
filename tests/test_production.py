"""Production serving: the gunicorn settings, `sudoku serve`, and the real gunicorn under a
mix of normal and hostile traffic from several threads."""

from __future__ import annotations

import http.client
import importlib
import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import pytest

import webapp.serving.gunicorn_conf
from webapp import cli
from webapp.serving import launch as serve
from webapp.serving.launch import gunicorn_command
from webapp.sudoku import SHAPES
from webapp.sudoku.puzzle import longest_code

from free_ports import free_port
from fresh_process import run_fresh
from puzzles import NORVIG_EASY, NORVIG_HARD1, NORVIG_IMPOSSIBLE, frisch_25x25

ROOT = Path(__file__).parent.parent


# The settings


@pytest.fixture
def settings(monkeypatch):
    """Load the gunicorn settings afresh under the environment a test sets; restore them after."""

    def load(**environ: str):
        for name in ("SUDOKU_BIND", "SUDOKU_WORKERS"):
            monkeypatch.delenv(name, raising=False)
        for name, value in environ.items():
            monkeypatch.setenv(name, value)
        return importlib.reload(webapp.serving.gunicorn_conf)

    yield load
    monkeypatch.undo()
    importlib.reload(webapp.serving.gunicorn_conf)


def test_by_default_one_threaded_worker_per_core_and_no_access_log(tmp_path):
    """Started as launch.py starts it, with only the address given."""
    port = free_port()
    argv, env = gunicorn_command(bind=f"127.0.0.1:{port}")
    env.pop("SUDOKU_WORKERS", None)
    env.pop("SUDOKU_THREADS", None)
    server = Server(argv, port, tmp_path / "defaults.err", **env)
    code = "0" * 15 + "1"
    try:
        server.wait_until_healthy()
        status, _ = request(port, "GET", f"/solve/{code}")
    finally:
        server.stop()
    assert status == 200
    assert server.stderr.count("Booting worker") == os.cpu_count()
    assert "Using worker: webapp.serving.fair_worker.FairThreadWorker" in server.stderr
    assert code not in server.stderr  # no access log repeating the path


def test_the_timeout_is_only_a_backstop_far_above_the_solve_ceiling(settings):
    from webapp import DEFAULTS

    # a solve, a count of its solutions (the same ceiling) and a rating, with room to spare
    ceilings = 2 * DEFAULTS["SOLVE_CEILING_SECONDS"] + DEFAULTS["RATING_CEILING_SECONDS"]
    assert settings().timeout > ceilings


def test_the_environment_sets_the_address_and_the_workers(settings):
    conf = settings(SUDOKU_BIND="0.0.0.0:9000", SUDOKU_WORKERS="3")
    assert conf.bind == "0.0.0.0:9000"
    assert conf.workers == 3


@pytest.mark.parametrize("workers", ["0", "-1", "two", "1.5"])
def test_a_worker_count_that_is_not_a_whole_number_above_zero_is_refused(settings, workers):
    with pytest.raises(ValueError, match="SUDOKU_WORKERS"):
        settings(SUDOKU_WORKERS=workers)


def test_the_master_builds_every_size_of_table_before_forking():
    # The real on_starting in a fresh process: afterwards no solve of any size builds a table.
    built, after_solving = run_fresh("""
        import json
        from webapp.serving import gunicorn_conf
        from webapp.sudoku import SHAPES, Grid, Puzzle, solve
        from webapp.sudoku.bitboard import bitboard_for
        gunicorn_conf.on_starting(None)
        built = bitboard_for.cache_info().misses
        for shape in SHAPES.values():
            solve(Puzzle(Grid(shape, (0,) * shape.cell_count)))
        print(json.dumps([built, bitboard_for.cache_info().misses]))
    """)
    assert built == after_solving == len(SHAPES)


# sudoku serve


def test_serve_runs_gunicorn_with_the_settings_module():
    argv, env = serve.gunicorn_command("127.0.0.1:9001", 3, environ={"PATH": "/bin"})
    assert argv == [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "python:webapp.serving.gunicorn_conf",
        "webapp:create_app()",
    ]
    assert env == {"PATH": "/bin", "SUDOKU_BIND": "127.0.0.1:9001", "SUDOKU_WORKERS": "3"}


def test_serve_leaves_the_environment_alone_without_options():
    _, env = serve.gunicorn_command(environ={"SUDOKU_BIND": "127.0.0.1:7000"})
    assert env == {"SUDOKU_BIND": "127.0.0.1:7000"}


def test_serve_options_are_checked(capsys):
    args = cli.build_parser().parse_args(["serve", "--bind", "127.0.0.1:9002", "--workers", "2"])
    assert (args.bind, args.workers, args.run) == ("127.0.0.1:9002", 2, cli.serve.run)
    assert cli.main(["serve", "--workers", "0"]) == 2
    assert "not a whole number above zero" in capsys.readouterr().err


# The real gunicorn


class Server:
    """A gunicorn started in the background, its stderr in a file."""

    def __init__(self, argv: list[str], port: int, stderr: Path, **environ: str) -> None:
        self.port = port
        self.stderr_path = stderr
        env = {**os.environ, **environ}
        env.pop("FLASK_DEBUG", None)
        self._stderr = stderr.open("w")
        self.process = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=self._stderr
        )

    def wait_until_healthy(self, seconds: float = 60) -> None:
        """Poll /healthz until it answers; fail with gunicorn's output if it never does."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"gunicorn exited early:\n{self.stderr}")
            try:
                if request(self.port, "GET", "/healthz")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        pytest.fail(f"gunicorn did not answer within {seconds} s:\n{self.stderr}")

    def stop(self) -> None:
        """Ask gunicorn to stop, as an init system would, and wait for it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._stderr.close()

    @property
    def stderr(self) -> str:
        """What gunicorn and the app have written to stderr so far."""
        return self.stderr_path.read_text()


def gunicorn(port: int, stderr: Path, **environ: str) -> Server:
    """Gunicorn started as `sudoku serve` starts it, on a loopback port, with extra environment."""
    argv, env = gunicorn_command(bind=f"127.0.0.1:{port}")
    return Server(argv, port, stderr, **{**env, **environ})


def request(port: int, method: str, path: str, body: bytes | None = None, content_type: str = ""):
    """One request on a fresh connection: (status, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        headers = {"Content-Type": content_type} if content_type else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


UNIQUE = NORVIG_EASY
FRISCH = frisch_25x25()
CLASH_25 = "11" + "0" * 623


def _form(fields: dict[str, str]) -> bytes:
    """Fields as an urlencoded body."""
    return "&".join(f"{quote(name)}={quote(value)}" for name, value in fields.items()).encode()


# Past gunicorn's request line limit: refused before the app sees it, so not in its log.
TOO_LONG_FOR_GUNICORN = "/solve/" + "1" * 5000
# (method, path, body, content type, expected status, expected JSON status or None)
MIX = [
    ("GET", "/healthz", None, "", 200, "ok"),
    ("GET", "/", None, "", 200, None),
    ("GET", "/?size=25", None, "", 200, None),
    ("GET", f"/solve/{UNIQUE.replace('.', '0')}", None, "", 200, None),
    ("GET", f"/api/solve/{NORVIG_IMPOSSIBLE}", None, "", 200, "no_solution"),
    (
        "POST",
        "/api/solve",
        json.dumps({"puzzle": NORVIG_HARD1}).encode(),
        "application/json",
        200,
        "multiple",
    ),
    *(("GET", f"/api/solve/{puzzle}", None, "", 200, "gave_up|solved") for puzzle in FRISCH),
    ("GET", "/api/solve/" + "0" * 625, None, "", 200, "multiple"),
    ("GET", f"/api/solve/{CLASH_25}", None, "", 200, "no_solution"),
    ("GET", "/solve/" + "0" * 256, None, "", 200, None),
    ("POST", "/", _form({"puzzle": UNIQUE}), "application/x-www-form-urlencoded", 303, None),
    ("POST", "/", _form({"r1c1": "<script>"}), "application/x-www-form-urlencoded", 422, None),
    ("GET", "/solve/" + "1" * (longest_code() + 1), None, "", 414, None),
    ("GET", TOO_LONG_FOR_GUNICORN, None, "", 414, None),
    ("GET", "/?puzzle=" + quote('"><img src=x>'), None, "", 422, None),
    ("POST", "/api/solve", b'{"puzzle": "' + b"1" * 70_000 + b'"}', "application/json", 413, None),
    ("POST", "/api/solve", b"[" * 50_000, "application/json", 422, "invalid"),
    ("POST", "/api/solve", b"\xff\xfe garbage", "text/plain", 422, "invalid"),
    ("GET", f"/nowhere?puzzle={UNIQUE}", None, "", 404, None),
    ("DELETE", "/api/solve", None, "", 405, None),
]
# Eight clients at once, each sending twelve of the mix in turn from its own place in it:
# every kind is sent two to six times (25 each sent each kind about nine times, and the
# cut-short solves among them took most of the test's two cores).
THREADS = 8
REQUESTS_PER_THREAD = 12
# Everything a client sent that the log must not repeat.
SECRETS = [
    UNIQUE,
    UNIQUE.replace(".", "0"),
    NORVIG_IMPOSSIBLE,
    NORVIG_HARD1,
    *FRISCH,
    "<script>",
    "img src",
]


def _send_mix(port: int, thread: int) -> list[tuple[int, int, str | None]]:
    """One thread's share of the mix: (index in MIX, HTTP status, JSON status) per request."""
    answers = []
    for number in range(REQUESTS_PER_THREAD):
        index = (thread * 7 + number) % len(MIX)
        method, path, body, content_type, _, _ = MIX[index]
        status, content = request(port, method, path, body, content_type)
        outcome = json.loads(content).get("status") if content.startswith(b"{") else None
        answers.append((index, status, outcome))
    return answers


def test_gunicorn_holds_up_under_a_hostile_mix_from_several_threads(tmp_path):
    port = free_port()
    # A line for the solver as long as there are clients, so that no solve is refused
    # for being one too many (test_solver_seat.py tests that 503).
    server = gunicorn(
        port,
        tmp_path / "gunicorn.err",
        SUDOKU_WORKERS="2",
        SUDOKU_THREADS=str(THREADS + 2),
        FLASK_SOLVE_QUEUE_DEPTH=str(THREADS),
    )
    try:
        server.wait_until_healthy()
        with ThreadPoolExecutor(THREADS) as pool:
            answers = [
                answer
                for thread in pool.map(lambda t: _send_mix(port, t), range(THREADS))
                for answer in thread
            ]
    finally:
        server.stop()
    stderr = server.stderr

    assert len(answers) == THREADS * REQUESTS_PER_THREAD
    assert {index for index, _, _ in answers} == set(range(len(MIX)))
    unexpected = [
        (MIX[index][:2], status, outcome)
        for index, status, outcome in answers
        if status != MIX[index][4] or (MIX[index][5] and outcome not in MIX[index][5].split("|"))
    ]
    assert unexpected == []

    assert "WORKER TIMEOUT" not in stderr
    assert "Traceback" not in stderr
    assert "Booting worker" in stderr
    log = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    sent = [MIX[index][1] for index, _, _ in answers]
    app_saw = [path for path in sent if path not in ("/healthz", TOO_LONG_FOR_GUNICORN)]
    assert len([record for record in log if record["path"] != "/healthz"]) == len(app_saw)
    assert all({"time", "method", "path", "status", "ms"} <= set(record) for record in log)
    assert {record["status"] for record in log} <= {200, 303, 404, 405, 413, 414, 422}
    assert any(record.get("cached") for record in log)
    for secret in SECRETS:
        assert secret not in stderr


def test_sudoku_serve_starts_gunicorn(tmp_path):
    port = free_port()
    server = Server(
        [sys.executable, "-m", "webapp", "serve", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        port,
        tmp_path / "serve.err",
    )
    try:
        server.wait_until_healthy()
        status, body = request(port, "GET", "/api/solve/" + "0" * 16)
    finally:
        server.stop()
    assert status == 200
    assert json.loads(body)["status"] == "multiple"
    assert server.process.returncode == 0
    assert "Booting worker" in server.stderr


@pytest.mark.parametrize(
    ("propagate", "line"),
    [
        ("false", "Exception on /solve/<code> [GET]"),  # Flask logs it and answers its 500 page
        ("true", "Error handling request GET /solve/<code>"),  # it reaches gunicorn, which logs it
    ],
)
def test_a_failing_request_does_not_write_the_puzzle_to_the_log(tmp_path, propagate, line):
    """A budget that is not a number makes every solve fail: the error lines name routes only."""
    port = free_port()
    server = gunicorn(
        port,
        tmp_path / "failing.err",
        SUDOKU_WORKERS="1",
        FLASK_SOLVE_BUDGET_NODES="many",
        FLASK_PROPAGATE_EXCEPTIONS=propagate,
    )
    code = FRISCH[0].replace(".", "0")
    try:
        server.wait_until_healthy()
        try:
            status, _ = request(port, "GET", f"/solve/{code}?from=test")
        except (OSError, http.client.HTTPException):
            status = None  # gunicorn may close the connection instead of answering
    finally:
        server.stop()
    stderr = server.stderr
    assert status in (500, None)
    assert line in stderr
    assert "Traceback" in stderr
    assert code not in stderr
    assert FRISCH[0] not in stderr
    assert "from=test" not in stderr
