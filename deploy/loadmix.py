"""What the load test sends: share links of ordinary puzzles, and a mix with pathological ones.

Scenario a rotates through the share links of every puzzle, easy and hard, in
SHARE_LINK_FILES, which are read from DATA: the source checkout's tests/data, beside deploy/
(the installed package has no puzzles). The workers' caches answer them after the first hit.
Scenario b mixes in pathological puzzles no cache has seen, one request in ten, at random
places. They come in turn from KINDS, half of them 25x25 puzzles that use the whole solve
budget; each is a distinct share code (symbols relabeled, or cells drawn at random), so no
cache has it.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from pathlib import Path

from webapp.cli.timing import read_puzzles
from webapp.sudoku import SHAPES, Grid, parse

DATA = Path(__file__).parent.parent / "tests" / "data"
SHARE_LINK_FILES = ("web_unique.txt", "engine_9x9_answers.txt", "engine_16x16_answers.txt")
ONE_IN = 10  # scenario b: one request in ten is pathological
BLOCK = 100  # ...exactly, in every block of this many requests

IMPOSSIBLE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
# From Gecode's 25x25 examples (shared/puzzles/25x25/gecode_frisch_25x25.txt, lines 1-3),
# three grid rows to a line: each takes the engine past its 1 s budget.
BUDGET_BREAKERS = (
    "...G...9..4.....6F..L8...CEIN.HDM.OF.1L..A..9PJ.4......A...L..JBN.2.D.1...H"
    "P49...JB23.AD..7E..C5F...A1H....F.N5....I.BL...26.....7..C.6...H4B..1....I5"
    ".F.P...I..B..7.5.L...9....L6A...5OF.8P...K.NE..734B2.E..L...1J.5....O7.K.AP"
    "O.5.CB1.P....3EM....2L.H.2..MJ.A...9.3.7......P.8C.....CF.DPG62N.E...OH.M.J"
    ".DL..OM..IE.B8..NH...3..K.CO1F.B.N.AH..P.78.JE...DE..6.....H......4M.KIB9.."
    "N.J..6......C..1.5.G..H.....75LG...6..1..CI..4.E..9K..6.....HGN.O2P.4......"
    ".OA..IP849...2.K3...7GN....G....N...P.D9....A...C1J...M.NAFE.4..23.7....8L."
    ".....J.H9CD1LP..GO....4ME48NK..5.M......JL.......9.I.OG....835.A.DH..P....."
    "35......L.J..E....8IG.67B",
    ".N..JG..O7591...8I....L..FG.M.B8...P.E...CJ..H...............G.4.H.D.O.NJA2"
    ".....J.EN4.L6MA.B.2......HE..2..DC.....F4KMA.B.9O8M....62...47C19......E5.."
    ".I2.8M.JGL...ADN..K..3.F7..H3.5..89....I.J.....NL.1B..9.FAP.6.N....537.H..O"
    "......1..N...O...LC.68.PGKOA.FNBH.....7.C.....M..645.ECP.I..N.F.J1...MK.79."
    "I.L..8.O..9.P...A...2.1J...621.D.M.....B8LG..P..CH.HP.N7E.L1....3..B..O.G45"
    "....BIO....5.C.P...FN48E....FL.....2.DH..17..59O....I.MF..2G.N...A6O.HC.PB."
    "72.1..L...IM.96E.45G.......9...7M..A.O...I...L.....C.JA.........1.....E.48."
    "O.BI.......PHL.6..1....5CG6M...N4FI8...K..H.E......L..4.917....BE.G8F.M.I.."
    "8F......5.O3..4...9.....K",
    "5.PC..7..J..I...3..H.M.2LH.......F..DA..N.G...9..P...3LCP2.54.71.B....J.8.."
    "76M8...3A...H..C.D.FO.......DK..GI..B.L.6.8.14....A......M....D.6.N.P....O2"
    "...E5BLF..92..3AJC..6I....PNJ.6..E7A.8..IM.OL1.G.C.L3...O.N.5.KI.46.....9E."
    ".I.G.A..28.MBP...E..HJ3.7J.74.L..D1O96.A3.M...GI..E...1...K....J...P6.7.C.9"
    "8M..A9JO.F.P..1...4.E3N6....I.3.7.......EL.CD..H......DE2..P...N.........K."
    ".O.7.FKI1..GJ.N.....9.P8..89..H..BNM73D.KFJ..I.6.APDBN...9M..C.....O.6..7.."
    ".F.K...4..LA9B..C.E75..GNG.A.....7.8.....H....O.3.B...C...4......8K.3.P...."
    "DHE5..FA...J.3..B.2.KC.98...F...5....N..J9......I..J...P..O.BK....I.M.3..5."
    "9...8.B.6.D.M.I..H.5G.J4.",
)


def relabeled(grid: Grid, rng: random.Random) -> Grid:
    """`grid` with its symbols permuted: just as hard to solve, but a different share code."""
    size = grid.size
    new = [0, *rng.sample(range(1, size + 1), size)]
    return Grid(grid.shape, tuple(new[value] for value in grid.cells))


def budget_breaker(rng: random.Random) -> Grid:
    """A 25x25 puzzle that uses the whole solve budget and gives up."""
    return relabeled(parse(rng.choice(BUDGET_BREAKERS)), rng)


def impossible(rng: random.Random) -> Grid:
    """Norvig's puzzle with no solution, relabeled."""
    return relabeled(parse(IMPOSSIBLE), rng)


