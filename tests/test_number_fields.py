"""Every number a request sends (a query's ?hint= or ?step=, the play form's tier, a cell's
row and column, a cage's sum, a grid written as numbers, another solver's link) is read as
ASCII digits of a bounded length: '²', '٣', '１' or 5,000 digits is a clear 4xx, never a 500
(issue 35, point 6)."""

from __future__ import annotations

import json

import pytest

from webapp.sudoku import SHAPES, Grid
from webapp.sudoku.links.fpuzzles import write_json
from webapp.sudoku.links.lzstring import compress_to_base64

from puzzles import NORVIG_EASY_CODE

CODE = NORVIG_EASY_CODE
MANY_DIGITS = "9" * 5_000  # beyond the 4,300 digits int() reads at all
BLANK_FOUR = "0" * 16


def play_form(action: str, tier: str) -> dict[str, str]:
    """The play form of CODE's start, a hint button pressed with the tier shown."""
    return {"progress": CODE, "action": action, "tier": tier}


def killer_four(cells: list[str], total: str) -> dict[str, object]:
    """POST /api/solve's body: a blank 4x4 Killer with one cage of `cells` summing `total`."""
    return {"puzzle": BLANK_FOUR, "variant": "killer", "cages": [{"cells": cells, "sum": total}]}


def fpuzzles_killer(cells: list[str], value: str) -> dict[str, str]:
    """POST /api/solve's body: an f-puzzles link of a blank 9x9 with one killer cage."""
    data = json.loads(write_json(Grid(SHAPES[9], (0,) * 81)))
    data["killercage"] = [{"cells": cells, "value": value}]
    return {"puzzle": "https://f-puzzles.com/?load=" + compress_to_base64(json.dumps(data))}


def killer_form(first: str) -> dict[str, str]:
    """The home form's blank 4x4 Killer, a cage of two cells side by side for each label a
    to h, cage a's sum typed as `first` and the others' as 3."""
    labels = "aabbccddeeffgghh"
    sums = ", ".join([f"a={first}", *(f"{label}=3" for label in "bcdefgh")])
    data = {"size": "4", "variant": "killer", "cage_sums": sums}
    for index, label in enumerate(labels):
        data[f"cage_r{index // 4 + 1}c{index % 4 + 1}"] = label
    return data


NUMBERS_AS_FIELDS = " ".join(["1"] * 80 + [MANY_DIGITS])

CASES = [
    pytest.param("get", f"/play/{CODE}?hint=²", None, 400, id="play hint superscript"),
    pytest.param("get", f"/play/{CODE}?hint=１", None, 400, id="play hint full-width"),
    pytest.param("get", f"/play/{CODE}?hint={MANY_DIGITS}", None, 400, id="play hint long"),
    pytest.param("get", f"/play/{CODE}?time=٣", None, 400, id="play time Arabic-Indic"),
    pytest.param("get", f"/play/{CODE}?check=1&why=r٣c1", None, 400, id="play why Arabic-Indic"),
    pytest.param("get", f"/explain/{CODE}?step=²", None, 400, id="explain step superscript"),
    pytest.param("get", f"/explain/{CODE}?step=٣", None, 400, id="explain step Arabic-Indic"),
    pytest.param("post", f"/play/{CODE}", play_form("more", "²"), 400, id="play tier superscript"),
    pytest.param("post", f"/play/{CODE}", play_form("more", MANY_DIGITS), 400, id="tier long"),
    pytest.param("post", f"/play/{CODE}", play_form("more", "+1"), 400, id="play tier signed"),
    pytest.param("post", "/", killer_form(MANY_DIGITS), 422, id="form cage sum long"),
    pytest.param("json", "/api/solve", killer_four(["r1c1", "r1c2"], "²"), 422, id="cage sum ²"),
    pytest.param(
        "json", "/api/solve", killer_four(["r1c1", "r1c2"], MANY_DIGITS), 422, id="cage sum long"
    ),
    pytest.param("json", "/api/solve", killer_four(["r٣c1", "r3c2"], "3"), 422, id="cage cell ٣"),
    pytest.param("json", "/api/solve", {"puzzle": NUMBERS_AS_FIELDS}, 422, id="grid of numbers"),
    pytest.param(
        "json", "/api/solve", fpuzzles_killer(["R1C1", "R1C2"], MANY_DIGITS), 422, id="link sum"
    ),
    pytest.param(
        "json", "/api/solve", fpuzzles_killer(["R²C1", "R1C2"], "3"), 422, id="link cell ²"
    ),
    pytest.param("get", "/daily?size=٩", None, 400, id="daily size Arabic-Indic"),
    pytest.param("get", "/print?seed=1&count=４", None, 400, id="print count full-width"),
    pytest.param("get", "/api/generate?seed=²", None, 400, id="generate seed superscript"),
    pytest.param("get", "/api/generate?size=٩", None, 400, id="generate size Arabic-Indic"),
]


@pytest.mark.parametrize(("method", "path", "body", "status"), CASES)
def test_a_number_not_in_ascii_digits_is_a_clear_4xx(client, method, path, body, status):
    if method == "get":
        response = client.get(path)
    elif method == "json":
        response = client.post(path, json=body)
    else:
        response = client.post(path, data=body)
    assert response.status_code == status
