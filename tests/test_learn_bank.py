"""The practice bank (webapp/sudoku/lessons/bank.py) and `sudoku learn-bank`."""

from __future__ import annotations

import itertools
from dataclasses import fields, replace
from pathlib import Path

import pytest

from webapp.cli import main
from webapp.cli.learn_bank import PER, SHIPPED, Stage, _made, _rated, killer_orders
from webapp.sudoku import solver
from webapp.sudoku.lessons import Bank, BankEntry, BankError, Source, build_bank
from webapp.sudoku.lessons.bank import CLASSIC, CLASSIC_KINDS
from webapp.sudoku.lessons.shortcut_paths import shortcut_steps
from webapp.sudoku.lessons.side_paths import may_arise
from webapp.sudoku.logic import Position, Step, next_step
from webapp.sudoku.logic.techniques import VERSION as TECHNIQUES_VERSION
from webapp.web.learn.shipped import VARIANT_ONLY, shipped_bank, step_of

from clocks import RacingClock

DATA = Path(__file__).with_name("data")
SMALL_RUN = [
    "learn-bank",
    "--rated",
    str(DATA / "se_rated_sample.txt"),
    "--limit",
    "3",
    "--seeds",
    "1",
    "--small-seeds",
    "1",
    "--per",
    "2",
]


def small_bank(tmp_path: Path, name: str, *more: str) -> bytes:
    """The bytes a small run of the command writes (with `more` options)."""
    out = tmp_path / name
    assert main([*SMALL_RUN, *more, "--out", str(out)]) == 0
    return out.read_bytes()


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes the small run writes, once for the module."""
    return small_bank(tmp_path_factory.mktemp("small"), "bank.json")


@pytest.fixture(scope="module")
def small_with_experts(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes the small run with two 6x6 expert seeds writes, once for the module."""
    folder = tmp_path_factory.mktemp("experts")
    return small_bank(folder, "bank.json", "--small-expert-seeds", "2")


def test_the_same_command_writes_the_same_bytes(small: bytes, tmp_path: Path) -> None:
    assert small_bank(tmp_path, "again.json") == small


# Under a load that would stop any solve at the solver's usual 10 s ceiling, every puzzle is
# still shown to have one solution and walked: the uniqueness check counts nodes only.
def test_the_rated_puzzles_kept_do_not_depend_on_the_clock(tmp_path: Path, monkeypatch) -> None:
    run = ["learn-bank", "--rated", str(DATA / "se_rated_sample.txt"), "--limit", "3"]
    run += ["--seeds", "0", "--small-seeds", "0", "--per", "2", "--out"]
    assert main([*run, str(tmp_path / "usual.json")]) == 0
    monkeypatch.setattr(solver, "time", RacingClock())
    assert main([*run, str(tmp_path / "racing.json")]) == 0
    assert (tmp_path / "racing.json").read_bytes() == (tmp_path / "usual.json").read_bytes()


# The same slice in two runs, the second walking only the later sources onto the first's bank.
def test_a_bank_built_onto_an_earlier_one_is_the_bank_of_all_its_sources(
    small: bytes, small_with_experts: bytes, tmp_path: Path
) -> None:
    earlier, later = tmp_path / "earlier.json", tmp_path / "later.json"
    earlier.write_bytes(small)
    rest = ["--seeds", "0", "--small-seeds", "0", "--small-expert-seeds", "2", "--per", "2"]
    assert main(["learn-bank", *rest, "--onto", str(earlier), "--out", str(later)]) == 0
    assert later.read_bytes() == small_with_experts


def test_a_run_with_small_expert_seeds_banks_their_6x6_positions(small_with_experts: bytes) -> None:
    sources = {entry.source for entry in Bank.from_text(small_with_experts.decode()).entries}
    assert "generated:6x6:expert:0" in sources


def test_a_bank_reads_back_as_written(small: bytes) -> None:
    assert Bank.from_text(small.decode()).to_text() == small.decode()


def test_a_small_run_banks_every_first_size(small: bytes) -> None:
    bank = Bank.from_text(small.decode())
    assert {entry.size for entry in bank.entries} == {4, 6, 9}


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("not json", "not JSON"),
        ('{"entries": 3}', '"entries"'),
        ('{"entries": [["x-wing"]]}', "8 fields"),
        ('{"entries": [["x-wing", "3.2", "s", "p", "0", "", [], []]]}', "difficulty"),
        ('{"entries": [["x-wing", 3.2, "s", "p", "0", "", [[1]], []]]}', "[cell, value]"),
    ],
)
def test_a_broken_bank_is_refused_saying_what(text: str, named: str) -> None:
    with pytest.raises(BankError, match=named.replace("[", r"\[").replace("]", r"\]")):
        Bank.from_text(text)


