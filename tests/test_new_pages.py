"""/new: the form that answers with a new puzzle's stable link, and each stable link
/new/<size>/<level>/<symmetry>/<seed>, which answers 303 to its puzzle's play page (made
in the request, or in a job when that takes longer), or says no such puzzle is found."""

from __future__ import annotations

import re

import pytest
from job_apps import job_app

from webapp.jobs import QUEUE_KEY
from webapp.jobs.job import DONE, GENERATE, job_id
from webapp.sudoku.generator import generate
from webapp.web.http_caching import DECIDED_SECONDS

EASY_LINK = "/new/9/easy/rotational/1"


@pytest.fixture
def client(tmp_path):
    """A client of an app that runs each job inside the request that submits it."""
    return job_app(tmp_path).test_client()


def play_link(size: int, level: str, seed: int, symmetry: str = "rotational") -> str:
    """The play page of the puzzle the generator makes for that order."""
    made = generate(size, level, symmetry, seed)
    return f"/play/{made.puzzle.code}"


def test_the_form_offers_every_size_level_and_symmetry(client):
    page = client.get("/new")
    html = page.text
    assert page.status_code == 200
    assert '<form class="new-form" method="get" action="/new">' in html
    assert "csrf" not in html.lower()
    for value in ("4", "25", "easy", "extreme", "none", "rotational-90", "diagonal"):
        assert f'<option value="{value}"' in html
    assert '<option value="9" selected>9×9</option>' in html
    assert 'name="make" value="1">Make a puzzle' in html
    assert 'name="surprise" value="1" class="secondary">Surprise me' in html
    assert 'href="/daily"' in html
    # The sheet button sends the form's own choices to /print, whatever is chosen by then.
    form = html[html.index('<form class="new-form"') : html.index("</form>")]
    assert 'formaction="/print" class="secondary">Print a sheet of these</button>' in form
    assert "level=medium" not in html


def test_the_form_keeps_the_choices_it_is_given(client):
    html = client.get("/new?size=16&level=hard&symmetry=mirror").text
    for chosen in ('"16" selected', '"hard" selected', '"mirror" selected'):
        assert chosen in html


def test_make_answers_303_to_a_stable_link_with_a_random_seed(client):
    seen = set()
    for _ in range(3):
        answer = client.get("/new?size=6&level=hard&symmetry=mirror&make=1")
        assert answer.status_code == 303 and answer.headers["Cache-Control"] == "no-store"
        found = re.fullmatch(r"/new/6/hard/mirror/(\d+)", answer.headers["Location"])
        assert found and int(found.group(1)) < 10**9
        seen.add(found.group(1))
    assert len(seen) == 3


def test_surprise_me_draws_a_level_and_a_symmetry_for_the_size(client):
    links = {client.get("/new?size=4&surprise=1").headers["Location"] for _ in range(10)}
    for link in links:
        assert re.fullmatch(r"/new/4/easy/[a-z0-9-]+/\d+", link)  # 4x4 has the easy level only
    assert len({link.split("/")[4] for link in links}) > 1


@pytest.mark.parametrize(
    ("query", "message", "field"),
    [
        ("size=10&make=1", "Size must be one of 4, 6, 9, 12, 16, 25, not 10", "size"),
        ("size=x&make=1", "Size must be a whole number such as 9, not &#39;x&#39;", "size"),
        ("level=insane&make=1", "Level must be one of easy, medium", "level"),
        ("symmetry=spiral&surprise=1", None, None),  # surprise draws its own symmetry
        ("symmetry=spiral&make=1", "Symmetry must be one of none, rotational", "symmetry"),
    ],
)
def test_the_form_names_what_cannot_be_made(client, query, message, field):
    answer = client.get(f"/new?{query}")
    if message is None:
        assert answer.status_code == 303
        return
    assert answer.status_code == 400
    assert f'<li id="new-problem"><a href="#{field}">{message}' in answer.text
    assert f'<select id="{field}" name="{field}" aria-invalid="true"' in answer.text


@pytest.mark.parametrize(
    ("size", "level", "seed", "symmetry"),
    [(9, "easy", 1, "rotational"), (6, "medium", 8, "mirror"), (4, "easy", 3, "none")],
)
def test_a_stable_link_answers_303_to_the_generators_puzzle_and_may_be_kept(
    client, size, level, seed, symmetry
):
    answer = client.get(f"/new/{size}/{level}/{symmetry}/{seed}")
    assert answer.status_code == 303
    assert answer.headers["Location"] == play_link(size, level, seed, symmetry)
    assert answer.cache_control.public and answer.cache_control.max_age == DECIDED_SECONDS
    assert client.get(answer.headers["Location"]).status_code == 200


