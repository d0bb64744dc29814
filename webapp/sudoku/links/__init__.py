"""Links from other Sudoku sites: read the puzzle one holds, or say plainly why not; and
links that open one of ours there.

- SudokuWiki: `sudokuwiki.org/sudoku.htm?bd=...` (sudokuwiki.py);
- f-puzzles: `f-puzzles.com/?load=...`, LZ-string compressed JSON (fpuzzles.py, lzstring.py);
- SudokuPad: `sudokupad.app/fpuzzles...` or `.../fpuz...`, `?puzzleid=`, and the same app at
  app.crackingthecryptic.com (sudokupad.py).

f-puzzles and SudokuPad links may hold X-Sudoku, Windoku, Jigsaw and Killer rules
(fpuzzles.py); SudokuWiki's Killer solver's links hold a Killer's cages (sudokuwiki.py).
A link that holds another variant, a puzzle kept on another site's server, or comes from a
site not listed is refused with a message; text that is not a single http(s) link is not a link,
and is left to the other readers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

from ..errors import PuzzleError
from ..grid import Grid
from ..puzzle import CLASSIC, Puzzle, Rules
from . import fpuzzles, lzstring, sudokupad, sudokuwiki

SUDOKUWIKI = "SudokuWiki"
FPUZZLES = "f-puzzles"
SUDOKUPAD = "SudokuPad"

SUDOKUWIKI_HOSTS = frozenset({"sudokuwiki.org"})
FPUZZLES_HOSTS = frozenset({"f-puzzles.com"})
SUDOKUPAD_HOSTS = frozenset({"sudokupad.app", "beta.sudokupad.app", "app.crackingthecryptic.com"})
KNOWN_HOSTS = SUDOKUWIKI_HOSTS | FPUZZLES_HOSTS | SUDOKUPAD_HOSTS

SUDOKUWIKI_URL = "https://www.sudokuwiki.org/sudoku.htm?bd="
# The page of SudokuWiki's Killer solver (killersudoku.aspx), whose bd= holds cages.
SUDOKUWIKI_KILLER = "killersudoku."
FPUZZLES_URL = "https://www.f-puzzles.com/?load="
# SudokuWiki pages for puzzles other than classic Sudoku, which also take bd=
SUDOKUWIKI_VARIANT_WORDS = (
    "jigsaw",
    "killer",
    "sudokux",
    "x_sudoku",
    "windoku",
    "colou",
    "kenken",
    "kendoku",
    "str8ts",
    "kakuro",
    "futoshiki",
    "samurai",
)


@dataclass(frozen=True)
class Linked:
    """A puzzle read from another site's link.

    `site` names the site; `puzzle` holds the givens only; `solved` the givens and the
    cells the link marks as solved (the same as `puzzle` when it says nothing of them);
    `candidates` per cell the mask (bit 1 << value) of the candidates the link gives an
    unsolved cell (every value when it gives that cell none) and 0 for a solved one, or
    None when the link carries no pencil marks; `rules` the variant's rules the link holds.
    """

    site: str
    puzzle: Grid
    solved: Grid
    candidates: tuple[int, ...] | None = None
    rules: Rules = CLASSIC

    @property
    def given(self) -> Puzzle:
        """The puzzle the link holds: its givens under its rules."""
        return Puzzle(self.puzzle, self.rules)


def read_link(text: str) -> Linked | None:
    """The puzzle in `text` when it is one link (spaces around it allowed): None when it
    is not a link; PuzzleError for a link that holds no puzzle we read."""
    url = text.strip()
    if not url or any(char.isspace() for char in url):
        return None
    lowered = url.lower()
    if not lowered.startswith(("http://", "https://")):
        if lowered.split("/", 1)[0].removeprefix("www.") not in KNOWN_HOSTS:
            return None
        url = "https://" + url
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").removeprefix("www.")
    except ValueError as error:
        raise PuzzleError(f"this link cannot be read as an address: {error}") from None
    if host in SUDOKUWIKI_HOSTS:
        return _sudokuwiki(parts.path, parts.query)
    if host in FPUZZLES_HOSTS:
        return _fpuzzles(parts.query)
    if host in SUDOKUPAD_HOSTS:
        return _sudokupad(parts.path, parts.query)
    shown = host or "that address"
    raise PuzzleError(
        f"links from {shown[:60]} are not read; paste the puzzle itself (or a SudokuWiki,"
        " f-puzzles or SudokuPad link)"
    )


def _query_value(query: str, name: str) -> str | None:
    """The raw value of `name` in a query, percent-escapes undone and a "+" kept as it is
    (f-puzzles' base64 has them, unescaped)."""
    for pair in query.split("&"):
        key, _, value = pair.partition("=")
        if key == name:
            return unquote(value)
    return None


def _sudokuwiki(path: str, query: str) -> Linked:
    """A SudokuWiki link: the board in its bd= argument (a Killer's cages on its Killer
    solver's page)."""
    page = path.rsplit("/", 1)[-1].lower()
    if page.startswith(SUDOKUWIKI_KILLER):
        return _sudokuwiki_killer(query)
    if any(word in page for word in SUDOKUWIKI_VARIANT_WORDS):
        raise PuzzleError(
            f"this SudokuWiki link opens its {path.rsplit('/', 1)[-1]!r} page, a variant"
            " the solver does not read yet; it reads links to sudoku.htm"
        )
    board = _query_value(query, "bd")
    if not board:
        raise PuzzleError("this SudokuWiki link holds no board: it needs ?bd= and the puzzle")
    found = sudokuwiki.read_board(board)
    return Linked(SUDOKUWIKI, found.puzzle, found.solved, found.candidates)


def _sudokuwiki_killer(query: str) -> Linked:
    """A link to SudokuWiki's Killer solver: the cages in its bd= argument, no givens."""
    board = _query_value(query, "bd")
    if not board:
        raise PuzzleError("this SudokuWiki Killer link holds no board: it needs ?bd= and the cages")
    cages = sudokuwiki.read_killer(board)
    empty = Grid(sudokuwiki.SHAPE, (0,) * sudokuwiki.CELLS)
    return Linked(SUDOKUWIKI, empty, empty, None, Rules((), (), cages, 9))


def _fpuzzles(query: str) -> Linked:
    """An f-puzzles link: the puzzle in its load= argument."""
    payload = _query_value(query, "load")
    if not payload:
        raise PuzzleError("this f-puzzles link holds no puzzle: it needs ?load= and the puzzle")
    try:
        text = lzstring.decompress_from_base64(payload)
    except PuzzleError as error:
        raise PuzzleError(f"this f-puzzles link's puzzle cannot be read: {error.message}") from None
    found = fpuzzles.read_json(text)
    return Linked(FPUZZLES, found.puzzle, found.solved, found.candidates, found.rules)


def _sudokupad(path: str, query: str) -> Linked:
    """A SudokuPad link: the puzzle id in its path or its puzzleid= argument."""
    puzzle_id = _query_value(query, "puzzleid") or unquote(path.lstrip("/"))
    puzzle_id = puzzle_id.removeprefix("sudoku/").removeprefix("puzzle/")
    found = sudokupad.read_id(puzzle_id)
    return Linked(SUDOKUPAD, found.puzzle, found.solved, found.candidates, found.rules)


def sudokuwiki_link(grid: Grid) -> str:
    """A link that opens `grid`'s givens in SudokuWiki's solver (9x9 only: ValueError else)."""
    if grid.size != 9:
        raise ValueError(f"SudokuWiki's solver takes 9x9 grids, not {grid.shape.name}")
    return SUDOKUWIKI_URL + sudokuwiki.write_board(grid)


def fpuzzles_link(grid: Grid, rules: Rules = CLASSIC) -> str:
    """A link that opens `grid`'s givens in f-puzzles under `rules` (up to 16x16, and rules
    of kinds f-puzzles has a key for: ValueError past that)."""
    if grid.size > 16:
        raise ValueError(f"f-puzzles draws grids up to 16x16, not {grid.shape.name}")
    return FPUZZLES_URL + lzstring.compress_to_base64(fpuzzles.write_json(grid, rules))


class OpenIn(NamedTuple):
    """A link that opens a puzzle in another solver: the API's key for it, the site, the link."""

    key: str
    site: str
    url: str


def open_in(puzzle: Puzzle) -> tuple[OpenIn, ...]:
    """Links that open a 9x9 `puzzle` in other solvers: SudokuWiki for a classic one (its
    Jigsaw page's format is not published), f-puzzles for any whose every rule it has a key
    for, rules and cages and all (a link that left a rule out would open another puzzle: a
    slow thermometer or a greater-than sign has no key); none for other sizes."""
    if puzzle.size != 9:
        return ()
    links = []
    if puzzle.rules.classic:
        links.append(OpenIn("sudokuwiki", SUDOKUWIKI, sudokuwiki_link(puzzle.grid)))
    if not fpuzzles.unwritten(puzzle.rules):
        links.append(OpenIn("fpuzzles", FPUZZLES, fpuzzles_link(puzzle.grid, puzzle.rules)))
    return tuple(links)


__all__ = ["Linked", "OpenIn", "fpuzzles_link", "open_in", "read_link", "sudokuwiki_link"]
