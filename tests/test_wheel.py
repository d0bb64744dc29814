"""Packaging: the wheel carries exactly what the app needs, and the app runs from it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
SHIPPED = ["pyproject.toml", "README.md", "webapp", "templates", "static"]

RENDER_FROM_INSTALL = """
import json, webapp
app = webapp.create_app({"TESTING": True})
client = app.test_client()
page, css = client.get("/"), client.get("/static/style.css")
print(json.dumps({
    "module": webapp.__file__, "templates": app.template_folder, "static": app.static_folder,
    "status": page.status_code, "cells": page.text.count('aria-label="Row '),
    "css": css.status_code,
}))
css.close()
"""


def run(*command: object, cwd: Path) -> str:
    """Run a command; on failure, show what it printed."""
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel pip builds from the files it is made of."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    # Build from a copy of what the wheel is made of, so the checkout gains no build/ folder.
    source = tmp_path / "source"
    for name in SHIPPED:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            source.mkdir(exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "-w",
        tmp_path / "dist",
        source,
        cwd=tmp_path,
    )
    [built] = (tmp_path / "dist").glob("webapp-*.whl")
    return built


def test_the_wheel_holds_every_module_the_templates_and_static_files_and_nothing_else(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names}
    assert top == {"webapp", next(t for t in top if t.endswith(".dist-info"))}
    shipped = {name for name in names if name.startswith("webapp/")}
    modules = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "webapp").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    templates = {f"webapp/templates/{path.name}" for path in (ROOT / "templates").glob("*.html")}
    served = {"webapp/static/style.css", "webapp/static/grid.js", "webapp/static/favicon.svg"}
    # every module (a new subpackage missing from pyproject's list would fail here), the
    # pages and the files they link to; no load tooling, tests or README picture
    assert shipped == modules | templates | served


def test_the_installed_wheel_renders_the_form(tmp_path, wheel):
    # A fresh venv holding only the wheel; Flask and friends come from this venv's site-packages,
    # added by a .pth line, which (unlike a site dir) does not run this venv's editable install.
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--no-deps",
        "--no-index",
        wheel,
        cwd=tmp_path,
    )
    site = Path(
        run(
            python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=tmp_path
        ).strip()
    )
    (site / "test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")

    found = json.loads(run(python, "-c", RENDER_FROM_INSTALL, cwd=tmp_path))
    assert Path(found["module"]).is_relative_to(venv)
    assert found["templates"] == str(Path(found["module"]).parent / "templates")
    assert found["static"] == str(Path(found["module"]).parent / "static")
    assert (found["status"], found["cells"], found["css"]) == (200, 81, 200)


def test_a_checkout_finds_templates_and_static_beside_the_package(app):
    assert Path(app.template_folder) == ROOT / "templates"
    assert Path(app.static_folder) == ROOT / "static"
