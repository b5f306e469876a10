"""python manage.py search_rules "QUERY" [--doc DOC] [--edition E] [--limit N] [--json]"""
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
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, **options):
        try:
            result = run_search(options["query"], options["doc"], options["edition"], options["limit"])
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
            self.stdout.write(f"{r['score']:8.2f}  {r['doc']}  {r['number']:>9}  {r['title']}  {r['url']}")
        self.stdout.write(f"{result['total']} matching sections")
