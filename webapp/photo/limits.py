"""What a photo may weigh and measure, checked before its pixels are decoded.

A decompression bomb is a small file whose header promises a huge picture: the
header's size is read first (Pillow opens lazily) and refused before decoding.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import PhotoError, PhotoProblem

MAX_BYTES = 12 * 1024 * 1024
MAX_PIXELS = 40_000_000  # a 48-megapixel phone's full picture is refused; 40 MP is plenty
MAX_SIDE = 12_000
MIN_SIDE = 150  # below this a cell is a handful of pixels: no digit can be told
# A progressive JPEG's scans: libjpeg writes 10 (6 for gray); each costs a pass over the
# whole picture, about 30 ms at 40 megapixels (costs.py).
MAX_SCANS = 32
# The bytes a decoder may hold (costs.py): a 40-megapixel PNG with alpha (160 MB in
# Pillow), a 24-megapixel HEIC, an 11-megapixel WebP, a 30-megapixel progressive JPEG.
MAX_DECODED_BYTES = 180 * 1024 * 1024


@dataclass(frozen=True)
class Limits:
    """The bounds one reading applies."""

    max_bytes: int = MAX_BYTES
    max_pixels: int = MAX_PIXELS
    max_side: int = MAX_SIDE
    min_side: int = MIN_SIDE
    max_scans: int = MAX_SCANS
    max_decoded_bytes: int = MAX_DECODED_BYTES


DEFAULT_LIMITS = Limits()


def check_bytes(size: int, limits: Limits = DEFAULT_LIMITS) -> None:
    """Refuse an empty file or one over the byte limit."""
    if size == 0:
        raise PhotoError(PhotoProblem.NOT_AN_IMAGE, "The file is empty: no picture was sent.")
    if size > limits.max_bytes:
        raise PhotoError(
            PhotoProblem.TOO_BIG,
            f"The picture is {size / 1048576:.1f} MB; at most "
            f"{limits.max_bytes // 1048576} MB can be read.",
        )


def check_size(width: int, height: int, limits: Limits = DEFAULT_LIMITS) -> None:
    """Refuse a picture whose header size is too large (a bomb) or too small to read."""
    if width * height > limits.max_pixels or max(width, height) > limits.max_side:
        raise PhotoError(
            PhotoProblem.TOO_BIG,
            f"The picture is {width}x{height} pixels; at most "
            f"{limits.max_pixels // 1_000_000} megapixels "
            f"(and {limits.max_side} pixels a side) can be read.",
        )
    if min(width, height) < limits.min_side:
        raise PhotoError(
            PhotoProblem.TOO_SMALL,
            f"The picture is {width}x{height} pixels: too small to read digits; "
            f"it needs at least {limits.min_side} pixels a side.",
        )
