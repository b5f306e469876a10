"""Named Whoosh indexes under INDEX_DIR, rebuilt beside the live one and swapped in.

The live index is a symlink (``INDEX_DIR/<name>``) renamed atomically onto a freshly
built directory, so a reader never sees half an index; a FINGERPRINT file beside the
index says what it holds, so pipelines rebuild only when the data changed.  Each
process keeps one searcher per index, reopened when the link moves.  A build that was
killed leaves its directory behind: the next build removes it (builds run under the
ingest lock, so no other build is using it).

A search is a pure function of the index version and its parameters, and the same few
searches come again and again (a card name, "chi death" at every table), so each
process also keeps the latest answers per version (``cached``), dropped when the link
moves.
"""
from __future__ import annotations

import copy
import os
import shutil
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path

from django.conf import settings
from whoosh import index


class IndexMissing(RuntimeError):
    pass


class LiveIndex:
    def __init__(self, name: str, missing_message: str, on_open: Callable | None = None):
        self.name = name
        self.missing_message = missing_message
        self.on_open = on_open
        self._lock = threading.Lock()
        self._target: str | None = None
        self._searcher = None
        self._extra = None
        self._answers: OrderedDict = OrderedDict()

    @property
    def root(self) -> Path:
        return Path(settings.INDEX_DIR)

    @property
    def link(self) -> Path:
        return self.root / self.name

    def remove_orphans(self) -> list[Path]:
        """Directories and half-made links of this index that the live link does not name."""
        live = self.version()
        orphans = [p for p in self.root.glob(f"{self.name}-*") if p.is_dir() and p.name != live]
        orphans += [p for p in self.root.glob(f".{self.name}-link-*") if p.is_symlink()]
        for path in orphans:
            if path.is_symlink():
                path.unlink(missing_ok=True)
            else:
                shutil.rmtree(path, ignore_errors=True)
        return orphans

    def new_directory(self) -> Path:
        self.root.mkdir(parents=True, exist_ok=True)
        self.remove_orphans()
        target = self.root / f"{self.name}-{time.strftime('%Y%m%d%H%M%S')}-{os.getpid()}-{time.monotonic_ns()}"
        target.mkdir()
        return target

    def swap_in(self, target: Path, fingerprint: str) -> None:
        (target / "FINGERPRINT").write_text(fingerprint)
        temporary = self.link.with_name(f".{self.name}-link-{os.getpid()}-{time.monotonic_ns()}")
        temporary.symlink_to(target.name)
        os.replace(temporary, self.link)
        for old in self.root.glob(f"{self.name}-*"):
            if old != target and old.is_dir():
                shutil.rmtree(old, ignore_errors=True)

    def version(self) -> str | None:
        try:
            return os.readlink(self.link)
        except OSError:
            return None

    def holds(self, fingerprint: str) -> bool:
        marker = self.link / "FINGERPRINT"
        return marker.is_file() and marker.read_text() == fingerprint

    def open(self):
        """(searcher, extra): ``extra`` is what ``on_open`` derived from the new searcher."""
        target = self.version()
        if target is None:
            raise IndexMissing(self.missing_message)
        with self._lock:
            if target != self._target:
                self._searcher = index.open_dir(str(self.root / target)).searcher()
                self._extra = self.on_open(self._searcher) if self.on_open else None
                self._target = target
                self._answers.clear()
            return self._searcher, self._extra

    def cached(self, key: Hashable, compute: Callable[[], dict]) -> dict:
        """``compute()``'s answer for ``key`` on the live version, kept for the next asker.

        Callers get their own copy (views add to answers); errors are not kept."""
        kept = settings.L5R_SEARCH_ANSWERS
        if kept <= 0:
            return compute()
        version = self.version()
        with self._lock:
            answer = self._answers.get((version, key))
            if answer is not None:
                self._answers.move_to_end((version, key))
        if answer is None:
            answer = compute()
            with self._lock:
                self._answers[(version, key)] = answer
                while len(self._answers) > kept:
                    self._answers.popitem(last=False)
        return copy.deepcopy(answer)

    def forget_answers(self) -> None:
        """Drop the kept answers (benchmarks time the search itself with this)."""
        with self._lock:
            self._answers.clear()
