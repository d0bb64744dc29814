"""Every link, API answer and CLI output below is the same, byte for byte, as when it was
recorded: a change to the house (moving modules, values in place of dicts) must change
nothing anyone sees. What may differ between two runs is left out first: timings (an
element marked `data-timing`, a JSON "ms"), and static files' content hashes (`?v=`).

A change meant to alter what is shown refreshes the records on purpose:
`SUDOKU_REFRESH_GOLDEN=1 pytest tests/test_golden.py`, then read the diff before committing.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from webapp.cli import main
from webapp.web.http_caching import TIMING

from puzzles import (
    CLASHING_CODE,
    FOUR,
    NORVIG_EASY_CODE,
    NORVIG_HARD1,
    RATED_5_7_CODE,
    SIX,
)

RECORDS = Path(__file__).parent / "data" / "golden"
REFRESH = os.environ.get("SUDOKU_REFRESH_GOLDEN") == "1"

HARD = NORVIG_HARD1.replace(".", "0")
X = "008001007002830000070000040000000092000060000520000000010000060000098700800200300-x"
WINDOKU = "000000000500430209000071000060000900305000802002000010000720000803054007000000000-w"
JIGSAW = (
    "000020038306000005000000000000700090200080001090002000000000000600000503140060000"
    "-j7OJGE2MZZLYR67ZHJP7LL7GQW2DYA"
)
KILLER = (
    "0" * 81 + "-k12333455567778499966AB8CD9E6FABBCCGHFFAIJKLGMNOOJJLLPPQOORJSPPTQUVWSSXXTQUVWYY"
    "XTT05040D0A0M0R0C0A0F0I0H0B05030B0B02090H080H05060K0I0C010H0N090D080F0B"
)
FOUR_CODE = FOUR.replace(".", "0")
SIX_CODE = SIX.replace(".", "0")
TWO_WAYS = "0" * 81

# name: (method, path, JSON body or None)
REQUESTS: dict[str, tuple[str, str, Any]] = {
    "home": ("GET", "/", None),
    "home-16": ("GET", "/?size=16", None),
    "home-filled": ("GET", f"/?puzzle={JIGSAW}", None),
    "solve-easy": ("GET", f"/solve/{NORVIG_EASY_CODE}", None),
    "solve-hard": ("GET", f"/solve/{HARD}", None),
    "solve-rated": ("GET", f"/solve/{RATED_5_7_CODE}?candidates=1", None),
    "solve-clash": ("GET", f"/solve/{CLASHING_CODE}", None),
    "solve-many": ("GET", f"/solve/{TWO_WAYS}", None),
    "solve-four": ("GET", f"/solve/{FOUR_CODE}", None),
    "solve-six": ("GET", f"/solve/{SIX_CODE}", None),
    "solve-x": ("GET", f"/solve/{X}", None),
    "solve-windoku": ("GET", f"/solve/{WINDOKU}", None),
    "solve-jigsaw": ("GET", f"/solve/{JIGSAW}", None),
    "solve-killer": ("GET", f"/solve/{KILLER}", None),
    "solve-bad-code": ("GET", "/solve/12x", None),
    "explain-start": ("GET", f"/explain/{RATED_5_7_CODE}", None),
    "explain-step": ("GET", f"/explain/{RATED_5_7_CODE}?step=12", None),
    "explain-killer": ("GET", f"/explain/{KILLER}?step=3", None),
    "play": ("GET", f"/play/{NORVIG_EASY_CODE}", None),
    "play-hint": ("GET", f"/play/{RATED_5_7_CODE}?hint=2", None),
    "play-jigsaw": ("GET", f"/play/{JIGSAW}?check=1", None),
    "new-form": ("GET", "/new", None),
    "new-link": ("GET", "/new/9/medium/rotational/11", None),
    "api-solve": ("GET", f"/api/solve/{HARD}", None),
    "api-solve-many": ("GET", f"/api/solve/{TWO_WAYS}", None),
    "api-solve-post": ("POST", "/api/solve", {"puzzle": NORVIG_HARD1}),
    "api-solve-killer": ("GET", f"/api/solve/{KILLER}", None),
    "api-solve-invalid": ("POST", "/api/solve", {"puzzle": "12"}),
    "api-explain": ("GET", f"/api/explain/{RATED_5_7_CODE}", None),
    "api-rate": ("GET", f"/api/rate/{RATED_5_7_CODE}", None),
    "api-hint": ("POST", "/api/hint", {"puzzle": RATED_5_7_CODE}),
    "api-hint-jigsaw": ("POST", "/api/hint", {"puzzle": JIGSAW}),
    "api-generate": ("GET", "/api/generate?size=6&level=easy&seed=3", None),
    "api-batch": (
        "POST",
        "/api/solve/batch",
        {"puzzles": [NORVIG_EASY_CODE, CLASHING_CODE, "12", FOUR_CODE]},
    ),
}

# name: the `sudoku` command's arguments; "{file}" is a file holding the puzzles below.
COMMANDS: dict[str, list[str]] = {
    "cli-solve": ["solve", "{file}"],
    "cli-solve-json": ["solve", "--json", "{file}"],
    "cli-rate": ["rate", "--json", "{file}"],
    "cli-explain": ["explain", "{file}"],
    "cli-hint": ["hint", "{file}"],
}
COMMAND_PUZZLES = [RATED_5_7_CODE, CLASHING_CODE, FOUR_CODE, X, KILLER]

HASHED = re.compile(r"\?v=[0-9a-f]+")


def untimed_json(value: Any) -> Any:
    """`value` without its "ms" keys, at any depth."""
    if isinstance(value, dict):
        return {key: untimed_json(item) for key, item in value.items() if key != "ms"}
    if isinstance(value, list):
        return [untimed_json(item) for item in value]
    return value


def steady(text: str, is_json: bool) -> str:
    """`text` without what may differ between two runs."""
    if is_json:
        return json.dumps(untimed_json(json.loads(text)), indent=1, sort_keys=True)
    text = TIMING.sub(rb"\1\3", text.encode()).decode()
    return HASHED.sub("?v=", text)


def compare(name: str, seen: str) -> None:
    """`seen` against the record `name`, or the record written anew when refreshing."""
    record = RECORDS / f"{name}.txt"
    if REFRESH:
        record.write_text(seen)
    assert seen == record.read_text()


@pytest.fixture(scope="module")
def client(make_app):
    """One app for every request, as a worker answers them one after another."""
    return make_app().test_client()


@pytest.mark.parametrize("name", REQUESTS)
def test_an_answer_is_as_recorded(client, name):
    method, path, body = REQUESTS[name]
    answer = client.open(path, method=method, json=body)
    head = f"{answer.status_code} {answer.mimetype} {answer.headers.get('Location', '')}\n"
    compare(name, head + steady(answer.get_data(as_text=True), answer.is_json))


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_prints_as_recorded(name, tmp_path, capsys):
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text("\n".join(COMMAND_PUZZLES) + "\n")
    status = main([arg.replace("{file}", str(puzzles)) for arg in COMMANDS[name]])
    out = capsys.readouterr().out
    lines = out.splitlines()
    if "--json" in COMMANDS[name]:
        lines = [steady(line, is_json=True) for line in lines if line.strip()]
    compare(name, f"{status}\n" + "\n".join(lines) + "\n")
