"""A Hexadoku (16x16 written 0-F) on the site: pasted, it lands on its result page with
?alphabet=hex, and the result, play, explain and edit pages show it 0-F and keep the
parameter on their links, while share codes and progress stay in the standard symbols."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest

from webapp.sudoku import parse

from puzzles import data_lines

TO_HEX = str.maketrans("123456789ABCDEFG", "0123456789ABCDEF")
PUZZLE, _, SOLUTION = data_lines("engine_16x16_answers.txt")[0]
CODE = parse(PUZZLE).code
HEXADOKU = PUZZLE.translate(TO_HEX)
NINE = data_lines("engine_9x9_answers.txt")[0][0]

CELL = re.compile(r'<td class="(given|filled)">([^<]*)<span')
STEP_TEXT = re.compile(r'<p class="step-text" id="step-text">(.*?)</p>', re.S)
VALUE_SAID = re.compile(r"(?:must be|place for) ([0-9A-G])\b")
INPUT = re.compile(r'<input id="(r\d+c\d+)" name="\1" value="([^"]*)"')


def hex_link(path: str, **query: str) -> str:
    """A page of the puzzle, shown 0-F."""
    extra = "".join(f"&{name}={value}" for name, value in query.items())
    return f"{path}/{CODE}?alphabet=hex{extra}"


def test_a_pasted_hexadoku_lands_on_its_result_shown_0_to_f(client):
    response = client.post("/", data={"source": "paste", "puzzle": HEXADOKU})
    assert response.status_code == 303
    assert response.headers["Location"] == f"/solve/{CODE}?alphabet=hex"
    page = client.get(response.headers["Location"]).text
    assert "".join(symbol for _, symbol in CELL.findall(page)) == SOLUTION.translate(TO_HEX)
    assert f"http://localhost/solve/{CODE}?alphabet=hex" in page  # the share link keeps it
    for path in ("/explain", "/play"):
        assert f'href="{path}/{CODE}?alphabet=hex"' in page
    assert f'href="/?puzzle={CODE}&amp;alphabet=hex"' in page


def test_the_same_puzzle_pasted_1_to_g_stays_standard(client):
    response = client.post("/", data={"source": "paste", "puzzle": PUZZLE})
    assert response.headers["Location"] == f"/solve/{CODE}"
    page = client.get(response.headers["Location"]).text
    assert "".join(symbol for _, symbol in CELL.findall(page)) == SOLUTION
    assert "alphabet=" not in page


@pytest.mark.parametrize(
    ("chosen", "location"),
    [("hex", f"/solve/{CODE}?alphabet=hex"), ("", f"/solve/{CODE}?alphabet=hex"),
     ("standard", f"/solve/{parse(HEXADOKU, 'standard').code}")],
)  # fmt: skip
def test_the_paste_box_takes_the_alphabet_chosen(client, chosen, location):
    sent = {"source": "paste", "puzzle": HEXADOKU, "alphabet": chosen}
    assert client.post("/", data=sent).headers["Location"] == location


def test_a_hexadoku_without_a_0_needs_the_choice(client):
    # without any 1 given, its hex form has no 0 and reads as standard unless told
    puzzle = PUZZLE.replace("1", ".")
    hexadoku = puzzle.translate(TO_HEX)
    told = client.post("/", data={"source": "paste", "puzzle": hexadoku, "alphabet": "hex"})
    assert told.headers["Location"] == f"/solve/{parse(puzzle).code}?alphabet=hex"
    guessed = client.post("/", data={"source": "paste", "puzzle": hexadoku})
    assert guessed.headers["Location"] == f"/solve/{parse(hexadoku, 'standard').code}"


def test_an_unknown_choice_of_symbols_is_named(client):
    response = client.post("/", data={"source": "paste", "puzzle": HEXADOKU, "alphabet": "runes"})
    assert response.status_code == 422
    assert "Symbols: choose to tell them from the puzzle, 1-9 then A-P, or 0-F" in response.text


def test_clashing_hex_givens_are_named_in_hex(client):
    clashing = "00" + HEXADOKU[2:]  # two 0s in row 1
    response = client.post("/", data={"source": "paste", "puzzle": clashing})
    assert response.status_code == 422
    assert "Row 1 has two 0s" in response.text


def test_the_edit_link_fills_the_form_0_to_f_and_sends_it_back(client):
    page = client.get(f"/?puzzle={CODE}&alphabet=hex").text
    cells = dict(INPUT.findall(page))
    assert "".join(cells[f"r{i // 16 + 1}c{i % 16 + 1}"] or "." for i in range(256)) == HEXADOKU
    assert '<input type="hidden" name="alphabet" value="hex">' in page
    data = {"size": "16", "alphabet": "hex", **{name: value for name, value in cells.items()}}
    response = client.post("/", data=data)
    assert response.headers["Location"] == f"/solve/{CODE}?alphabet=hex"


def test_a_hex_cell_typed_on_the_form_is_read_as_hex(client):
    data = {"size": "16", "alphabet": "hex", "r1c1": "0", "r1c2": "F"}
    response = client.post("/", data=data)
    assert response.headers["Location"] == "/solve/1G" + "0" * 254 + "?alphabet=hex"
    refused = client.post("/", data={"size": "16", "alphabet": "hex", "r1c1": "G"})
    assert refused.status_code == 422
    assert "r1c1: &#39;G&#39; is not a symbol from 0 to F" in refused.text


def test_the_play_page_takes_hex_entries_and_keeps_progress_standard(client):
    page = client.get(hex_link("/play")).text
    givens = [symbol for name, symbol in INPUT.findall(page) if symbol]
    assert "".join(givens) == HEXADOKU.replace(".", "")
    first_open = HEXADOKU.index(".")
    name = f"r{first_open // 16 + 1}c{first_open % 16 + 1}"
    answer = SOLUTION[first_open].translate(TO_HEX)
    response = client.post(hex_link("/play"), data={name: answer, "action": "save"})
    assert response.status_code == 303
    location = urlsplit(response.headers["Location"])
    query = parse_qs(location.query)
    assert query["alphabet"] == ["hex"]
    assert query["progress"][0][first_open] == SOLUTION[first_open]
    shown = client.get(response.headers["Location"]).text
    assert f'value="{answer}"' in shown


def test_a_zero_typed_in_play_is_a_symbol_in_hex_and_a_blank_otherwise(client):
    first_open = HEXADOKU.index(".")
    name = f"r{first_open // 16 + 1}c{first_open % 16 + 1}"
    hex_move = client.post(hex_link("/play"), data={name: "0", "action": "save"})
    standard_move = client.post(f"/play/{CODE}", data={name: "0", "action": "save"})
    progress = parse_qs(urlsplit(hex_move.headers["Location"]).query)["progress"][0]
    assert progress[first_open] == "1"
    assert "progress=" + CODE in standard_move.headers["Location"]


@pytest.mark.parametrize("step", [1, 2, 3])
def test_the_explanation_speaks_hex(client, step):
    standard = client.get(f"/explain/{CODE}?step={step}").text
    shown = client.get(hex_link("/explain", step=str(step))).text
    said = [STEP_TEXT.search(page).group(1) for page in (standard, shown)]  # type: ignore[union-attr]
    values = [VALUE_SAID.findall(text) for text in said]
    assert values[0] and values[1] == [value.translate(TO_HEX) for value in values[0]]
    board = re.findall(r'<span class="mark[^"]*">([0-9A-G])<', shown)
    assert "G" not in board and "0" in board
    assert f'href="/play/{CODE}?alphabet=hex"' in shown


@pytest.mark.parametrize("path", ["/solve", "/play", "/explain"])
def test_an_alphabet_that_does_not_fit_is_a_400_naming_it(client, path):
    code = parse(NINE).code
    unfit = client.get(f"{path}/{code}?alphabet=hex")
    assert unfit.status_code == 400
    assert "The hex alphabet (0-F) is for 16x16 puzzles; this one is 9x9" in unfit.text
    unknown = client.get(f"{path}/{CODE}?alphabet=klingon")
    assert unknown.status_code == 400
    assert "alphabet is one of standard, hex, not &#39;klingon&#39;" in unknown.text


def test_an_edit_link_asking_hex_of_a_9x9_is_named(client):
    response = client.get(f"/?puzzle={parse(NINE).code}&alphabet=hex")
    assert response.status_code == 422
    assert "asks for the hex alphabet, which a 9x9 puzzle cannot be written in" in response.text


def test_every_solution_of_a_hexadoku_is_listed_0_to_f(client):
    # the answer with its first two rows blanked: each column's two values can swap
    code = parse("." * 32 + SOLUTION[32:]).code
    result = client.get(f"/solve/{code}?alphabet=hex").text
    assert f'href="/solve/{code}?all=1&amp;alphabet=hex"' in result
    listed = client.get(f"/solve/{code}?all=1&alphabet=hex").text
    symbols = re.findall(r'<td class="(?:given|filled)[^"]*">([^<]*)<span', listed)
    assert symbols and len(symbols) % 256 == 0
    assert "G" not in symbols and "0" in symbols
    assert f'href="/?puzzle={code}&amp;alphabet=hex"' in listed


def test_links_keep_the_alphabet_as_a_value_not_through_a_hook(app):
    # each page passes the alphabet it shows on to its links; no url_defaults hook reads
    # request state that an earlier call had to set
    assert app.url_default_functions == {}
