"""Packaging: the wheel carries exactly what the app needs, and the app runs from it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
# What a fresh clone lacks: git's own folder and what .gitignore leaves out (venv, caches,
# build output, stale egg-info). Everything else is copied, deploy/, tests/ and .ci/ too,
# so that a packaging setting that picked them up would show in the wheel.
NOT_IN_A_CLONE = (
    ".git",
    ".venv",
    "__pycache__",
    "*.egg-info",
    "build",
    "dist",
    ".*_cache",
    ".hypothesis",
    "test-artifacts",
)
# Every file the app needs, and the wheel's own metadata; nothing else may ship.
NEEDED = (
    r"webapp/(\w+/)*\w+\.py",
    r"webapp/templates/[\w-]+\.html",
    r"webapp/static/[\w-]+\.(css|js|svg|png)",
    r"webapp/photo/digits\.npz",  # the photo reader's digit network
    r"webapp/sudoku/lessons/bank\.json",  # the practice bank the learn pages read
    r"webapp-[^/]+\.dist-info/(METADATA|WHEEL|RECORD|top_level\.txt|entry_points\.txt)",
)
# Operations tooling and test material: they live in deploy/, tests/ and .ci/.
TOOLING = re.compile(r"(^|/)(deploy|tests|\.ci)/|load\.lua|loadtest|loadmix")

# How a template names a static file: asset_url('style.css') (or url_for's filename=).
STATIC_LINK = r"""(?:asset_url\(|filename=)['"]([^'"]+)['"]"""

RENDER_FROM_INSTALL = """
import json, re, webapp
app = webapp.create_app({"TESTING": True})
client = app.test_client()
page = client.get("/")
linked = {}
for link in re.findall(r'(?:href|src)="(/static/[^"]+)"', page.text):
    answer = client.get(link)
    linked[link.split("?")[0]] = answer.status_code
    answer.close()
practice = client.get("/api/learn/x-wing/practice").status_code  # reads the shipped bank
print(json.dumps({
    "practice": practice,
    "module": webapp.__file__, "templates": app.template_folder, "static": app.static_folder,
    "status": page.status_code, "cells": page.text.count('aria-label="Row '), "linked": linked,
}))
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
    """The wheel pip builds from the checkout (as a fresh clone of it would hold it)."""
    tmp_path = tmp_path_factory.mktemp("wheel")
    # Build from a copy, so that the checkout gains no build/ or egg-info folder.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_IN_A_CLONE))
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


@pytest.fixture(scope="module")
def names(wheel) -> list[str]:
    """The files in the wheel."""
    with zipfile.ZipFile(wheel) as archive:
        return archive.namelist()


def test_the_wheel_holds_the_package_and_its_metadata_at_the_top_and_nothing_else(names):
    top = {name.split("/")[0] for name in names}
    dist_info = [entry for entry in top if re.fullmatch(r"webapp-[^/]+\.dist-info", entry)]
    assert len(dist_info) == 1, top
    assert top == {"webapp", *dist_info}


def test_every_file_in_the_wheel_is_one_the_app_needs(names):
    # deploy/ is not part of the app: no load-test or front-end tooling, tests or CI.
    assert [name for name in names if TOOLING.search(name)] == []
    unneeded = [name for name in names if not any(re.fullmatch(p, name) for p in NEEDED)]
    assert unneeded == []


def test_the_wheel_holds_every_module_every_template_and_what_the_templates_link_to(names):
    modules = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "webapp").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    templates = sorted((ROOT / "templates").glob("*.html"))
    linked = {
        f"webapp/static/{asset}"
        for template in templates
        for asset in re.findall(STATIC_LINK, template.read_text())
    }
    assert linked  # the pages do link to static files
    shipped = {name for name in names if name.startswith("webapp/")}
    # A subpackage left out of the wheel, or a page's file left out, fails here;
    # so would static/solved.png, the README's picture, which no page links to.
    weights = {"webapp/photo/digits.npz"}  # the photo reader's network, which it loads
    bank = {"webapp/sudoku/lessons/bank.json"}  # the practice bank, which /learn reads
    templates_shipped = {f"webapp/templates/{path.name}" for path in templates}
    assert shipped == modules | templates_shipped | linked | weights | bank


def test_every_folder_of_modules_under_webapp_is_a_package_and_the_wheel_holds_it(names):
    # setup.py finds the packages by their __init__.py: a folder of modules without one would
    # be left out of the wheel, and so would its modules.
    folders = {
        path.parent.relative_to(ROOT).as_posix()
        for path in (ROOT / "webapp").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert folders >= {"webapp", "webapp/web", "webapp/sudoku"}
    assert [folder for folder in sorted(folders) if f"{folder}/__init__.py" not in names] == []


def test_the_installed_wheel_renders_the_form_and_serves_what_it_links_to(tmp_path, wheel):
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
    assert (found["status"], found["cells"], found["practice"]) == (200, 81, 200)
    assert found["linked"]
    assert found["linked"] == dict.fromkeys(found["linked"], 200)


def test_a_checkout_finds_templates_and_static_beside_the_package(app):
    assert Path(app.template_folder) == ROOT / "templates"
    assert Path(app.static_folder) == ROOT / "static"
