"""Absent players: missed deadlines, removal, quitting, and seats nobody takes.

- :func:`missed` charges one missed deadline to the seat's holder (SITE-TIME-04) and removes
  him once he has missed ``min(site maximum, round, players)`` in a row (SITE-REMOVE-01/02);
  his own next order resets the run (``play.services.submit``).
- :func:`remove` and :func:`quit_seat` open the seat (SITE-QUIT-03, SITE-REMOVE-01): it
  shows in the Open list and the queue may fill it; until someone takes it its deadlines take
  the defaults without charging anyone (SZ-13), or a bot plays it if the creator chose so.
- :func:`depart_vacant_seat`: a seat left empty for ``TRESHAM_VACANT_SEAT_DAYS`` departs per
  15.6 (the game's ``depart`` order, a site order).

Every function runs inside a transaction holding the game's lock.
"""
from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Iterable

from django.conf import settings
from django.db import transaction
from django.db.models import Count
from django.utils import timezone

from ...games.contract import Event, IllegalOrder
from ..accounts.services import are_friends, friends_of, restriction
from ..errors import Refusal
from ..lobby import meta, seats
from ..lobby import queue as lobby_queue
from ..play import services
from ..play.models import EventRecord, Game, Seat, Tenure, display_name
from . import deadlines, signals
from .models import MissedOrder, StandingOrder

log = logging.getLogger(__name__)


def threshold(game: Game, rules, state, round_number: int | None = None) -> int:
    """Missed deadlines in a row that remove a player: min(site max, round, players), at
    least 1 (SITE-REMOVE-02). ``round_number``: the round of the deadline missed (default:
    the state's)."""
    rnd = rules.round(state) if round_number is None else round_number
    return deadlines.removal_threshold(settings.TRESHAM_REMOVAL_MAX, rnd, game.players)


def missed(game: Game, seat: Seat, decision: str, *, standing: bool, round_number: int | None = None) -> bool:
    """Charge one missed deadline to the seat's holder; gives True if it removed him. A
    standing order applied counts too: he was not there (the history says which it was).
    ``round_number``: the round the deadline fell in (the default order applied may have
    begun the next one); default: the game's current round."""
    if seat.user_id is None:
        return False
    MissedOrder.objects.create(user_id=seat.user_id, game=game, seat=seat.index, decision=decision,
                               standing=standing)
    seat.refresh_from_db(fields=["missed_in_a_row", "user"])
    if seat.user_id is None:
        return False
    seat.missed_in_a_row += 1
    seat.save(update_fields=["missed_in_a_row"])
    game.refresh_from_db()
    rules = services.rules_of(game)
    x = threshold(game, rules, rules.loads(game.state), round_number)
    if game.status == Game.Status.ACTIVE and seat.missed_in_a_row >= x:
        n = seat.missed_in_a_row
        remove(game, seat, why=f"missed {n} deadline{'s' if n != 1 else ''} in a row", missed=n)
        return True
    return False


def missed_counts(user_ids: Iterable[int]) -> dict[int, int]:
    """For each of these users who let any pass, the deadlines he let pass with the site's
    default applied in his stead (a standing order applied is not counted): his reliability
    on the pages (``ratings``, through ``play.hooks``)."""
    return dict(MissedOrder.objects.filter(user_id__in=list(user_ids), standing=False).values("user_id")
                .annotate(n=Count("pk")).values_list("user_id", "n"))


def _vacate(game: Game, seat: Seat, end: str, text: str, now: dt.datetime | None = None) -> int | None:
    """Open the seat of a game being played: its holder's tenure ends (``end``), his standing
    orders go, the history says ``text``, the game is rescheduled (the seat's deadlines now
    take the defaults, or a bot plays). Gives the ended tenure's id."""
    now = now or timezone.now()
    user = seat.user
    tenure = Tenure.objects.filter(game=game, seat=seat.index, user=user, ended_at__isnull=True).order_by("-pk").first()
    Tenure.objects.filter(game=game, seat=seat.index, user=user, ended_at__isnull=True).update(ended_at=now, ended=end)
    StandingOrder.objects.filter(game=game, seat=seat.index, user=user).delete()
    seat.user, seat.status, seat.vacant_since, seat.missed_in_a_row = None, Seat.Status.OPEN, now, 0
    seat.save(update_fields=["user", "status", "vacant_since", "missed_in_a_row"])
    _platform_event(game, text, "seat_opened", seat=seat.index)
    if game.bots_take_vacant_seats:
        _bot_takes_over(game, seat.index)
    services.reschedule(game, now)
    return tenure.pk if tenure is not None else None


