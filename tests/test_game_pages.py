"""A game's pages with two test clients as two players (webapp/web/game/): a Duel and a Race
to the end by form, the invitation taken once, watchers who cannot move, every bad move a
4xx that names it and changes nothing, the result page and replay, the JSON and the live
events, the limit per address, and no game id or token in the request log; a seat kept
through the browser being closed, and a Race on a board of every variant and size."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from webapp.sudoku import parse, read_code
from webapp.sudoku.generator import generate

from game_puzzle import BLANKS, KILLER, PUZZLE, SOLUTION
from puzzles import data_lines
from redis_server import RedisServer

CODE = PUZZLE.code
SYMBOLS = "1234"


def new_game(client: FlaskClient, mode: str = "duel", **form: str) -> str:
    """Make a game as the host with `client`: its id."""
    response = client.post(f"/game/new/{CODE}", data={"mode": mode, "minutes": "5", **form})
    assert response.status_code == 303, response.get_data(as_text=True)
    match = re.fullmatch(r"/game/([A-Za-z0-9_-]+)", response.headers["Location"])
    assert match
    return match.group(1)


def invitation(host: FlaskClient, game_id: str) -> str:
    """The invitation's path, as the host's page shows it."""
    page = host.get(f"/game/{game_id}").get_data(as_text=True)
    match = re.search(r'id="invitation" readonly value="http://localhost(/game/[^"]+)"', page)
    assert match, page
    return match.group(1)


def seated(app: Flask, mode: str = "duel") -> tuple[FlaskClient, FlaskClient, str]:
    """A host and a guest in a game just started: their clients and the game's id."""
    host, guest = app.test_client(), app.test_client()
    game_id = new_game(host, mode)
    assert guest.post(invitation(host, game_id)).status_code == 303
    return host, guest, game_id


def state(client: FlaskClient, game_id: str) -> Any:
    """The game as `client` sees it (JSON)."""
    return client.get(f"/game/{game_id}/state.json").get_json()


def place(client: FlaskClient, game_id: str, blank: int, right: bool = True, **extra: str) -> Any:
    """Post the form placing a digit in the `blank`th blank; the response."""
    cell = BLANKS[blank]
    value = SOLUTION.cells[cell] if right else SOLUTION.cells[cell] % 4 + 1
    seen = str(state(client, game_id)["seen"])
    data = {"action": "place", "seen": seen, f"cell-{cell}": SYMBOLS[value - 1], **extra}
    return client.post(f"/game/{game_id}/move", data=data)


@pytest.fixture
def game_app(make_app: Any) -> Flask:
    """An app whose test clients are one address each, not exempt from limits."""
    return make_app(CLIENT_LIMITS_EXEMPT=(), GAME_EVENTS_SECONDS=0.3)


def test_making_a_game_holds_the_hosts_seat_in_a_cookie_of_the_games_path(
    game_app: Flask,
) -> None:
    response = game_app.test_client().post(f"/game/new/{CODE}", data={"mode": "duel"})
    cookie = response.headers["Set-Cookie"]
    path = response.headers["Location"]
    assert all(part in cookie for part in (f"Path={path}", "HttpOnly", "SameSite=Lax"))


def test_the_seat_cookie_outlives_the_browser_being_closed(game_app: Flask) -> None:
    """A cookie with a Max-Age is kept on disk: a browser closed and opened again on the same
    device still holds the seat (a session cookie would be gone)."""
    response = game_app.test_client().post(f"/game/new/{CODE}", data={"mode": "duel"})
    assert "Max-Age=86400" in response.headers["Set-Cookie"]


def test_the_host_waits_with_the_invitation_and_the_watch_link(game_app: Flask) -> None:
    host = game_app.test_client()
    game_id = new_game(host)
    page = host.get(f"/game/{game_id}").get_data(as_text=True)
    assert "Start against nobody" in page and 'id="watch"' in page


def test_the_guest_takes_the_seat_and_the_game_starts(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app)
    assert (state(guest, game_id)["you"], state(guest, game_id)["phase"]) == (2, "playing")


def test_an_invitation_already_used_says_the_game_is_full_and_offers_to_watch(
    game_app: Flask,
) -> None:
    host, _, game_id = seated(game_app)
    late = game_app.test_client().get(invitation_path := invitation_of(host, game_id))
    assert invitation_path and "The game is full" in late.get_data(as_text=True)


