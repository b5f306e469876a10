"""python manage.py validate_deck FILE --format SLUG [--date YYYY-MM-DD] [--json] [--l5d OUT]

Exit status 0 when the list was checked (legal or not), 2 when the input is unusable.
"""
import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from judgeapp.decks import service
from judgeapp.decks.parsing import MAX_BYTES, DeckInputError


class Command(BaseCommand):
    help = "Validate a decklist (plain text or .l5d) for a format on a date."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the decklist file, or - for standard input")
        parser.add_argument("--format", default="ivory", help="format slug (see GET /api/formats)")
        parser.add_argument("--date", help="event date YYYY-MM-DD (default today)")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
        parser.add_argument("--l5d", help="also write the list, as read, to this .l5d file")

    def handle(self, *args, **options):
        try:
            data = self._read(options["file"])
            verdict = service.run(data, None, options["format"], options["date"], with_l5d=bool(options["l5d"]))
        except DeckInputError as exc:
            self.stderr.write(f"{exc.code}: {exc.message}")
            sys.exit(2)
        if options["l5d"]:
            Path(options["l5d"]).write_text(verdict.pop("l5d"), encoding="utf-8")
        if options["json"]:
            self.stdout.write(json.dumps(verdict, indent=2))
            return
        self.stdout.write(f"{'LEGAL' if verdict['legal'] else 'NOT LEGAL'} for {verdict['format_name']} on "
                          f"{verdict['date']}: Dynasty {verdict['counts']['dynasty']}, Fate {verdict['counts']['fate']}")
        for problem in verdict["problems"]:
            cite = problem["cite"]
            self.stdout.write(f"  [{problem['code']}] {problem['message']}  ({cite['doc']} › {cite['title']})")
        for warning in verdict["warnings"]:
            self.stdout.write(f"  warning: {warning}")

    def _read(self, name: str) -> bytes:
        if name == "-":
            return sys.stdin.buffer.read(MAX_BYTES + 1)
        path = Path(name)
        if not path.is_file():
            raise DeckInputError("no-file", f"{name}: no such file")
        with path.open("rb") as handle:
            return handle.read(MAX_BYTES + 1)
