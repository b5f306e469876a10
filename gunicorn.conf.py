"""gunicorn settings for `make run` (read by gunicorn from the working directory).

Workers from the CPU count (2 × cores + 1, the usual figure for a mostly-waiting
Django app), overridable with WEB_CONCURRENCY; a worker stuck past the timeout is
replaced rather than left holding a slot.  Workers are recycled now and then to bound
memory over weeks, rarely enough that a busy server does not spend its time starting
workers (each loads the indexes and card pool first: judgeapp/warmup.py).
"""
import multiprocessing
import os

bind = os.environ.get("L5R_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
timeout = int(os.environ.get("L5R_WORKER_TIMEOUT", 30))
graceful_timeout = 10
max_requests = 100_000
max_requests_jitter = 10_000
accesslog = os.environ.get("L5R_ACCESS_LOG") or None
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")


def post_worker_init(worker):
    from judgeapp.warmup import warm

    warm()
