"""The events API end to end with real lists: events, staff, registration (self, by hand
with an invitation, CSV), decklist versions and the deadline, the table, exports, Check all."""
import csv
import datetime as dt
import io
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from judgeapp.celery import app as celery_app
from judgeapp.events import services
from judgeapp.events.models import Decklist, DecklistCheck, Event, Registration

from .conftest import make_user
from .lists import EVENT_DATE

LION = Path(settings.L5R_CORPUS_DIR) / "decklists" / "2014-Ivory-Starter-Lion.l5d"


@pytest.fixture
def organizer(db):
    return make_user("kachiko", first_name="Bayushi Kachiko")


@pytest.fixture
def api(organizer):
    client = APIClient()
    client.force_authenticate(organizer)
    return client


@pytest.fixture
def event(api):
    body = {"name": "Winter Court", "date": EVENT_DATE.isoformat(), "format": "ivory", "location": "Otosan Uchi",
            "deadline": (timezone.now() + dt.timedelta(days=3)).isoformat()}
    response = api.post("/api/events/", body, format="json")
    assert response.status_code == 201, response.json()
    return Event.objects.get(pk=response.json()["id"])


@pytest.fixture
def eager():
    """Tasks in-process for tests that are not about the worker (that is test_worker.py)."""
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before


def roster(lists, count: int) -> tuple[str, list]:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "email", "decklist"])
    chosen = lists[:count]
    for i, (_, text) in enumerate(chosen):
        writer.writerow([f"Player {i:02d}", f"player{i:02d}@example.org", text])
    return out.getvalue(), chosen


def test_create_event_makes_the_caller_organizer(api, event, organizer):
    body = api.get(f"/api/events/{event.pk}/").json()
    assert body["roles"] == ["organizer"] and body["created_by"] == "kachiko"
    assert body["status"] == "open" and body["published"] is False and body["timezone"] == "UTC"
    assert [e["id"] for e in api.get("/api/events/").json()] == [event.pk]


def test_a_deadline_without_offset_is_local_time_of_the_event(api):
    body = {"name": "Kotei Paris", "date": "2026-11-22", "format": "ivory", "timezone": "Europe/Paris",
            "deadline": "2099-06-01T18:00:00"}
    created = api.post("/api/events/", body, format="json").json()
    assert created["deadline"] == "2099-06-01T16:00:00Z"  # 18:00 in Paris in summer is 16:00 UTC
    assert Event.objects.get(pk=created["id"]).deadline_text() == "2099-06-01 18:00 CEST (UTC+0200)"


def test_staff_roles_and_the_last_organizer(api, event, organizer):
    make_user("shosuro")
    assert api.post(f"/api/events/{event.pk}/staff", {"username": "shosuro", "role": "judge"},
                    format="json").json() == {"username": "shosuro", "role": "judge"}
    judge = APIClient()
    judge.force_authenticate(event.staff.get(role="judge").user)
    assert judge.get(f"/api/events/{event.pk}/").json()["roles"] == ["judge"]
    assert judge.get(f"/api/events/{event.pk}/decklists").status_code == 200
    assert judge.patch(f"/api/events/{event.pk}/", {"published": True}, format="json").status_code == 403
    refused = api.post(f"/api/events/{event.pk}/staff", {"username": "kachiko", "role": "judge"}, format="json")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "last-organizer"
    unknown = api.post(f"/api/events/{event.pk}/staff", {"username": "nobody", "role": "judge"}, format="json")
    assert unknown.status_code == 400 and unknown.json()["error"]["code"] == "unknown-user"


