"""In a real browser: a field query, a card page, a keyword followed to its rule."""
import pytest

pytestmark = pytest.mark.browser


def test_field_query_open_card_follow_keyword(page, site_url):
    page.goto(f"{site_url}/cards/")
    page.fill("form.card-search input[name=q]", "t:personality kw:cavalry c:unicorn f>=5 order:force dir:desc")
    page.press("form.card-search input[name=q]", "Enter")
    page.wait_for_selector("a.card-link", timeout=5000)
    assert int(page.locator("#total").inner_text()) > 5
    types = {line.split(" · ")[0] for line in page.locator(".card-result .type-line").all_inner_texts()}
    assert types == {"Personality"}
    forces = [int(v) for v in page.locator(".card-result .stat-line div:first-child dd").all_inner_texts()]
    assert forces == sorted(forces, reverse=True) and min(forces) >= 5
    first = page.locator("a.card-link").first
    title = first.inner_text()
    first.click()
    page.wait_for_selector("h1")
    assert page.locator("h1").inner_text().split(" • ")[0] == title.split(" • ")[0]
    assert page.locator("table.legality").is_visible()
    page.locator("a.keyword", has_text="Cavalry").click()
    page.wait_for_url("**/rules/term/cavalry/")
    assert "Cavalry" in page.locator("h1").first.inner_text()
