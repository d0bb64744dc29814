"""What the load test sends: share links of ordinary puzzles, and a mix with pathological ones.

Scenario a rotates through the share links of every puzzle, easy and hard, in
SHARE_LINK_FILES, which are read from DATA: the source checkout's tests/data, beside deploy/
(the installed package has no puzzles). The workers' caches answer them after the first hit.
Scenario b mixes in pathological puzzles no cache has seen, one request in ten, at random
places. They come in turn from KINDS, half of them 25x25 puzzles that use the whole solve
budget; each is a distinct share code (symbols relabeled, or cells drawn at random), so no
cache has it. Scenario h asks for hard 9x9 puzzles no worker has seen, one after another:
first views, whose rating takes a page's whole work.
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
HARD_FILE = "se_rated_sample.txt"  # PUZZLE SE_RATING
HARD_RATING = 8.0
ONE_IN = 10  # scenario b: one request in ten is pathological
BLOCK = 100  # ...exactly, in every block of this many requests

IMPOSSIBLE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
# From Gecode's 25x25 examples (shared/puzzles/25x25/gecode_frisch_25x25.txt, lines 1, 9 and
# 10), three grid rows to a line: each takes the engine past its 1 s budget, CaDiCaL included
# (it needs 12 s and more on each; lines 2 and 3, once here, it now decides within 1 s).
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
    ".CNPHK.53.O9F..D.78..J...J.....F.DB...7.G..PAE...L.6.........5.4A......I..."
    "A..L.6.E.1JG....5.H.2...9..G4..P...E2N.M...C..FB.1..PKJ...G41O..C.N..H....."
    ".M..I5L97J.3H...E2.8...D.1.4..ON.83G.P.D59..C.BH....2.9.......4.F.3.6..O.7."
    "3F.7.MEC..5...2..4K.LN8.....I........MF7.6AOG..LE.C1.3..JG..D.9...4..N...68"
    "...M7L9..NHA...FJ.I..3.C..A...P...5...E3.8M..K4OFG.....C.6KIP...8..3.DJ...."
    ".2.J...3C..7.D.9A.EF6L...4...3.6N.....L9.H..P8...2.9.C.4H.......P....1..FJ3"
    ".LD.K87.1.BM5AJN....4H.G..B..MAI........47O.LD.....G....3....F..1..9..M..K6"
    "P7.A..B8.......2....I.3..M..O....9K2..6..1.N.FE.L.....E...A..N.J.IG8...C.9."
    "6KL.4...FCI.A.....5J.2D.N",
    "E..I...M......L....D...BKF..BH9.K.A2.7..E4.P.6..M..6.J..PD8FE.IM...K...54.."
    "L...8E...IA..HC........7J.....7H.4.JK..DOFC....9I.9...7A.5.B.M34E.KDJ8....."
    "8...BD....O..7....CP.E.6..1.3..8....D...2.ML.B..5A.E2.A.O.7..1..I.659..8LD."
    "KF..M2...PL......A.G..N3....76N.1..CBG...DPK..O.J2.JK...6B.9..P.7.N.EMFDG.5"
    "N....G.F.8....OH9.2...E.7....4.3....F9.....5.NC.A.M.A.GL.J......5..4.7.91.."
    "C.8NE.5..6..M.....BJ17..H7.6...NL.41.AC.I8...GJ3.....53P.GM2.L..F.....K.68."
    "J.4.D..H..IG..8K..35.N.FLP.F...93.D.....A.1......M..7.I...1...DF..PJ.4.MA.."
    ".KN.....5H..O.63.E.2....4....1...O..A2..DCH8B..KE.3.HA.6BP.....J1957O..28.."
    "42JO.I...K5C......6.P.B..",
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


def hard_codes(count: int, seed: int = 0, data: Path | None = None) -> list[str]:
    """`count` distinct share codes of hard 9x9 puzzles no worker has seen: those rated 8 or
    more in HARD_FILE (Sudoku Explainer's scale), in turn, each with its symbols relabeled.
    Their solve takes a millisecond; their rating the whole of a page's work (scenario h)."""
    rng = random.Random(seed)
    folder = DATA if data is None else data
    with open(folder / HARD_FILE) as lines:
        hard = [
            parse(fields[0])
            for fields in (line.split() for line in lines if not line.startswith("#"))
            if len(fields) == 2 and float(fields[1]) >= HARD_RATING
        ]
    codes: dict[str, None] = {}
    for grid in itertools.cycle(hard):
        if len(codes) == count:
            break
        codes.setdefault(relabeled(grid, rng).code)
    return [f"/solve/{code}" for code in codes]


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
