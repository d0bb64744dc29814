"""Pasted pencil marks on the site: the paste box opens the position's page, which explains
and plays from the marks, keeps them in every link, and refuses marks that are wrong."""

from __future__ import annotations

import io
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from test_numbers import FRISCH, JANKO, as_numbers
from test_pencilmarks import marks_of

from webapp.sudoku import parse, solve
from webapp.sudoku.logic import (
    Position,
    bits_of,
    encode_marks,
    find_path,
    next_step,
    parse_pencil_marks,
    path_from,
)
from webapp.sudoku.logic.marks_code import longest
from webapp.sudoku.logic.techniques import TECHNIQUES
from webapp.sudoku.puzzle import Puzzle

from puzzles import NORVIG_HARD1
from reglib import read_cases

# A pencil-mark grid as Sudoku Explainer and HoDoKu print one: Sudopedia's example on its
# "Pencilmark" page (sudopedia.enjoysudoku.com/Pencilmark.html). Its marks are just what its
# solved cells allow, so it opens the puzzle of those cells, without a marks code.
SUDOPEDIA = """\
.------------------.------------------.------------------.
| 19    7     169  | 2     156   3    | 459   8     49   |
| 3     4     5    | 7     9     8    | 1     2     6    |
| 2     169   8    | 16    4     156  | 3579  35    379  |
:------------------+------------------+------------------:
| 4     136   1367 | 5     1367  9    | 8     36    2    |
| 17    5     12367| 8     12367 4    | 367   9     37   |
| 8     369   23679| 36    2367  26   | 34567 3456  1    |
:------------------+------------------+------------------:
| 1579  139   13479| 13469 12356 1256 | 23469 346   8    |
| 159   8     1349 | 13469 12356 1256 | 23469 7     349  |
| 6     2     349  | 349   8     7    | 349   1     5    |
'------------------'------------------'------------------'
"""

# HoDoKu's regression library, case 59: a hidden single that only its deleted candidates
# make (the position of its solved cells alone has none there).
MARKED = next(case for case in read_cases() if case.line == 59).position
MARKED_TEXT = marks_of(MARKED, framed=True)
CODE = MARKED.grid.code
MARKS = encode_marks(MARKED)
SOLUTION = solve(Puzzle(MARKED.grid)).solution
FINDERS = {slug: finder for slug, _, finder in TECHNIQUES}


def location(response) -> tuple[str, dict[str, str]]:
    """A redirect's path and query, one value per key."""
    target = urlsplit(response.headers["Location"])
    return target.path, {key: values[0] for key, values in parse_qs(target.query).items()}


def without(position: Position, *removed: tuple[int, int]) -> Position:
    """`position` with some (cell, value) candidates removed."""
    return position.eliminate(removed)


def test_the_case_is_what_the_tests_lean_on():
    assert MARKS and SOLUTION is not None
    step = next_step(MARKED.assuming_unique())
    assert step is not None and step.technique == "hidden-single"
    plain = Position.from_puzzle(Puzzle(MARKED.grid), unique=True)
    assert step not in list(FINDERS[step.technique](plain))


@pytest.mark.parametrize("how", ["paste", "upload"])
def test_a_pasted_pencil_mark_grid_opens_its_position(client, how):
    if how == "paste":
        data = {"puzzle": MARKED_TEXT, "source": "paste"}
    else:
        data = {"upload": (io.BytesIO(MARKED_TEXT.encode()), "marks.txt"), "source": "paste"}
    response = client.post("/", data=data)
    assert response.status_code == 303
    assert location(response) == (f"/solve/{CODE}", {"marks": MARKS})
    page = client.get(response.headers["Location"])
    assert page.status_code == 200
    html = page.text
    solved = sum(1 for value in MARKED.values if value)
    assert f"{solved} of 81 cells solved" in html
    assert "does not tell givens from values placed later" in html
    assert f'href="/explain/{CODE}?marks={MARKS}">Explain from here' in html
    assert f'href="/play/{CODE}?marks={MARKS}">Play from here' in html
    assert f"http://localhost/solve/{CODE}?marks={MARKS}" in html  # the share link keeps them
    # the board is the pasted one: every open cell with its candidates as pasted
    for cell, mask in enumerate(MARKED.candidates):
        if mask:
            name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
            listed = re.search(rf"{name}: candidates ([^<;]*)<", html)
            assert listed, name
            digits = [int(d) for d in re.findall(r"\d", listed.group(1))]
            assert digits == [v for v in range(1, 10) if mask >> v & 1], name


def test_marks_that_remove_nothing_open_the_puzzle_itself(client):
    response = client.post("/", data={"puzzle": SUDOPEDIA, "source": "paste"})
    code = parse_pencil_marks(SUDOPEDIA).grid.code
    assert location(response) == (f"/solve/{code}", {})


