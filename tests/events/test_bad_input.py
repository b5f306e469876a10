"""Bad input gets a clear 4xx in the project's error shape, and nothing is half-written:
malformed CSV, a 5 MB decklist, a deadline in the past, an unknown format, another
player's registration id, wrong types."""
import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from judgeapp.events import roster_csv
from judgeapp.events.models import Decklist, Event, Registration

from .conftest import make_user

FIVE_MB = "1 Hida Kisada\n" * (5 * 1024 * 1024 // 14)


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def organizer_api(world):
    return client_for(world["people"]["organizer"])


def error_of(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content[:400]
    error = response.json()["error"]
    assert error["code"] == code and error["message"]
    return error


@pytest.mark.parametrize("text,lines,words", [
    ('name,email\nHida Kisada,kisada@example.org\n"Hida O-Ushi,oushi@example.org\n', [3], "not valid CSV"),
    ("Hida Kisada,kisada@example.org\nHida Yakamo\n", [2], "1 columns"),
    ("Hida Kisada,kisada@example.org\nHida Yakamo,not-an-email\n,empty@example.org\n", [2, 3],
     "not an e-mail address"),
    ("Hida Kisada,kisada@example.org\n\nHida Yakamo,KISADA@example.org\n", [3], "already on line 1"),
    ('Hida Kisada,kisada@example.org,"Stronghold\nThe Kaiu Wall\n"\nHida Yakamo,yakamo@example.org,"'
     + "x" * 200_000 + '"\n', [4], "a cell is over 131,072 characters"),
    ("Hida Kisada,player@example.org\n", [1], "already registered"),
    ("", [1], "no players"),
])
def test_malformed_csv_names_every_bad_line_and_imports_nothing(world, organizer_api, text, lines, words):
    event = world["event"]
    before = Registration.objects.count()
    response = organizer_api.post(f"/api/events/{event.pk}/registrations/import", text.encode(),
                                  content_type="text/csv")
    error = error_of(response, 400, "bad-csv")
    assert [d["line"] for d in error["details"]] == lines and words in error["message"]
    assert Registration.objects.count() == before


def test_a_csv_whose_decklist_is_binary_is_refused_with_its_line(world, organizer_api):
    text = "Hida Kisada,kisada@example.org,ok\nHida Yakamo,yakamo@example.org,\"" + "\x01\x02\x03\x04" * 20 + "\"\n"
    error = error_of(organizer_api.post(f"/api/events/{world['event'].pk}/registrations/import", text.encode(),
                                        content_type="text/csv"), 400, "bad-csv")
    assert error["details"] == [{"line": 2, "message": error["details"][0]["message"]}]
    assert "line 2: the decklist: This file does not look like text" in error["details"][0]["message"]
    assert not Registration.objects.filter(email="kisada@example.org").exists()


def test_csv_files_that_are_not_text(world, organizer_api):
    url = f"/api/events/{world['event'].pk}/registrations/import"
    error_of(organizer_api.post(url, b"name,email\n\xff\xfeH\x00i\x00", content_type="text/csv"), 400, "not-text")
    error_of(organizer_api.post(url, "Hida,h@example.org\n".encode("utf-16"), content_type="text/csv"), 400,
             "not-text")
    error_of(organizer_api.post(url, b"Hida,h@example.org\n\xe9\n", content_type="text/csv"), 400, "not-utf8")
    error_of(organizer_api.post(url, b"x" * (roster_csv.MAX_BYTES + 10), content_type="text/csv"), 400, "too-large")
    error_of(organizer_api.post(url, {}, format="multipart"), 400, "no-file")


def test_the_import_page_lists_bad_lines(world):
    client = Client()
    client.force_login(world["people"]["organizer"])
    upload = SimpleUploadedFile("roster.csv", b"Hida Kisada,kisada@example.org\nHida Yakamo,nope\n")
    page = client.post(f"/events/{world['event'].pk}/players/import/", {"file": upload})
    assert page.status_code == 400 and b'data-line="2"' in page.content
    assert b"nothing was imported" in page.content


@pytest.mark.parametrize("how", ["json", "multipart", "page"])
def test_a_five_megabyte_decklist_is_refused_and_nothing_written(world, how):
    player, mine = world["people"]["player"], world["mine"]
    url = f"/api/events/{world['event'].pk}/registrations/{mine.pk}/decklist"
    before = Decklist.objects.count()
    if how == "json":
        error_of(client_for(player).put(url, {"decklist": FIVE_MB}, format="json"), 413, "too-large")
    elif how == "multipart":
        upload = SimpleUploadedFile("big.l5d", FIVE_MB.encode())
        error_of(client_for(player).put(url, {"file": upload}, format="multipart"), 413, "too-large")
    else:
        client = Client()
        client.force_login(player)
        page = client.post(mine.get_absolute_url(), {"decklist": FIVE_MB})
        assert page.status_code in (400, 413)  # Django refuses a form body over its upload limit
    assert Decklist.objects.count() == before


@pytest.mark.parametrize("body,code", [
    ({"decklist": 42}, "bad-decklist"),
    ({"decklist": ""}, "no-decklist"),
    ({}, "no-decklist"),
    ({"decklist": "1 Hida Kisada", "deck": {"cards": []}}, "two-decklists"),
    ({"deck": "not an object"}, "bad-deck"),
    ({"deck": {"cards": "x"}}, "bad-deck"),
    (["a", "list"], "invalid"),
])
def test_wrong_decklist_bodies(world, body, code):
    player, mine = world["people"]["player"], world["mine"]
    url = f"/api/events/{world['event'].pk}/registrations/{mine.pk}/decklist"
    before = Decklist.objects.count()
    response = client_for(player).put(url, body, format="json")
    assert response.status_code == 400 and response.json()["error"]["code"] in (code, "invalid")
    assert Decklist.objects.count() == before


@pytest.mark.parametrize("change,code", [
    ({"deadline": "2001-01-01T00:00:00Z"}, "deadline-in-past"),
    ({"format": "gold-plated"}, "unknown-format"),
    ({"timezone": "Mars/Olympus"}, "unknown-timezone"),
    ({"date": "tomorrow"}, "invalid"),
    ({"name": ""}, "invalid"),
])
def test_bad_event_fields_create_nothing(world, organizer_api, change, code):
    body = {"name": "Kotei", "date": "2026-11-22", "format": "ivory", "deadline": "2099-01-01T10:00:00Z", **change}
    before = Event.objects.count()
    error = error_of(organizer_api.post("/api/events/", body, format="json"), 400, code)
    if code == "unknown-format":
        assert "Formats: ivory" in error["message"]
    assert Event.objects.count() == before
    patched = organizer_api.patch(f"/api/events/{world['event'].pk}/", change, format="json")
    assert patched.status_code == 400 and patched.json()["error"]["code"] == code


def test_the_event_form_refuses_a_past_deadline(world):
    client = Client()
    client.force_login(world["people"]["organizer"])
    past = (timezone.now() - dt.timedelta(days=1)).strftime("%Y-%m-%dT%H:%M")
    page = client.post("/events/new/", {"name": "Kotei", "date": "2026-11-22", "format": "ivory",
                                        "deadline": past, "timezone": "UTC"})
    assert page.status_code == 400 and b"has already passed" in page.content
    assert Event.objects.count() == 1


def test_another_players_registration_id_writes_nothing(world, legal_list):
    other, mine, event = world["people"]["other"], world["mine"], world["event"]
    before = Decklist.objects.count()
    client = client_for(other)
    url = f"/api/events/{event.pk}/registrations/{mine.pk}"
    error_of(client.put(url + "/decklist", {"decklist": legal_list}, format="json"), 404, "not-found")
    error_of(client.post(url + "/unlock", {"unlocked": True}, format="json"), 404, "not-found")
    foreign = Event.objects.create(name="Elsewhere", date=event.date, format="ivory", deadline=event.deadline,
                                   created_by=world["people"]["outsider"])
    error_of(client_for(world["people"]["player"]).get(
        f"/api/events/{foreign.pk}/registrations/{mine.pk}/decklist"), 404, "not-found")
    assert Decklist.objects.count() == before
    assert not Registration.objects.get(pk=mine.pk).unlocked


def test_registration_bodies(world, organizer_api):
    url = f"/api/events/{world['event'].pk}/registrations"
    error_of(organizer_api.post(url, {"name": "Only a name"}, format="json"), 400, "invalid")
    error_of(organizer_api.post(url, {"username": "organizer", "name": "x", "email": "x@example.org"},
                                format="json"), 400, "invalid")
    error_of(organizer_api.post(url, {"username": "nobody"}, format="json"), 400, "unknown-user")
    error_of(organizer_api.post(url, {"name": "Hida", "email": "player@example.org"}, format="json"), 409,
             "already-registered")
    closed = world["event"]
    closed.status = Event.Status.LOCKED
    closed.save()
    error_of(client_for(make_user("late")).post(url, {}, format="json"), 409, "registration-closed")


def test_unknown_task_and_event(world, organizer_api):
    error_of(organizer_api.get("/api/tasks/00000000-0000-0000-0000-000000000000"), 404, "not-found")
    error_of(organizer_api.get("/api/events/999999/"), 404, "not-found")
    assert organizer_api.get("/api/tasks/not-a-uuid").status_code == 404
