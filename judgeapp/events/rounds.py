"""Running an event: pairing rounds, results and their history, drops, late entries, the
standings and the top cut, on top of the plain modules (``pairing``, ``standings``,
``topcut``) that decide them.

As in ``services``, callers ask the rule table; these functions enforce the event's own
state and refuse with an ``EventError`` (code, message, HTTP status) before anything is
written, so a refused request leaves the event exactly as it was:

* a round is paired once: pairing while the latest round still has tables without a
  result, or asking for a round number already paired, is a 409;
* a result names a table that exists in that round (404 otherwise); the bye and a
  top-cut draw take no result;
* a drop concedes the player's unfinished table to the opponent (a player who leaves
  mid-round does not come back to finish the game), and no later result may give that
  table to the dropped player; a dropped player reports nothing more;
* a player added once rounds have started joins at the next round and misses the
  earlier ones, which count as the event's ``late_entry`` says (a loss each, or nothing).

Every row that changes a table or a round is written under a lock on the event row, so
two organizers pressing "Pair" at once get one round and one refusal.
"""
from __future__ import annotations

import secrets

from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.utils import timezone

from . import pairing, standings, topcut
from .models import Event, Registration, Report, Result, Round, Table, TopCut
from .services import EventError
from .standings import Entrant, LateEntry, Match, Outcome

OUTCOMES = {"a": Outcome.A_WINS, "b": Outcome.B_WINS, "draw": Outcome.DRAW,
            "intentional_draw": Outcome.INTENTIONAL_DRAW}
CUT_SIZES = topcut.SIZES


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update().get(pk=event.pk)


def open_tables(round_: Round) -> list[int]:
    return list(round_.tables.filter(outcome="").order_by("number").values_list("number", flat=True))


def _numbers(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:12]))
    return shown + (f" and {len(numbers) - 12} more" if len(numbers) > 12 else "")


def latest_round(event: Event) -> Round | None:
    return event.rounds.order_by("-number").first()


# The data the plain modules read ------------------------------------------------------

def entrants(event: Event) -> list[Entrant]:
    """Every registration, in registration order (the standings' last tiebreaker)."""
    return [Entrant(pk, entered or 1, dropped) for pk, entered, dropped in
            event.registrations.order_by("pk").values_list("pk", "entered_round", "dropped")]


def swiss_matches(event: Event) -> list[Match]:
    """Every Swiss table whose result stands (a table still being played counts for nothing)."""
    rows = (Table.objects.filter(round__event=event, round__kind=Round.Kind.SWISS).exclude(outcome="")
            .values_list("round__number", "player_a_id", "player_b_id", "outcome"))
    return [Match(number, a, b, OUTCOMES[outcome]) for number, a, b, outcome in rows]


def standings_rows(event: Event) -> list[dict]:
    """The standings with each row's registration: ``player`` is the name, ``registration`` the id."""
    names = dict(event.registrations.values_list("pk", "name"))
    people = entrants(event)
    info = {entrant.id: entrant for entrant in people}
    rows = standings.standings(people, swiss_matches(event), LateEntry(event.late_entry))
    for row in rows:
        entrant = info[row["player"]]
        row.update(registration=entrant.id, player=names[entrant.id], dropped=entrant.dropped,
                   joined_round=entrant.joined_round)
    return rows


# Pairing ---------------------------------------------------------------------------------

def pair_next_round(event: Event, by, *, number: int | None = None, seed: int | None = None,
                    order: list[int] | None = None) -> Round:
    """Pair the next round: Swiss until the top cut is made, then the cut's next round.

    ``number``, when given, must be the round that comes next (a client that retries
    gets a 409 instead of a second round); ``seed`` repeats a random pairing; ``order``
    (registration ids of every active player) pairs round 1 as listed."""
    try:
        with transaction.atomic():
            return _pair_next_round(_locked(event), by, number, seed, order)
    except IntegrityError:
        # Another request paired this round between our read and our write (SQLite locks no rows).
        raise EventError("round-already-paired", f"This round of {event.name} was just paired by another request.",
                         status=409)


