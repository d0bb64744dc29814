"""The generator reads the registry (issue 42): the variants it makes are the rule kinds the
registry says it makes, plus a Jigsaw and a Killer, and /new and `sudoku generate --variant`
offer what it says; and the rule kinds' puzzles it makes are unique under their rule,
rated in their level and the same for the same seed."""

from __future__ import annotations

import dataclasses
import importlib
import itertools
import operator

import pytest
from made_variants import GROUP, SECONDS, made

from webapp.cli import main
from webapp.sudoku.counting import count_solutions_of
from webapp.sudoku.generator import generate
from webapp.sudoku.grid import Grid
from webapp.sudoku.logic import PathStatus, find_path
from webapp.sudoku.logic.levels import level_of
from webapp.sudoku.puzzle import Rules
from webapp.sudoku.rulebook import RULE_KINDS, RuleKind, orthogonal_pairs, pairs_apart
from webapp.sudoku.shape import Shape
from webapp.web.play.next_puzzle import variant_of

# One worker runs the file, with tests/test_every_level_arrives.py, so that each puzzle `made`
# makes is made once a run, not once a worker: a hard non-consecutive puzzle takes seconds.
pytestmark = pytest.mark.xdist_group(GROUP)


def zebra_pairs(shape: Shape) -> tuple[tuple[int, int], ...]:
    """Every pair of cells a zebra's leap apart (two and three squares)."""
    return pairs_apart(shape, ((2, 3), (3, 2), (2, -3), (3, -2)))


@pytest.fixture
def anti_zebra(monkeypatch):
    """The anti-zebra rule, registered for the test alone and flagged as generated."""
    kind = RuleKind(
        "z",
        "Anti-Zebra",
        ("anti-zebra",),
        pairs=zebra_pairs,
        uniqueness_sound=False,
        generated=True,
        rule="Anti-zebra: cells a zebra's leap apart never hold the same digit.",
    )
    monkeypatch.setitem(RULE_KINDS, "z", kind)


def test_a_generated_kind_is_on_the_new_puzzle_form(client, anti_zebra) -> None:
    assert '<option value="anti-zebra">' in client.get("/new").text


def test_a_generated_kind_is_a_choice_of_the_cli(sudoku, anti_zebra) -> None:
    argv = ("--variant", "anti-zebra", "--size", "9", "--level", "easy", "--seed", "2")
    code, out = sudoku("generate", *argv)
    assert code == 0 and out.strip().endswith("-z")


@pytest.mark.parametrize("variant", ["anti-knight", "anti-king", "non-consecutive", "kropki"])
def test_each_rule_kind_of_issue_42_is_offered_on_the_new_puzzle_form(client, variant) -> None:
    assert f'<option value="{variant}"' in client.get("/new").text


@pytest.mark.parametrize("variant", ["thermometer", "german-whispers", "palindrome", "renban"])
def test_a_lined_kind_is_offered_on_the_new_puzzle_form_at_two_levels(client, variant) -> None:
    assert f'<option value="{variant}" data-levels="medium hard"' in client.get("/new").text


def test_a_kind_not_generated_is_not_on_the_form(client, monkeypatch) -> None:
    x_not_generated = dataclasses.replace(RULE_KINDS["x"], generated=False)
    monkeypatch.setitem(RULE_KINDS, "x", x_not_generated)
    assert '<option value="x">' not in client.get("/new").text


def test_the_generators_own_table_of_variants_is_gone() -> None:
    assert not hasattr(importlib.import_module("webapp.sudoku.generator.generate"), "VARIANTS")


