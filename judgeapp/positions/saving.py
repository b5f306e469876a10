"""Saving a replayed position for its permalink, bounded: one copy per text, a size cap,
a per-client rate and daily quota, and expiry of anonymous saves nobody opened."""
from __future__ import annotations

import datetime as dt
import hashlib
import hmac

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone

from judgeapp.api_errors import ApiError
from judgeapp.ratelimits import client_key, django_request

from .models import SavedPosition, key_for

VIEW_STAMP_EVERY = dt.timedelta(hours=1)


def digest_of(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def client_id(request) -> str:
    """A keyed hash of who is asking: enough to count their saves, not to tell who they are."""
    return hmac.new(settings.SECRET_KEY.encode(), client_key(request).encode(), "sha256").hexdigest()[:32]


def find(text: str) -> SavedPosition | None:
    return SavedPosition.objects.filter(digest=digest_of(text)).first()


def _check(text: str, client: str) -> None:
    size = len(text.encode("utf-8"))
    if size > settings.L5R_SAVE_MAX_BYTES:
        raise ApiError("too-large-to-save", f"The position is {size:,} bytes; a saved position is at most "
                                            f"{settings.L5R_SAVE_MAX_BYTES:,}. Replay it without saving, or trim it.",
                       http_status=413)
    if "\x00" in text:
        raise ApiError("bad-position", "The position contains a NUL character; remove it to save the position.")
    since = timezone.now() - dt.timedelta(days=1)
    recent = SavedPosition.objects.filter(client=client, created__gte=since).aggregate(n=Count("id"), size=Sum("size"))
    count, stored = recent["n"] or 0, recent["size"] or 0
    if count >= settings.L5R_SAVE_QUOTA or stored + size > settings.L5R_SAVE_QUOTA_BYTES:
        raise ApiError("save-quota", f"You have saved {count} positions ({stored:,} bytes) in the last 24 hours; "
                                     f"the quota is {settings.L5R_SAVE_QUOTA} positions or "
                                     f"{settings.L5R_SAVE_QUOTA_BYTES:,} bytes. Replays without saving still work.",
                       {"retry_after": 3600}, http_status=429, headers={"Retry-After": "3600"})


def store(request, text: str, title: str) -> SavedPosition:
    """The saved copy of ``text``: the existing one, or a new one within the limits."""
    existing = find(text)
    if existing is not None:
        return existing
    client = client_id(request)
    _check(text, client)
    digest = digest_of(text)
    user = getattr(django_request(request), "user", None)
    try:
        with transaction.atomic():
            return SavedPosition.objects.create(
                key=key_for(digest), digest=digest, title=title[:200], text=text, size=len(text.encode("utf-8")),
                client=client, owner=user if user is not None and user.is_authenticated else None)
    except IntegrityError:  # the same text saved at the same moment by another request
        return SavedPosition.objects.get(digest=digest)


def mark_viewed(position: SavedPosition) -> None:
    """Opening a permalink keeps it alive (stamped at most hourly: a view is not a write)."""
    now = timezone.now()
    if position.last_viewed is None or now - position.last_viewed > VIEW_STAMP_EVERY:
        SavedPosition.objects.filter(pk=position.pk).update(last_viewed=now)


def expired(unviewed_days: int | None = None, idle_days: int | None = None):
    """Anonymous saves never opened within ``unviewed_days`` of saving, or not opened for ``idle_days``."""
    now = timezone.now()
    unviewed = now - dt.timedelta(days=unviewed_days or settings.L5R_SAVE_UNVIEWED_DAYS)
    idle = now - dt.timedelta(days=idle_days or settings.L5R_SAVE_IDLE_DAYS)
    return SavedPosition.objects.filter(owner__isnull=True).filter(
        Q(last_viewed__isnull=True, created__lt=unviewed) | Q(last_viewed__lt=idle)).order_by("pk")


def expire(unviewed_days: int | None = None, idle_days: int | None = None) -> int:
    deleted, _ = expired(unviewed_days, idle_days).delete()
    return deleted
