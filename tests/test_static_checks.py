"""Lint, format and types are checks, not hopes: the test command fails on any of them.

Each runs the real tool over the project as configured in pyproject.toml, so a
developer sees the same verdict from `python -m pytest` as from the tool itself. CI
(`.ci/run`) runs the same three commands first, as steps of their own that stop the run
before the tests, and leaves out their copies here; the fast lane leaves this file out
(tests/slow_tests.txt).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# Both mypy runs write .mypy_cache in the checkout: one worker runs them one after the other.
pytestmark = pytest.mark.xdist_group("mypy-cache")

ROOT = Path(__file__).parent.parent
PYTHON_TREES = ("webapp", "tests", "deploy", "setup.py")

CHECKS = {
    "ruff check": [sys.executable, "-m", "ruff", "check", *PYTHON_TREES],
    "ruff format": [sys.executable, "-m", "ruff", "format", "--check", *PYTHON_TREES],
    # files and strictness come from [tool.mypy] in pyproject.toml
    "mypy": [sys.executable, "-m", "mypy"],
}


@pytest.mark.parametrize("name", CHECKS)
def test_the_code_passes(name: str) -> None:
    done = subprocess.run(
        CHECKS[name], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, f"{name} failed:\n{done.stdout}{done.stderr}"


def test_mypy_catches_a_type_error(tmp_path: Path) -> None:
    """The configuration really checks: a wrong return type in a typed function is reported."""
    wrong = tmp_path / "wrong.py"
    wrong.write_text('def count() -> int:\n    return "three"\n')
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), str(wrong)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1
    assert "Incompatible return value type" in done.stdout
