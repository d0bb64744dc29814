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

from ..photo import PhotoError, read_photo

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
    where a grid was found; a photo with none counts in `failed`, and its cells as not right."""

    photos: int
    exact: int
    cells: int
    right: int
    uncertain: int
    wrong: int
    wrong_uncertain: int
    failed: int
    ms: tuple[float, ...]

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
            "no grid": str(self.failed),
            "median ms": f"{statistics.median(ms):.0f}",
            "p90 ms": f"{ms[int(0.9 * (len(ms) - 1))]:.0f}",
            "max ms": f"{ms[-1]:.0f}",
        }


def read_set(photos: list[Photo]) -> SetFigures:
    """Read every photo and count what was right."""
    exact = right = uncertain = wrong = wrong_uncertain = failed = 0
    times = []
    for photo in photos:
        data = photo.path.read_bytes()
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
        exact += not misread
        right += 81 - len(misread)
        wrong += len(misread)
        uncertain += len(doubted)
        wrong_uncertain += len(misread & doubted)
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
    )
