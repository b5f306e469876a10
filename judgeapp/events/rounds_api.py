"""HTTP API of an event's rounds: pairing, results, drops, standings and the top cut.

Everything the public may see (pairings, results, standings, the bracket) answers to
anyone; pairing and the top cut are the organizers', results the judges' and
organizers' (a player at the table sends their own report to the same endpoint).
"""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotAuthenticated
from rest_framework.response import Response

from judgeapp.api_errors import ApiError

from . import rounds
from . import serializers as s
from .api import EventsApiView, errors
from .models import Round


class RoundsApiView(EventsApiView):
    def round(self, event, number) -> Round:
        round_ = Round.objects.filter(event=event, number=number).first()
        if round_ is None:
            latest = event.rounds.count()
            raise ApiError("no-such-round", f"{event.name} has {latest or 'no'} round{'' if latest == 1 else 's'} "
                                            f"paired: there is no round {number}.", http_status=404)
        return round_


class RoundsView(RoundsApiView):
    @extend_schema(summary="The event's rounds, with how many tables still lack a result",
                   responses={200: s.RoundSummarySerializer(many=True), **errors(404)})
    def get(self, request, pk):
        event = self.event(pk)
        return Response([{"number": r["number"], "kind": r["kind"], "paired": r["paired"], "tables": r["tables_count"],
                          "open": r["open_count"], "mismatches": r["flagged"]} for r in rounds.rounds_summary(event)])

    @extend_schema(summary="Pair the next round (organizers): Swiss by points, or the top cut's next round",
                   description="Round 1 is random (send a seed to repeat it) or in a given order; later rounds pair "
                               "players on the same points, without rematches or a second bye. 409 while the "
                               "latest round has tables without a result, when `number` is already paired, or when "
                               "no valid pairing exists (the message says why).",
                   request=s.PairRequestSerializer, responses={201: s.RoundSerializer, **errors(400, 401, 403, 404, 409)})
    def post(self, request, pk):
        event = self.event(pk)
        self.allow("pair_round", event)
        fields = self.valid(s.PairRequestSerializer)
        round_ = rounds.pair_next_round(event, self.user, **fields)
        return Response(rounds.round_body(round_), status=201)


class RoundView(RoundsApiView):
    @extend_schema(summary="One round: its tables by number, results and the round clock",
                   responses={200: s.RoundSerializer, **errors(404)})
    def get(self, request, pk, number):
        return Response(rounds.round_body(self.round(self.event(pk), number)))


class ResultsView(RoundsApiView):
    @extend_schema(summary="A table's result: entered by a judge or organizer, or reported by a player there",
                   description="Staff enter the result that stands (a correction keeps the earlier ones as "
                               "history). A player at the table sends their own report: when both players agree "
                               "the result stands, when they differ the table is flagged for a judge. The bye "
                               "takes no result; a top-cut game no draw.",
                   request=s.ResultRequestSerializer,
                   responses={200: s.TableResultSerializer, 201: s.TableResultSerializer,
                              **errors(400, 401, 403, 404, 409)})
    def post(self, request, pk, number):
        if not self.user.is_authenticated:
            raise NotAuthenticated()
        event = self.event(pk)
        round_ = self.round(event, number)
        fields = self.valid(s.ResultRequestSerializer)
        with rounds.transaction.atomic():
            table = rounds.table_for_update(round_, fields["table"])
            if self.user.has_perm("events.enter_result", table):
                table, changed = rounds.enter_result(table, self.user, fields["result"])
            else:
                self.allow("report_result", table)
                mine = table.player_a if table.player_a.user_id == self.user.pk else table.player_b
                rounds.report_result(table, mine, self.user, fields["result"])
                changed = True
        return Response(rounds.table_body(table), status=201 if changed else 200)


class DropView(EventsApiView):
    @extend_schema(summary="Drop a player (the player, a judge or an organizer): not paired again",
                   description="A table of theirs still being played is conceded to the opponent.",
                   request=None, responses={200: s.RegistrationSerializer, **errors(401, 403, 404, 409)})
    def post(self, request, pk, rid):
        registration = self.registration(pk, rid, "drop_registration")
        return Response(s.RegistrationSerializer(rounds.drop(registration, self.user)).data)


class StandingsView(EventsApiView):
    @extend_schema(summary="The Swiss standings: points, then SoS (opponents' match-win %, each floored at one "
                           "third), ESoS, head-to-head",
                   responses={200: s.StandingSerializer(many=True), **errors(404)})
    def get(self, request, pk):
        return Response(rounds.standings_rows(self.event(pk)))


class TopCutView(EventsApiView):
    @extend_schema(summary="The top cut's bracket, as far as it has been played",
                   responses={200: s.BracketSerializer, **errors(404)})
    def get(self, request, pk):
        body = rounds.bracket_body(self.event(pk))
        if body is None:
            raise ApiError("no-top-cut", "This event has no top cut (yet).", http_status=404)
        return Response(body)

    @extend_schema(summary="Make the top cut (organizers): single elimination of the best 4, 8 or 16, seeded "
                           "1 v 8, 4 v 5, …; its first round is paired at once",
                   request=s.TopCutRequestSerializer, responses={201: s.BracketSerializer, **errors(400, 401, 403, 404, 409)})
    def post(self, request, pk):
        event = self.event(pk)
        self.allow("make_top_cut", event)
        fields = self.valid(s.TopCutRequestSerializer)
        rounds.make_top_cut(event, self.user, fields["size"])
        return Response(rounds.bracket_body(event), status=201)
