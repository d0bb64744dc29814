"""Grids of printed digits drawn as a phone would see them once warped square on.

Each grid has one font, one size of digit, one ink and one paper, as a newspaper's
puzzle does; then the faults of a photo: corners found a little off (a slight
perspective), blur, uneven light, noise, shrinking and JPEG's blocks. Some grids are
drawn turned a quarter or half turn, so that the network learns what a digit lying
on its side looks like and says so (TURNED) instead of guessing a digit.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..digits import BLANK, TURNED
from ..warp import CELL, SIDE

SCALE = 2  # drawn at twice the size, then shrunk as a camera's sensor would
BIG_CELL = CELL * SCALE
BIG_SIDE = SIDE * SCALE
# Turned half a turn these read as another digit or themselves: not trained as TURNED.
SAME_UPSIDE_DOWN = {6, 8, 9}


def render_grid(font_path: Path, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A warped grid's grayscale image (SIDE x SIDE) and its 9x9 labels."""
    paper = int(rng.integers(150, 256))
    ink = int(rng.integers(0, max(1, paper - 90)))
    image = Image.new("L", (BIG_SIDE, BIG_SIDE), paper)
    draw = ImageDraw.Draw(image)
    thin, thick = int(rng.integers(1, 4)), int(rng.integers(3, 9))
    for k in range(10):
        width = thick if k % 3 == 0 else thin
        at = min(k * BIG_CELL, BIG_SIDE - 1)
        line_ink = min(paper - 40, ink + int(rng.integers(0, 60)))
        draw.line([(at, 0), (at, BIG_SIDE)], fill=line_ink, width=width)
        draw.line([(0, at), (BIG_SIDE, at)], fill=line_ink, width=width)
    height = rng.uniform(0.34, 0.75) * BIG_CELL
    font = ImageFont.truetype(str(font_path), int(height * 1.35))
    stroke = int(rng.choice([0, 0, 0, 1, 2]))
    # Newspapers often set their digits narrower (or wider) than the font draws them.
    narrow = rng.uniform(0.65, 1.15)
    labels = np.where(rng.random((9, 9)) < rng.uniform(0.3, 0.6), rng.integers(1, 10, (9, 9)), 0)
    for row in range(9):
        for column in range(9):
            if labels[row, column]:
                glyph = _glyph(str(labels[row, column]), font, stroke, narrow)
                x = (column + 0.5 + rng.normal(0, 0.05)) * BIG_CELL - glyph.width / 2
                y = (row + 0.5 + rng.normal(0, 0.05)) * BIG_CELL - glyph.height / 2
                image.paste(ink, (round(x), round(y)), mask=glyph)
            elif rng.random() < 0.3:
                _smudge(draw, row, column, ink, rng)
    picture = _photographed(np.asarray(image), rng)
    return _turned(picture, labels, int(rng.choice([0, 0, 0, 0, 0, 0, 1, 2, 3])))


def _glyph(digit: str, font: ImageFont.FreeTypeFont, stroke: int, narrow: float) -> Image.Image:
    """A digit's shape as a mask, its width scaled by `narrow`."""
    glyph = Image.new("L", (2 * BIG_CELL, 2 * BIG_CELL), 0)
    ImageDraw.Draw(glyph).text(
        (BIG_CELL, BIG_CELL),
        digit,
        font=font,
        fill=255,
        anchor="mm",
        stroke_width=stroke,
        stroke_fill=255,
    )
    return glyph.resize((round(2 * BIG_CELL * narrow), 2 * BIG_CELL), Image.Resampling.BILINEAR)


def _smudge(
    draw: ImageDraw.ImageDraw, row: int, column: int, ink: int, rng: np.random.Generator
) -> None:
    """A mark in an empty cell that is no digit: a speck, or a grid line's remnant."""
    left, top = column * BIG_CELL, row * BIG_CELL
    if rng.random() < 0.5:
        x, y = left + rng.uniform(0.2, 0.8) * BIG_CELL, top + rng.uniform(0.2, 0.8) * BIG_CELL
        r = rng.uniform(1, 5)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=ink)
        return
    # A line a little inside the cell, as a grid warped from corners found a little off.
    at = rng.uniform(0.06, 0.2) * BIG_CELL
    at = at if rng.random() < 0.5 else BIG_CELL - at
    start, end = sorted(rng.uniform(0, 1, 2) * BIG_CELL)
    width = int(rng.integers(1, 5))
    if rng.random() < 0.5:
        draw.line([(left + start, top + at), (left + end, top + at)], fill=ink, width=width)
    else:
        draw.line([(left + at, top + start), (left + at, top + end)], fill=ink, width=width)


def _turned(picture: np.ndarray, labels: np.ndarray, turns: int) -> tuple[np.ndarray, np.ndarray]:
    """The grid turned a number of quarter turns, its digits labelled TURNED (or left out)."""
    if not turns:
        return picture, labels
    turned = np.where(labels > 0, TURNED, BLANK)
    if turns == 2:
        turned[np.isin(labels, list(SAME_UPSIDE_DOWN))] = -1  # left out of training
    return np.ascontiguousarray(np.rot90(picture, turns)), np.rot90(turned, turns)


def _photographed(big: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A drawn grid with a photo's faults, shrunk to SIDE x SIDE."""
    side = BIG_SIDE
    corners = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    off = corners + rng.normal(0, 0.006 * side, (4, 2)).astype(np.float32)
    matrix = cv2.getPerspectiveTransform(corners, off)
    paper = int(big[0:4, 4:8].max())
    seen = cv2.warpPerspective(big, matrix, (side, side), borderValue=paper).astype(np.float32)
    blurred = cv2.GaussianBlur(seen, (0, 0), rng.uniform(0.3, 2.6))
    gradient = np.linspace(rng.uniform(0.55, 1.0), rng.uniform(0.8, 1.0), side, dtype=np.float32)
    lit = blurred * (gradient[:, None] if rng.random() < 0.5 else gradient[None, :])
    grainy = lit + rng.normal(0.0, rng.uniform(0, 10), size=lit.shape).astype(np.float32)
    small = cv2.resize(np.clip(grainy, 0, 255), (SIDE, SIDE), interpolation=cv2.INTER_AREA)
    small = np.clip(small + rng.normal(0.0, rng.uniform(0, 5), size=small.shape), 0, 255)
    quality = int(rng.integers(25, 95))
    _, jpeg = cv2.imencode(".jpg", small.astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, quality])
    picture = cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)
    assert picture is not None  # what OpenCV has just encoded it can decode
    return picture
