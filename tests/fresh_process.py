"""Run a snippet in a fresh Python process, where no table or cache has been built yet.

Clearing a process-wide cache inside the test process would make later
tests depend on the order they run in; a child process starts clean.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

ROOT = Path(__file__).parent.parent


def run_fresh(code: str) -> Any:
    """Run `code` in a new interpreter and return what its last line printed, read as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
