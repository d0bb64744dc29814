"""What the JSON routes share: the request's JSON object, the rules its `variant`,
`regions` and `cages` name, and the 422 answer to input that cannot be used."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask import request

from ..records.json_types import JsonObject
from ..sudoku import Puzzle
from ..sudoku.variants import puzzle_with


def json_body() -> dict[str, Any]:
    """The request's JSON object, or {} when it is not one."""
    body = request.get_json(silent=True)
    return body if isinstance(body, dict) else {}


def invalid(
    message: str, cells: Iterable[tuple[int, int]] = (), status: str = "invalid"
) -> tuple[JsonObject, int]:
    """The answer to input that cannot be used: what is wrong and which cells (1-based)."""
    return {"status": status, "error": message, "cells": [list(place) for place in cells]}, 422


def with_variant(puzzle: Puzzle, body: dict[str, Any]) -> Puzzle:
    """`puzzle` under the rules the body's "variant", "regions" and "cages" name
    (variants.py), as it is when it names none; PuzzleError saying which is bad."""
    return puzzle_with(puzzle, body.get("variant"), body.get("regions"), body.get("cages"))
