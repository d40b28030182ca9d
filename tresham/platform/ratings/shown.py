"""What the pages and the API make of the rankings (:mod:`.rankings`): the ranking table of a game
kind a page at a time, the sides' average places, a user's rank on his profile, and the Open
list's Recommended Game and reliability words. Never a score: only ranks (SITE-RANK-02)."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.paginator import Page, Paginator

from ...games import registry
from ..play.models import display_name
from . import rankings
from .models import Rating

PER_PAGE = 100


def title_of(kind: str) -> str:
    try:
        return registry.get(kind).title
    except registry.UnknownGame:
        return kind


def kinds() -> list[str]:
    """The game kinds with rated players: the site's first game first, then the registry's
    order, then any kind rated once and no longer offered."""
    rated = set(rankings.ranked_subjects().values_list("kind", flat=True).distinct())
    offered = registry.names()
    first = registry.default_name()
    order = sorted(rated, key=lambda k: (k != first, k not in offered, offered.index(k) if k in offered else 0, k))
    return order


@dataclass
class Line:
    rank: int
    user_id: int | None  # None: a level of the game's bot
    username: str | None
    name: str  # a person's display name; "Bot: Heuristic" for a bot level (SITE-BOT-04)
    games: int
    reliability: str
    bot_level: str | None = None  # the bot level's key, None for a person


def bot_name(kind: str, key: str) -> str:
    """A bot level as the rankings name it: "Bot: Heuristic" (the game's ``Offers.bots``);
    "Bot" for the bot rated before levels, "Bot: <key>" for a level no longer offered."""
    if key == "bot":
        return "Bot"
    try:
        level = registry.get(kind).offers.bot_level(key)
    except registry.UnknownGame:
        level = None
    return f"Bot: {level.label if level is not None else key}"


@dataclass
class Table:
    kind: str
    title: str
    page: Page
    lines: list[Line]
    sides: list[rankings.SidePlace] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.page.paginator.count


def table(kind: str, page_number=None, per_page: int | None = None) -> Table:
    """One page of ``kind``'s ranking with names and reliability, and the sides' places:
    a fixed number of queries whatever the page."""
    page = Paginator(rankings.ranking(kind), per_page or PER_PAGE).get_page(page_number)
    ranked: list[rankings.Ranked] = list(page.object_list)
    ids = [r.user_id for r in ranked if r.user_id is not None]
    users = get_user_model().objects.filter(pk__in=ids).select_related("profile").in_bulk()
    words = rankings.reliabilities(ids)
    lines = []
    for r in ranked:
        if r.bot:
            lines.append(Line(r.rank, None, None, bot_name(kind, r.bot), r.games, "computer player", r.bot))
        elif r.user_id in users:
            u = users[r.user_id]
            lines.append(Line(r.rank, r.user_id, u.username, display_name(u), r.games, words[r.user_id].words))
    return Table(kind, title_of(kind), page, lines, rankings.sides(kind))


@dataclass
class RankLine:
    title: str
    rank: int
    of: int


def ranks_of(user) -> list[RankLine]:
    """``user``'s rank in every kind he is rated in ("Rank 12 of 340 in ...")."""
    out = []
    for kind in kinds():
        got = rankings.rank_of(user, kind)
        if got is not None:
            out.append(RankLine(title_of(kind), *got))
    return out


# ---- the Open list ----------------------------------------------------------------------------
def recommend(user, games: list) -> tuple[object | None, list]:
    """(the Recommended Game, the other games): for a logged-in user the open games by
    closeness of their players' skill to his, the closest apart (SITE-REC-01/02); for a
    visitor no recommendation and the games as given (newest first). ``games`` are the Open
    list's (``lobby.lists.open_games``): games hidden by the same-opponent limit are not
    among them and so never recommended (SITE-REC-03)."""
    games = list(games)
    if not getattr(user, "is_authenticated", False) or not games:
        return None, games
    ordered = rankings.by_closeness(user, games)
    return ordered[0], ordered[1:]


def add_reliability(rows, games) -> None:
    """Give each seated player's seat of the list ``rows`` (``lobby.lists.rows`` of ``games``,
    whose seats are fetched with them) his reliability in words, ``seat.reliability`` (None
    for an open seat or the bot): one set of queries for the whole list."""
    holder = {(g.pk, s.index): s.user_id for g in games for s in g.seats.all()}
    for r in rows:
        for s in r.seats:
            uid = holder.get((r.game.pk, s.index))
            s.reliability = uid if uid and not s.open and not s.is_bot else None
    words = rankings.reliabilities({s.reliability for r in rows for s in r.seats if s.reliability})
    for r in rows:
        for s in r.seats:
            s.reliability = words[s.reliability].words if s.reliability else None
