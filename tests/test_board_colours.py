"""Every role a step gives a cell has a colour of its own in style.css, and the roles a
person must tell apart on one board never share one."""

from __future__ import annotations

import re
from pathlib import Path

from webapp.explanations.names import ROLE_NAMES
from webapp.sudoku.logic.forcing import NESTED
from webapp.sudoku.logic.forcing_search import (
    CELL_CHAIN,
    CELL_NET,
    CONTRADICTION_CHAIN,
    CONTRADICTION_NET,
    EITHER_WAY_NET,
    UNIT_CHAIN,
    UNIT_NET,
)

CSS = (Path(__file__).parent.parent / "static" / "style.css").read_text()
FORCING = [CONTRADICTION_CHAIN, CELL_CHAIN, UNIT_CHAIN, CONTRADICTION_NET, CELL_NET, UNIT_NET]
FORCING += [EITHER_WAY_NET]
NESTED_KINDS = [NESTED + kind for kind in (CONTRADICTION_NET, CELL_NET, UNIT_NET, EITHER_WAY_NET)]


def background(role: str) -> str:
    """The colour variable of the last rule whose selector list names `.role-<role>`."""
    found = ""
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", CSS):
        names = re.findall(r"\.role-([a-z0-9-]+)\b", selectors)
        match = re.search(r"background:\s*var\((--[a-z0-9-]+)\)", body)
        if role in names and match and not selectors.strip().startswith("td."):
            found = match.group(1)
    return found


def test_every_role_is_shaded():
    roles = [*ROLE_NAMES, *FORCING, *NESTED_KINDS, "assumed", "als-1", "als-2", "als-3"]
    unshaded = [role for role in roles if role != "target" and not background(role)]
    assert unshaded == []


def test_roles_seen_together_differ():
    assert background("node") != background("als-1")
    assert background("node") != background("group")
    assert background("als-1") != background("als-2")
    assert background(CONTRADICTION_NET) not in ("", "--cell-bg")
