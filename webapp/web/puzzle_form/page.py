"""The form page: the home page's grid and paste box with what to fix, which a share link
that holds no puzzle shows too (solve/routes.py)."""

from __future__ import annotations

from flask import render_template

from .reading import FormRead
from .view import form_page


def show_form(
    read: FormRead, notice: str = "", about_request: tuple[str, ...] = ()
) -> tuple[str, int]:
    """The form page; 422 when there is anything to fix."""
    page = form_page(read, notice, about_request)
    return render_template("index.html", page=page), 422 if page.problems else 200
