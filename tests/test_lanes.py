"""The two lanes: the fast one (`pytest -m "not slow"`) leaves out every browser and server
test, and tests/slow_tests.txt names only files and tests that exist, so that none of its
names falls back into the fast lane unnoticed when a test is renamed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from conftest import SLOW

TESTS = Path(__file__).parent
# Files of tests that drive Chromium or start the production stack (nginx, gunicorn, Redis).
BROWSER_AND_STACK = ("test_browser", "test_stack")


def test_every_file_and_test_the_slow_list_names_exists():
    missing = [name for name in SLOW.files if not (TESTS / name).is_file()]
    for name, function in SLOW.tests:
        path = TESTS / name
        if not path.is_file() or not re.search(rf"^def {function}\(", path.read_text(), re.M):
            missing.append(f"{name}::{function}")
    assert missing == []


def test_the_fast_lane_leaves_out_every_browser_server_and_listed_test():
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0", "-m", "not slow"],
        cwd=TESTS.parent,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    fast = [line for line in done.stdout.splitlines() if "::" in line]
    assert len(fast) > 1000  # the lane is not empty by mistake
    files = {line.split("::")[0].removeprefix("tests/") for line in fast}
    assert [name for name in files if name.startswith(BROWSER_AND_STACK)] == []
    assert sorted(files & SLOW.files) == []
    named = {
        (line.split("::")[0].removeprefix("tests/"), re.sub(r"\[.*", "", line.split("::")[1]))
        for line in fast
    }
    assert sorted(named & SLOW.tests) == []
