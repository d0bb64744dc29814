"""`sudoku bot URL TOKEN`: the engine as a bot in a match, over the bots' HTTP protocol
(docs/api.md, "Matches"): it says hello with its seat's token, waits for each puzzle, solves
it with the engine within its budget and answers solution, no-solution or many; it prints
each round's result and stops after the last. Only the standard library speaks HTTP here:
a bot is a program any author could write.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.error
import urllib.request
from typing import Any

from ..sudoku import MULTIPLE, NO_SOLUTION, SOLVED, read_code, solve
from .arguments import EXIT_OK, Subcommands

EXIT_REFUSED = 1
# A message or answer the server sent, as its JSON reads: the bot is the protocol's edge,
# where JSON comes in and each field is read where it is used.
ServerJSON = dict[str, Any]
# The wait the bot allows one request: the server's longest wait for a message is 20 s.
REQUEST_SECONDS = 60
# Polls that come back empty (the server's ceiling) in a row before the bot gives up: a
# round lasts at most ten minutes, so a silent server for longer has lost the match.
MOST_EMPTY_POLLS = 60


def add(commands: Subcommands) -> None:
    """Declare `sudoku bot`."""
    parser = commands.add_parser(
        "bot",
        help="play a match between bots with the engine",
        description=(
            "Take a seat in a match with its token and answer every round with the engine,"
            " over the bots' HTTP protocol; print each round's result."
        ),
    )
    parser.add_argument("url", metavar="URL", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("token", metavar="TOKEN", help="a seat's token from POST /api/matches")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Play the match to its end; 0 when it ended, 1 when the server refused the bot."""
    server = _Server(args.url.rstrip("/"), args.token)
    try:
        hello = server.send("/api/bot/hello", {"type": "hello", "protocol": 1})
        print(f"seat {hello['seat']} of {hello['seats']}, {hello['rounds']} rounds")
        seen, empty = 0, 0
        while empty < MOST_EMPTY_POLLS:
            found = server.get(f"/api/bot/messages?after={seen}")["messages"]
            empty = 0 if found else empty + 1
            for message in found:
                seen = message["seq"]
                if message["type"] == "puzzle":
                    _answer(server, message)
                elif message["type"] == "result":
                    print(_said(message))
                    if message["last"]:
                        return EXIT_OK
        print("the server sent nothing for too long", file=sys.stderr)
        return EXIT_REFUSED
    except _Refused as refused:
        print(f"refused: {refused}", file=sys.stderr)
        return EXIT_REFUSED


def _answer(server: _Server, puzzle: ServerJSON) -> None:
    """Solve a puzzle message with the engine and send its answer (none when it gave up)."""
    result = solve(read_code(puzzle["code"]))
    body: dict[str, object] = {"round": puzzle["round"]}
    if result.status == SOLVED and result.solution is not None:
        symbols, n = result.puzzle.shape.symbols, result.puzzle.size
        cells = result.solution.cells
        rows = ["".join(symbols[v - 1] for v in cells[r * n : (r + 1) * n]) for r in range(n)]
        body |= {"type": "solution", "rows": rows}
    elif result.status == NO_SOLUTION:
        body |= {"type": "no-solution"}
    elif result.status == MULTIPLE:
        body |= {"type": "many"}
    else:
        return  # gave up within its budget: no answer scores nothing, a wrong one puts out
    try:
        server.send("/api/bot/answer", body)
    except _Refused as refused:
        print(f"round {puzzle['round']}: answer not taken: {refused}")


def _said(result: ServerJSON) -> str:
    """A round's result in a line."""
    winner = f"seat {result['winner']}" if result["winner"] else "nobody"
    answers = ", ".join(
        f"seat {a['seat']} {a['type']} {a['verdict']} in {a['ms']} ms" for a in result["answers"]
    )
    return (
        f"round {result['round']} ({result['answer']}): won by {winner}; {answers or 'no answers'}"
    )


class _Refused(Exception):
    """The server refused a request: its error message's problem and sentence."""


class _Server:
    """The match's server, asked with the seat's token."""

    def __init__(self, url: str, token: str) -> None:
        self.url = url
        self.token = token

    def get(self, path: str) -> ServerJSON:
        """GET `path`'s JSON."""
        return self._ask(urllib.request.Request(self.url + path, headers=self._headers()))

    def send(self, path: str, body: dict[str, object]) -> ServerJSON:
        """POST `body` as JSON to `path`; its answer's JSON."""
        data = json.dumps(body).encode()
        headers = self._headers() | {"Content-Type": "application/json"}
        return self._ask(urllib.request.Request(self.url + path, data, headers, method="POST"))

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def _ask(self, request: urllib.request.Request) -> ServerJSON:
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_SECONDS) as response:
                answer: ServerJSON = json.load(response)
                return answer
        except urllib.error.HTTPError as error:
            try:
                said = json.load(error)
            except ValueError:
                said = {}
            problem = said.get("problem", error.code)
            raise _Refused(f"{problem}: {said.get('message') or said.get('error', '')}") from None
