"""A variant named in words and a person's region map read into Rules (webapp/sudoku/variants.py),
the API taking them beside a puzzle (webapp/web/json_input.py: POST /api/solve, /api/hint) and
`sudoku solve --variant --regions`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from job_apps import job_app
from sudoku_rules import valid_variant_solution

from webapp.cli import main
from webapp.sudoku import SHAPES, PuzzleError, read_code
from webapp.sudoku.links import read_link
from webapp.sudoku.puzzle import CLASSIC, Puzzle, Rules
from webapp.sudoku.variants import rules_named

from puzzles import DATA, SIX

NINE = SHAPES[9]
# A Jigsaw map as labels, one row a line: a staircase of regions (no box among them).
STAIRS = [
    "AAAAABBBB",
    "AAAABBBBB",
    "CCCCCDDDD",
    "CCCCDDDDD",
    "EEEEEFFFF",
    "EEEEFFFFF",
    "GGGGGHHHH",
    "GGGGHHHHH",
    "IIIIIIIII",
]


@pytest.mark.parametrize(
    ("variant", "extras"),
    [
        ("classic", ()),
        (None, ()),
        ("x", ("x",)),
        ("X-Sudoku", ("x",)),
        ("windoku", ("w",)),
        ("hyper", ("w",)),
        ("x-windoku", ("x", "w")),
        ("windoku+x", ("x", "w")),
    ],
)
def test_a_variant_name_gives_its_rules(variant, extras):
    assert rules_named(variant, None, NINE) == Rules(extras)


@pytest.mark.parametrize(
    "regions",
    [
        "".join(STAIRS),
        "\n".join(STAIRS),
        STAIRS,
        [list(row) for row in STAIRS],
        [" ".join(row) for row in STAIRS],
        " ".join(str("ABCDEFGHI".index(label) + 10) for label in "".join(STAIRS)),
    ],
)
@pytest.mark.parametrize("variant", ["jigsaw", "jigsaw-x", "irregular x-windoku"])
def test_a_jigsaw_map_is_read_however_it_is_written(variant, regions):
    rules = rules_named(variant, regions, NINE)
    assert len(set(rules.regions)) == 9
    labels = "".join(STAIRS)
    assert all(
        (rules.regions[a] == rules.regions[b]) == (labels[a] == labels[b])
        for a in range(81)
        for b in range(81)
    )
    assert ("x" in rules.extras) == ("x" in variant)


def test_a_jigsaw_whose_map_is_the_boxes_is_classic():
    boxes = ["".join(str(r // 3 * 3 + c // 3) for c in range(9)) for r in range(9)]
    assert rules_named("jigsaw", boxes, NINE) == CLASSIC


@pytest.mark.parametrize(
    ("variant", "regions", "shape", "says"),
    [
        ("sandwich", None, NINE, "variant: 'sandwich' is not a variant; name classic, x,"),
        (5, None, NINE, "variant: a name, one of classic"),
        ("classic-x", None, NINE, "variant: classic cannot be joined"),
        ("x-diagonal", None, NINE, "variant: the name gives the same rules twice"),
        ("windoku", None, SHAPES[6], "variant: Windoku needs square boxes"),
        ("jigsaw", None, NINE, "regions: a jigsaw needs its region map, one label per cell (81"),
        ("x", STAIRS, NINE, "regions: only a jigsaw has a region map"),
        ("jigsaw", "A" * 80, NINE, "regions: 80 labels; a 9x9 grid takes 81"),
        ("jigsaw", STAIRS[:8], NINE, "regions: 8 rows; a 9x9 grid has 9"),
        ("jigsaw", [*STAIRS[:2], "AB", *STAIRS[3:]], NINE, "regions: row 3 has 2 labels, not 9"),
        ("jigsaw", [[1.5] * 9] * 9, NINE, "regions: each label is a string or a whole number"),
        ("jigsaw", 7, NINE, "regions: a string of one label per cell, or a list of rows"),
        (
            "jigsaw",
            ["A" * 9] * 8 + ["B" * 9],
            NINE,
            "regions: Region A (from r1c1) has 72 cells, not 9",
        ),
        (
            "jigsaw",
            ["A" * 4 + "B" * 4 + "A", *STAIRS[1:]],
            NINE,
            "regions: Region A (from r1c1) is in 2 pieces: r1c1 and r1c9 are not joined",
        ),
    ],
)
def test_a_bad_variant_or_map_says_what_and_where(variant, regions, shape, says):
    with pytest.raises(PuzzleError, match=re.escape(says)):
        rules_named(variant, regions, shape)


def jigsaw_line() -> tuple[str, str]:
    """The real Jigsaw f-puzzles link of tests/data/links/variant_links.txt and its solution."""
    lines = (DATA / "links" / "variant_links.txt").read_text().splitlines()
    _, solution, url = next(line.split() for line in lines if line.startswith("j "))
    return url, solution


def test_the_api_solves_a_puzzle_under_the_variant_and_regions_it_is_sent_with(client):
    url, solution = jigsaw_line()
    puzzle = read_link(url).given
    labels = [
        "".join(chr(65 + region) for region in puzzle.rules.regions[r * 9 : r * 9 + 9])
        for r in range(9)
    ]
    answer = client.post(
        "/api/solve", json={"puzzle": puzzle.grid.code, "variant": "jigsaw", "regions": labels}
    )
    assert answer.status_code == 200
    record = answer.get_json()
    assert record["status"] == "solved" and record["solution"] == solution
    assert record["rules"] == puzzle.rules.code
    assert valid_variant_solution(record["solution"], puzzle.grid.code, 9, regions="".join(labels))
    # the same puzzle without its regions is a classic one with many solutions
    classic = client.post("/api/solve", json={"puzzle": puzzle.grid.code}).get_json()
    assert classic["status"] == "multiple"


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"puzzle": SIX, "variant": "windoku"}, "variant: Windoku needs square boxes"),
        ({"puzzle": SIX, "variant": "jigsaw", "regions": "AB"}, "regions: 2 labels"),
        ({"puzzle": "0" * 81 + "-x", "variant": "windoku"}, "names X-Sudoku, not Windoku"),
        ({"puzzle": "0" * 81, "variant": ["x"]}, "variant: a name"),
    ],
)
@pytest.mark.parametrize("route", ["/api/solve", "/api/hint"])
def test_the_api_answers_a_bad_variant_with_a_422_naming_it(client, route, body, says):
    answer = client.post(route, json={**body, "progress": body["puzzle"].split("-")[0]})
    assert answer.status_code == 422
    assert says in answer.get_json()["error"]


def test_the_hint_api_gives_a_hint_in_the_variant_it_is_sent(client):
    url, _ = jigsaw_line()
    puzzle = read_link(url).given
    labels = "".join(chr(65 + region) for region in puzzle.rules.regions)
    sent = {"puzzle": puzzle.grid.code, "progress": puzzle.grid.code}
    answer = client.post("/api/hint", json={**sent, "variant": "jigsaw", "regions": labels})
    assert answer.status_code == 200
    assert puzzle.code in answer.get_json()["play_url"]


def jigsaw_files(url: str, folder) -> tuple[Puzzle, Path, Path]:
    """The Jigsaw a link holds, its region map as a file (a row of labels a line) and a file
    of its grid alone."""
    puzzle = read_link(url).given
    regions = folder / "regions.txt"
    rows = ["".join(chr(65 + r) for r in puzzle.rules.regions[i * 9 : i * 9 + 9]) for i in range(9)]
    regions.write_text("\n".join(rows) + "\n")
    puzzles = folder / "puzzles.txt"
    puzzles.write_text(f"{puzzle.grid.code}\n")
    return puzzle, regions, puzzles


def test_the_cli_solves_under_the_variant_and_region_file_it_is_given(capsys, tmp_path):
    url, solution = jigsaw_line()
    _, regions, puzzles = jigsaw_files(url, tmp_path)
    assert main(["solve", "--variant", "jigsaw", "--regions", str(regions), str(puzzles)]) == 0
    assert capsys.readouterr().out.splitlines() == [solution]
    assert main(["solve", "--variant", "sandwich", "--json", str(puzzles)]) == 0
    assert "'sandwich' is not a variant" in json.loads(capsys.readouterr().out)["error"]
    assert main(["solve", "--regions", str(tmp_path / "none.txt"), str(puzzles)]) == 2


@pytest.mark.parametrize("command", ["explain", "rate", "hint"])
def test_explain_rate_and_hint_take_the_variant_and_region_file_too(capsys, tmp_path, command):
    puzzle, regions, puzzles = jigsaw_files(jigsaw_line()[0], tmp_path)
    args = [command, "--json", str(puzzles)]
    assert main([*args, "--variant", "jigsaw", "--regions", str(regions)]) == 0
    as_jigsaw = json.loads(capsys.readouterr().out)
    assert main([command, "--json", str(puzzles)]) == 0
    as_classic = json.loads(capsys.readouterr().out)
    if command == "hint":  # the same first step either way (a full house in column 1)
        assert as_jigsaw["status"] == "step" and as_classic["status"] == "step"
    else:  # the grid alone has many classic solutions: nothing to explain or rate
        assert "rating" in as_jigsaw and "rating" not in as_classic
    puzzles.write_text(f"{puzzle.code}\n")  # a share code names its rules: no option needed
    assert main([command, "--json", str(puzzles)]) == 0
    from_code = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in from_code.items() if k not in ("ms", "puzzle", "position")} == {
        k: v for k, v in as_jigsaw.items() if k not in ("ms", "puzzle", "position")
    }


def test_a_job_and_a_batch_take_the_variant_and_regions_too(client):
    url, solution = jigsaw_line()
    puzzle = read_link(url).given
    labels = "".join(chr(65 + region) for region in puzzle.rules.regions)
    sent = {"puzzle": puzzle.grid.code, "variant": "jigsaw", "regions": labels}
    job = client.post("/api/jobs", json={"kind": "solve", **sent})
    assert job.status_code == 202 and job.get_json()["result_url"].endswith(f"/solve/{puzzle.code}")
    batch = client.post(
        "/api/solve/batch",
        json={
            "puzzles": [puzzle.grid.code, puzzle.code, "0" * 81 + "-x"],
            "variant": "jigsaw",
            "regions": labels,
        },
    )
    rows = batch.get_json()["results"]
    assert [row["status"] for row in rows[:2]] == ["solved", "solved"]
    assert rows[0]["code"] == rows[1]["code"] == puzzle.code  # the jigsaw, rules and all
    assert rows[2]["status"] == "invalid" and "names X-Sudoku, not Jigsaw" in rows[2]["message"]
    bad = client.post(
        "/api/solve/batch",
        json={"puzzles": [puzzle.grid.code], "variant": "jigsaw", "regions": "AB"},
    )
    assert bad.status_code == 422 and "regions: " in bad.get_json()["error"]


def test_explain_prints_a_variant_s_puzzle_with_its_rules(capsys, tmp_path):
    url, _ = jigsaw_line()
    puzzle = read_link(url).given
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text(f"{puzzle.code}\n")
    assert main(["explain", str(puzzles)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert read_code(first) == puzzle


def test_a_batch_sent_to_a_job_keeps_its_variant_and_is_not_its_classic_twin(tmp_path):
    url, _ = jigsaw_line()
    puzzle = read_link(url).given
    labels = "".join(chr(65 + region) for region in puzzle.rules.regions)
    client = job_app(tmp_path, BATCH_REQUEST_PUZZLES=1).test_client()
    texts = [puzzle.grid.code, "0" * 81 + "-x"]
    as_jigsaw = client.post(
        "/api/solve/batch", json={"puzzles": texts, "variant": "jigsaw", "regions": labels}
    )
    assert as_jigsaw.status_code == 202
    rows = client.get(as_jigsaw.json["results_url"]).json["results"]
    assert rows[0]["status"] == "solved" and rows[0]["code"] == puzzle.code
    assert rows[1]["status"] == "invalid" and "names X-Sudoku, not Jigsaw" in rows[1]["message"]
    as_classic = client.post("/api/solve/batch", json={"puzzles": texts})
    assert as_classic.json["id"] != as_jigsaw.json["id"]  # the same texts, other rules
    classic_rows = client.get(as_classic.json["results_url"]).json["results"]
    assert classic_rows[0]["status"] == "multiple" and classic_rows[1]["status"] == "multiple"
