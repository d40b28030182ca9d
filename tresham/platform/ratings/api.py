"""The rankings in JSON, under /api/rankings: ranks, names, games and reliability -- never a
score (SITE-RANK-02) -- and each side's average finishing place (SITE-RANK-01)."""
from __future__ import annotations

from dataclasses import asdict

from django.http import Http404, HttpRequest
from ninja import Field, Query, Router, Schema

from ...games import registry
from ..api_errors import ErrorOut
from . import shown

router = Router(tags=["rankings"])


class RankedOut(Schema):
    rank: int = Field(description="1 = best; equal skills share a rank")
    username: str | None = Field(description="null for a bot level")
    name: str = Field(description="the player's name; \"Bot: Heuristic\" for a level of the game's bot")
    games: int = Field(description="games rated")
    reliability: str = Field(description="his record in words: missed deadlines, games left")
    bot: bool = Field(False, description="a level of the game's bot, rated as a player of its own (SITE-BOT-04)")
    bot_level: str | None = Field(None, description="the bot level's key (GET /lobby/new-game's "
                                                    "kinds[].bot_levels); null for a person")


class SideOut(Schema):
    name: str
    games: int
    average_place: float = Field(description="1 = first")


class RankingsOut(Schema):
    kind: str
    title: str
    page: int
    pages: int
    total: int = Field(description="players ranked, each bot level among them")
    players: list[RankedOut]
    sides: list[SideOut]


@router.get("/rankings", response={200: RankingsOut, 404: ErrorOut}, auth=None, summary="A game's rankings, a page at a time")
def rankings(request: HttpRequest, kind: str | None = Query(None, max_length=40, description="the game "
                                                             "(a registry name); none: the site's first game"),
             page: int = Query(1, ge=1, le=1_000_000_000)):
    """The players of ``kind`` in rank order, 100 a page; only the order, never a score. Each
    game kind has its own ranking (a rating at one game says nothing of another)."""
    kind = kind or registry.default_name()
    if kind not in shown.kinds() and kind not in registry.names():
        raise Http404(f"no game is called {kind!r}")
    t = shown.table(kind, page)
    return {"kind": kind, "title": t.title, "page": t.page.number, "pages": t.page.paginator.num_pages,
            "total": t.total, "players": [{"rank": l.rank, "username": l.username, "name": l.name, "games": l.games,
                                           "reliability": l.reliability, "bot": l.bot_level is not None,
                                           "bot_level": l.bot_level} for l in t.lines],
            "sides": [asdict(s) for s in t.sides]}
