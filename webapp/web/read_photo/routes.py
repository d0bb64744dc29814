"""POST /read-photo: the home page's "Read a photo" form, answered with the grid form filled
in (every cell editable), the cells to check marked, and how the read grid stands; a
picture that cannot be read comes back on the home page saying why."""

from __future__ import annotations

from flask import Blueprint, render_template
from werkzeug.datastructures import MultiDict

from ...photo import PhotoError, stand
from ..http_caching import never_stored
from ..puzzle_form.reading import read_form
from ..puzzle_form.view import form_page
from .bounded import bounded_reading
from .upload import allow_photo_body, sent_picture
from .view import read_page

bp = Blueprint("read_photo", __name__)

NO_PICTURE = "Read a photo: choose a picture of a Sudoku first, then press Read photo."

# A reading is of one person's picture, at one moment: no cache keeps it.
bp.after_request(never_stored)


@bp.post("/read-photo")
def read() -> tuple[str, int]:
    """The form filled from the photo (200), or the empty form saying what is wrong (422)."""
    allow_photo_body()
    data = sent_picture(raw_allowed=False)
    if not data:
        return _refused(NO_PICTURE)
    try:
        reading = bounded_reading(data)
    except PhotoError as error:
        return _refused(f"Read a photo: {error.message}")
    page, photo = read_page(reading, stand(reading.grid, rules=reading.rules))
    return render_template("index.html", page=page, photo=photo), 200


def _refused(message: str) -> tuple[str, int]:
    """The home page's empty form with the message at the top."""
    page = form_page(read_form(MultiDict()), about_request=(message,))
    return render_template("index.html", page=page, photo=None), 422
