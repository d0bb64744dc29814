"""What a table or a result holds in memory, in bytes, about: the weights of the byte-bounded
caches (the engine's tables per geometry, geometry.py; the web's results, web/cache.py).

A value is weighed by walking what it refers to (tuples, lists, dicts, sets, the fields of
the engine's own objects), each object once, with sys.getsizeof. Objects that know their
own weight better than a walk (a Geometry with its tables, a solver's Bitboard whose masks
grow as it is used) give it as `table_bytes`, an upper estimate, and are not walked.
Small ints (CPython keeps one of each) and values every worker keeps for good (classes,
functions, enum members, shapes, units, and objects whose `lasting` says so: the
geometries of a shape and named kinds of unit) weigh nothing. The figure is a little above what the
value holds alone: what it shares with other values is counted for each.
"""

from __future__ import annotations

import dataclasses
import sys
from enum import Enum
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType

# Objects walked by their contents, and those weighed by getsizeof alone.
_CONTAINERS = (tuple, list, set, frozenset)
_FLAT = (str, bytes, float, complex, range)
# How each other type is weighed: SKIP (costs nothing to keep once more), OWN (it gives its
# own table_bytes), WALK (its fields), SIZE (getsizeof alone); worked out once a type.
SKIP, OWN, WALK, SIZE = range(4)
_HOW: dict[type, int] = {}
_OWN_PACKAGE = __name__.split(".")[0] + "."
_SHARED_KINDS = ("Shape", "Unit")  # kept by every worker for good, or a geometry's own


def held_bytes(value: object, geometries: bool = True) -> int:
    """About the bytes `value` and what it refers to hold; with `geometries` False, the
    geometries it refers to (and their units) weigh nothing, as when a cache counts them
    apart."""
    seen: set[int] = set()
    total = 0
    waiting: list[object] = [value]
    while waiting:
        item = waiting.pop()
        kind = type(item)
        if kind is int:
            if not -5 <= item <= 256:  # type: ignore[operator]
                total += sys.getsizeof(item)
            continue
        if id(item) in seen:
            continue
        seen.add(id(item))
        if kind in _CONTAINERS:
            total += sys.getsizeof(item)
            waiting.extend(item)  # type: ignore[arg-type]
            continue
        if kind is dict:
            total += sys.getsizeof(item)
            waiting.extend(item.keys())  # type: ignore[attr-defined]
            waiting.extend(item.values())  # type: ignore[attr-defined]
            continue
        how = _HOW.get(kind)
        if how is None:
            how = _HOW[kind] = _how_to_weigh(kind)
        if how == SKIP:
            continue
        if how == OWN:
            if getattr(item, "lasting", False) is True:
                continue
            if kind.__name__ == "Geometry" and not geometries:
                continue
            total += item.table_bytes  # type: ignore[attr-defined]
            continue
        total += sys.getsizeof(item)
        if how == WALK:
            waiting.extend(_fields(item))
    return total


def _how_to_weigh(kind: type) -> int:
    """SKIP, OWN, WALK or SIZE for objects of `kind` (containers and ints aside)."""
    if issubclass(kind, (bool, type(None), type, ModuleType, Enum)) or callable_kind(kind):
        return SKIP
    if kind.__name__ in _SHARED_KINDS:
        return SKIP
    if isinstance(getattr(kind, "table_bytes", None), property):
        return OWN
    if issubclass(kind, _FLAT) or not kind.__module__.startswith(_OWN_PACKAGE):
        return SIZE
    return WALK


def callable_kind(kind: type) -> bool:
    """Whether objects of `kind` are functions or methods (shared code, not data)."""
    return issubclass(kind, (FunctionType, BuiltinFunctionType, MethodType))


def _fields(item: object) -> list[object]:
    """What one of the engine's or the app's objects refers to: its attributes (those
    cached_property keeps included) and its slots."""
    found: list[object] = list(vars(item).values()) if hasattr(item, "__dict__") else []
    if dataclasses.is_dataclass(item) and not hasattr(item, "__dict__"):
        found += [getattr(item, field.name) for field in dataclasses.fields(item)]
    for klass in type(item).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if slot not in ("__dict__", "__weakref__") and hasattr(item, slot):
                found.append(getattr(item, slot))
    return found
