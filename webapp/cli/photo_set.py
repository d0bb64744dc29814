"""A folder of Sudoku photos with what is printed in each, and the figures of reading them.

The folder is laid out as ../shared/photos is (its README): images/imageN.jpg beside
images/imageN.dat (the phone, the size, then 9 lines of 9 digits, 0 for empty), and
v2_train.txt and v2_test.txt listing the photos of each split.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from ..photo import PhotoError, read_photo
from ..photo.reading import SURE

SPLITS = ("test", "train")


@dataclass(frozen=True)
class Photo:
    """One photo's file and the 81 digits printed in it."""

    path: Path
    printed: tuple[int, ...]


def printed_digits(dat: Path) -> tuple[int, ...]:
    """The 81 digits a .dat file says are printed, 0 for an empty cell."""
    lines = dat.read_text().splitlines()[2:11]
    digits = tuple(int(v) for line in lines for v in line.split())
    if len(digits) != 81:
        raise ValueError(f"{dat}: {len(digits)} digits, not 81")
    return digits


def split_photos(folder: Path, split: str) -> list[Photo]:
    """The photos of one split ("test" or "train"), in the order its list gives."""
    names = (folder / f"v2_{split}.txt").read_text().split()
    return [Photo(folder / n, printed_digits((folder / n).with_suffix(".dat"))) for n in names]


@dataclass(frozen=True)
class SetFigures:
    """How a set of photos was read: `wrong` and `uncertain` count the cells of the photos
    where a grid was found; a photo with none counts in `failed`, and its cells as not right.
    `sure` counts the cells read with confidence above SURE (those not flagged to check),
    `sure_right` how many of them were right: the confidence's calibration. `settled` counts
    the cells the puzzle settled (read from the network's next choice)."""

    photos: int
    exact: int
    cells: int
    right: int
    uncertain: int
    wrong: int
    wrong_uncertain: int
    failed: int
    ms: tuple[float, ...]
    sure: int = 0
    sure_right: int = 0
    settled: int = 0

    def row(self, name: str) -> dict[str, str]:
        """The figures as a Markdown table's row."""
        ms = sorted(self.ms)
        return {
            "photos": name,
            "boards exact": f"{self.exact}/{self.photos}",
            "cells right": f"{100 * self.right / self.cells:.2f}%",
            "cells uncertain": str(self.uncertain),
            "cells wrong": str(self.wrong),
            "wrong and uncertain": str(self.wrong_uncertain),
            "settled": str(self.settled),
            "sure (> 0.9) right": f"{100 * self.sure_right / max(1, self.sure):.3f}%",
            "no grid": str(self.failed),
            "median ms": f"{statistics.median(ms):.0f}",
            "p90 ms": f"{ms[int(0.9 * (len(ms) - 1))]:.0f}",
            "max ms": f"{ms[-1]:.0f}",
        }


def turned(data: bytes, quarter_turns: int) -> bytes:
    """The photo turned `quarter_turns` anticlockwise, as a JPEG of quality 95 (its EXIF
    orientation applied first, then dropped)."""
    picture = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    if picture is None:
        raise ValueError("the photo could not be decoded to be turned")
    done, encoded = cv2.imencode(
        ".jpg",
        np.ascontiguousarray(np.rot90(picture, quarter_turns)),
        [cv2.IMWRITE_JPEG_QUALITY, 95],
    )
    if not done:
        raise ValueError("the turned photo could not be encoded")
    return bytes(encoded.tobytes())


def read_set(photos: list[Photo], turn: bool = False) -> SetFigures:
    """Read every photo (each turned one, two or three quarter turns in turn, when `turn`)
    and count what was right."""
    exact = right = uncertain = wrong = wrong_uncertain = failed = sure = sure_right = 0
    settled = 0
    times = []
    for number, photo in enumerate(photos):
        data = photo.path.read_bytes()
        if turn:
            data = turned(data, number % 3 + 1)
        started = time.perf_counter()
        try:
            reading = read_photo(data)
        except PhotoError:
            failed += 1
            continue
        finally:
            times.append(1000 * (time.perf_counter() - started))
        doubted = {(c.row - 1) * 9 + c.column - 1 for c in reading.uncertain}
        misread = {i for i, v in enumerate(reading.grid.cells) if v != photo.printed[i]}
        sure_cells = {i for i, c in enumerate(reading.confidence) if c > SURE} - doubted
        exact += not misread
        right += 81 - len(misread)
        wrong += len(misread)
        uncertain += len(doubted)
        wrong_uncertain += len(misread & doubted)
        sure += len(sure_cells)
        sure_right += len(sure_cells - misread)
        settled += sum(1 for c in reading.uncertain if c.settled)
    return SetFigures(
        len(photos),
        exact,
        81 * len(photos),
        right,
        uncertain,
        wrong,
        wrong_uncertain,
        failed,
        tuple(times),
        sure,
        sure_right,
        settled,
    )
