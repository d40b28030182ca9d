"""What a game mail may say: the game's public facts, and for its recipient his own name, time
zone, seat and decisions -- never anything of another seat.

:class:`PublicFacts` holds what anybody in the game may know (its name, stage, players, the
public standings of ``rules.summary``, the seed's hash; the seed itself and the final places
once it is over); :func:`context_for` adds the recipient's own part. The recipient's decisions
are the rules' pending decisions *of his seat*, which his own ``view(state, seat)`` carries
too; nothing is taken from another seat's view or from the stored state. Times are shown in
the recipient's time zone (``profile.time_zone``).
"""
from __future__ import annotations

import datetime as dt
import zoneinfo
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings

from ...games import registry
from ..play import results
from ..play.models import Game, Seat, display_name


def site_link(path: str) -> str:
    """An absolute address on the site."""
    return settings.SITE_URL.rstrip("/") + path


def zone_of(user) -> zoneinfo.ZoneInfo:
    """The user's time zone (UTC if he has none, or an unknown one)."""
    name = getattr(getattr(user, "profile", None), "time_zone", "") or "UTC"
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def when(moment: dt.datetime | None, tz: zoneinfo.ZoneInfo) -> str:
    """A moment as the recipient reads it: "Monday 15 January 2024, 20:00 CET (Europe/Paris)"."""
    if moment is None:
        return ""
    local = moment.astimezone(tz)
    abbrev = local.tzname() or ""
    text = f"{local:%A} {local.day} {local:%B %Y, %H:%M} {abbrev}".rstrip()
    return text if abbrev == tz.key else f"{text} ({tz.key})"


@dataclass
class Standing:
    """One row of the public standings."""

    place: int | None
    name: str
    player: str
    points: int | None


@dataclass
class PublicFacts:
    """What every member of the game may know about it now."""

    game: Game
    rules: Any
    state: Any
    title: str
    url: str
    stage: str
    players: dict[int, str] = field(default_factory=dict)
    standings: list[Standing] = field(default_factory=list)
    points_label: str = "Points"
    finished: bool = False
    #: a finished game's result: places, points, the winner, the replay (SITE-TABLE-14)
    result: results.Result | None = None

    @classmethod
    def of(cls, game: Game, state=None) -> PublicFacts:
        """The facts of ``game`` (``state``: its current state, read from the game if None).
        The standings are given once the initial placement is over (before it the table has
        nothing to say)."""
        rules = registry.get(game.kind)
        if state is None and game.state:
            state = rules.loads(game.state)
        players = {s.index: _label(s) for s in game.seats_now()}
        standings = []
        if state is not None and rules.placement_done(state):
            rows = rules.summary(state)
            hidden = any(row.points is None for row in rows)  # secret scores: no places either
            for place, row in enumerate(rows, start=1):
                standings.append(Standing(None if hidden else place, row.name, players.get(row.seat, ""),
                                          None if row.points is None else int(row.points)))
        finished = state is not None and rules.finished(state)
        result = results.result_of(game, rules, state, results.seat_players(game)) if finished else None
        return cls(game=game, rules=rules, state=state, title=rules.title,
                   url=site_link(f"/games/{game.pk}/"), stage=(rules.stage(state) if state is not None else
                                                              game.get_status_display()),
                   players=players, standings=standings,
                   points_label=rules.points_label, finished=finished, result=result)

    def seat_of(self, user) -> int | None:
        """The seat ``user`` plays in the game, or None."""
        pk = getattr(user, "pk", user)
        return next((s.index for s in self.game.seats_now()
                     if s.user_id == pk and s.status == Seat.Status.PLAYING), None)

    def own_decisions(self, seat: int | None) -> list:
        """The decisions ``seat`` owes or may enter now: its own only."""
        if seat is None or self.state is None or self.finished:
            return []
        return [d for d in self.rules.pending(self.state) if d.player == seat]

    def places(self) -> list[tuple[int, str, str]]:
        """(place, seat's name in the game, player) of a finished game, best first."""
        if not self.finished:
            return []
        result = self.rules.result(self.state) or []
        names = {r.seat: r.name for r in self.rules.summary(self.state)}
        rows = [(place, names.get(seat, f"Seat {seat + 1}"), self.players.get(seat, ""))
                for seat, place in enumerate(result)]
        return sorted(rows, key=lambda r: (r[0], r[1]))

    def standings_text(self) -> str:
        """The public standings as lines of text (SITE-AST-04): "  1. Babylon (alice)  312"."""
        if not self.standings:
            return ""
        cells = [(f"{s.place}." if s.place is not None else "",
                  f"{s.name} ({s.player})" if s.player and s.player != s.name else s.name,
                  str(s.points) if s.points is not None else "hidden") for s in self.standings]
        wide = max(len(c[1]) for c in cells)
        return "\n".join(f"  {p:>3} {n.ljust(wide)}  {pts:>6}" for p, n, pts in cells)


def _label(seat: Seat) -> str:
    if seat.is_bot:
        return seat.bot_label
    if seat.user_id is None:
        return "(open seat)"
    return display_name(seat.user)


def context_for(facts: PublicFacts, user, *, times: dict[str, dt.datetime | None] | None = None) -> dict[str, Any]:
    """The template context of one recipient's mail: the public facts, his name, seat, time
    zone, his own decisions, and each of ``times`` (``{"deadline": ...}``) both as given and
    in his zone as text (``deadline_text``)."""
    tz = zone_of(user)
    seat = facts.seat_of(user)
    moments = {"deadline": None, **(times or {})}
    ctx = {
        "game": facts.game, "game_name": facts.game.name, "game_url": facts.url, "title": facts.title,
        "stage": facts.stage, "players": facts.players, "finished": facts.finished,
        "seed_sha256": facts.game.seed_sha256, "seed": facts.game.seed if facts.game.is_finished else "",
        "standings": facts.standings_text(), "points_label": facts.points_label,
        "places": facts.places(),
        "result": facts.result, "your_place": facts.result.your_place(seat) if facts.result else "",
        "replay_url": site_link(facts.result.replay_url) if facts.result and facts.result.replay_url else "",
        "recipient": display_name(user), "recipient_user": user, "seat": seat,
        "time_zone": tz.key, "decisions": facts.own_decisions(seat),
        "site_url": settings.SITE_URL.rstrip("/"),
    }
    for name, moment in moments.items():
        ctx[name], ctx[f"{name}_text"] = moment, when(moment, tz)
    return ctx