def test_explaining_from_the_marks_starts_with_the_step_they_make(client):
    html = client.get(f"/explain/{CODE}?marks={MARKS}").text
    path = path_from(MARKED.assuming_unique())
    assert f"({len(path.steps)} steps to go)" in html
    assert "The board shows the pasted position" in html
    assert "<h1>Explain from the pasted position</h1>" in html
    assert f'href="/explain/{CODE}?step=1&amp;marks={MARKS}"' in html
    first = client.get(f"/explain/{CODE}?step=1&marks={MARKS}").text
    assert f"Step 1 of {len(path.steps)}: Hidden single</h1>" in first
    (cell, value), *_ = path.steps[0].placements
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    assert re.search(rf"{name}: candidates [^<]*{value} \(placed here\)", first)
    assert f'href="/play/{CODE}?marks={MARKS}"' in first


def test_every_step_from_the_marks_keeps_the_solution():
    path = path_from(MARKED.assuming_unique())
    assert path.steps
    for step in path.steps:
        assert all(SOLUTION.cells[cell] != value for cell, value in step.eliminations)
        assert all(SOLUTION.cells[cell] == value for cell, value in step.placements)


def test_the_explanation_is_kept_apart_from_the_puzzles_own(client):
    # asked in turn in one app: a path cached by code alone would answer the second wrongly
    marked = client.get(f"/explain/{CODE}?marks={MARKS}").text
    plain = client.get(f"/explain/{CODE}").text
    from_marks = path_from(MARKED.assuming_unique())
    from_start = find_path(Puzzle(MARKED.grid), unique=True)
    assert from_marks.steps[0] != from_start.steps[0]
    assert f"({len(from_marks.steps)} steps to go)" in marked
    assert f"takes {len(from_start.steps)} steps" in plain
    assert "The board shows each empty cell's candidates" in plain


# Wrong marks: r-c and values read off the case; SOLUTION says what belongs where.
OPEN = next(cell for cell, mask in enumerate(MARKED.candidates) if mask)
OPEN_NAME = f"r{OPEN // 9 + 1}c{OPEN % 9 + 1}"


def _wrong_cases() -> list:
    answer = SOLUTION.cells[OPEN]
    others = [v for v in range(1, 10) if MARKED.has(OPEN, v) and v != answer]
    return [
        pytest.param(
            encode_marks(without(MARKED, (OPEN, answer))),
            f"The pencil marks leave out {answer} in {OPEN_NAME}, which the only solution puts",
            id="solution-left-out",
        ),
        pytest.param(
            encode_marks(without(MARKED, (OPEN, answer), *((OPEN, v) for v in others))),
            f"The pencil marks leave no candidate in {OPEN_NAME}",
            id="no-candidate",
        ),
    ]


@pytest.mark.parametrize(("marks", "says"), _wrong_cases())
def test_wrong_marks_are_said_plainly_and_not_explained(client, marks, says):
    result = client.get(f"/solve/{CODE}?marks={marks}")
    assert result.status_code == 200
    assert says in result.text
    assert "Explain from here" not in result.text and "Play from here" not in result.text
    refused = client.get(f"/explain/{CODE}?marks={marks}")
    assert refused.status_code == 422
    assert says in refused.text
    assert f'href="/solve/{CODE}?marks={marks}"' in refused.text
    # play takes them: they are the player's notes now, and Check names what is wrong
    assert client.get(f"/play/{CODE}?marks={marks}").status_code == 200


@pytest.mark.parametrize("page", ["solve", "explain", "play"])
@pytest.mark.parametrize(
    ("marks", "says"),
    [
        ("A" * 40, "this puzzle&#39;s candidates fit in"),
        ("AB*", "The marks code has &#39;*&#39; at letter 3"),
        ("A" * 400, "The marks code has 400 letters"),
    ],
)
def test_a_bad_marks_code_is_a_422_saying_what_is_wrong(client, page, marks, says):
    response = client.get(f"/{page}/{CODE}?marks={marks}")
    assert response.status_code == 422
    assert says in response.text


@pytest.mark.parametrize("page", ["solve", "explain", "play"])
def test_other_spellings_of_the_marks_move_to_the_canonical_one(client, page):
    padded = MARKS + "A" * (longest(MARKED.puzzle) - len(MARKS))
    assert padded != MARKS
    response = client.get(f"/{page}/{CODE}?marks={padded}")
    assert response.status_code == 301
    assert location(response) == (f"/{page}/{CODE}", {"marks": MARKS})