def test_the_same_link_gives_the_same_puzzle_on_another_server(tmp_path, client):
    other = job_app(tmp_path / "other").test_client()
    assert client.get(EASY_LINK).headers["Location"] == other.get(EASY_LINK).headers["Location"]


@pytest.mark.parametrize(
    ("link", "canonical"),
    [
        ("/new/9/Easy/rotational/1", EASY_LINK),
        ("/new/09/easy/ROTATIONAL/001", EASY_LINK),
    ],
)
def test_other_spellings_of_a_link_move_to_the_canonical_one(client, link, canonical):
    answer = client.get(link)
    assert answer.status_code == 301 and answer.headers["Location"] == canonical


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("/new/10/easy/rotational/1", "size must be one of 4, 6, 9, 12, 16, 25, not 10"),
        ("/new/nine/easy/rotational/1", "size must be a whole number such as 9"),
        ("/new/9/insane/rotational/1", "level must be one of easy, medium, hard, expert, extreme"),
        ("/new/9/easy/spiral/1", "symmetry must be one of none, rotational, rotational-90"),
        ("/new/9/easy/rotational/-1", "seed must be a whole number from 0 to 9223372036854775807"),
        ("/new/9/easy/rotational/9223372036854775808", "seed must be a whole number from 0"),
        ("/new/9/easy/rotational/" + "9" * 400, "seed must be a whole number from 0"),
        ("/new/9/easy/rotational/1.5", "seed must be a whole number from 0"),
    ],
)
def test_a_link_that_names_no_order_is_not_found_and_says_why(client, link, message):
    answer = client.get(link)
    assert answer.status_code == 404
    assert f"There is no such puzzle to make: {message}" in answer.text


def test_a_level_the_size_does_not_have_is_an_honest_page_at_once(client):
    answer = client.get("/new/4/hard/rotational/1")
    html = answer.text
    assert answer.status_code == 422
    assert "No 4x4 puzzle at level hard was found." in html
    assert "The generator finds 4x4 puzzles at level easy only." in html
    assert '<a href="/new/4/easy/rotational/1">Easy, from the same seed</a>' in html
    assert "Try the next seed" not in html  # no seed would do


def test_an_order_a_request_cannot_finish_goes_to_a_job_that_comes_back_to_the_link(tmp_path):
    app = job_app(tmp_path, JOB_IMMEDIATE=False, GENERATE_SECONDS=0.001)
    client = app.test_client()
    started = client.get("/new/9/hard/rotational/5")
    location = started.headers["Location"]
    assert started.status_code == 303 and started.headers["Cache-Control"] == "no-store"
    assert location == f"/jobs/{job_id(GENERATE, '9/hard/rotational/5', 20)}"
    waiting = client.get(location).text
    assert "A new 9x9 puzzle at level hard, its givens the same after a half turn" in waiting
    assert "from seed 5, tried for up to 20 s." in waiting
    back = 'href="/new?size=9&amp;level=hard&amp;symmetry=rotational">Back to the choices'
    assert back in waiting
    queue = app.extensions[QUEUE_KEY]
    job = queue.job(location.rsplit("/", 1)[1])
    queue.run_job(job.id, job.kind, job.code, job.seconds)  # what a consumer does
    assert queue.job(job.id).state == DONE and queue.job(job.id).work_unit == "attempts"
    done = client.get(location)
    assert done.status_code == 303 and done.headers["Location"] == "/new/9/hard/rotational/5"
    # the same puzzle the request would have made, given the time
    assert client.get("/new/9/hard/rotational/5").headers["Location"] == play_link(9, "hard", 5)


@pytest.mark.parametrize("link", ["/new/16/expert/rotational/1", "/new/25/easy/none/1"])
def test_the_slowest_orders_go_to_a_job_at_once(tmp_path, link):
    client = job_app(tmp_path, JOB_IMMEDIATE=False).test_client()
    answer = client.get(link)
    assert answer.status_code == 303 and answer.headers["Location"].startswith("/jobs/generate-")


def test_keep_generating_starts_the_job_of_a_link(tmp_path):
    client = job_app(tmp_path, JOB_IMMEDIATE=False).test_client()
    answer = client.post("/new/9/easy/rotational/1/work")
    assert answer.status_code == 303
    assert answer.headers["Location"] == f"/jobs/{job_id(GENERATE, '9/easy/rotational/1', 20)}"


