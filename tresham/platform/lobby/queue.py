"""The player queue (SITE-QUEUE-01..09).

A player enters the queue with a range of acceptable time limits and two choices: new games
(on by default) and games in progress (off by default). One entry is one seat: once placed,
the entry records the game and he is out of the queue (he may enter again).

Placement happens
- when he enters the queue: a game that fits and has a free seat takes him at once
  (SITE-QUEUE-06) -- a running game's seat awaiting a replacement first when he accepts games
  in progress, then the new game closest to starting;
- when a game is created (SITE-QUEUE-02), and whenever a running game's seat opens (a quit or
  a removal -- the later issue calls :func:`fill_from_queue` there), queued players whose
  range fits are seated, longest waiting first.

Each placement is one transaction through ``seats.take_seat`` (game locked, then the
people in id order): a player is never placed twice, a seat never given twice, and the
same-opponent limit holds (SITE-QUEUE-09).
"""
from __future__ import annotations

from django.db import transaction
from django.db.models import Case, Count, Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, When
from django.db.models.functions import Coalesce
from django.utils import timezone

from ..play import services as play
from ..play.models import Game, Seat
from . import meta, seats, timelimits
from .models import QueueEntry


def waiting_entry(user) -> QueueEntry | None:
    """``user``'s entry waiting in the queue, if any."""
    return QueueEntry.objects.filter(user=user, game__isnull=True, left_at__isnull=True).first()


def check_range(min_limit: int | None, max_limit: int | None) -> None:
    """Refuse a range the site does not offer or that is upside down."""
    for what, v in (("minimum", min_limit), ("maximum", max_limit)):
        if not timelimits.is_offered(v):
            raise seats.BadRequest(f"the {what} time limit must be one of: "
                                      + ", ".join(label for _, label in timelimits.CHOICES))
    if timelimits.key(min_limit) > timelimits.key(max_limit):
        raise seats.BadRequest(f"the minimum time limit ({timelimits.label(min_limit)}) is longer than "
                                  f"the maximum ({timelimits.label(max_limit)})")


def enqueue(user, *, min_time_limit: int | None = timelimits.QUEUE_DEFAULT_MIN,
            max_time_limit: int | None = timelimits.QUEUE_DEFAULT_MAX, join_new: bool = True,
            join_in_progress: bool = False) -> QueueEntry:
    """"Add me to the player queue!" (SITE-QUEUE-04): enter the queue (or change the waiting
    entry's settings), then take a seat at once if a game fits (SITE-QUEUE-06). Gives the
    entry, refreshed: ``entry.game`` is set if he was placed."""
    check_range(min_time_limit, max_time_limit)
    if not (join_new or join_in_progress):
        raise seats.BadRequest("choose new games, games in progress, or both")
    with transaction.atomic():
        seats.lock_people([user.pk])
        entry = waiting_entry(user)
        if entry is None:
            entry = QueueEntry(user=user)
        entry.min_time_limit, entry.max_time_limit = min_time_limit, max_time_limit
        entry.join_new, entry.join_in_progress = join_new, join_in_progress
        entry.save()
    for game_id in candidate_games(entry):
        if place(entry.pk, game_id) is not None:
            break
    entry.refresh_from_db()
    return entry


def leave(user) -> bool:
    """Leave the queue; False if he was not waiting in it."""
    with transaction.atomic():
        seats.lock_people([user.pk])
        return bool(QueueEntry.objects.filter(user=user, game__isnull=True, left_at__isnull=True)
                    .update(left_at=timezone.now()))


def _fits(qs: QuerySet, time_limit_field: str, entry: QueueEntry) -> QuerySet:
    """Games of ``qs`` whose time limit lies in ``entry``'s range (None = longest)."""
    if entry.max_time_limit is None:
        timed = Q(**{f"{time_limit_field}__gte": entry.min_time_limit}) if entry.min_time_limit is not None else Q(pk__in=[])
        return qs.filter(Q(**{f"{time_limit_field}__isnull": True}) | timed)
    return qs.filter(**{f"{time_limit_field}__gte": entry.min_time_limit,
                        f"{time_limit_field}__lte": entry.max_time_limit})


