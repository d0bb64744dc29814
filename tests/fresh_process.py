"""Run a snippet in a fresh Python process, where no table or cache has been built yet.

Clearing a process-wide cache inside the test process would make later
tests depend on the order they run in; a child process starts clean.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parent.parent


def run_fresh(code: str, *args: str, hash_seed: str | None = None, timeout: float = 120) -> Any:
    """Run `code` (given `args` as sys.argv[1:], and PYTHONHASHSEED `hash_seed` when given) in
    a new interpreter and return what its last line printed, read as JSON."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed} if hash_seed is not None else None
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
