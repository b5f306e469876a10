"""In a real browser: paste a list with two problems, see both, follow a citation."""
import pytest

pytestmark = pytest.mark.browser


def test_paste_see_two_problems_follow_citation(page, site_url):
    page.goto(f"{site_url}/decks/")
    lines = ["Stronghold", "The Honorable Garrison of the Lion", "Dynasty"] + ["3 Matsu Agai"] * 2
    page.fill("#decklist", "\n".join(lines + ["Fate", "3 Ogre Bushy"]))
    page.select_option("#format", "ivory")
    page.fill("#date", "2014-10-15")
    page.click("#check")
    page.wait_for_selector("#result")
    codes = page.locator("li.problem").evaluate_all("els => els.map(e => e.dataset.code)")
    assert {"too-many-copies", "unknown-card"} <= set(codes)
    assert "Ogre Bushi" in page.locator("li.problem[data-code=unknown-card]").inner_text()
    cite = page.locator("li.problem[data-code=too-many-copies] a.cite")
    cite.click()
    page.wait_for_url("**/rules/ivory-cr/**")
    assert "Deck construction rules" in page.locator("h1").first.inner_text()