def test_an_unreadable_source_is_a_usage_error(tmp_path: Path) -> None:
    assert main(["learn-bank", "--rated", str(tmp_path / "absent.txt")]) == 2


def test_a_bank_to_build_onto_that_is_not_one_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "bank.json").write_text("not json")
    assert main(["learn-bank", "--seeds", "0", "--onto", str(tmp_path / "bank.json")]) == 2


def test_a_bank_built_by_other_techniques_is_not_built_onto(tmp_path: Path) -> None:
    text = small_bank(tmp_path, "first.json").decode()
    now = f'"techniques_version": {TECHNIQUES_VERSION}'
    (tmp_path / "old.json").write_text(text.replace(now, '"techniques_version": 0'))
    rest = ["--seeds", "0", "--small-seeds", "0", "--onto", str(tmp_path / "old.json")]
    assert main(["learn-bank", *rest]) == 2


# On a variant board a technique the classic board has too is banked only where it reads
# differently: its step uses one of the variant's own units.
VARIANT_SHOWN = [
    entry
    for entry in shipped_bank().entries
    if entry.variant != CLASSIC and entry.technique not in VARIANT_ONLY
]


@pytest.mark.parametrize(
    "entry", VARIANT_SHOWN, ids=lambda entry: f"{entry.technique}:{entry.source}"
)
def test_a_variant_boards_example_uses_the_variants_own_unit(entry: BankEntry) -> None:
    kinds = {kind for kind, _ in step_of(entry).units}
    assert kinds - CLASSIC_KINDS != set()


# HoDoKu's library is GPL-3: the tests may read it, the package must not ship it.
def test_the_shipped_bank_holds_no_position_of_hodokus_library() -> None:
    sources = {entry.source for entry in shipped_bank().entries}
    assert sorted(source for source in sources if source.startswith("reglib")) == []


# Every technique the generator's classic 9x9 puzzles reach has its full practice set there.
def test_every_technique_the_generator_reaches_has_a_full_practice_set() -> None:
    bank = shipped_bank()
    reached = {
        entry.technique
        for entry in bank.entries
        if entry.source.startswith("generated:") and (entry.size, entry.variant) == (9, CLASSIC)
    }
    assert {slug for slug in reached if len(bank.of(9, slug)) < PER} == set()


# A Killer's share code takes longer to read than a practice page takes to draw: an entry's
# puzzle is read once a process, not on every request.
def test_an_entrys_puzzle_is_read_once() -> None:
    entry = shipped_bank().entries[-1]
    assert entry.parsed() is entry.parsed()


# A hidden quad is the easiest step only in a unit whose nine cells are all open: in one with
# fewer, the cells outside the quad are a naked subset of four or fewer, asked first, which
# removes the same (docs/api.md says so of why hidden quads are rare).
@pytest.mark.parametrize(
    "entry", shipped_bank().of(9, "hidden-quad"), ids=lambda entry: entry.source
)
def test_a_hidden_quad_lies_in_a_unit_with_every_cell_open(entry: BankEntry) -> None:
    position = entry.position()
    (named,) = step_of(entry).units
    (unit,) = [unit for unit in position.geometry.units if (unit.kind, unit.index) == named]
    assert [position.values[cell] for cell in unit.cells] == [0] * 9


def shared_sets(root: Path) -> Path:
    """A stand-in for the shared puzzle sets under `root`: each file the shipped bank's runs
    read, holding two lines of the rated sample (another two each, so that no two agree)."""
    lines = (DATA / "se_rated_sample.txt").read_text().splitlines()[1:]
    names = [name for stage in SHIPPED for name in stage.rated]
    for number, name in enumerate(names):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("\n".join(lines[2 * number : 2 * number + 2]) + "\n")
    return root


def all_slice(puzzles: Path, out: Path) -> bytes:
    """The bytes `--all` writes over `puzzles` with every count cut to one."""
    assert main(["learn-bank", "--all", str(puzzles), "--cap", "1", "--out", str(out)]) == 0
    return out.read_bytes()


