"""python manage.py import_cards [--corpus DIR] [--force] [--rebuild-index] [--json] [--async] [--wait] [--allow-shrink]"""
import json

from django.core.management.base import BaseCommand, CommandError

from cards.pipeline import run_import
from cards.tasks import import_cards_task
from judgeapp.management.commands.ingest import add_guard_arguments, guarded


class Command(BaseCommand):
    help = "Import the card database (set files and Oracle export) from L5R_CORPUS_DIR and build the card index."

    def add_arguments(self, parser):
        parser.add_argument("--corpus", help="corpus directory (default: the L5R_CORPUS_DIR setting)")
        parser.add_argument("--force", action="store_true", help="re-import even if the exports are unchanged")
        parser.add_argument("--rebuild-index", action="store_true", help="rebuild the index even if current")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument("--async", dest="use_queue", action="store_true",
                            help="send the work to a Celery worker and wait for its report")
        add_guard_arguments(parser)

    def handle(self, *args, **options):
        arguments = (options["corpus"], options["rebuild_index"], options["force"], options["allow_shrink"])
        with guarded(options):
            report = (import_cards_task.delay(*arguments).get(timeout=900) if options["use_queue"]
                      else run_import(*arguments))
        self.stdout.write(json.dumps(report, indent=2, default=str) if options["json"] else "\n".join(report["lines"]))
        if report["failed"]:
            raise CommandError("; ".join(report["failed"]))
