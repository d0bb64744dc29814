"""The paste form's batches: a file or paste with one puzzle a line answered with a table of
results in the request when short, through a job when long (its page, then /batch/<code>),
and every bad input a message or a 4xx, never a 500."""

from __future__ import annotations

import json
import re
import time
from io import BytesIO

import pytest
from job_apps import job_app
from test_limits import assert_headers, inline_code

from webapp.jobs import QUEUE_KEY, batches
from webapp.jobs.job import BATCH, DONE, FAILED, job_id
from webapp.jobs.work import job_solve_budget
from webapp.sudoku import parse
from webapp.sudoku.batch import MAX_PUZZLES, read_batch
from webapp.web.batch_answer import ONE_AT_A_TIME

from clocks import FakeClock
from puzzles import DATA, FOUR, NORVIG_EASY, data_lines

TWO_9X9 = (DATA / "two_9x9.sdm").read_text()
MIXED = (DATA / "batch_mixed.sdm").read_text()
# What the mixed file's lines are, from its sources (tests/data/batch_mixed.sdm).
MIXED_STATUSES = {
    5: "Solved",
    6: "Solved",
    7: "Solved",
    9: "No solution",
    10: "More than one solution",
    11: "Solved",
    12: "Solved",
}


@pytest.fixture
def client(tmp_path):
    return job_app(tmp_path).test_client()


def upload(client, text: str | bytes, name: str = "puzzles.sdm"):
    """The paste form with `text` as its uploaded file, as a browser sends it."""
    content = text.encode() if isinstance(text, str) else text
    form = {"source": "paste", "size": "9", "puzzle": "", "upload": (BytesIO(content), name)}
    return client.post("/", data=form, content_type="multipart/form-data")


def table_rows(html: str) -> list[tuple[str, str]]:
    """Each row of the results table: where the puzzle was, and its status in words."""
    return re.findall(
        r'<th scope="row">([^<]+)</th>\s*<td><span class="status status-\w+">([^<]+)</span>',
        html,
    )


def solve_links(html: str) -> list[str]:
    return re.findall(r'<a href="(/solve/[0-9A-P]+(?:\?[^"]*)?)">Solve page', html)


def test_the_issues_file_of_two_puzzles_gets_two_rows(client):
    response = upload(client, TWO_9X9)
    assert response.status_code == 200
    html = response.text
    assert "<h1>Results of the batch</h1>" in html
    assert table_rows(html) == [("Line 1", "Solved"), ("Line 2", "Solved")]
    assert solve_links(html) == [f"/solve/{parse(line).code}" for line in TWO_9X9.splitlines()]
    assert "expected 144 cells" not in html
    assert inline_code(html) == []
    assert_headers(response)


def test_pasted_lines_are_a_batch_too(client):
    response = client.post("/", data={"source": "paste", "puzzle": MIXED})
    assert response.status_code == 200
    assert table_rows(response.text) == [
        (f"Line {n}", words) for n, words in MIXED_STATUSES.items()
    ]
    assert "2 puzzles: " not in response.text
    assert "7 puzzles: 5 solved, 1 with more than one solution, 1 without a solution." in (
        response.text
    )


def test_each_rows_link_shows_that_puzzle(client):
    html = upload(client, MIXED).text
    links = solve_links(html)
    assert len(links) == len(MIXED_STATUSES)
    page = client.get(links[3])  # line 9: no solution
    assert page.status_code == 200
    assert '<h1 class="status status-no_solution">No solution</h1>' in page.text


def test_a_bad_line_among_good_ones_is_a_row_saying_what_is_wrong(client):
    bad = NORVIG_EASY[:40] + "<b>x</b>"
    html = upload(client, f"{NORVIG_EASY}\n{bad}\n{NORVIG_EASY}\n").text
    assert table_rows(html) == [
        ("Line 1", "Solved"),
        ("Line 2", "Could not be read"),
        ("Line 3", "Solved"),
    ]
    assert "line 2, column 41: &#39;&lt;&#39; is not a Sudoku symbol" in html
    assert "<b>x</b>" not in html


