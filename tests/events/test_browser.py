"""In a real browser, the organizer's path: sign up, create an event, import a CSV of players
with their lists, press Check all and watch the progress bar finish (a real worker when
Redis is there), filter by a problem code, open print-all and check its print layout."""
import csv
import io
import re
import uuid

import pytest
from django.contrib.auth import get_user_model

from judgeapp.events.models import Event

from tests.conftest import redis_ready

from .conftest import in_thread, sign_up

pytestmark = pytest.mark.browser
PLAYERS = 12


@pytest.fixture
def default_queue_worker(worker_factory_or_none):
    """The site's server sends tasks to the default queue: a worker there, on the test database."""
    if worker_factory_or_none is None:
        yield None  # no Redis: the server runs tasks in-process
        return
    worker = worker_factory_or_none(queue="celery")
    worker.start()
    yield worker


@pytest.fixture
def worker_factory_or_none(request):
    return request.getfixturevalue("worker_factory") if redis_ready() else None


@pytest.fixture
def cleanup(django_db_blocker):
    """Removes what the test made through the site."""
    usernames = []
    yield usernames

    def remove():
        with django_db_blocker.unblock():
            users = get_user_model().objects.filter(username__in=usernames)
            Event.objects.filter(created_by__in=users).delete()
            users.delete()

    in_thread(remove)


def test_organizer_path(lists, cleanup, page, site_url, default_queue_worker):
    console_errors = []  # a script error, or a blocked inline script or style, shows here

    def on_console(message):
        if message.type == "error" and not message.location.get("url", "").endswith("/favicon.ico"):
            console_errors.append(f"{message.text} at {message.location.get('url')}")

    page.on("console", on_console)
    username = f"org-{uuid.uuid4().hex[:6]}"
    cleanup.append(username)

    sign_up(page, site_url, username)

    page.click("#new-event")
    page.fill("#id_name", "Browser Kotei")
    page.fill("#id_date", "2026-11-22")
    page.select_option("#id_format", "ivory")
    page.fill("#id_deadline", "2099-01-01T12:00")
    page.select_option("#id_timezone", "Europe/Paris")
    page.click("#save")
    page.wait_for_url(re.compile(r"/events/\d+/$"))
    assert "2099-01-01 12:00 CET" in page.inner_text("#deadline")

    chosen = lists[:PLAYERS]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["name", "email", "decklist"])
    for i, (_, text) in enumerate(chosen):
        writer.writerow([f"Player {i:02d}", f"{username}-{i}@example.org", text])
    page.click("#nav-import")
    page.set_input_files("#id_file", files=[{"name": "roster.csv", "mimeType": "text/csv",
                                             "buffer": out.getvalue().encode()}])
    page.click("#import")
    page.wait_for_url("**/decklists/")
    assert page.locator("#decklists tbody tr[data-registration]").count() == PLAYERS

    page.click("#check-all")
    page.wait_for_function(
        "() => document.querySelector('#run') && document.querySelector('#run').dataset.state === 'done'",
        timeout=60000)
    assert page.inner_text("#run-status").startswith(f"Checked {PLAYERS} of {PLAYERS}")
    assert page.locator("#run-progress").evaluate("bar => [bar.value, bar.max]") == [PLAYERS, PLAYERS]
    page.reload()  # the result survives a reload
    assert page.inner_text("#run-status").startswith(f"Checked {PLAYERS} of {PLAYERS}")

    expected = [f"Player {i:02d}" for i, (code, _) in enumerate(chosen) if code == "unknown-card"]
    assert expected
    page.select_option("#code-filter", "unknown-card")
    page.wait_for_url("**code=unknown-card**")
    names = page.locator("#decklists tbody tr[data-registration] td:first-child a").all_inner_texts()
    assert names == expected

    page.click("#nav-print")
    page.wait_for_url("**/print/")
    assert page.locator("article.sheet").count() == PLAYERS
    assert "Browser Kotei" in page.locator("article.sheet").first.inner_text()
    page.emulate_media(media="print")
    assert page.locator("header.site").is_hidden()
    assert page.locator("article.sheet").first.evaluate("s => getComputedStyle(s).breakAfter") == "page"
    assert console_errors == []
