"""Tables worked out per geometry are bounded: every Jigsaw map is a geometry of its own, so a
stream of new maps (one request each) must not keep a table of each for the life of a
worker, nor more bytes than the engine's budget for them however big each map's are. Every
cache in the engine and the web layer is checked: only those keyed by a shape or an
alphabet (a handful of values) may be unbounded."""

from __future__ import annotations

import gc
import importlib
import itertools
import pkgutil
import sys
import tracemalloc
from pathlib import Path

import pytest

import webapp
from webapp.sudoku import SHAPES, prepare, solve
from webapp.sudoku.geometry import (
    TABLES,
    Geometry,
    PerGeometry,
    TableStore,
    geometry_of,
    standard_geometry,
)
from webapp.sudoku.held import held_bytes
from webapp.sudoku.logic import find_path
from webapp.sudoku.logic.memo import FRUITLESS

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
from memory import new_jigsaws  # noqa: E402 (deploy/ is not a package)

MEGABYTE = 1024 * 1024
# New 16x16 maps (their boards about 4 MB each, the engine once kept 16), within a budget
# that holds the 16x16 classic board (about 33 MB, every Jigsaw's template) and little
# more: the old count bounds held 53 MB of them past the classic board.
MAPS = 12
BUDGET = 40 * MEGABYTE

# Caches whose keys are a shape, a size or an alphabet (or none): a few values, so they may
# grow.
BY_SHAPE = {
    "webapp.sudoku.regions.box_map",
    "webapp.sudoku.geometry.standard_geometry",
    "webapp.sudoku.geometry.x_sudoku",
    "webapp.sudoku.alphabet.values",
    "webapp.web.links.content_hash",
    "webapp.web.puzzle_form.region_fields.variant_words",
    "webapp.web.puzzle_form.region_fields.region_field_names",
    "webapp.web.puzzle_form.cage_fields.cage_field_names",
    "webapp.photo.digits.network",  # no key: the one network
    "webapp.web.puzzle_form.forms.form_class",
    "webapp.sudoku.lessons.bank._classic_techniques",
}


def cached_functions():
    """Every function of the package wrapped in functools' cache or lru_cache, or kept per
    geometry in the engine's tables."""
    for info in pkgutil.walk_packages(webapp.__path__, "webapp."):
        if info.name.endswith(".__main__"):  # runs its command when imported
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if type(value).__name__ == "_lru_cache_wrapper" or isinstance(value, PerGeometry):
                # (by type, not hasattr: Flask proxies)
                if getattr(value, "__module__", None) == module.__name__:
                    yield f"{module.__name__}.{name}", value


def test_every_cache_not_keyed_by_a_shape_is_bounded():
    found = dict(cached_functions())
    assert "webapp.sudoku.bitboard.bitboard_for" in found  # the walk finds them
    unbounded = [
        name
        for name, function in found.items()
        if function.cache_parameters()["maxsize"] is None
        and "bytes" not in function.cache_parameters()
        and name not in BY_SHAPE
    ]
    assert unbounded == []


@pytest.fixture(scope="module")
def after_new_maps():
    """(bytes still held, what the tables weigh) after MAPS new 16x16 Jigsaws are solved
    and rated with the tables held to BUDGET: held is what tracemalloc finds still
    allocated since before the first, the 16x16 classic board built before."""
    kept_budget = TABLES.budget
    TABLES.clear()
    TABLES.budget = BUDGET
    try:
        prepare(SHAPES[16])
        puzzles = new_jigsaws(seed=35)
        next(puzzles)  # the first map drawn and filled before measuring
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for puzzle in itertools.islice(puzzles, MAPS):
                solve(puzzle)
                find_path(puzzle, work=2_000)
            del puzzle
            gc.collect()
            held = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        return held, TABLES.held
    finally:
        TABLES.budget = kept_budget


def test_new_jigsaw_maps_leave_no_more_bytes_than_the_tables_budget(after_new_maps):
    held, _ = after_new_maps
    assert held <= BUDGET


def test_the_tables_weigh_no_less_than_the_bytes_they_hold(after_new_maps):
    held, weighed = after_new_maps
    assert held <= weighed


def test_the_memo_of_fruitless_searches_keeps_no_geometry_alive():
    FRUITLESS.clear()
    for puzzle in itertools.islice(new_jigsaws(seed=37, blanks=150), 3):
        find_path(puzzle, work=10_000)
    keys = [*FRUITLESS._keys, *FRUITLESS._latest, *FRUITLESS._latest.values()]
    held = [part for key in keys for part in key if isinstance(part, Geometry)]
    assert keys and held == []


def test_a_killers_tables_are_kept_after_the_lasting_ones_fill_the_budget():
    """A day of classic ratings fills the budget with memo answers of lasting geometries;
    a Killer's tables must still find room, or each is worked out again at every step."""
    store = TableStore(budget=4 * MEGABYTE)
    classic = standard_geometry(SHAPES[9])
    for position in range(8 * MEGABYTE // 1000):
        store.keep(("classic memo", position), None, classic, 1000)
    killer = geometry_of(SHAPES[9], cages=((0, 1),), cage_totals=(3,))
    store.keep(("killer table",), (), killer, 1000)
    assert store.find(("killer table",), killer.lasting) is not None


def test_small_answers_are_not_weighed_as_a_big_grids_answers():
    """A sampled memo guesses what its unweighed answers weigh: after 25x25 answers, a run of
    9x9 ones must be taken at about their own weight, or they fill the budget early."""
    memo = PerGeometry(lambda geometry, n: bytes(geometry.shape.size**4 + n), sampled=True)
    big, small = standard_geometry(SHAPES[25]), standard_geometry(SHAPES[9])
    for n in range(100):
        memo(big, n)
    answers = range(300)
    for n in answers:
        memo(small, n)
    weighed = sum(kept.weight for n in answers if (kept := TABLES.find((memo, small, n), True)))
    held = sum(held_bytes((small, n), geometries=False) + len(bytes(6561 + n)) for n in answers)
    TABLES.clear(memo)
    assert weighed < 2 * held