def two_solutions(rng: random.Random) -> Grid:
    """Norvig's hard1 (it has two solutions), relabeled."""
    return relabeled(parse(HARD1), rng)


def nearly_empty(rng: random.Random) -> Grid:
    """A 25x25 grid with one given: as open as the empty grid, with a code of its own."""
    cells = [0] * SHAPES[25].cell_count
    cells[rng.randrange(len(cells))] = rng.randint(1, 25)
    return Grid(SHAPES[25], tuple(cells))


def contradictory(size: int) -> Callable[[random.Random], Grid]:
    """A maker of random size x size grids with a quarter of cells given and a clash in a row."""

    def make(rng: random.Random) -> Grid:
        shape = SHAPES[size]
        cells = [rng.randint(1, size) if rng.random() < 0.25 else 0 for _ in range(size * size)]
        row, symbol = rng.randrange(size), rng.randint(1, size)
        for column in rng.sample(range(size), 2):
            cells[row * size + column] = symbol
        return Grid(shape, tuple(cells))

    return make


# Half the pathological requests take the whole budget: they are what holds a worker.
KINDS: tuple[Callable[[random.Random], Grid], ...] = (
    *(budget_breaker, impossible, budget_breaker, two_solutions, budget_breaker, nearly_empty),
    *(budget_breaker, contradictory(16), budget_breaker, contradictory(25)),
)


def pathological_codes(count: int, seed: int = 0) -> list[str]:
    """`count` distinct share codes: the originals, then variants of each kind in turn."""
    rng = random.Random(seed)
    originals = [parse(text) for text in (*BUDGET_BREAKERS, IMPOSSIBLE, HARD1)]
    originals.append(Grid(SHAPES[25], (0,) * SHAPES[25].cell_count))
    codes = dict.fromkeys(grid.code for grid in originals)
    while len(codes) < count:
        codes.setdefault(KINDS[len(codes) % len(KINDS)](rng).code)
    return list(codes)[:count]


def share_links(data: Path | None = None) -> list[str]:
    """The paths of scenario a: the share link of every distinct puzzle in SHARE_LINK_FILES.

    They are read from `data`, by default DATA, the checkout's tests/data; without those
    files it raises FileNotFoundError, which names the file.
    """
    folder = DATA if data is None else data
    codes: dict[str, None] = {}
    for name in SHARE_LINK_FILES:
        with open(folder / name) as lines:
            grids, _ = read_puzzles(lines)
        codes.update(dict.fromkeys(grid.code for grid in grids))
    return [f"/solve/{code}" for code in codes]


def url_mix(links: list[str], codes: list[str], seed: int = 0) -> list[str]:
    """The paths of scenario b: `codes` and nine times as many of `links` (in turn), shuffled.

    Each block of BLOCK paths holds exactly one pathological code in ten, at random places:
    evenly spaced, slow requests would never meet, where real ones sometimes come together.
    """
    rng = random.Random(seed)
    fast = itertools.cycle(links)
    paths: list[str] = []
    per_block = BLOCK // ONE_IN
    for start in range(0, len(codes), per_block):
        block = [f"/solve/{code}" for code in codes[start : start + per_block]]
        block.extend(itertools.islice(fast, len(block) * (ONE_IN - 1)))
        rng.shuffle(block)
        paths.extend(block)
    return paths