@pytest.fixture(scope="module")
def whole_slice(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """The stand-in puzzle sets and what `--all` wrote over them, once for the module."""
    root = tmp_path_factory.mktemp("whole")
    puzzles = shared_sets(root / "puzzles")
    return puzzles, all_slice(puzzles, root / "whole.json")


# One command rebuilds the shipped bank from nothing: the same bytes every time.
def test_the_whole_rebuild_writes_the_same_bytes_twice(
    whole_slice: tuple[Path, bytes], tmp_path: Path
) -> None:
    puzzles, first = whole_slice
    assert all_slice(puzzles, tmp_path / "second.json") == first


# The one command is the runs the bank was built by, each walked onto the bank before.
def test_the_whole_rebuild_is_its_runs_one_onto_another(
    whole_slice: tuple[Path, bytes], tmp_path: Path
) -> None:
    puzzles, whole = whole_slice
    bank = tmp_path / "bank.json"
    for number, stage in enumerate(stage.capped(1) for stage in SHIPPED):
        onto = ["--onto", str(bank)] if number else []
        run = [*("--rated", *(str(puzzles / name) for name in stage.rated))]
        for field in fields(stage)[1:]:  # each count or level, as the option of its name
            if getattr(stage, field.name) != field.default:  # the option's default otherwise
                run += [f"--{field.name.replace('_', '-')}", str(getattr(stage, field.name))]
        assert main(["learn-bank", *run, *onto, "--out", str(bank)]) == 0
    assert bank.read_bytes() == whole


# The first run walks the generator's variant puzzles, a Killer's among them.
def test_the_whole_rebuild_banks_a_killers_own_technique(whole_slice: tuple[Path, bytes]) -> None:
    bank = Bank.from_text(whole_slice[1].decode())
    assert bank.of(9, "cage-combinations", "Killer Sudoku") != ()


# The last run walks the generator's extreme puzzles without symmetry, for the hidden quads.
def test_the_whole_rebuild_walks_extreme_puzzles_without_symmetry(
    whole_slice: tuple[Path, bytes],
) -> None:
    sources = {entry.source for entry in Bank.from_text(whole_slice[1].decode()).entries}
    assert "generated:symmetry-none:9x9:extreme:0" in sources


# When the generator changes one variant's puzzles, that variant's positions are walked
# again in place of the stale ones, the rest kept: the bank the whole rebuild writes.
def test_one_variant_walked_again_onto_a_stale_bank_gives_the_whole_rebuild(
    whole_slice: tuple[Path, bytes], tmp_path: Path
) -> None:
    puzzles, whole = whole_slice
    stale = Bank(
        tuple(
            replace(entry, source="stale") if entry.variant == "Killer Sudoku" else entry
            for entry in Bank.from_text(whole.decode()).entries
        )
    )
    (tmp_path / "stale.json").write_text(stale.to_text())
    again = ["--variant", "killer", "--onto", str(tmp_path / "stale.json")]
    run = ["learn-bank", "--all", str(puzzles), "--cap", "1", *again]
    assert main([*run, "--out", str(tmp_path / "again.json")]) == 0
    assert (tmp_path / "again.json").read_bytes() == whole


def test_one_variant_is_walked_again_only_onto_a_bank(capsys: pytest.CaptureFixture[str]) -> None:
    main(["learn-bank", "--all", "puzzles", "--variant", "killer"])
    assert "--variant walks one variant of --all's runs again --onto a bank" in (
        capsys.readouterr().err
    )


# Another source would make a bank other than the shipped one: refused, naming the option.
@pytest.mark.parametrize("option", [["--seeds", "2"], ["--per", "3"], ["--onto", "bank.json"]])
def test_the_whole_rebuild_takes_no_source_of_its_own(
    option: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["learn-bank", "--all", str(tmp_path), *option])
    assert f"it takes no {option[0]}" in capsys.readouterr().err


# A long file is walked in parts: the later part skips the lines the earlier one read.
def test_a_file_walked_in_two_parts_gives_the_bank_of_the_whole_file(tmp_path: Path) -> None:
    rated = ["--rated", str(DATA / "se_rated_sample.txt"), "--seeds", "0", "--small-seeds", "0"]
    whole, first, both = tmp_path / "whole.json", tmp_path / "first.json", tmp_path / "both.json"
    assert main(["learn-bank", *rated, "--limit", "6", "--out", str(whole)]) == 0
    assert main(["learn-bank", *rated, "--limit", "3", "--out", str(first)]) == 0
    later = ["--skip", "3", "--limit", "6", "--onto", str(first), "--out", str(both)]
    assert main(["learn-bank", *rated, *later]) == 0
    assert both.read_bytes() == whole.read_bytes()


def test_a_cap_without_the_whole_rebuild_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    main(["learn-bank", "--seeds", "0", "--small-seeds", "0", "--cap", "1"])
    assert "--cap cuts the counts of --all" in capsys.readouterr().err


@pytest.fixture(scope="module")
def sided_killer() -> tuple[Source, Bank]:
    """A Killer of the generator (9x9 hard, seed 1) and the bank of its unit combinations
    walked with side paths beside its path."""
    source = replace(_made("killer", 9, "hard", 1), side=24)
    return source, build_bank([source], 20, 30_000, only=frozenset({"unit-combinations"}))


# A side path reaches positions the path does not pass: the bank keeps one of them too.
def test_side_paths_bank_a_position_beside_the_path(sided_killer: tuple[Source, Bank]) -> None:
    _, bank = sided_killer
    assert any(":side-" in entry.source for entry in bank.entries)


# A side path takes true removals only: its position keeps every value of the answer.
def test_a_side_paths_position_keeps_the_answer(sided_killer: tuple[Source, Bank]) -> None:
    source, bank = sided_killer
    answer = solver.solve(source.position.puzzle).solution
    assert answer is not None
    (entry,) = [entry for entry in bank.entries if ":side-" in entry.source]
    candidates = entry.position().candidates
    assert all(
        candidates[cell] >> value & 1
        for cell, value in enumerate(answer.cells)
        if not entry.position().values[cell]
    )


# A hidden quad needs a unit with nine open cells, and removals open none: side paths are
# walked for it from a Killer's start (no givens), not from a puzzle with givens in every unit.
def test_side_paths_look_for_a_hidden_quad_only_where_a_unit_is_open(
    sided_killer: tuple[Source, Bank],
) -> None:
    (given,) = _rated(str(DATA / "se_rated_sample.txt"), 1)
    starts = (sided_killer[0].position, given.position)
    assert [may_arise("hidden-quad", start) for start in starts] == [True, False]


# A later Killer run walks on from the seeds an earlier one walked, at one level alone.
def test_a_killer_run_from_a_later_seed_walks_that_seed_at_its_level_alone() -> None:
    stage = Stage(seeds=0, small_seeds=0, killer_seeds=2, killer_skip=1, killer_level="hard")
    assert killer_orders(stage) == [("killer", 9, "hard", 1), ("killer", 6, "hard", 1)]


# A Killer run may walk one size alone: the 9x9s, which meet a cage splitting more often.
def test_a_killer_run_of_one_size_walks_that_size_alone() -> None:
    stage = Stage(killer_seeds=2, killer_skip=1, killer_level="hard", killer_size=9)
    assert killer_orders(stage) == [("killer", 9, "hard", 1)]


@pytest.fixture(scope="module")
def shortcut_source() -> Source:
    """A puzzle of the forum's 11+ list (its line 9), to be walked on its shortcut path up to
    an ALS-XZ."""
    (source,) = _rated(str(DATA / "forum_11plus_sample.txt"), 1)
    return replace(source, shortcut="als-xz")


@pytest.fixture(scope="module")
def shortcut_walk(shortcut_source: Source) -> list[tuple[Position, Step]]:
    """The positions and steps of that puzzle's shortcut path."""
    return list(shortcut_steps(shortcut_source.position, "als-xz", 30_000))


# Where nothing up to an ALS-XZ applies, a shortcut path places the answer's digit and goes
# on: it meets an ALS-XZ as the easiest step where the puzzle's own path, all forcing chains
# there, meets none.
def test_a_shortcut_path_banks_an_als_xz_its_path_does_not(shortcut_source: Source) -> None:
    only = frozenset({"als-xz"})
    banks = [
        build_bank([source], 20, 30_000, only=only)
        for source in (shortcut_source, replace(shortcut_source, shortcut=""))
    ]
    assert [[entry.source for entry in bank.entries] for bank in banks] == [
        ["forum_11plus_sample.txt:1:shortcut"],
        [],
    ]


# Its removals are true and its digits the answer's: every position keeps the answer.
def test_a_shortcut_paths_positions_keep_the_answer(
    shortcut_source: Source, shortcut_walk: list[tuple[Position, Step]]
) -> None:
    answer = solver.solve(shortcut_source.position.puzzle).solution
    assert answer is not None
    assert all(
        position.values[cell] == value
        if position.values[cell]
        else position.candidates[cell] >> value & 1
        for position, _ in shortcut_walk
        for cell, value in enumerate(answer.cells)
    )


# Each step it takes is the easiest there, every technique asked: none listed after the
# one sought was passed over.
def test_each_step_of_a_shortcut_path_is_the_easiest_there(
    shortcut_walk: list[tuple[Position, Step]],
) -> None:
    assert all(next_step(position, 30_000) == step for position, step in shortcut_walk)


# It takes shortcuts: some step's position is not the one the step before led to.
def test_a_shortcut_path_places_digits_between_its_steps(
    shortcut_walk: list[tuple[Position, Step]],
) -> None:
    assert any(
        step.apply(position) != after
        for (position, step), (after, _) in itertools.pairwise(shortcut_walk)
    )


# A shortcut to a technique the engine does not have is refused, naming the option and value.
def test_a_shortcut_to_an_unknown_technique_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["learn-bank", "--shortcut", "x-wings"])
    err = capsys.readouterr().err
    assert (code, "argument --shortcut: invalid choice: 'x-wings'" in err) == (2, True)
