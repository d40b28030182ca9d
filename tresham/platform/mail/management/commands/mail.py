"""``tresham manage mail send|digest|status|prune``: the outbox from the command line."""
from __future__ import annotations

import datetime as dt

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Count
from django.utils import timezone

from ...digest import run
from ...models import Outbox
from ...outbox import prune
from ...sender import drain


class Command(BaseCommand):
    help = ("send the due mails (send), make the due digests (digest), count the outbox by status (status), "
            "or delete the mails done with more than --days ago (prune; held and failed ones stay)")

    def add_arguments(self, parser) -> None:
        parser.add_argument("what", choices=["send", "digest", "status", "prune"])
        parser.add_argument("--limit", type=int, default=1000, help="send at most this many (default 1000)")
        parser.add_argument("--days", type=int, default=90, help="prune: mails older than this (default 90)")

    def handle(self, *args, what: str, limit: int, days: int, **options) -> None:
        if limit < 1 or days < 1:
            raise CommandError("--limit and --days are whole numbers of at least 1")
        if what == "prune":
            self.stdout.write(f"{prune(timezone.now() - dt.timedelta(days=days))} mail(s) deleted")
        elif what == "send":
            self.stdout.write(f"{drain(limit)} mail(s) sent")
        elif what == "digest":
            self.stdout.write(f"{run()} digest(s) made")
        else:
            for row in Outbox.objects.values("status").annotate(n=Count("pk")).order_by("status"):
                self.stdout.write(f"{row['status']}: {row['n']}")
