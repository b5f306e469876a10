"""python manage.py search_cards "QUERY" [--limit N] [--page N] [--json]"""
import json

from django.core.management.base import BaseCommand, CommandError

from cards.api import run_search
from judgeapp.api_errors import ApiError


class Command(BaseCommand):
    help = "Search the card database with the card query language (see /cards/help/)."

    def add_arguments(self, parser):
        parser.add_argument("query")
        parser.add_argument("--limit", type=int, default=20, help="results per page (1-200, default 20)")
        parser.add_argument("--page", type=int, default=1)
        parser.add_argument("--json", action="store_true", help="print the API's JSON")

    def handle(self, *args, **options):
        try:
            result = run_search(options["query"], options["page"], options["limit"])
        except ApiError as exc:
            raise CommandError(f"{exc.code}: {exc.message}")
        if options["json"]:
            self.stdout.write(json.dumps(result, indent=2))
            return
        for warning in result["warnings"]:
            self.stdout.write(f"warning: {warning}")
        self.stdout.write(f"{result['total']} cards (page {result['page']} of {result['pages']})")
        for card in result["results"]:
            clans = ", ".join(card["clans"])
            self.stdout.write(f"  {card['full_title']} — {card['type']}{' · ' + clans if clans else ''}  {card['url']}")
