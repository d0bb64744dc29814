"""A Jigsaw read from a photo (webapp/photo/regions.py): on a page drawn here with its
regions' borders thick, the region map is read from the thick lines, turned with the grid,
and the API and the form say so; a classic grid's thick lines stay its boxes."""

from __future__ import annotations

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from webapp.photo import read_photo

from photo_files import FONT, photographed, posted, printed_grid

# Boxes with two pairs of cells swapped: r1c4 joins region 1 and r3c3 region 2; r6c1 joins
# region 7 and r7c3 region 4.
MAP = "111122333111222333112222333444555666444555666744555666774888999777888999777888999"
# Digits no two of which share a row, a column or a region.
DIGITS = {(0, 0): 5, (1, 4): 3, (2, 7): 8, (3, 1): 7, (4, 5): 1, (5, 8): 2, (6, 2): 9, (8, 6): 4}
SIDE = 540
CELL = SIDE // 9


def jigsaw_grid() -> np.ndarray:
    """The Jigsaw printed: thin lines between cells of a region, thick ones between regions."""
    grid = np.full((SIDE, SIDE), 235, np.uint8)
    for k in range(10):
        at = min(k * CELL, SIDE - 2)
        cv2.line(grid, (at, 0), (at, SIDE), 30, 2)
        cv2.line(grid, (0, at), (SIDE, at), 30, 2)
    cv2.rectangle(grid, (0, 0), (SIDE - 1, SIDE - 1), 30, 5)
    for row in range(9):
        for column in range(9):
            region = MAP[row * 9 + column]
            x, y = column * CELL, row * CELL
            if column < 8 and MAP[row * 9 + column + 1] != region:
                cv2.line(grid, (x + CELL, y), (x + CELL, y + CELL), 30, 6)
            if row < 8 and MAP[(row + 1) * 9 + column] != region:
                cv2.line(grid, (x, y + CELL), (x + CELL, y + CELL), 30, 6)
    page = Image.fromarray(grid)
    font = ImageFont.truetype(FONT, round(CELL * 0.7))
    draw = ImageDraw.Draw(page)
    for (row, column), digit in DIGITS.items():
        middle = ((column + 0.5) * CELL, (row + 0.5) * CELL)
        draw.text(middle, str(digit), font=font, fill=20, anchor="mm")
    return np.asarray(page)


def png(picture: np.ndarray) -> bytes:
    """A picture as a PNG file's bytes."""
    done, data = cv2.imencode(".png", picture)
    assert done
    return data.tobytes()


def photo_of(grid: np.ndarray, quarter_turns: int = 0) -> bytes:
    """The grid photographed at a slight slant on a page, turned `quarter_turns`."""
    corners = np.array([[90, 70], [660, 85], [650, 650], [80, 640]], float)
    picture = photographed(grid, corners, (760, 720))
    return png(np.ascontiguousarray(np.rot90(picture, quarter_turns)))


def numbered(labels: str) -> tuple[int, ...]:
    """A map's labels as Rules.regions numbers them: 0, 1, ... in reading order."""
    numbers: dict[str, int] = {}
    return tuple(numbers.setdefault(label, len(numbers)) for label in labels)


def test_a_jigsaw_s_thick_lines_are_read_as_its_region_map():
    assert read_photo(photo_of(jigsaw_grid())).rules.regions == numbered(MAP)


def test_a_jigsaw_photographed_sideways_is_read_with_its_map_upright():
    assert read_photo(photo_of(jigsaw_grid(), 1)).rules.regions == numbered(MAP)


def test_a_classic_grid_s_thick_lines_stay_its_boxes():
    assert read_photo(photo_of(printed_grid(DIGITS, SIDE))).rules.classic


def test_the_api_answers_the_variant_and_a_label_a_cell(client):
    answer = client.post("/api/read-photo", data=photo_of(jigsaw_grid()), content_type="image/png")
    assert (answer.json["variant"], "".join(answer.json["regions"])) == ("jigsaw", MAP)


def test_the_form_comes_back_with_the_jigsaw_chosen(client):
    page = posted(client, "/read-photo", photo_of(jigsaw_grid())).get_data(as_text=True)
    assert '<option value="jigsaw" data-regions selected>' in page


def test_the_form_comes_back_with_the_region_map_filled(client):
    page = posted(client, "/read-photo", photo_of(jigsaw_grid())).get_data(as_text=True)
    assert 'name="map_r1c4" value="1"' in page  # region 1's, not its box's 2


def test_the_page_says_the_regions_were_read_from_the_picture(client):
    page = posted(client, "/read-photo", photo_of(jigsaw_grid())).get_data(as_text=True)
    assert "thick lines draw a Jigsaw" in page
