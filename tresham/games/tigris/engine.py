"""``TigrisEuphrates``: the :class:`tresham.games.base.GameRules` the platform sees.

Options (docs/tigris.md): ``players`` 2..4, ``board`` "base"|"advanced" (TE-ADVB),
``buildings`` (TE-BLD), ``english`` (TE-ENG), ``wonder`` (TE-WON), ``open_scoring``
(TE-Z-09). The three additions are accepted and stored; their rules hook into
``rules/turn.py`` (buildings, then wonder, after a tile's conflicts) and ``rules/commit.py``
(``allowed_counts``) and are another module's job.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from ..base import (Decision, Event, IllegalOrder, MailEvent, OptionChoice, OptionField,
                    SeatSummary, Table, Timer)
from .board import name as sqname
from .orders import from_json, is_platform_order, json_schema
from .rules.common import who
from .rules.end import over_rule, places, score_vector
from .rules.turn import ACCEPTS, decider, default_order, handle
from .state import COLOURS, DYNASTIES, LEADER_NAMES, TILE_NAMES, TEState, new_state

OPTION_DEFAULTS = {"players": 2, "board": "base", "buildings": False, "english": False,
                   "wonder": False, "open_scoring": False}


def parse_options(raw: Any) -> dict:
    """The options in normal form, or IllegalOrder naming the wrong one."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise IllegalOrder("", "the options are a JSON object")
    for k in raw:
        if k not in OPTION_DEFAULTS:
            raise IllegalOrder("", f"unknown option {k!r}; the options are {', '.join(OPTION_DEFAULTS)}")
    out = {**OPTION_DEFAULTS, **raw}
    p = out["players"]
    if type(p) is not int or not 2 <= p <= 4:
        raise IllegalOrder("TE-BASE-01", f"option 'players': 2 to 4 players, not {p!r}")
    if out["board"] not in ("base", "advanced"):
        raise IllegalOrder("TE-ADVB-01", f"option 'board': \"base\" or \"advanced\", not {out['board']!r}")
    for k in ("buildings", "english", "wonder", "open_scoring"):
        if type(out[k]) is not bool:
            raise IllegalOrder("", f"option {k!r}: true or false, not {out[k]!r}")
    return out


def new_game(options: dict | None = None, seed: int | str = 0) -> TEState:
    return new_state(parse_options(options), seed)


def apply_in_place(s: TEState, order: dict, *, platform: bool = False) -> list[Event]:
    """Apply ``order`` to ``s`` itself; rules check before they change anything, but only
    :func:`apply` promises an untouched state on refusal."""
    o = from_json(order, platform=platform)
    if s.finished:
        raise IllegalOrder(over_rule(s), "the game is over")
    if o.player >= s.players:
        raise IllegalOrder("TE-BASE-01", f"there is no seat {o.player} in a {s.players}-player game")
    ev: list[Event] = []
    if o.type == "timeout":
        if decider(s) != o.player:
            raise IllegalOrder("TE-BASE-25", f"seat {o.player} owes nothing now, so nothing can time out")
        o = from_json(default_order(s))
        ev.append(Event(f"{who(o.player)}'s time ran out: the default applies", "timeout"))
    handle(s, o, ev)
    s.order_count += 1
    return ev


def apply(s: TEState, order: dict, *, platform: bool = False) -> tuple[TEState, list[Event]]:
    """Pure: the new state and its events; ``s`` is never changed."""
    new = s.copy()
    ev = apply_in_place(new, order, platform=platform)
    return new, ev


def replay(options: dict, seed: int | str, orders: Iterable[dict]) -> TEState:
    s = new_game(options, seed)
    for o in orders:
        apply_in_place(s, o, platform=True)
    return s


PROMPTS = {"action": "take an action (leader, tile, catastrophe, swap) or pass",
           "commit": "commit tiles to the conflict", "war_order": "choose the next war",
           "treasure": "choose the treasure to take", "monument": "build a monument or decline",
           "building": "place a building or decline", "wonder": "erect the wonder or decline",
           "wonder_point": "choose the colour of the wonder's point"}