def _pair_next_round(event: Event, by, number, seed, order) -> Round:
    """The checks and the pairing, under the lock on the event row."""
    latest = latest_round(event)
    next_number = latest.number + 1 if latest else 1
    if number is not None and number < next_number:
        raise EventError("round-already-paired", f"Round {number} of {event.name} is already paired; the next "
                                                 f"round to pair is {next_number}.", status=409)
    if number is not None and number > next_number:
        raise EventError("bad-round-number", f"The next round of {event.name} is round {next_number}, not "
                                             f"{number}.")
    if latest is not None and (unfinished := open_tables(latest)):
        raise EventError("round-in-progress",
                         f"Round {latest.number} is still being played: table{'s' if len(unfinished) > 1 else ''} "
                         f"{_numbers(unfinished)} ha{'ve' if len(unfinished) > 1 else 's'} no result. Enter "
                         f"{'them' if len(unfinished) > 1 else 'it'} before pairing round {next_number}.",
                         status=409, details={"round": latest.number, "open_tables": unfinished})
    if event.status == Event.Status.FINISHED:
        raise EventError("event-finished", f"{event.name} is finished: no round can be paired.", status=409)
    cut = TopCut.objects.filter(event=event).first()
    if cut is not None:
        if seed is not None or order is not None:
            raise EventError("bad-pairing-options", "A top-cut round is paired by its bracket: send no seed "
                                                    "or order.")
        return _pair_cut_round(event, cut, next_number, by)
    if order is not None and next_number != 1:
        raise EventError("bad-pairing-options", "An order is for round 1 only: later rounds pair by points.")
    return _pair_swiss_round(event, next_number, by, seed, order)


def _pair_swiss_round(event: Event, number: int, by, seed: int | None, order: list[int] | None) -> Round:
    if order is None and seed is None:
        seed = secrets.randbelow(2 ** 53)
    try:
        tables = pairing.next_round(entrants(event), swiss_matches(event), number,
                                    late_entry=LateEntry(event.late_entry), seed=seed, order=order)
    except pairing.NoValidPairing as exc:
        raise EventError("no-valid-pairing", f"Round {number} cannot be paired: {exc}.", status=409)
    except ValueError as exc:
        raise EventError("bad-order", f"Round {number} cannot be paired in that order: {exc}.")
    round_ = Round.objects.create(event=event, number=number, kind=Round.Kind.SWISS, seed=seed, order=order,
                                  paired_by=by, minutes=event.round_minutes)
    _write_tables(round_, [(table.number, *table.players, None) for table in tables], by)
    if event.status in (Event.Status.OPEN, Event.Status.LOCKED):
        Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    return round_


def _write_tables(round_: Round, rows: list[tuple], by) -> None:
    """(number, a, b or None, seeds) per table; a bye is won when it is paired."""
    now = timezone.now()
    Table.objects.bulk_create([
        Table(round=round_, number=number, player_a_id=a, player_b_id=b, seeds=seeds,
              outcome="" if b is not None else "a", source="" if b is not None else Result.Source.BYE)
        for number, a, b, seeds in rows])
    Result.objects.bulk_create([Result(table=table, outcome="a", source=Result.Source.BYE, entered_by=by, entered=now)
                                for table in round_.tables.filter(player_b__isnull=True)])


# The top cut -----------------------------------------------------------------------------

def bracket(event: Event, cut: TopCut | None = None) -> topcut.Bracket | None:
    """The bracket as far as its results go (None before the cut is made)."""
    cut = cut or TopCut.objects.filter(event=event).first()
    if cut is None:
        return None
    winners = []
    for round_ in event.rounds.filter(kind=Round.Kind.CUT).order_by("number").prefetch_related("tables"):
        winners.append({table.number: table.player_a_id if table.outcome == "a" else table.player_b_id
                        for table in round_.tables.all() if table.outcome})
    return topcut.top_cut(cut.seeds, cut.size, winners)


def make_top_cut(event: Event, by, size: int) -> TopCut:
    """Seed the best ``size`` active players of the Swiss standings and pair the cut's first round."""
    if size not in CUT_SIZES:
        raise EventError("bad-size", f"A top cut is {', '.join(map(str, CUT_SIZES[:-1]))} or {CUT_SIZES[-1]} "
                                     f"players, not {size}.")
    with transaction.atomic():
        event = _locked(event)
        if TopCut.objects.filter(event=event).exists():
            raise EventError("top-cut-exists", f"{event.name} already has its top cut.", status=409)
        latest = latest_round(event)
        if latest is None:
            raise EventError("no-rounds", "Play the Swiss rounds first: the top cut is seeded from their "
                                          "standings.", status=409)
        if unfinished := open_tables(latest):
            raise EventError("round-in-progress", f"Round {latest.number} still has tables without a result "
                                                  f"({_numbers(unfinished)}): the standings are not final.",
                             status=409, details={"round": latest.number, "open_tables": unfinished})
        ranked = [row["registration"] for row in standings_rows(event) if not row["dropped"]]
        if len(ranked) < size:
            raise EventError("not-enough-players", f"A top {size} needs {size} active players; {event.name} has "
                                                   f"{len(ranked)}.", status=409)
        cut = TopCut.objects.create(event=event, size=size, seeds=ranked[:size], first_round=latest.number + 1,
                                    created_by=by)
        _pair_cut_round(event, cut, latest.number + 1, by)
    return cut


