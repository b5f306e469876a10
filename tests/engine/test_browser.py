"""In a real browser: load a gallery position, replay, step with the arrow keys, see the board change."""
import pytest

pytestmark = pytest.mark.browser


def test_gallery_replay_and_step_through(page, site_url):
    page.goto(f"{site_url}/positions/")
    page.select_option("#gallery", "03-province-destroyed")
    assert "Giant Bushi" in page.input_value("#yaml")
    page.click("#replay")
    page.wait_for_selector("#steps li")
    assert page.locator(".exp.ok").count() == page.locator(".exp").count() >= 4
    first_text = page.inner_text("#step-text")
    page.locator("body").click(position={"x": 5, "y": 5})
    honor_before = page.inner_text("[data-player=alice] .honor")
    for _ in range(30):
        page.keyboard.press("ArrowRight")
    assert page.inner_text("#step-text") != first_text
    assert page.inner_text("[data-player=alice] .honor") == "10" != honor_before
    assert page.locator("#board .chip.destroyed").count() >= 1
    cite = page.locator("#step a.cite").first
    assert cite.get_attribute("href").startswith("/rules/ivory-cr/") and len(cite.get_attribute("title")) > 40
    page.keyboard.press("Home")
    assert page.inner_text("#counter").startswith("1 /")
    link = page.get_attribute("#permalink-link", "href")
    page.goto(f"{site_url}{link}?step=4")
    page.wait_for_selector("#steps li.current")
    assert page.inner_text("#counter").startswith("4 /")
