"""Reading a photo on the site: the home page's upload answers the grid form filled in, the
cells to check marked and how the grid stands; POST /api/read-photo answers the same grid
as JSON, from a multipart field or the raw body. Nothing of the photo is kept."""

from __future__ import annotations

import re

import cv2
import numpy as np
import pytest

from webapp.photo.reading import SURE

from photo_files import drawn_grid, photo, photographed, posted

NAME = "image1088.jpg"  # read right but for one cell, which is marked to check
CELL = re.compile(r'<td( class="([^"]*)")?><input id="(r\dc\d)" name="\3" value="(\d?)"([^>]*)>')


@pytest.fixture(scope="module")
def shot():
    """The photo uploaded, and the digits printed in it."""
    return photo(NAME)


def upload(client, data: bytes, route: str = "/read-photo"):
    """Post the picture as the home page's form does."""
    return posted(client, route, data)


def test_the_home_page_offers_a_photo_upload_that_opens_a_phone_camera(client):
    page = client.get("/").get_data(as_text=True)
    form = page[page.index('<form class="photo-form"') :]
    assert 'enctype="multipart/form-data"' in form[: form.index(">")]
    assert re.search(
        r'<input type="file" id="photo" name="photo" accept="image/\*" capture="environment"', form
    )


def test_the_form_comes_back_filled_with_the_cells_to_check_marked(client, shot):
    answer = upload(client, shot.path.read_bytes())
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    cells = {m[2]: m for m in CELL.findall(page)}
    assert len(cells) == 81
    values = [int(cells[f"r{r}c{c}"][3] or 0) for r in range(1, 10) for c in range(1, 10)]
    api = client.post("/api/read-photo", data=shot.path.read_bytes(), content_type="image/jpeg")
    assert values == [int(d) for d in api.json["grid"]]
    wrong = [i for i, v in enumerate(values) if v != shot.printed[i]]
    uncertain = {f"r{u['row']}c{u['column']}": u for u in api.json["uncertain"]}
    assert {f"r{i // 9 + 1}c{i % 9 + 1}" for i in wrong} <= set(uncertain)
    for name, (_, classes, _, _, rest) in cells.items():
        assert ("uncertain" in classes.split()) == (name in uncertain)
        if name in uncertain:
            note = re.search(r'aria-describedby="([^"]+)"', rest)[1]
            said = re.search(rf'<li id="{note}">([^<]*)</li>', page)[1]
            assert said == uncertain[name]["message"]
            assert said.startswith(f"check {name}: read as ")
    assert api.json["standing_message"] in page
    assert "readonly" not in page  # every cell can be changed


def test_the_api_reads_a_multipart_field_or_the_raw_body_alike(client, shot):
    data = shot.path.read_bytes()
    raw = client.post("/api/read-photo", data=data, content_type="image/jpeg").json
    field = upload(client, data, "/api/read-photo").json
    for answer in (raw, field):
        assert answer["status"] == "read"
        assert answer["grid"] == raw["grid"]
        assert answer["standing"] == "one_solution"
        assert len(answer["confidence"]) == 81 and len(answer["corners"]) == 4
        assert all(u["confidence"] < SURE for u in answer["uncertain"])
        assert answer["picture"] == {"width": 960, "height": 1280}
    differs = sum(a != int(b) for a, b in zip(shot.printed, raw["grid"], strict=True))
    assert differs <= 1


def test_a_grid_read_with_a_clash_says_so_and_marks_it(client):
    # A grid drawn here with two 5s in its first row, photographed at a slant.
    corners = np.array([[60.0, 50.0], [620.0, 80.0], [600.0, 640.0], [40.0, 610.0]])
    picture = photographed(drawn_grid({(0, 0): 5, (0, 6): 5, (4, 4): 7}), corners, (680, 680))
    page = upload(client, cv2.imencode(".png", picture)[1].tobytes())
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "The grid as read has clashing digits: Row 1 has two 5s" in text
    for name in ("r1c1", "r1c7"):
        assert re.search(rf'<td class="clash[^"]*"><input id="{name}"', text)