def _pair_cut_round(event: Event, cut: TopCut, number: int, by) -> Round:
    current = bracket(event, cut)
    if current.champion is not None:
        name = Registration.objects.get(pk=current.champion).name
        raise EventError("event-complete", f"{name} won the top cut: there is no round left to pair.", status=409)
    played = number - cut.first_round
    tables = current.rounds[played]
    round_ = Round.objects.create(event=event, number=number, kind=Round.Kind.CUT, paired_by=by,
                                  minutes=event.round_minutes)
    _write_tables(round_, [(table.number, *table.players, list(table.seeds)) for table in tables], by)
    return round_


# Results -----------------------------------------------------------------------------------

def describe(table: Table, outcome: str) -> str:
    if outcome == "a":
        return f"{table.player_a.name} won"
    if outcome == "b":
        return f"{table.player_b.name} won"
    return "an intentional draw" if outcome == "intentional_draw" else "a draw"


def _check_result(table: Table, outcome: str) -> None:
    """What no one may enter, whoever they are."""
    round_ = table.round
    if table.player_b_id is None:
        raise EventError("bye", f"Table {table.number} of round {round_.number} is {table.player_a.name}'s bye: it "
                                "is a win already, with no result to enter.", status=409)
    if round_.kind == Round.Kind.CUT:
        if outcome not in ("a", "b"):
            raise EventError("no-draws-in-top-cut", "A top-cut game has a winner: send result a or b.")
        if round_.event.rounds.filter(number__gt=round_.number).exists():
            raise EventError("next-round-paired", f"Round {round_.number + 1} is already paired from this "
                                                  "round's winners: its results can no longer change.", status=409)
    conceded = table.results.filter(source=Result.Source.DROP).first()
    if conceded is not None and outcome != conceded.outcome:
        dropped = table.player_b if conceded.outcome == "a" else table.player_a
        winner = table.player_a if conceded.outcome == "a" else table.player_b
        raise EventError("player-dropped", f"{dropped.name} dropped during round {round_.number} and conceded "
                                           f"table {table.number} to {winner.name}: no result can give "
                                           f"{dropped.name} the win or a draw there.", status=409)


def _set(table: Table, outcome: str, source: str, by) -> Table:
    Result.objects.create(table=table, outcome=outcome, source=source, entered_by=by, entered=timezone.now())
    table.outcome, table.source, table.mismatch = outcome, source, False
    table.save(update_fields=["outcome", "source", "mismatch"])
    return table


def table_for_update(round_: Round, number: int) -> Table:
    # Only the table row is locked: PostgreSQL refuses FOR UPDATE on the nullable side of the
    # outer join to player_b (a bye has none).
    table = (Table.objects.select_for_update(of=("self",)).select_related("round__event", "player_a", "player_b")
             .filter(round=round_, number=number).first())
    if table is None:
        count = round_.tables.count()
        raise EventError("no-such-table", f"Round {round_.number} has table{'s' if count > 1 else ''} "
                                          f"{'1–' if count > 1 else ''}{count}: there is no table {number}.",
                         status=404, details={"tables": count})
    return table


def enter_result(table: Table, by, outcome: str) -> tuple[Table, bool]:
    """A judge's or organizer's result: it stands, and a result already there becomes history.
    Returns the table and whether anything changed (the same result again changes nothing)."""
    _check_result(table, outcome)
    if table.outcome == outcome and table.source == Result.Source.STAFF:
        return table, False
    return _set(table, outcome, Result.Source.STAFF, by), True


def report_result(table: Table, registration: Registration, by, outcome: str) -> Report:
    """A player's report: when both players' latest reports agree, the result stands; when
    they differ, the table is flagged for a judge."""
    _check_result(table, outcome)
    if registration.dropped:
        raise EventError("player-dropped", f"{registration.name} has dropped from {table.round.event.name}: a judge "
                                           "enters any result of theirs.", status=409)
    if table.outcome:
        decided = "agreed by both players" if table.source == Result.Source.PLAYERS else (
            "conceded by a drop" if table.source == Result.Source.DROP else "entered by a judge")
        raise EventError("result-entered", f"The result of table {table.number} stands ({describe(table, table.outcome)}, "
                                           f"{decided}); ask a judge to correct it.", status=409)
    report = Report.objects.create(table=table, registration=registration, outcome=outcome, reported_by=by,
                                   reported=timezone.now())
    other = table.player_b_id if registration.pk == table.player_a_id else table.player_a_id
    theirs = table.reports.filter(registration_id=other).order_by("-pk").first()
    if theirs is not None and theirs.outcome == outcome:
        _set(table, outcome, Result.Source.PLAYERS, by)
    elif theirs is not None:
        table.mismatch = True
        table.save(update_fields=["mismatch"])
    return report


