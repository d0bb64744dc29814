"""The headers the app adds to responses: security on every one, immutable on versioned files."""

from __future__ import annotations

from flask import current_app, request
from werkzeug.wrappers import Response

from ..links import IMMUTABLE_SECONDS, public_location

SECURITY_HEADERS = {
    # img-src blob: lets read_photo.js show the photo a person has chosen, from their own
    # device, before it is sent; a blob: address is made only by the page's own script.
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
        "form-action 'self'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

# Sent when PUBLIC_URL is https: browsers then refuse plain http for two years.
HSTS = "max-age=63072000; includeSubDomains"


def add_security_headers(response: Response) -> Response:
    """Forbid inline script and style, framing and sniffing on every response; HSTS over https."""
    response.headers.update(SECURITY_HEADERS)
    if (current_app.config.get("PUBLIC_URL") or "").startswith("https://"):
        response.headers["Strict-Transport-Security"] = HSTS
    return response


def keep_redirects_on_site(response: Response) -> Response:
    """Point a redirect at a path, or under PUBLIC_URL, never at the host a client named.

    The app's own redirects are paths already; Werkzeug's (such as /solve//<code>
    to /solve/<code>) are built from the request's Host header.
    """
    if response.location and "://" in response.location:
        response.location = public_location(response.location)
    return response


def mark_immutable_assets(response: Response) -> Response:
    """A static file sent for a year (its link names its content) never needs revalidating."""
    if request.endpoint == "static" and response.cache_control.max_age == IMMUTABLE_SECONDS:
        response.cache_control.immutable = True
    return response
