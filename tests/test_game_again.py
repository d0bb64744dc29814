"""After a game (webapp/web/game/routes.py): the rematch with the seats swapped, made once
whoever asks first and started when the other asks too, and "new game, same clock", on a
fresh puzzle of the same kind when the generator made the game's, else on the same one;
all by form, without script."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_game_pages import new_game, seated, state

from webapp.games.game import Game

GENERATED = {"size": "4", "level": "easy", "symmetry": "none", "variant": "classic"}


@pytest.fixture
def game_app(make_app: Any) -> Flask:
    """An app whose test clients are one address each, not exempt from limits."""
    return make_app(CLIENT_LIMITS_EXEMPT=(), GAME_EVENTS_SECONDS=0.3)


def resigned(app: Flask, mode: str = "duel") -> tuple[FlaskClient, FlaskClient, str]:
    """A host and a guest whose game is over (the host resigned): their clients and its id."""
    host, guest, game_id = seated(app, mode)
    seen = str(state(host, game_id)["seen"])
    response = host.post(f"/game/{game_id}/move", data={"action": "resign", "seen": seen})
    assert response.status_code == 303
    return host, guest, game_id


def setting(app: Flask, game_id: str) -> Game:
    """The setting of the game `game_id`, as the store keeps it."""
    kept = app.extensions["webapp.games"].load(game_id)
    assert kept is not None
    return kept.game


def game_id_of(location: str) -> str:
    """The game id a 303's Location names."""
    match = re.fullmatch(r"/game/([A-Za-z0-9_-]+)(#board)?", location)
    assert match, location
    return match.group(1)


def rematch(client: FlaskClient, game_id: str) -> str:
    """Ask for the rematch of `game_id` with `client`: the rematch's id."""
    response = client.post(f"/game/{game_id}/rematch")
    assert response.status_code == 303, response.get_data(as_text=True)
    return game_id_of(response.headers["Location"])


def test_the_result_page_offers_the_rematch_to_a_player(game_app: Flask) -> None:
    host, _, game_id = resigned(game_app)
    assert "Rematch, seats swapped" in host.get(f"/game/{game_id}/result").get_data(as_text=True)


def test_the_result_page_offers_a_watcher_no_rematch(game_app: Flask) -> None:
    _, _, game_id = resigned(game_app)
    page = game_app.test_client().get(f"/game/{game_id}/result").get_data(as_text=True)
    assert "Rematch" not in page and "New game, same clock" in page


def test_a_rematch_swaps_the_seats(game_app: Flask) -> None:
    host, guest, game_id = resigned(game_app)
    again = rematch(host, game_id)
    rematch(guest, game_id)
    assert (state(host, again)["you"], state(guest, again)["you"]) == (2, 1)


def test_a_rematch_waits_for_the_other_player(game_app: Flask) -> None:
    host, _, game_id = resigned(game_app)
    again = rematch(host, game_id)
    assert state(host, again)["phase"] == "waiting"


def test_a_rematch_starts_when_both_asked(game_app: Flask) -> None:
    host, guest, game_id = resigned(game_app)
    again = rematch(guest, game_id)
    rematch(host, game_id)
    assert state(guest, again)["phase"] == "playing"


def test_asking_twice_for_a_rematch_does_not_start_it(game_app: Flask) -> None:
    host, _, game_id = resigned(game_app)
    again = rematch(host, game_id)
    rematch(host, game_id)
    assert state(host, again)["phase"] == "waiting"


def test_both_players_get_the_same_rematch(game_app: Flask) -> None:
    host, guest, game_id = resigned(game_app)
    assert rematch(host, game_id) == rematch(guest, game_id)


def test_a_rematch_plays_the_same_puzzle_and_clock(game_app: Flask) -> None:
    host, guest, game_id = resigned(game_app, "race")
    again = rematch(host, game_id)
    rematch(guest, game_id)
    before, after = setting(game_app, game_id), setting(game_app, again)
    assert (after.puzzle, after.mode, after.clock) == (before.puzzle, before.mode, before.clock)


def test_a_watcher_may_not_ask_for_a_rematch(game_app: Flask) -> None:
    _, _, game_id = resigned(game_app)
    assert game_app.test_client().post(f"/game/{game_id}/rematch").status_code == 403


def test_no_rematch_while_the_game_goes_on(game_app: Flask) -> None:
    host, _, game_id = seated(game_app)
    assert host.post(f"/game/{game_id}/rematch").status_code == 409


