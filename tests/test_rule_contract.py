"""The contract of the registry of rule kinds (webapp/sudoku/rulebook.py), its first form: a
pair rule registered here, inside the test, and nowhere else, reaches the solver, the counts,
the share code, the variant words, f-puzzles links, the API and the pages; and no module of
the web layer or the CLI keeps a table of the rule kinds' letters, words or names of its own.

The rule exists only in this test: anti-camel, cells a chess camel's leap apart (one row and
three columns, or three rows and one column) never hold the same digit.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from job_apps import job_app

import webapp
from webapp.sudoku import MULTIPLE, SOLVED, Puzzle, Rules, parse, read_code, solve
from webapp.sudoku.counting import count_solutions_of
from webapp.sudoku.links import read_link
from webapp.sudoku.links.fpuzzles import write_json
from webapp.sudoku.links.lzstring import compress_to_base64
from webapp.sudoku.puzzle import is_solution
from webapp.sudoku.rulebook import RULE_KINDS, Line, MarkedPairs, RuleKind, pairs_apart
from webapp.sudoku.shape import Shape
from webapp.sudoku.variants import rules_named

CAMEL = ((1, 3), (3, 1), (1, -3), (3, -1))
# Givens of a 9x9 grid that keeps anti-camel (found by the solver under the rule and
# checked below without it); thinned until it has one solution under the rule alone.
EMPTY = "." * 81


def camel_pairs(shape: Shape) -> tuple[tuple[int, int], ...]:
    """Every pair of cells a camel's leap apart."""
    return pairs_apart(shape, CAMEL)


def camel_kind() -> RuleKind:
    """The anti-camel rule kind, which no module of the project registers."""
    return RuleKind(
        "m",
        "Anti-Camel",
        ("anti-camel", "anticamel"),
        pairs=camel_pairs,
        fpuzzles_keys=("anticamel",),
        uniqueness_sound=False,
        generated=False,
        rule="Anti-camel: cells a camel's leap apart never hold the same digit.",
    )


@pytest.fixture
def anti_camel(monkeypatch):
    """The anti-camel rule, registered in the registry for the test alone."""
    monkeypatch.setitem(RULE_KINDS, "m", camel_kind())
    return Rules.from_letters("m")


def keeps_camel(cells: tuple[int, ...]) -> bool:
    """Whether no two cells a camel's leap apart hold the same digit, checked here."""
    for row in range(9):
        for col in range(9):
            for down, across in CAMEL:
                other_row, other_col = row + down, col + across
                if 0 <= other_row < 9 and 0 <= other_col < 9:
                    if cells[row * 9 + col] == cells[other_row * 9 + other_col]:
                        return False
    return True