def _bot_takes_over(game: Game, index: int) -> None:
    """The creator chose that a bot plays a seat its player left (SITE-BOT-05): the history
    says so, with the bot's level (the game's default) and the seat's name in the game: "A bot
    (Heuristic) takes over Babylon's seat, as it stands." It plays the seat as it is until
    someone takes it (``schedule.reschedule`` makes its decisions the bot's)."""
    rules = services.rules_of(game)
    level = rules.offers.bot_level()
    if level is None:
        return  # a game without a bot: its defaults play the seat, as for any vacant seat
    name = next((r.name for r in rules.summary(rules.loads(game.state)) if r.seat == index and r.name),
                None) if game.state else None
    where = f"{name}'s seat" if name else f"seat {index + 1}"
    _platform_event(game, f"A bot ({level.label}) takes over {where}, as it stands, until someone takes it.",
                    "bot_takes_over", seat=index, level=level.key)


def _leave_open_game(game: Game, seat: Seat) -> int | None:
    """Give up a seat of a game still waiting for players: the seat is free again and, as
    the game was never played, no tenure is kept (nothing for the rankings)."""
    tenure = Tenure.objects.filter(game=game, seat=seat.index, user=seat.user).order_by("-pk").first()
    Tenure.objects.filter(game=game, seat=seat.index, user=seat.user).delete()
    StandingOrder.objects.filter(game=game, seat=seat.index, user=seat.user).delete()
    seat.user, seat.status, seat.joined_at, seat.vacant_since, seat.missed_in_a_row = None, Seat.Status.OPEN, None, None, 0
    seat.save(update_fields=["user", "status", "joined_at", "vacant_since", "missed_in_a_row"])
    return tenure.pk if tenure is not None else None


def _platform_event(game: Game, text: str, kind: str, **data) -> None:
    """A public event of the site's own (not an order's) in the game's history, after the
    game's latest order."""
    n = EventRecord.objects.filter(game=game, seq=game.revision).count()
    EventRecord.objects.create(game=game, seq=game.revision, n=n, text=text, kind=kind, data=data)


def remove(game: Game, seat: Seat, *, why: str, missed: int | None = None) -> None:
    """Remove the seat's holder for absence (SITE-REMOVE-01): the seat opens as for a quit
    (SITE-QUIT-03); everyone, he too, is mailed."""
    user = seat.user
    name = display_name(user)
    ref = _vacate(game, seat, Tenure.End.REMOVED, f"{name} is removed from the game ({why}); the seat awaits a "
                  "replacement.")
    _mail_removed(game, seat.index, user, missed=missed, ref=ref)
    _after_vacancy(game, seat.index)


class NotAFriend(Refusal):
    status, code = 400, "bad_replacement"


def quit_seat(game: Game, user, *, replacement=None) -> Seat:
    """``user`` quits (SITE-QUIT-04): the seat passes to ``replacement`` -- one of his friends,
    not in the game, within the same-opponent limit (SITE-QUIT-02; ``lobby.seats.take_seat``
    checks the last two) -- who takes over the nation as it stands (SITE-QUIT-05), or opens
    to everyone: the Open list and the queue (SITE-QUIT-03). Every player is told: a line in
    the history and a mail. A game still waiting for players: his seat is simply free again.
    Call inside a transaction holding the game's lock; a refusal changes nothing."""
    if game.status == Game.Status.FINISHED:
        raise services.GameOver("the game is over: there is nothing to quit")
    seat = game.seats.select_for_update().filter(user=user, status=Seat.Status.PLAYING).first()
    if seat is None:
        raise services.NotYourSeat("you have no seat in this game")
    if replacement is not None:
        _check_replacement(user, replacement)
    index = seat.index
    name = display_name(user)
    if game.status == Game.Status.ACTIVE:
        ref = _vacate(game, seat, Tenure.End.QUIT,
                      f"{name} quits the game" + (f"; {display_name(replacement)} takes over." if replacement else
                                                  "; the seat awaits a replacement."))
    else:
        ref = _leave_open_game(game, seat)
    if replacement is not None:
        seats.take_seat(game, replacement, index=index, via="replacement")
    else:
        _after_vacancy(game, index)
    _mail_quit(game, index, user, replacement=replacement, ref=ref)
    seat.refresh_from_db()
    return seat


