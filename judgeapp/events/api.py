"""HTTP API of events: session or token authentication, the rule table, the project's errors.

A decklist the caller may not see answers 404 exactly as a missing one does; other
refusals are 401 (not logged in) or 403.
"""
from __future__ import annotations

import csv

from django.contrib.auth import authenticate
from django.contrib.auth.models import AnonymousUser
from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import NotAuthenticated
from rest_framework.parsers import BaseParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from judgeapp.api_errors import ApiError

from . import services
from . import serializers as s
from judgeapp.ratelimits import rate_limited
from .models import Decklist, DecklistCheck, Event, Registration, ValidationRun
from .roster_csv import MAX_BYTES as MAX_ROSTER_BYTES

ERRORS = {code: OpenApiResponse(s.ErrorSerializer, description=text) for code, text in {
    400: "Bad input: the message says what to fix.", 401: "Not logged in (send a session cookie or a token).",
    403: "Not allowed for your role in this event.", 404: "No such object, or not one you may see.",
    409: "Refused by the event's state (deadline passed, closed, already registered).",
    413: "Too large.", 429: "Too many attempts: wait the seconds Retry-After gives."}.items()}


def errors(*codes: int) -> dict:
    return {code: ERRORS[code] for code in codes}


class CsvParser(BaseParser):
    media_type = "text/csv"

    def parse(self, stream, media_type=None, parser_context=None):
        # One byte past the limit: enough for the roster reader to say the file is too big.
        return stream.read(MAX_ROSTER_BYTES + 1) if stream is not None else b""


class EventsApiView(APIView):
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    parser_classes = [JSONParser]

    @property
    def user(self):
        return self.request.user or AnonymousUser()

    def handle_exception(self, exc):
        if isinstance(exc, services.EventError):
            exc = ApiError(exc.code, exc.message, exc.details, exc.status)
        return super().handle_exception(exc)

    def allow(self, perm: str, obj, hide: bool = False) -> None:
        if self.user.has_perm(f"events.{perm}", obj):
            return
        if hide:
            raise ApiError("not-found", "Nothing here, or nothing you may see.", http_status=404)
        if not self.user.is_authenticated:
            raise NotAuthenticated()
        raise ApiError("forbidden", f"Your role in {getattr(obj, 'event', obj)} does not allow this.",
                       http_status=403)

    def valid(self, serializer_class, **kwargs) -> dict:
        serializer = serializer_class(data=self.request.data, **kwargs)
        if serializer.is_valid():
            return serializer.validated_data
        raise ApiError(_error_code(serializer.errors), _say(serializer.errors), serializer.errors)

    def event(self, pk) -> Event:
        event = Event.objects.filter(pk=pk).first()
        if event is None:
            raise ApiError("not-found", f"No event {pk}.", http_status=404)
        return event

    def registration(self, pk, rid, perm: str = "view_decklist") -> Registration:
        event = self.event(pk)
        registration = Registration.objects.select_related("user").filter(pk=rid, event=event).first()
        if registration is None or not self.user.has_perm("events.view_decklist", registration):
            raise ApiError("not-found", "No such registration, or not one you may see.", http_status=404)
        registration.event = event
        self.allow(perm, registration)
        return registration


CHOICE_CODES = {"format": "unknown-format", "timezone": "unknown-timezone"}


def _error_code(errors) -> str:
    if isinstance(errors, dict):
        for field, code in CHOICE_CODES.items():
            if field in errors and errors[field][0].code == "invalid_choice":
                return code
    return "invalid"


def _say(errors) -> str:
    if isinstance(errors, dict):
        parts = []
        for field, problems in errors.items():
            text = _say(problems)
            parts.append(text if field == "non_field_errors" else f"{field}: {text}")
        return "; ".join(parts)
    if isinstance(errors, list):
        return " ".join(_say(e) for e in errors if e)
    return str(errors)


