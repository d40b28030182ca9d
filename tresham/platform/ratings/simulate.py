"""Simulated finished games for the rankings (``tresham ratings simulate``): simulated people of
hidden skill play games of 3 to 7 seats on sides of hidden strength; a few quit or are removed,
some of their seats are taken over, some games have a bot seat. Each game is rated as a real
one is when it ends (``services.rate``), so ``tresham ratings rebuild`` can be checked against
these incremental updates at scale. Nothing of a game's rules is played: only the records the
rankings read are made (a real game gives the same records, ``record.game_record``)."""
from __future__ import annotations

import random
import time
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from ...games import registry
from ..play.models import Game, Seat, Tenure
from . import services
from .compute import SeatRecord

SIDES = [f"Side {i}" for i in range(1, 10)]


@dataclass
class Simulated:
    games: int
    people: int
    seconds: float


def _people(n: int, prefix: str) -> list:
    User = get_user_model()
    have = {u.username: u for u in User.objects.filter(username__startswith=prefix)}
    new = [User(username=f"{prefix}{i:04d}", email=f"{prefix}{i:04d}@example.invalid")
           for i in range(n) if f"{prefix}{i:04d}" not in have]
    for u in new:
        u.set_unusable_password()
    User.objects.bulk_create(new)
    return list(User.objects.filter(username__startswith=prefix).order_by("username"))[:n]


def simulate(games: int = 1000, people: int = 200, seed: int = 0, kind: str | None = None,
             prefix: str = "sim-") -> Simulated:
    """``games`` finished games among ``people`` simulated people (made if missing), of the
    game ``kind`` (None: the site's first game)."""
    kind = kind or registry.default_name()
    rng = random.Random(seed)
    start = time.perf_counter()
    folks = _people(people, prefix)
    skill = {u.pk: rng.gauss(0, 1) for u in folks}
    strength = {s: rng.gauss(0, 0.5) for s in SIDES}
    now = timezone.now()
    for g in range(games):
        n = rng.randint(3, min(7, len(folks)))
        table = rng.sample(folks, n)
        sides = rng.sample(SIDES, n)
        bot_seat = n - 1 if rng.random() < 0.1 else None
        with transaction.atomic():
            game = Game.objects.create(kind=kind, name=f"Simulated {seed}-{g}", options={}, players=n, status=Game.Status.FINISHED,
                                       seed="simulated", seed_sha256=Game.hash_seed("simulated"), started_at=now,
                                       finished_at=now)
            perf = {}
            seats = []
            taken = set(table)
            for i in range(n):
                user = None if i == bot_seat else table[i]
                perf[i] = (skill[user.pk] if user else 0.0) + strength[sides[i]] + rng.gauss(0, 1)
                abandoners: list[str] = []
                occupant = ("bot", "bot") if user is None else ("person", str(user.pk))
                if user is not None and rng.random() < 0.05:  # quit or removed; maybe replaced
                    Tenure.objects.create(game=game, seat=i, user=user, ended_at=now,
                                          ended=rng.choice([Tenure.End.QUIT, Tenure.End.REMOVED]))
                    abandoners.append(str(user.pk))
                    perf[i] -= 1.0
                    spare = [u for u in folks if u not in taken]
                    user = rng.choice(spare) if spare and rng.random() < 0.6 else None
                    taken.add(user)
                    occupant = ("person", str(user.pk)) if user else None
                    if user is not None:
                        Tenure.objects.create(game=game, seat=i, user=user, replacement=True, ended_at=now,
                                              ended=Tenure.End.FINISHED)
                elif user is not None:
                    Tenure.objects.create(game=game, seat=i, user=user, ended_at=now, ended=Tenure.End.FINISHED)
                Seat.objects.create(game=game, index=i, user=user, is_bot=(i == bot_seat),
                                    status=Seat.Status.PLAYING if occupant else Seat.Status.OPEN)
                seats.append([i, sides[i], occupant, tuple(abandoners)])
            order = sorted(range(n), key=lambda i: -perf[i])
            place = {i: k + 1 for k, i in enumerate(order)}
            services.rate(game, kind, [SeatRecord(i, place[i], side, occ, ab) for i, side, occ, ab in seats])
    return Simulated(games, len(folks), time.perf_counter() - start)
