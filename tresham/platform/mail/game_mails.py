"""The game mails, one function each, called inside the transaction of the change they
report (a pause, a quit, a removal, an order's events and the turns it begins, the end of a
game, a seat taken): by the receivers of the lobby's, the clock's and the order path's
signals (:mod:`.receivers`).

Each mail is rendered per recipient from the game's public facts and his own seat only
(:mod:`.render`) and ends, where the initial placement is over, with the public standings
(their public score, SITE-AST-04 / SITE-EMAIL-05). Each one's key names what it reports, so
the same event enqueued twice (a retried transaction, a worker's second pass) mails once.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ...games import registry
from ...games.contract import Event
from ..clock import shown
from ..clock.models import Due
from ..play.models import Game, Seat, display_name
from . import attention
from .models import Outbox
from .outbox import enqueue_for_game


def members(game: Game, *, without: Iterable = ()) -> list:
    """The people seated in ``game`` (not its bots), by seat, less ``without`` (users or ids)."""
    skip = {getattr(u, "pk", u) for u in without if u is not None}
    return [s.user for s in game.seats_now()
            if s.user_id is not None and s.status == Seat.Status.PLAYING and s.user_id not in skip]


def _name(user) -> str:
    return display_name(user) if user is not None else "the bot"


# ---- the clock's mails ------------------------------------------------------------------------
def your_turn(game: Game, seat: int, *, deadline: dt.datetime | None, revision: int | None = None,
              state=None, decisions: list[tuple[str, str]] | None = None) -> list[Outbox]:
    """"It is your turn" to the player of ``seat``: his own decisions, his ``deadline`` in his
    own time zone (None: no time limit) and the standings (SITE-EMAIL-06, SITE-AST-04), for
    ``decisions`` ((clock key, kind) each; None: every one his seat owes now). At most one
    mail per decision, none for one his standing order answers, those opening together in
    one mail, sent after a short wait and only if still owed then (``attention``,
    SITE-NOTIFY-01)."""
    if decisions is None:
        rules = registry.get(game.kind)
        state = state if state is not None else (rules.loads(game.state) if game.state else None)
        if state is None:
            return []
        decisions = [(key, kind) for key, _, kind in attention.owed(rules, state, seat)]
    return attention.turn_mail(game, seat, decisions, deadline=deadline, state=state, revision=revision)


def pause_started(game: Game, pause_id: int | str, *, by=None, starts: dt.datetime | None = None,
                  until: dt.datetime | None = None, reason: str = "") -> list[Outbox]:
    """A pause of the game is asked for (SITE-PAUSE-01): to every player, with its first and
    last moment in his own time zone and the reason its requester gave."""
    return enqueue_for_game(game, "pause_started", members(game), f"pause:{game.pk}:{pause_id}:start:{{user}}",
                            times={"starts": starts, "until": until},
                            context={"by": _name(by) if by is not None else "", "reason": reason})


def pause_removed(game: Game, pause_id: int | str, *, by=None, ends_at: dt.datetime | None = None) -> list[Outbox]:
    """A pause is removed (SITE-PAUSE-05): to every player, with when it stops being in force
    (``ends_at``: 24 hours on, SITE-PAUSE-06; None: at once) in his own time zone."""
    return enqueue_for_game(game, "pause_removed", members(game), f"pause:{game.pk}:{pause_id}:end:{{user}}",
                            times={"ends_at": ends_at}, context={"by": _name(by) if by is not None else ""})


def player_quit(game: Game, seat: int, quitter, *, replacement=None, ref: int | str | None = None) -> list[Outbox]:
    """``quitter`` left seat ``seat``: every other player is told (SITE-QUIT-04, SITE-EMAIL-04),
    with his replacement if he named one. ``ref``: what tells this quit from another of the
    same seat (default: the game's revision)."""
    ref = game.revision if ref is None else ref
    nation = _seat_name(game, seat)
    return enqueue_for_game(game, "quit", members(game, without=[quitter, replacement]) +
                            ([replacement] if replacement is not None else []),
                            f"quit:{game.pk}:{seat}:{getattr(quitter, 'pk', quitter)}:{ref}:{{user}}",
                            context={"quitter": _name(quitter), "seat_name": nation, "seat_number": seat + 1,
                                     "replacement": _name(replacement) if replacement is not None else "",
                                     "replacement_user": replacement})


def player_removed(game: Game, seat: int, removed, *, missed: int | None = None,
                   ref: int | str | None = None) -> list[Outbox]:
    """``removed`` was taken out of seat ``seat`` for missed deadlines: every player is told,
    and so is he."""
    ref = game.revision if ref is None else ref
    return enqueue_for_game(game, "removed", members(game, without=[removed]) + [removed],
                            f"removed:{game.pk}:{seat}:{getattr(removed, 'pk', removed)}:{ref}:{{user}}",
                            context={"removed": _name(removed), "removed_user": removed, "missed": missed,
                                     "seat_name": _seat_name(game, seat), "seat_number": seat + 1})


def game_over(game: Game, state=None) -> list[Outbox]:
    """The game is over: to every player, the final places, the standings and the seed with its
    hash, published at the start, so anyone can check the dice (the seed is public now)."""
    return enqueue_for_game(game, "game_over", members(game), f"over:{game.pk}:{{user}}", state=state)


def _seat_name(game: Game, seat: int) -> str:
    """The seat's name in the game (its nation), from the public standings; "" before there is one."""
    if game.state:
        rules = registry.get(game.kind)
        state = rules.loads(game.state)
        if rules.placement_done(state):
            for row in rules.summary(state):
                if row.seat == seat:
                    return row.name
    return ""


# ---- the order path's mails ---------------------------------------------------------------------
def mails_for_events(game: Game, seq: int, events: list[Event], state=None) -> list[Outbox]:
    """The mails the public events of order ``seq`` call for, as the game's rules say
    (``Offers.mail``; e.g. a trade's public message to every player but the two traders,
    unless the game's option disables it: SITE-TRADE-13, SITE-EMAIL-03). ``state``: the state
    after the order (default: the game's). A game that mails no events gives []. Call it in
    the order's transaction."""
    rules = registry.get(game.kind)
    if rules.offers.mail is None:
        return []
    if state is None:
        state = rules.loads(game.state)
    rows = []
    index = {id(e): n for n, e in enumerate(events)}
    for m in rules.offers.mail(state, events):
        if m.event.to is not None:
            continue  # only a public event is ever mailed
        n = index.get(id(m.event))
        if n is None:
            continue
        skip = {s.user_id for s in game.seats_now() if s.index in m.skip}
        rows += enqueue_for_game(game, "event", members(game, without=skip), f"event:{game.pk}:{seq}:{n}:{{user}}",
                                 state=state, context={"text": m.event.text, "title": m.title,
                                                       "event_kind": m.event.kind})
    return rows


# ---- after each accepted order (play.signals.changed) -----------------------------------------
def after_order(game: Game, rules, before, after, events: list[Event], due) -> list[Outbox]:
    """The mails an accepted order (or the deal, ``before`` None) calls for, in its
    transaction: the events' mails (:func:`mails_for_events`); "it is your turn" to each
    player who now owes a decision he did not owe before (SITE-EMAIL-06), with his own
    deadline from the clock's ``due`` rows (the market's cutoff when the game's timers end
    his decision, none without a time limit); the game over mail when it ends."""
    rows: list[Outbox] = []
    if events:
        rows += mails_for_events(game, game.revision, events, after)
    if rules.finished(after):
        return rows + game_over(game, after)
    owed = _owed(rules, after) - (_owed(rules, before) if before is not None else set())
    seats = {seat for _, seat, _ in owed}
    if not seats:
        return rows
    humans = {s.index for s in game.seats_now()
              if s.index in seats and s.user_id is not None and s.status == Seat.Status.PLAYING and not s.is_bot}
    for seat in sorted(humans):  # noted here, made mails by the worker (attention.open_notices)
        attention.note(game, seat, sorted((key, kind) for key, s, kind in owed if s == seat))
    return rows


def seat_taken_over(game: Game, seat: int, user) -> list[Outbox]:
    """``user`` took over seat ``seat`` of a game being played (a replacement, SITE-QUIT-05):
    if the seat owes a decision now, he is told it is his turn, with his deadline."""
    if user is None or game.status != Game.Status.ACTIVE or not game.state:
        return []
    rules = registry.get(game.kind)
    state = rules.loads(game.state)
    if not any(d.player == seat and d.required for d in rules.pending(state)):
        return []
    return your_turn(game, seat, deadline=shown.seat_deadline(Due.objects.filter(game=game), seat), state=state)


def _owed(rules, state) -> set[tuple[str, int, str]]:
    """The decisions the game waits on, each as (its clock key, its seat, its kind)."""
    return set(attention.owed(rules, state))


# ---- the lobby's mails ----------------------------------------------------------------------------
def player_joined(game: Game, seat: int, user, via: str) -> list[Outbox]:
    """A new player took seat ``seat`` (``user`` None: the bot): every member seated before
    him is told (SITE-QUEUE-07, SITE-EMAIL-01) -- but a friend or a bot the creator seated is
    not news to the creator."""
    if via == "replacement":
        return []  # a quitter's named replacement: the quit's own mail tells everyone
    s = game.seats.filter(index=seat).first()
    if s is None or s.joined_at is None:
        return []
    before = game.seats.filter(user__isnull=False, status=Seat.Status.PLAYING, joined_at__lt=s.joined_at)
    without = [user] + ([game.creator_id] if via in ("friend", "bot") else [])
    skip = {getattr(u, "pk", u) for u in without if u is not None}
    recipients = [x.user for x in before.select_related("user__profile").order_by("index") if x.user_id not in skip]
    who = "the bot" if user is None else display_name(user)
    return enqueue_for_game(game, "joined", recipients, f"joined:{game.pk}:{seat}:{s.joined_at.timestamp():.6f}:{{user}}",
                            context={"joiner": who, "seat_number": seat + 1, "open_seats": _open_seats(game)})


def game_filled(game: Game) -> list[Outbox]:
    """Every seat is taken and the game starts (nation picking): every member is told
    (SITE-QUEUE-07, SITE-EMAIL-01)."""
    return enqueue_for_game(game, "filled", members(game), f"filled:{game.pk}:{{user}}")


def friend_added(game: Game, friend, by) -> list[Outbox]:
    """``by`` put his friend ``friend`` in his new game: the friend is told (SITE-CREATE-14,
    SITE-EMAIL-02)."""
    return enqueue_for_game(game, "friend_added", [friend], f"friend:{game.pk}:{getattr(by, 'pk', by)}:{{user}}",
                            context={"creator": _name(by), "open_seats": _open_seats(game)})


def _open_seats(game: Game) -> int:
    return game.seats.filter(status=Seat.Status.OPEN, user__isnull=True, is_bot=False).count()

