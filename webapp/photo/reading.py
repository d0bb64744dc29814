"""A whole reading: a photo's bytes to the grid printed in it, with how sure each cell is.

The grid is read in all four quarter turns and the turn whose digits the network finds
most upright and most sure is kept: many photos are taken sideways, and EXIF does not
always say so. A grid whose thick lines draw regions other than the boxes is read as a
Jigsaw (regions.py). A mark far fainter than the grid's digits (a crease's shadow, a stain,
the back page's print showing through) is read as empty and flagged with what the network
read it as. A grid read without exactly one solution is then settled (settle.py) from the
network's next choices, and the cells it changed are among those to check.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from webapp.sudoku.grid import Grid
from webapp.sudoku.puzzle import CLASSIC, Rules

from .cells import digit_cuts, digit_images
from .corners import find_grids
from .decoding import decode
from .digits import BLANK, CLASSES, TURNED, network
from .errors import PhotoError, PhotoProblem
from .frame import fitted_corners
from .limits import DEFAULT_LIMITS, Limits
from .mesh import find_mesh, mesh_warp
from .regions import numbered, read_regions
from .settle import doubted_by_the_puzzle, needs_settling, settle
from .threshold import check_light, working_copy
from .warp import SIDE

SURE = 0.9  # a cell read less surely than this is shown to be checked
JITTER = 2.5  # pixels of the square grid (a 16th of a cell) the second view is shifted by
FAINT = 0.3  # of the grid's median contrast: a mark fainter than this is read as empty
LEAST_INKED = 8  # inked cells that make a median contrast worth judging a mark by
FAINT_SURE = 0.5  # at most this sure of a faint mark read as empty: it is flagged


@dataclass(frozen=True)
class UncertainCell:
    """A cell read with little confidence: what was read and what it could be instead."""

    row: int  # 1-based
    column: int  # 1-based
    read: int  # 0 for empty
    could_be: int  # 0 for empty
    confidence: float
    # What the puzzle says of the cell: for a cell it settled (`settled`), why `could_be`
    # (the network's first reading) was not kept ("would clash with the 9 in r5c2"); for a
    # cell of a grid left inconsistent, why it is in doubt ("it clashes with the 9 in r8c4");
    # empty for a cell merely read unsurely.
    because: str = ""
    settled: bool = False


@dataclass(frozen=True)
class PhotoReading:
    """What a photo holds: the grid, each cell's confidence, where the grid lies, doubts.

    `corners` are the puzzle's top-left, top-right, bottom-right and bottom-left corners
    in pixels of the picture as its EXIF turns it upright; `turns` how many quarter turns
    anticlockwise the picture needed to read the puzzle upright. Of several grids in the
    picture, the one nearest its middle is read.
    """

    grid: Grid
    confidence: tuple[float, ...]
    corners: tuple[tuple[float, float], ...]
    uncertain: tuple[UncertainCell, ...]
    turns: int
    width: int
    height: int
    other_grids: int = 0  # grids beside the one read: a puzzle book's page prints several
    # A Jigsaw's regions read from its thick lines (Rules.regions, upright); classic else.
    rules: Rules = CLASSIC


def read_photo(data: bytes, limits: Limits = DEFAULT_LIMITS) -> PhotoReading:
    """The Sudoku in a photo's bytes; PhotoError saying what is wrong if there is none."""
    gray = decode(data, limits)
    check_light(gray)
    working = working_copy(gray)
    grids = find_grids(working)
    mesh = find_mesh(gray, fitted_corners(gray, grids.corners / working.scale))
    warped = mesh_warp(gray, mesh)
    cuts = digit_cuts(warped)
    found = {i: cut for i, cut in enumerate(cuts) if cut is not None}
    inked = list(found)
    if not inked:
        raise PhotoError(
            PhotoProblem.NOT_A_SUDOKU,
            "A grid was found in the picture, but no digits in it: take it again, in focus.",
        )
    stack = np.array([found[i][0] for i in inked], np.float32).reshape(-1, 28, 28)
    # One call for the four turns: the matrix library's start-up costs more than the sums.
    turned = np.concatenate([np.rot90(stack, k, axes=(1, 2)) for k in range(4)])
    views = np.split(network().probabilities(turned), 4)
    # Upright digits: likely as themselves (or as a speck), unlikely as TURNED.
    turns = int(np.argmax([(1 - p[:, TURNED]).sum() + p.max(axis=1).sum() for p in views]))
    quad = np.array([mesh[0, 0], mesh[0, -1], mesh[-1, -1], mesh[-1, 0]])
    second = _second_view(gray, mesh, turns, frozenset(inked))
    faint = _faint({i: cut[1] for i, cut in found.items()})
    reading = _reading(
        views[turns], inked, turns, quad, gray.shape, second, read_regions(warped), faint
    )
    return replace(reading, other_grids=grids.others)


def _faint(contrasts: dict[int, float]) -> frozenset[int]:
    """The cells (warped order) whose mark is far fainter than the grid's digits: less than
    FAINT of the median contrast of its inked cells, once it has enough of them. A crease's
    shadow or a stain, which a cell's cut stretches to full contrast, is no digit; a faint
    red digit among black ones was 0.35 of theirs, the fainter marks of the train split's
    empty cells 0.17 to 0.28."""
    if len(contrasts) < LEAST_INKED:
        return frozenset()
    median = float(np.median(list(contrasts.values())))
    return frozenset(i for i, contrast in contrasts.items() if contrast < FAINT * median)


