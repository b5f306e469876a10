"""In a real browser: search, see highlights, open a section, follow a cross-reference."""
import pytest

pytestmark = pytest.mark.browser


def test_search_open_section_follow_xref(page, site_url):
    page.goto(f"{site_url}/rules/search")
    page.fill("#q", "leave")
    page.press("#q", "Enter")
    page.wait_for_selector("#results li[data-url]")
    assert page.locator("#results mark").count() > 0
    # Keyboard: move to the first result and open it.
    page.locator("body").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowDown")
    assert page.locator("#results li.active").count() == 1
    target = page.locator("#results li.active").get_attribute("data-url")
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{target}")
    assert page.locator("h1#title").is_visible()
    xref = page.locator("a.xref").first
    href = xref.get_attribute("href")
    xref.click()
    page.wait_for_url(f"**{href}")
    assert "Entering and leaving" in page.locator("h1#title").inner_text()


def test_paragraph_link_changes_toggle_and_next_page(page, site_url):
    page.goto(f"{site_url}/rules/twenty-festivals-cr/game-mechanics/taking-actions/action-sequence/#action-sequence-step-c")
    step = page.locator("#action-sequence-step-c")
    assert step.is_visible() and step.inner_text().startswith("C. Chooses any targets")
    diff = page.locator("#changes .diff")
    assert not diff.is_visible()
    page.locator("#changes summary").click()
    assert diff.is_visible() and page.locator("#changes ins").first.inner_text().startswith("Chooses any targets")
    page.goto(f"{site_url}/rules/search?q=when+does+a+unit+bow+after+battle")
    first_page = page.locator("#results li[data-url]").first.get_attribute("data-url")
    assert "after-resolution" in "".join(page.locator("#results li[data-url]").evaluate_all(
        "items => items.slice(0, 3).map(i => i.dataset.url)"))
    page.locator("a[rel=next]").click()
    page.wait_for_url("**page=2**")
    assert page.locator("#results li[data-url]").first.get_attribute("data-url") != first_page