def _check_replacement(user, replacement) -> None:
    if replacement.pk == user.pk:
        raise NotAFriend("you cannot be your own replacement")
    if not are_friends(user, replacement):
        raise NotAFriend(f"{display_name(replacement)} is not your friend: a replacement must be one of your "
                         "friends")
    if not replacement.is_active or restriction(replacement):
        raise NotAFriend(f"{display_name(replacement)} cannot take a seat now")


def _after_vacancy(game: Game, index: int) -> None:
    """Once committed, offer the open seat to the queue (SITE-QUIT-03, SITE-QUEUE-03): each
    placement is its own transaction (``lobby.queue``). The quit or removal is committed
    whatever happens there."""
    gid = game.pk

    def fill() -> None:
        try:
            lobby_queue.fill_from_queue(gid)  # looked up on the module when the seat opens
        except Exception:  # logged; the seat stays in the Open list
            log.exception("offering the open seat %s of game %s to the queue failed", index + 1, gid)

    transaction.on_commit(fill)


# ---- mails (the mail app's receivers of .signals, in the caller's transaction) -------------------
def _mail_quit(game: Game, index: int, quitter, *, replacement, ref) -> None:
    signals.send(signals.player_quit, game=game, seat=index, quitter=quitter, replacement=replacement, ref=ref)


def _mail_removed(game: Game, index: int, removed, *, missed: int | None, ref) -> None:
    signals.send(signals.player_removed, game=game, seat=index, removed=removed, missed=missed, ref=ref)


def depart_vacant_seat(game: Game, rules, state, index: int, now: dt.datetime) -> None:
    """Nobody took the seat in time: its nation leaves the game (15.6) and the seat closes."""
    seat = game.seats.select_for_update().get(index=index)
    if seat.user_id is not None or seat.is_bot:
        return
    seat.vacant_since = None
    seat.status = Seat.Status.DEPARTED  # closed: nobody can take a departed nation's seat
    seat.save(update_fields=["vacant_since", "status"])
    try:
        services.submit(game.pk, {"type": "depart", "player": index}, seat=None, by_site=True,
                        reason="vacant seat", notes=[Event(f"Nobody took seat {index + 1} in "
                                                           f"{settings.TRESHAM_VACANT_SEAT_DAYS} days.",
                                                           "seat_departed")])
    except IllegalOrder:
        pass  # already departed (or no nation): nothing more to do


# ---- the quit page's facts and its one transaction ---------------------------------------------------
def quit_game(game_id: int, user, *, replacement=None) -> Seat:
    """The "Quit" button (SITE-QUIT-04): :func:`quit_seat` in its own transaction."""
    with transaction.atomic():
        game = services.lock(game_id)
        return quit_seat(game, user, replacement=replacement)


def quittable(user) -> list[Seat]:
    """The seats ``user`` may quit: every unfinished game he plays (SITE-QUIT-01), those being
    played first, then those waiting for players."""
    seats = (Seat.objects.filter(user=user, status=Seat.Status.PLAYING,
                                 game__status__in=[Game.Status.ACTIVE, Game.Status.OPEN])
             .select_related("game"))
    return sorted(seats, key=lambda s: (s.game.status != Game.Status.ACTIVE, s.game.name.lower(), s.game_id))


def replacement_choices(game: Game, user) -> list[tuple[object, str | None]]:
    """``user``'s friends as replacements in ``game`` (SITE-QUIT-02): each with why he could
    not take over (None: he can). Friends already in the game are left out."""
    seated = set(game.seats.filter(user__isnull=False).values_list("user_id", flat=True))
    others = [uid for uid in game.seats.filter(status=Seat.Status.PLAYING, user__isnull=False)
              .exclude(user=user).values_list("user_id", flat=True)]
    out: list[tuple[object, str | None]] = []
    friends = friends_of(user).select_related("profile")
    for f in sorted(friends, key=lambda u: display_name(u).lower()):
        if f.pk in seated:
            continue
        problem = None
        if not f.is_active or restriction(f):
            problem = "cannot take a seat now"
        elif others and any(n >= meta.LIMIT for n in meta.shared_counts(f, others).values()):
            problem = f"already plays {meta.LIMIT} unfinished games with one of its players"
        out.append((f, problem))
    return out
