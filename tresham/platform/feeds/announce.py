"""What a game's webhooks are told (SITE-FEED-02): whose turn it is, and that the game is over.

Connected to ``play.signals.changed``, so the messages are written to the webhooks' outbox
(:class:`~.models.WebhookPost`) in the transaction of the order they report, in a savepoint
of it: a rolled-back order announces nothing, a failure here is logged and never refuses the
order. Only public facts go out: the seats' names in the game and their players, the stage,
the deadlines (which every visitor of the game page sees, SITE-TIME-01), the result; never a
hand, a vote, a message of the table talk.

"Your turn" is posted when decisions begin that the game waits on from people (bots play at
once and are not announced): one message naming every seat whose decision began, with its
deadline.
"""
from __future__ import annotations

import datetime as dt
import logging

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from ..accounts.mails import site_link
from ..clock import shown
from ..clock.schedule import decision_key
from ..play import hooks as play_hooks, results, signals as play_signals
from ..play.models import Game, Seat, display_name
from .models import Webhook, WebhookPost

log = logging.getLogger(__name__)


def _owed(rules, state) -> set[tuple[str, int]]:
    """(clock key, seat) of each decision the game waits on."""
    if state is None:
        return set()
    stage = rules.stage(state)
    return {(decision_key(stage, d.player, d.kind, d.prompt), d.player) for d in rules.pending(state) if d.required}


def when(at: dt.datetime) -> str:
    """A deadline as the chat reads it, in UTC: "Thu 4 Dec 18:00 UTC"."""
    at = at.astimezone(dt.timezone.utc)
    return f"{at:%a} {at.day} {at:%b %H:%M} UTC"


def seat_names(game: Game, rules, state) -> dict[int, str]:
    """Each seat as the chat reads it: "Babylon (alice)" (its name in the game once the
    placement is done, else "Seat 2"; its player, "bot" or "nobody")."""
    names = {}
    if state is not None and rules.placement_done(state):
        names = {r.seat: r.name for r in rules.summary(state)}
    out = {}
    for s in game.seats_now():
        who = "bot" if s.is_bot else ("nobody" if s.user_id is None else display_name(s.user))
        out[s.index] = f"{names.get(s.index) or f'Seat {s.index + 1}'} ({who})"
    return out


def turn_text(game: Game, rules, before, after, due) -> str | None:
    """"Your turn in <game>: Babylon (alice), Crete (bob) -- deadline ... -- <link>", or None
    when no person's decision began."""
    new = _owed(rules, after) - _owed(rules, before)
    people = {s.index for s in game.seats_now()
              if s.user_id is not None and not s.is_bot and s.status == Seat.Status.PLAYING}
    seats = sorted({seat for _, seat in new} & people)
    if not seats:
        return None
    names = seat_names(game, rules, after)
    deadlines = {seat: shown.seat_deadline(due, seat) for seat in seats}
    link = site_link(f"/games/{game.pk}/")
    if len(set(deadlines.values())) == 1:
        at = deadlines[seats[0]]
        who = ", ".join(names[s] for s in seats)
        tail = f" -- deadline {when(at)}" if at is not None else " -- no time limit"
        return f"Your turn in {game.name} ({rules.stage(after)}): {who}{tail} -- {link}"
    who = ", ".join(f"{names[s]}, deadline {when(deadlines[s])}" if deadlines[s] else names[s] for s in seats)
    return f"Your turn in {game.name} ({rules.stage(after)}): {who} -- {link}"


def over_text(game: Game, rules, after) -> str:
    """"Game over in <game>: Won by Babylon (alice) with ... -- <link>"."""
    result = results.result_of(game, rules, after, results.seat_players(game))
    head = result.headline if result is not None else "the game is over"
    return f"Game over in {game.name}: {head} -- {site_link(f'/games/{game.pk}/')}"


def post(game: Game, key: str, text: str, now: dt.datetime | None = None) -> list[WebhookPost]:
    """Write ``text`` for each active webhook of ``game`` (inside the caller's transaction);
    ``key``: what it reports, so a change posts once."""
    now = now or timezone.now()
    rows = []
    for hook in Webhook.objects.filter(game=game, active=True):
        row = WebhookPost(webhook=hook, key=f"{key}:{hook.pk}"[:200], text=text[:1900], created_at=now,
                          next_try_at=now)
        try:
            with transaction.atomic():
                row.save(force_insert=True)
        except IntegrityError:
            continue  # reported before: nothing more
        rows.append(row)
    return rows


def after_order(game: Game, rules, before, after, due) -> list[WebhookPost]:
    """The messages an accepted order (or the deal, ``before`` None) calls for. The order path
    read whether the game has webhooks with its locked row (``has_webhooks``, :func:`connect`);
    elsewhere it is read here."""
    has = getattr(game, "has_webhooks", None)
    if has is None:
        has = Webhook.objects.filter(game=game, active=True).exists()
    if not has:
        return []
    if rules.finished(after):
        if before is not None and rules.finished(before):
            return []
        return post(game, f"over:{game.pk}", over_text(game, rules, after))
    text = turn_text(game, rules, before, after, due)
    return post(game, f"turn:{game.pk}:{game.revision}", text) if text else []


def on_game_changed(sender, game: Game, rules, before, after, events, due, **kwargs) -> None:
    with transaction.atomic():  # a savepoint: a failure undoes only the messages
        after_order(game, rules, before, after, due)


def has_webhooks():
    """Whether the game (the order path's locked row) has an active webhook."""
    return Exists(Webhook.objects.filter(game=OuterRef("pk"), active=True))


def connect() -> None:
    play_signals.changed.connect(on_game_changed, dispatch_uid="feeds.game_changed")
    play_hooks.read_with_lock("has_webhooks", has_webhooks)
