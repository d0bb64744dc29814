"""The picture a request sends: a multipart field or the raw body, within the photo limit.

Only these two routes take a body this large (PHOTO_MAX_CONTENT_LENGTH, in place of
MAX_CONTENT_LENGTH); the limit is set before anything reads the body.
"""

from __future__ import annotations

from flask import abort, current_app, request

FIELD = "photo"


def allow_photo_body() -> None:
    """Let this request's body be as long as a photo's; 413 at once when it says it is longer."""
    limit = int(current_app.config["PHOTO_MAX_CONTENT_LENGTH"])
    if request.content_length is not None and request.content_length > limit:
        abort(
            413,
            description=f"The picture is {request.content_length / 1048576:.1f} MB; "
            f"at most {limit // 1048576} MB can be read. Send a smaller picture.",
        )
    request.max_content_length = limit
    request.max_form_memory_size = limit


def sent_picture(raw_allowed: bool) -> bytes | None:
    """The picture's bytes: the form's `photo` file, else (where allowed) the raw body;
    None when the request holds neither."""
    if request.mimetype == "application/x-www-form-urlencoded":
        # No file comes in such a form, and parsing 12 MB of one cost 3 s and 575 MB.
        return None
    if request.mimetype == "multipart/form-data":
        upload = request.files.get(FIELD)
        if upload is None or upload.filename == "":
            return None
        try:
            data: bytes = upload.read()
            return data
        finally:
            upload.close()  # a large upload waits in a temporary file: closed once read
    if raw_allowed:
        return request.get_data(cache=False)
    return None
