"""The one rule table of who may do what in an event (django-rules object permissions).

Views ask ``user.has_perm("events.<name>", obj)``, the API the same through
``require``, and templates ``{% has_perm "events.<name>" user obj as ok %}``; nothing
else decides.  Event-level rules take an ``Event``; list-level rules a ``Registration``.
A user's roles in an event are read once per event object and request.
"""
from __future__ import annotations

import rules

ORGANIZER, JUDGE, PLAYER = "organizer", "judge", "player"


def roles(user, event) -> frozenset:
    """The user's roles in the event: organizer, judge (staff rows), player (linked registration)."""
    if user is None or not user.is_authenticated or event is None or event.pk is None:
        return frozenset()
    cache = event.__dict__.setdefault("_roles_by_user", {})
    if user.pk not in cache:
        found = set(event.staff.filter(user=user).values_list("role", flat=True))
        if event.registrations.filter(user=user).exists():
            found.add(PLAYER)
        cache[user.pk] = frozenset(found)
    return cache[user.pk]


@rules.predicate
def is_organizer(user, event):
    return ORGANIZER in roles(user, event)


@rules.predicate
def is_staff(user, event):
    return bool({ORGANIZER, JUDGE} & roles(user, event))


@rules.predicate
def lists_published(user, event):
    return bool(event and event.published)


@rules.predicate
def owns_registration(user, registration):
    return bool(user and user.is_authenticated and registration.user_id == user.pk)


@rules.predicate
def organizes_registration(user, registration):
    return is_organizer.test(user, registration.event)


@rules.predicate
def staffs_registration(user, registration):
    return is_staff.test(user, registration.event)


@rules.predicate
def registration_published(user, registration):
    return registration.event.published


RULES = {
    # on an Event
    "view_event": rules.always_allow,
    "add_event": rules.is_authenticated,
    "change_event": is_organizer,
    "manage_staff": is_organizer,
    "register_self": rules.is_authenticated,
    "add_registration": is_organizer,
    "view_decklists": is_staff | lists_published,
    "export_decklists": is_staff,
    "check_all": is_staff,
    # on a Registration
    "view_decklist": owns_registration | staffs_registration | registration_published,
    "submit_decklist": owns_registration | organizes_registration,
    "unlock_registration": organizes_registration,
    "deck_check": staffs_registration,
}

for _name, _predicate in RULES.items():
    rules.add_perm(f"events.{_name}", _predicate)
