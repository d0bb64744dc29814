"""Names in webapp/ say one thing each: no class name is defined twice."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

WEBAPP = Path(__file__).resolve().parent.parent / "webapp"


def test_each_class_name_is_defined_once_in_webapp() -> None:
    defined: dict[str, list[str]] = defaultdict(list)
    for module in sorted(WEBAPP.rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                defined[node.name].append(str(module.relative_to(WEBAPP)))
    assert {name: where for name, where in defined.items() if len(where) > 1} == {}