def candidate_games(entry: QueueEntry) -> list[int]:
    """Ids of the games with a free seat that fit ``entry``, best first: seats awaiting a
    replacement (if he accepts games in progress), then new games, fullest and oldest first.
    Games where he sits or that hold someone he is blocked with are left out (the seat-taking
    transaction checks again)."""
    free = Seat.objects.filter(game=OuterRef("pk"), status=Seat.Status.OPEN, user__isnull=True, is_bot=False)
    mine = Seat.objects.filter(game=OuterRef("pk"), user_id=entry.user_id)
    blocked = meta.blocked_ids(entry.user)
    with_blocked = Seat.objects.filter(game=OuterRef("pk"), user_id__in=blocked, status=Seat.Status.PLAYING)
    statuses = ([Game.Status.ACTIVE] if entry.join_in_progress else []) + \
               ([Game.Status.OPEN] if entry.join_new else [])
    qs = Game.objects.filter(status__in=statuses).filter(Exists(free)).exclude(Exists(mine))
    if blocked:
        qs = qs.exclude(Exists(with_blocked))
    qs = _fits(qs, "time_limit", entry)
    taken = (Seat.objects.filter(game=OuterRef("pk"), status=Seat.Status.PLAYING)
             .values("game").annotate(n=Count("pk")).values("n")[:1])
    qs = qs.annotate(replacement=Case(When(status=Game.Status.ACTIVE, then=0), default=1),
                     n_taken=Coalesce(Subquery(taken, output_field=IntegerField()), 0))
    return list(qs.order_by("replacement", "-n_taken", "created_at", "pk").values_list("pk", flat=True))


def entries_for(game: Game) -> QuerySet:
    """Waiting entries that fit ``game`` (its time limit; new or in progress), longest
    waiting first."""
    qs = QueueEntry.objects.filter(game__isnull=True, left_at__isnull=True)
    qs = qs.filter(join_new=True) if game.status == Game.Status.OPEN else qs.filter(join_in_progress=True)
    tl = game.time_limit
    if tl is None:
        qs = qs.filter(max_time_limit__isnull=True)
    else:
        qs = qs.filter(min_time_limit__lte=tl).filter(Q(max_time_limit__isnull=True) | Q(max_time_limit__gte=tl))
    seated = Seat.objects.filter(game=game, user=OuterRef("user_id"))
    return qs.exclude(Exists(seated)).order_by("created_at", "pk")


def place(entry_id: int, game_id: int) -> Seat | None:
    """Seat the player of a waiting entry in a game, in one transaction; None (nothing
    changed) if the entry is no longer waiting, the game no longer fits or has no free seat,
    or a rule of the lobby refuses him."""
    try:
        with transaction.atomic():
            game = play.lock(game_id)
            if game.status == Game.Status.FINISHED:
                return None
            user_id = QueueEntry.objects.filter(pk=entry_id).values_list("user_id", flat=True).first()
            if user_id is None:
                return None
            # the player and everyone seated, in id order, before reading his entry again:
            # another placement of the same player holds his row until it commits, and then
            # we see his entry as placed
            seated = game.seats.filter(user__isnull=False).values_list("user_id", flat=True)
            seats.lock_people([user_id, *seated])
            entry = QueueEntry.objects.select_for_update().select_related("user").get(pk=entry_id)
            if not entry.waiting or not entry.accepts(game.time_limit):
                return None
            if (game.status == Game.Status.OPEN and not entry.join_new) or \
                    (game.status == Game.Status.ACTIVE and not entry.join_in_progress):
                return None
            seat = seats.take_seat(game, entry.user, via="queue")
            entry.game, entry.placed_at = game, timezone.now()
            entry.save(update_fields=["game", "placed_at"])
            return seat
    except (seats.LobbyError, meta.SameOpponentLimit):
        return None


def fill_from_queue(game_id: int) -> list[Seat]:
    """Seat queued players in ``game_id``'s free seats, longest waiting first (a new game,
    SITE-QUEUE-02; a running game's seat awaiting a replacement, SITE-QUEUE-03). Gives the
    seats filled."""
    filled: list[Seat] = []
    tried: set[int] = set()
    while True:
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status == Game.Status.FINISHED:
            return filled
        if not game.seats.filter(status=Seat.Status.OPEN, user__isnull=True, is_bot=False).exists():
            return filled
        entry = entries_for(game).exclude(pk__in=tried).first()
        if entry is None:
            return filled
        tried.add(entry.pk)
        seat = place(entry.pk, game_id)
        if seat is not None:
            filled.append(seat)