def test_a_watcher_of_the_rematch_cannot_move(game_app: Flask) -> None:
    host, guest, game_id = resigned(game_app)
    again = rematch(host, game_id)
    rematch(guest, game_id)
    assert state(game_app.test_client(), again)["you"] is None


def test_a_new_game_same_clock_on_a_puzzle_not_generated_keeps_the_puzzle(
    game_app: Flask,
) -> None:
    host, _, game_id = resigned(game_app)
    response = host.post(f"/game/{game_id}/again")
    fresh = game_id_of(response.headers["Location"])
    assert setting(game_app, fresh).puzzle == setting(game_app, game_id).puzzle


def test_a_new_game_same_clock_waits_with_an_invitation(game_app: Flask) -> None:
    host, _, game_id = resigned(game_app)
    fresh = game_id_of(host.post(f"/game/{game_id}/again").headers["Location"])
    assert 'id="invitation"' in host.get(f"/game/{fresh}").get_data(as_text=True)


def test_a_game_on_a_new_puzzle_from_the_new_puzzle_form(game_app: Flask) -> None:
    response = game_app.test_client().post("/game/new", data={**GENERATED, "mode": "race"})
    assert response.status_code == 303, response.get_data(as_text=True)


def test_a_new_game_same_clock_on_a_generated_puzzle_draws_a_fresh_one(game_app: Flask) -> None:
    host = game_app.test_client()
    first = game_id_of(host.post("/game/new", data=GENERATED).headers["Location"])
    host.post(f"/game/{first}/alone")
    seen = str(state(host, first)["seen"])
    host.post(f"/game/{first}/move", data={"action": "resign", "seen": seen})
    puzzles = {setting(game_app, first).puzzle}
    # Four fresh ones: 4x4 easy puzzles are few, so one may come again by chance.
    for _ in range(4):
        fresh = game_id_of(host.post(f"/game/{first}/again").headers["Location"])
        puzzles.add(setting(game_app, fresh).puzzle)
    assert len(puzzles) > 1


def test_a_bad_order_for_a_new_game_is_400(game_app: Flask) -> None:
    response = game_app.test_client().post("/game/new", data={**GENERATED, "size": "x"})
    assert response.status_code == 400


def test_an_order_not_of_the_puzzle_is_not_kept(game_app: Flask) -> None:
    host = game_app.test_client()
    game_id = new_game(host, order="4/easy/none/1")
    assert setting(game_app, game_id).order == ""


def daily_offer(app: Flask) -> dict[str, str]:
    """The first "Play against someone" form of the 6x6 puzzles of the day: its action and
    its order."""
    page = app.test_client().get("/daily?size=6").get_data(as_text=True)
    match = re.search(
        r'action="(/game/new/[^"]+)">\s*<input type="hidden" name="order" value="([^"]+)"', page
    )
    assert match, page
    return {"action": match.group(1), "order": match.group(2)}


def test_the_puzzles_of_the_day_offer_a_game_on_each(game_app: Flask) -> None:
    page = game_app.test_client().get("/daily?size=6").get_data(as_text=True)
    assert page.count("Play against someone") == page.count("<table") > 0


def test_a_game_from_the_puzzles_of_the_day_keeps_its_order(game_app: Flask) -> None:
    offer = daily_offer(game_app)
    response = game_app.test_client().post(offer["action"], data={"order": offer["order"]})
    assert setting(game_app, game_id_of(response.headers["Location"])).order == offer["order"]


def test_the_new_puzzle_form_offers_a_game(game_app: Flask) -> None:
    page = game_app.test_client().get("/new").get_data(as_text=True)
    assert 'formaction="/game/new"' in page


def test_a_game_on_a_new_puzzle_past_the_limit_is_429_before_it_is_made(make_app: Any) -> None:
    # An order none can make in time (GENERATE_SECONDS=0) still counts first: past the
    # limit the generator is never asked, and the answer is 429, not "takes too long".
    app = make_app(CLIENT_LIMITS_EXEMPT=(), GAMES_PER_ADDRESS=1, GENERATE_SECONDS=0)
    client = app.test_client()
    client.post("/game/new", data=GENERATED)
    assert client.post("/game/new", data=GENERATED).status_code == 429


def test_the_result_page_says_the_other_player_asks_for_a_rematch(game_app: Flask) -> None:
    host, guest, game_id = resigned(game_app)
    rematch(host, game_id)
    page = guest.get(f"/game/{game_id}/result").get_data(as_text=True)
    assert "The other player asks for a rematch" in page
