"""The permission matrix: every role × every page and endpoint, with the exact status.

Roles: anonymous, a logged-in outsider, another player of the event, the player whose
list it is, a judge, the organizer; and, once the organizer has published the lists,
anonymous and the other player again.  A decklist is a 404 to whoever may not see it,
and so is a ruling nobody published.  Round 1 is paired (the player and the other player
at table 1, no result yet; the event kept open for sign-up), so pairing again or making
the top cut is refused by the event's state (409) once the rule table lets the organizer
through.
"""
import pytest
from django.test import Client
from django.utils import timezone

from judgeapp.events import rounds
from judgeapp.events.models import Event, Ruling, ValidationRun

ROLES = ("anonymous", "outsider", "other", "player", "judge", "organizer", "anonymous+published", "other+published")
CSV = "name,email\nTogashi Mitsu,mitsu@example.org\n"
NEW_EVENT = {"name": "Spring Court", "date": "2026-11-22", "format": "ivory", "deadline": "2099-01-01T10:00:00Z"}


def row(anonymous, outsider, other, player, judge, organizer, anonymous_published=None, other_published=None):
    statuses = (anonymous, outsider, other, player, judge, organizer,
                anonymous if anonymous_published is None else anonymous_published,
                other if other_published is None else other_published)
    return dict(zip(ROLES, statuses))


