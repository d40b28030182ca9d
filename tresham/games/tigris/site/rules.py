"""``TigrisEuphrates``: the :class:`tresham.games.contract.GameRules` the platform sees, the site's
handle on the engine (``engine.py``) and on the site face beside it: the order forms
(``forms.py``), standing orders (``standing.py``), the help pages' text (``reference.py``),
the replay (``replay.py``) and the map (``svg.py``); the bots are the levels of ``bots/levels.py`` (the stronger bot of ``bots/strong.py`` first).
"""
from __future__ import annotations

from typing import Any

from ...contract import (Board, Decision, Event, Forms, IllegalOrder, MailCommands, Offers, OptionChoice, OptionField,
                         Reference, Replay, SeatSummary, Standing, Table, Timer)
from .. import engine
from ..board import name as sqname
from ..bots.levels import LEVELS as BOT_LEVELS, bot_default
from ..bots import strong_bot
from ..orders import is_site_order, json_schema
from ..rules.end import places, score_vector
from ..rules.turn import ACCEPTS, decider
from ..state import COLOURS, DYNASTIES, LEADER_NAMES, TILE_NAMES, TEState
from ..view import stage_words
from . import forms, mail_commands, reference, replay, standing, svg
from .preview import preview as site_preview


#: The site's words for this game's things (``Offers.words``, over ``contract.WORDS``).
WORDS = {"side": "Dynasty", "place": "square", "hand": "Your tiles", "hand_empty": "You hold no tiles.",
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


class TigrisEuphrates:
    """The platform's handle on Tigris & Euphrates (see ``tresham.games.contract.GameRules``)."""

    name = "tigris"
    title = "Tigris & Euphrates"
    min_players = 2
    max_players = 4
    points_label = "Victory points"

    def __init__(self) -> None:
        #: what the game offers beyond the core (``tresham.games.contract.Offers``): no pages of
        #: its own, the replay laid out in tables
        self.offers = Offers(
            words=WORDS,
            forms=Forms(self.order_forms, self.form_order),
            standing=Standing(self.standing_kinds, self.standing_order, self.standing_schema, self.parse_standing,
                              kinds_for=self.standing_kinds_for),
            board=Board(self.board_key, self.board_svg, self.board_pieces, legend=self.board_legend),
            reference=Reference(self.reference, self.variants),
            replay=Replay(self.replay_page, tables=self.replay_tables),
            bots=BOT_LEVELS, bot_default=bot_default, hand=self.hand, preview=self.preview, tools="tresham.games.tigris.tools.cli",
            mail_commands=MailCommands(mail_commands.order, mail_commands.help),
        )

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
        return engine.parse_options(raw)

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
        return engine.new_game(options, seed)

    def apply(self, state: TEState, order: dict, *, by_site: bool = False) -> tuple[TEState, list[Event]]:
        return engine.apply(state, order, by_site=by_site)

    def pending(self, state: TEState) -> list[Decision]:
        return engine.pending(state)

    def round(self, state: TEState) -> int:
        return max(1, state.turn)

    def standing_kinds(self) -> dict[str, str]:
        return dict(standing.KINDS)

    def standing_kinds_for(self, options: dict) -> dict[str, str]:
        """The kinds of a game with these options: none of an addition it is played without."""
        return standing.kinds_for(options)

    def standing_order(self, state: TEState, player: int, kind: str, spec: Any) -> dict | None:
        return standing.standing_order(state, player, kind, spec)

    def standing_schema(self) -> dict[str, dict]:
        return dict(standing.json_schemas())

    def parse_standing(self, kind: str, spec: Any) -> dict:
        return standing.normal_form(kind, spec)

    def timers(self, state: TEState) -> list[Timer]:
        return []

    def accepts(self, state: TEState, player: int) -> list[str]:
        if state.finished or decider(state) != player:
            return []
        return list(ACCEPTS[state.phase])

    def default(self, state: TEState, player: int) -> dict:
        return {"type": "timeout", "player": player}

    def view(self, state: TEState, player: int | None) -> dict:
        return engine.view(state, player)

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
            rows.append([at, tile, f"{LEADER_NAMES[ld['colour']]} of {DYNASTIES[ld['owner']].capitalize()}" if ld else "",
                         "yes" if q.get("treasure") else "", q.get("monument") or "",
                         q.get("building") or "", "yes" if q.get("unification") else ""])
        return Table("The board", ["Square", "Tile", "Leader", "Treasure", "Monument", "Building",
                                   "Unification"], rows)

    def preview(self, state: TEState, seat: int, order: dict) -> list[str]:
        """What ``order`` of ``seat`` does, in sentences (``Offers.preview``, SITE-TABLE-05):
        ``site/preview.py`` on the seat's own view; an order the rules refuse raises their
        refusal."""
        p = site_preview(engine.view(state, seat), order)
        if not p["ok"]:
            raise IllegalOrder(p["rule"], p["reason"])
        return p["lines"] or ["It scores no point and starts no conflict."]

    def hand(self, view: dict) -> list[str]:
        h = view.get("hand")
        if not h:
            return []
        return [f"{h[c]} {TILE_NAMES[c]}{'s' if h[c] != 1 else ''} ({c})" for c in COLOURS if h.get(c)]

    def replay_page(self, options: dict, seed: int | str, orders: list[dict]) -> dict | None:
        """Every hand and score of a finished game, turn by turn (``replay.py``)."""
        return replay.replay_page(options, seed, orders)

    def replay_tables(self, data: dict, seats: dict[int, str]) -> list:
        """The replay page's sections of tables (``replay.py``)."""
        return replay.replay_tables(data, seats)

    def order_forms(self, state: TEState, player: int) -> list:
        return forms.order_forms(state, player)

    def form_order(self, state: TEState, player: int, form_id: str, values: dict) -> dict:
        return forms.form_order(state, player, form_id, values)

    def variants(self) -> list[tuple[str, str]]:
        return []

    def reference(self, variant: str | None = None) -> dict | None:
        return reference.reference(variant)

    def board_key(self, options: dict) -> str | None:
        """The base map's key (``svg.board_key``: the side, the board data, the drawing code)."""
        return svg.board_key(options)

    def board_svg(self, options: dict) -> str | None:
        """The printed side of these options as SVG (``svg.board_svg``)."""
        return svg.board_svg(options)

    def board_pieces(self, view: dict) -> dict | None:
        """The pieces of a seat's view over the base map (``svg.board_pieces``)."""
        return svg.board_pieces(view)

    def board_legend(self, options: dict) -> list[str] | None:
        """The map's legend on the game page (``svg.board_legend``)."""
        return svg.board_legend(options)

    def bot(self, state: TEState, seat: int, rng_seed: str) -> dict:
        return strong_bot(state, seat, rng_seed)

    def is_site_order(self, order: dict) -> bool:
        return is_site_order(order)

    def dumps(self, state: TEState) -> str:
        return state.dumps()

    def loads(self, text: str) -> TEState:
        return TEState.loads(text)

    def digest(self, state: TEState) -> str:
        return state.digest()
