"""One game as the lobby shows it: its options in words (visible to all, SITE-CREATE-15), its
seats, whether the viewer may join, and -- once initial placement is complete -- its public
standing and where its map, its history and the game's own pages the lobby links are
(``Page.lobby``; SITE-LIST-04, -05)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import NoReverseMatch, reverse

from ...games.contract import Page
from ..play import options, services as play, visibility
from ..play.models import Game
from . import lists, seats, timelimits


@dataclass
class GameDetail:
    row: lists.GameRow
    title: str
    options: list[options.OptionLine]
    time_limit_label: str
    #: why the viewer cannot join (None: he can)
    join_problem: str | None
    #: the game's state may be shown: it has started and initial placement is complete
    shown: bool
    summary: list[dict[str, Any]] = field(default_factory=list)
    places: list[int] | None = None
    links: dict[str, str] = field(default_factory=dict)
    #: the site's words for the game's things (``Offers.words``)
    words: dict[str, Any] = field(default_factory=dict)
    #: what the public score is called (``GameRules.points_label``)
    points_label: str = "Points"
    #: the game's own pages the lobby links (``Page.lobby``) with their addresses, once its
    #: state may be shown
    pages: list[tuple[Page, str]] = field(default_factory=list)
    #: the levels of the game's bot the creator may give a seat to (SITE-BOT-05)
    bot_levels: list = field(default_factory=list)

    @property
    def game(self) -> Game:
        return self.row.game


def _link(name: str, pk: int) -> str | None:
    try:
        return reverse(name, args=[pk])
    except NoReverseMatch:
        return None


def game_detail(game: Game, user) -> GameDetail:
    """What the lobby shows of ``game`` to ``user`` (anyone, logged in or not)."""
    game = lists._with_seats(Game.objects.filter(pk=game.pk)).get()
    row = lists.rows([game], user)[0]
    rules = play.rules_of(game)
    problem: str | None = "log in to join"
    if user is not None and user.is_authenticated:
        problem = seats.join_problem(game, user)
    shown = False
    d = GameDetail(row, rules.title, options.option_lines(game), timelimits.label(game.time_limit), problem, shown,
                   words=rules.offers.words, points_label=rules.points_label, bot_levels=list(rules.offers.bots))
    if row.your_seat is not None:  # his own game: its page is his whatever its stage
        d.links = {k: v for k, v in (("game", _link("play:game", game.pk)),) if v}
    if game.state:
        state = rules.loads(game.state)
        d.shown = visibility.sees_game(game, rules, state, row.your_seat)  # SITE-SAFE-04
        if d.shown:
            d.summary = [{"seat": r.seat, "name": r.name, "points": r.points, "columns": r.columns}
                         for r in rules.summary(state)]
            d.places = rules.result(state)
            named = [("game", "play:game"), ("history", "play:history")]
            named += [(p.name, p.url) for p in rules.offers.pages if p.lobby]  # the game's own, for the lobby
            for key, name in named:
                url = _link(name, game.pk)
                if url:
                    d.links[key] = url
            d.pages = [(p, d.links[p.name]) for p in rules.offers.pages if p.lobby and p.name in d.links]
            d.links["api_game"] = f"/api/games/{game.pk}"
            d.links["api_history"] = f"/api/games/{game.pk}/history"
    return d
