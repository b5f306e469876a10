"""The site as users meet it, in a real browser at 1366×900 and 390×844: each journey of
issue 15 end to end, with no horizontal scrolling on any page on the way (and no
Content-Security-Policy violation: the page fixture's check)."""
from __future__ import annotations

import re

import pytest

from tests.conftest import csp_checked_page
from tests.decks.written import LION, labelled

from .browsing import VIEWPORTS, assert_fits

pytestmark = pytest.mark.browser


@pytest.fixture(params=list(VIEWPORTS))
def sized(request, browser):
    with csp_checked_page(browser, viewport=VIEWPORTS[request.param]) as page:
        yield page


def test_find_a_card_from_the_header_box(sized, site_url):
    page = sized
    page.goto(f"{site_url}/")
    assert_fits(page)
    page.fill("#site-q", "doji hoturi")
    page.press("#site-q", "Enter")
    page.wait_for_url(re.compile(r"/cards/\w+/doji-hoturi/$"))
    assert page.locator("main h1").inner_text() == "Doji Hoturi"
    assert page.locator("#type-line").inner_text().startswith("Personality")
    assert_fits(page)
    page.fill("#site-q", "hida kisda")
    page.press("#site-q", "Enter")
    page.wait_for_selector("#card-results")
    sections = page.locator("section.search-group").evaluate_all("els => els.map(e => e.id)")
    assert sections == ["card-results", "rule-results"]
    names = page.locator("#card-results a.card-link").all_inner_texts()
    assert names and all("Kisada" in n for n in names)
    assert_fits(page)
    page.locator("#card-results a.card-link").first.click()
    page.wait_for_selector("#type-line")
    assert "Kisada" in page.locator("main h1").inner_text()
    assert_fits(page)


def test_build_a_query_with_the_advanced_form(sized, site_url):
    page = sized
    page.goto(f"{site_url}/cards/advanced/")
    assert_fits(page)
    page.fill("#adv-name", "akodo")
    page.check("input[name=type][value=Personality]")
    page.select_option("#adv-clan", "Lion")
    page.select_option("select[name=force_op]", "ge")
    page.fill("#adv-force", "3")
    page.click("#advanced-search")
    page.wait_for_selector("#total")
    assert page.input_value("#card-q") == "akodo type:Personality clan:Lion force>=3"
    assert int(page.inner_text("#total")) > 3
    for line in page.locator(".card-result .type-line").all_inner_texts():
        assert line.startswith("Personality") and "Lion" in line
    forces = [int(v) for v in page.locator(".card-result .stat-line div:first-child dd").all_inner_texts()]
    assert forces and min(forces) >= 3
    assert_fits(page)
    page.click("a.view-table")
    page.wait_for_selector("table.cards")
    page.locator("a.sort", has_text="Force").click()
    page.wait_for_url("**order%3Aforce**")
    column = page.locator("table.cards tbody td:nth-child(5)").all_inner_texts()
    assert [int(v) for v in column] == sorted((int(v) for v in column), reverse=True)
    assert_fits(page)


def test_paste_a_labelled_list_see_it_legal_and_open_its_permalink(sized, site_url):
    page = sized
    page.goto(f"{site_url}/decks/")
    page.fill("#decklist", labelled(LION.read_text()))
    page.select_option("#format", "ivory")
    page.fill("#date", "2014-10-15")
    page.click("#check")
    page.wait_for_selector("#result")
    assert page.inner_text("#result").startswith("Legal"), page.inner_text("#verdict")[:2000]
    assert "Dynasty 40" in page.inner_text("#counts") and "Fate 40" in page.inner_text("#counts")
    assert page.locator("figure.chart svg rect.bar").count() > 10
    assert_fits(page)
    link = page.get_attribute("#permalink-link", "href")
    page.goto(f"{site_url}{link}")
    assert page.inner_text("#result").startswith("Legal")
    assert page.input_value("#decklist").startswith("Stronghold: The Honorable Garrison of the Lion")
    assert page.locator("figure.chart").count() >= 4
    assert_fits(page)
    page.click("#sheet-link")
    page.wait_for_selector("#sheet")
    assert "Dynasty (40)" in page.inner_text("#sheet") and "Fate (40)" in page.inner_text("#sheet")
    assert_fits(page)
    page.emulate_media(media="print")
    assert page.locator("header.site").is_hidden() and page.locator("#sheet").is_visible()


def test_follow_the_position_docs_to_a_replay(sized, site_url):
    page = sized
    page.goto(f"{site_url}/positions/")
    assert page.get_by_role("button", name="First step").inner_text() == "⏮"
    assert page.get_by_role("button", name="Last step").inner_text() == "⏭"
    assert_fits(page)
    page.click("#format-link")
    page.wait_for_selector("#format-doc")
    assert "l5r-position: 1" in page.inner_text("#format-doc")
    assert_fits(page)
    page.locator("a.open-example").nth(1).click()
    page.wait_for_selector("#yaml")
    assert "Raise the Shield" in page.input_value("#yaml")
    page.click("#replay")
    page.wait_for_selector("#steps li")
    assert page.locator(".exp.ok").count() == page.locator(".exp").count() >= 2
    page.get_by_role("button", name="Last step").click()
    total = page.locator("#steps li").count()
    assert page.inner_text("#counter") == f"{total} / {total}"
    assert_fits(page)
    page.fill("#yaml", page.input_value("#yaml").replace("l5r-position: 1", "l5r-position: 7"))
    page.click("#replay")
    page.wait_for_selector("#error:not([hidden])")
    assert "l5r-position" in page.inner_text("#error")
    assert page.locator("#steps li").count() == 0 and page.locator(".exp").count() == 0
    assert page.inner_text("#board") == "" and page.inner_text("#counter") == "–"
    assert_fits(page)
