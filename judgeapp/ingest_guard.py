"""Guards around ingest: one run at a time per host, and no silent mass deletion.

The lock is an ``flock`` on a file beside the indexes: the kernel releases it when
the holder exits, however it exits, so a killed ingest never leaves a stale lock.
The shrink check exists because a truncated corpus file still parses: without it,
ingest would delete whatever the file no longer holds and exit 0.
"""
from __future__ import annotations

import fcntl
import os
import time
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings

MAX_SHRINK = 0.10  # the share of a document's sections (or of all cards) one run may delete
MIN_SHRINK = 5  # ... or this many, for small documents
SHOWN = 8


class IngestBusy(RuntimeError):
    """Another ingest holds the lock."""


class ShrinkRefused(ValueError):
    """The new data would delete more than a small share of what is stored."""


def lock_path() -> Path:
    return Path(settings.INDEX_DIR) / ".ingest.lock"


@contextmanager
def ingest_lock(wait: bool = False, poll: float = 0.5):
    """Hold the host's ingest lock; without ``wait``, raise IngestBusy if it is taken."""
    path = lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+") as handle:
        announced = False
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                handle.seek(0)
                holder = handle.read().strip() or "another process"
                if not wait:
                    raise IngestBusy(f"another ingest is running ({holder}); it holds {path}. Wait for it to "
                                     "finish, or run with --wait to queue behind it.")
                if not announced:
                    print(f"waiting for another ingest ({holder}) to finish…", flush=True)
                    announced = True
                time.sleep(poll)
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}, started {time.strftime('%Y-%m-%d %H:%M:%S')}")
        handle.flush()
        try:
            yield
        finally:
            handle.seek(0)
            handle.truncate()
            handle.flush()
            fcntl.flock(handle, fcntl.LOCK_UN)


def check_shrink(what: str, stored: int, gone: list[str], allow: bool) -> None:
    """Refuse to delete more than MAX_SHRINK of ``stored`` rows unless ``allow``; say what would go."""
    if allow or not gone or len(gone) <= max(MIN_SHRINK, stored * MAX_SHRINK):
        return
    shown = ", ".join(repr(name) for name in sorted(gone)[:SHOWN]) + (", …" if len(gone) > SHOWN else "")
    raise ShrinkRefused(f"this run would delete {len(gone):,} of {stored:,} {what} ({len(gone) / stored:.0%}): "
                        f"{shown}. Is the source file truncated? Nothing was changed; run with --allow-shrink "
                        "if the deletions are meant.")
