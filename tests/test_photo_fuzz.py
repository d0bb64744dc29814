"""Damaged pictures of every format the reader takes are refused with a 422 naming the
problem, never a 500: the cases the probe found by name, then a thousand seeded mutations
of a small picture of each format (cuts, flipped bytes, damaged chunks), decoded directly,
and a few hundred of them through the API."""

from __future__ import annotations

import io
import random
import struct
import zlib
from collections.abc import Callable

import numpy as np
import pytest
from PIL import Image

from webapp.photo import PhotoError
from webapp.photo.decoding import decode

from photo_files import drawn_grid

MUTATIONS_PER_FORMAT = 1000
THROUGH_THE_API = 60  # of each format's
FORMATS = ("JPEG", "PNG", "WEBP", "HEIF")


def saved(image: Image.Image, kind: str, **options) -> bytes:
    """`image` saved as `kind`."""
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()


def small_picture() -> Image.Image:
    """A small grid with digits, in colour: the mutations' seed."""
    gray = drawn_grid({(0, 0): 5, (2, 7): 3, (4, 4): 7, (8, 1): 9}, 180)
    return Image.fromarray(gray).convert("RGB")


ORIGINALS = {kind: saved(small_picture(), kind) for kind in FORMATS}
ORIGINALS["JPEG-progressive"] = saved(small_picture(), "JPEG", progressive=True)
ORIGINALS["PNG-alpha"] = saved(small_picture().convert("RGBA"), "PNG")
ORIGINALS["WEBP-lossless"] = saved(small_picture(), "WEBP", lossless=True)


def png_chunk(kind: bytes, body: bytes) -> bytes:
    """A PNG chunk with its length and CRC."""
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def with_ztxt(png: bytes) -> bytes:
    """The PNG with a zTXt chunk that opens to more than Pillow takes, after its header."""
    text = png_chunk(b"zTXt", b"Comment\0\0" + zlib.compress(b" " * 2_000_000))
    return png[:33] + text + png[33:]


# What the probe found as 500s, each by name.
NAMED = {
    "webp-cut": lambda: ORIGINALS["WEBP"][: len(ORIGINALS["WEBP"]) // 2],
    "png-cut-inside-ihdr": lambda: ORIGINALS["PNG"][:20],
    "jpeg-cut-inside-its-header": lambda: ORIGINALS["JPEG"][:200],
    "png-with-a-large-ztxt": lambda: with_ztxt(ORIGINALS["PNG"]),
    "heic-cut": lambda: ORIGINALS["HEIF"][: len(ORIGINALS["HEIF"]) // 2],
}


@pytest.mark.parametrize("make", NAMED.values(), ids=NAMED.keys())
def test_a_damaged_picture_the_probe_found_is_a_422(client, make):
    answer = client.post("/api/read-photo", data=make(), content_type="image/png")
    assert (answer.status_code, answer.json["problem"]) == (422, "not_an_image")


def cut(data: bytes, rng: random.Random) -> bytes:
    """Cut short anywhere, most often early (where the headers are)."""
    return data[: int(len(data) * rng.random() ** 2)]


def flipped(data: bytes, rng: random.Random) -> bytes:
    """One to eight bytes changed anywhere, most often early."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[int(len(out) * rng.random() ** 2)] = rng.randrange(256)
    return bytes(out)


def spliced(data: bytes, rng: random.Random) -> bytes:
    """A span removed, repeated or filled with noise: a chunk or segment damaged."""
    start = rng.randrange(len(data))
    end = min(len(data), start + rng.randint(1, 64))
    middle = rng.choice([b"", data[start:end] * rng.randint(2, 4), rng.randbytes(end - start)])
    return data[:start] + middle + data[end:]


def marker_damaged(data: bytes, rng: random.Random) -> bytes:
    """A length or size field damaged: a 0xFF marker's next bytes, or a PNG chunk's length."""
    places = [i for i in range(len(data) - 3) if data[i] == 0xFF] or [8]
    at = rng.choice(places[:40]) + rng.randint(1, 3)
    return data[:at] + rng.randbytes(2) + data[at + 2 :]


MUTATE: tuple[Callable[[bytes, random.Random], bytes], ...] = (
    cut,
    flipped,
    spliced,
    marker_damaged,
)


def mutations(kind: str, count: int, seed: int) -> list[bytes]:
    """`count` damaged copies of the `kind` original, the same on every run."""
    rng = random.Random(f"{kind}-{seed}")
    originals = [data for name, data in ORIGINALS.items() if name.startswith(kind)]
    return [rng.choice(MUTATE)(rng.choice(originals), rng) for _ in range(count)]


@pytest.mark.parametrize("kind", FORMATS)
def test_a_thousand_damaged_pictures_are_decoded_or_refused(kind):
    failures = []
    for number, data in enumerate(mutations(kind, MUTATIONS_PER_FORMAT, seed=1)):
        try:
            assert decode(data).dtype == np.uint8
        except PhotoError:
            pass
        except Exception as error:  # anything else is what a 500 would be
            failures.append(f"{number}: {type(error).__name__}: {error}")
    assert failures == []


@pytest.mark.parametrize("kind", FORMATS)
def test_damaged_pictures_through_the_api_are_never_a_5xx(client, kind):
    statuses = {
        client.post("/api/read-photo", data=data, content_type="image/png").status_code
        for data in mutations(kind, THROUGH_THE_API, seed=2)
    }
    assert statuses <= {200, 422}
