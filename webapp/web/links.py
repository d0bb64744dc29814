"""The links the app writes: static files by content, the home page, absolute share links.

None of them trusts the Host header when PUBLIC_URL is set, and the first two
need no URL adapter, so even the page answering a request whose Host header
was refused can be drawn.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from flask import current_app, request, url_for

# How long a browser or CDN may keep a static file whose link names its content.
IMMUTABLE_SECONDS = 365 * 24 * 3600


def check_public_url(value: str | None) -> str | None:
    """PUBLIC_URL without a trailing slash; ValueError unless it is http(s)://host[:port][/path]."""
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"PUBLIC_URL must look like https://sudoku.example.org, not {value!r}")
    return value.rstrip("/")


def absolute_url(endpoint: str, **values: Any) -> str:
    """The full address of a page: under PUBLIC_URL when it is set, else as the request came."""
    public: str | None = current_app.config.get("PUBLIC_URL")
    if public:
        return public + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def public_location(location: str) -> str:
    """A redirect target without the request's own host: under PUBLIC_URL, or relative."""
    parts = urlsplit(location)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    public: str = current_app.config.get("PUBLIC_URL") or ""
    return public + path


def query_kept(location: str, **changes: str | None) -> str:
    """`location` with this request's query string as sent, `changes` made (None drops a
    name): for a redirect to another spelling of the same page. Not through url_for, where a
    query name such as `code` or `_external` would be taken as its own argument."""
    items = [(name, value) for name, value in request.args.items(multi=True) if name not in changes]
    items += [(name, value) for name, value in changes.items() if value is not None]
    return location + (f"?{urlencode(items)}" if items else "")


def home_url() -> str:
    """The address of the solver's front page."""
    return request.script_root + "/"


def asset_url(filename: str) -> str:
    """A static file's address with its content hash, so browsers may keep it for a year."""
    folder = current_app.static_folder or ""
    version = content_hash(str(Path(folder) / filename))
    return f"{request.script_root}{current_app.static_url_path}/{filename}?v={version}"


@cache
def content_hash(path: str) -> str:
    """The first 12 hex digits of a file's SHA-256, read once per process."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:12]


def is_current_asset(filename: str, version: str | None) -> bool:
    """True when `version` names the content the static file has now."""
    folder = current_app.static_folder or ""
    path = Path(folder) / filename
    return bool(version) and path.is_file() and content_hash(str(path)) == version
