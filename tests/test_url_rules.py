"""The app's URL rules compile their builders when first used (web/app_class.py), and build
the same URLs as Werkzeug's own rules would."""

from __future__ import annotations

import re

from werkzeug.routing import Map, Rule

# A value each converter the app's routes use takes; any other converter takes a word.
SAMPLES = {"int": "7", "path": "a/b c"}
VARIABLE = re.compile(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>")


def arguments(rule: Rule) -> dict[str, str]:
    """A value for each variable in `rule`'s pattern, and one the pattern does not name."""
    values = {
        name: SAMPLES.get(converter, "x y") for converter, name in VARIABLE.findall(rule.rule)
    }
    return {**values, "extra": "1 2"}


def urls(rules: list[Rule], url_map: Map) -> list[str]:
    """The URL `url_map` builds for each rule's endpoint with its sample arguments."""
    adapter = url_map.bind("example.org")
    return [adapter.build(rule.endpoint, arguments(rule)) for rule in rules]


def test_every_route_builds_the_url_a_stock_rule_builds(app):
    rules = list(app.url_map.iter_rules())
    stock = Map(
        [Rule(r.rule, endpoint=r.endpoint, methods=r.methods, defaults=r.defaults) for r in rules]
    )
    assert urls(rules, app.url_map) == urls(rules, stock)
