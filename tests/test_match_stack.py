"""A match through deploy/stack (nginx in front of gunicorn, the relay, the job store): the
engine's bot (`sudoku bot`), the example client of docs/api.md and a deliberately wrong bot
play five rounds of 9x9 and 16x16, one with no solution, while a watcher reads the match; the
result is exactly what each sent, and the result page shows it. And nginx's routes for
matches: opening one is counted in the solves zone, and the long poll has its own timeout."""

from __future__ import annotations

import ast
import json
import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from shared_stacks import GAMES_GROUP, with_relay
from stack_matches import EventsListener, SentAnswer, SocketBot, Watcher, WrongBot, ask
from websockets.sync.client import connect

from webapp.matches import MatchSetting
from webapp.matches.setting import make_rounds

from event_loops import run_alone
from waiting import until

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
import matchload  # noqa: E402
from fuzz import fuzz  # noqa: E402
from stackrun import RunningStack, bound_sources  # noqa: E402

# Its stack is shared with the games' tests (shared_stacks.py): one worker runs both.
pytestmark = pytest.mark.xdist_group(GAMES_GROUP)

ROOT = Path(__file__).parent.parent
EXAMPLE = ROOT / "docs" / "examples" / "match_bot.py"
SETTING = {
    "sizes": [9, 16],
    "rounds": 5,
    "seconds": 30,
    "seats": 3,
    "no_solution_rounds": [3],
    "seed": 47,
}
# The whole match's ceiling: five rounds of at most 30 s, and the bots' start.
MATCH_SECONDS = 200


@pytest.fixture(scope="module")
def match_stack(games_stack: RunningStack) -> RunningStack:
    """deploy/stack on its SQLite store, two workers (shared_stacks.py), its relay running:
    the games' tests may have killed the last one."""
    return with_relay(games_stack)


@dataclass(frozen=True)
class Played:
    """A match played through the stack: what watchers read at its end, the result page,
    what the wrong bot sent, the example client's lines, the bots' exit statuses, and what
    the watcher saw."""

    result: dict[str, Any]
    page: str
    wrong: list[SentAnswer]
    wrong_error: str
    example_lines: list[str]
    exits: list[int]
    watcher: Watcher
    listener: EventsListener


@pytest.fixture(scope="module")
def played(match_stack: RunningStack) -> Played:
    """The engine in seat 1, the example client in seat 2, the wrong bot in seat 3."""
    port = with_relay(match_stack).port  # the relay_killed fixture may have run first
    server = f"http://127.0.0.1:{port}"
    status, opened = ask(port, "POST", "/api/matches", SETTING)
    assert status == 201, opened
    tokens = [seat["token"] for seat in opened["seats"]]
    watcher = Watcher(port, opened["match"], MATCH_SECONDS)
    listener = EventsListener(port, opened["match"], MATCH_SECONDS)
    commands = [
        [sys.executable, "-m", "webapp", "bot", server, tokens[0]],
        [sys.executable, str(EXAMPLE), server, tokens[1]],
    ]
    bots = [subprocess.Popen(c, stdout=subprocess.PIPE, text=True, cwd=ROOT) for c in commands]
    wrong = WrongBot(port, tokens[2])
    wrong.play()
    outs = [bot.communicate(timeout=MATCH_SECONDS)[0] for bot in bots]
    watcher.join(MATCH_SECONDS)
    listener.join(MATCH_SECONDS)
    _, result = ask(port, "GET", f"/api/matches/{opened['match']}")
    _, page = ask(port, "GET", f"/match/{opened['match']}/result")
    return Played(
        result,
        page,
        wrong.sent,
        wrong.error,
        outs[1].splitlines(),
        [bot.returncode for bot in bots],
        watcher,
        listener,
    )


def answers_of(played: Played, seat: int) -> dict[int, dict[str, Any]]:
    """Seat `seat`'s answers in the result, by round."""
    return {
        line["round"]: answer
        for line in played.result["rounds"]
        for answer in line["answers"]
        if answer["seat"] == seat
    }


def test_every_bot_plays_the_match_to_its_end(played: Played) -> None:
    assert (played.exits, played.wrong_error) == ([0, 0], "")


def test_the_match_is_over_with_five_rounds(played: Played) -> None:
    assert [line["round"] for line in played.result["rounds"]] == [1, 2, 3, 4, 5]


def test_the_rounds_are_9x9_and_16x16_in_turn(played: Played) -> None:
    sizes = [len(line["rows"]) for line in played.result["rounds"]]
    assert sizes == [9, 16, 9, 16, 9]


def test_every_round_is_won_by_a_reference_bot_with_the_round_s_answer(played: Played) -> None:
    won = []
    for line in played.result["rounds"]:
        (winning,) = [a for a in line["answers"] if a["verdict"] == "won"]
        right = winning["type"] == line["answer"] and winning["rows"] == line["solution"]
        won.append((winning["seat"] in (1, 2), right))
    assert won == [(True, True)] * 5


