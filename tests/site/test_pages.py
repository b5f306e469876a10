"""Every page type of the site in a real browser, at 1366×900 and 390×844: no horizontal
scrolling, and axe-core finds no serious or critical accessibility problem (every WCAG 2.1
A/AA and best-practice rule in the light colour scheme on the desktop; on the phone, in
the dark scheme, the rules that size and colour decide); the CSP fixture fails on any
policy violation on the way."""
from __future__ import annotations

import json
import urllib.request
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from judgeapp.decks import permalink
from tests.conftest import csp_checked_page
from tests.decks.written import LION
from tests.events.conftest import in_thread, sign_up

from .browsing import VIEWPORTS, assert_fits, axe_script, serious_violations

pytestmark = pytest.mark.browser

PAGES = {
    "home": "/",
    "about": "/about/",
    "search": "/search?q=chi+death",
    "search-empty": "/search",
    "not-found": "/no/such/page/",
    "rules-documents": "/rules/",
    "rules-document": "/rules/ivory-cr/",
    "rules-section": "/rules/twenty-festivals-cr/timing/timing-conflicts/",
    "rules-full": "/rules/emperor-cr-player/full/",
    "rules-term": "/rules/term/cavalry/",
    "rules-glossary": "/rules/glossary/",
    "rules-search": "/rules/search?q=chi+death",
    "rules-changes": "/rules/changes/",
    "cards-empty": "/cards/",
    "cards-list": "/cards/?q=kisada",
    "cards-table": "/cards/?q=t%3Apersonality+c%3Acrab+order%3Aforce+dir%3Adesc&view=table",
    "cards-corrected": "/cards/?q=kisda",
    "cards-help": "/cards/help/",
    "cards-advanced": "/cards/advanced/",
    "cards-sets": "/cards/sets/",
    "cards-set": "/cards/sets/ivory-edition/",
    "card": "/cards/q7u3nrqm/",
    "decks": "/decks/",
    "deck-verdict": "/decks/",
    "deck-permalink": None,
    "deck-sheet": None,
    "deck-formats": "/decks/formats/",
    "positions": "/positions/",
    "position-format": "/positions/format/",
    "position-saved": None,
    "events": "/events/",
    "rulings-search": "/rulings/?q=cavalry",
    "rulings-empty": "/rulings/",
    "log-in": "/accounts/login/",
    "sign-up": "/accounts/signup/",
}
# An organizer's pages of an event made through the site (the organizer fixture).
EVENT_PAGES = {"event": "", "event-edit": "edit/", "event-staff": "staff/", "event-player-add": "players/add/",
               "event-import": "players/import/", "event-decklists": "decklists/", "event-print": "print/",
               "event-registration": None,
               "event-rounds": "rounds/", "event-round": "rounds/1/", "event-round-names": "rounds/1/names/",
               "event-projector": "rounds/1/projector/", "event-round-print": "rounds/1/print/",
               "event-slips": "rounds/1/slips/", "event-standings": "standings/", "event-top-cut": "top-cut/",
               "event-rulings": "rulings/", "event-ruling-new": "rulings/new/", "event-ruling": None}


@pytest.fixture(scope="module")
def urls(site_url):
    """Page types whose address is made by the site: a deck's permalink and sheet, a saved position."""
    out = dict(PAGES)
    query = "?format=ivory&date=2014-10-15"
    token = permalink.encode(LION.read_text())
    out["deck-permalink"] = f"/decks/list/{token}/{query}"
    out["deck-sheet"] = f"/decks/list/{token}/print/{query}"
    body = Path(settings.BASE_DIR, "judgeapp/positions/gallery/03-province-destroyed.yaml").read_bytes()
    request = urllib.request.Request(f"{site_url}/api/positions/replay?save=1", data=body + b"\n# pages test\n",
                                     headers={"Content-Type": "application/yaml"}, method="POST")
    out["position-saved"] = json.load(urllib.request.urlopen(request))["permalink"]
    return out


def _prepare(page, kind: str) -> None:
    """What a user does on the page before it shows what it is for."""
    if kind == "deck-verdict":
        page.fill("#decklist", LION.read_text())
        page.fill("#date", "2014-10-15")
        page.click("#check")
        page.wait_for_selector("#result")
    elif kind in ("positions", "position-saved"):
        if kind == "positions":
            page.click("#replay")
        page.wait_for_selector("#steps li")


