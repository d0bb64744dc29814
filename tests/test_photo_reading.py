"""Reading a Sudoku from a photo (webapp/photo/): newspaper photos read end to end, the same
photo turned, shrunk and recompressed read the same, and each stage on a grid drawn here
whose corners and digits are known."""

from __future__ import annotations

import io

import cv2
import numpy as np
import pytest
from PIL import Image

from webapp.photo import read_photo
from webapp.photo.cells import digit_images
from webapp.photo.corners import find_corners
from webapp.photo.digits import CLASSES, WEIGHTS, network
from webapp.photo.threshold import working_copy
from webapp.photo.warp import CELL, SIDE, warp

from photo_files import drawn_grid, photo, photographed

# A handful of the test split: upright and sideways (1024), red digits (18), a steep angle
# (1080), an old phone's 640x480 (114).
HANDFUL = ["image1019.jpg", "image1024.jpg", "image18.jpg", "image1080.jpg", "image114.jpg"]
TURNED = "image1019.jpg"


def encoded(picture: np.ndarray, extension: str = ".jpg", *options: int) -> bytes:
    """A picture as the bytes of a file."""
    done, data = cv2.imencode(extension, picture, list(options))
    assert done
    return data.tobytes()


@pytest.fixture(scope="module")
def turned_photo() -> tuple[np.ndarray, tuple[int, ...]]:
    """The picture that is turned, shrunk and recompressed below, and its printed digits."""
    shot = photo(TURNED)
    return cv2.imread(str(shot.path)), shot.printed


@pytest.mark.parametrize("name", HANDFUL)
def test_a_newspaper_photo_is_read_digit_for_digit(name):
    shot = photo(name)
    reading = read_photo(shot.path.read_bytes())
    assert reading.grid.cells == shot.printed
    assert len(reading.confidence) == 81
    for x, y in reading.corners:
        assert 0 <= x < reading.width and 0 <= y < reading.height


@pytest.mark.parametrize("quarter_turns", [1, 2, 3])
def test_a_photo_taken_turned_is_read_upright_with_its_corners_turned(turned_photo, quarter_turns):
    picture, printed = turned_photo
    upright = read_photo(encoded(picture))
    turned = read_photo(encoded(np.ascontiguousarray(np.rot90(picture, quarter_turns))))
    assert turned.grid.cells == printed
    assert turned.turns == (upright.turns - quarter_turns) % 4
    # np.rot90 takes the point (x, y) to (y, width - 1 - x): the puzzle's corners follow it.
    width = picture.shape[1]
    expected = np.array(upright.corners)
    for _ in range(quarter_turns):
        expected = np.stack([expected[:, 1], width - 1 - expected[:, 0]], axis=1)
        width = picture.shape[0] if width == picture.shape[1] else picture.shape[1]
    assert np.abs(np.array(turned.corners) - expected).max() < 0.01 * max(picture.shape)


@pytest.mark.parametrize(
    "copy",
    [
        pytest.param(lambda p: encoded(cv2.resize(p, None, fx=0.5, fy=0.5)), id="half-size"),
        pytest.param(lambda p: encoded(p, ".jpg", cv2.IMWRITE_JPEG_QUALITY, 25), id="jpeg-25"),
        pytest.param(lambda p: encoded(p, ".png"), id="png"),
        pytest.param(lambda p: encoded(p, ".webp", cv2.IMWRITE_WEBP_QUALITY, 60), id="webp"),
        pytest.param(lambda p: _pillow(p, "HEIF"), id="heic"),
        pytest.param(lambda p: _pillow(p, "PNG", mode="LA"), id="png-gray-alpha"),
    ],
)
def test_a_shrunk_or_recompressed_copy_is_read_the_same(turned_photo, copy):
    picture, printed = turned_photo
    assert read_photo(copy(picture)).grid.cells == printed


def _pillow(picture: np.ndarray, kind: str, mode: str = "RGB") -> bytes:
    """The picture saved by Pillow (pillow-heif for HEIF) in `kind`, as `mode`."""
    saved = io.BytesIO()
    Image.fromarray(cv2.cvtColor(picture, cv2.COLOR_BGR2RGB)).convert(mode).save(saved, kind)
    return saved.getvalue()


@pytest.mark.parametrize(
    "orientation, turn",
    [
        (6, Image.Transpose.ROTATE_90),
        (8, Image.Transpose.ROTATE_270),
        (3, Image.Transpose.ROTATE_180),
    ],
)
def test_a_camera_that_says_it_was_turned_is_believed(turned_photo, orientation, turn):
    # A phone stores its sensor's pixels and says in EXIF how to turn them to stand upright.
    picture, printed = turned_photo
    sensor = Image.fromarray(cv2.cvtColor(picture, cv2.COLOR_BGR2RGB)).transpose(turn)
    exif = Image.Exif()
    exif[0x0112] = orientation
    saved = io.BytesIO()
    sensor.save(saved, "JPEG", exif=exif)
    reading = read_photo(saved.getvalue())
    assert reading.grid.cells == printed
    assert (reading.width, reading.height) == (picture.shape[1], picture.shape[0])
    assert reading.turns == 0


SLANT = np.array([[130.0, 90.0], [690.0, 140.0], [650.0, 700.0], [100.0, 640.0]])
DIGITS = {(0, 0): 5, (0, 8): 3, (4, 4): 7, (2, 6): 1, (8, 2): 9, (6, 7): 4}


def test_the_grid_corners_are_found_where_the_grid_was_drawn():
    page = photographed(drawn_grid(DIGITS), SLANT, (800, 800))
    working = working_copy(page)
    found = find_corners(working) / working.scale
    assert np.abs(found - SLANT).max() < 6


def test_the_warp_puts_the_grid_lines_on_the_cell_edges():
    page = photographed(drawn_grid(DIGITS), SLANT, (800, 800))
    square = warp(page, SLANT)
    assert square.shape == (SIDE, SIDE)
    dark = square < 128
    lines = dark.mean(axis=0)
    for k in range(1, 9):  # the inner lines, thin or thick, where the cells meet
        assert lines[k * CELL - 3 : k * CELL + 4].max() > 0.8
    assert lines[CELL // 2] < 0.2  # and the middle of a column is mostly paper


def test_cells_with_a_digit_give_an_image_and_the_others_none():
    square = warp(photographed(drawn_grid(DIGITS), SLANT, (800, 800)), SLANT)
    images = digit_images(square)
    assert [i for i, image in enumerate(images) if image is not None] == sorted(
        r * 9 + c for r, c in DIGITS
    )
    for image in images:
        if image is not None:
            assert image.shape == (28, 28) and 0 <= image.min() and image.max() <= 1


def test_the_drawn_digits_are_read_whole():
    page = photographed(drawn_grid(DIGITS), SLANT, (800, 800))
    reading = read_photo(encoded(page, ".png"))
    assert {(i // 9, i % 9): v for i, v in enumerate(reading.grid.cells) if v} == DIGITS


def test_the_network_is_plain_arrays_and_says_probabilities():
    with np.load(WEIGHTS, allow_pickle=False) as weights:
        assert all(weights[name].dtype.kind == "f" for name in weights.files)
    rng = np.random.default_rng(1)
    probabilities = network().probabilities(rng.random((5, 28, 28), dtype=np.float32))
    assert probabilities.shape == (5, CLASSES)
    assert np.allclose(probabilities.sum(axis=1), 1)
