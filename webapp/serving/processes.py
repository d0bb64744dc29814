"""Whether a process still runs, for tables the workers share: a worker killed hard leaves
its process id behind in them (serving/fair_worker.py's connection counts, web/client_shares.py's
solves under way)."""

from __future__ import annotations

import os


def alive(pid: int) -> bool:
    """Whether the process `pid` is running."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's: it runs
    return True
