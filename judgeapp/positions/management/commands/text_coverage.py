"""python manage.py text_coverage [--format ivory|twenty-festivals|both] [--json] [--top N]

How many real cards the rules engine can execute, and the most common text it cannot read.
"""
import json

from django.core.management.base import BaseCommand

from judgeapp.positions.coverage import FORMATS, coverage, lines


class Command(BaseCommand):
    help = "Card-text coverage of the engine over the legal card pool, with the worklist of unread shapes."

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=sorted(FORMATS), default="both",
                            help="the card pool: Ivory-legal, Twenty-Festivals-legal, or both (default)")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument("--top", type=int, default=20, help="how many unread shapes to list (default 20)")

    def handle(self, *args, **options):
        report = coverage(FORMATS[options["format"]], max(1, min(options["top"], 500)))
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2))
        else:
            self.stdout.write("\n".join(lines(report)))
