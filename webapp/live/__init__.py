"""The live relay: one small asyncio process that holds many idle live connections cheaply,
so that a game's players and watchers hear of each move within a fraction of a second while
gunicorn's threads are left to pages and moves.

- news.py: how an app server tells of a move (Redis pub/sub, when Redis is the store);
- hub.py: the relay's core, which knows no transport: who follows which game, within what
  limits, and "game G is now at version V" as each change is learnt, from Redis's news or,
  for SQLite (and as a safety net under Redis), from a bounded poll of the followed games'
  versions in the store;
- sse.py: one face on the hub, Server-Sent Events at GET /game/<id>/events, behind nginx;
- sockets.py: the bots' WebSocket at /api/bot/socket (the matches' protocol), handed each
  such connection by sse.py, which listens for both; match_watch.py reads the matches its
  bots play;
- relay.py: the process (`sudoku relay`): the hub, its sources of news and its face on one
  event loop.

A follower is told version numbers only, never a move, a board or a seat: a page asks the app
for the game as its seat sees it (state.json) when the version moves on. No line the relay
logs holds a game's id, a token or a move.
"""
