"""The game lists (SITE-LIST-01..05): Active, Open and Completed, each in a fixed number of
queries whatever its length (seats, their players and the pick order come with the games)."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Exists, OuterRef, Prefetch, QuerySet
from django.urls import NoReverseMatch, reverse

from ...games import registry
from ..play import results
from ..play.models import Game, Seat
from . import meta, timelimits
from .models import PickOrder

TABS = ("active", "open", "completed")


@dataclass
class SeatRow:
    index: int
    name: str
    is_bot: bool
    open: bool
    you: bool
    pick_number: int | None
    bot_level: str | None = None  # a bot seat's level key (SITE-BOT-05)


@dataclass
class GameRow:
    """One line of a list: the game, its seats, and the viewer's own seat and pick number."""

    game: Game
    seats: list[SeatRow] = field(default_factory=list)
    your_seat: int | None = None
    pick_number: int | None = None
    #: a finished game's result and the viewer's place in it (the Completed tab, SITE-TABLE-14)
    result: results.Result | None = None
    your_place: str = ""

    @property
    def taken(self) -> int:
        return sum(1 for s in self.seats if not s.open)

    @property
    def free(self) -> int:
        return sum(1 for s in self.seats if s.open)

    @property
    def replacement(self) -> bool:
        """A running game with a seat awaiting a replacement (SITE-LIST-03)."""
        return self.game.status == Game.Status.ACTIVE and self.free > 0

    @property
    def title(self) -> str:
        """The game's title (``GameRules.title``), or its registry name if no longer offered."""
        try:
            return registry.get(self.game.kind).title
        except registry.UnknownGame:
            return self.game.kind

    @property
    def time_limit_label(self) -> str:
        return timelimits.label(self.game.time_limit)

    @property
    def url(self) -> str:
        """Where its name leads: a game the viewer plays or played, once started, opens the
        game itself (SITE-GEN-03, SITE-LIST-02/05: Active and Completed); a game still
        waiting for players, and any game of the Open list, its lobby page (seats, options,
        join, SITE-LIST-04)."""
        if self.your_seat is not None and self.game.status != Game.Status.OPEN:
            try:
                return reverse("play:game", args=[self.game.pk])
            except NoReverseMatch:
                pass
        return reverse("lobby:game", args=[self.game.pk])


def _with_seats(qs: QuerySet) -> QuerySet:
    seats = Seat.objects.select_related("user__profile").order_by("index")
    return qs.select_related("pick_order").prefetch_related(Prefetch("seats", queryset=seats))


def rows(games: QuerySet | list[Game], user) -> list[GameRow]:
    """The games as list lines for ``user`` (games fetched by :func:`_with_seats`)."""
    out = []
    uid = user.pk if user is not None and user.is_authenticated else None
    for g in games:
        order: PickOrder | None = getattr(g, "pick_order", None)
        row = GameRow(g)
        for s in g.seats.all():
            n = order.number(s.index) if order is not None else None
            is_open = s.status == Seat.Status.OPEN
            you = uid is not None and s.user_id == uid
            row.seats.append(SeatRow(s.index, "(open seat)" if is_open and s.user_id is None else s.label,
                                     s.is_bot, is_open, you, n, s.level.key if s.level is not None else None))
            if you:
                row.your_seat, row.pick_number = s.index, n
        out.append(row)
    return out


def add_results(rows: list[GameRow]) -> None:
    """Each finished game's result, and the viewer's place in it (SITE-TABLE-14): from its final
    state, read once per game (a game no longer offered, or unreadable, keeps none)."""
    for row in rows:
        g = row.game
        if not g.is_finished or not g.state:
            continue
        try:
            rules = registry.get(g.kind)
            state = rules.loads(g.state)
        except (registry.UnknownGame, ValueError):
            continue
        row.result = results.result_of(g, rules, state, results.seat_players(g))
        row.your_place = row.result.your_place(row.your_seat) if row.result is not None else ""


def active(user) -> QuerySet:
    """Games ``user`` plays in that are not over, waiting ones included (SITE-LIST-02,
    SITE-QUEUE-05), most recently changed first."""
    mine = Seat.objects.filter(game=OuterRef("pk"), user=user, status=Seat.Status.PLAYING)
    qs = Game.objects.filter(status__in=meta.LIVE).filter(Exists(mine)).order_by("-updated_at", "-pk")
    return _with_seats(qs)


def open_games(user, blocked: list[int] | None = None) -> QuerySet:
    """Games waiting for players -- new ones and running ones with a seat awaiting a
    replacement (SITE-LIST-03) -- that ``user`` could join: not his own, and none with a
    player he is blocked with (SITE-META-03). Newest first."""
    free = Seat.objects.filter(game=OuterRef("pk"), status=Seat.Status.OPEN, user__isnull=True, is_bot=False)
    qs = Game.objects.filter(status__in=meta.LIVE).filter(Exists(free))
    if user is not None and user.is_authenticated:
        qs = qs.exclude(Exists(Seat.objects.filter(game=OuterRef("pk"), user=user)))
        blocked = meta.blocked_ids(user) if blocked is None else blocked
        if blocked:
            qs = qs.exclude(Exists(Seat.objects.filter(game=OuterRef("pk"), user_id__in=blocked,
                                                       status=Seat.Status.PLAYING)))
    return _with_seats(qs.order_by("-created_at", "-pk"))


def completed(user) -> QuerySet:
    """Finished games ``user`` played to the end (SITE-LIST-05), latest first."""
    mine = Seat.objects.filter(game=OuterRef("pk"), user=user, status=Seat.Status.PLAYING)
    qs = Game.objects.filter(status=Game.Status.FINISHED).filter(Exists(mine)).order_by("-finished_at", "-pk")
    return _with_seats(qs)
