"""A photo's bytes to a grayscale array, upright as its camera's EXIF says.

JPEG, PNG and WebP through Pillow, HEIC/HEIF through pillow-heif. The header's size
is checked (limits.py) before any pixel is decoded.
"""

from __future__ import annotations

import io
import warnings

import numpy as np
from PIL import Image, ImageOps, UnidentifiedImageError

from .errors import PhotoError, Problem
from .limits import DEFAULT_LIMITS, Limits, check_bytes, check_size

try:  # HEIC is read only where pillow-heif installs; the other formats need nothing more.
    from pillow_heif import register_heif_opener
except ImportError:  # pragma: no cover - pillow-heif is a declared dependency
    HEIC_READ = False
else:
    register_heif_opener()
    HEIC_READ = True

FORMATS = {"JPEG": "JPEG", "PNG": "PNG", "WEBP": "WebP", "HEIF": "HEIC"}
# A JPEG far larger than this is decoded at a half, a quarter or an eighth of its size
# (the decoder's own scaling, nearly free): the grid is warped to 360 pixels, and a
# 12-megapixel phone picture would otherwise take most of the time of a reading.
WORKING_SIDE = 1600


def decode(data: bytes, limits: Limits = DEFAULT_LIMITS) -> np.ndarray:
    """The picture in `data` as an upright 8-bit grayscale array; PhotoError if it is not one."""
    check_bytes(len(data), limits)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PhotoError(
            Problem.TOO_BIG,
            f"The picture is far too large to read: at most "
            f"{limits.max_pixels // 1_000_000} megapixels can be read.",
        ) from None
    except UnidentifiedImageError:
        raise PhotoError(
            Problem.NOT_AN_IMAGE,
            "The file is not a picture that can be read (JPEG, PNG, WebP or HEIC).",
        ) from None
    if image.format not in FORMATS:
        raise PhotoError(
            Problem.FORMAT,
            f"The picture is {image.format or 'of an unknown format'}; "
            "JPEG, PNG, WebP and HEIC can be read.",
        )
    check_size(image.width, image.height, limits)
    if image.format == "JPEG":
        image.draft("L", (WORKING_SIDE, WORKING_SIDE))
    try:
        image.load()
        upright = ImageOps.exif_transpose(image)
    except (OSError, ValueError, SyntaxError) as broken:
        raise PhotoError(
            Problem.NOT_AN_IMAGE,
            f"The {FORMATS[image.format]} file is damaged ({broken}): send the whole picture.",
        ) from None
    return np.asarray(_on_white(upright).convert("L"))


def _on_white(image: Image.Image) -> Image.Image:
    """A picture with transparency laid on white, so transparent paper is not read as ink."""
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba)
    return image
