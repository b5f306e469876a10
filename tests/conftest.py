"""Test set-up: a file-backed test database holding the real corpus, ingested once.

The database is a file (see settings) so that a real server process and a real Celery
worker can share it; the indexes go to a temporary directory of the session.
"""
import os
import shutil
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent
REQUIRE_SERVICES = os.environ.get("L5R_REQUIRE_SERVICES") == "1"


def need(condition: bool, reason: str) -> None:
    """Skip locally when a service is missing; in CI (L5R_REQUIRE_SERVICES=1) fail."""
    if condition:
        return
    if REQUIRE_SERVICES:
        pytest.fail(f"required service missing: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session", autouse=True)
def static_root(tmp_path_factory):
    """Static files collected once, as `make run` does: pages name them by hashed names."""
    from django.core.management import call_command

    path = tmp_path_factory.mktemp("static")
    settings.STATIC_ROOT = str(path)
    os.environ["STATIC_ROOT"] = str(path)
    call_command("collectstatic", interactive=False, verbosity=0)
    return path


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory):
    path = tmp_path_factory.mktemp("index")
    settings.INDEX_DIR = str(path)
    os.environ["INDEX_DIR"] = str(path)
    return path


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker, index_dir):
    from cards.pipeline import run_import
    from rules_corpus.pipeline import run_ingest

    with django_db_blocker.unblock():
        report = run_ingest()
        cards = run_import()
    assert not report["failed"], report["lines"]
    assert not cards["failed"], cards["lines"]
    return {"rules": report, "cards": cards}


@pytest.fixture(scope="session")
def ingest_report(django_db_setup):
    return django_db_setup["rules"]


@pytest.fixture(scope="session")
def card_report(django_db_setup):
    return django_db_setup["cards"]


def redis_ready() -> bool:
    """A Redis server answers at REDIS_URL (the broker of the worker tests)."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return False
    import redis

    try:
        return redis.Redis.from_url(url, socket_connect_timeout=2).ping()
    except redis.RedisError:
        return False


def database_url() -> str:
    """The URL of the test database, for processes that must share it (a server, workers)."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    auth = f"{quote(db['USER'])}:{quote(db['PASSWORD'])}@" if db.get("USER") else ""
    return f"postgres://{auth}{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}/{db['NAME']}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(env: dict) -> tuple[subprocess.Popen, str]:
    """The site as `make run` serves it (gunicorn, DEBUG off), on a free port, once it has answered
    a page: gunicorn opens the port before its workers have warmed up (judgeapp/warmup.py), and a
    test's first page must not wait on that under its browser timeout."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "judgeapp.wsgi", "--bind", f"127.0.0.1:{port}",
                               "--workers", "2", "--threads", "4", "--timeout", "60"],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            urlopen(f"http://127.0.0.1:{port}/positions/", timeout=max(1.0, deadline - time.time())).close()
        except HTTPError:  # it answered; the tests say what is wrong with the page
            pass
        except OSError:
            if server.poll() is not None:
                raise RuntimeError(server.stderr.read().decode())
            time.sleep(0.2)
            continue
        return server, f"http://127.0.0.1:{port}"
    server.kill()
    raise RuntimeError("the server did not answer in 120 s")


@pytest.fixture(scope="session")
def site_url(django_db_setup, index_dir, static_root):
    """The site served by a real server process over the test database, rate limits off
    (the tests send many requests from one address; tests/test_ratelimits.py covers them)."""
    env = dict(os.environ, INDEX_DIR=str(index_dir), STATIC_ROOT=str(static_root), DJANGO_DEBUG="0",
               DATABASE_URL=database_url(), L5R_RATELIMIT="0")
    server, url = start_server(env)
    yield url
    server.terminate()
    server.wait(10)


@pytest.fixture(scope="session")
def browser(django_db_setup):
    """Playwright runs an event loop; the database is set up before it starts."""
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    need(Path(chromium).exists(), "Debian's chromium is not installed (/usr/bin/chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API leaves its event loop set on this thread for the session;
    # Django would then refuse ORM calls made here by later tests, which are not async.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as p:
        instance = p.chromium.launch(
            executable_path=chromium,
            args=["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"],
        )
        yield instance
        instance.close()


CSP_MESSAGE = "Content Security Policy"


@contextmanager
def csp_checked_page(browser, init_script: Path | None = None, **context_options):
    """A fresh page in a context of its own (``viewport=…``, ``color_scheme=…``); fails if
    the browser reported any Content-Security-Policy violation (an inline script or style,
    or a resource from elsewhere) on the way.  ``init_script`` is run in every document
    through the browser's devtools protocol, which the page's policy does not govern."""
    context = browser.new_context(**context_options)
    if init_script is not None:
        context.add_init_script(path=str(init_script))
    page = context.new_page()
    page.set_default_timeout(10000)
    violations = []
    page.on("console", lambda message: violations.append(message.text) if CSP_MESSAGE in message.text else None)
    try:
        yield page
    finally:
        context.close()
    assert not violations, "Content-Security-Policy violations:\n" + "\n".join(violations)


@pytest.fixture
def page(browser):
    with csp_checked_page(browser) as page:
        yield page
