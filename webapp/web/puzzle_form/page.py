"""The form page: the home page's grid and paste box with what to fix, which a share link
that holds no puzzle shows too (solve/routes.py)."""

from __future__ import annotations

from flask import render_template

from .forms import PuzzleForm
from .view import form_page


def show_form(
    form: PuzzleForm, notice: str = "", about_request: tuple[str, ...] = ()
) -> tuple[str, int]:
    """The form page; 422 when there is anything to fix."""
    page = form_page(form, notice, about_request)
    return render_template("index.html", page=page), 422 if page.problems else 200
