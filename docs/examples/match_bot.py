"""A bot for the solver challenge: python3 match_bot.py URL TOKEN (standard library only)."""

import json
import sys
import urllib.error
import urllib.request

URL, TOKEN = sys.argv[1].rstrip("/"), sys.argv[2]


def ask(path, body=None):
    """GET path, or POST body to it as JSON; the answer's JSON (an error's too)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Authorization": "Bearer " + TOKEN, "Content-Type": "application/json"}
    request = urllib.request.Request(URL + path, data, headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        return json.load(error)


def solutions(grid, peers, units, size, found, most=2):
    """Backtracking: branch on the fewest choices, a cell's digits or a digit's cells in a unit."""
    free = {}
    for cell, value in enumerate(grid):
        if value == 0:
            used = {grid[peer] for peer in peers[cell]}
            free[cell] = [v for v in range(1, size + 1) if v not in used]
    if not free:
        found.append(list(grid))
        return
    cell = min(free, key=lambda c: len(free[c]))
    tries = [(cell, v) for v in free[cell]]
    for unit in units:
        for v in set(range(1, size + 1)) - {grid[c] for c in unit}:
            places = [(c, v) for c in unit if v in free.get(c, ())]
            if len(places) < len(tries):
                tries = places
    for cell, value in tries:
        grid[cell] = value
        solutions(grid, peers, units, size, found, most)
        grid[cell] = 0
        if len(found) >= most:
            return


def answer(puzzle):
    """The answer message to a puzzle message."""
    size, symbols = puzzle["size"], "123456789ABCDEFGHIJKLMNOP"
    grid = [0 if s == "." else symbols.index(s) + 1 for row in puzzle["rows"] for s in row]
    units = puzzle["units"]
    peers = [{p for unit in units if cell in unit for p in unit} for cell in range(size * size)]
    found = []
    solutions(grid, peers, units, size, found)
    if len(found) != 1:
        return {"type": "many" if found else "no-solution", "round": puzzle["round"]}
    rows = [found[0][r * size : (r + 1) * size] for r in range(size)]
    return {"type": "solution", "round": puzzle["round"], "rows": rows}


hello = ask("/api/bot/hello", {"type": "hello", "protocol": 1})
if hello["type"] == "error":
    sys.exit(hello["problem"] + ": " + hello["message"])
print("seat", hello["seat"], "of", hello["seats"])
seen, over = 0, False
while not over:
    for message in ask(f"/api/bot/messages?after={seen}")["messages"]:
        seen = message["seq"]
        if message["type"] == "puzzle":
            print("round", message["round"], ask("/api/bot/answer", answer(message)))
        elif message["type"] == "result":
            print("round", message["round"], "won by seat", message["winner"])
            over = message["last"]
