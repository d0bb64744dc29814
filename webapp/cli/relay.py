"""`sudoku relay`: the live relay, holding the games' live connections behind nginx."""

from __future__ import annotations

import argparse
import asyncio
import logging

from .arguments import EXIT_OK, Subcommands, positive_int


def add(commands: Subcommands) -> None:
    """Declare `sudoku relay`."""
    parser = commands.add_parser(
        "relay",
        help="run the live relay of games (Server-Sent Events behind nginx)",
        description=(
            "Hold the games' live connections (GET /game/<id>/events) in one asyncio process,"
            " telling each page the game's version as moves come. Moves are learnt from Redis's"
            " news when the app's JOB_STORE is redis://... (set FLASK_JOB_STORE as for the app"
            " servers), else by polling the SQLite store. deploy/stack starts one."
        ),
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)"
    )
    parser.add_argument("--port", type=positive_int, required=True, help="port to listen on")
    parser.add_argument(
        "--connections",
        type=positive_int,
        default=2000,
        metavar="N",
        help="live connections held at most in all (default 2000)",
    )
    parser.add_argument(
        "--per-address",
        type=positive_int,
        default=16,
        metavar="N",
        help="live connections one address may hold (default 16)",
    )
    parser.add_argument(
        "--poll-seconds",
        type=float,
        metavar="S",
        help="how often the followed games' versions are read from the store (default 0.1 s"
        " with SQLite; 2 s under Redis, whose news come at once)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the relay until SIGTERM or SIGINT."""
    from .. import create_app
    from ..jobs import QUEUE_KEY
    from ..live.hub import RelayLimits
    from ..live.relay import relay

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    store = create_app().extensions[QUEUE_KEY].board
    limits = RelayLimits(total=args.connections, per_address=args.per_address)
    asyncio.run(relay(store, args.host, args.port, limits, args.poll_seconds))
    return EXIT_OK