def invitation_of(host: FlaskClient, game_id: str) -> str:
    """The invitation's path once the game has started (the host's page no longer shows it)."""
    from webapp.games.store import invitation_of as derived

    token = host.get_cookie("seat", path=f"/game/{game_id}")
    assert token is not None
    return f"/game/{game_id}/join/{derived(token.value)}"


def test_taking_a_full_game_is_409(game_app: Flask) -> None:
    host, _, game_id = seated(game_app)
    assert game_app.test_client().post(invitation_of(host, game_id)).status_code == 409


def test_a_duel_by_form_to_the_end(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app)
    players = (host, guest)
    for blank in range(len(BLANKS)):
        assert place(players[blank % 2], game_id, blank).status_code == 303
    result = state(host, game_id)["result"]
    assert result is not None and result["ending"] in {"time", "digits", "even"}


def test_a_wrong_digit_s_penalty_is_shown_on_the_players_clock(game_app: Flask) -> None:
    host, _, game_id = seated(game_app)
    place(host, game_id, 0, right=False)
    page = host.get(f"/game/{game_id}").get_data(as_text=True)
    host_clock = re.search(r'game-clock seat-1.*?<span class="facts">([^<]*)<', page, re.S)
    assert host_clock is not None and host_clock.group(1) == "0 right, 1 penalty"


def test_a_race_by_form_to_the_end(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app, "race")
    for blank in range(len(BLANKS)):
        place(host, game_id, blank)
        if blank < 4:
            place(guest, game_id, blank)
    assert state(guest, game_id)["result"] == {
        "winner": 1,
        "ending": "full-grid",
        "at": state(guest, game_id)["result"]["at"],
    }


def test_a_race_shows_the_other_only_as_a_silhouette(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app, "race")
    place(host, game_id, 0)
    seen = state(guest, game_id)
    assert (seen["board"][BLANKS[0]], seen["other"]["silhouette"]) == ("", [BLANKS[0]])


def test_a_races_watcher_sees_no_digits(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app, "race")
    place(host, game_id, 0)
    seen = state(game_app.test_client(), game_id)
    assert seen["board"][BLANKS[0]] == ""


def test_a_races_watch_page_shows_no_digits(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app, "race")
    place(host, game_id, 0)
    page = game_app.test_client().get(f"/game/{game_id}").get_data(as_text=True)
    row, column = divmod(BLANKS[0], 4)
    assert f"Row {row + 1}, column {column + 1}: </span>•" in page


def test_a_result_page_shows_no_moves_while_the_game_goes_on(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app, "race")
    place(host, game_id, 0)
    page = game_app.test_client().get(f"/game/{game_id}/result").get_data(as_text=True)
    assert "The game is under way" in page and " in row " not in page


def test_a_reload_keeps_the_board(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app)
    place(host, game_id, 0)
    page = guest.get(f"/game/{game_id}").get_data(as_text=True)
    symbol = SYMBOLS[SOLUTION.cells[BLANKS[0]] - 1]
    row, column = divmod(BLANKS[0], 4)
    assert f"Row {row + 1}, column {column + 1}: </span>{symbol}" in page


def test_the_page_refreshes_itself_while_the_other_plays(game_app: Flask) -> None:
    _, guest, game_id = seated(game_app)
    page = guest.get(f"/game/{game_id}").get_data(as_text=True)
    assert '<noscript><meta http-equiv="refresh" content="3"></noscript>' in page


def test_the_player_to_move_gets_no_refresh(game_app: Flask) -> None:
    host, _, game_id = seated(game_app)
    assert 'http-equiv="refresh"' not in host.get(f"/game/{game_id}").get_data(as_text=True)


def test_a_race_never_reloads_under_a_players_typing(game_app: Flask) -> None:
    host, _, game_id = seated(game_app, "race")
    assert 'http-equiv="refresh"' not in host.get(f"/game/{game_id}").get_data(as_text=True)


def test_the_host_may_start_against_nobody(game_app: Flask) -> None:
    host = game_app.test_client()
    game_id = new_game(host)
    host.post(f"/game/{game_id}/alone")
    assert (state(host, game_id)["phase"], state(host, game_id)["alone"]) == ("playing", True)


BAD_MOVES = [
    ("out of turn", "guest", {"blank": 0}, 409, "it is not your turn"),
    ("on a given", "host", {"cell-1": "3"}, 409, "row 1, column 2 is a given"),
    ("a symbol not of the grid", "host", {"cell": "x"}, 400, "a 4x4 takes 1-4"),
    ("two cells", "host", {"cells": "two"}, 400, "not 2 cells"),
    ("no cell", "host", {}, 400, "not no cell"),
    ("a replayed move", "host", {"seen": "0"}, 409, "the game has moved on"),
    ("a watcher", "watcher", {"blank": 0}, 403, "a watcher cannot move"),
]


