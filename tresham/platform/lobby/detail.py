"""One game as the lobby shows it: its options in words (visible to all, SITE-CREATE-15), its
seats, whether the viewer may join, and -- once initial placement is complete -- its public
standing and where its map, history and advances are (SITE-LIST-04, -05)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import NoReverseMatch, reverse

from ...games.base import pages_of, words_of
from ..play import services as play, visibility
from ..play.models import Game
from . import lists, services, timelimits


@dataclass
class OptionLine:
    name: str
    label: str
    value: Any
    text: str


@dataclass
class GameDetail:
    row: lists.GameRow
    title: str
    options: list[OptionLine]
    time_limit_label: str
    #: why the viewer cannot join (None: he can)
    join_problem: str | None
    #: the game's state may be shown: it has started and initial placement is complete
    shown: bool
    summary: list[dict[str, Any]] = field(default_factory=list)
    places: list[int] | None = None
    links: dict[str, str] = field(default_factory=dict)
    #: the site's words for the game's things (``base.words_of``)
    words: dict[str, Any] = field(default_factory=dict)
    #: what the public score is called (``GameRules.points_label``)
    points_label: str = "Points"

    @property
    def game(self) -> Game:
        return self.row.game


def option_lines(game: Game) -> list[OptionLine]:
    """The game's options in words, in the creation form's order, then any others."""
    rules = play.rules_of(game)
    props = rules.options_schema().get("properties", {})
    out, seen = [], set()
    for f in rules.option_fields():
        parent, dot, member = f.name.partition(".")
        if dot:  # a member of an object option (a variant's sub-option)
            if not isinstance(game.options.get(parent), dict) or member not in game.options[parent]:
                continue
            v = game.options[parent][member]
            seen.add(parent)
        elif f.name not in game.options:
            continue
        else:
            v = game.options[f.name]
        text = _words(v)
        for c in f.choices or []:
            if c.value == v:
                text = c.label
        out.append(OptionLine(f.name, f.label, v, text))
        seen.add(f.name)
    words = getattr(rules, "option_text", None)  # the rules' own wording of a value, if any
    for name, v in game.options.items():
        if name not in seen:
            text = (words(name, v) if words else None) or _words(v)
            if words and text != _words(v) and isinstance(v, (dict, list)):
                v = text  # a document (a prepared position) is summed up, never dumped
            out.append(OptionLine(name, props.get(name, {}).get("title", name), v, text))
    return out


def _words(v: Any) -> str:
    if v is True:
        return "Yes"
    if v is False:
        return "No"
    if v is None:
        return "None"
    return str(v)


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
        problem = services.join_problem(game, user)
    shown = False
    d = GameDetail(row, rules.title, option_lines(game), timelimits.label(game.time_limit), problem, shown,
                   words=words_of(rules), points_label=getattr(rules, "points_label", "Points"))
    if row.your_seat is not None:  # his own game: its page is his whatever its stage
        d.links = {k: v for k, v in (("game", _link("play:game", game.pk)),) if v}
    if game.state:
        state = rules.loads(game.state)
        d.shown = visibility.sees_game(game, rules, state, row.your_seat)  # SITE-SAFE-04
        if d.shown:
            d.summary = [{"seat": r.seat, "name": r.name, "points": r.points, "columns": r.columns}
                         for r in rules.summary(state)]
            d.places = rules.result(state)
            pages = pages_of(rules)
            for key, name in (("game", "play:game"), ("history", "play:history"), ("advances", "play:advances")):
                url = _link(name, game.pk) if key != "advances" or "advances" in pages else None
                if url:
                    d.links[key] = url
            d.links["api_game"] = f"/api/games/{game.pk}"
            d.links["api_history"] = f"/api/games/{game.pk}/history"
    return d
