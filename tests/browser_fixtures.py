"""The browser tests' fixtures: the app on a real HTTP server, Debian's Chromium, and fresh
pages with and without script. conftest.py loads this as a plugin, so every browser test
module shares one server and one browser."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

from webapp import create_app

from answer_ceilings import ANSWER_CEILINGS

ROOT = Path(__file__).parent.parent
ARTIFACTS = ROOT / "test-artifacts"
README_SCREENSHOT = ROOT / "static" / "solved.png"
# The README's picture is tracked: it changes only when asked for, not whenever fonts differ.
REFRESH_README_PICTURE = os.environ.get("SUDOKU_REFRESH_README_PICTURE") == "1"
# Debian's headless shell: the browser's engine without its window, tabs or GPU process. Beside
# the whole browser run headless, a browser file's tests took a third of the CPU (20 s against
# 55 s for test_browser_play.py) and half the time. CHROMIUM names another build to run.
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell"))
# The whole browser, for what the headless shell does not do: it keeps no page in the
# back-forward cache.
WHOLE_CHROMIUM = Path(os.environ.get("WHOLE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


# What axe-core checks a page against: WCAG 2.2 A and AA, and its best practices.
AXE_RULES = {
    "type": "tag",
    "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
}


# The rules whose verdict a colour scheme can change: the text's contrast, and a link told
# from the words around it by its colour.
COLOUR_RULES = {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}


def axe_violations(page, rules=AXE_RULES) -> dict[str, int]:
    """What axe-core finds to fix on `page`: each rule broken, and on how many elements."""
    found = Axe().run(page, options={"runOnly": rules, "resultTypes": ["violations"]})
    return {rule["id"]: len(rule["nodes"]) for rule in found.response["violations"]}


# Every element's kind as a CSS selector that finds it: its name alone and with each of its
# classes ("td", "td.given", "td.role-fin").
ELEMENT_KINDS = """() => [...new Set([...document.querySelectorAll("body *")].flatMap(
  (element) => [element.localName, ...[...element.classList].map(
    (name) => `${element.localName}.${CSS.escape(name)}`)]))]
  .filter((kind) => document.querySelector(kind) !== null)"""

# axe run on the elements of the kinds given and on what holds them (a legend's words beside
# a new swatch, a row around a new cell), with what they hold.
AXE_ON_KINDS = """([kinds, options]) => {
  const shown = new Set(kinds.flatMap((kind) => [...document.querySelectorAll(kind)]
    .map((element) => element.parentElement)));
  return axe.run({include: [...shown]}, options).then((found) =>
    Object.fromEntries(found.violations.map((rule) => [rule.id, rule.nodes.length])));
}"""


def axe_violations_of_new_parts(page, checked: set[str], rules=AXE_RULES) -> dict[str, int] | None:
    """axe_violations of the parts of `page` that no page checked before showed: elements of
    a kind (a name, or a name with one of its classes) not in `checked`, with what holds them;
    the whole page when `checked` is empty. Adds the page's kinds to `checked`; None when
    every kind it shows was checked already.

    axe takes a second or more a page and its rules judge elements and their styles: a sweep
    of many pages made from the same parts checks each part once, and a page with a part
    never seen before (a new role's colour, a new board) has that part checked."""
    kinds = set(page.evaluate(ELEMENT_KINDS))
    new = kinds - checked
    if not new:
        return None
    first = not checked
    checked |= kinds
    if first:
        return axe_violations(page, rules)
    page.evaluate(Axe().axe_script)
    options = {"runOnly": rules, "resultTypes": ["violations"]}
    return page.evaluate(AXE_ON_KINDS, [sorted(new), options])


# The rules that judge a page as a whole (its title, language, landmarks, headings' order),
# which axe runs on the document only, never on a part of it.
PAGE_RULES = [
    "bypass",
    "document-title",
    "heading-order",
    "html-has-lang",
    "html-lang-valid",
    "html-xml-lang-mismatch",
    "landmark-banner-is-top-level",
    "landmark-complementary-is-top-level",
    "landmark-contentinfo-is-top-level",
    "landmark-main-is-top-level",
    "landmark-no-duplicate-banner",
    "landmark-no-duplicate-contentinfo",
    "landmark-no-duplicate-main",
    "landmark-one-main",
    "landmark-unique",
    "meta-refresh",
    "meta-viewport",
    "meta-viewport-large",
    "page-has-heading-one",
    "region",
]

AXE_ON_PAGE_RULES = """(options) => axe.run(document, options).then((found) =>
  Object.fromEntries(found.violations.map((rule) => [rule.id, rule.nodes.length])))"""


def axe_violations_of_new_parts_and_page(page, checked: set[str]) -> dict[str, int]:
    """axe_violations_of_new_parts of `page`, and the rules that judge a page whole
    (PAGE_RULES) on every page after the first: a sweep over pages of different kinds (a
    404, a form, a board) has each page's title, landmarks and headings checked, which take
    axe little time; the parts' colours and names, which take it most, once."""
    first = not checked
    found = axe_violations_of_new_parts(page, checked) or {}
    if first:
        return found
    page.evaluate(Axe().axe_script)
    options = {"runOnly": {"type": "rule", "values": PAGE_RULES}, "resultTypes": ["violations"]}
    return {**found, **page.evaluate(AXE_ON_PAGE_RULES, options)}


def axe_violations_of(browser, base_url: str, paths, scheme: str) -> dict[str, dict[str, int]]:
    """axe_violations_of_new_parts_and_page of each of `paths`, in their order, in one desktop
    window in `scheme` (light or dark): the first page whole, on the others what no page
    before showed and the rules judging the page whole; in dark, the COLOUR_RULES only.

    Every caller checks the same pages at the same width in both schemes: only colours differ
    between them, so the light run judges the pages' structure (names, roles, landmarks) and
    the dark one only what a scheme can change."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    found = {}
    checked: set[str] = set()
    try:
        for path in paths:
            page.goto(base_url + path)
            if scheme == "dark":
                found[path] = axe_violations_of_new_parts(page, checked, COLOUR_RULES) or {}
            else:
                found[path] = axe_violations_of_new_parts_and_page(page, checked)
    finally:
        context.close()
    return found


def axe_violations_at(browser, url: str, width: int) -> dict[str, int]:
    """axe_violations of `url` in a fresh window `width` pixels wide (a phone's below 400)."""
    context = browser.new_context(
        viewport={"width": width, "height": 740}, has_touch=width < 400, is_mobile=width < 400
    )
    page = context.new_page()
    page.goto(url)
    try:
        return axe_violations(page)
    finally:
        context.close()


class QuietHandler(WSGIRequestHandler):
    """A request handler that does not log every request to the test output."""

    def log_request(self, *args: object) -> None:
        pass


# The browser tests are about pages, not deadlines: a sheet's or a new puzzle's generation is
# given time enough on a busy machine, so that it never goes to a job no consumer runs here.
# One server for every browser test of a worker, where a production worker serves few game
# pages: a page's live events stream ends only at its next heartbeat once the page is gone, so
# as two players reload after each move, old and new streams together can pass a worker's few
# places (GAME_EVENTS_PER_WORKER, 4) on a busy machine, and a page told 429 logs a console
# error (the script then polls, as test_game_pages.py checks with the limit itself).
BROWSER_CONFIG = {"GENERATE_SECONDS": 120.0, "GAME_EVENTS_PER_WORKER": 64, **ANSWER_CEILINGS}


@pytest.fixture(scope="session")
def base_url():
    """The app served by a real HTTP server on a free loopback port."""
    app = create_app(BROWSER_CONFIG)
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright; in CI a missing browser is a failure."""
    if not CHROMIUM.exists():
        message = f"Chromium is not installed at {CHROMIUM}"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _watched(browser, **options):
    """A fresh page in its own context; console errors (CSP violations too) fail the test."""
    context = browser.new_context(**options)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    opened = context.new_page()
    errors: list[str] = []
    opened.on("console", lambda message: message.type == "error" and errors.append(message.text))
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert [e for e in errors if "422" not in e] == []  # a 422 page is meant; the rest is not


@pytest.fixture
def page(browser):
    """A fresh desktop page with script on."""
    yield from _watched(browser, viewport={"width": 1280, "height": 900})


@pytest.fixture
def phone(browser):
    """A fresh phone page with script on: 360 px wide, touch."""
    yield from _watched(
        browser, viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True
    )


@pytest.fixture
def laptop(browser):
    """A fresh page of a common laptop screen, 1366x768, with script on."""
    yield from _watched(browser, viewport={"width": 1366, "height": 768})


@pytest.fixture
def no_script_page(browser):
    """A fresh desktop page with JavaScript switched off."""
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, java_script_enabled=False
    )
    yield context.new_page()
    context.close()