def bad_move(app: Flask, who: str, case: dict[str, str]) -> tuple[Any, Any, int]:
    """A bad move sent by `who`: the response, and the game's version before and after."""
    host, guest, game_id = seated(app)
    client = {"host": host, "guest": guest, "watcher": app.test_client()}[who]
    before = state(host, game_id)["version"]
    data = {"action": "place", "seen": str(before)}
    if "blank" in case:
        data[f"cell-{BLANKS[case['blank']]}"] = SYMBOLS[SOLUTION.cells[BLANKS[0]] - 1]
    elif case.get("cell") == "x":
        data[f"cell-{BLANKS[0]}"] = "x"
    elif case.get("cells"):
        data[f"cell-{BLANKS[0]}"] = data[f"cell-{BLANKS[1]}"] = "1"
    elif "seen" in case:
        data |= {"seen": case["seen"], f"cell-{BLANKS[0]}": "4"}
    else:
        data |= {name: value for name, value in case.items() if name.startswith("cell-")}
    response = client.post(f"/game/{game_id}/move", data=data)
    return response, before, state(host, game_id)["version"]


@pytest.mark.parametrize(
    ("name", "who", "case", "status", "words"), BAD_MOVES, ids=[c[0] for c in BAD_MOVES]
)
def test_a_bad_move_gets_a_4xx_naming_it(
    game_app: Flask, name: str, who: str, case: dict[str, str], status: int, words: str
) -> None:
    response, _, _ = bad_move(game_app, who, case)
    text = response.get_data(as_text=True).lower()
    assert (response.status_code, words.lower() in text) == (status, True)


@pytest.mark.parametrize(
    ("name", "who", "case", "status", "words"), BAD_MOVES, ids=[c[0] for c in BAD_MOVES]
)
def test_a_bad_move_changes_nothing(
    game_app: Flask, name: str, who: str, case: dict[str, str], status: int, words: str
) -> None:
    _, before, after = bad_move(game_app, who, case)
    assert after == before


def test_a_filled_cell_is_refused(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app)
    place(host, game_id, 0)
    assert place(guest, game_id, 0).status_code == 409


def test_a_huge_body_is_refused(game_app: Flask) -> None:
    host, _, game_id = seated(game_app)
    response = host.post(f"/game/{game_id}/move", data={"seen": "1", "cell-0": "1" * 70_000})
    assert response.status_code == 413


def test_a_forged_seat_is_a_watcher(game_app: Flask) -> None:
    _, _, game_id = seated(game_app)
    forger = game_app.test_client()
    forger.set_cookie("seat", "forged-token", path=f"/game/{game_id}")
    assert state(forger, game_id)["you"] is None


def test_an_unknown_game_is_404(game_app: Flask) -> None:
    assert game_app.test_client().get("/game/nosuchgame").status_code == 404


def test_the_result_page_lists_the_moves_in_order(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app)
    place(host, game_id, 0)
    host.post(f"/game/{game_id}/move", data={"action": "resign", "seen": "2"})
    page = game_app.test_client().get(f"/game/{game_id}/result").get_data(as_text=True)
    assert re.search(r"took the second seat.*Host: \d in row.*Host: resigned", page, re.S)


def test_the_replay_steps_through_the_moves(game_app: Flask) -> None:
    host, guest, game_id = seated(game_app)
    place(host, game_id, 0)
    host.post(f"/game/{game_id}/move", data={"action": "resign", "seen": "2"})
    page = game_app.test_client().get(f"/game/{game_id}/result?step=1").get_data(as_text=True)
    assert "after move 1 of 3" in page and f"/game/{game_id}/result?step=2" in page


def test_a_step_past_the_end_is_404(game_app: Flask) -> None:
    host, _, game_id = seated(game_app)
    host.post(f"/game/{game_id}/move", data={"action": "resign", "seen": "1"})
    assert game_app.test_client().get(f"/game/{game_id}/result?step=9").status_code == 404


def test_a_move_as_json(game_app: Flask) -> None:
    host, _, game_id = seated(game_app)
    cell = BLANKS[0]
    body = {"action": "place", "cell": cell, "symbol": SYMBOLS[SOLUTION.cells[cell] - 1], "seen": 1}
    assert host.post(f"/game/{game_id}/move.json", json=body).get_json()["version"] == 2