def test_a_batch_that_runs_out_of_time_says_which_rows_were_not_tried(tmp_path):
    client = job_app(tmp_path, BATCH_REQUEST_SECONDS=0).test_client()
    html = upload(client, TWO_9X9).text
    assert table_rows(html) == [("Line 1", "Gave up"), ("Line 2", "Gave up")]
    assert html.count("not tried: the batch&#39;s 0 s ran out first") == 2
    # The page offers the whole batch to a job, which has the time for it.
    action = re.search(r'<form method="post" action="(/batch/[^"]+/work)">', html)
    assert action and "Keep working on the batch (up to 20 s)" in html
    job_page = client.post(action.group(1)).headers["Location"]
    results = client.get(client.get(job_page).headers["Location"]).text
    assert table_rows(results) == [("Line 1", "Solved"), ("Line 2", "Solved")]


def test_a_batch_all_decided_offers_no_job(client):
    assert "Keep working" not in upload(client, TWO_9X9).text


@pytest.mark.parametrize(
    ("content", "status", "message"),
    [
        (
            "\n".join([FOUR] * (MAX_PUZZLES + 1)),
            422,
            "Uploaded file: the batch holds 1,001 puzzles, one a line; a batch takes at most 1,000",
        ),
        ("\n".join([NORVIG_EASY] * 1_700), 413, "a batch takes at most 128 KB and 1,000 puzzles"),
        ("\n".join([FOUR] * 10_001), 413, "a batch takes at most 128 KB"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", 422, "it is not a plain text file"),
        ("\x00\x01\x02\n\x03\x04\n", 422, "Uploaded file: line 1, column 1"),
    ],
    ids=["1,001 lines", "139 KB", "10,001 lines", "binary", "control characters"],
)
def test_a_file_beyond_the_limits_or_not_text_is_refused_saying_why(
    client, content, status, message
):
    response = upload(client, content)
    assert response.status_code == status
    assert message in response.text
    assert_headers(response)


def test_a_batch_in_a_link_is_sent_back_to_the_paste_box(client):
    response = client.get("/", query_string={"puzzle": f"{FOUR}\n{FOUR}"})
    assert response.status_code == 422
    assert ONE_AT_A_TIME.split(":")[1].strip()[:40] in response.text


def test_the_paste_box_says_a_file_may_hold_one_puzzle_a_line_up_to_the_limits(client):
    html = client.get("/").text
    limit = client.application.config["BATCH_MAX_CONTENT_LENGTH"] // 1024
    assert f"one a line (as in an <code>.sdm</code> file, up to {MAX_PUZZLES:,} puzzles" in html
    assert f"or {limit} KB;" in html
    assert re.search(r'accept="[^"]*\.sdm', html)


# A batch longer than a request takes: a job


def test_a_long_batch_goes_to_a_job_whose_page_shows_the_same_table(tmp_path):
    client = job_app(tmp_path, BATCH_REQUEST_PUZZLES=3).test_client()
    response = upload(client, MIXED)
    entries = read_batch(MIXED)
    assert entries is not None
    code = batches.batch_code(entries)
    assert code.startswith(f"{len(MIXED_STATUSES)}-")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/jobs/{job_id(BATCH, code, 20)}"
    done = client.get(response.headers["Location"])
    assert (done.status_code, done.headers["Location"]) == (303, f"/batch/{code}")
    page = client.get(f"/batch/{code}")
    assert page.status_code == 200
    assert table_rows(page.text) == [(f"Line {n}", words) for n, words in MIXED_STATUSES.items()]
    assert "Solved and rated by a job, within 20 s in all." in page.text
    # Each of its puzzles had the work of a solve job of its share of the job's 20 s, the
    # job's 20 s only a ceiling.
    kept = json.loads(client.application.extensions[QUEUE_KEY].board.get(f"batch-input:{code}"))
    share = job_solve_budget(20 / len(MIXED_STATUSES))
    assert (kept["solve_nodes"], kept["solve_conflicts"]) == (share.nodes, share.sat_conflicts)
    assert kept["solve_seconds"] == 20
    # The same file again is the same job, already done.
    assert upload(client, MIXED).headers["Location"] == response.headers["Location"]


def test_a_batch_job_waiting_for_a_consumer_shows_n_of_n(tmp_path):
    app = job_app(tmp_path, BATCH_REQUEST_PUZZLES=1, JOB_IMMEDIATE=False)
    client = app.test_client()
    location = upload(client, TWO_9X9).headers["Location"]
    page = client.get(location)
    assert page.status_code == 200
    assert "<h1>Solving a batch of puzzles</h1>" in page.text
    assert (
        "A batch of 2 puzzles, each solved and rated in turn, for up to 20 s in all." in page.text
    )
    job = app.extensions[QUEUE_KEY].job(location.rsplit("/", 1)[1])
    assert job.state != DONE
    with app.app_context():
        app.extensions[QUEUE_KEY].run_job(job.id, job.kind, job.code, job.seconds)
    finished = client.get(location)
    assert finished.headers["Location"] == f"/batch/{job.code}"
    record = client.get(f"/api/jobs/{job.id}").json
    assert (record["work"], record["work_unit"], record["outcome"]) == (
        2,
        "puzzles",
        "2 of 2 puzzles solved",
    )


def test_a_batch_job_whose_puzzles_are_gone_fails_and_can_be_sent_again(tmp_path):
    app = job_app(tmp_path, BATCH_REQUEST_PUZZLES=1, JOB_IMMEDIATE=False)
    queue = app.extensions[QUEUE_KEY]
    client = app.test_client()
    location = upload(client, TWO_9X9).headers["Location"]
    job = queue.job(location.rsplit("/", 1)[1])
    queue.board.clock = clock = FakeClock(time.time())
    queue.board.put(f"batch-input:{job.code}", b"{}", 1)
    clock.advance(2)  # as if its day were over
    queue.run_job(job.id, job.kind, job.code, job.seconds)
    assert queue.job(job.id).state == FAILED
    page = client.get(location).text
    assert "Stopped: it failed: its puzzles are no longer kept; send the batch again." in page
    assert client.post(f"/batch/{job.code}/work").status_code == 404
    assert upload(client, TWO_9X9).status_code == 303  # sent again: its puzzles kept anew
    assert client.post(f"/batch/{job.code}/work").headers["Location"] == location


@pytest.mark.parametrize(
    "path",
    ["/batch/2-0123456789abcdef01234567", "/batch/nonsense", "/batch/" + "9" * 200],
)
def test_results_of_no_batch_are_404_saying_so(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "a batch&#39;s results are kept for a day" in response.text


def test_a_hexadoku_lines_links_show_it_0_to_f(client):
    puzzle = data_lines("engine_16x16_answers.txt")[0][0]
    hexadoku = puzzle.translate(str.maketrans("123456789ABCDEFG", "0123456789ABCDEF"))
    html = client.post("/", data={"source": "paste", "puzzle": f"{puzzle}\n{hexadoku}"}).text
    code = parse(puzzle).code
    assert solve_links(html) == [f"/solve/{code}", f"/solve/{code}?alphabet=hex"]
    rows = client.post("/api/solve/batch", json={"puzzles": [puzzle, hexadoku]}).json["results"]
    assert [row["link"] for row in rows] == [
        f"http://localhost/solve/{code}",
        f"http://localhost/solve/{code}?alphabet=hex",
    ]


# Line 9 of the mixed file: its singles reach no dead end, only the search finds none.
NO_SOLUTION_WHY = (
    "Filling in what the givens force runs into no dead end by itself, but every way of"
    " filling the grid fails (its solve page says how the search found it)"
)


def batch_row(html: str, place: str) -> str:
    """The HTML of the results table's row for `place` ("Line 9")."""
    found = re.search(rf'<th scope="row">{place}</th>(.*?)</tr>', html, re.S)
    return found.group(1) if found else ""


def test_a_row_without_a_solution_says_why_and_offers_no_play(client):
    row = batch_row(upload(client, MIXED).text, "Line 9")
    said = re.findall(r'<br><span class="hint">([^<]+)</span>', row)
    plays = re.findall(r">Play<", row)
    assert (said, plays) == ([NO_SOLUTION_WHY], [])