@pytest.fixture(scope="module")
def camel_givens() -> str:
    """The givens of a puzzle unique under anti-camel: a solution under the rule, its givens
    thinned (81 solves, so once for the module's tests; the rule registered meanwhile)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(RULE_KINDS, "m", camel_kind())
        rules = Rules.from_letters("m")
        answer = solve(Puzzle(parse(EMPTY), rules)).solutions[0]
        cells = list(answer.cells)
        for cell in range(81):
            kept = cells[cell]
            cells[cell] = 0
            if solve(Puzzle(parse("".join(map(str, cells))), rules)).status != SOLVED:
                cells[cell] = kept
        return "".join(map(str, cells))


@pytest.fixture
def camel_puzzle(anti_camel, camel_givens) -> Puzzle:
    """A puzzle unique under anti-camel, the rule registered for the test."""
    return Puzzle(parse(camel_givens), anti_camel)


def test_every_solution_under_the_registered_rule_keeps_it(anti_camel) -> None:
    solutions = solve(Puzzle(parse(EMPTY), anti_camel)).solutions
    assert solutions and all(keeps_camel(solution.cells) for solution in solutions)


def test_the_puzzle_is_unique_under_the_rule_alone(camel_puzzle) -> None:
    assert solve(Puzzle(camel_puzzle.grid)).status == MULTIPLE


def test_the_counts_keep_the_registered_rule(camel_puzzle) -> None:
    assert count_solutions_of(camel_puzzle).count == 1


def test_a_classic_answer_that_breaks_the_rule_is_no_solution_under_it(anti_camel) -> None:
    classic = solve(Puzzle(parse(EMPTY))).solutions[0]
    assert not keeps_camel(classic.cells)
    assert not is_solution(classic, Puzzle(parse(EMPTY), anti_camel))


def test_the_share_code_names_the_registered_rule_and_reads_back(camel_puzzle) -> None:
    assert (camel_puzzle.code[-2:], read_code(camel_puzzle.code)) == ("-m", camel_puzzle)


@pytest.mark.parametrize("variant", ["anti-camel", "Anti Camel", "anticamel", "x-anti-camel"])
def test_the_registered_rules_words_name_it(anti_camel, variant) -> None:
    assert "m" in rules_named(variant, None, parse(EMPTY).shape).extras


def test_an_f_puzzles_link_with_its_key_reads_and_writes_back(camel_puzzle) -> None:
    written = json.loads(write_json(camel_puzzle.grid, camel_puzzle.rules))
    link = "https://www.f-puzzles.com/?load=" + compress_to_base64(json.dumps(written))
    linked = read_link(link)
    assert (written["anticamel"], linked.puzzle, linked.rules) == (
        True,
        camel_puzzle.grid,
        camel_puzzle.rules,
    )


def test_the_api_solves_under_the_registered_rule(camel_puzzle, client) -> None:
    answer = client.post("/api/solve", json={"puzzle": camel_puzzle.code}).json
    assert (answer["status"], answer["rules"]) == (SOLVED, "m")


def test_the_api_reads_the_registered_rules_variant_word(camel_puzzle, client) -> None:
    asked = {"puzzle": camel_puzzle.grid.code, "variant": "anti-camel"}
    assert client.post("/api/solve", json=asked).json["status"] == SOLVED


def test_the_solve_page_names_and_says_the_registered_rule(camel_puzzle, client) -> None:
    html = client.get(f"/solve/{camel_puzzle.code}").text.replace("&#39;", "'")
    assert "(Anti-Camel)</span>" in html and RULE_KINDS["m"].rule in html


def test_the_home_form_offers_the_registered_rule(anti_camel, client) -> None:
    assert '<option value="anti-camel">Anti-Camel</option>' in client.get("/").text


def test_the_home_form_sends_the_registered_rule_to_its_share_link(camel_puzzle, client) -> None:
    data = {"size": "9", "variant": "anti-camel"}
    for index, value in enumerate(camel_puzzle.cells):
        data[f"r{index // 9 + 1}c{index % 9 + 1}"] = str(value) if value else ""
    response = client.post("/", data=data)
    assert response.headers["Location"].endswith(f"/solve/{camel_puzzle.code}")


# Where the registry's letters, words and names may not be spelled out: the web layer and the
# CLI read them from the engine (a docstring or comment may name a rule, as words to a reader).
OUTSIDE = ("web", "cli")
# Strings that spell a rule kind's word with another meaning: a generated puzzle's symmetry.
ANOTHER_MEANING = {("web/new/view.py", "diagonal"), ("web/new/view.py", "Diagonal")}


def _spellings() -> set[str]:
    """Every word, name and f-puzzles key of a rule kind longer than a letter (a letter
    alone, "x", is too common a string to tell: the words and names stand for it)."""
    found = set()
    for kind in RULE_KINDS.values():
        found |= {kind.name, kind.short_name, *kind.words, *kind.fpuzzles_keys}
    return {spelling for spelling in found if len(spelling) > 1}


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module that are not docstrings, with their lines."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def _named_kinds(value: str, spellings: set[str]) -> bool:
    """Whether a string literal is a rule kind's spelling, or holds one as a word of a
    variant name ("x-windoku"), in any case."""
    lowered = {spelling.lower() for spelling in spellings}
    return value.lower() in lowered or any(word in lowered for word in value.lower().split("-"))


def test_no_module_of_the_web_or_the_cli_spells_out_a_rule_kind() -> None:
    root = Path(webapp.__file__).parent
    spellings = _spellings()
    found = [
        f"{path.relative_to(root)}:{line} {value!r}"
        for folder in OUTSIDE
        for path in sorted((root / folder).rglob("*.py"))
        for line, value in _strings(path)
        if _named_kinds(value, spellings)
        and (str(path.relative_to(root)), value) not in ANOTHER_MEANING
    ]
    assert found == []


def test_the_command_solves_under_the_registered_rule(camel_puzzle, sudoku) -> None:
    solution = solve(camel_puzzle).solution
    assert sudoku("solve", "-", stdin=camel_puzzle.code + "\n") == (0, solution.line + "\n")


def test_a_job_solves_under_the_registered_rule(camel_puzzle, tmp_path) -> None:
    client = job_app(tmp_path).test_client()  # it runs each job inside the request
    answer = client.post("/api/jobs", json={"kind": "solve", "puzzle": camel_puzzle.code}).json
    assert (answer["state"], answer["outcome"]) == ("done", SOLVED)


def test_a_batch_solves_under_the_registered_rule(camel_puzzle, client) -> None:
    rows = client.post("/api/solve/batch", json={"puzzles": [camel_puzzle.code]}).json["results"]
    assert [(row["status"], row["code"]) for row in rows] == [(SOLVED, camel_puzzle.code)]


# A marked kind registered in the test alone: a bar between two side-by-side cells says they
# differ by 3 ("three apart"), with all bars given in these puzzles.
def three_apart(one: int, other: int) -> bool:
    """Whether two digits differ by 3, checked here."""
    return abs(one - other) == 3


@pytest.fixture
def bars(monkeypatch):
    """The three-apart bars, registered in the registry for the test alone."""
    kind = RuleKind(
        "Q",
        "Three Apart",
        (),
        holds=three_apart,
        family="three apart",
        fpuzzles_keys=("threeapart",),
        uniqueness_sound=False,
        generated=False,
        rule="Three apart: cells joined by a bar differ by 3.",
        clash="{cells} have a bar: {first} and {second} do not differ by 3",
        unmarked_clash="{cells} have no bar: {first} and {second} differ by 3",
        mark="black-dot",
    )
    monkeypatch.setitem(RULE_KINDS, "Q", kind)
    answer = solve(Puzzle(parse(EMPTY))).solutions[0].cells
    edges = [(cell, cell + 1) for cell in range(81) if cell % 9 < 8]
    edges += [(cell, cell + 9) for cell in range(72)]
    pairs = tuple(sorted(p for p in edges if three_apart(answer[p[0]], answer[p[1]])))
    return Puzzle(parse(EMPTY), Rules(marks=(MarkedPairs("Q", pairs, True),), mark_size=9))


def keeps_bars(puzzle: Puzzle, cells: tuple[int, ...]) -> bool:
    """Whether `cells` keep the puzzle's bars, all given, checked here."""
    (marks,) = puzzle.rules.marks
    edges = [(cell, cell + 1) for cell in range(81) if cell % 9 < 8]
    edges += [(cell, cell + 9) for cell in range(72)]
    return all(three_apart(cells[a], cells[b]) == ((a, b) in marks.pairs) for a, b in edges)