# Each pair kind the generator makes on 9x9, by variant name, at two of its levels.
PAIR_ORDERS = [
    ("anti-knight", "easy"),
    ("anti-knight", "hard"),
    ("anti-king", "easy"),
    ("anti-king", "hard"),
    ("non-consecutive", "medium"),
    ("non-consecutive", "hard"),
]
# Kropki, every dot given, at its two levels.
KROPKI_ORDERS = [("kropki", "medium"), ("kropki", "hard")]
# Thermometers drawn through the answer, at their two levels.
THERMOMETER_ORDERS = [("thermometer", "medium"), ("thermometer", "hard")]
ORDERS = PAIR_ORDERS + KROPKI_ORDERS + THERMOMETER_ORDERS
VARIANTS = ["anti-knight", "anti-king", "non-consecutive", "kropki", "thermometer"]
# Each variant at its first level: a hard non-consecutive puzzle takes seconds to make, so the
# tests that make one again (the same seed, a link, the CLI) make the quicker level's.
FIRST_ORDERS = [next(order for order in ORDERS if order[0] == variant) for variant in VARIANTS]
# Two seeds each (a third, 2, made a hard non-consecutive puzzle in 6 s of the file's 16).
SEEDS = (0, 1)


def keeps_its_rule(answer: Grid, letter: str) -> bool:
    """Whether `answer` keeps the pair kind `letter` on every one of its pairs."""
    kind = RULE_KINDS[letter]
    assert kind.pairs is not None
    breaks = kind.forbids or operator.eq
    cells = answer.cells
    return not any(breaks(cells[low], cells[high]) for low, high in kind.pairs(answer.shape))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("variant", "level"), ORDERS)
def test_a_rule_puzzle_has_one_solution_under_its_rule(variant, level, seed) -> None:
    puzzle = made(variant, level, seed).puzzle
    assert puzzle is not None and count_solutions_of(puzzle, most=2).count == 1


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("variant", "level"), PAIR_ORDERS)
def test_a_pair_kinds_answer_keeps_its_rule(variant, level, seed) -> None:
    generated = made(variant, level, seed)
    assert generated.solution is not None and generated.puzzle is not None
    (letter,) = generated.puzzle.rules.extras
    assert keeps_its_rule(generated.solution, letter)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("variant", "level"), ORDERS)
def test_a_rule_puzzles_rating_is_in_its_level(variant, level, seed) -> None:
    puzzle = made(variant, level, seed).puzzle
    assert puzzle is not None
    path = find_path(puzzle, unique=True)
    assert path.status == PathStatus.SOLVED and level_of(path.rating) == level


@pytest.mark.parametrize(("variant", "level"), FIRST_ORDERS)
def test_the_same_seed_gives_the_same_rule_puzzle(variant, level) -> None:
    again = generate(9, level, seed=0, seconds=SECONDS, variant=variant).puzzle
    assert again is not None and again == made(variant, level, 0).puzzle


@pytest.mark.parametrize(("variant", "level"), FIRST_ORDERS)
def test_a_new_puzzle_link_makes_a_rule_puzzle(app, client, variant, level) -> None:
    app.config["GENERATE_SECONDS"] = SECONDS  # made in the request, not in a job
    puzzle = made(variant, level, 1).puzzle
    assert puzzle is not None
    answer = client.get(f"/new/{variant}/9/{level}/rotational/1")
    assert answer.status_code == 303 and answer.location.endswith(f"/{puzzle.code}")


@pytest.mark.parametrize(("variant", "level"), THERMOMETER_ORDERS)
def test_the_generate_api_makes_a_thermometer_puzzle(app, client, variant, level) -> None:
    app.config["GENERATE_SECONDS"] = SECONDS  # made in the request, not in a job
    puzzle = made(variant, level, 1).puzzle
    assert puzzle is not None
    answer = client.get(f"/api/generate?size=9&level={level}&variant={variant}&seed=1")
    assert answer.status_code == 200 and answer.get_json()["puzzle"] == puzzle.code


@pytest.mark.parametrize(("variant", "level"), FIRST_ORDERS)
def test_the_cli_makes_a_rule_puzzle(sudoku, variant, level) -> None:
    puzzle = made(variant, level, 1).puzzle
    assert puzzle is not None
    code, out = sudoku("generate", "--variant", variant, "--level", level, "--seed", "1")
    assert code == 0 and out.strip() == puzzle.line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--variant", "anti-king", "--size", "6"), "size of a puzzle under Anti-King must be 9"),
        (
            ("--variant", "non-consecutive", "--level", "easy"),
            "level easy: Non-Consecutive puzzles are made at levels medium and hard only",
        ),
    ],
)
def test_an_order_a_pair_kind_is_not_made_at_is_refused_by_name(capsys, argv, message):
    code = main(["generate", *argv])
    assert code == 2 and message in capsys.readouterr().err


