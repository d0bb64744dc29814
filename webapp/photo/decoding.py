"""A photo's bytes to a grayscale array, upright as its camera's EXIF says.

JPEG, PNG and WebP through Pillow, HEIC/HEIF through pillow-heif. The header's size and
what decoding will cost are checked (limits.py, costs.py) before any pixel is decoded.
A large picture is decoded reduced where the decoder can (a JPEG's draft mode), else
reduced right after decoding, so that at most one full-size copy is ever held: laying
transparency on white and turning to gray are done on the small copy.

Every step may meet a damaged file, and the decoders say so in many ways (OSError,
SyntaxError, ValueError, EOFError, struct.error, IndexError, pillow-heif's own...):
each step turns whatever it raises into a PhotoError naming the problem.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable
from typing import TypeVar

import numpy as np
from PIL import Image, UnidentifiedImageError

from .costs import DECODER_BYTES_PER_PIXEL, check_cost, check_held, webp_size
from .errors import PhotoError, PhotoProblem
from .limits import DEFAULT_LIMITS, Limits, check_bytes, check_size

try:  # HEIC is read only where pillow-heif installs; the other formats need nothing more.
    from pillow_heif import register_heif_opener
except ImportError:  # pragma: no cover - pillow-heif is a declared dependency
    HEIC_READ = False
else:
    register_heif_opener()
    HEIC_READ = True

FORMATS = {"JPEG": "JPEG", "PNG": "PNG", "WEBP": "WebP", "HEIF": "HEIC"}
# A picture far larger than this is decoded at a half, a quarter or an eighth of its size
# (a JPEG by the decoder's own scaling, nearly free; others reduced once decoded): the
# grid is warped to 360 pixels, and a 12-megapixel phone picture would otherwise take
# most of the time of a reading.
WORKING_SIDE = 1600
# The transposition each EXIF orientation asks for (2 to 8; 1 is upright).
ORIENTATION = 0x0112
UPRIGHT = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}
# Modes Pillow reduces by averaging without a premultiplied copy of the whole picture;
# others (alpha, palettes, 16 bits) are reduced by taking every n-th pixel.
AVERAGED = ("L", "RGB", "I", "F", "CMYK", "YCbCr")
Result = TypeVar("Result")


def decode(data: bytes, limits: Limits = DEFAULT_LIMITS) -> np.ndarray:
    """The picture in `data` as an upright 8-bit grayscale array; PhotoError if it is not one."""
    check_bytes(len(data), limits)
    webp = webp_size(data)
    if webp is not None:  # before Pillow opens it: see webp_size
        check_size(*webp, limits)
        check_held("WebP", *webp, int(webp[0] * webp[1] * DECODER_BYTES_PER_PIXEL["WEBP"]), limits)
    image = _opened(data, limits)
    kind = FORMATS[str(image.format)]
    check_size(image.width, image.height, limits)
    check_cost(image, data, limits)
    small = _step(kind, lambda: _decoded_small(image))
    # Read once the pixels are: a PNG's EXIF may come after them, and a JPEG's draft
    # mode must be chosen before anything loads it.
    orientation = _step(kind, lambda: image.getexif().get(ORIENTATION))
    if small is not image:
        image.close()  # the full-size copy goes now
    if orientation in UPRIGHT:
        small = _step(kind, lambda: small.transpose(UPRIGHT[orientation]))
    return _step(kind, lambda: np.asarray(_on_white(small).convert("L")))


def _opened(data: bytes, limits: Limits) -> Image.Image:
    """The picture opened (its header read, no pixel decoded), in a format the reader takes."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data))
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise PhotoError(
            PhotoProblem.TOO_BIG,
            f"The picture is far too large to read: at most "
            f"{limits.max_pixels // 1_000_000} megapixels can be read.",
        ) from None
    except UnidentifiedImageError:
        raise PhotoError(
            PhotoProblem.NOT_AN_IMAGE,
            "The file is not a picture that can be read (JPEG, PNG, WebP or HEIC).",
        ) from None
    except MemoryError:
        raise
    except Exception as broken:  # a header cut short or damaged: see the module's docstring
        raise _damaged(_format_of(data), broken) from None
    if image.format not in FORMATS:
        raise PhotoError(
            PhotoProblem.FORMAT,
            f"The picture is {image.format or 'of an unknown format'}; "
            "JPEG, PNG, WebP and HEIC can be read.",
        )
    return image


def _decoded_small(image: Image.Image) -> Image.Image:
    """The picture's pixels at most a little over WORKING_SIDE on its shorter side."""
    factor = min(image.width, image.height) // WORKING_SIDE
    if image.format == "JPEG":
        image.draft("L", (WORKING_SIDE, WORKING_SIDE))
        image.load()
        return image
    image.load()
    if factor < 2:
        return image
    if image.mode in AVERAGED:
        return image.reduce(factor)
    size = (image.width // factor, image.height // factor)
    return image.resize(size, Image.Resampling.NEAREST)


def _step(kind: str, step: Callable[[], Result]) -> Result:
    """What `step` gives; a PhotoError saying the file is damaged if it raises."""
    try:
        return step()
    except (PhotoError, MemoryError):
        raise
    except Exception as broken:  # see the module's docstring
        raise _damaged(kind, broken) from None


def _damaged(kind: str, broken: Exception) -> PhotoError:
    """The error for a damaged file of `kind`: the decoder's words when they are plain."""
    said = str(broken).strip().rstrip(".")
    if not said.isprintable() or not said.isascii() or len(said) > 100:
        said = type(broken).__name__
    return PhotoError(
        PhotoProblem.NOT_AN_IMAGE, f"The {kind} file is damaged ({said}): send the whole picture."
    )


def _format_of(data: bytes) -> str:
    """The format a file's first bytes name, for a message about a header that broke."""
    if data.startswith(b"\xff\xd8"):
        return "JPEG"
    if data.startswith(b"\x89PNG"):
        return "PNG"
    if data[8:12] == b"WEBP":
        return "WebP"
    if data[4:8] == b"ftyp":
        return "HEIC"
    return "picture"


def _on_white(image: Image.Image) -> Image.Image:
    """A picture with transparency laid on white, so transparent paper is not read as ink."""
    if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info:
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba)
    return image
