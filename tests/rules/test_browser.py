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
