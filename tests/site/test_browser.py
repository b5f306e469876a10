"""In a real browser under the site's Content-Security-Policy (the page fixture fails on
any violation): the API docs render with DEBUG off, and a bad URL gets the site's page."""
import pytest

pytestmark = pytest.mark.browser


def test_api_docs_render_from_static_files(page, site_url):
    page.goto(f"{site_url}/api/docs/")
    page.wait_for_selector(".opblock-summary-path")
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    assert any("/api/decks/validate" in p for p in paths)
    assert any("/api/positions/replay" in p for p in paths)


def test_unknown_page_is_the_site_404_without_url_patterns(page, site_url):
    response = page.goto(f"{site_url}/no/such/page/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Not found"
    body = page.content()
    assert "/no/such/page/" in body and "rules/" in body
    assert "urlpatterns" not in body.lower() and "tried" not in body.lower()
    assert page.locator("header.site").is_visible()
