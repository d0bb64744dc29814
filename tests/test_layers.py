"""The web layer's boundaries: a feature (a package of webapp/web with routes, one per first
word of the URL) imports the engine, the shared web modules and the puzzle form, never
another feature; the shared modules import no feature; and no import hides inside a
function, where it could break a cycle that the module imports would show."""

from __future__ import annotations

import ast
from pathlib import Path

import webapp.web

WEB = Path(webapp.web.__file__).parent
PACKAGE = "webapp.web"


def _module_name(path: Path) -> str:
    """The dotted name of the module at `path` under webapp/web."""
    parts = path.relative_to(WEB).with_suffix("").parts
    parts = parts[:-1] if parts[-1] == "__init__" else parts
    return ".".join((PACKAGE, *parts))


def _package_of(path: Path) -> str:
    """The package a relative import in `path` starts from."""
    name = _module_name(path)
    return name if path.name == "__init__.py" else name.rsplit(".", 1)[0]


def _imported(path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules (or names in them) that `node` in `path` imports, as dotted names."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = _package_of(path).split(".")
        base = base[: len(base) - node.level + 1]
        start = ".".join([*base, *([node.module] if node.module else [])])
    else:
        start = node.module or ""
    return [f"{start}.{alias.name}" for alias in node.names]


def _features() -> set[str]:
    """The feature packages: the subpackages of webapp/web that add routes (register)."""
    found = set()
    for init in WEB.glob("*/__init__.py"):
        tree = ast.parse(init.read_text())
        if any(isinstance(n, ast.FunctionDef) and n.name == "register" for n in tree.body):
            found.add(init.parent.name)
    return found


def _feature_of(name: str, features: set[str]) -> str | None:
    """The feature package a dotted name lies in, if any."""
    parts = name.split(".")
    if parts[:2] != PACKAGE.split(".") or len(parts) < 3:
        return None
    return parts[2] if parts[2] in features else None


def _modules() -> list[Path]:
    return sorted(WEB.rglob("*.py"))


def _crossings() -> list[str]:
    """Each import from one feature into another, or from a shared module into a feature."""
    features = _features()
    found = []
    for path in _modules():
        home = _feature_of(_module_name(path), features)
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for name in _imported(path, node):
                into = _feature_of(name, features)
                if into is not None and into != home:
                    found.append(f"{path.relative_to(WEB)}:{node.lineno} imports {name}")
    return found


def test_the_features_are_found() -> None:
    assert _features() == {
        "batch",
        "daily",
        "explain",
        "game",
        "jobs",
        "learn",
        "match",
        "new",
        "play",
        "print",
        "read_photo",
        "record",
        "site",
        "solve",
    }


def test_no_feature_imports_another() -> None:
    assert _crossings() == []


def test_no_import_inside_a_function() -> None:
    inside = [
        f"{path.relative_to(WEB)}:{node.lineno}"
        for path in _modules()
        for function in ast.walk(ast.parse(path.read_text()))
        if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert inside == []
