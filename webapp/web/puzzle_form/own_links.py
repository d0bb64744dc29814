"""This site's own links pasted into the form: a share link (/solve/<code>), a play link
(/play/<code>?progress=...&marks=...) or an explanation's (/explain/<code>), from any host,
since the same app may serve under any name (a test server, a copy behind another proxy).
The paths are what matter: such a link is opened where it points on this site, its rules
(in the code), progress, notes and every other asked thing (in the query) kept.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from flask import url_for

from ...sudoku import PuzzleError, read_code
from ...sudoku.puzzle import longest_code

# The pages a pasted link of ours may open, by the first word of their path: their endpoints.
OWN_PAGES = {"solve": "solve.result", "play": "play.play", "explain": "explain.explain"}
# A path ending in one of them and a code (a prefix before it: the app mounted under one).
OWN_PATH = re.compile(r"/(?P<page>solve|play|explain)/(?P<code>[^/]+)/?$")


def own_link(text: str) -> str | None:
    """Where on this site the pasted `text` points when it is one of this site's links (an
    http(s) address, any host, or a path from "/"), its query kept; None when it is not one.
    PuzzleError when the link's code holds no puzzle."""
    url = text.strip()
    if not url or any(char.isspace() for char in url):
        return None
    if not url.lower().startswith(("http://", "https://", "/")):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None  # the other readers say what is wrong with it
    found = OWN_PATH.search(parts.path)
    if found is None:
        return None
    code = unquote(found["code"])
    if len(code) > longest_code():
        raise PuzzleError("this link's code is longer than any puzzle's")
    try:
        puzzle = read_code(code)
    except PuzzleError as error:
        raise PuzzleError(f"this link's code holds no puzzle: {error.message}") from None
    location = url_for(OWN_PAGES[found["page"]], code=puzzle.code)
    return f"{location}?{parts.query}" if parts.query else location
