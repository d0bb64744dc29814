"""The puzzles the tests share, by name, and the one reader of tests/data/.

tests/data/ holds puzzle files copied from ../shared/puzzles (sources and
licences in its README) and a few made here. Lines starting with # are
comments, and each file's first comment names its fields:

- engine_{4x4,9x9,16x16,25x25}_answers.txt: PUZZLE [COUNT] SOLUTION, checked answers
- engine_special_cases.txt: PUZZLE COUNT NOTE, the cases a solver gets wrong or slow
- seed_examples.txt: PUZZLE COUNT SOLUTION NOTE, the seed documents' examples
- tdoku_test_puzzles.txt: PUZZLE:COUNT:SOLUTION, tdoku's test puzzles
- web_{unique,multiple,impossible}.txt: PUZZLE COUNT SOLUTION, 9x9 puzzles for the web tests
- prod_25x25.txt: PUZZLE, minimal 25x25 puzzles no solve finishes within the web's budget
  (the search or CaDiCaL: 12 s and more each)
- sat_25x25_answers.txt: PUZZLE COUNT SOLUTION, 25x25 puzzles beyond the search, quick for SAT
- x_sudoku.txt: PUZZLE ANSWER, X-Sudoku puzzles made here
- hodoku_reglib_1.3.txt: HoDoKu's regression library, ':'-separated, one technique case a line
- two_9x9.sdm: two puzzles a line each, as the issue's file that answered "expected 144
  cells, found 162": norvig_hardest lines 1 and 2 (Inkala 2006 and 2010), no comment
- batch_mixed.sdm: a batch of every outcome, one puzzle a line (sources in its comments)
- easy.ss: one grid (SEED_EASY) in Sudoku Explainer's .ss layout, read whole as EASY_SS
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).parent / "data"

# Norvig's easy example ("grid1"): solved by singles alone.
NORVIG_EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
NORVIG_EASY_CODE = NORVIG_EASY.replace(".", "0")
NORVIG_EASY_SOLUTION = (
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)
# Norvig's "impossible" puzzle: no clashing givens, no solution; cell-only search needs minutes.
NORVIG_IMPOSSIBLE = (
    ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
)
# Norvig's hard1: many solutions.
NORVIG_HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
# The seed documents' first example, with its solution.
SEED_EASY = "5...8.1.6....732844.712...37.926......3.45.1...1...625.9.7.4.3..7...289.1259....."
SEED_EASY_SOLUTION = (
    "532489176916573284487126953759261348263845719841397625698714532374652891125938467"
)
# SEED_EASY in the .ss layout, as Sudoku Explainer saves it (without the last newline).
EASY_SS = (DATA / "easy.ss").read_text().rstrip("\n")
# The seventh of Norvig's top95: its path needs chains (grouped AICs).
TOP95_SEVENTH = "6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6....."
# The first of magictour's top1465: beyond chains and almost locked sets, its path needs a
# forcing chain.
TOP1465_FIRST = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
# Two 5s in row 1, which is also box 1.
# Rated 5.7 by Sudoku Explainer: one search node is not enough to solve it, and its
# easiest-first path takes some milliseconds, more than a budget of 2 ms.
RATED_5_7 = "84.3....6..5..81.7.7.5...2..6..4.2.8...8.6...9.4.7..6..5...2.4.4.26..7..7....4.82"
RATED_5_7_CODE = RATED_5_7.replace(".", "0")
CLASHING = "55" + "." * 79
CLASHING_CODE = CLASHING.replace(".", "0")
SIX = "23.54..6....1..........3....1..12.35"
SIX_SOLUTION = "231546564321153264426153345612612435"
FOUR = ".321..3..4..21.."
FOUR_SOLUTION = "4321123434122143"


def data_lines(name: str, sep: str | None = None) -> list[list[str]]:
    """The fields of each line of tests/data/`name` that is not blank or a # comment, split at
    `sep` (at whitespace when None)."""
    lines = (DATA / name).read_text().splitlines()
    return [line.strip().split(sep) for line in lines if line.strip() and not line.startswith("#")]


def frisch_25x25() -> list[str]:
    """Minimal 25x25 puzzles (Frisch's, via Gecode) that no solve finishes in a second."""
    return [fields[0] for fields in data_lines("prod_25x25.txt")]


def with_cells(code: str, **cells: str) -> str:
    """A 9x9 code (or progress) with some cells, named r1c1 to r9c9, set to other symbols."""
    chars = list(code)
    for name, symbol in cells.items():
        row, col = map(int, name[1:].split("c"))
        chars[(row - 1) * 9 + col - 1] = symbol
    return "".join(chars)


def eased_25x25(which: int, extra: int) -> str:
    """Frisch's 25x25 puzzle `which` of engine_25x25_answers.txt with `extra` more givens from
    its solution, spread evenly over its blanks: still one solution, which the search finds
    in thousands of nodes (seconds), not in a request's few."""
    puzzle, _, solution = data_lines("engine_25x25_answers.txt")[which]
    blanks = [index for index, symbol in enumerate(puzzle) if symbol == "."]
    chars = list(puzzle)
    for index in blanks[:: len(blanks) // extra][:extra]:
        chars[index] = solution[index]
    return "".join(chars).replace(".", "0")