def base_url(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


class EventsView(EventsApiView):
    @extend_schema(summary="Events (every event is listed; decklists stay private)",
                   responses={200: s.EventSerializer(many=True)})
    def get(self, request):
        events = Event.objects.select_related("created_by").all()
        return Response(s.EventSerializer(events, many=True, context={"user": self.user}).data)

    @extend_schema(summary="Create an event; the caller becomes its organizer", request=s.EventSerializer,
                   responses={201: s.EventSerializer, **errors(400, 401)})
    def post(self, request):
        self.allow("add_event", None)
        fields = self.valid(s.EventSerializer)
        event = services.create_event(self.user, fields)
        return Response(s.EventSerializer(event, context={"user": self.user}).data, status=201)


class EventView(EventsApiView):
    @extend_schema(summary="One event", responses={200: s.EventSerializer, **errors(404)})
    def get(self, request, pk):
        event = self.event(pk)
        return Response(s.EventSerializer(event, context={"user": self.user}).data)

    @extend_schema(summary="Change an event (organizers): status, published, deadline, format, …",
                   request=s.EventSerializer(partial=True),
                   responses={200: s.EventSerializer, **errors(400, 401, 403, 404)})
    def patch(self, request, pk):
        event = self.event(pk)
        self.allow("change_event", event)
        serializer = s.EventSerializer(event, data=request.data, partial=True)
        if not serializer.is_valid():
            raise ApiError(_error_code(serializer.errors), _say(serializer.errors), serializer.errors)
        services.update_event(event, serializer.validated_data)
        return Response(s.EventSerializer(event, context={"user": self.user}).data)


class StaffView(EventsApiView):
    @extend_schema(summary="Add a judge or co-organizer (organizers)", request=s.StaffRequestSerializer,
                   responses={201: s.StaffSerializer, **errors(400, 401, 403, 404, 409)})
    def post(self, request, pk):
        event = self.event(pk)
        self.allow("manage_staff", event)
        fields = self.valid(s.StaffRequestSerializer)
        return Response(s.StaffSerializer(services.add_staff(event, fields["username"], fields["role"])).data,
                        status=201)


class RegistrationsView(EventsApiView):
    @extend_schema(summary="Register: {} for yourself; an organizer sends {username} or {name, email}",
                   request={"application/json": s.REGISTRATION_REQUEST_SCHEMA},
                   responses={201: s.RegistrationSerializer, **errors(400, 401, 403, 404, 409)})
    def post(self, request, pk):
        event = self.event(pk)
        fields = self.valid(s.RegistrationRequestSerializer)
        if fields:
            self.allow("add_registration", event)
            registration = services.add_player(event, self.user, base_url(request), **fields)
        else:
            self.allow("register_self", event)
            registration = services.register_self(event, self.user)
        return Response(s.RegistrationSerializer(registration).data, status=201)


class ImportView(EventsApiView):
    parser_classes = [CsvParser, MultiPartParser]

    @extend_schema(summary="Import players from CSV (name,email[,decklist]): all rows or none",
                   description="The CSV as the body (text/csv) or a multipart 'file'. Every row is checked "
                               "first; a bad row is reported with its line number in details and nothing is "
                               "imported.",
                   request={"text/csv": OpenApiTypes.STR, "multipart/form-data": s.DecklistUploadSerializer},
                   responses={201: s.ImportResultSerializer, **errors(400, 401, 403, 404, 409, 413)})
    def post(self, request, pk):
        event = self.event(pk)
        self.allow("add_registration", event)
        if request.content_type.startswith("text/csv"):
            data = request.data if isinstance(request.data, bytes) else b""
        else:
            upload = request.FILES.get("file")
            if upload is None:
                raise ApiError("no-file", "Send the CSV as the body (Content-Type: text/csv) or a multipart 'file'.")
            data = upload.read(MAX_ROSTER_BYTES + 1)
        created = services.import_roster(event, self.user, data, base_url(request))
        return Response({"imported": len(created),
                         "registrations": s.RegistrationSerializer(created, many=True).data}, status=201)


def version_body(version: Decklist, check) -> dict:
    return {"registration": version.registration_id, "version": version.number, "submitted": version.submitted,
            "submitted_by": version.submitted_by.username if version.submitted_by else None, "late": version.late,
            "source": version.source, "decklist": version.text if version.deck is None else "",
            "deck": version.deck, "checked": check.checked, "verdict": check.verdict}


class DecklistView(EventsApiView):
    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(summary="The current decklist of a registration and its verdict",
                   responses={200: s.DecklistVersionSerializer, **errors(404)})
    def get(self, request, pk, rid):
        registration = self.registration(pk, rid)
        version, check = services.current(registration)
        if version is None:
            raise ApiError("no-decklist", f"{registration.name} has not sent a decklist yet.", http_status=404)
        return Response(version_body(version, check))

    @extend_schema(summary="Send a new version of the decklist (kept with its verdict; refused after the deadline)",
                   request={"application/json": s.DecklistSubmissionSerializer,
                            "multipart/form-data": s.DecklistUploadSerializer},
                   responses={200: s.DecklistVersionSerializer, **errors(400, 401, 403, 404, 409, 413)})
    def put(self, request, pk, rid):
        registration = self.registration(pk, rid, "submit_decklist")
        upload = request.FILES.get("file") if request.content_type.startswith("multipart/") else None
        fields = {} if upload is not None else self.valid(s.DecklistSubmissionSerializer)
        submission = services.read_submission(fields.get("decklist"), fields.get("deck"), upload)
        version, check = services.submit_decklist(registration, self.user, submission)
        return Response(version_body(version, check))


class VersionsView(EventsApiView):
    @extend_schema(summary="Every version of a registration's decklist, newest first, with its latest verdict",
                   responses={200: s.VersionsSerializer, **errors(404)})
    def get(self, request, pk, rid):
        registration = self.registration(pk, rid)
        current, _ = services.current(registration)
        deadline = registration.event.deadline
        rows = list(registration.versions.select_related("submitted_by").annotate(
            check_id=services.latest_check_id()).order_by("-number"))
        checks = DecklistCheck.objects.defer("verdict").in_bulk([version.check_id for version in rows])
        versions = []
        for version in rows:
            check = checks[version.check_id]
            versions.append({"version": version.number, "submitted": version.submitted,
                             "submitted_by": version.submitted_by.username if version.submitted_by else None,
                             "late": version.late, "counts": version.late or version.submitted <= deadline,
                             "source": version.source, "legal": check.legal, "codes": check.codes,
                             "checked": check.checked})
        return Response({"registration": registration.pk, "current": current.number if current else None,
                         "versions": versions})


class UnlockView(EventsApiView):
    @extend_schema(summary="Let one player send a list after the deadline (organizers); unlocked=false undoes it",
                   request=s.UnlockRequestSerializer,
                   responses={200: s.RegistrationSerializer, **errors(400, 401, 403, 404)})
    def post(self, request, pk, rid):
        registration = self.registration(pk, rid, "unlock_registration")
        fields = self.valid(s.UnlockRequestSerializer)
        return Response(s.RegistrationSerializer(services.unlock(registration, fields["unlocked"])).data)


TABLE_FIELDS = ("registration", "player", "username", "version", "submitted", "legal", "codes", "problem_count",
                "stronghold", "dynasty", "fate", "stale")


def table_body(event: Event, with_email: bool) -> dict:
    data = services.table(event)
    fields = TABLE_FIELDS + (("email",) if with_email else ())
    return {"event": event.pk, "total": data["total"], "submitted": data["submitted"], "legal": data["legal"],
            "codes": data["codes"], "registrations": [{name: row[name] for name in fields} for row in data["rows"]]}


class DecklistsView(EventsApiView):
    @extend_schema(summary="Every registration with its verdict (organizers and judges; everyone once published)",
                   responses={200: s.TableSerializer, **errors(404)})
    def get(self, request, pk):
        event = self.event(pk)
        self.allow("view_decklists", event, hide=True)
        return Response(table_body(event, with_email=self.user.has_perm("events.export_decklists", event)))


class DecklistsCsvView(EventsApiView):
    @extend_schema(summary="Players and verdicts as CSV (organizers and judges)",
                   responses={(200, "text/csv"): OpenApiTypes.STR, **errors(401, 403, 404)})
    def get(self, request, pk):
        event = self.event(pk)
        self.allow("export_decklists", event)
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-decklists.csv"'
        services.write_csv(event, csv.writer(response))
        return response


class ValidateView(EventsApiView):
    @extend_schema(summary="Check all: re-validate every current list on the event's format and date, in the "
                           "background", request=None, responses={202: s.TaskSerializer, **errors(401, 403, 404)})
    def post(self, request, pk):
        event = self.event(pk)
        self.allow("check_all", event)
        run = services.start_validation(event, self.user)
        return Response(services.progress(run), status=status.HTTP_202_ACCEPTED)


class TaskView(EventsApiView):
    @extend_schema(summary="Progress of a Check all run", responses={200: s.TaskSerializer, **errors(404)})
    def get(self, request, task):
        run = ValidationRun.objects.select_related("event").filter(pk=task).first()
        if run is None:
            raise ApiError("not-found", f"No task {task}.", http_status=404)
        self.allow("check_all", run.event, hide=True)
        return Response(services.progress(run))


class TokenView(APIView):
    authentication_classes: list = []
    parser_classes = [JSONParser]

    @extend_schema(summary="An API token for a username and password (send it as 'Authorization: Token …')",
                   request=s.TokenRequestSerializer, responses={200: s.TokenSerializer, **errors(400, 401, 429)})
    def post(self, request):
        serializer = s.TokenRequestSerializer(data=request.data)
        if not serializer.is_valid():
            raise ApiError("invalid", _say(serializer.errors), serializer.errors)
        user = authenticate(request, **serializer.validated_data)
        if user is None:
            raise ApiError("bad-credentials", "The username or password is wrong.", http_status=401)
        token, _ = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


token_view = rate_limited("log-in")(TokenView.as_view())
