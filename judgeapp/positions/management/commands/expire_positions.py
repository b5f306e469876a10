"""python manage.py expire_positions [--unviewed-days N] [--idle-days N] [--dry-run]

Deletes anonymous saved positions nobody opened within N days of saving, or opened last
more than the idle limit ago; an owner's saves are kept.  Also run daily by Celery beat.
"""
from django.conf import settings
from django.core.management.base import BaseCommand

from judgeapp.positions import saving


class Command(BaseCommand):
    help = "Delete anonymous saved positions that were never opened (or not for a long time)."

    def add_arguments(self, parser):
        parser.add_argument("--unviewed-days", type=int, default=settings.L5R_SAVE_UNVIEWED_DAYS,
                            help="age after which a never-opened anonymous save goes")
        parser.add_argument("--idle-days", type=int, default=settings.L5R_SAVE_IDLE_DAYS,
                            help="time since last opened after which an anonymous save goes")
        parser.add_argument("--dry-run", action="store_true", help="count, delete nothing")

    def handle(self, *args, **options):
        days = (options["unviewed_days"], options["idle_days"])
        if options["dry_run"]:
            self.stdout.write(f"would delete {saving.expired(*days).count()} saved positions")
        else:
            self.stdout.write(f"deleted {saving.expire(*days)} saved positions")
