"""The grid's own lines followed across the picture: a mesh of their 10x10 crossings, so that
each cell is taken from its own four corners.

Four corners describe a flat page. A sheet held in one hand curves, a book's page bulges
towards its spine, and the lines between the corners bow by half a cell or more: a warp
from four corners then cuts digits in half. Here the grid is first warped from its four
corners with a margin around it; in that view each of the ten lines one way is a run of
line ink, and it is followed from one side to the other by a path that keeps its ink and
moves smoothly (dynamic programming over the offsets from a guessed place), within REACH
of that place. The lines found whole where four corners put them are followed first; each
of the others is then looked for where those already followed say it runs (between the
nearest on either side, or carried on from the two nearest on one side), nearest first, so
that a page sagging a cell and a half at its bottom is followed line by line from its flat
top. A line that stays within a few pixels of its place stays there (a flat page reads as
it did); a line not followed (a faint line, one cut off by the picture's edge, one that runs
out of reach or leaps onto the next) lies where those beside it say; lines followed onto
each other, or none found at all, leave the mesh the four corners' own. Where the lines
moved, the picture is warped again from the mesh found, cell by cell, and the lines
followed again in that straighter view (their ink now taken in runs that may slope, for a
line's end bent steeply between two crossings), up to ROUNDS views in all.
"""

from __future__ import annotations

import cv2
import numpy as np

from .threshold import ink_of, odd
from .warp import CELL, SIDE, square_on

MARGIN = 2 * CELL  # pixels of a view kept around the grid: where a bowed side line lies
REACH = int(0.45 * CELL)  # a line is looked for this far either side of its four-corner place
RUN = int(0.7 * CELL)  # line ink is ink in a straight run this long: no digit's stroke is
SLOPES = (-0.35, 0.0, 0.35)  # the runs' slopes: a bent line's end may slope by a third
STEP = CELL // 2  # a line's place is taken every half a cell along it
BEND = 1.5  # what one pixel of bend between two places costs, in ink (a share of a strip)
AWAY = 0.3  # what one pixel away from the four-corner place costs a place: of two lines
# within reach (the frame and the page's edge), the nearer
LEAST_INK = 0.35  # a line's path with less ink than this a place (on average) is not a line
SURE_INK = 0.6  # nor one to follow the others from
ROUNDS = 4  # views at most: the four corners' and three warped from the mesh found so far
SETTLED = 2  # pixels: lines no further than this from where the last view put them are found
SLIGHT = CELL // 12  # a line nowhere further than this from its four-corner place is left there
FLAT_ENOUGH = 0.85  # a line whose four-corner place holds this share of its path's ink stays
# there: a flat page's lines are where four corners put them, and a path has nothing to add


