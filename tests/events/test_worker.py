"""Check all on a real Celery worker through a real Redis: 200 real lists, the worker killed
in the middle of the run and started again, and every list still checked exactly once.

The data is committed (not inside a test transaction) so the worker process sees it,
and removed afterwards.
"""
import csv
import io
import time
import uuid

import pytest

from judgeapp.events import services
from judgeapp.events.models import DecklistCheck, ValidationRun

from .conftest import in_thread, make_event, make_user
from .lists import many

LISTS = 200


def wait_for(condition, timeout: float, what: str, step: float = 0.02):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(step)
    pytest.fail(f"timed out after {timeout} s waiting for {what}")


@pytest.fixture
def committed(django_db_setup, django_db_blocker):
    made = []
    with django_db_blocker.unblock():
        yield made
        in_thread(lambda: [obj.delete() for obj in reversed(made)])


def test_200_lists_on_a_worker_killed_mid_run(committed, worker_factory, pool):
    in_thread(check_all_with_a_killed_worker, committed, worker_factory, pool)


def check_all_with_a_killed_worker(committed, worker_factory, pool):
    tag = uuid.uuid4().hex[:6]
    organizer = make_user(f"org-{tag}")
    event = make_event(organizer, name=f"Worker test {tag}")
    committed += [organizer, event]
    out = io.StringIO()
    writer = csv.writer(out)
    for i, text in enumerate(many(pool, LISTS)):
        writer.writerow([f"Player {i:03d}", f"p{i}-{tag}@example.org", text])
    services.import_roster(event, organizer, out.getvalue(), "http://testserver")
    at_submission = {c.version_id: c.codes for c in DecklistCheck.objects.filter(
        version__registration__event=event, run=None)}
    assert len(at_submission) == LISTS

    # The first worker may die holding the restore lock (kombu's unacked mutex): it must expire well within the wait.
    settings = {"CELERY_VISIBILITY_TIMEOUT": "3", "CELERY_RESTORE_INTERVAL": "1", "CELERY_UNACKED_MUTEX_EXPIRE": "5",
                "L5R_EVENTS_CHECK_CHUNK": "5"}
    first = worker_factory(**settings)
    first.start()
    run = services.start_validation(event, organizer, queue=first.queue)
    wait_for(lambda: run.done_count() >= 5, 120, "the first checks of the run")
    first.kill()
    done_at_kill = run.done_count()
    assert 0 < done_at_kill < LISTS, "the worker was to be killed in the middle of the run"
    time.sleep(1)
    assert run.done_count() == done_at_kill  # nothing moves while no worker runs

    second = worker_factory(queue=first.queue, **settings)
    second.start()
    wait_for(lambda: ValidationRun.objects.get(pk=run.pk).state == ValidationRun.State.DONE, 180,
             "the restarted worker to finish the run", step=0.2)
    checks = list(DecklistCheck.objects.filter(run=run).values_list("version_id", "codes"))
    assert len(checks) == LISTS and sorted(v for v, _ in checks) == sorted(run.targets)
    assert all(codes == at_submission[version] for version, codes in checks)
    assert "events.validate_chunk" in second.log_path.read_text()
