"""Rate limits per client, counted in the cache by django-ratelimit (Redis when
``REDIS_URL`` is set, so every web process shares the count).

One place for the whole site: ``@rate_limited("group")`` on a view function or a DRF
view method, or ``over_limit(request, "group")`` where only some requests count (a
replay that also saves).  The rates live in ``settings.L5R_RATES``; over the rate a
client gets a 429 with ``Retry-After`` (JSON in the API's shape under /api/, the
site's error page elsewhere).  ``RATELIMIT_ENABLE=False`` (``L5R_RATELIMIT=0``) turns
every limit off.
"""
from __future__ import annotations

from functools import wraps

from django.conf import settings
from django_ratelimit.core import get_usage

from .api_errors import error_response


def django_request(request):
    """A DRF Request wraps Django's; the limits read the user and address from Django's."""
    return getattr(request, "_request", request)


def client_key(request) -> str:
    """Who is asking: the account when logged in, else the address (REMOTE_ADDR, or the
    header a trusted proxy sets, named by RATELIMIT_IP_META_KEY)."""
    request = django_request(request)
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user:{user.pk}"
    return "ip:" + request.META.get(settings.RATELIMIT_IP_META_KEY or "REMOTE_ADDR", "").split(",")[0].strip()


PERIODS = {"s": "second", "m": "minute", "h": "hour", "d": "day"}


def describe(rate: str) -> str:
    """``60/m`` → ``60 per minute``."""
    count, _, period = rate.partition("/")
    return f"{count} per {PERIODS.get(period[-1:], period)}" if period[:-1] in ("", "1") else f"{count} per {period}"


def over_limit(request, group: str, increment: bool = True):
    """Count this request against ``group``; a 429 response when over the rate, else None."""
    rate = settings.L5R_RATES[group]
    usage = get_usage(django_request(request), group=group, key=lambda _group, r: client_key(r), rate=rate,
                      increment=increment)
    if usage is None or not usage["should_limit"]:
        return None
    wait = max(1, int(usage["time_left"]))
    return error_response(django_request(request), 429, "rate-limited",
                          f"Too many requests of this kind from you (the limit is {describe(rate)}). "
                          f"Try again in {wait} s.", {"retry_after": wait, "limit": rate},
                          headers={"Retry-After": str(wait)})


def rate_limited(group: str, methods: tuple[str, ...] = ("POST",)):
    """Decorator: requests with one of ``methods`` count against ``group``'s rate."""
    def decorator(view):
        @wraps(view)
        def wrapper(*args, **kwargs):
            request = next(a for a in args if hasattr(a, "META"))
            if request.method in methods:
                refused = over_limit(request, group)
                if refused is not None:
                    return refused
            return view(*args, **kwargs)
        return wrapper
    return decorator