def test_register_self_then_send_versions_until_the_deadline(event, lists, legal_list):
    player = make_user("toku")
    client = APIClient()
    client.force_authenticate(player)
    registration = client.post(f"/api/events/{event.pk}/registrations", {}, format="json").json()
    assert registration["player"] == "toku" and registration["username"] == "toku"
    again = client.post(f"/api/events/{event.pk}/registrations", {}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "already-registered"
    url = f"/api/events/{event.pk}/registrations/{registration['id']}/decklist"
    assert client.get(url).json()["error"]["code"] == "no-decklist"

    bad_code, bad_text = next((code, text) for code, text in lists if code == "too-many-copies")
    first = client.put(url, {"decklist": bad_text}, format="json").json()
    assert first["version"] == 1 and first["verdict"]["legal"] is False
    assert {p["code"] for p in first["verdict"]["problems"]} == {bad_code}
    second = client.put(url, {"decklist": legal_list}, format="json").json()
    assert second["version"] == 2 and second["verdict"]["legal"] is True and second["late"] is False
    with LION.open("rb") as upload:
        third = client.put(url, {"file": upload}, format="multipart").json()
    assert third["version"] == 3 and third["source"] == "l5d" and third["verdict"]["legal"] is True
    current = client.get(url).json()
    assert current["version"] == 3 and current["decklist"] == LION.read_text()
    versions = client.get(url + "/versions").json()
    assert [v["version"] for v in versions["versions"]] == [3, 2, 1] and versions["current"] == 3
    assert [v["legal"] for v in versions["versions"]] == [True, True, False]

    Event.objects.filter(pk=event.pk).update(deadline=timezone.now() - dt.timedelta(minutes=1))
    late = client.put(url, {"decklist": bad_text}, format="json")
    assert late.status_code == 409
    error = late.json()["error"]
    assert error["code"] == "deadline-passed" and "deadline for Winter Court passed at" in error["message"]
    assert Decklist.objects.filter(registration_id=registration["id"]).count() == 3


def test_the_latest_version_before_the_deadline_counts(event, legal_list, lists):
    player = make_user("yoritomo")
    registration = services.register_self(event, player)
    services.submit_decklist(registration, player, services.read_submission(legal_list))
    bad = next(text for code, text in lists if code == "deck-too-small")
    services.submit_decklist(registration, player, services.read_submission(bad))
    second = registration.versions.get(number=2)
    Event.objects.filter(pk=event.pk).update(deadline=second.submitted - dt.timedelta(microseconds=1))
    event.refresh_from_db()
    registration.event = event
    version, check = services.current(registration)
    assert version.number == 1 and check.legal


def test_organizer_unlocks_one_player_after_the_deadline(api, event, legal_list):
    player = make_user("hotaru")
    registration = services.register_self(event, player)
    Event.objects.filter(pk=event.pk).update(deadline=timezone.now() - dt.timedelta(hours=1))
    client = APIClient()
    client.force_authenticate(player)
    url = f"/api/events/{event.pk}/registrations/{registration.pk}"
    assert client.put(url + "/decklist", {"decklist": legal_list}, format="json").status_code == 409
    assert api.post(url + "/unlock", {"unlocked": True}, format="json").json()["unlocked"] is True
    accepted = client.put(url + "/decklist", {"decklist": legal_list}, format="json").json()
    assert accepted["late"] is True and accepted["version"] == 1
    assert client.get(url + "/decklist").json()["version"] == 1  # a late version under an unlock counts
    api.post(url + "/unlock", {"unlocked": False}, format="json")
    assert client.put(url + "/decklist", {"decklist": legal_list}, format="json").status_code == 409


def test_organizer_sends_a_list_as_json_for_a_player(api, event, pool):
    registration = api.post(f"/api/events/{event.pk}/registrations", {"username": make_user("ide").username},
                            format="json").json()
    deck = {"stronghold": "The Honorable Garrison of the Lion",
            "cards": [{"count": 3, "title": "Matsu Agai", "deck": "dynasty"}]}
    body = api.put(f"/api/events/{event.pk}/registrations/{registration['id']}/decklist", {"deck": deck},
                   format="json").json()
    assert body["source"] == "json" and body["deck"] == deck and body["submitted_by"] == "kachiko"
    assert {p["code"] for p in body["verdict"]["problems"]} == {"deck-too-small"}


def test_an_invitation_links_the_account_later(api, event):
    created = api.post(f"/api/events/{event.pk}/registrations", {"name": "Doji Hotaru", "email": "Hotaru@Example.org"},
                       format="json").json()
    assert created["username"] is None and created["invited"] is True and created["email"] == "hotaru@example.org"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["hotaru@example.org"]
    link = re.search(r"http://testserver(/events/invitations/\S+/)", mail.outbox[0].body)[1]
    later = make_user("hotaru")
    client = Client()
    client.force_login(later)
    response = client.get(link)
    assert response.status_code == 302 and response["Location"] == f"/events/{event.pk}/registrations/{created['id']}/"
    registration = Registration.objects.get(pk=created["id"])
    assert registration.user == later and registration.invite_token is None
    assert client.get(link).status_code == 404  # used once


def test_csv_import_with_decklists_then_the_table(api, event, lists):
    text, chosen = roster(lists, 30)
    response = api.post(f"/api/events/{event.pk}/registrations/import", text, content_type="text/csv")
    assert response.status_code == 201, response.json()
    assert response.json()["imported"] == 30 and len(mail.outbox) == 30
    table = api.get(f"/api/events/{event.pk}/decklists").json()
    assert table["total"] == table["submitted"] == 30
    by_player = {row["player"]: row for row in table["registrations"]}
    for i, (code, _) in enumerate(chosen):
        row = by_player[f"Player {i:02d}"]
        assert row["codes"] == ([code] if code else []) and row["legal"] is (code is None)
        assert row["email"] == f"player{i:02d}@example.org" and row["version"] == 1 and not row["stale"]
    assert table["legal"] == sum(1 for code, _ in chosen if code is None)
    assert set(table["codes"]) == {code for code, _ in chosen if code}


def test_table_filters_by_code_and_sorts_by_any_column(api, event, lists, organizer):
    text, chosen = roster(lists, 30)
    api.post(f"/api/events/{event.pk}/registrations/import", text, content_type="text/csv")
    data = services.table(event, code="unknown-card")
    assert [row["player"] for row in data["rows"]] == [
        f"Player {i:02d}" for i, (code, _) in enumerate(chosen) if code == "unknown-card"]
    for column in services.COLUMNS:
        for descending in (False, True):
            rows = services.table(event, column, descending)["rows"]
            keys = [services.SORT_KEYS[column](row) for row in rows]
            present = [k for k in keys if k is not None]
            assert present == sorted(present, reverse=descending), column
            assert keys[len(present):] == [None] * (len(keys) - len(present))  # rows without a value last
    client = Client()
    client.force_login(organizer)
    page = client.get(f"/events/{event.pk}/decklists/?sort=fate&dir=desc&code=unknown-card").content.decode()
    shown = [f"Player {i:02d}" for i, (code, _) in enumerate(chosen) if code == "unknown-card"]
    assert page.count('data-registration="') == len(shown) and all(f">{name}</a>" in page for name in shown)
    assert 'aria-sort="descending"' in page and 'href="?sort=fate&amp;dir=asc&amp;code=unknown-card"' in page


def test_csv_export_and_print_all(api, event, lists, organizer):
    text, chosen = roster(lists, 12)
    api.post(f"/api/events/{event.pk}/registrations/import", text, content_type="text/csv")
    api.post(f"/api/events/{event.pk}/registrations", {"name": "=HYPERLINK(\"x\")", "email": "x@example.org"},
             format="json")
    response = api.get(f"/api/events/{event.pk}/decklists.csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 13 and rows[0]["player"] == "'=HYPERLINK(\"x\")" and rows[0]["version"] == ""
    assert [r["legal"] for r in rows[1:]] == ["no" if code else "yes" for code, _ in chosen]
    assert [r["problems"] for r in rows[1:]] == [code or "" for code, _ in chosen]
    client = Client()
    client.force_login(organizer)
    page = client.get(f"/events/{event.pk}/print/").content.decode()
    assert page.count('<article class="sheet"') == 12 and re.search(r"events/print(\.\w+)?\.css", page)
    lion = next(i for i, (_, t) in enumerate(chosen) if "Honorable Garrison of the Lion" in t)
    sheet = page.split('<article class="sheet"')[lion + 1]
    assert "Player: <strong>Player" in sheet and "Winter Court" in sheet and "Dynasty (40)" in sheet
    assert "The Honorable Garrison of the Lion" in sheet and "Personalities (22)" in sheet


def test_deck_check_shows_missing_and_extra(event, organizer):
    player = make_user("kisada")
    registration = services.register_self(event, player)
    services.submit_decklist(registration, player, services.read_submission(LION.read_text()))
    counted = LION.read_text().replace("3 Copper Mine", "2 Copper Mine") + "\n1 Ogre Bushi\n1 Not A Card\n"
    client = Client()
    client.force_login(organizer)
    page = client.post(f"/events/{event.pk}/registrations/{registration.pk}/deck-check/", {"counted": counted})
    html = page.content.decode()
    assert page.status_code == 200 and 'id="differs"' in html
    missing = html.split('id="missing"')[1].split("</table>")[0]
    extra = html.split('id="extra"')[1].split("</table>")[0]
    assert "Copper Mine" in missing and "<td>3</td><td>2</td><td>-1</td>" in missing
    assert "Ogre Bushi" in extra and "+1" in extra and "Not A Card" in html
    same = client.post(f"/events/{event.pk}/registrations/{registration.pk}/deck-check/",
                       {"counted": LION.read_text()}).content.decode()
    assert 'id="matches"' in same


def test_check_all_revalidates_after_a_date_change(api, event, lists, organizer, eager,
                                                  django_capture_on_commit_callbacks):
    text, chosen = roster(lists, 20)
    api.post(f"/api/events/{event.pk}/registrations/import", text, content_type="text/csv")
    assert api.patch(f"/api/events/{event.pk}/", {"date": "2014-10-15"}, format="json").status_code == 200
    assert all(row["stale"] for row in api.get(f"/api/events/{event.pk}/decklists").json()["registrations"])
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(f"/api/events/{event.pk}/validate")
    assert started.status_code == 202
    task = api.get(f"/api/tasks/{started.json()['task']}").json()
    assert task["state"] == "done" and task["done"] == task["total"] == 20 and task["date"] == "2014-10-15"
    table = api.get(f"/api/events/{event.pk}/decklists").json()["registrations"]
    assert not any(row["stale"] for row in table)
    # Lists built from cards released after 2014-10-15 are now out of the pool; the corpus lists are not.
    assert any("not-in-pool" in row["codes"] for row in table)
    assert DecklistCheck.objects.filter(run_id=task["task"]).count() == 20
    assert DecklistCheck.objects.filter(version__registration__event=event, run=None).count() == 20  # history kept
    again = api.post(f"/api/events/{event.pk}/validate").json()
    assert again["task"] != task["task"]


def test_check_all_while_one_runs_returns_that_run(api, event, lists):
    text, _ = roster(lists, 3)
    api.post(f"/api/events/{event.pk}/registrations/import", text, content_type="text/csv")
    first = api.post(f"/api/events/{event.pk}/validate").json()  # not executed: the test's transaction holds it
    assert first["state"] == "queued" and first["total"] == 3
    assert api.post(f"/api/events/{event.pk}/validate").json()["task"] == first["task"]


def test_the_table_page_shows_the_run_and_its_progress(api, event, organizer, lists):
    text, _ = roster(lists, 3)
    api.post(f"/api/events/{event.pk}/registrations/import", text, content_type="text/csv")
    run = services.start_validation(event, organizer)
    client = Client()
    client.force_login(organizer)
    page = client.get(f"/events/{event.pk}/decklists/").content.decode()
    assert f'data-url="/api/tasks/{run.pk}"' in page and 'data-state="queued"' in page
    assert 'max="3" value="0"' in page and re.search(r"events/events(\.\w+)?\.js", page)


def test_schema_describes_the_request_bodies(client):
    schema = client.get("/api/schema/?format=json").json()
    paths = schema["paths"]
    put = paths["/api/events/{id}/registrations/{rid}/decklist"]["put"]["requestBody"]["content"]
    assert set(put) == {"application/json", "multipart/form-data"}
    event_post = paths["/api/events/"]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    required = schema["components"]["schemas"][event_post.rsplit("/", 1)[1]]["required"]
    assert set(required) == {"name", "date", "format", "deadline"}
    assert "text/csv" in paths["/api/events/{id}/registrations/import"]["post"]["requestBody"]["content"]
    assert "202" in paths["/api/events/{id}/validate"]["post"]["responses"]