def latest_reports(table: Table) -> dict:
    """Each player's latest report: ``{"a": outcome or None, "b": …}``."""
    found = {}
    for report in table.reports.all():  # oldest first: the latest wins
        found[report.registration_id] = report.outcome
    return {"a": found.get(table.player_a_id), "b": found.get(table.player_b_id) if table.player_b_id else None}


# Drops and the clock ---------------------------------------------------------------------------

def drop(registration: Registration, by) -> Registration:
    """The player is not paired again; a table of theirs still being played goes to the opponent."""
    with transaction.atomic():
        _locked(registration.event)
        registration = Registration.objects.select_for_update().get(pk=registration.pk)
        if registration.dropped:
            raise EventError("already-dropped", f"{registration.name} has already dropped.", status=409)
        unfinished = (Table.objects.select_for_update()
                      .filter(Q(player_a=registration) | Q(player_b=registration), round__event_id=registration.event_id,
                              outcome="").first())
        if unfinished is not None:
            _set(unfinished, "b" if unfinished.player_a_id == registration.pk else "a", Result.Source.DROP, by)
        registration.dropped = True
        registration.save(update_fields=["dropped"])
    return registration


def set_clock(round_: Round, running: bool) -> Round:
    """Start the round's timer now (again, if it was running), or stop it."""
    round_.clock_started = timezone.now() if running else None
    round_.save(update_fields=["clock_started"])
    return round_


def rounds_summary(event: Event) -> list[dict]:
    return list(event.rounds.order_by("number").annotate(
        tables_count=Count("tables"), open_count=Count("tables", filter=Q(tables__outcome="")),
        flagged=Count("tables", filter=Q(tables__mismatch=True))).values(
        "number", "kind", "paired", "tables_count", "open_count", "flagged"))


# What pages and the API show ------------------------------------------------------------------

def pairing_of(table: Table) -> dict:
    b = table.player_b
    return {"table": table.number, "players": [table.player_a_id, table.player_b_id],
            "names": [table.player_a.name, b.name if b else None], "seeds": table.seeds,
            "result": table.outcome or None, "source": table.source or None, "mismatch": table.mismatch}


def pairings(round_: Round) -> list[dict]:
    return [pairing_of(table) for table in round_.tables.select_related("player_a", "player_b").order_by("number")]


def round_body(round_: Round) -> dict:
    ends = round_.clock_ends()
    return {"number": round_.number, "kind": round_.kind, "paired": round_.paired, "seed": round_.seed,
            "clock": {"minutes": round_.minutes, "started": round_.clock_started, "ends": ends},
            "pairings": pairings(round_)}


def table_body(table: Table) -> dict:
    history = [{"result": r.outcome, "source": r.source, "by": r.entered_by.username if r.entered_by else None,
                "at": r.entered} for r in table.results.select_related("entered_by").order_by("pk")]
    return pairing_of(table) | {"round": table.round.number, "reports": latest_reports(table), "history": history}


def bracket_body(event: Event) -> dict | None:
    cut = TopCut.objects.filter(event=event).first()
    if cut is None:
        return None
    current = bracket(event, cut)
    names = dict(event.registrations.filter(pk__in=cut.seeds).values_list("pk", "name"))
    seed_of = {registration: place for place, registration in enumerate(cut.seeds, start=1)}
    paired = set(event.rounds.filter(kind=Round.Kind.CUT).values_list("number", flat=True))
    rounds = []
    for index, tables in enumerate(current.rounds):
        number = cut.first_round + index
        winners = {}
        if number in paired:
            winners = {t.number: (t.player_a_id if t.outcome == "a" else t.player_b_id) if t.outcome else None
                       for t in Table.objects.filter(round__event=event, round__number=number)}
        rounds.append({"round": number if number in paired else None, "tables": [
            {"table": t.number, "seeds": list(t.seeds), "players": list(t.players),
             "names": [names[p] for p in t.players], "winner": winners.get(t.number)} for t in tables]})

    def seed(registration):
        return {"seed": seed_of[registration], "registration": registration, "player": names[registration]}

    return {"size": cut.size, "seeds": [seed(r) for r in cut.seeds], "rounds": rounds,
            "champion": seed(current.champion) if current.champion is not None else None}
