"""python manage.py ingest [--corpus DIR] [--rebuild-index] [--json] [--async]"""
import json

from django.core.management.base import BaseCommand, CommandError

from rules_corpus.pipeline import run_ingest
from rules_corpus.tasks import ingest_task


class Command(BaseCommand):
    help = "Load the rules documents from L5R_CORPUS_DIR into the database and build the search index."

    def add_arguments(self, parser):
        parser.add_argument("--corpus", help="corpus directory (default: the L5R_CORPUS_DIR setting)")
        parser.add_argument("--rebuild-index", action="store_true", help="rebuild the index even if current")
        parser.add_argument("--json", action="store_true", help="print the report as JSON")
        parser.add_argument("--async", dest="use_queue", action="store_true",
                            help="send the work to a Celery worker and wait for its report")

    def handle(self, *args, **options):
        if options["use_queue"]:
            report = ingest_task.delay(options["corpus"], options["rebuild_index"]).get(timeout=600)
        else:
            report = run_ingest(options["corpus"], options["rebuild_index"])
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2))
        else:
            for line in report["lines"]:
                self.stdout.write(line)
            index = report["index"]
            self.stdout.write(f"index: rebuilt, {index['documents']} sections in {index['seconds']} s"
                              if index["rebuilt"] else "index: up to date")
            self.stdout.write("nothing changed" if not report["changed"] else "done")
            self.stdout.write(f"time: {report['seconds']['total']} s")
        if report["failed"]:
            raise CommandError("failed: " + "; ".join(
                d["error"] for d in report["documents"] if d["error"]))
