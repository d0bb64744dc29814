"""A Host header that is no host name is refused, on every route, whatever the settings.

Without PUBLIC_URL and TRUSTED_HOSTS (a development checkout, the default stack), pages
print links with the Host a client sent; one such as "localhost:1@x" made a page whose
share link was "http:///solve/..." and which caches were told to keep for a week. A name
(letters, digits and hyphens, dot-separated), an IPv4 address or a bracketed IPv6 one,
each with an optional port, is a host; anything else is a 400.
"""

from __future__ import annotations

import re

from flask import Flask, abort, request

LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
HOST = re.compile(rf"(?:{LABEL}(?:\.{LABEL})*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{{1,5}})?")


def is_host(text: str) -> bool:
    """Whether `text` is a host name or address, with an optional port."""
    return len(text) <= 255 and HOST.fullmatch(text) is not None


def init_app(app: Flask) -> None:
    """Refuse, before any route, a request whose Host is not a host."""

    @app.before_request
    def refuse_a_host_that_is_none() -> None:
        host = request.headers.get("Host", "")
        if host and not is_host(host):
            abort(400, description="The Host header does not name a host.")
