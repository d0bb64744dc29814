"""What the load test sends: share links, pathological codes of every kind, the 1-in-10 mix."""

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))
import loadmix  # noqa: E402
from loadmix import BLOCK, ONE_IN, pathological_codes, relabeled, share_links, url_mix

from webapp.sudoku import MULTIPLE, NO_SOLUTION, Budget, find_conflicts, parse, solve
from webapp.sudoku.puzzle import Puzzle

EMPTY_25 = "0" * 625


def blanks(code: str) -> str:
    """Where a code's blanks are: relabeling symbols keeps this pattern."""
    return "".join("." if symbol == "0" else "x" for symbol in code)


ORIGINALS = [
    *(("budget breaker", text) for text in loadmix.BUDGET_BREAKERS),
    ("impossible", loadmix.IMPOSSIBLE),
    ("two solutions", loadmix.HARD1),
]
KIND_BY_BLANKS = {blanks(parse(text).code): kind for kind, text in ORIGINALS}


def kind_of(code: str) -> str:
    """Which kind of pathological puzzle a code is, told from its size and its blanks."""
    if blanks(code) in KIND_BY_BLANKS:
        return KIND_BY_BLANKS[blanks(code)]
    if len(code) == 625 and code.count("0") >= 624:
        return "nearly empty 25x25"
    return f"contradictory {len(code) ** 0.5:.0f}x{len(code) ** 0.5:.0f}"


def test_each_original_has_blanks_of_its_own_so_kind_of_can_tell_them_apart():
    assert len(KIND_BY_BLANKS) == len(ORIGINALS)


def is_share_code(code: str) -> bool:
    """True when `code` is a canonical share code: /solve/<code> answers without a redirect."""
    return parse(code).code == code


def test_share_links_are_distinct_canonical_share_codes_of_9x9_and_16x16_puzzles():
    links = share_links()
    assert len(links) == len(set(links)) > 200
    assert all(link.startswith("/solve/") for link in links)
    codes = [link.removeprefix("/solve/") for link in links]
    assert all(is_share_code(code) for code in codes)
    assert Counter(parse(code).size for code in codes).keys() == {9, 16}


def test_share_links_read_the_files_in_tests_data(tmp_path):
    for name in loadmix.SHARE_LINK_FILES:
        (tmp_path / name).write_text("# a comment\n" + loadmix.HARD1 + " 2+ -\n")
    assert share_links(tmp_path) == ["/solve/" + parse(loadmix.HARD1).code]
    with pytest.raises(FileNotFoundError):
        share_links(tmp_path / "missing")


def test_pathological_codes_are_distinct_canonical_share_codes():
    codes = pathological_codes(1000)
    assert len(codes) == len(set(codes)) == 1000
    assert all(is_share_code(code) for code in codes)


def test_pathological_codes_start_with_the_originals():
    originals = [parse(text).code for _, text in ORIGINALS] + [EMPTY_25]
    assert pathological_codes(6) == originals


def test_half_the_pathological_codes_use_the_whole_budget_and_every_kind_is_there():
    kinds = Counter(kind_of(code) for code in pathological_codes(1000))
    assert kinds == {
        "budget breaker": 500,
        "impossible": 100,
        "two solutions": 100,
        # the empty grid itself, then grids with one given
        "nearly empty 25x25": 100,
        "contradictory 16x16": 100,
        "contradictory 25x25": 100,
    }


def test_contradictory_grids_have_clashing_givens():
    codes = [code for code in pathological_codes(500) if kind_of(code).startswith("contra")]
    assert len(codes) == 100
    assert all(find_conflicts(Puzzle(parse(code))) for code in codes)


def test_pathological_codes_are_the_same_for_a_seed_and_differ_between_seeds():
    assert pathological_codes(100, seed=3) == pathological_codes(100, seed=3)
    assert pathological_codes(100, seed=3)[6:] != pathological_codes(100, seed=4)[6:]


@pytest.mark.parametrize(
    ("text", "status"),
    [
        pytest.param(loadmix.IMPOSSIBLE, NO_SOLUTION, id="impossible"),
        pytest.param(loadmix.HARD1, MULTIPLE, id="two solutions"),
    ],
)
def test_relabeling_keeps_what_the_solver_finds(text, status):
    grid = parse(text)
    variant = relabeled(grid, random.Random(1))
    assert variant.code != grid.code
    assert blanks(variant.code) == blanks(grid.code)
    assert solve(Puzzle(variant), budget=Budget(nodes=10**6, ceiling_seconds=60)).status == status


def test_exactly_one_request_in_ten_of_every_block_is_pathological_at_random_places():
    links = ["/solve/a", "/solve/b", "/solve/c", "/solve/d"]
    codes = [f"p{number}" for number in range(35)]
    paths = url_mix(links, codes)
    assert len(paths) == ONE_IN * len(codes)
    pathological = [f"/solve/{code}" for code in codes]
    assert sorted(path for path in paths if path in pathological) == sorted(pathological)
    blocks = [paths[start : start + BLOCK] for start in range(0, len(paths), BLOCK)]
    assert [sum(path in pathological for path in block) for block in blocks] == [10, 10, 10, 5]
    places = [number for number, path in enumerate(paths) if path in pathological]
    assert places != list(range(ONE_IN - 1, len(paths), ONE_IN))


def test_the_share_links_come_round_in_turn_and_a_seed_fixes_the_order():
    links = ["/solve/a", "/solve/b", "/solve/c", "/solve/d"]
    codes = [f"p{number}" for number in range(40)]
    fast = Counter(path for path in url_mix(links, codes) if path in links)
    assert fast == dict.fromkeys(links, 90)
    assert url_mix(links, codes, seed=1) == url_mix(links, codes, seed=1)
    assert url_mix(links, codes, seed=1) != url_mix(links, codes, seed=2)


def test_the_real_mix_is_one_in_ten_pathological_share_codes():
    links = share_links()
    codes = pathological_codes(300)
    paths = url_mix(links, codes)
    pathological = {f"/solve/{code}" for code in codes}
    assert sum(path in pathological for path in paths) == len(paths) // 10 == 300
    assert all(is_share_code(path.removeprefix("/solve/")) for path in paths)
