"""The printed sheet: /print?... printed to PDF by Debian's Chromium, then read back with
poppler's pdftotext. The sheet is two A4 pages, the puzzles and then the answers, and
every puzzle's givens and every answer's symbols are on them, row by row, where their
boards are. Each PDF is kept in test-artifacts/, and its pages rendered once to
/tmp/print_sheet-*.png for a person to look at."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from browser_fixtures import ARTIFACTS

from webapp.sudoku import SHAPES, Grid
from webapp.sudoku.generator import generate

# A4 in PostScript points, as Chromium writes it.
A4 = (595.0, 842.0)
PNG_FOLDER = Path("/tmp")
WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)


@dataclass(frozen=True)
class Word:
    """A word pdftotext found, and its box on the page in points (y grows downwards)."""

    text: str
    left: float
    top: float
    right: float
    bottom: float

    @property
    def middle(self) -> float:
        """The height of its middle."""
        return (self.top + self.bottom) / 2


@pytest.fixture(scope="module")
def poppler() -> Path:
    """Where pdftotext and pdftoppm are; in CI a missing poppler-utils is a failure."""
    found = shutil.which("pdftotext")
    if found is None or shutil.which("pdftoppm") is None:
        message = "poppler-utils is not installed (apt-get install poppler-utils)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return Path(found).parent


def pages_of(poppler: Path, pdf: Path) -> list[tuple[tuple[float, float], list[Word]]]:
    """Each page's size and words, as pdftotext -bbox reads them."""
    xhtml = subprocess.run(
        [poppler / "pdftotext", "-bbox", pdf, "-"], check=True, capture_output=True, text=True
    ).stdout
    pages = []
    for page in re.findall(r"<page (.*?)</page>", xhtml, re.S):
        width, height = map(float, re.findall(r'(?:width|height)="([\d.]+)"', page)[:2])
        words = [
            Word(html.unescape(text), float(x0), float(y0), float(x1), float(y1))
            for x0, y0, x1, y1, text in WORD.findall(page)
        ]
        pages.append(((width, height), words))
    return pages


def board_rows(words: list[Word], label: str, number: int, size: int) -> list[str]:
    """The symbols of board `number` (captioned "<label> <number>") row by row, blanks left
    out: the words below its caption, left of the next caption to its right, above the
    next caption below it."""
    symbols = set(SHAPES[size].symbols)
    captions = [word for word, after in zip(words, words[1:], strict=False) if word.text == label]
    mine = [
        word
        for word, after in zip(words, words[1:], strict=False)
        if word.text == label and after.text.rstrip(":") == str(number)
    ]
    assert len(mine) == 1, f"{label} {number} is not captioned once"
    caption = mine[0]
    right = min((c.left for c in captions if c.left > caption.left + 10), default=float("inf"))
    same_column = [c for c in captions if abs(c.left - caption.left) < 10]
    end = min((c.top for c in same_column if c.top > caption.bottom), default=float("inf"))
    cells = sorted(
        (
            word
            for word in words
            if caption.bottom < word.middle < end
            and caption.left - 5 < word.left < right - 5
            and word.text
            and set(word.text) <= symbols
        ),
        key=lambda word: (word.middle, word.left),
    )
    rows: list[list[Word]] = []
    for word in cells:
        if rows and abs(rows[-1][0].middle - word.middle) < 3:
            rows[-1].append(word)
        else:
            rows.append([word])
    return ["".join(word.text for word in sorted(row, key=lambda w: w.left)) for row in rows]


def given_rows(grid: Grid) -> list[str]:
    """A grid's symbols row by row, blanks left out, rows without any left out."""
    rows = ["".join(symbol for symbol in row) for row in _symbol_rows(grid)]
    return [row for row in rows if row]


def _symbol_rows(grid: Grid) -> list[list[str]]:
    n = grid.size
    return [grid.symbols[r * n : (r + 1) * n] for r in range(n)]


@pytest.mark.parametrize(
    ("size", "level", "count", "seed"),
    [(9, "medium", 4, 40), (9, "easy", 6, 300), (16, "easy", 4, 7)],
    ids=["9x9-4", "9x9-6", "16x16-4"],
)
def test_the_printed_sheet_holds_every_puzzle_and_every_answer(
    page, base_url, poppler, size, level, count, seed
):
    address = f"{base_url}/print?size={size}&level={level}&count={count}&seed={seed}"
    answer = page.goto(address)
    assert answer.status == 200  # made within the request (browser_fixtures.BROWSER_CONFIG)
    name = f"print_sheet-{size}x{size}-{count}"
    pdf = ARTIFACTS / f"{name}.pdf"
    page.pdf(path=pdf, prefer_css_page_size=True)
    # The pictures a person looks at, once per run (test-artifacts keeps the PDF).
    subprocess.run([poppler / "pdftoppm", "-png", "-r", "60", pdf, PNG_FOLDER / name], check=True)

    pages = pages_of(poppler, pdf)
    assert len(pages) == 2  # the puzzles, then the answers
    for (width, height), _ in pages:
        assert (round(width), round(height)) == A4
    made = [generate(size, level, seed=seed + i) for i in range(count)]
    _, puzzle_words = pages[0]
    _, answer_words = pages[1]
    assert answer_words[0].text == "Answers"
    for number, found in enumerate(made, start=1):
        assert board_rows(puzzle_words, "Puzzle", number, size) == given_rows(found.puzzle.grid)
        assert board_rows(answer_words, "Answer", number, size) == given_rows(found.solution)
    text = " ".join(word.text for word in puzzle_words)
    for number, found in enumerate(made, start=1):
        assert f"Puzzle {number}: {level}, {found.rating:.1f}" in text
    assert "Play puzzle" not in text and "Print this page" not in text  # screen only
