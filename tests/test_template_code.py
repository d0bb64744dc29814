"""The apps the tests make share their compiled templates (template_code.py): a second app
renders a page without compiling any template again."""

from __future__ import annotations

from template_code import TEMPLATE_CODE


def test_a_second_app_compiles_no_template_the_first_did(make_app) -> None:
    make_app().test_client().get("/learn/x-wing")
    compiled = dict(TEMPLATE_CODE.codes)
    make_app().test_client().get("/learn/x-wing")
    assert (bool(compiled), TEMPLATE_CODE.codes) == (True, compiled)
