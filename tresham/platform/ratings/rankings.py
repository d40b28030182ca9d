"""What the site shows of the rankings: relative ranks only, never a score (SITE-RANK-02);
each side's average finishing place (SITE-RANK-01); reliability in words; the Recommended
Game and the open games by closeness of skill (SITE-REC-01..03)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from django.db.models import Count, Q, QuerySet

from ..play import hooks
from ..play.models import Game, Tenure
from .compute import initial
from .models import Rating

PERSON = Rating.Subject.PERSON
BOT = Rating.Subject.BOT


@dataclass(frozen=True)
class Ranked:
    rank: int  # 1 = best; equal skills share a rank
    user_id: int | None  # None: a level of the game's bot
    games: int
    bot: str = ""  # the bot level's key ("heuristic"), "" for a person


def ranked_subjects() -> "QuerySet":
    """Who is ranked: people with an account, and each level of the game's bot (SITE-BOT-04)."""
    return Rating.objects.filter(Q(subject=PERSON, user__isnull=False) | Q(subject=BOT))


def ranking(kind: str) -> list[Ranked]:
    """Everyone rated in ``kind``, people and each bot level alike (SITE-BOT-04), best first
    (by mu - 3 sigma, the model's conservative skill)."""
    rows = list(ranked_subjects().filter(kind=kind).order_by("-ordinal", "subject", "user_id", "key")
                .values_list("subject", "key", "user_id", "ordinal", "games"))
    out, rank, last = [], 0, None
    for i, (subject, key, uid, ordinal, games) in enumerate(rows, start=1):
        if ordinal != last:
            rank, last = i, ordinal
        out.append(Ranked(rank, uid, games, key if subject == BOT else ""))
    return out


def rank_of(user, kind: str) -> tuple[int, int] | None:
    """(rank, of how many) of ``user`` in the ranking of ``kind`` (bot levels among them, as the
    rankings page lists them), None if he has no rated game."""
    mine = Rating.objects.filter(kind=kind, subject=PERSON, user=user).first()
    if mine is None:
        return None
    everyone = ranked_subjects().filter(kind=kind)
    return everyone.filter(ordinal__gt=mine.ordinal).count() + 1, everyone.count()


@dataclass(frozen=True)
class SidePlace:
    name: str
    games: int
    average_place: float


def sides(kind: str) -> list[SidePlace]:
    """Each side's (nation's) average finishing place over the rated games, best first."""
    rows = Rating.objects.filter(kind=kind, subject=Rating.Subject.SIDE, games__gt=0)
    out = [SidePlace(r.key, r.games, r.place_sum / r.games) for r in rows]
    return sorted(out, key=lambda s: (s.average_place, s.name))


def skills(user_ids: Iterable[int], kind: str) -> dict[int, float]:
    """The internal skill (mu) of each of ``user_ids`` who has one: for closeness, never shown."""
    return dict(Rating.objects.filter(kind=kind, subject=PERSON, user_id__in=list(user_ids))
                .values_list("user_id", "mu"))


# ---- reliability ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reliability:
    words: str
    games: int  # games he held a seat in (his own, ended or not)
    left: int  # of those, games he quit or was removed from
    missed: int  # deadlines he let pass


def reliabilities(user_ids: Iterable[int]) -> dict[int, Reliability]:
    """For each user, his record in words: from the games he held a seat in, the deadlines he
    missed (the clock's, through ``play.hooks``) and the games he quit or was removed from
    (``Tenure``)."""
    ids = list(set(user_ids))
    games = dict(Tenure.objects.filter(user_id__in=ids).values("user_id")
                 .annotate(n=Count("game_id", distinct=True)).values_list("user_id", "n"))
    left = dict(Tenure.objects.filter(user_id__in=ids, ended__in=(Tenure.End.QUIT, Tenure.End.REMOVED))
                .values("user_id").annotate(n=Count("game_id", distinct=True)).values_list("user_id", "n"))
    missed = hooks.clock().missed(ids)
    return {uid: reliability_words(games.get(uid, 0), left.get(uid, 0), missed.get(uid, 0)) for uid in ids}


def reliability_words(games: int, left: int, missed: int) -> Reliability:
    """The words for a record: new, then how often deadlines pass without him, then quits."""
    if games == 0:
        words = "new player"
    else:
        per_game = missed / games
        words = ("plays every turn" if missed == 0 else
                 "misses some deadlines" if per_game <= 2 else "often misses deadlines")
        if left:
            words += f"; left {left} of {games} games"
    return Reliability(words, games, left, missed)


def reliability_of(user) -> Reliability:
    return reliabilities([user.pk])[user.pk]


# ---- the recommended game ---------------------------------------------------------------------
def by_closeness(user, games: list[Game], kind_of=lambda g: g.kind) -> list[Game]:
    """Open games ordered by how close their seated players' average skill is to ``user``'s
    (SITE-REC-01/02), closest first; games whose players have no rating count as the model's
    starting skill, like a newcomer. Ties keep the given order (newest first)."""
    start = initial().mu
    people = {s.user_id for g in games for s in g.seats.all() if s.user_id}
    uid = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    mine_by_kind: dict[str, float] = {}

    def mine(kind: str) -> float:
        if kind not in mine_by_kind:
            mine_by_kind[kind] = skills([uid], kind).get(uid, start) if uid else start
        return mine_by_kind[kind]

    cache: dict[str, dict[int, float]] = {}

    def distance(g: Game) -> float:
        kind = kind_of(g)
        if kind not in cache:
            cache[kind] = skills(people, kind)
        held = [cache[kind].get(s.user_id, start) for s in g.seats.all() if s.user_id and s.user_id != uid]
        avg = sum(held) / len(held) if held else start
        return abs(avg - mine(kind))

    return sorted(games, key=distance)