def find_mesh(gray: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The grid lines' crossings in the picture's pixels, (10, 10, 2): [line across, line
    down] -> (x, y), from the grid's four corners (TL TR BR BL) and the lines found."""
    view, matrix, inside = margin_view(gray, corners)
    rows, columns = _line_offsets(view, inside)
    # Crossing [k, l] lies on line across k at the place of line down l, and vice versa.
    back = cv2.perspectiveTransform(_placed(rows, columns).reshape(-1, 1, 2), np.linalg.inv(matrix))
    mesh: np.ndarray = back.reshape(10, 10, 2).astype(np.float64)
    # A page bent further than REACH is followed in rounds: each view, warped from the mesh
    # found so far, shows its lines straighter, until they lie where the mesh put them.
    for _ in range(ROUNDS - 1):
        if max(np.abs(rows).max(), np.abs(columns).max()) <= SETTLED:
            break
        ringed = _ringed(mesh)
        view, inside = _mesh_view(gray, ringed)
        rows, columns = _line_offsets(view, inside, SLOPES)
        mesh = _bilinear(ringed, _placed(rows, columns) / CELL)
    return mesh


def _line_offsets(
    view: np.ndarray, inside: np.ndarray, slopes: tuple[float, ...] = (0.0,)
) -> tuple[np.ndarray, np.ndarray]:
    """The offsets of the lines across and down from their places in a view, (10, 19) each,
    from line ink in runs at `slopes`."""
    across, down = line_ink(view, inside, slopes)
    return _offsets(across.astype(np.float32)), _offsets(down.T.astype(np.float32))


def _placed(rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """The crossings in a view's pixels, (10, 10, 2), from the lines' offsets."""
    at = MARGIN + CELL * np.arange(10, dtype=np.float32)
    x = at[None, :] + columns[:, ::2].T
    y = at[:, None] + rows[:, ::2]
    return np.stack([x, y], axis=-1).astype(np.float32)


def _ringed(mesh: np.ndarray) -> np.ndarray:
    """The mesh (10, 10, 2) with rings of crossings outside it, a ring a cell of MARGIN,
    each carried on from the two crossings inside it: the view's margin around the grid."""
    for _ in range(MARGIN // CELL):
        rows = np.concatenate([2 * mesh[:1] - mesh[1:2], mesh, 2 * mesh[-1:] - mesh[-2:-1]])
        mesh = np.concatenate(
            [2 * rows[:, :1] - rows[:, 1:2], rows, 2 * rows[:, -1:] - rows[:, -2:-1]], axis=1
        )
    return mesh


def _mesh_view(gray: np.ndarray, ringed: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The picture warped cell by cell from a ringed mesh, as margin_view does from four
    corners (the grid's lines at MARGIN + k * CELL), and where the view lies in the picture."""
    side = SIDE + 2 * MARGIN
    source_x, source_y = _sources(ringed, side)
    grid_side = float(np.abs(ringed[-1, -1] - ringed[0, 0]).max()) * 9 / (ringed.shape[0] - 1)
    if grid_side > 2 * SIDE:
        gray = cv2.GaussianBlur(gray, (0, 0), 0.4 * grid_side / SIDE)
    view = cv2.remap(gray, source_x, source_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    height, width = gray.shape[:2]
    inside = (source_x >= 3) & (source_x <= width - 4) & (source_y >= 3) & (source_y <= height - 4)
    return view, inside


def _sources(mesh: np.ndarray, side: int) -> tuple[np.ndarray, np.ndarray]:
    """For each pixel of a view `side` across, the picture's point its cell's four crossings
    put it at: bilinear between them, the same weights down as across."""
    at = np.arange(side, dtype=np.float64) / CELL
    last = mesh.shape[0] - 2
    cell = np.minimum(at.astype(int), last)
    weights = np.zeros((side, mesh.shape[0]))
    weights[np.arange(side), cell] = 1 - (at - cell)
    weights[np.arange(side), cell + 1] = at - cell
    source_x = (weights @ mesh[..., 0] @ weights.T).astype(np.float32)
    source_y = (weights @ mesh[..., 1] @ weights.T).astype(np.float32)
    return source_x, source_y


def _bilinear(mesh: np.ndarray, points: np.ndarray) -> np.ndarray:
    """The picture's points at `points` (x, y in cells of the mesh), bilinear between the
    mesh's crossings."""
    last = mesh.shape[0] - 2
    u, v = points[..., 0].astype(np.float64), points[..., 1].astype(np.float64)
    i = np.clip(np.floor(v).astype(int), 0, last)
    j = np.clip(np.floor(u).astype(int), 0, last)
    fv, fu = (v - i)[..., None], (u - j)[..., None]
    top = mesh[i, j] * (1 - fu) + mesh[i, j + 1] * fu
    bottom = mesh[i + 1, j] * (1 - fu) + mesh[i + 1, j + 1] * fu
    placed: np.ndarray = top * (1 - fv) + bottom * fv
    return placed


def flat_mesh(corners: np.ndarray) -> np.ndarray:
    """The crossings four corners alone put the lines at (a flat page's mesh)."""
    at = CELL * np.arange(10, dtype=np.float32)
    x, y = np.meshgrid(at, at)
    placed = np.stack([x, y], axis=-1).reshape(-1, 1, 2)
    back = cv2.perspectiveTransform(placed, np.linalg.inv(square_on(corners, SIDE + 1)))
    mesh: np.ndarray = back.reshape(10, 10, 2).astype(np.float64)
    return mesh


def line_ink(
    view: np.ndarray, inside: np.ndarray, slopes: tuple[float, ...] = (0.0,)
) -> tuple[np.ndarray, np.ndarray]:
    """The view's ink in straight runs across and down (True), none outside `inside`: runs
    at each of the `slopes` (rise over run), so that a line bent steeply keeps its ink."""
    ink = cv2.dilate(ink_of(view, block=odd(CELL // 2 + 1), offset=7.0), np.ones((3, 3), np.uint8))
    # A line cut off by the picture's edge is not followed along the edge.
    ink[~inside] = 0
    across, down = np.zeros(ink.shape, bool), np.zeros(ink.shape, bool)
    for slope in slopes:
        run = _run(slope)
        across |= cv2.morphologyEx(ink, cv2.MORPH_OPEN, run) > 0
        down |= cv2.morphologyEx(ink, cv2.MORPH_OPEN, np.ascontiguousarray(run.T)) > 0
    return across, down


def _run(slope: float) -> np.ndarray:
    """A straight run RUN pixels long at a slope, as a kernel (1 on the run)."""
    rise = round(abs(slope) * (RUN - 1))
    kernel = np.zeros((rise + 1, RUN), np.uint8)
    start, end = (0, rise) if slope >= 0 else (rise, 0)
    cv2.line(kernel, (0, start), (RUN - 1, end), 1, 1)
    return kernel


def margin_view(gray: np.ndarray, corners: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The grid warped from its four corners, MARGIN pixels of picture around it, the
    matrix that took it there, and where the view lies inside the picture (a few pixels in)."""
    side = SIDE + 2 * MARGIN
    target = np.array([[0, 0], [SIDE, 0], [SIDE, SIDE], [0, SIDE]], np.float32) + np.float32(MARGIN)
    matrix: np.ndarray = cv2.getPerspectiveTransform(corners.astype(np.float32), target)
    grid_side = float(np.linalg.norm(corners - np.roll(corners, 1, axis=0), axis=1).max())
    if grid_side > 2 * SIDE:
        gray = cv2.GaussianBlur(gray, (0, 0), 0.4 * grid_side / SIDE)
    # Past the picture's edge the picture's own border is repeated: a white fill would make
    # an edge there that looks like a line.
    view = cv2.warpPerspective(
        gray, matrix, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )
    height, width = gray.shape[:2]
    picture = np.array([[[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]]])
    edges = cv2.perspectiveTransform(picture.astype(np.float32), matrix)
    seen = np.zeros((side, side), np.uint8)
    cv2.fillConvexPoly(seen, edges.reshape(-1, 2).round().astype(np.int32), 255)
    inside = cv2.erode(seen, np.ones((7, 7), np.uint8)) > 0
    return view, matrix, inside


def _offsets(line_ink: np.ndarray) -> np.ndarray:
    """For each of the ten lines across `line_ink` (rows of the view), its offset from its
    place at each half cell along it, (10, 19). Each line is looked for within REACH of its
    place; one that runs out of that reach is looked for again around where the lines
    beside it, already followed, say it runs (carried on from the two nearest on one side,
    or the nearest), line by line outwards; a line not found borrows from its neighbours."""
    places = MARGIN + STEP * np.arange(19)
    # The share of line ink in each row of a strip a half cell wide around each place.
    strips = np.stack(
        [line_ink[:, p - STEP // 2 : p + STEP // 2 + 1].mean(axis=1) for p in places], axis=1
    )
    # Summed over a few rows, a thick line's middle scores more than its edges.
    strips = cv2.blur(strips, (1, 5))
    none = np.zeros(len(places), np.float32)
    paths = [none] * 10
    inks = np.zeros(10)
    followed = np.zeros(10, bool)
    for k in range(10):
        paths[k], inks[k], followed[k] = _follow(strips, k, none)
    # The lines to follow the others from are those found whole where four corners put them.
    followed &= inks >= SURE_INK
    # Nearest the lines followed first: each guess from the lines followed so far.
    tried = followed.copy()
    while followed.any() and not tried.all():
        left = np.nonzero(~tried)[0]
        distance = np.abs(left[:, None] - np.nonzero(followed)[0][None, :]).min(axis=1)
        line = int(left[distance.argmin()])
        tried[line] = True
        path, ink, followed[line] = _follow(strips, line, _guessed(paths, followed, line))
        if followed[line]:
            paths[line], inks[line] = path, ink
    offsets = np.zeros((10, len(places)), np.float32)
    for line in range(10):
        bent = np.abs(paths[line]).max() > SLIGHT
        place_ink = strips[MARGIN + line * CELL].mean()
        if followed[line] and bent and place_ink < FLAT_ENOUGH * inks[line]:
            offsets[line] = paths[line]
    if not followed.any():
        return offsets
    # A line not followed lies as those followed beside it say: between them, or carried on.
    kept = list(offsets)
    for line in range(10):
        if not followed[line]:
            offsets[line] = _guessed(kept, followed, line)
    # Lines followed onto their neighbours (or past them) are no grid: four corners it is.
    gaps = np.diff(offsets, axis=0) + CELL
    if gaps.min() < CELL / 2:
        return np.zeros_like(offsets)
    return offsets


def _follow(strips: np.ndarray, k: int, guess: np.ndarray) -> tuple[np.ndarray, float, bool]:
    """Line k's offsets from its place, looked for within REACH of `guess` (offsets at each
    place), the path's mean ink a place, and whether it was followed: ink enough, and
    nowhere at the edge of its reach, where the line may run on beyond it."""
    shift = np.round(guess).astype(int)
    rows = MARGIN + k * CELL + shift[None, :] + np.arange(-REACH, REACH + 1)[:, None]
    inside = (rows >= 0) & (rows < strips.shape[0])
    window = np.where(
        inside, strips[np.clip(rows, 0, strips.shape[0] - 1), np.arange(strips.shape[1])], 0
    )
    path, ink = _smooth_path(window)
    offsets = (path - REACH + shift).astype(np.float32)
    at_edge = path.min() <= 1 or path.max() >= 2 * REACH - 1
    # A line does not leap a third of a cell between two places: that is a jump onto the
    # next line, where this one ran out of reach.
    leaps = np.abs(np.diff(offsets)).max() > CELL / 3
    return offsets, ink, ink >= LEAST_INK and not at_edge and not leaps


def _guessed(paths: list[np.ndarray], followed: np.ndarray, k: int) -> np.ndarray:
    """Where line k runs, from the lines followed: between the nearest on either side, or
    carried on from the two nearest on one side (or the one)."""
    known = [int(i) for i in np.nonzero(followed)[0]]
    guess: np.ndarray
    if known[0] < k < known[-1]:
        above = max(i for i in known if i < k)
        below = min(i for i in known if i > k)
        share = (k - above) / (below - above)
        guess = (1 - share) * paths[above] + share * paths[below]
    elif len(known) == 1:
        guess = paths[known[0]]
    else:
        near, far = (known[-1], known[-2]) if k > known[-1] else (known[0], known[1])
        guess = paths[near] + (paths[near] - paths[far]) * (k - near) / (near - far)
    return guess


def _smooth_path(window: np.ndarray) -> tuple[np.ndarray, float]:
    """The row in each column of `window` (rows x places) that together hold the most ink
    less BEND for each pixel moved between places, and that path's mean ink a place."""
    rows, places = window.shape
    moves = BEND * np.abs(np.arange(rows)[:, None] - np.arange(rows)[None, :]) / CELL
    window = window - AWAY * np.abs(np.arange(rows) - rows // 2)[:, None] / CELL
    score = window[:, 0].copy()
    came_from = np.zeros((rows, places), int)
    for place in range(1, places):
        # total[to, from]: the best path ending at `from` before, then a move to `to`.
        total = score[None, :] - moves
        came_from[:, place] = total.argmax(axis=1)
        score = total.max(axis=1) + window[:, place]
    path = np.zeros(places, int)
    path[-1] = int(score.argmax())
    for place in range(places - 1, 0, -1):
        path[place - 1] = came_from[path[place], place]
    ink = float(
        window[path, np.arange(places)].mean() + AWAY * np.abs(path - rows // 2).mean() / CELL
    )
    return path.astype(np.float32), ink


def mesh_warp(gray: np.ndarray, mesh: np.ndarray) -> np.ndarray:
    """The grid square on (SIDE x SIDE), each cell taken from its own four crossings."""
    # Each pixel of the square comes from the point its cell's four crossings put it at,
    # weighted by where in the cell it lies: bilinear between the crossings, which is the
    # same weights down as across, so two small matrix products.
    at = np.arange(SIDE, dtype=np.float64) / CELL
    cell = np.minimum(at.astype(int), 8)
    weights = np.zeros((SIDE, 10))
    weights[np.arange(SIDE), cell] = 1 - (at - cell)
    weights[np.arange(SIDE), cell + 1] = at - cell
    source_x = (weights @ mesh[..., 0] @ weights.T).astype(np.float32)
    source_y = (weights @ mesh[..., 1] @ weights.T).astype(np.float32)
    grid_side = float(np.abs(mesh[-1, -1] - mesh[0, 0]).max())
    if grid_side > 2 * SIDE:
        gray = cv2.GaussianBlur(gray, (0, 0), 0.4 * grid_side / SIDE)
    warped: np.ndarray = cv2.remap(gray, source_x, source_y, cv2.INTER_LINEAR, borderValue=255)
    return warped