def test_the_round_with_no_solution_is_won_saying_so(played: Played) -> None:
    line = played.result["rounds"][2]
    assert [a["type"] for a in line["answers"] if a["verdict"] == "won"] == ["no-solution"]


def test_the_wrong_bot_s_answers_taken_are_in_the_result_exactly_as_sent(
    played: Played,
) -> None:
    taken = {
        sent.round: {"type": sent.type, "rows": list(sent.rows) if sent.rows else None}
        for sent in played.wrong
        if sent.status == 202
    }
    shown = {
        number: {"type": answer["type"], "rows": answer["rows"]}
        for number, answer in answers_of(played, 3).items()
    }
    assert shown == taken


def test_the_wrong_bot_s_answers_taken_are_all_judged_wrong(played: Played) -> None:
    assert {answer["verdict"] for answer in answers_of(played, 3).values()} <= {"wrong"}


def test_the_wrong_bot_s_answers_refused_were_refused_as_late(played: Played) -> None:
    # An answer sent after a reference bot had won the round: 409 old-round, never a 5xx.
    assert {sent.status for sent in played.wrong} <= {202, 409}


def test_the_example_client_s_times_are_the_result_s(played: Played) -> None:
    told = {}
    for line in played.example_lines:
        found = re.fullmatch(r"round (\d+) (\{.*\})", line)
        if found:
            answer = ast.literal_eval(found.group(2))
            if answer.get("type") == "received":
                told[int(found.group(1))] = answer["ms"]
    shown = {number: answer["ms"] for number, answer in answers_of(played, 2).items()}
    assert shown == told


def test_the_result_page_shows_every_answer_and_time(played: Played) -> None:
    missing = []
    for line in played.result["rounds"]:
        section = played.page.split(f'id="round-{line["round"]}"', 1)[1].split("</section>", 1)[0]
        for answer in line["answers"]:
            row = (
                f'<th scope="row">{answer["seat"]}</th><td>{answer["type"]}'
                if answer["rows"] is None
                else f'<th scope="row">{answer["seat"]}</th><td>{answer["type"]}<pre'
            )
            cells = f"<td>{answer['verdict']}</td><td>{answer['ms']}</td></tr>"
            if row not in section or cells not in section:
                missing.append((line["round"], answer["seat"]))
    assert missing == []


def test_the_watcher_saw_the_match_from_its_start_to_its_end(played: Played) -> None:
    assert (played.watcher.phases[0], played.watcher.phases[-1]) == ("waiting", "over")


def test_the_watcher_saw_every_round_end(played: Played) -> None:
    assert sorted(played.watcher.rounds_seen_over) == [1, 2, 3, 4, 5]


def test_a_watcher_on_the_live_events_heard_each_round_end_while_the_match_went_on(
    played: Played,
) -> None:
    # Each of rounds 1 to 4 was heard over in an event sent before the match was.
    first_heard_over = {}
    for phase, over in played.listener.heard:
        for number in over:
            first_heard_over.setdefault(number, phase)
    assert {n: p != "over" for n, p in first_heard_over.items()} == {
        1: True,
        2: True,
        3: True,
        4: True,
        5: False,
    }


def test_the_live_events_end_with_the_match_over(played: Played) -> None:
    assert played.listener.heard[-1] == ("over", (1, 2, 3, 4, 5))


def test_the_watcher_was_never_refused(played: Played) -> None:
    assert played.watcher.failures == []


def test_opening_matches_is_counted_in_nginx_s_solves_zone(match_stack: RunningStack) -> None:
    # Each opening runs the generator for every round: an address gets the solves' rate, 4 a
    # second with bursts of 20, before the app is asked. Settings it refuses cost nothing.
    (source,) = bound_sources(1, (127, 0, 47))
    statuses = [
        ask(match_stack.port, "POST", "/api/matches", {"rounds": 0}, source=source)[0]
        for _ in range(30)
    ]
    assert 429 in statuses


def location_block(template: str, opening: str) -> str:
    """The lines of the nginx location that opens with `opening`, to its closing brace."""
    block = template[template.index(opening) :]
    return block[: block.index("}")]


def test_nginx_waits_for_a_bot_s_long_poll_past_a_minute() -> None:
    # With the solves' 60 s, a poll ceiling raised past a minute was cut off as a 503.
    template = (ROOT / "deploy" / "nginx.conf").read_text()
    block = location_block(template, "location = /api/bot/messages {")
    found = re.search(r"proxy_read_timeout (\d+)s;", block)
    assert found is not None and int(found.group(1)) >= 2 * 60


def test_a_bot_s_websocket_through_nginx_is_answered_by_the_relay(
    match_stack: RunningStack,
) -> None:
    status, opened = ask(match_stack.port, "POST", "/api/matches", {"sizes": [4], "seed": 3})
    assert status == 201, opened
    uri = f"ws://127.0.0.1:{match_stack.port}/api/bot/socket"
    headers = {"Authorization": f"Bearer {opened['seats'][0]['token']}"}
    with connect(uri, additional_headers=headers, proxy=None, open_timeout=30) as bot:
        bot.send(json.dumps({"type": "hello", "protocol": 1}))
        hello = json.loads(bot.recv(timeout=30))
    assert (hello["type"], hello["seat"]) == ("hello", 1)