# (method, path, body, content type) -> expected status by role.  {e}: event, {r}: the player's
# registration, {t}: a Check all run, {u}: an unpublished ruling, {p}: a published one.  Pages send visitors to log in (302); a refused
# logged-in user gets 403, or 404 where the page would show a private list.
MATRIX = [
    ("get", "/events/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/new/", None, None, row(302, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/edit/", None, None, row(302, 403, 403, 403, 403, 200)),
    ("get", "/events/{e}/staff/", None, None, row(302, 403, 403, 403, 403, 200)),
    ("get", "/events/{e}/players/add/", None, None, row(302, 403, 403, 403, 403, 200)),
    ("get", "/events/{e}/players/import/", None, None, row(302, 403, 403, 403, 403, 200)),
    ("get", "/events/{e}/decklists/", None, None, row(302, 404, 404, 404, 200, 200, 200, 200)),
    ("get", "/events/{e}/decklists.csv", None, None, row(302, 403, 403, 403, 200, 200)),
    ("get", "/events/{e}/print/", None, None, row(302, 403, 403, 403, 200, 200)),
    ("get", "/events/{e}/registrations/{r}/", None, None, row(302, 404, 404, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/registrations/{r}/versions/1/", None, None, row(302, 404, 404, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/registrations/{r}/deck-check/", None, None, row(302, 404, 404, 403, 200, 200, 302, 403)),
    ("post", "/events/{e}/registrations/{r}/unlock/", {}, None, row(302, 404, 404, 403, 403, 302, 302, 403)),
    ("post", "/events/{e}/validate/", {}, None, row(302, 403, 403, 403, 302, 302)),
    ("get", "/api/events/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("post", "/api/events/", NEW_EVENT, "application/json", row(401, 201, 201, 201, 201, 201)),
    ("get", "/api/events/{e}/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("patch", "/api/events/{e}/", {"location": "Kyuden Doji"}, "application/json", row(401, 403, 403, 403, 403, 200)),
    ("post", "/api/events/{e}/staff", {"username": "outsider", "role": "judge"}, "application/json",
        row(401, 403, 403, 403, 403, 201)),
    ("post", "/api/events/{e}/registrations", {}, "application/json", row(401, 201, 409, 409, 201, 201)),
    ("post", "/api/events/{e}/registrations", {"name": "Doji Kuwanan", "email": "kuwanan@example.org"},
     "application/json", row(401, 403, 403, 403, 403, 201)),
    ("post", "/api/events/{e}/registrations/import", CSV, "text/csv", row(401, 403, 403, 403, 403, 201)),
    ("get", "/api/events/{e}/registrations/{r}/decklist", None, None, row(404, 404, 404, 200, 200, 200, 200, 200)),
    ("put", "/api/events/{e}/registrations/{r}/decklist", "LIST", "application/json",
        row(404, 404, 404, 200, 403, 200, 401, 403)),
    ("get", "/api/events/{e}/registrations/{r}/decklist/versions", None, None,
        row(404, 404, 404, 200, 200, 200, 200, 200)),
    ("post", "/api/events/{e}/registrations/{r}/unlock", {"unlocked": True}, "application/json",
        row(404, 404, 404, 403, 403, 200, 401, 403)),
    ("get", "/api/events/{e}/decklists", None, None, row(404, 404, 404, 404, 200, 200, 200, 200)),
    ("get", "/api/events/{e}/decklists.csv", None, None, row(401, 403, 403, 403, 200, 200)),
    ("post", "/api/events/{e}/validate", None, None, row(401, 403, 403, 403, 202, 202)),
    ("get", "/api/tasks/{t}", None, None, row(404, 404, 404, 404, 200, 200)),
    # rounds, results, standings, the top cut
    ("get", "/events/{e}/rounds/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/rounds/1/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/rounds/1/names/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/rounds/1/projector/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/rounds/1/print/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/rounds/1/slips/", None, None, row(302, 403, 403, 403, 200, 200)),
    ("post", "/events/{e}/rounds/pair/", {"number": "2"}, None, row(302, 403, 403, 403, 403, 409)),
    ("post", "/events/{e}/rounds/1/results/", {"table": "1", "result": "a"}, None, row(302, 403, 302, 302, 302, 302)),
    ("post", "/events/{e}/rounds/1/clock/", {"running": "1"}, None, row(302, 403, 403, 403, 302, 302)),
    ("get", "/events/{e}/standings/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/top-cut/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("post", "/events/{e}/top-cut/make/", {"size": "4"}, None, row(302, 403, 403, 403, 403, 409)),
    ("post", "/events/{e}/registrations/{r}/drop/", {}, None, row(302, 404, 404, 302, 302, 302, 302, 403)),
    ("get", "/api/events/{e}/rounds", None, None, row(200, 200, 200, 200, 200, 200)),
    ("post", "/api/events/{e}/rounds", {}, "application/json", row(401, 403, 403, 403, 403, 409)),
    ("get", "/api/events/{e}/rounds/1", None, None, row(200, 200, 200, 200, 200, 200)),
    ("post", "/api/events/{e}/rounds/1/results", {"table": 1, "result": "a"}, "application/json",
        row(401, 403, 201, 201, 201, 201)),
    ("get", "/api/events/{e}/standings", None, None, row(200, 200, 200, 200, 200, 200)),
    ("post", "/api/events/{e}/top-cut", {"size": 4}, "application/json", row(401, 403, 403, 403, 403, 409)),
    ("post", "/api/events/{e}/registrations/{r}/drop", None, None, row(404, 404, 404, 200, 200, 200, 401, 403)),
    # the rulings log (publishing the decklists publishes no ruling)
    ("get", "/events/{e}/rulings/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/rulings/new/", None, None, row(302, 403, 403, 403, 200, 200)),
    ("get", "/events/{e}/rulings/{u}/", None, None, row(302, 404, 404, 404, 200, 200)),
    ("get", "/events/{e}/rulings/{u}/edit/", None, None, row(302, 404, 404, 404, 200, 200)),
    ("post", "/events/{e}/rulings/{u}/publish/", {}, None, row(302, 404, 404, 404, 403, 302)),
    ("get", "/events/{e}/rulings/{p}/", None, None, row(200, 200, 200, 200, 200, 200)),
    ("get", "/events/{e}/rulings/{p}/edit/", None, None, row(302, 403, 403, 403, 200, 200)),
    ("get", "/rulings/", None, None, row(200, 200, 200, 200, 200, 200)),
]
CASES = [(entry, role) for entry in MATRIX for role in ROLES]


def case_id(entry, role) -> str:
    by_hand = "-by-hand" if isinstance(entry[2], dict) and "name" in entry[2] else ""
    return f"{entry[0]} {entry[1]}{by_hand}-{role}"


@pytest.mark.parametrize("entry,role", CASES, ids=[case_id(e, r) for e, r in CASES])
def test_permission_matrix(world, legal_list, entry, role):
    method, path, body, content_type, expected = entry
    event, people = world["event"], world["people"]
    who, _, published = role.partition("+")
    if published:
        event.published = True
        event.save()
    run = ValidationRun.objects.create(event=event, format=event.format, date=event.date)
    rounds.pair_next_round(event, people["organizer"], seed=1)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.OPEN)  # pairing set it running; keep sign-up open
    unpublished = Ruling.objects.create(event=event, question="Q?", ruling="R.", recorded_by=people["judge"])
    published = Ruling.objects.create(event=event, question="Q?", ruling="R.", recorded_by=people["judge"],
                                      published=timezone.now())
    client = Client()
    if who != "anonymous":
        client.force_login(people[who])
    url = path.format(e=event.pk, r=world["mine"].pk, t=run.pk, u=unpublished.pk, p=published.pk)
    if body == "LIST":
        body = {"decklist": legal_list}
    kwargs = {}
    if body is not None:
        kwargs = {"data": body, "content_type": content_type} if content_type else {"data": body}
    response = getattr(client, method)(url, **kwargs)
    assert response.status_code == expected[role], (url, role, response.content[:300])
    if url.startswith("/api/") and response.status_code >= 400:
        error = response.json()["error"]
        assert error["code"] and error["message"]


def test_the_other_players_list_is_a_404_exactly_like_a_missing_one(world):
    client = Client()
    client.force_login(world["people"]["other"])
    event, mine = world["event"], world["mine"]
    hidden = client.get(f"/api/events/{event.pk}/registrations/{mine.pk}/decklist")
    missing = client.get(f"/api/events/{event.pk}/registrations/{mine.pk + 1000}/decklist")
    assert hidden.status_code == missing.status_code == 404
    assert hidden.json() == missing.json()
    page = client.get(f"/events/{event.pk}/registrations/{mine.pk}/")
    assert page.status_code == 404 and b"Hida" not in page.content


def test_templates_ask_the_same_rule_table(world):
    """The links a page offers follow the rules: the judge sees the table but not Edit."""
    event, people = world["event"], world["people"]
    judge, organizer, player = Client(), Client(), Client()
    judge.force_login(people["judge"])
    organizer.force_login(people["organizer"])
    player.force_login(people["player"])
    page = judge.get(f"/events/{event.pk}/").content.decode()
    assert 'id="nav-decklists"' in page and f"/events/{event.pk}/edit/" not in page
    assert f"/events/{event.pk}/edit/" in organizer.get(f"/events/{event.pk}/").content.decode()
    own = player.get(f"/events/{event.pk}/registrations/{world['mine'].pk}/").content.decode()
    assert 'id="decklist-form"' in own and 'id="unlock"' not in own and 'id="deck-check"' not in own
    staff_view = organizer.get(f"/events/{event.pk}/registrations/{world['mine'].pk}/").content.decode()
    assert 'id="unlock"' in staff_view and 'id="deck-check"' in staff_view