def _second_view(
    gray: np.ndarray, mesh: np.ndarray, turns: int, inked: frozenset[int]
) -> np.ndarray:
    """Each cell's class probabilities (81 rows, warped order) read again from the grid
    shifted JITTER pixels down and right: a reading that a slight shift of the cell's
    edges changes is not a sure one. Only the cells `inked` in the first view are read
    again (the others, and any with no ink now, are BLANK for certain)."""
    right = (mesh[:, -1] - mesh[:, 0]).mean(axis=0) / SIDE
    down = (mesh[-1] - mesh[0]).mean(axis=0) / SIDE
    images = digit_images(mesh_warp(gray, mesh + JITTER * (right + down)), only=inked)
    probabilities = np.zeros((81, CLASSES), np.float32)
    probabilities[:, BLANK] = 1
    again = [i for i, image in enumerate(images) if image is not None]
    if again:
        stack = np.array([images[i] for i in again], np.float32).reshape(-1, 28, 28)
        probabilities[again] = network().probabilities(np.rot90(stack, turns, axes=(1, 2)))
    return probabilities


def _standing(p: np.ndarray) -> float:
    """How much of a cell's reading `p` stands in the turn kept: all of it, unless the
    network finds the mark likeliest a digit lying down (TURNED). In a grid whose digits
    stand upright that is no digit (a stain, a blot) or one the network cannot read, and
    its reading as the likeliest class left is only as sure as TURNED leaves it: a stain
    the network read as TURNED, and then as a 9 at 0.96 once TURNED was set aside, was a
    wrong cell not flagged (the train split's image1045)."""
    return float(1 - p[TURNED]) if int(np.argmax(p)) == TURNED else 1.0


def _reading(
    probabilities: np.ndarray,
    inked: list[int],
    turns: int,
    quad: np.ndarray,
    shape: tuple[int, ...],
    second: np.ndarray,
    regions: tuple[int, ...] | None = None,
    faint: frozenset[int] = frozenset(),
) -> PhotoReading:
    """The reading of the cells in one turn, from their classes' probabilities, each
    cell's confidence the least of the two views' (`second`, the shifted one's), and a
    Jigsaw's `regions` (the warped grid's cells') turned upright with them."""
    values = np.zeros(81, int)
    confidence = np.ones(81)
    could_be = np.zeros(81, int)
    choices: list[list[tuple[int, float]]] = [[(BLANK, 1.0)] for _ in range(81)]
    for index, p in zip(inked, probabilities, strict=True):
        standing = _standing(p)
        p = p.copy()
        p[TURNED] = 0  # in the turn kept, a digit is read as itself
        p /= p.sum()
        order = np.argsort(p)[::-1][:TURNED]
        values[index], could_be[index] = order[0], order[1]
        confidence[index] = p[order[0]] * standing
        choices[index] = [(int(c), float(p[c])) for c in order]
        if index in faint and order[0] != BLANK:
            # Read as empty, the network's reading kept as what it could be (and for the
            # puzzle to settle on, should the grid need it).
            values[index], could_be[index] = BLANK, order[0]
            confidence[index] = min(FAINT_SURE, float(p[BLANK]) + 1 - float(p[order[0]]))
            choices[index] = [(BLANK, float(confidence[index]))] + [
                (int(c), float(p[c])) for c in order if c != BLANK
            ]
    for index in range(81):
        again = second[index].copy()
        standing = _standing(again)
        again[TURNED] = 0
        share = again[values[index]] / again.sum() * standing
        confidence[index] = min(confidence[index], share)
        choices[index][0] = (int(values[index]), float(confidence[index]))
    # The puzzle's cell i, turned upright, is the warped grid's cell source[i].
    source = np.rot90(np.arange(81).reshape(9, 9), turns).reshape(-1)
    values, confidence, could_be = values[source], confidence[source], could_be[source]
    choices = [choices[i] for i in source]
    upright_regions = numbered([regions[i] for i in source]) if regions else ()
    rules = Rules(regions=upright_regions)
    faded = {i for i in range(81) if source[i] in faint and values[i] == BLANK and could_be[i]}
    uncertain = {
        i: UncertainCell(
            i // 9 + 1,
            i % 9 + 1,
            int(values[i]),
            int(could_be[i]),
            float(confidence[i]),
            "it is far fainter than the grid's digits" if i in faded else "",
        )
        for i in range(81)
        if confidence[i] < SURE
    }
    if needs_settling(values.tolist(), rules):
        settled = settle(values.tolist(), choices, rules)
        for change in settled.changes:
            i = change.cell
            values[i], confidence[i] = change.taken, change.probability
            uncertain[i] = UncertainCell(
                i // 9 + 1,
                i % 9 + 1,
                change.taken,
                change.first,
                change.probability,
                change.reason,
                settled=True,
            )
        if not settled.changes:
            # Nothing settles it: the cells the puzzle itself puts in doubt are flagged,
            # however sure the network was of them.
            for i, reason in doubted_by_the_puzzle(values.tolist(), rules).items():
                uncertain[i] = UncertainCell(
                    i // 9 + 1,
                    i % 9 + 1,
                    int(values[i]),
                    int(could_be[i]),
                    float(confidence[i]),
                    reason,
                )
    corners = tuple((float(x), float(y)) for x, y in np.roll(quad, -turns, axis=0))
    return PhotoReading(
        grid=Grid.from_values([int(v) if v != BLANK else 0 for v in values]),
        confidence=tuple(float(c) for c in confidence),
        corners=corners,
        uncertain=tuple(uncertain[i] for i in sorted(uncertain)),
        turns=turns,
        width=int(shape[1]),
        height=int(shape[0]),
        rules=rules,
    )
