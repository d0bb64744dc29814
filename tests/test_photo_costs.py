"""What a picture will cost to decode, told before decoding: a progressive JPEG of many
scans and a picture whose decoder would hold too many bytes are refused with a 422 that
names the problem; a JPEG cut inside its header is a 422 like one cut later."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from webapp.photo.costs import jpeg_layout
from webapp.photo.limits import MAX_SCANS

from photo_files import photo

SIDE = 6324  # 40 megapixels: the most the reader takes


def saved(image: Image.Image, kind: str, **options) -> bytes:
    """`image` saved as `kind`."""
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()


def scan_bomb(repeats: int) -> bytes:
    """The issue's bomb: a progressive JPEG whose last scan is repeated `repeats` times."""
    data = saved(Image.new("L", (SIDE, SIDE), 255), "JPEG", quality=10, progressive=True)
    last, end = data.rindex(b"\xff\xda"), len(data) - 2
    return data[:end] + data[last:end] * repeats + data[end:]


@pytest.mark.parametrize("mode, scans", [("RGB", 10), ("L", 6)])
def test_a_progressive_jpeg_has_the_scans_libjpeg_writes(mode, scans):
    data = saved(Image.new(mode, (300, 200), 128), "JPEG", progressive=True)
    assert jpeg_layout(data, MAX_SCANS).scans == scans


def test_a_progressive_jpeg_of_a_thousand_scans_is_refused_before_decoding(client):
    # 22 s of CPU in a worker before; now read from its markers in milliseconds.
    answer = client.post("/api/read-photo", data=scan_bomb(1000), content_type="image/jpeg")
    assert (answer.status_code, answer.json["problem"]) == (422, "too_costly")


@pytest.mark.parametrize(
    "make",
    [
        lambda: saved(Image.new("RGB", (SIDE, SIDE)), "JPEG", progressive=True, subsampling=0),
        lambda: saved(Image.new("L", (SIDE, SIDE), 255), "WEBP", lossless=True),
    ],
    ids=["progressive-jpeg-full-colour", "webp"],
)
def test_a_picture_whose_decoder_would_hold_too_much_is_refused(client, make):
    # Each took 240 and 610 MB to decode; under the reading's memory ceiling Pillow's WebP
    # decoder could not even open (its frames are reserved at opening), "damaged".
    answer = client.post("/api/read-photo", data=make(), content_type="image/webp")
    assert (answer.status_code, answer.json["problem"]) == (422, "too_big")


@pytest.mark.parametrize("cut", [200, 1000, 5000])
def test_a_jpeg_cut_inside_its_header_is_a_422(client, cut):
    data = photo("image1088.jpg").path.read_bytes()[:cut]
    answer = client.post("/api/read-photo", data=data, content_type="image/jpeg")
    assert (answer.status_code, answer.json["problem"]) == (422, "not_an_image")
