"""The documents' links: every relative link names a file that exists, and every #anchor a
heading of the page it points to, slugged as GitHub does."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from webapp.sudoku.puzzle import longest_code

ROOT = Path(__file__).parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# [text](target) and ![alt](target); the target stops at a space (a title) or ")".
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"`[^`]*`")


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks."""
    lines, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation but - and _ dropped, spaces
    to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link keeps its text
    text = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return text.replace(" ", "-")


def anchors(document: Path) -> set[str]:
    """The anchors of a document's headings, repeated ones numbered -1, -2... as GitHub does."""
    seen: dict[str, int] = {}
    found = set()
    for line in prose_lines(document.read_text()):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(document: Path) -> list[str]:
    """The link targets in a document's prose (not in code blocks or code spans)."""
    return [
        target
        for line in prose_lines(document.read_text())
        for target in LINK.findall(CODE_SPAN.sub("", line))
    ]


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("The site's addresses", "the-sites-addresses"),
        ("The `sudoku` command", "the-sudoku-command"),
        ("`GET /api/generate`", "get-apigenerate"),
        ("Long work and several machines", "long-work-and-several-machines"),
        (
            "25x25: where the search runs out, a SAT solver takes over",
            "25x25-where-the-search-runs-out-a-sat-solver-takes-over",
        ),
        ("snake_case and CamelCase", "snake_case-and-camelcase"),
    ],
)
def test_headings_are_slugged_as_github_does(heading: str, anchor: str) -> None:
    assert slug(heading) == anchor


def test_the_documents_are_there() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in DOCUMENTS}
    assert {"README.md", "docs/api.md", "docs/operations.md"} <= names
    assert {"docs/architecture.md", "docs/benchmarks.md"} <= names


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_relative_link_resolves(document: Path) -> None:
    broken = []
    for target in links(document):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not ours to check
            continue
        path, _, anchor = target.partition("#")
        linked = (document.parent / path).resolve() if path else document
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    assert broken == []


def test_the_limits_give_the_longest_share_code_as_the_app_counts_it() -> None:
    # the table said 625 characters and 414, where the app read up to 3,371 and answered 422
    text = (ROOT / "docs" / "operations.md").read_text()
    (row,) = [line for line in text.splitlines() if line.startswith("| Share code in")]
    assert f"| {longest_code():,} characters" in row


# A module or file the prose names in a code span: `web/cache.py`, `sudoku/result.py`,
# `deploy/stack`, `grid.js`. Addresses (`/solve/<code>`) and commands are not files.
NAMED_FILE = re.compile(r"`((?:[\w.-]+/)*[\w-]+\.(?:py|html|js|css|conf|lua|txt|npz))`")


def files_below(base: Path, prefix: str) -> list[str]:
    """The files below `base`, as paths under `prefix`, without virtual environments,
    git's own files and the photos' pictures: those folders are not entered at all (a walk
    into the venv took every test worker a second as it collected the suite)."""
    skipped = {".git", ".venv", "node_modules", "images"}
    found = []
    for folder, folders, files in os.walk(base):
        folders[:] = [name for name in folders if name not in skipped]
        below = Path(folder).relative_to(base)
        found += [prefix + str(below / name) for name in files]
    return found


TRACKED = files_below(ROOT, "") + files_below(ROOT.parent / "shared", "shared/")


def named_files(document: Path) -> set[str]:
    """The files a document's prose names in code spans."""
    return {name for line in prose_lines(document.read_text()) for name in NAMED_FILE.findall(line)}


def exists(name: str) -> bool:
    """Whether a file so named is in the tree: a path with folders ends some file's path (the
    docs write modules from the package, `web/cache.py`, or from the engine, `logic/path.py`);
    a bare name is some file's name."""
    if "/" in name:
        return any(path == name or path.endswith("/" + name) for path in TRACKED)
    return any(Path(path).name == name for path in TRACKED)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda document: document.name)
def test_every_module_the_documents_name_exists(document: Path) -> None:
    missing = sorted(name for name in named_files(document) if not exists(name))
    assert missing == []
