"""The Sudoku solver web app: pages, JSON API, health check, security headers, error pages."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from pathlib import Path
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from .web import links
from .web.app_class import SudokuFlask

PACKAGE = Path(__file__).parent

# The web layer's features, one package each in webapp/web/, named by the URL's first word.
FEATURES = (
    "site",
    "solve",
    "explain",
    "play",
    "batch",
    "new",
    "daily",
    "record",
    "print",
    "jobs",
    "read_photo",
    "game",
    "learn",
    "match",
)

DEFAULTS: dict[str, object] = {
    # The work a solve in a request may do: search nodes, and on 16x16 and 25x25 the SAT
    # solver's conflicts (webapp/sudoku/solver.py). Counted, never timed, so that every
    # server gives the same answer; each takes about a second on one idle core. Past it,
    # a page says the puzzle needs more work than a page allows and offers a job.
    "SOLVE_BUDGET_NODES": 200_000,
    "SOLVE_BUDGET_CONFLICTS": 18_000,
    # A safety net in seconds, ten times what the work takes on an idle core (it also
    # bounds a count of solutions): past it, the server stops the solve to stay responsive
    # and says so; such an answer is never cached or shared.
    "SOLVE_CEILING_SECONDS": 10.0,
    # The easiest-first path of an explanation, in units of work (webapp/sudoku/logic/
    # work.py), never seconds, so that every server shows the same path: past it, a page
    # shows the steps found and says the rest needs more work than the budget. About 2 s
    # on one idle core (a path spends about 50,000 units a second).
    "EXPLAIN_BUDGET_WORK": 100_000,
    # The same for the rating a solve page shows (about 0.2 s): most puzzles are rated in a
    # few ms, and a share link should not cost much more than its solve; past it the page
    # says "at least", or that the puzzle is not rated within a page's work.
    "RATING_BUDGET_WORK": 10_000,
    # The same for the steps of a hint, up to the next value placed.
    "HINT_BUDGET_WORK": 100_000,
    # Safety nets in seconds, ten times what the work takes on an idle core: past one, the
    # server stops the path to stay responsive and says so; such an answer is never cached,
    # shared, or shown as the puzzle's rating. (Hints share the explanation's.)
    "EXPLAIN_CEILING_SECONDS": 20.0,
    "RATING_CEILING_SECONDS": 2.0,
    # How long a request may spend making a new puzzle (/new/..., /daily, /print,
    # /api/generate) before the order goes to a job: most 9x9 puzzles take well under a
    # second, the hardest levels a second or more now and then (the job makes the same one).
    "GENERATE_SECONDS": 2.0,
    # Solve results each worker keeps, by share code; 0 turns the cache off.
    "SOLVE_CACHE_SIZE": 1024,
    # Megabytes each of a worker's caches of results (solves, paths, page facts, counts,
    # generations) may hold besides its count, about: each result is weighed with what it
    # holds, a Jigsaw's or a Killer's tables of its own included (web/cache.py).
    "RESULT_CACHE_MB": 16,
    # Megabytes the engine's tables per geometry (the solver's boards, the logic engine's
    # tables and memos) may hold in each worker, about (sudoku/geometry.py, TABLES): every
    # Jigsaw map and Killer has its own, a 16x16 Jigsaw's board up to 33 MB, and the
    # fixed boards of each size are 80 MB of them.
    "GEOMETRY_CACHE_MB": 160,
    # Bytes of final share-link pages each worker keeps rendered (web/solve/page_cache.py);
    # 0 turns it off.
    "PAGE_CACHE_BYTES": 32 * 1024 * 1024,
    # Solution counts each worker keeps, by share code (each with up to 100 solutions of a
    # 9x9, fewer of bigger grids); 0 turns the cache off.
    "COUNT_CACHE_SIZE": 256,
    # Search nodes for counting a puzzle's solutions past the two a solve finds; None: the
    # engine's figure for the grid's size (webapp/sudoku/counting.py, COUNT_NODES).
    "COUNT_BUDGET_NODES": None,
    # Solves that may wait, per worker, beside one under way (each client solves one at a
    # time, clients side by side: web/solver_seat.py); more get 503 at once.
    "SOLVE_QUEUE_DEPTH": 4,
    # Each client's (address's) share of a worker's solver seat (web/solver_seat.py): the
    # seconds it may hold the seat in a burst, and how many a second it gets back. Past it,
    # work that needs the seat is 429 for that client alone. Addresses exempt from this and
    # from JOB_PER_CLIENT: loopback (a monitor or load tester on the machine).
    "CLIENT_SEAT_BURST_SECONDS": 5.0,
    "CLIENT_SEAT_SHARE": 0.5,
    "CLIENT_LIMITS_EXEMPT": ("127.0.0.1", "::1"),
    # Where the job queue and the jobs' records live: None for a SQLite file in the instance
    # folder (one machine), or redis://host:port/db (several). See webapp/jobs/.
    "JOB_STORE": None,
    # A job's own time limit: "Keep working" and "Keep explaining" go on for this long.
    "JOB_SECONDS": 60.0,
    # A running job whose record has had no heartbeat (every 0.5 s) for this long lost its
    # consumer: a consumer's sweep puts it back on the queue, and its page says so.
    "JOB_STALE_SECONDS": 5.0,
    # Jobs that may wait or run at once; more get 503 and a page saying to come back.
    "JOB_QUEUE_DEPTH": 8,
    # Jobs one client (address) may have waiting or running at once, of JOB_QUEUE_DEPTH: one
    # address asking again and again cannot take the queue from everyone else.
    "JOB_PER_CLIENT": 2,
    # The last places of JOB_QUEUE_DEPTH, kept for clients holding no job: a client with one
    # gets another only while more are free, so it takes 6 addresses, not 4, to fill the
    # queue (webapp/jobs/queue.py).
    "JOB_QUEUE_RESERVE": 4,
    # How much lower the job consumer's CPU priority is than the web workers' (os.nice): a
    # page someone is waiting on goes before a 25x25 generation on a busy machine.
    "JOB_NICENESS": 10,
    # Run each job inside the request that submits it (tests), instead of in a consumer.
    "JOB_IMMEDIATE": False,
    # redis://host:port/db to share every decided solve between app servers; None keeps
    # them in each worker (jobs' results are shared through JOB_STORE either way).
    "SOLVE_CACHE_URL": None,
    # One JSON line on stderr per request (serving/requestlog.py); off for an app that only
    # measures itself, whose lines would bury its figures (`sudoku learn-bench`).
    "REQUEST_LOG": True,
    # A 25x25 grid form is about 6 KB; anything far larger is not a puzzle.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # Multipart bodies only: the paste form sends two parts (the paste box and the upload);
    # the grid form is urlencoded, bounded by MAX_CONTENT_LENGTH alone.
    "MAX_FORM_PARTS": 64,
    # The largest text part, the paste box: any puzzle fits well in 16 KB. Werkzeug 3.1
    # also checks it against each read of a multipart body, so in practice it bounds the
    # paste form's whole body, upload included, to about that.
    "MAX_FORM_MEMORY_SIZE": 16 * 1024,
    # Many puzzles at once (the paste form with one puzzle a line, POST /api/solve/batch):
    # up to BATCH_REQUEST_PUZZLES are solved and rated in the request, within
    # BATCH_REQUEST_SECONDS in all; longer batches (up to 1,000 puzzles) go to a job.
    "BATCH_REQUEST_PUZZLES": 25,
    "BATCH_REQUEST_SECONDS": 3.0,
    # The body those two routes read, in place of MAX_CONTENT_LENGTH (and, for the paste
    # form, MAX_FORM_MEMORY_SIZE): a file of 1,000 9x9 lines is 82 KB.
    "BATCH_MAX_CONTENT_LENGTH": 128 * 1024,
    # The body the two routes that read a photo take (POST /read-photo, POST
    # /api/read-photo), in place of MAX_CONTENT_LENGTH and MAX_FORM_MEMORY_SIZE: a phone's
    # picture is 2 to 8 MB; the reader refuses more than 12 MB of picture (photo/limits.py).
    "PHOTO_MAX_CONTENT_LENGTH": 12 * 1024 * 1024 + 64 * 1024,
    # Ceilings on one photo reading, which runs in a child process of its own
    # (photo/isolation.py): memory above the child's size at its start (the costliest
    # picture the limits allow takes about 170 MB), CPU seconds (that picture takes about
    # 1 s), and wall seconds, past which the reading is stopped and answered 503.
    "PHOTO_MEMORY_MB": 192,
    "PHOTO_CPU_SECONDS": 5,
    "PHOTO_WALL_SECONDS": 10.0,
    # Games between two people (webapp/games/, web/game/): games one address (not exempt) may
    # make within GAMES_LIMIT_SECONDS; past it, 429 with Retry-After.
    "GAMES_PER_ADDRESS": 20,
    "GAMES_LIMIT_SECONDS": 600,
    # A game's live events (GET /game/<id>/events) hold one of a worker's threads each: at
    # most this many at once per worker (more are 429, and the page asks every few seconds
    # instead), each for at most GAME_EVENTS_SECONDS before the browser connects again.
    "GAME_EVENTS_PER_WORKER": 4,
    "GAME_EVENTS_SECONDS": 25.0,
    # Matches between bots (webapp/matches/, web/match/): matches one address (not exempt)
    # may open within MATCHES_LIMIT_SECONDS (429 past it), and the seconds the generator may
    # take to make a match's rounds when it is opened (a ceiling on wall time, below
    # gunicorn's 30 s; 422 past it).
    "MATCHES_PER_ADDRESS": 10,
    "MATCHES_LIMIT_SECONDS": 600,
    "MATCH_GENERATE_SECONDS": 15.0,
    # A bot's wait for its next message (GET /api/matches/<id>/messages) holds one of a
    # worker's threads: at most MATCH_POLLS_PER_WORKER at once per worker, and
    # MATCH_POLLS_PER_ADDRESS of them from one address not exempt (429 past either), each
    # for at most MATCH_POLL_SECONDS (then answered empty: the bot asks again).
    "MATCH_POLLS_PER_WORKER": 4,
    "MATCH_POLLS_PER_ADDRESS": 2,
    "MATCH_POLL_SECONDS": 20.0,
    # A seat sending more than MATCH_MESSAGES_PER_SECOND messages in a second, or more
    # than MATCH_BAD_MESSAGES refused ones, is told why and disconnected.
    "MATCH_MESSAGES_PER_SECOND": 5,
    "MATCH_BAD_MESSAGES": 20,
    # Where the site is reached, e.g. https://sudoku.example.org: when set, every absolute
    # link the app writes uses it instead of the request's Host header (and https adds HSTS).
    "PUBLIC_URL": None,
    # Flask's own: the Host values to accept, e.g. ["sudoku.example.org"]; None accepts any.
    "TRUSTED_HOSTS": None,
    # How many proxies in front set X-Forwarded-*, e.g. {"x_for": 1, "x_proto": 1, "x_host": 1};
    # None trusts no forwarded header (Werkzeug's ProxyFix with these counts otherwise).
    "PROXY_FIX": None,
}


class InOrderJSON(DefaultJSONProvider):
    """Flask's JSON with keys in the order the code writes them: "status" first. A body
    nested deeper than the parser follows is not JSON a route can use, like any other
    unreadable body (ValueError), for every route alike: never a RecursionError's 500."""

    sort_keys = False

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """The value `s` spells; ValueError when it is not JSON or nested too deeply."""
        try:
            return super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("the JSON is nested too deeply") from None


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Create the app, with settings from DEFAULTS, FLASK_* variables and `config`."""
    app = SudokuFlask(
        __name__,
        template_folder=_beside_package("templates"),
        static_folder=_beside_package("static"),
    )
    app.config.from_mapping(DEFAULTS)
    app.config.from_prefixed_env()
    app.config.from_mapping(config or {})
    app.json = InOrderJSON(app)
    app.config["PUBLIC_URL"] = links.check_public_url(app.config["PUBLIC_URL"])
    if app.config["PROXY_FIX"]:
        app.wsgi_app = ProxyFix(app.wsgi_app, **app.config["PROXY_FIX"])  # type: ignore[method-assign]
    app.jinja_env.globals.update(asset_url=links.asset_url, home_url=links.home_url)

    from . import jobs
    from .serving import requestlog
    from .web import cache, generation, page_facts, solution_counts, solver_seat
    from .web.site import errors, headers

    cache.init_app(app)
    generation.init_app(app)
    jobs.init_app(app)
    solver_seat.init_app(app)
    solution_counts.init_app(app)
    page_facts.init_app(app)
    requestlog.init_app(app)
    for feature in FEATURES:
        import_module(f".web.{feature}", __name__).register(app)
    app.after_request(headers.add_security_headers)
    app.after_request(headers.mark_immutable_assets)
    app.after_request(headers.keep_redirects_on_site)
    app.register_error_handler(HTTPException, errors.error_page)
    return app


def _beside_package(folder: str) -> str:
    """Where `folder` is: inside the package when installed, beside it in a checkout."""
    for base in (PACKAGE, PACKAGE.parent):
        if (base / folder).is_dir():
            return str(base / folder)
    raise RuntimeError(f"cannot find the {folder}/ folder near {PACKAGE}")
