"""A photo reading inside the site's bounds: at the client's seat like a costly solve, in
a child process whose ceilings hold whatever the decoder does, and never stored by a cache.
Pictures here are drawn in memory; the ceilings are set low so that they are reached."""

from __future__ import annotations

import io
import socket

import cv2
import pytest
from PIL import Image
from test_solver_seat import held_by

from webapp.photo import Limits
from webapp.photo.isolation import Ceilings, ReadingStopped, read_apart
from webapp.web.solver_seat import RETRY_AFTER, SEAT_KEY

from clocks import FakeClock
from photo_files import drawn_grid, posted

ADDRESS = "203.0.113.5"  # not exempt: loopback is


def grid_png() -> bytes:
    """A clean grid with a few digits: read in a few milliseconds."""
    return cv2.imencode(".png", drawn_grid({(0, 0): 5, (4, 4): 7}, 300))[1].tobytes()


def saved(image: Image.Image, kind: str, **options) -> bytes:
    """`image` saved as `kind`."""
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()


def read_api(client, data: bytes, address: str = "127.0.0.1"):
    """POST `data` to /api/read-photo from `address`."""
    return client.post(
        "/api/read-photo",
        data=data,
        content_type="application/octet-stream",
        environ_base={"REMOTE_ADDR": address},
    )


@pytest.mark.parametrize("route", ["/api/read-photo", "/read-photo"])
@pytest.mark.parametrize("data", [grid_png(), b"not a picture"], ids=["read", "refused"])
def test_a_photo_answer_is_never_stored(client, route, data):
    answer = posted(client, route, data)
    assert answer.status_code in (200, 422)
    assert answer.cache_control.no_store


def test_a_second_photo_read_at_once_from_one_address_is_429(app):
    # Photo reads skipped the seat: eight bombs in flight from each of two addresses
    # took a victim from 120 pages a minute to 11.
    with held_by(app, ADDRESS):
        answer = read_api(app.test_client(), grid_png(), ADDRESS)
    assert (answer.status_code, answer.headers["Retry-After"]) == (429, str(RETRY_AFTER))


def test_a_client_past_its_share_of_the_seat_gets_429_for_a_photo(app):
    seat = app.extensions[SEAT_KEY]
    seat.shares.clock = FakeClock()
    seat.shares.charge(ADDRESS, 60.0)  # a minute of readings just now
    assert read_api(app.test_client(), grid_png(), ADDRESS).status_code == 429


def test_a_reading_past_the_wall_ceiling_is_a_503_that_says_so(make_app):
    answer = read_api(make_app(PHOTO_WALL_SECONDS=0).test_client(), grid_png())
    assert (answer.status_code, answer.headers["Retry-After"]) == (503, str(RETRY_AFTER))
    assert "stopped it to stay responsive" in answer.json["error"]
    assert answer.cache_control.no_store


def test_a_reading_past_the_memory_ceiling_is_a_422_too_big(make_app):
    # 9 megapixels with alpha: 36 MB in Pillow, within the limits told from the header.
    data = saved(Image.new("RGBA", (3000, 3000), (255, 255, 255, 0)), "PNG")
    answer = read_api(make_app(PHOTO_MEMORY_MB=20).test_client(), data)
    assert (answer.status_code, answer.json["problem"]) == (422, "too_big")


def scan_bomb(side: int, repeats: int) -> bytes:
    """A progressive JPEG whose last scan is repeated `repeats` times (the issue's bomb)."""
    data = saved(Image.new("L", (side, side), 255), "JPEG", quality=10, progressive=True)
    last, end = data.rindex(b"\xff\xda"), len(data) - 2
    return data[:end] + data[last:end] * repeats + data[end:]


# Scans past counting: the bombs below get to the decoder, for the ceilings to stop.
NO_SCAN_LIMIT = Limits(max_scans=10**6)


def test_a_reading_past_the_cpu_ceiling_is_stopped():
    # About 22 s of CPU without a ceiling.
    with pytest.raises(ReadingStopped) as stopped:
        read_apart(scan_bomb(6324, 1000), Ceilings(256 << 20, 1, 60.0), limits=NO_SCAN_LIMIT)
    assert stopped.value.reason == "cpu"


def test_a_reading_stops_once_its_client_has_gone():
    ours, theirs = socket.socketpair()
    theirs.close()  # the client gave up (or nginx timed out)
    with ours, pytest.raises(ReadingStopped) as stopped:
        read_apart(scan_bomb(6324, 1000), Ceilings(256 << 20, 60, 60.0), ours, NO_SCAN_LIMIT)
    assert stopped.value.reason == "gone"
