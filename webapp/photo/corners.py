"""The grid's four corners, found from its cells.

A Sudoku grid is one connected piece of ink (its frame joins every line) with 81 square
holes of about the same size: its cells. The piece of ink with the most such holes is
the grid, whatever else touches it (a column of text, the page's edge), and where the
thin lines are too faint to close its cells, nine alike holes are its boxes; the convex hull
of those holes is simplified with a growing tolerance until four corners remain, and a
hull that will not simplify to four (a curled page) falls back to its extreme points,
the ones furthest along each diagonal. The fit of the lines is taken in bands, so that a
page bent by more than half a cell between its corners is still found.

A page of a puzzle book prints two to six grids: of the grids found (alike in size and in
how well their lines fit, none inside another), the one nearest the picture's middle is
read, and the others are counted so that the reading can say they are there. A newspaper
prints a crossword beside the Sudoku, which fits a 9x9 grid's lines too: a shape whose
lines fit a grid of 10 to 21 cells a side clearly better is no Sudoku, and is neither read
nor counted.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from .errors import PhotoError, PhotoProblem
from .threshold import Working
from .warp import square_on

LEAST_CELLS = 20  # cell-like holes that make a grid worth trying; a page of text has none
BOXES = 9  # holes of a grid whose thin lines are broken: its 3x3 boxes
LEAST_AREA = 0.04  # of the picture: a grid smaller than this has digits too small to read
LEAST_FIT = 0.3  # ink on a grid's lines less between them: below this, it is no grid
MOST_ASPECT = 1.5  # a whole grid photographed at a slant is at most 1.25 times longer one way
EDGE = 0.01  # of the picture's side: a corner this close to an edge lies on it
LEAST_SIDE = 90  # pixels of the original picture a side: 10 a cell
BANDS = 3  # a grid's lines are fitted in this many bands each way (lattice_fit)
CROSSWORDS = (10, 11, 12, 13, 14, 15, 17, 19, 21)  # cells a side of grids that are no Sudoku
CLEARLY = 0.04  # of a lattice's fit: a crossword's own fits its square this much better
FIT_SHARE = 0.75  # of the best grid's line fit: a grid fitting worse is not counted
SQUARE = 0.6  # a hole fills at least this much of its rotated bounding box


@dataclass(frozen=True)
class GridsFound:
    """The grid to read (its corners in the working copy, TL TR BR BL) and how many other
    grids of about its size the picture holds."""

    corners: np.ndarray
    others: int


def find_corners(working: Working) -> np.ndarray:
    """The grid's corners in the working copy, top-left, top-right, bottom-right, bottom-left."""
    return find_grids(working).corners


def find_grids(working: Working) -> GridsFound:
    """The grid nearest the middle of the working copy, and how many others it holds."""
    # The best fit of a grid's lines among the large shapes: a crossword beside the Sudoku
    # fits its own lines as well, but it is smaller (the page's piece of ink is larger but
    # fits badly).
    squares = [(band_profiles(ink, q), q) for ink in working.inks for q in candidates(ink)]
    fits = [(lattice_fit(profiles, 9), _area(q), q, profiles) for profiles, q in squares]
    # A crossword printed beside the Sudoku fits a grid's lines too, but its own fit better.
    good = [(f, a, q) for f, a, q, p in fits if f >= LEAST_FIT and not _other_lattice(p, f)]
    if not good:
        raise PhotoError(
            PhotoProblem.NOT_A_SUDOKU,
            "No Sudoku grid was found in the picture: fill the picture with the grid, "
            "square on and in focus.",
        )
    largest = max(a for _, a, _ in good)
    # Grids alike in size and in how well their lines fit: a puzzle book's page prints
    # several, and a piece of a crossword beside the Sudoku fits far worse than it does.
    best = max(f for f, _, _ in good)
    grids = _distinct([g for g in good if g[1] >= largest / 2 and g[0] >= FIT_SHARE * best])
    height, width = working.gray.shape[:2]
    middle = np.array([width / 2, height / 2])
    quad = min(grids, key=lambda q: float(np.linalg.norm(q.mean(axis=0) - middle)))
    picture = working.gray.shape[0] * working.gray.shape[1]
    if _area(quad) < LEAST_AREA * picture:
        raise PhotoError(
            PhotoProblem.TOO_SMALL,
            f"The grid fills only {100 * _area(quad) / picture:.0f}% of the picture: "
            "take it closer, so that the grid fills most of the picture.",
        )
    if _aspect(quad) > MOST_ASPECT:
        # Lines at a grid's spacing, but twice as many one way as the other: part of a grid.
        if _at_edge(quad, working.inks[0].shape):
            raise PhotoError(
                PhotoProblem.CUT_OFF,
                "The grid runs off the edge of the picture: take it again with the whole "
                "grid in view.",
            )
        raise PhotoError(PhotoProblem.NOT_A_SUDOKU, "The grid found in the picture is not square.")
    sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1) / working.scale
    if sides.min() < LEAST_SIDE:
        raise PhotoError(
            PhotoProblem.TOO_SMALL,
            f"The grid is only {sides.min():.0f} pixels across: take the picture closer.",
        )
    return GridsFound(quad, len(grids) - 1)