def test_a_json_move_out_of_turn_names_why(game_app: Flask) -> None:
    _, guest, game_id = seated(game_app)
    body = {"action": "place", "cell": BLANKS[0], "symbol": "4", "seen": 1}
    response = guest.post(f"/game/{game_id}/move.json", json=body)
    assert (response.status_code, response.get_json()["reason"]) == (409, "not-your-turn")


def test_the_live_events_say_the_state(game_app: Flask) -> None:
    host, _, game_id = seated(game_app)
    body = host.get(f"/game/{game_id}/events").get_data(as_text=True)
    assert body.startswith("retry: 1000\n\nevent: state\ndata: {")


def test_games_made_from_one_address_are_limited(make_app: Any) -> None:
    app = make_app(CLIENT_LIMITS_EXEMPT=(), GAMES_PER_ADDRESS=2)
    client = app.test_client()
    for _ in range(2):
        new_game(client)
    response = client.post(f"/game/new/{CODE}", data={"mode": "duel"})
    assert (response.status_code, response.headers.get("Retry-After")) == (429, "600")


def test_a_puzzle_with_many_solutions_makes_no_game(game_app: Flask) -> None:
    response = game_app.test_client().post("/game/new/1" + "0" * 15, data={"mode": "duel"})
    assert response.status_code == 422


@pytest.mark.parametrize("form", [{"mode": "chess"}, {"minutes": "0"}, {"increment": "x"}])
def test_a_bad_game_form_is_400(game_app: Flask, form: dict[str, str]) -> None:
    response = game_app.test_client().post(f"/game/new/{CODE}", data={"mode": "duel", **form})
    assert response.status_code == 400


def test_no_game_id_or_token_in_the_request_log(game_app: Flask, capsys: Any) -> None:
    host, guest, game_id = seated(game_app)
    place(host, game_id, 0)
    token = host.get_cookie("seat", path=f"/game/{game_id}")
    logged = capsys.readouterr().err
    assert token is not None and game_id not in logged and token.value not in logged


def test_no_puzzle_or_move_in_the_request_log(game_app: Flask, capsys: Any) -> None:
    host, _, game_id = seated(game_app)
    host.post(f"/game/{game_id}/move.json", json={"action": "place", "cell": 0, "symbol": "4"})
    logged = capsys.readouterr().err
    assert "/game/<game_id>/move.json" in logged  # the move's line, and nothing of the move in it
    assert CODE not in logged and '"symbol"' not in logged and '"cell"' not in logged


@pytest.mark.parametrize("page", ["play", "solve"])
def test_a_puzzles_page_offers_a_game_against_someone(game_app: Flask, page: str) -> None:
    html = game_app.test_client().get(f"/{page}/{CODE}").get_data(as_text=True)
    assert f'action="/game/new/{CODE}"' in html


def test_the_live_events_say_each_new_move(make_app: Any) -> None:
    app = make_app(GAME_EVENTS_SECONDS=5.0)
    host, guest, game_id = seated(app)
    stream = guest.get(f"/game/{game_id}/events", buffered=False)
    chunks = iter(stream.response)
    first = [next(chunks) for _ in range(2)][-1]
    place(host, game_id, 0)
    later = next(chunk for chunk in chunks if chunk.startswith(b"event: state"))
    stream.close()
    assert (b'"version": 1' in first, b'"version": 2' in later) == (True, True)


def test_live_events_past_a_workers_places_are_429(make_app: Any) -> None:
    app = make_app(GAME_EVENTS_PER_WORKER=0)
    _, guest, game_id = seated(app)
    response = guest.get(f"/game/{game_id}/events")
    assert (response.status_code, response.headers.get("Retry-After")) == (429, "5")


def test_a_closed_stream_gives_its_place_back(make_app: Any) -> None:
    app = make_app(GAME_EVENTS_PER_WORKER=1, GAME_EVENTS_SECONDS=5.0)
    _, guest, game_id = seated(app)
    first = guest.get(f"/game/{game_id}/events", buffered=False)
    next(iter(first.response))
    first.close()
    second = guest.get(f"/game/{game_id}/events", buffered=False)
    second.close()
    assert second.status_code == 200


def test_two_app_servers_apply_one_move_a_turn(make_app: Any, tmp_path: Any) -> None:
    store = f"sqlite:///{tmp_path}/shared.sqlite3"
    assert one_turn_from_two_apps(make_app, store) == [303, 409, 409, 409]


