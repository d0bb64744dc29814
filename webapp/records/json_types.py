"""The types of JSON going out: what a record's `to_json()` and an API answer are made of.

JSON read from a request stays `Any` where it is first checked (web/json_input.py); what
the site writes is typed, so a value that `json.dumps` cannot write is a type error.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeAlias

# Read-only containers, so a list of strings or a dict of ints is JSON without a copy.
JsonValue: TypeAlias = (
    None | bool | int | float | str | Sequence["JsonValue"] | Mapping[str, "JsonValue"]
)
# A JSON object as the site builds it: key order is the order written out.
JsonObject: TypeAlias = dict[str, JsonValue]