FAULT_SETTING = {"sizes": [4], "rounds": 6, "seconds": 30, "seats": 2, "seed": 471}


def solutions_of(fields: dict[str, Any]) -> dict[int, list[str]]:
    """Every round's solution, worked out here from the setting (the seed names them all)."""
    chosen = MatchSetting(
        sizes=tuple(fields["sizes"]),
        variants=("classic",),
        level="easy",
        rounds=fields["rounds"],
        seconds=fields["seconds"],
        seats=fields["seats"],
        house_ms=None,
        no_solution_rounds=frozenset(),
        many_rounds=frozenset(),
        seed=fields["seed"],
    )
    found = {}
    for played in make_rounds(chosen, 60):
        assert played.solution is not None
        n, cells, symbols = played.solution.size, played.solution.cells, "1234"
        found[played.number] = [
            "".join(symbols[v - 1] for v in cells[r * n : (r + 1) * n]) for r in range(n)
        ]
    return found


@dataclass(frozen=True)
class Faulted:
    """A match whose relay was killed mid-match: its bots and what watchers read at the end."""

    bots: list[SocketBot]
    result: dict[str, Any]


@pytest.fixture(scope="module")
def relay_killed(match_stack: RunningStack) -> Faulted:
    """Two bots over the WebSocket; the relay killed once round 2's result is heard (the
    stack starts another a second later)."""
    port = with_relay(match_stack).port
    status, opened = ask(port, "POST", "/api/matches", FAULT_SETTING)
    assert status == 201, opened
    solutions = solutions_of(FAULT_SETTING)
    tokens = [seat["token"] for seat in opened["seats"]]
    bots = [SocketBot(port, tokens[0], solutions, 0.2), SocketBot(port, tokens[1], solutions, 0.4)]
    relay = running_relay(match_stack)

    def round_two_heard() -> bool:
        return any(m["type"] == "result" and m["round"] == 2 for m in bots[0].heard)

    until(round_two_heard, "round 2's result heard")
    os.killpg(relay, signal.SIGKILL)
    for bot in bots:
        bot.join(MATCH_SECONDS)
    _, result = ask(port, "GET", f"/api/matches/{opened['match']}")
    return Faulted(bots, result)


def running_relay(running: RunningStack) -> int:
    """The pid of the stack's relay, once one runs."""
    until(lambda: f"relay pid {running.relay_pid} stopped" not in running.output, "a relay")
    return running.relay_pid


def test_bots_whose_relay_was_killed_connect_again_and_finish_the_match(
    relay_killed: Faulted,
) -> None:
    bots = relay_killed.bots
    assert [(bot.over, bot.reconnections > 0, bot.error) for bot in bots] == [(True, True, "")] * 2


def test_each_bot_hears_every_message_once_in_order_across_the_restart(
    relay_killed: Faulted,
) -> None:
    seqs = [[m["seq"] for m in bot.heard] for bot in relay_killed.bots]
    assert seqs == [list(range(13))] * 2  # hello, then a puzzle and a result for each round


def test_no_round_is_scored_twice_across_the_restart(relay_killed: Faulted) -> None:
    rounds = relay_killed.result["rounds"]
    won = [[a["verdict"] for a in line["answers"]].count("won") for line in rounds]
    assert (won, sum(seat["wins"] for seat in relay_killed.result["seats"])) == ([1] * 6, 6)


def test_the_results_the_bots_heard_are_the_match_s(relay_killed: Faulted) -> None:
    final = [line["winner"] for line in relay_killed.result["rounds"]]
    heard = [[m["winner"] for m in bot.heard if m["type"] == "result"] for bot in relay_killed.bots]
    assert heard == [final, final]


def test_the_fuzz_of_the_bots_protocol_gets_no_server_error(match_stack: RunningStack) -> None:
    # Over HTTP and the relay's WebSocket: a 5xx, or an upgraded connection closed 1011 or
    # left open, counts as one (deploy/fuzzmatches.py).
    tally = fuzz(match_stack.port, 300, seed=47, game_share=0.0, match_share=1.0)
    assert (tally.server_errors, tally.statuses[101] > 0) == (0, True), tally.statuses


def test_the_match_load_plays_every_round_without_an_error(match_stack: RunningStack) -> None:
    # deploy/matchload.py's bots on a few matches: each round heard by both bots, no error.
    settings = [matchload.setting_for(number, 2) for number in range(3)]
    tokens = [
        (token, matchload.solution_rows(setting))
        for setting in settings
        for token in matchload.open_match(match_stack.port, setting)
    ]
    figures = run_alone(matchload.load(match_stack.port, tokens))
    heard = [(seen.rounds, seen.errors) for seen in figures]
    assert heard == [(2, [])] * 6
