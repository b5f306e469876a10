"""python manage.py ingest [--corpus DIR] [--rebuild-index] [--json] [--async] [--wait] [--allow-shrink]

Everything the site reads from the corpus: the rules documents, then the card database.
One ingest at a time per host (a second one exits with a message, or queues with --wait).
"""
import contextlib
import json

from django.core.management.base import BaseCommand, CommandError

from judgeapp.ingest_guard import IngestBusy, ingest_lock

from cards.pipeline import run_import
from cards.tasks import import_cards_task
from rules_corpus.pipeline import run_ingest
from rules_corpus.tasks import ingest_task


class Command(BaseCommand):
    help = "Load the rules documents and the card database from L5R_CORPUS_DIR and build the search indexes."

    def add_arguments(self, parser):
        parser.add_argument("--corpus", help="corpus directory (default: the L5R_CORPUS_DIR setting)")
        parser.add_argument("--rebuild-index", action="store_true", help="rebuild the indexes even if current")
        parser.add_argument("--json", action="store_true", help="print the reports as JSON")
        parser.add_argument("--async", dest="use_queue", action="store_true",
                            help="send the work to a Celery worker and wait for its reports")
        add_guard_arguments(parser)

    def handle(self, *args, **options):
        corpus, rebuild, shrink = options["corpus"], options["rebuild_index"], options["allow_shrink"]
        with guarded(options):
            if options["use_queue"]:
                rules = ingest_task.delay(corpus, rebuild, shrink).get(timeout=600)
                cards = import_cards_task.delay(corpus, rebuild, False, shrink).get(timeout=900)
            else:
                rules, cards = run_ingest(corpus, rebuild, shrink), run_import(corpus, rebuild, allow_shrink=shrink)
        if options["json"]:
            self.stdout.write(json.dumps({"rules": rules, "cards": cards}, indent=2, default=str))
        else:
            for line in rules["lines"]:
                self.stdout.write(line)
            index = rules["index"]
            self.stdout.write(f"index: rebuilt, {index['documents']} sections in {index['seconds']} s"
                              if index["rebuilt"] else "index: up to date")
            for line in cards["lines"][:3] + cards["lines"][-1:]:
                self.stdout.write(line)
            self.stdout.write("(python manage.py import_cards lists every source disagreement)")
            self.stdout.write("nothing changed" if not (rules["changed"] or cards["changed"]) else "done")
            self.stdout.write(f"time: {rules['seconds']['total'] + cards['seconds']['total']:.2f} s"
                              if "seconds" in cards else f"time: {rules['seconds']['total']} s")
        failed = [d["error"] for d in rules["documents"] if d["error"]] + cards["failed"]
        if failed:
            raise CommandError("failed: " + "; ".join(failed))


def add_guard_arguments(parser) -> None:
    parser.add_argument("--wait", action="store_true", help="if another ingest is running, wait for it to finish "
                                                            "(default: exit with a message)")
    parser.add_argument("--allow-shrink", action="store_true",
                        help="accept deleting more than a small share of a document's sections or of the cards")


@contextlib.contextmanager
def guarded(options):
    """The host's ingest lock around the work (the worker takes it itself with --async)."""
    if options["use_queue"]:
        yield
        return
    try:
        with ingest_lock(wait=options["wait"]):
            yield
    except IngestBusy as exc:
        raise CommandError(str(exc)) from exc
