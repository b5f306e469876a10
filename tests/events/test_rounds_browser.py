"""In a real browser: an organizer runs a 6-player event through three Swiss rounds and a
top 4, entering every result through the round pages; a player reports their own table;
the round clock counts down on the round page and on the projector view (its script a
static file, no CSP violation); the standings state the one-third floor; the bracket
ends with a champion; the head judge records a call at a table with the rule and card
pickers and publishes it, and /rulings/ finds it; result slips print one per table."""
import datetime as dt
import re
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from judgeapp.events import services
from judgeapp.events.models import Event, Registration

from .conftest import in_thread
from .lists import EVENT_DATE

# django_db: so the test database is set up even when this file runs alone.
pytestmark = [pytest.mark.browser, pytest.mark.django_db]
PASSWORD = "kaiu-wall-1130"


@pytest.fixture
def six_players(django_db_setup, django_db_blocker):
    """An event made outside the test transaction (the site's server must see it): its
    organizer and six players with accounts; removed afterwards."""
    tag = uuid.uuid4().hex[:6]

    def make():
        with django_db_blocker.unblock():
            users = get_user_model().objects
            organizer = users.create_user(f"org-{tag}", f"org-{tag}@example.org", PASSWORD)
            event = services.create_event(organizer, {
                "name": "Browser Winter Court", "date": EVENT_DATE, "format": "ivory",
                "deadline": timezone.now() + dt.timedelta(days=3)})
            players = []
            for n in range(6):
                user = users.create_user(f"pl-{tag}-{n}", f"pl-{tag}-{n}@example.org", PASSWORD,
                                         first_name=f"Samurai {n} {tag}")
                players.append(Registration.objects.create(event=event, user=user, name=user.first_name,
                                                           email=user.email))
            return event, players

    event, players = in_thread(make)
    yield event, players

    def remove():
        with django_db_blocker.unblock():
            Event.objects.filter(pk=event.pk).delete()
            get_user_model().objects.filter(username__contains=f"-{tag}").delete()

    in_thread(remove)


