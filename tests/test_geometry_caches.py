"""Tables worked out per geometry are bounded: every Jigsaw map is a geometry of its own, so a
stream of new maps (one request each) must not keep a table of each for the life of a
worker. Every cache in the engine and the web layer is checked: only those keyed by a
shape or an alphabet (a handful of values) may be unbounded."""

from __future__ import annotations

import importlib
import pkgutil

import webapp
from webapp.sudoku import SHAPES, Grid, Puzzle, Rules, solve
from webapp.sudoku.bitboard import BOARDS_KEPT, bitboard_for
from webapp.sudoku.generator.jigsaw import random_regions
from webapp.sudoku.generator.seeded import SeededRandom
from webapp.sudoku.logic import find_path

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
}


def cached_functions():
    """Every function of the package wrapped in functools' cache or lru_cache."""
    for info in pkgutil.walk_packages(webapp.__path__, "webapp."):
        if info.name.endswith(".__main__"):  # runs its command when imported
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if type(value).__name__ == "_lru_cache_wrapper":  # not hasattr: Flask proxies
                if getattr(value, "__module__", None) == module.__name__:
                    yield f"{module.__name__}.{name}", value


def test_every_cache_not_keyed_by_a_shape_is_bounded():
    found = dict(cached_functions())
    assert "webapp.sudoku.bitboard.bitboard_for" in found  # the walk finds them
    unbounded = [
        name
        for name, function in found.items()
        if function.cache_parameters()["maxsize"] is None and name not in BY_SHAPE
    ]
    assert unbounded == []


def test_solving_many_jigsaws_keeps_a_bounded_number_of_boards():
    bitboard_for.cache_clear()
    shape = SHAPES[6]
    for seed in range(BOARDS_KEPT + 4):
        rules = Rules((), random_regions(shape, SeededRandom(f"bounded {seed}")))
        puzzle = Puzzle(Grid(shape, (0,) * shape.cell_count), rules)
        solve(puzzle)
        find_path(puzzle, work=2_000)
    assert bitboard_for.cache_info().currsize == BOARDS_KEPT
