"""Fixtures of the events tests: people in every role, an event, real lists, and a real
Celery worker over the test database."""
from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from django.utils import timezone

from judgeapp.decks.pool import from_database
from judgeapp.events import services
from judgeapp.events.models import Event, Staff
from tests.conftest import ROOT, database_url, need, redis_ready

from .lists import EVENT_DATE, ivory_lists


def in_thread(function, *args):
    """Run database code in a thread of its own.

    Once a browser test has run, Playwright's sync API leaves an event loop marked as
    running on the main thread, and Django refuses database calls beside a running loop;
    code that works outside a test transaction (for a worker or server to see) runs here.
    """
    def run():
        try:
            return function(*args)
        finally:
            connections.close_all()  # the thread's own connections, or the test database cannot be dropped

    with ThreadPoolExecutor(1) as executor:
        return executor.submit(run).result()


@pytest.fixture(scope="session")
def pool(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return in_thread(from_database)


@pytest.fixture(scope="session")
def lists(pool):
    """(problem code or None, text) of real lists, legal on the events' date."""
    return ivory_lists(pool)


@pytest.fixture(scope="session")
def legal_list(lists):
    return next(text for code, text in lists if code is None)


def make_user(username: str, **fields):
    return get_user_model().objects.create(username=username, email=f"{username}@example.org", **fields)


def make_event(organizer, **fields) -> Event:
    values = {"name": "Winter Court", "date": EVENT_DATE, "format": "ivory", "location": "Otosan Uchi",
              "deadline": timezone.now() + dt.timedelta(days=7)}
    values.update(fields)
    return services.create_event(organizer, values)


@pytest.fixture
def world(db, legal_list):
    """An event with an organizer, a judge, a player with a list, another player, an outsider."""
    people = {name: make_user(name) for name in ("organizer", "judge", "player", "other", "outsider")}
    event = make_event(people["organizer"])
    Staff.objects.create(event=event, user=people["judge"], role=Staff.Role.JUDGE)
    mine = services.register_self(event, people["player"])
    theirs = services.register_self(event, people["other"])
    services.submit_decklist(mine, people["player"], services.read_submission(legal_list))
    return {"event": event, "people": people, "mine": mine, "theirs": theirs}


class Worker:
    """A Celery worker process on the test database; start, kill and start again."""

    def __init__(self, tmp_path, queue: str, **env):
        self.queue, self.log_path, self.process = queue, tmp_path / f"worker-{queue}.log", None
        self.env = dict(os.environ, DATABASE_URL=database_url(), **env)

    def start(self) -> None:
        self.log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "judgeapp", "worker", "--pool=solo", "-Q", self.queue,
             "--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel=INFO"],
            cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(20)
        self.log.close()

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
            self.log.close()


@pytest.fixture
def worker_factory(tmp_path, django_db_setup):
    need(redis_ready(), "REDIS_URL is not set to a running Redis server")
    started = []

    def make(queue: str | None = None, **env) -> Worker:
        worker = Worker(tmp_path, queue or f"test-{uuid.uuid4().hex[:8]}", **env)
        started.append(worker)
        return worker

    yield make
    for worker in started:
        worker.stop()


def sign_up(page, site_url: str, username: str) -> None:
    """Make an account through the site's sign-up form, as a new user does (logged in after)."""
    page.goto(f"{site_url}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.org")
    page.fill("#id_password1", "kaiu-wall-1130")
    page.fill("#id_password2", "kaiu-wall-1130")
    page.click("#account-submit")
    page.wait_for_url("**/events/")
