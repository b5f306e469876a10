"""Rate limits (judgeapp/ratelimits.py) as a client meets them: a 429 with Retry-After,
JSON in the API's shape or the site's page, counted per client address in the cache."""
import uuid

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

LIST = {"decklist": "Stronghold\nThe Impregnable Fortress of the Crab\nDynasty\n3 Hida Kisada", "format": "ivory"}


def new_address() -> str:
    """A fresh client address: the counts live in the (possibly shared) cache."""
    number = uuid.uuid4().int
    return f"10.{number % 250}.{number // 250 % 250}.{number // 62500 % 250 + 1}"


@pytest.fixture
def tight(settings):
    settings.RATELIMIT_ENABLE = True
    settings.L5R_RATES = dict(settings.L5R_RATES, **{"deck-validate": "3/m", "position-replay": "2/m",
                                                     "position-save": "1/h"})
    return settings


def test_deck_validation_api_is_limited_per_address(tight):
    client, address = Client(), new_address()
    answers = [client.post("/api/decks/validate", LIST, content_type="application/json", REMOTE_ADDR=address)
               for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    refused = answers[-1]
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert refused.json()["error"]["code"] == "rate-limited"
    assert "3 per minute" in refused.json()["error"]["message"]
    other = client.post("/api/decks/validate", LIST, content_type="application/json", REMOTE_ADDR=new_address())
    assert other.status_code == 200


def test_deck_page_limit_is_the_site_page(tight):
    client, address = Client(), new_address()
    codes = [client.post("/decks/", LIST, REMOTE_ADDR=address).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    refused = client.post("/decks/", LIST, REMOTE_ADDR=address)
    assert refused["Content-Type"].startswith("text/html") and "Retry-After" in refused
    assert "Try again in" in refused.content.decode()


def test_replays_and_new_saves_have_their_own_limits(tight):
    from judgeapp.positions import gallery

    client, address = Client(), new_address()
    text = gallery.entries()[0]["text"] + f"\n# {uuid.uuid4()}\n"

    def replay(query="", body=text):
        return client.post(f"/api/positions/replay{query}", body, content_type="application/yaml", REMOTE_ADDR=address)

    first = replay("?save=1")
    assert first.status_code == 200 and first.json()["permalink"]
    assert replay("?save=1").json()["permalink"] == first.json()["permalink"]  # the same text: no new save
    assert replay().status_code == 429  # the replay limit (2 per minute)
    other = Client()
    second_text = text + "# another\n"
    refused = other.post("/api/positions/replay?save=1", second_text, content_type="application/yaml",
                         REMOTE_ADDR=address)
    assert refused.status_code == 429


def test_limits_off_when_disabled(settings):
    settings.RATELIMIT_ENABLE = False
    settings.L5R_RATES = dict(settings.L5R_RATES, **{"deck-validate": "1/m"})
    client, address = Client(), new_address()
    codes = {client.post("/api/decks/validate", LIST, content_type="application/json", REMOTE_ADDR=address).status_code
             for _ in range(3)}
    assert codes == {200}
