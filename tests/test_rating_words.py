"""The solve page's quick rating in words: one sentence or two, each ending with a full stop,
its hardest step named as the explanation names it."""

from __future__ import annotations

import re
from html import unescape

from webapp.sudoku import parse

# A tdoku test puzzle whose quick rating stops after a forcing net at 8.8 (once called a
# "forcing chain", though the explanation's table lists it as a forcing net).
NET_FIRST = parse(
    "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"
).code


def rating_sentence(client, path: str) -> str:
    """The text of a page's rating paragraph."""
    found = re.search(r'<p class="rating">(.*?)</p>', client.get(path).text, re.S)
    return unescape(found.group(1)) if found else ""


def test_the_quick_rating_names_its_hardest_step_as_the_explanation_does(client):
    said = rating_sentence(client, f"/solve/{NET_FIRST}")
    assert re.sub(r"after \d+ steps", "after N steps", said) == (
        "Extreme: at least 8.8 on Sudoku Explainer's scale after N steps; the hardest so far is"
        ' a forcing net. <a href="/learn/forcing-chain">Learn the hardest step</a>. That is'
        " this page's quick rating, as far as its work allows; the"
        " explanation works longer, and its rating of the whole path is the one to go by."
    )
