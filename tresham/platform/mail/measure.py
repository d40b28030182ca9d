"""``tresham bench mails``: how many mails a player gets per game turn (issue 25's measurement).

A 3-player game of the site's first game is created and played through the site (the JSON API,
in-process through Django's test client: URLs, middleware, authentication, the one order path):
two seats are people with the site's default mail settings, each with an e-mail address,
whose orders are chosen by the game's own bot and posted as theirs; the third seat is a bot
seat the worker plays. The worker's passes (the bots' due rows, the sender) run between the
orders. The game stops when turn ``turns + 1`` begins. Nothing is sent anywhere: no mail
server is configured, so a mail that goes out is marked ``held`` in the outbox; a mail the
site decides not to send is ``skipped``. The figure is the mails that went out to the two
people, per person per game turn.

How the people play, three ways (each a game of its own, the same seed):

- ``table``: at the table throughout: each answers every decision at once;
- ``sittings``: away between his turns: a decision his own order opened he answers at once
  (he is still at the table), any other only after ``away`` seconds;
- ``away``: every decision answered only after ``away`` seconds.

"After ``away`` seconds" is simulated, not waited for: before such an answer the sender's pass
runs at ``now + away`` (the mails due by then go out), then the person answers. It matters only
where the site waits before sending (a "your turn" mail held back a few minutes in case the
player answers at once); reminders fall due hours before a deadline and never within a run.

Run it on another checkout of the code to compare (it uses only what the site had before
issue 25): ``python -m tresham.platform.mail.measure`` prints the figures as JSON.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import django

#: The game's seed: the same game every run.
SEED = "mails-per-turn"
#: What "away" means here: a player answers this long after a decision opens.
AWAY_SECONDS = 3600
WAYS = ("table", "sittings", "away")


def _setup(data_dir: Path) -> None:
    os.environ["TRESHAM_DATA_DIR"] = str(data_dir)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tresham.platform.settings")
    for name in ("TRESHAM_DATABASE_URL", "TRESHAM_SMTP_HOST", "TRESHAM_TESTING"):
        os.environ.pop(name, None)
    django.setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)


def play(way: str, turns: int = 10, away: int = AWAY_SECONDS, seed: str = SEED) -> dict[str, Any]:
    """Play one game the way ``way`` (:data:`WAYS`) for ``turns`` turns; gives its figures."""
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.utils import timezone

    from ...games import registry
    from ..clock import worker
    from ..play import services
    from ..play.models import Game
    from . import sender
    from .models import Outbox

    if way not in WAYS:
        raise ValueError(f"way is one of {', '.join(WAYS)}")
    User = get_user_model()
    tag = f"{way}-{Game.objects.count() + 1}"
    people = [User.objects.create_user(f"{n}-{tag}", f"{n}-{tag}@example.org", "a-long-password-1")
              for n in ("ann", "ben")]
    clients = []
    for u in people:
        c = Client()
        c.force_login(u)
        clients.append(c)
    r = clients[0].post("/api/lobby/games", {"name": f"Mails {tag}", "options": {"players": 3}, "bot_seats": [2]},
                        content_type="application/json")
    if r.status_code != 201:
        raise RuntimeError(f"creating the game: {r.status_code} {r.content[:300]!r}")
    game_id = r.json()["id"]
    Game.objects.filter(pk=game_id).update(seed=seed, seed_sha256=Game.hash_seed(seed))
    r = clients[1].post(f"/api/lobby/games/{game_id}/join", {}, content_type="application/json")
    if r.status_code != 201:
        raise RuntimeError(f"joining the game: {r.status_code} {r.content[:300]!r}")
    game = Game.objects.get(pk=game_id)
    rules = registry.get(game.kind)
    seat_of = {s.index: s.user for s in game.seats.select_related("user")}
    client_of = {s: clients[people.index(u)] for s, u in seat_of.items() if u is not None}
    last_by: int | None = None  # the seat whose order was the last one accepted
    orders = Counter()
    n = 0
    while True:
        game.refresh_from_db()
        state = rules.loads(game.state)
        if rules.finished(state) or rules.round(state) > turns:
            break
        n += 1
        if n > 5000:
            raise RuntimeError("the game does not move on")
        owed = [d for d in rules.pending(state) if d.required]
        if not owed:
            raise RuntimeError(f"nobody owes a decision at {rules.stage(state)}")
        d = owed[0]
        if d.player not in client_of:  # the bot seat: the worker plays it
            worker.one_pass()
            last_by = d.player
            orders["bot"] += 1
            continue
        if way == "away" or (way == "sittings" and last_by != d.player):
            sender.drain(limit=1000, now=timezone.now() + dt.timedelta(seconds=away))
        else:
            sender.drain(limit=1000)
        level = rules.offers.bot_level()
        order = (level.play(state, d.player, f"{seed}:measure:{n}") if level is not None else None) or \
            rules.default(state, d.player)
        if rules.is_site_order(order):  # the bot gives the seat's default: the clock's way
            services.submit(game_id, order, seat=d.player, by_site=True, reason="timeout")
        else:
            c = client_of[d.player]
            look = c.get(f"/api/games/{game_id}")
            r = c.post(f"/api/games/{game_id}/orders", {"order": order, "revision": look.json()["revision"],
                                                       "client_key": f"m{n}"}, content_type="application/json")
            if r.status_code not in (200, 201):
                raise RuntimeError(f"order {n}: {r.status_code} {r.content[:300]!r}")
        last_by = d.player
        orders["people"] += 1
    # the end: what is due by the time the players would have come back goes out
    sender.drain(limit=10_000, now=timezone.now() + dt.timedelta(seconds=away if way != "table" else 0))
    rows = Outbox.objects.filter(user__in=people)
    went = rows.filter(status__in=[Outbox.Status.HELD, Outbox.Status.SENT, Outbox.Status.SENDING])
    by_kind = Counter(went.values_list("kind", flat=True))
    played = min(turns, rules.round(rules.loads(Game.objects.get(pk=game_id).state)) - 1)
    mails = went.count()
    return {
        "way": way,
        "turns": played,
        "orders": dict(orders),
        "mails": mails,
        "by_kind": dict(sorted(by_kind.items())),
        "written": rows.count(),
        "not_sent": rows.filter(status=Outbox.Status.SKIPPED).count(),
        "per_player_per_turn": round(mails / len(people) / max(1, played), 2),
        "turn_mails_per_player_per_turn": round(by_kind.get("turn", 0) / len(people) / max(1, played), 2),
    }


def measure(turns: int = 10, ways: tuple[str, ...] = WAYS, away: int = AWAY_SECONDS) -> dict[str, Any]:
    """Each way of :data:`WAYS` once, in a throwaway SQLite database; gives the figures."""
    data_dir = Path(tempfile.mkdtemp(prefix="tresham-mails-"))
    try:
        _setup(data_dir)
        return {"game": SEED, "players": 3, "people": 2, "turns": turns, "away_seconds": away,
                "runs": [play(w, turns, away) for w in ways]}
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    print(json.dumps(measure(turns=int(sys.argv[1]) if len(sys.argv) > 1 else 10), indent=1))