def _distinct(fits: list[tuple[float, float, np.ndarray]]) -> list[np.ndarray]:
    """One quadrilateral for each grid among the fits, the best fitting: the same grid is
    found at both thresholds and as its ink and its cells, each with its middle inside the
    others'."""
    grids: list[np.ndarray] = []
    for _, _, quad in sorted(fits, key=lambda g: -g[0]):
        if not any(_inside(_middle(quad), kept) or _inside(_middle(kept), quad) for kept in grids):
            grids.append(quad)
    return grids


def _middle(quad: np.ndarray) -> tuple[float, float]:
    """The mean of a quadrilateral's corners."""
    x, y = quad.mean(axis=0)
    return float(x), float(y)


def _inside(point: tuple[float, float], quad: np.ndarray) -> bool:
    """Whether a point lies inside a quadrilateral."""
    return cv2.pointPolygonTest(quad.astype(np.float32).reshape(-1, 1, 2), point, False) >= 0


def _aspect(quad: np.ndarray) -> float:
    """How much longer the quadrilateral is one way than the other (1 for a square)."""
    sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
    ratio = (sides[0] + sides[2]) / (sides[1] + sides[3])
    return float(max(ratio, 1 / ratio))


def _at_edge(quad: np.ndarray, shape: tuple[int, ...]) -> bool:
    """Whether two corners lie on the same edge of the picture."""
    height, width = shape[:2]
    near = EDGE * max(height, width)
    x, y = quad[:, 0], quad[:, 1]
    return any(
        int(np.count_nonzero(on)) >= 2
        for on in (x < near, x > width - 1 - near, y < near, y > height - 1 - near)
    )


def candidates(ink: np.ndarray) -> list[np.ndarray]:
    """Quadrilaterals that may be the grid: the largest pieces of ink, and the hull of cells."""
    contours, _ = cv2.findContours(ink, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hulls = sorted((cv2.convexHull(c) for c in contours), key=cv2.contourArea, reverse=True)
    # A puzzle book's page prints up to six grids, each its own piece of ink.
    found = [_quadrilateral(h) for h in hulls[:8]]
    holes = grid_cells(ink)
    # Nine alike holes are the boxes of a grid whose thin lines the threshold broke.
    if len(holes) >= LEAST_CELLS or len(holes) == BOXES:
        found.append(_quadrilateral(cv2.convexHull(np.concatenate(holes))))
    return sorted((q for q in found if _plausible(q)), key=_area, reverse=True)


def _area(quad: np.ndarray) -> float:
    """The area inside four corners."""
    return float(cv2.contourArea(quad.astype(np.float32)))


def _plausible(quad: np.ndarray) -> bool:
    """Whether four corners make a convex shape not too far from a square."""
    sides = np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)
    return bool(sides.min() > 0 and sides.max() < 3 * sides.min()) and cv2.isContourConvex(
        quad.astype(np.float32)
    )


def band_profiles(ink: np.ndarray, quad: np.ndarray, side: int = 180) -> np.ndarray:
    """The ink inside four corners seen square on, `side` pixels across, as the share of ink
    along each row and each column in each of BANDS bands, (2 * BANDS, side)."""
    square = cv2.warpPerspective(ink, square_on(quad, side), (side, side), flags=cv2.INTER_NEAREST)
    band = side // BANDS
    ink_share = (square > 0).astype(np.float64)
    return np.array(
        [
            view[:, b * band : (b + 1) * band].mean(axis=1)
            for view in (ink_share, ink_share.T)
            for b in range(BANDS)
        ]
    )


