"""What decoding a picture will cost, told from its bytes and header before any pixel is
decoded: a JPEG's scans and coefficient memory, and the bytes each decoder holds.

A progressive JPEG is decoded scan by scan, each scan passing over every block of the
picture however small it is: a 300 KB file whose last scan was repeated a thousand times
cost 22 s of CPU, and draft-mode scaling does not help. libjpeg's progressive script
writes 10 scans for a colour picture and 6 for a gray one; MAX_SCANS (limits.py) leaves a
wide margin above those, and at 40 megapixels 32 scans cost about a second of CPU.

A progressive JPEG (or any JPEG of several scans) also keeps every DCT coefficient of
the whole picture until its last scan (2 bytes each, 64 per 8x8 block of each component):
6 bytes a pixel at full colour resolution, whatever size it is drawn at. The other
decoders hold the whole picture, and some several copies of it (measured with Pillow 13
and pillow-heif 1.8 on 40-megapixel pictures): a WebP about 15 bytes a pixel (libwebp's
RGBA, a copy of it, Pillow's and the RGB converted), a HEIC about 7 (libheif's planes,
its RGB and Pillow's), a PNG or any other Pillow format its mode's size in Pillow (4
bytes for colour, 1 for gray).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PIL import Image

from .errors import PhotoError, PhotoProblem
from .limits import DEFAULT_LIMITS, Limits

# Bytes a decoder holds per pixel at its peak (see above), by Pillow's format name.
DECODER_BYTES_PER_PIXEL = {"WEBP": 16.0, "HEIF": 7.5}
# Pillow's bytes a pixel for the modes of one byte or two; every other mode takes four.
MODE_BYTES = {"1": 1, "L": 1, "P": 1, "I;16": 2, "I;16B": 2, "I;16L": 2, "I;16N": 2}
# The markers that start a frame (SOF0-SOF15 but for DHT, JPG and DAC), and the
# progressive ones among them.
FRAME_MARKERS = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}
PROGRESSIVE_MARKERS = frozenset({0xC2, 0xC6, 0xCA, 0xCE})
START_OF_SCAN, END_OF_IMAGE = 0xDA, 0xD9
# After a scan's header, its entropy-coded data runs to the next 0xFF that is not a
# stuffed zero, a restart marker or a fill byte.
NEXT_MARKER = re.compile(rb"\xff[^\x00\xd0-\xd7\xff]")


@dataclass(frozen=True)
class JpegLayout:
    """What a JPEG's markers say: its scans, whether it is progressive, and the bytes its
    coefficients take (0 when the frame header was not found)."""

    scans: int
    progressive: bool
    coefficient_bytes: int


def jpeg_layout(data: bytes, stop_after: int) -> JpegLayout:
    """The JPEG's layout read from its markers, counting scans up to `stop_after` and one
    more; a damaged stream is read as far as it goes (the decoder says what is wrong)."""
    scans, progressive, coefficients = 0, False, 0
    at = 2  # past the start-of-image marker
    while at + 4 <= len(data) and scans <= stop_after:
        if data[at] != 0xFF or data[at + 1] == 0xFF:  # stray or fill bytes between segments
            at += 1
            continue
        marker = data[at + 1]
        if marker == END_OF_IMAGE:
            break
        if 0xD0 <= marker <= 0xD7 or marker == 0x01:  # markers with no segment
            at += 2
            continue
        length = int.from_bytes(data[at + 2 : at + 4], "big")
        if marker in FRAME_MARKERS:
            progressive = marker in PROGRESSIVE_MARKERS
            coefficients = _coefficient_bytes(data[at + 4 : at + 2 + length])
        at += 2 + length
        if marker == START_OF_SCAN:
            scans += 1
            found = NEXT_MARKER.search(data, at)
            if found is None:
                break
            at = found.start()
    return JpegLayout(scans, progressive, coefficients)


def _coefficient_bytes(frame: bytes) -> int:
    """The bytes a frame header's components' DCT coefficients take: 128 a block."""
    if len(frame) < 6:
        return 0
    height, width, count = (
        int.from_bytes(frame[1:3], "big"),
        int.from_bytes(frame[3:5], "big"),
        frame[5],
    )
    factors = [(byte >> 4, byte & 15) for byte in frame[7 : 6 + 3 * count : 3]]
    if not factors or min(min(f) for f in factors) == 0:
        return 0
    most_h, most_v = max(h for h, _ in factors), max(v for _, v in factors)
    blocks = 0
    for h, v in factors:
        across = -(-width * h // (8 * most_h))
        down = -(-height * v // (8 * most_v))
        blocks += across * down
    return blocks * 128


def webp_size(data: bytes) -> tuple[int, int] | None:
    """A WebP's width and height from its first chunk's header; None if it is not one.
    Pillow's WebP decoder reserves its frames at opening, before its size can be checked."""
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP" or len(data) < 30:
        return None
    chunk = data[12:16]
    if chunk == b"VP8X":  # extended: the canvas, 24 bits each, less one
        return 1 + int.from_bytes(data[24:27], "little"), 1 + int.from_bytes(data[27:30], "little")
    if chunk == b"VP8L" and data[20] == 0x2F:  # lossless: 14 bits each, less one
        bits = int.from_bytes(data[21:25], "little")
        return 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    if chunk == b"VP8 " and data[23:26] == b"\x9d\x01\x2a":  # lossy: 14 bits each
        return (
            int.from_bytes(data[26:28], "little") & 0x3FFF,
            int.from_bytes(data[28:30], "little") & 0x3FFF,
        )
    return None


def check_cost(image: Image.Image, data: bytes, limits: Limits = DEFAULT_LIMITS) -> None:
    """Refuse a picture whose decoding would cost more than a reading may spend: too many
    scans, or more bytes held than `limits.max_decoded_bytes`."""
    pixels = image.width * image.height
    if image.format == "JPEG":
        layout = jpeg_layout(data, limits.max_scans)
        if layout.scans > limits.max_scans:
            raise PhotoError(
                PhotoProblem.TOO_COSTLY,
                f"The JPEG is saved in more than {limits.max_scans} scans (progressive): "
                "it would take far too long to decode. Save it again as a normal JPEG.",
            )
        # libjpeg keeps every coefficient when the picture comes in several scans.
        held = layout.coefficient_bytes if layout.progressive or layout.scans > 1 else 0
        kind = "progressive JPEG"
    else:
        per_pixel = DECODER_BYTES_PER_PIXEL.get(image.format or "", MODE_BYTES.get(image.mode, 4))
        held = int(pixels * per_pixel)
        kind = FORMAT_WORDS.get(image.format or "", "picture")
    check_held(kind, image.width, image.height, held, limits)


def check_held(kind: str, width: int, height: int, held: int, limits: Limits) -> None:
    """Refuse a picture whose decoder would hold `held` bytes, over the limit."""
    if held > limits.max_decoded_bytes:
        most = limits.max_decoded_bytes * width * height // held
        raise PhotoError(
            PhotoProblem.TOO_BIG,
            f"The {kind} is {width}x{height} pixels: decoding it would take "
            f"{held / 1048576:.0f} MB; at most {most / 1_000_000:.1f} megapixels of it can be "
            "read. Send a smaller picture or a JPEG.",
        )


# How a message names a format.
FORMAT_WORDS = {"PNG": "PNG", "WEBP": "WebP", "HEIF": "HEIC"}
