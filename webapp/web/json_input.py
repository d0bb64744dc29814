"""What the JSON routes share: the request's JSON object, and the 422 answer to input
that cannot be used."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import request


def json_body() -> dict[str, Any]:
    """The request's JSON object, or {} when it is not one."""
    body = request.get_json(silent=True)
    return body if isinstance(body, dict) else {}


def invalid(
    message: str, cells: Iterable[tuple[int, int]] = (), status: str = "invalid"
) -> tuple[dict[str, Any], int]:
    """The answer to input that cannot be used: what is wrong and which cells (1-based)."""
    return {"status": status, "error": message, "cells": [list(place) for place in cells]}, 422