@pytest.fixture(scope="module")
def organizer(browser, site_url, django_db_blocker):
    """An account made through the site, its event and its own registration: the browser
    state that is logged in, and the event's pages. Removed afterwards."""
    name = f"pages-{uuid.uuid4().hex[:8]}"
    with csp_checked_page(browser) as page:
        sign_up(page, site_url, name)
        page.goto(f"{site_url}/events/new/")
        page.fill("#id_name", f"Pages test {name}")
        page.fill("#id_date", "2014-10-15")
        page.select_option("#id_format", "ivory")
        page.fill("#id_deadline", "2099-01-01T12:00")
        page.click("#save")
        page.wait_for_selector(".event-nav")
        event = page.url.removeprefix(site_url)
        page.goto(f"{site_url}{event}players/add/")
        page.fill("#id_username", name)
        page.click("form.stacked button[type=submit]")
        page.wait_for_load_state()
        state = page.context.storage_state()
    from django.contrib.auth import get_user_model

    from judgeapp.events.models import Event, Registration

    with django_db_blocker.unblock():
        registration = in_thread(lambda: Registration.objects.get(event__staff__user__username=name).pk)
        ruling = in_thread(lambda: _run_a_round(name))
    pages = {kind: f"{event}{path}" for kind, path in EVENT_PAGES.items() if path is not None}
    pages["event-registration"] = f"{event}registrations/{registration}/"
    pages["event-ruling"] = f"{event}rulings/{ruling}/"
    yield {"state": state, "pages": pages}

    def remove():
        Event.objects.filter(staff__user__username=name).delete()
        get_user_model().objects.filter(username=name).delete()

    with django_db_blocker.unblock():
        in_thread(remove)


def _run_a_round(username: str) -> int:
    """Five more players, round 1 paired and played, a top 4, and a published ruling citing
    a rule and a card: what the rounds, standings, bracket and rulings pages show."""
    from django.contrib.auth import get_user_model

    from cards.models import Card
    from judgeapp.events import rounds, rulings
    from judgeapp.events.models import Event, Registration
    from rules_corpus.models import Section

    organizer = get_user_model().objects.get(username=username)
    event = Event.objects.get(staff__user=organizer)
    Registration.objects.bulk_create([Registration(event=event, name=f"Samurai {n}") for n in range(5)])
    round_ = rounds.pair_next_round(event, organizer, seed=3)
    for table in round_.tables.exclude(player_b=None):
        rounds.enter_result(table, organizer, "a")
    rounds.make_top_cut(event, organizer, 4)
    section = Section.objects.get(document__slug="twenty-festivals-cr", anchor="timing-conflicts")
    card = Card.objects.get(id="q7u3nrqm")
    call = rulings.Call(question="Does a bowed Cavalry Personality join the assault?", ruling="No.",
                        table=round_.tables.first(), players=[], position=None, position_step=None,
                        cites=[rulings.Cite("section", section.full_id, section.title, section.get_absolute_url()),
                               rulings.Cite("card", card.id, card.title, card.get_absolute_url())])
    return rulings.publish(rulings.save(event, organizer, call), organizer).pk


# On the phone, the rules whose outcome depends on the size or the colours (the others
# were checked on the desktop): contrast in the dark scheme, regions that now scroll.
PHONE_RULES = ["color-contrast", "scrollable-region-focusable", "target-size"]


def _check(page, kind: str, viewport: str, scheme: str) -> None:
    assert page.locator("main h1").count() >= 1 or kind == "deck-sheet", f"{kind}: no heading"
    assert_fits(page)
    problems = serious_violations(page, PHONE_RULES if viewport == "phone" else None)
    assert not problems, f"{kind} at {viewport} ({scheme}):\n" + "\n".join(problems)


def _options(viewport: str) -> dict:
    return {"viewport": VIEWPORTS[viewport], "color_scheme": "light" if viewport == "desktop" else "dark"}


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("kind", list(PAGES))
def test_page_fits_and_is_accessible(browser, site_url, urls, kind, viewport):
    with csp_checked_page(browser, init_script=axe_script(), **_options(viewport)) as page:
        response = page.goto(site_url + urls[kind])
        assert response.status == (404 if kind == "not-found" else 200), (kind, response.status)
        _prepare(page, kind)
        _check(page, kind, viewport, _options(viewport)["color_scheme"])


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("kind", list(EVENT_PAGES))
def test_event_page_fits_and_is_accessible(browser, site_url, organizer, kind, viewport):
    with csp_checked_page(browser, init_script=axe_script(), storage_state=organizer["state"],
                          **_options(viewport)) as page:
        response = page.goto(site_url + organizer["pages"][kind])
        assert response.status == 200, (kind, response.status)
        _check(page, kind, viewport, _options(viewport)["color_scheme"])