def test_every_solution_under_a_registered_marked_rule_keeps_it(bars) -> None:
    solutions = solve(bars, max_solutions=3).solutions
    assert solutions and all(keeps_bars(bars, solution.cells) for solution in solutions)


def test_a_registered_marked_rules_share_code_reads_back(bars) -> None:
    assert ("-Q" in bars.code, read_code(bars.code)) == (True, bars)


def test_a_registered_marked_rules_f_puzzles_key_reads_and_writes_back(bars) -> None:
    written = write_json(bars.grid, bars.rules)
    link = "https://www.f-puzzles.com/?load=" + compress_to_base64(written)
    assert ("threeapart" in json.loads(written), read_link(link).rules) == (True, bars.rules)


def test_a_board_draws_a_registered_marked_rule_and_says_it(bars, client) -> None:
    html = client.get(f"/solve/{bars.code}").text
    assert ("(Three Apart)" in html, RULE_KINDS["Q"].rule in html) == (True, True)


def test_the_command_solves_under_a_registered_marked_rule(bars, sudoku) -> None:
    code, out = sudoku("solve", "--count", "1", "-", stdin=bars.code + "\n")
    solved = parse(out.split()[0])
    assert (code, keeps_bars(bars, solved.cells)) == (0, True)


# An outside kind registered in the test alone: a number left of a row (or at any end of a
# row or column) that the first two cells from it add up to, "edge pairs".
def edge_pair_terms(cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The first two cells from the clue, each once."""
    return ((cells[0], 1), (cells[1], 1))


def edge_pair_problem(size: int, cells: tuple[int, ...]) -> str | None:
    """A whole row or column from one end, or what is wrong."""
    rows = {cell // size for cell in cells}
    columns = {cell % size for cell in cells}
    whole = len(cells) == size and (len(rows) == 1 or len(columns) == 1)
    return None if whole else "an edge pair runs along a whole row or column"


@pytest.fixture
def edge_pairs(monkeypatch):
    """Edge pairs, registered in the registry for the test alone, and a puzzle with a clue
    left of each row that its answer keeps."""
    kind = RuleKind(
        "Q",
        "Edge Pairs",
        (),
        line_sum=edge_pair_terms,
        line_problem=edge_pair_problem,
        fpuzzles_keys=("edgepair",),
        uniqueness_sound=False,
        generated=False,
        rule="Edge pairs: the two cells next to a number outside the grid add up to it.",
        clash="{cells} are an edge pair: {symbols} do not add up to {value}",
        between="the edge pair {value} on {cells} adds up to {value}",
        line_class="edge-pair",
        line_start="",
        outside="edge pair",
    )
    monkeypatch.setitem(RULE_KINDS, "Q", kind)
    answer = solve(Puzzle(parse(EMPTY))).solutions[0].cells
    rows = [tuple(range(row * 9, row * 9 + 9)) for row in range(9)]
    lines = tuple(Line("Q", cells, answer[cells[0]] + answer[cells[1]]) for cells in rows)
    return Puzzle(parse(EMPTY), Rules(lines=lines, line_size=9)), answer


def test_every_solution_under_a_registered_outside_rule_keeps_it(edge_pairs) -> None:
    puzzle, _ = edge_pairs
    solutions = solve(puzzle, max_solutions=3).solutions
    clues = puzzle.rules.lines
    assert solutions and all(
        cells[line.cells[0]] + cells[line.cells[1]] == line.value
        for cells in (solution.cells for solution in solutions)
        for line in clues
    )


def test_a_registered_outside_rules_f_puzzles_clues_read_and_write_back(edge_pairs) -> None:
    puzzle, _ = edge_pairs
    written = write_json(puzzle.grid, puzzle.rules)
    link = "https://www.f-puzzles.com/?load=" + compress_to_base64(written)
    clue = json.loads(written)["edgepair"][0]
    assert (clue["cell"], read_link(link).rules) == ("R1C0", puzzle.rules)


def test_a_board_draws_a_registered_outside_clue_beside_its_row(edge_pairs, client) -> None:
    puzzle, answer = edge_pairs
    html = client.get(f"/solve/{puzzle.code}").text
    said = f"edge pair {answer[0] + answer[1]} left of row 1"
    assert ('clue-left beyond-left" aria-hidden="true">' in html, said in html) == (True, True)
