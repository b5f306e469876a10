"""Saved positions: one copy per text, YAML/JSON only, a size cap, a per-client quota,
expiry of anonymous saves nobody opened; an owner's saves stay."""
import datetime as dt
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from judgeapp.positions import gallery
from judgeapp.positions.models import SavedPosition

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_rate_limits(settings):
    settings.RATELIMIT_ENABLE = False


def unique_text() -> str:
    return gallery.entries()[1]["text"] + f"\n# {uuid.uuid4()}\n"


def replay(body, query="?save=1", content_type="application/yaml", client=None, **extra):
    return (client or Client()).post(f"/api/positions/replay{query}", body, content_type=content_type, **extra)


def test_the_same_text_is_saved_once_and_opening_it_saves_nothing():
    text = unique_text()
    before = SavedPosition.objects.count()
    links = {replay(text).json()["permalink"] for _ in range(3)}
    assert len(links) == 1 and SavedPosition.objects.count() == before + 1
    saved = SavedPosition.objects.get(key=links.pop().strip("/").split("/")[-1])
    assert saved.size == len(text.encode()) and saved.digest and saved.last_viewed is None
    page = Client().get(saved.get_absolute_url())
    assert page.status_code == 200 and 'data-permalink="' in page.content.decode()
    saved.refresh_from_db()
    assert saved.last_viewed is not None and SavedPosition.objects.count() == before + 1


def test_json_is_accepted_and_cross_site_content_types_are_refused():
    import json

    import yaml

    data = yaml.safe_load(unique_text())
    assert replay(json.dumps(data), content_type="application/json").status_code == 200
    before = SavedPosition.objects.count()
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"):
        refused = replay(unique_text(), content_type=content_type)
        assert refused.status_code == 415, content_type
        assert refused.json()["error"]["code"] == "unsupported-media-type"
    assert SavedPosition.objects.count() == before


def test_a_big_position_replays_but_is_not_saved(settings):
    settings.L5R_SAVE_MAX_BYTES = 2000
    text = unique_text() + "# " + "x" * 3000 + "\n"
    assert replay(text, query="").status_code == 200
    refused = replay(text)
    assert refused.status_code == 413 and refused.json()["error"]["code"] == "too-large-to-save"


def test_per_client_quota(settings):
    settings.L5R_SAVE_QUOTA = 2
    client, address = Client(), "10.9.8.7"
    codes = [replay(unique_text(), client=client, REMOTE_ADDR=address).status_code for _ in range(3)]
    assert codes == [200, 200, 429]
    refused = replay(unique_text(), client=client, REMOTE_ADDR=address)
    assert refused.json()["error"]["code"] == "save-quota" and refused["Retry-After"]
    assert replay(unique_text(), client=client, REMOTE_ADDR="10.9.8.8").status_code == 200


def test_expiry_keeps_owners_and_opened_saves():
    owner = get_user_model().objects.create_user("organizer", password="x" * 12)
    old = timezone.now() - dt.timedelta(days=40)
    rows = {name: SavedPosition.objects.create(key=f"k{name}{uuid.uuid4().hex[:8]}", text=name, title=name)
            for name in ("stale", "fresh", "opened", "owned")}
    SavedPosition.objects.filter(pk__in=[rows[n].pk for n in ("stale", "opened", "owned")]).update(created=old)
    SavedPosition.objects.filter(pk=rows["opened"].pk).update(last_viewed=timezone.now() - dt.timedelta(days=3))
    SavedPosition.objects.filter(pk=rows["owned"].pk).update(owner=owner)
    call_command("expire_positions")
    left = set(SavedPosition.objects.filter(pk__in=[r.pk for r in rows.values()]).values_list("title", flat=True))
    assert left == {"fresh", "opened", "owned"}