@pytest.mark.parametrize(("variant", "letters"), [("x", "-x"), ("windoku", "-w"), ("jigsaw", "-j")])
def test_a_variant_is_a_choice_and_its_link_names_it_first(client, variant, letters):
    form = client.get(f"/new?variant={variant}").text
    assert re.search(rf'<option value="{variant}" selected>', form)
    made = client.get(f"/new?variant={variant}&size=9&level=medium&make=1")
    link = made.headers["Location"]
    assert re.fullmatch(rf"/new/{variant}/9/medium/rotational/\d+", link)
    played = client.get(link)
    assert played.status_code == 303
    seed = int(link.rsplit("/", 1)[1])  # the clock is only a safety net: a loaded machine
    order = generate(9, "medium", "rotational", seed, seconds=600, variant=variant)
    assert played.headers["Location"] == f"/play/{order.puzzle.code}"
    assert letters in order.puzzle.code[81:]  # the rules, after the grid's code
    # the same seed as a classic order is another puzzle
    classic = client.get(link.replace(f"/{variant}/", "/")).headers["Location"]
    assert classic != played.headers["Location"]


def test_classic_named_moves_to_the_link_without_it_and_an_unfit_variant_is_refused(client):
    moved = client.get("/new/classic/9/easy/rotational/1")  # Werkzeug's move to the default
    assert (moved.status_code, moved.headers["Location"]) == (308, EASY_LINK)
    refused = client.get("/new/windoku/6/easy/rotational/1")
    assert refused.status_code == 404
    assert "Windoku needs square boxes (4x4, 9x9, 16x16, 25x25), not the 6x6&#39;s" in refused.text
    form = client.get("/new?variant=windoku&size=12&make=1")
    assert form.status_code == 400
    marked = 'aria-describedby="new-problem variant-hint" aria-invalid="true"'
    assert f'<select id="variant" name="variant" {marked}>' in form.text


def test_a_killer_is_made_without_the_symmetry_asked(client):
    # a Killer has no givens: a symmetry would only give the same kind of puzzle another link
    made = client.get("/new?variant=killer&size=9&level=hard&symmetry=mirror&make=1")
    assert re.fullmatch(r"/new/killer/9/hard/rotational/\d+", made.headers["Location"])


def test_the_form_for_a_killer_offers_no_symmetry(client):
    html = client.get("/new?variant=killer").text
    assert '<div id="symmetry-field" data-not-for="killer" hidden>' in html


def hint(html: str, name: str) -> str:
    """The text of the form's hint of that id."""
    found = re.search(rf'<p class="hint" id="{name}">([^<]*)</p>', html)
    assert found is not None
    return found.group(1)


def test_the_variants_hint_says_what_a_killer_is(client):
    said = hint(client.get("/new").text, "variant-hint")
    assert "Killer: no givens, only cages whose digits differ and add up to the sums" in said


@pytest.mark.parametrize(
    ("variant", "level", "message"),
    [
        ("non-consecutive", "easy", "Non-Consecutive puzzles are made at levels medium and hard"),
        ("kropki", "expert", "Kropki puzzles are made at levels medium and hard"),
    ],
)
def test_a_level_a_variant_is_not_made_at_is_kept_and_answered_with_the_levels_it_has(
    client, variant, level, message
):
    answer = client.get(f"/new?variant={variant}&size=9&level={level}&make=1")
    assert answer.status_code == 400
    said = f'<li id="new-problem"><a href="#level">Level {level}: {message} only</a>'
    assert said in answer.text and f'<option value="{level}" selected>' in answer.text


def test_the_levels_hint_says_which_levels_a_variant_is_made_at(client):
    said = hint(client.get("/new").text, "level-hint")
    listed = r"Non-Consecutive(, [\w -]+)*( and [\w -]+)?"
    assert re.search(f"{listed} puzzles are made at levels medium and hard only", said)


def test_the_levels_hint_names_the_variants_of_the_same_levels_in_one_sentence(client):
    said = hint(client.get("/new").text, "level-hint")
    assert said.count("are made at levels medium and hard only") == 1


def test_the_variants_menu_says_which_levels_a_variant_is_made_at(client):
    html = client.get("/new").text
    note = "Non-Consecutive puzzles are made at levels medium and hard only."
    option = re.search(r'<option value="non-consecutive"[^>]*>', html)
    assert option is not None
    assert f'data-levels="medium hard" data-level-note="{note}"' in option.group(0)


def test_surprise_me_draws_only_the_levels_the_variant_is_made_at(client):
    links = {client.get("/new?variant=kropki&surprise=1").headers["Location"] for _ in range(8)}
    assert {link.split("/")[4] for link in links} <= {"medium", "hard"}


def test_the_levels_hint_warns_that_killers_above_medium_take_seconds(client):
    said = hint(client.get("/new").text, "level-hint")
    assert "Killers at level hard take a few seconds; expert and extreme ones" in said
