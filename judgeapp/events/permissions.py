"""The one rule table of who may do what in an event (django-rules object permissions).

Views ask ``user.has_perm("events.<name>", obj)``, the API the same through
``require``, and templates ``{% has_perm "events.<name>" user obj as ok %}``; nothing
else decides.  Event-level rules take an ``Event``; list-level rules a ``Registration``;
result reports a ``Table``; rulings a ``Ruling``.  An organizer is the event's head judge:
only they publish a ruling; unpublished rulings stay with the event's staff.
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


@rules.predicate
def plays_at_table(user, table):
    if not (user and user.is_authenticated):
        return False
    return any(player is not None and player.user_id == user.pk for player in table.players())


@rules.predicate
def staffs_table(user, table):
    return is_staff.test(user, table.round.event)


@rules.predicate
def ruling_published(user, ruling):
    return ruling.published is not None


@rules.predicate
def staffs_ruling(user, ruling):
    return is_staff.test(user, ruling.event)


@rules.predicate
def organizes_ruling(user, ruling):
    return is_organizer.test(user, ruling.event)


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
    "pair_round": is_organizer,
    "make_top_cut": is_organizer,
    "run_clock": is_staff,
    "print_slips": is_staff,
    "view_event_rulings": is_staff,
    "record_ruling": is_staff,
    # on a Registration
    "view_decklist": owns_registration | staffs_registration | registration_published,
    "submit_decklist": owns_registration | organizes_registration,
    "unlock_registration": organizes_registration,
    "deck_check": staffs_registration,
    "drop_registration": owns_registration | staffs_registration,
    # on a Table
    "enter_result": staffs_table,
    "report_result": plays_at_table,
    # on a Ruling
    "view_ruling": ruling_published | staffs_ruling,
    "change_ruling": staffs_ruling,
    "publish_ruling": organizes_ruling,
}

for _name, _predicate in RULES.items():
    rules.add_perm(f"events.{_name}", _predicate)