def lattice_fit(profiles: np.ndarray, cells: int) -> float:
    """How well the lines of a grid `cells` cells a side fall on a square's ink (its
    band_profiles): the ink along its lines each way less the ink between them (about 0.8
    for a 9x9 grid's nine; near 0 for noise or a page).

    Each way is taken in three bands, and in each band a line is looked for within a third
    of a cell of its place: a page that bends moves its lines by half a cell and more
    between the corners, but little within a band."""
    side = profiles.shape[1]
    cell = side / cells
    reach = max(2, round(cell / 3))
    lines = np.linspace(0, side - 1, cells + 1).round().astype(int)
    # Each line's window of places, cut at the square's edges (the first of equal peaks).
    windows = np.clip(lines[:, None] + np.arange(-reach, reach + 1)[None, :], 0, side - 1)
    peaks = windows[np.arange(len(lines))[None, :], profiles[:, windows].argmax(axis=2)]
    on = float(np.take_along_axis(profiles, peaks, axis=1).sum())
    away = np.abs(np.arange(side)[None, :, None] - peaks[:, None, :]).min(axis=2) > cell / 4
    between = float(((profiles * away).sum(axis=1) / away.sum(axis=1)).sum())
    return on / (2 * (cells + 1) * BANDS) - between / (2 * BANDS)


def _other_lattice(profiles: np.ndarray, fit: float) -> bool:
    """Whether the lines of a grid of another size (a crossword's 10 to 21 cells a side)
    fall on a square's ink (its band_profiles) clearly better than a Sudoku's nine do
    (`fit`): a Sudoku's page curling two cells at a side fits ten columns a little better."""
    return any(lattice_fit(profiles, cells) > fit + CLEARLY for cells in CROSSWORDS)


def grid_cells(ink: np.ndarray) -> list[np.ndarray]:
    """The outlines of the grid's cells: the largest cluster of alike, neighbouring holes."""
    contours, hierarchy = cv2.findContours(ink, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    least_area = (min(ink.shape) / 100) ** 2
    holes = [
        c
        for c, (_, _, _, parent) in zip(contours, hierarchy[0], strict=True)
        if parent >= 0 and _cell_like(c, least_area)
    ]
    if not holes:
        return []
    centres = np.array([c.reshape(-1, 2).mean(axis=0) for c in holes])
    sides = np.sqrt([cv2.contourArea(c) for c in holes])
    # Two holes are neighbouring cells when about as big as each other and about one cell
    # apart; the grid is the largest group so joined, whatever boxes lie beside it.
    distance = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    mean_side = (sides[:, None] + sides[None]) / 2
    ratio = sides[:, None] / sides[None]
    joined = (distance < 1.7 * mean_side) & (ratio < 2) & (ratio > 1 / 2)
    group = _groups(joined)
    largest = np.bincount(group).argmax()
    return [h for h, g in zip(holes, group, strict=True) if g == largest]


def _groups(joined: np.ndarray) -> np.ndarray:
    """Each node's group number in the graph whose adjacency matrix is `joined`."""
    group = np.full(len(joined), -1)
    for start in range(len(joined)):
        if group[start] >= 0:
            continue
        group[start] = start
        stack = [start]
        while stack:
            node = stack.pop()
            for other in np.nonzero(joined[node] & (group < 0))[0]:
                group[other] = start
                stack.append(int(other))
    return group


def _cell_like(contour: np.ndarray, least_area: float) -> bool:
    """Whether a hole is big enough and square enough to be a grid's cell."""
    area = cv2.contourArea(contour)
    if area < least_area:
        return False
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    return w * h > 0 and area / (w * h) > SQUARE and 0.5 < w / h < 2


def _quadrilateral(hull: np.ndarray) -> np.ndarray:
    """Four corners of a hull: simplified with growing tolerance, else its extreme points."""
    perimeter = cv2.arcLength(hull, True)
    tolerance = 0.01
    while tolerance < 0.2:
        polygon = cv2.approxPolyDP(hull, tolerance * perimeter, True)
        if len(polygon) == 4:
            return in_order(polygon.reshape(4, 2).astype(np.float64))
        if len(polygon) < 4:
            break
        tolerance *= 1.3
    return in_order(hull.reshape(-1, 2).astype(np.float64))


def in_order(points: np.ndarray) -> np.ndarray:
    """The extreme points of a set: top-left, top-right, bottom-right, bottom-left."""
    total = points.sum(axis=1)
    diff = points[:, 0] - points[:, 1]
    return np.array(
        [
            points[np.argmin(total)],
            points[np.argmax(diff)],
            points[np.argmax(total)],
            points[np.argmin(diff)],
        ]
    )