def log_in(page, site_url, username):
    page.goto(f"{site_url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("#account-submit")
    page.wait_for_url("**/events/")


def enter_every_result(page, outcome="a"):
    """Every table still without a result, through its own form (the page reloads each time)."""
    while True:
        open_rows = page.locator("#pairings tr.open")
        if open_rows.count() == 0:
            return
        row = open_rows.first
        row.locator("select").select_option(outcome)
        row.locator("button.enter-result").click()
        page.wait_for_load_state()


def test_six_players_three_rounds_and_a_top_four(page, site_url, six_players, browser):
    event, players = six_players
    console_errors = []
    page.on("console", lambda m: console_errors.append(f"{m.text} at {m.location.get('url')}")
            if m.type == "error" and not m.location.get("url", "").endswith("/favicon.ico") else None)
    log_in(page, site_url, event.created_by.username)
    page.goto(f"{site_url}/events/{event.pk}/")
    page.click("#nav-rounds")
    page.wait_for_url("**/rounds/")

    for number in (1, 2, 3):
        if number == 1:
            page.fill("#id_seed", "20141015")
        page.click("#pair")
        page.wait_for_url(f"**/rounds/{number}/")
        assert page.locator("#pairings tbody tr").count() == 3
        if number == 1:
            page.click("#clock-start")
            page.wait_for_url("**/rounds/1/")
            page.wait_for_function("() => /^\\d+:\\d\\d$/.test(document.getElementById('clock-time').textContent)"
                                   " && document.getElementById('clock-state').textContent === 'remaining'")
            minutes = int(page.inner_text("#clock-time").split(":")[0])
            assert minutes in (event.round_minutes - 1, event.round_minutes)
            report_own_table(browser, site_url, page, players)
        enter_every_result(page, "a" if number != 2 else "b")
        assert "Every result is in." in page.inner_text("#open-count")
        page.click("#nav-rounds")
        page.wait_for_url("**/rounds/")

    page.click("#nav-standings")
    page.wait_for_url("**/standings/")
    assert "at least one third (33.3%)" in page.inner_text("#tiebreakers")
    standing = page.locator("#standings tbody tr").all_inner_texts()
    assert len(standing) == 6 and standing[0].startswith("1\t")
    top_four = [line.split("\t")[1] for line in standing[:4]]

    page.click("#nav-rounds")
    page.select_option("#id_size", "4")
    page.click("#make-top-cut")
    page.wait_for_url("**/top-cut/")
    seats = page.locator(".bracket-round").first.locator(".seat").all_inner_texts()
    assert seats == [f"1 {top_four[0]}", f"4 {top_four[3]}", f"2 {top_four[1]}", f"3 {top_four[2]}"]

    for number in (4, 5):
        page.goto(f"{site_url}/events/{event.pk}/rounds/{number}/")
        assert page.locator("#pairings select").first.locator("option").count() == 2  # no draws in the cut
        enter_every_result(page, "a")
        if number == 4:
            page.goto(f"{site_url}/events/{event.pk}/rounds/")
            page.click("#pair")
            page.wait_for_url("**/rounds/5/")
    page.goto(f"{site_url}/events/{event.pk}/top-cut/")
    assert page.inner_text("#champion") == f"Winner: {top_four[0]}"

    page.goto(f"{site_url}/events/{event.pk}/rounds/1/projector/")
    assert page.locator("header.site").is_hidden()
    assert page.locator("#projector-names li").count() == 6
    assert float(page.locator("#clock").evaluate("c => parseFloat(getComputedStyle(c).fontSize)")) > 40
    page.wait_for_function("() => /^\\+?\\d+:\\d\\d$/.test(document.getElementById('clock-time').textContent)")

    record_and_publish_a_call(page, site_url, event)

    page.goto(f"{site_url}/events/{event.pk}/rounds/3/slips/")
    assert page.locator("article.slip").count() == 3
    page.emulate_media(media="print")
    assert page.locator("header.site").is_hidden()
    assert console_errors == []


def record_and_publish_a_call(page, site_url, event):
    """The head judge records a call at a table, picking its rule and card with the pickers, and publishes it."""
    page.goto(f"{site_url}/events/{event.pk}/rounds/2/")
    page.locator("#table-1 a.call").click()
    page.wait_for_url("**/rulings/new/?round=2&table=1")
    assert page.input_value("#id_round") == "2" and page.input_value("#id_table") == "1"
    page.fill("#id_question", "Do two destroyed personalities' Honor losses happen in the order their owner chooses?")
    page.fill("#id_ruling", "They are simultaneous: the timing conflict rules order them.")
    page.fill("#rules-pick", "timing conflicts")
    page.locator("#rules-pick-results button").first.wait_for()
    page.locator("#rules-pick-results button").first.click()
    section = page.input_value("#id_sections")
    assert re.fullmatch(r"[a-z0-9-]+/[a-z0-9/-]+", section)
    page.fill("#cards-pick", "kisada")
    page.locator("#cards-pick-results button").first.wait_for()
    page.locator("#cards-pick-results button").first.click()
    assert page.input_value("#id_cards").startswith("/cards/")
    page.click("#save-ruling")
    page.wait_for_url(re.compile(r"/rulings/\d+/$"))
    assert page.locator("ul.cites li").count() == 2
    page.click("#publish")
    page.wait_for_selector("#published")
    page.goto(f"{site_url}/rulings/?q=timing+conflict+honor")
    assert page.locator("#rulings-results li[data-ruling]").count() == 1


def report_own_table(browser, site_url, organizer_page, players):
    """A player, in a browser of their own, sees a report form on their table only and reports it."""
    context = browser.new_context()
    player_page = context.new_page()
    try:
        user = players[0].user
        log_in(player_page, site_url, user.username)
        player_page.goto(organizer_page.url)
        forms = player_page.locator("form.result-form")
        assert forms.count() == 1
        row = player_page.locator("#pairings tr", has=forms)
        names = row.locator("td").nth(1).inner_text(), row.locator("td").nth(2).inner_text()
        mine = "a" if names[0] == players[0].name else "b"
        forms.locator("select").select_option(mine)
        forms.locator("button").click()
        player_page.wait_for_load_state()
        assert "waiting for your opponent" in player_page.inner_text("#messages")
    finally:
        context.close()
