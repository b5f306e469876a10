"""python manage.py search_rules "QUERY" [--doc DOC] [--edition E] [--limit N] [--page N] [--as-of DATE] [--json]"""
import json

from django.core.management.base import BaseCommand, CommandError

from rules_corpus.api import run_search
from judgeapp.api_errors import ApiError


class Command(BaseCommand):
    help = "Search the rules; --json prints exactly what GET /api/rules/search returns."

    def add_arguments(self, parser):
        parser.add_argument("query")
        parser.add_argument("--doc")
        parser.add_argument("--edition")
        parser.add_argument("--limit", default="10")
        parser.add_argument("--page", default="1")
        parser.add_argument("--as-of", dest="as_of", help="the rules as of a date (YYYY-MM-DD) or an edition")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        try:
            result = run_search(options["query"], options["doc"], options["edition"], options["limit"],
                                options["page"], options["as_of"])
        except ApiError as exc:
            if options["json"]:
                self.stdout.write(json.dumps({"error": {"code": exc.code, "message": exc.message}}))
            raise CommandError(exc.message, returncode=2) from exc
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2, ensure_ascii=False))
            return
        if result["suggestion"]:
            self.stdout.write(f"Did you mean: {result['suggestion']}")
        for r in result["results"]:
            older = f"  (current rule: {r['current']['url']})" if r["current"] else ""
            self.stdout.write(f"{r['score']:8.2f}  {r['doc']}  {r['number']:>9}  {r['title']}  {r['url']}{older}")
        self.stdout.write(f"{result['total']} matching sections, page {result['page']} of {result['pages']}")
