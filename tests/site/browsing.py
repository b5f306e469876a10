"""What the site-wide browser tests check on every page: it fits the window (no
horizontal scrolling) and axe-core finds no serious or critical accessibility problem.

axe-core comes from the npm registry (package.json at the root; `make test` runs
`npm ci`); it is injected as an init script, which the page's Content-Security-Policy
does not govern, so the pages are checked under their real policy.
"""
from __future__ import annotations

import json

from tests.conftest import ROOT, need

VIEWPORTS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def axe_script():
    need(AXE.exists(), "axe-core is not installed: run `npm ci` (make test does)")
    return AXE


def assert_fits(page) -> None:
    """The document is no wider than the window; names the elements that stick out."""
    width, window = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    if width <= window:
        return
    wide = page.evaluate("""(limit) => Array.from(document.querySelectorAll('body *'))
        .filter(e => e.getBoundingClientRect().right > limit + 1)
        .slice(0, 8).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                          (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '')
                          + ' ' + Math.round(e.getBoundingClientRect().right))""", window)
    raise AssertionError(f"{page.url}: the document is {width}px wide in a {window}px window; too wide: {wide}")


def serious_violations(page, rules: list[str] | None = None) -> list[str]:
    """axe-core's serious and critical violations of the page, one line each."""
    options = {"resultTypes": ["violations"], "runOnly": {"type": "rule", "values": rules} if rules else {
        "type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}}
    result = page.evaluate("async (options) => await axe.run(document, options)", options)
    return [f"{v['id']} ({v['impact']}): {v['help']} — {json.dumps([n['target'] for n in v['nodes'][:4]])}"
            for v in result["violations"] if v["impact"] in SERIOUS]