DEFAULTS = {"action": "pass: the actions left are not taken", "commit": "commit nothing",
            "war_order": "the first colour at war in the order red, blue, green, black",
            "treasure": "the first eligible treasure in reading order",
            "monument": "decline", "building": "decline", "wonder": "decline",
            "wonder_point": "the weakest colour"}


def decision_options(s: TEState, private: bool = False) -> dict:
    """The current decision's options, a copy (changing it never changes ``s``).
    ``private``: for the decider's own eyes (his view): a commit's allowed counts, which
    tell his hand, only then."""
    return json.loads(json.dumps(_decision_options(s, private)))


def _decision_options(s: TEState, private: bool) -> dict:
    p = s.phase
    if p == "action":
        return {"actions_left": s.actions_left}
    if p == "commit":
        from .rules.commit import allowed_counts, side_to_commit

        side = side_to_commit(s)
        out = {"side": side, "colour": s.conflict["colour"]}
        if private:
            out["counts"] = allowed_counts(s, side)
        return out
    if p == "war_order":
        return {"colours": list(s.ctx["war_colours"])}
    if p == "treasure":
        return {"squares": s.ctx["treasure"]["squares"]}
    if p == "monument":
        return dict(s.ctx["monument"])
    return dict(s.ctx.get(p) or {}) if s.ctx else {}


def pending(s: TEState) -> list[Decision]:
    if s.finished:
        return []
    seat = decider(s)
    return [Decision(seat, s.phase, f"{who(seat)}: {PROMPTS.get(s.phase, s.phase)}",
                     default=DEFAULTS.get(s.phase, ""), options=decision_options(s))]


def stage_words(s: TEState) -> str:
    """Where the game stands: "Turn 3, bull", and the decision of a conflict or a monument
    when one is asked. The actions left are not in it (they are the view's ``actions_left``):
    the site names a decision by its stage, so a turn's two actions are one decision, with
    one deadline and one "your turn" mail (SITE-TIME-01)."""
    if s.finished:
        return "Game over"
    base = f"Turn {s.turn}, {who(s.active)}"
    if s.phase != "action":
        base += f", {s.phase.replace('_', ' ')}: {who(decider(s))}"
    return base


def view(s: TEState, seat: int | None) -> dict:
    from .view import view as _view

    pend = []
    for d in pending(s):
        j = d.to_json()
        j["options"] = decision_options(s, private=True) if d.player == seat else {}
        pend.append(j)
    return json.loads(json.dumps(_view(s, seat, pend)))  # a copy: it shares nothing with s