def dots_tell_the_truth(answer: Grid, rules: Rules) -> bool:
    """Whether each marked pair of `answer` holds its dot's relation and each side-by-side
    pair with no dot holds neither (every dot given)."""
    cells, marked = answer.cells, {}
    for marks in rules.marks:
        marked |= dict.fromkeys(marks.pairs, RULE_KINDS[marks.letter].holds)
    for low, high in orthogonal_pairs(answer.shape):
        first, second = cells[low], cells[high]
        holds = marked.get((low, high))
        if holds is not None and not holds(first, second):
            return False
        if holds is None and (abs(first - second) == 1 or first in (2 * second, second * 2)):
            return False
    return True


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("variant", "level"), KROPKI_ORDERS)
def test_a_kropki_answer_keeps_every_dot_and_every_gap(variant, level, seed) -> None:
    generated = made(variant, level, seed)
    assert generated.solution is not None and generated.puzzle is not None
    assert dots_tell_the_truth(generated.solution, generated.puzzle.rules)


def test_a_kropki_puzzles_next_puzzle_is_a_kropki() -> None:
    puzzle = made("kropki", "medium", 1).puzzle
    assert puzzle is not None and variant_of(puzzle) == "kropki"


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("variant", "level"), THERMOMETER_ORDERS)
def test_a_thermometer_answer_rises_along_every_thermometer(variant, level, seed) -> None:
    generated = made(variant, level, seed)
    assert generated.solution is not None and generated.puzzle is not None
    cells = generated.solution.cells
    assert all(
        all(cells[nearer] < cells[further] for nearer, further in itertools.pairwise(line.cells))
        for line in generated.puzzle.rules.lines
    )


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("variant", "level"), THERMOMETER_ORDERS)
def test_a_thermometer_puzzle_has_a_handful_of_short_thermometers(variant, level, seed) -> None:
    puzzle = made(variant, level, seed).puzzle
    assert puzzle is not None
    lengths = [len(line.cells) for line in puzzle.rules.lines]
    assert 3 <= len(lengths) <= 9 and all(3 <= length <= 6 for length in lengths)


def test_a_thermometer_puzzles_next_puzzle_is_a_thermometer() -> None:
    puzzle = made("thermometer", "medium", 1).puzzle
    assert puzzle is not None and variant_of(puzzle) == "thermometer"


# The other lined kinds the generator draws by their chain, at their two levels, one seed each.
OTHER_LINE_ORDERS = [
    (variant, level)
    for variant in ("german-whispers", "palindrome", "renban")
    for level in ("medium", "hard")
]


def keeps_its_lines(answer: Grid, rules: Rules) -> bool:
    """Whether `answer` keeps every line of `rules` on each pair of it its kind relates."""
    cells = answer.cells
    for line in rules.lines:
        kind = RULE_KINDS[line.letter]
        assert kind.chain is not None
        length = len(line.cells)
        pairs = kind.line_pairs(line.cells)
        if not all(kind.chain(9, length, cells[one], cells[other]) for one, other in pairs):
            return False
    return True


@pytest.mark.parametrize(("variant", "level"), OTHER_LINE_ORDERS)
def test_another_lined_kinds_puzzle_keeps_its_lines_in_one_solution(variant, level) -> None:
    generated = made(variant, level, 0)
    assert generated.puzzle is not None and generated.solution is not None
    assert keeps_its_lines(generated.solution, generated.puzzle.rules)
    assert count_solutions_of(generated.puzzle, most=2).count == 1


@pytest.mark.parametrize(("variant", "level"), OTHER_LINE_ORDERS)
def test_another_lined_kinds_puzzle_is_rated_in_its_level(variant, level) -> None:
    puzzle = made(variant, level, 0).puzzle
    assert puzzle is not None
    path = find_path(puzzle, unique=True)
    assert path.status == PathStatus.SOLVED and level_of(path.rating) == level