def test_the_marks_without_anything_removed_are_the_puzzle(client):
    response = client.get(f"/explain/{CODE}?marks=AAAA")
    assert response.status_code == 301
    assert location(response) == (f"/explain/{CODE}", {})


def test_play_from_the_marks_shows_them_and_keeps_them(client):
    html = client.get(f"/play/{CODE}?marks={MARKS}").text
    assert f'<input type="hidden" name="marks" value="{MARKS}">' in html
    assert 'value="clear-notes"' in html  # shown without asking
    for cell, mask in enumerate(MARKED.candidates):
        if mask:
            name = f"Row {cell // 9 + 1}, column {cell % 9 + 1}"
            digits = ", ".join(str(v) for v in range(1, 10) if mask >> v & 1)
            said = re.search(rf'aria-label="{name}, notes ([^"]*)"', html)
            assert said, name
            assert re.findall(r"\d", said.group(1)) == re.findall(r"\d", digits), name
    assert f"http://localhost/play/{CODE}?progress={CODE}&amp;marks={MARKS}" in html
    hidden = client.get(f"/play/{CODE}?marks={MARKS}&candidates=0").text
    assert hidden.count('<span class="marks"') < html.count('<span class="marks"')


@pytest.mark.parametrize(
    ("action", "sent", "expected"),
    [
        ("hint", {}, {"hint": "1", "candidates": "0"}),
        ("save", {"candidates": "1"}, {"candidates": "1"}),
        ("check", {}, {"check": "1", "candidates": "0"}),
    ],
)
def test_every_button_keeps_the_marks(client, action, sent, expected):
    response = client.post(
        f"/play/{CODE}", data={"progress": CODE, "marks": MARKS, "action": action, **sent}
    )
    assert response.status_code == 303
    assert location(response) == (f"/play/{CODE}", {"progress": CODE, "marks": MARKS, **expected})


def test_a_hint_starts_from_the_marks(client):
    step = next_step(MARKED.assuming_unique())
    (cell, value), *_ = step.placements
    name = f"r{cell // 9 + 1}c{cell % 9 + 1}"
    html = client.get(f"/play/{CODE}?marks={MARKS}&hint=2").text
    assert "There is a hidden single" in html
    assert f"{name} must be {value}" in html
    assert f"Place {value} in {name}." not in html  # tier 3 is not shown yet
    applied = client.post(
        f"/play/{CODE}", data={"progress": CODE, "marks": MARKS, "action": "apply"}
    )
    _, query = location(applied)
    assert query["progress"][cell] == str(value) and query["marks"] == MARKS
    # from the solved cells alone, the hint is another one
    plain = client.get(f"/play/{CODE}?hint=2").text
    assert "There is a hidden single" not in plain and f"{name} must be" not in plain


def test_play_refuses_bad_marks_sent_with_the_form(client):
    response = client.post(f"/play/{CODE}", data={"progress": CODE, "marks": "#", "action": "save"})
    assert response.status_code == 422
    assert "The marks code has &#39;#&#39; at letter 1" in response.text


@pytest.mark.parametrize(
    ("grid", "separator", "blank"),
    [(JANKO, " ", "0"), (JANKO, "\t", "0"), (FRISCH, " ", "0")],
    ids=["16x16 spaces", "16x16 tabs", "25x25 spaces"],
)
def test_a_grid_of_numbers_is_still_a_puzzle(client, grid, separator, blank):
    # as many words as cells, some of two digits, as a pencil-mark grid has
    response = client.post("/", data={"puzzle": as_numbers(grid, separator, blank)})
    assert location(response) == (f"/solve/{grid.code}", {})


def test_a_pencil_mark_grid_that_cannot_be_read_says_where(client):
    text = MARKED_TEXT.replace("15", "1x", 1)
    response = client.post("/", data={"puzzle": text, "source": "paste"})
    assert response.status_code == 422
    assert "Pasted puzzle: line 2, column 8: &#39;x&#39; is not a candidate" in response.text


def test_marks_on_cells_with_several_solutions_have_nothing_to_explain(client):
    grid = parse(NORVIG_HARD1)
    start = Position.from_puzzle(Puzzle(grid))
    cell = next(cell for cell, mask in enumerate(start.candidates) if mask.bit_count() > 3)
    marks = encode_marks(without(start, (cell, max(bits_of(start.candidates[cell])))))
    result = client.get(f"/solve/{grid.code}?marks={marks}").text
    assert "More than one solution" in result and "The pasted position" in result
    assert "Explain from here" not in result
    explained = client.get(f"/explain/{grid.code}?marks={marks}")
    assert explained.status_code == 200
    assert "Nothing to explain" in explained.text
    assert f'href="/solve/{grid.code}?marks={marks}"' in explained.text