class TigrisEuphrates:
    """The platform's handle on Tigris & Euphrates (see ``tresham.games.base.GameRules``)."""

    name = "tigris"
    title = "Tigris & Euphrates"
    min_players = 2
    max_players = 4
    points_label = "Victory points"
    #: the site's words for this game's things (``GameRules.words``, ``base.WORDS``)
    words = {"side": "Dynasty", "place": "square", "hand": "Your tiles", "hand_empty": "You hold no tiles.",
             "turn_note": "The active player takes two actions, then refills his hand to six tiles; "
                          "a conflict, a monument or a treasure asks its players as it arises.",
             "help_commands": "Tigris & Euphrates needs no Reset or Done: every order you submit is complete.",
             "replay_note": "The game is over, so nothing in it is secret any more: here are the final scores "
                            "with the colours each player's treasures went to, and for every turn each "
                            "player's tiles when it began and when it ended, what he placed, committed to "
                            "conflicts, swapped away and drew, and his points by colour.",
             "replay_pending": "The replay of this game, with every player's tiles and points revealed, is "
                               "shown once the game is over. Until then each player's tiles and points stay "
                               "his own."}

    def pages(self) -> list[str]:
        """The replay page only: no trade, advances or A.S.T. (``GameRules.pages``)."""
        return ["replay"]

    def options_schema(self) -> dict:
        return {"type": "object", "additionalProperties": False, "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 2,
                        "description": "number of players (TE-BASE-01)"},
            "board": {"type": "string", "enum": ["base", "advanced"], "default": "base",
                      "description": "board side (TE-ADVB)"},
            "buildings": {"type": "boolean", "default": False, "description": "civilization buildings (TE-BLD)"},
            "english": {"type": "boolean", "default": False, "description": "English variant (TE-ENG)"},
            "wonder": {"type": "boolean", "default": False, "description": "the wonder (TE-WON)"},
            "open_scoring": {"type": "boolean", "default": False,
                             "description": "VP totals shown to everyone (TE-Z-09)"}}}

    def parse_options(self, raw: Any) -> dict:
        return parse_options(raw)

    def option_text(self, name: str, value: Any) -> str | None:
        return None

    def public_options(self, options: dict) -> dict:
        return dict(options)

    def order_schema(self) -> dict:
        return json_schema()

    def option_fields(self) -> list[OptionField]:
        return [
            OptionField("players", "Number of players",
                        choices=[OptionChoice(n, f"{n} players") for n in (2, 3, 4)]),
            OptionField("board", "Board side", "the base side (gold border) or the advanced side "
                        "(blue border, 14 treasures)",
                        choices=[OptionChoice("base", "Base board"), OptionChoice("advanced", "Advanced board")]),
            OptionField("buildings", "Civilization buildings", "palace, library, market hall, granary"),
            OptionField("english", "English variant", "commit tiles to a conflict only to win it"),
            OptionField("wonder", "Wonder", "a cross of five tiles may become the wonder"),
            OptionField("open_scoring", "Open scoring", "everyone sees every player's points"),
        ]

    def new_game(self, options: dict, seed: int | str) -> TEState:
        return new_game(options, seed)

    def apply(self, state: TEState, order: dict, *, platform: bool = False) -> tuple[TEState, list[Event]]:
        return apply(state, order, platform=platform)

    def pending(self, state: TEState) -> list[Decision]:
        return pending(state)

    def round(self, state: TEState) -> int:
        return max(1, state.turn)

    def standing_kinds(self) -> dict[str, str]:
        from .standing import KINDS; return dict(KINDS)  # noqa: E702

    def standing_kinds_for(self, options: dict) -> dict[str, str]:
        """The kinds of a game with these options: none of an addition it is played without."""
        from .standing import kinds_for; return kinds_for(options)  # noqa: E702

    def standing_order(self, state: TEState, player: int, kind: str, spec: Any) -> dict | None:
        from .standing import standing_order; return standing_order(state, player, kind, spec)  # noqa: E702

    def standing_schema(self) -> dict[str, dict]:
        from .standing import json_schemas; return dict(json_schemas())  # noqa: E702

    def parse_standing(self, kind: str, spec: Any) -> dict:
        from .standing import normal_form; return normal_form(kind, spec)  # noqa: E702

    def timers(self, state: TEState) -> list[Timer]:
        return []

    def accepts(self, state: TEState, player: int) -> list[str]:
        if state.finished or decider(state) != player:
            return []
        return list(ACCEPTS[state.phase])

    def default(self, state: TEState, player: int) -> dict:
        return {"type": "timeout", "player": player}

    def view(self, state: TEState, player: int | None) -> dict:
        return view(state, player)

    def finished(self, state: TEState) -> bool:
        return state.finished

    def result(self, state: TEState) -> list[int] | None:
        return places(state) if state.finished else None

    def summary(self, state: TEState) -> list[SeatSummary]:
        """Each seat, best first, with its score (weakest colour) once the game is over or with
        open scoring; otherwise in seat order with no public score (``points`` None: hidden
        scoring, TE-Z-09) and "hidden" in its columns."""
        show = state.finished or state.options.get("open_scoring")
        rows = []
        for seat in range(state.players):
            cols: dict[str, Any] = {"Treasures": state.collected[seat],
                                    "Catastrophes left": state.catastrophes_left[seat]}
            if show:
                vec = score_vector(state, seat)
                for c in COLOURS:
                    cols[c.capitalize()] = state.points[seat][c]
                cols["Score"] = vec[0]
                pts = vec[0]
            else:
                cols["Points"] = "hidden"
                pts = None
            rows.append((SeatSummary(seat, DYNASTIES[seat].capitalize(), pts, cols),
                         score_vector(state, seat) if show else ()))
        rows.sort(key=lambda x: (tuple(-v for v in x[1]), x[0].seat))
        return [r for r, _ in rows]

    def stage(self, state: TEState) -> str:
        return stage_words(state)

    def mail_events(self, state: TEState, events: list[Event]) -> list[MailEvent]:
        return []

    def pick_order(self, state: TEState) -> list[int] | None:
        return None

    def placement_done(self, state: TEState) -> bool:
        return True

    def board_table(self, view: dict) -> Table:
        rows = []
        for q in view.get("squares", []):
            at = sqname(tuple(q["at"]))
            tile = ""
            if q.get("catastrophe"):
                tile = "catastrophe"
            elif q.get("wonder"):
                tile = "the wonder"
            elif q.get("tile"):
                tile = TILE_NAMES[q["tile"]] + (" (face down)" if q.get("face_down") else "")
            ld = q.get("leader")
            rows.append([at, tile, f"{LEADER_NAMES[ld['colour']]} of {DYNASTIES[ld['owner']]}" if ld else "",
                         "yes" if q.get("treasure") else "", q.get("monument") or "",
                         q.get("building") or "", "yes" if q.get("unification") else ""])
        return Table("The board", ["Square", "Tile", "Leader", "Treasure", "Monument", "Building",
                                   "Unification"], rows)

    def hand(self, view: dict) -> list[str]:
        h = view.get("hand")
        if not h:
            return []
        return [f"{h[c]} {TILE_NAMES[c]}{'s' if h[c] != 1 else ''} ({c})" for c in COLOURS if h.get(c)]

    def public_messages(self, view: dict) -> list[tuple[int, str]]:
        return []

    def commands(self, state: TEState, player: int) -> dict[str, dict]:
        return {}

    def ast_page(self, state: TEState) -> dict | None:
        return None

    def advances_page(self, state: TEState, player: int | None) -> dict | None:
        return None

    def trade_page(self, state: TEState, player: int) -> dict | None:
        return None

    def replay_page(self, options: dict, seed: int | str, orders: list[dict]) -> dict | None:
        """Every hand and score of a finished game, turn by turn (``replay.py``)."""
        from .replay import replay_page; return replay_page(options, seed, orders)  # noqa: E702

    def replay_tables(self, data: dict, seats: dict[int, str]) -> list:
        """The replay page's sections of tables (``replay.py``)."""
        from .replay import replay_tables; return replay_tables(data, seats)  # noqa: E702

    def order_forms(self, state: TEState, player: int) -> list:
        from .forms import order_forms; return order_forms(state, player)  # noqa: E702

    def form_order(self, state: TEState, player: int, form_id: str, values: dict) -> dict:
        from .forms import form_order; return form_order(state, player, form_id, values)  # noqa: E702

    def variants(self) -> list[tuple[str, str]]:
        return []

    def reference(self, variant: str | None = None) -> dict | None:
        from .reference import reference; return reference(variant)  # noqa: E702

    def board_key(self, options: dict) -> str | None:
        """The base map's key (``svg.board_key``: the side, the board data, the drawing code)."""
        from . import svg

        return svg.board_key(options)

    def board_svg(self, options: dict) -> str | None:
        """The printed side of these options as SVG (``svg.board_svg``)."""
        from . import svg

        return svg.board_svg(options)

    def board_pieces(self, view: dict) -> dict | None:
        """The pieces of a seat's view over the base map (``svg.board_pieces``)."""
        from . import svg

        return svg.board_pieces(view)

    def board_legend(self, options: dict) -> list[str] | None:
        """The map's legend on the game page (``svg.board_legend``)."""
        from . import svg

        return svg.board_legend(options)

    def bot(self, state: TEState, seat: int, rng_seed: str) -> dict:
        from .bots import greedy_bot

        return greedy_bot(state, seat, rng_seed)

    def is_platform_order(self, order: dict) -> bool:
        return is_platform_order(order)

    def dumps(self, state: TEState) -> str:
        return state.dumps()

    def loads(self, text: str) -> TEState:
        return TEState.loads(text)

    def digest(self, state: TEState) -> str:
        return state.digest()
