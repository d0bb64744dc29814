"""A Jigsaw's regions read from the warped grid's thick lines.

A Jigsaw prints its regions' borders thick and every other cell edge thin, as a classic
grid prints its boxes' borders. Each of the 144 edges between two cells is weighed by the
ink across it (the median along the edge of the ink in a strip across it, so that a digit
reaching towards the edge does not count); the edges fall into a thin group and a thick
one, and the cells joined across thin edges are the regions. Only nine regions of nine
cells that are not the boxes make a Jigsaw: anything else (one edge misjudged joins two
regions) is read as the classic grid it most likely is.
"""

from __future__ import annotations

import numpy as np

from .warp import CELL

REACH = CELL // 5  # pixels either side of an edge where its line's ink is weighed
END = CELL // 5  # pixels left out at each end of an edge: where the lines across it lie
THICKER = 1.6  # a thick edge's ink at least this many times a thin one's (means of each)


def read_regions(warped: np.ndarray) -> tuple[int, ...] | None:
    """Each cell's region (0-based, numbered in reading order), in the warped grid's cell
    order, when the thick lines draw nine regions of nine cells other than the boxes; else
    None."""
    level = _ink_level(warped)
    # across[r, c]: the edge between cells (r, c) and (r, c + 1); down[r, c]: between (r, c)
    # and (r + 1, c).
    across = _edge_ink(level)
    down = _edge_ink(level.T).T
    thick = _thick(np.concatenate([across.ravel(), down.ravel()]))
    if thick is None:
        return None
    regions = _joined(across < thick, down < thick)
    sizes = np.bincount(regions)
    boxes = tuple(numbered([(cell // 27) * 3 + (cell % 9) // 3 for cell in range(81)]))
    if len(sizes) != 9 or (sizes != 9).any() or regions == boxes:
        return None
    return regions


def _ink_level(warped: np.ndarray) -> np.ndarray:
    """Each pixel's ink, from 0 (the paper) to 1 (the darkest ink)."""
    gray = warped.astype(np.float32)
    paper, ink = np.percentile(gray, (90, 1))
    level: np.ndarray = np.clip((paper - gray) / max(float(paper - ink), 1.0), 0, 1)
    return level


def _edge_ink(level: np.ndarray) -> np.ndarray:
    """The ink across each edge between side-by-side cells (9 rows x 8 edges)."""
    weights = np.zeros((9, 8))
    for row in range(9):
        top, bottom = row * CELL + END, (row + 1) * CELL - END
        for column in range(8):
            at = (column + 1) * CELL
            strip = level[top:bottom, at - REACH : at + REACH + 1]
            weights[row, column] = float(np.median(strip, axis=0).sum())
    return weights


def _thick(weights: np.ndarray) -> float | None:
    """The ink above which an edge is thick: the split of the weights into two groups
    most apart (Otsu's), if the thick group is THICKER than the thin; else None."""
    ordered = np.sort(weights)
    best, split = -1.0, 0
    for k in range(1, len(ordered)):
        low, high = ordered[:k], ordered[k:]
        between = k * (len(ordered) - k) * (high.mean() - low.mean()) ** 2
        if between > best:
            best, split = between, k
    low, high = ordered[:split], ordered[split:]
    if high.mean() < THICKER * max(low.mean(), 1e-6):
        return None
    return float((low[-1] + high[0]) / 2)


def _joined(thin_across: np.ndarray, thin_down: np.ndarray) -> tuple[int, ...]:
    """The cells joined across thin edges, each group numbered in reading order."""
    group = list(range(81))

    def root(cell: int) -> int:
        while group[cell] != cell:
            group[cell] = group[group[cell]]
            cell = group[cell]
        return cell

    for row in range(9):
        for column in range(9):
            cell = row * 9 + column
            if column < 8 and thin_across[row, column]:
                group[root(cell + 1)] = root(cell)
            if row < 8 and thin_down[row, column]:
                group[root(cell + 9)] = root(cell)
    return numbered([root(cell) for cell in range(81)])


def numbered(labels: list[int]) -> tuple[int, ...]:
    """Labels (region numbers) renumbered 0, 1, ... in the order they first appear."""
    numbers: dict[int, int] = {}
    return tuple(numbers.setdefault(label, len(numbers)) for label in labels)
