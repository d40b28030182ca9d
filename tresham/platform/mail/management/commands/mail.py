"""``tresham manage mail send|digest|status``: the outbox from the command line."""
from __future__ import annotations

from django.core.management.base import BaseCommand
from django.db.models import Count

from ...digest import run
from ...models import Outbox
from ...sender import drain


class Command(BaseCommand):
    help = "send the due mails (send), make the due digests (digest), or count the outbox by status (status)"

    def add_arguments(self, parser) -> None:
        parser.add_argument("what", choices=["send", "digest", "status"])
        parser.add_argument("--limit", type=int, default=1000, help="send at most this many (default 1000)")

    def handle(self, *args, what: str, limit: int, **options) -> None:
        if what == "send":
            self.stdout.write(f"{drain(max(1, limit))} mail(s) sent")
        elif what == "digest":
            self.stdout.write(f"{run()} digest(s) made")
        else:
            for row in Outbox.objects.values("status").annotate(n=Count("pk")).order_by("status"):
                self.stdout.write(f"{row['status']}: {row['n']}")