def test_two_app_servers_on_redis_apply_one_move_a_turn(
    make_app: Any, redis_server: RedisServer
) -> None:
    # Redis answers so fast that the requests rarely meet in one turn: race five turns.
    raced = [one_turn_from_two_apps(make_app, redis_server.url) for _ in range(5)]
    assert raced == [[303, 409, 409, 409]] * 5


def one_turn_from_two_apps(make_app: Any, store: str) -> list[int]:
    """Four copies of the host's move for one turn, each to a cell of its own, sent at once
    to two apps sharing `store`: the statuses, in order."""
    apps = [make_app(JOB_STORE=store), make_app(JOB_STORE=store)]
    host, _, game_id = seated(apps[0])
    token = host.get_cookie("seat", path=f"/game/{game_id}")
    assert token is not None
    clients = [apps[index % 2].test_client() for index in range(4)]
    for client in clients:
        client.set_cookie("seat", token.value, path=f"/game/{game_id}")
    start = threading.Barrier(len(clients))
    statuses: list[int] = []

    def send(index: int) -> None:
        cell = BLANKS[index]
        data = {"action": "place", "seen": "1", f"cell-{cell}": SYMBOLS[SOLUTION.cells[cell] - 1]}
        start.wait(timeout=10)
        statuses.append(clients[index].post(f"/game/{game_id}/move", data=data).status_code)

    threads = [threading.Thread(target=send, args=(index,)) for index in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return sorted(statuses)


def test_a_killers_game_board_draws_its_cages_and_says_them(game_app: Flask) -> None:
    host = game_app.test_client()
    response = host.post(f"/game/new/{KILLER.code}", data={"mode": "race", "minutes": "5"})
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    host.post(f"/game/{game_id}/alone")
    page = host.get(f"/game/{game_id}").get_data(as_text=True)
    sums = re.findall(r'<span class="cage-sum" aria-hidden="true">(\d+)</span>', page)
    heard = re.findall(r'aria-label="Row \d+, column \d+, cage \d+ \(\d cells?\)"', page)
    assert (sorted(map(int, sums)), len(heard)) == (
        sorted(cage.total for cage in KILLER.rules.cages),
        len(BLANKS),
    )


def test_a_killer_race_board_lists_each_cages_ways_without_script(game_app: Flask) -> None:
    host = game_app.test_client()
    response = host.post(f"/game/new/{KILLER.code}", data={"mode": "race", "minutes": "5"})
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    host.post(f"/game/{game_id}/alone")
    page = host.get(f"/game/{game_id}").get_data(as_text=True)
    assert "<li>Cage at r1c2 (sum 9), 9 in 3: 2-3-4</li>" in page


def footer_of(app: Flask, path: str) -> str:
    """The site's footer on the page at `path`, its words on one line."""
    page = app.test_client().get(path).get_data(as_text=True)
    found = re.search(r'<footer class="site">(.*?)</footer>', page, re.S)
    return " ".join(re.sub(r"<[^>]+>", "", found.group(1) if found else "").split())


def test_the_footer_says_games_are_kept_for_a_while_and_nothing_personal(game_app: Flask) -> None:
    footer = footer_of(game_app, "/")
    said = ("games and matches" in footer, "an hour after" in footer, "nothing personal" in footer)
    assert said == (True, True, True)


def variant_codes() -> list[str]:
    """A link's code of each kind the product plays beyond the 4x4 and the Killer: a Jigsaw,
    a Windoku, an X-Sudoku and a 16x16."""
    big = next(line for line in data_lines("engine_16x16_answers.txt"))
    return [
        generate(9, "easy", variant="jigsaw", seed=5).puzzle.code,
        generate(9, "easy", variant="windoku", seed=5).puzzle.code,
        generate(9, "easy", variant="x", seed=5).puzzle.code,
        parse(big[0]).code,
    ]


@pytest.mark.parametrize("code", variant_codes(), ids=["jigsaw", "windoku", "x", "sixteen"])
def test_a_race_on_any_variant_and_size_opens_its_board_for_a_move(
    game_app: Flask, code: str
) -> None:
    host = game_app.test_client()
    response = host.post(f"/game/new/{code}", data={"mode": "race", "minutes": "5"})
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    host.post(f"/game/{game_id}/alone")
    page = host.get(f"/game/{game_id}").get_data(as_text=True)
    puzzle = read_code(code)
    blanks = sum(1 for value in puzzle.grid.cells if not value)
    assert len(re.findall(r'<input id="cell-\d+" name="cell-\d+"', page)) == blanks
