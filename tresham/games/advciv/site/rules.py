"""The platform's handle on Advanced Civilization (:class:`tresham.games.contract.GameRules`):
the engine's functions as the site calls them, and what the site shows of the game, each part
from its own module of the site face (``options.py``, ``pages.py``, ``reference.py``,
``forms.py``, ``standing.py``, ``replay.py``, ``board/``). The bots the site seats are the
levels of ``bots/levels.py`` (the heuristic bot first, the default).
"""
from __future__ import annotations

from typing import Any

from ....rng import Rng, seed_state
from ...contract import (Board, BoardUnavailable, Decision, Event, Forms, HelpTopic, IllegalOrder, MailCommands,
                         MailEvent, Offers,
                         OptionField,
                         Page, Prepared, Reference, Replay, SeatSummary, Standing, Table, Timer)
from ..bots.levels import LEVELS as BOT_LEVELS
from ..engine import apply, bot_default, default, new_game, pending, view
from ..orders import is_site_order, json_schema
from ..rules.movement import IllegalMove
from ..rules.trade import timers as trade_timers
from ..state import GameState
from ..variant import built_in, game_for, variant_of
from . import board, entered, forms, mail_commands, pages, reference, replay, standing
from . import options as game_options
from .board import CoastlinesMissing
from .grand_imperial import forms as grand_imperial_forms  # noqa: F401  (its forms register, EP-12)
from .names import nation_name
from .preview import preview as site_preview
from .phase_help import PHASES

#: The site's words for this game's things (``Offers.words``, over ``contract.WORDS``).
WORDS = {
    "side": "Nation",
    "place": "area",
    "final_points": "victory points",
    "hand": "Your trade cards",
    "hand_empty": "You hold no trade cards.",
    "seats_note": "The pick order is drawn at random when every seat is taken; nation picking starts then.",
    "turn_note": "A game starts with the choice of nations; every turn then runs through the phases below, "
                 "in this order.",
    "help_facts": "the calamities, the civilization cards and the Ages of the A.S.T.",
    "public_messages": "Public trade messages",
    "public_messages_note": "What each player tells everyone during the trade phase (what he wants and "
                            "offers); a player sets his with his order in the trade phase.",
    "table_note": "Remember the rule: you may not show your trade cards to another player (28.3).",
    "talk_note": "What a message says about cards binds no one (28.3): only the cards a trade hands over "
                 "count.",
    "legend": ["Areas: their name, the population limit in a circle, a city site as a square (black; "
               "white on a flood plain, which floods).",
               "Green hatching: flood plain. Red triangle: volcano. A coloured band inside an area's "
               "border: a nation's start area. Deeper blue with a dashed border: an open sea. Grey "
               "land: out of play on this board."],
    "legend_pieces": "Pieces: tokens as counters with their number, cities as squares, ships as boats, "
                     "in their nation's colour",
    "legend_marks": "Your choices not yet carried out: a green border keeps or builds the piece, a red "
                    "one loses it or leaves it unbuilt.",
    # (the help page's lines as they were written there: its tests read them so)
    "help_commands": "The Command drop-down in the top panel, with its GO button, holds two commands. Reset "
                     "drops the moves you entered during\n    movement, and elsewhere empties the order form. "
                     "Done says you have\n    finished where a phase needs saying so: in movement your moves "
                     "become final, in the trade\n    phase you leave the market. In the other phases the order "
                     "you submit is all the game needs.",
    "replay_note": "The game is over, so nothing in it is secret any more: here is every player's hand of trade "
                   "cards when each turn's trade began and when it ended, and every trade carried out with the "
                   "cards really given beside what they were said to be. A card said to be something it was not "
                   "is marked Lie.",
    "replay_pending": "The replay of this game, with every hand and every trade revealed, is shown once the game "
                      "is over. Until then each player's cards stay his own.",
}

#: The game's own pages (SITE-TRADE-01, SITE-ADV-09, SITE-AST-02), served by its web app
#: (``web/``) and linked from a game's panel.
PAGES = (
    Page("trade", "Trade", "advciv:trade", "trade page",
         about="Your decisions during the trade phase", topic="trading"),
    Page("advances", "Advances", "advciv:advances", "civilization advances",
         about="Every civilization card with its price after your credits, and the cards each nation owns",
         topic="advances", lobby="the civilization cards bought so far"),
    Page("ast", "A.S.T.", "advciv:ast", "A.S.T.",
         about="Every nation's track, its Ages, and the public points of every nation", topic="ages"),
)

#: The help topics of the game's facts (SITE-GEN-06), served by its web app (``web/help.py``)
#: after the site's own, each pointed to from its phase on the help page of a turn.
HELP = (
    HelpTopic("trading", "Trading",
              "Offers, Don't Care and Unspecified, lies, the embargo and the market's cutoff; the "
              "commodities and their values.",
              "advciv:help_trading", phase="trade", lead="More on the", link="trading page"),
    HelpTopic("calamities", "Calamities",
              "Who suffers a calamity, in which order they strike, and every calamity with its stack, "
              "whether it can be traded and what it does.",
              "advciv:help_calamities", phase="calamities", lead="Every calamity on the", link="calamities page"),
    HelpTopic("advances", "Civilization cards",
              "Every civilization card with its groups, cost, prerequisite, effect and the credits it gives.",
              "advciv:help_advances", phase="advances", lead="Every card on the", link="civilization cards page"),
    HelpTopic("ages", "The A.S.T. and its Ages",
              "How the succession track moves, what each Age asks for, and every nation's track.",
              "advciv:help_ages", phase="ast", lead="The Ages on the", link="A.S.T. page"),
)


class AdvancedCivilization:
    """The platform's handle on this game (see :class:`tresham.games.contract.GameRules`)."""

    name = "advciv"
    title = "Advanced Civilization"
    min_players = 2
    max_players = 8
    points_label = "Total Public Points"

    def __init__(self) -> None:
        #: what the game offers beyond the core (``tresham.games.contract.Offers``)
        self.offers = Offers(
            words=WORDS,
            forms=Forms(self.order_forms, self.form_order),
            standing=Standing(self.standing_kinds, self.standing_order, self.standing_schema, self.parse_standing),
            board=Board(self.board_key, self.board_svg, self.board_pieces, overlay="advciv/_map_orders.html"),
            reference=Reference(self.reference, self.variants, PHASES),
            replay=Replay(self.replay_page, template="advciv/_replay.html"),
            prepared=Prepared(self.prepared, self.public_options),
            bots=BOT_LEVELS, bot_default=bot_default, mail=self.mail_events, option_text=self.option_text, hand=self.hand,
            messages=self.public_messages, commands=self.commands, pick_order=self.pick_order,
            final_scores=self.final_scores, preview=self.preview, entered=entered.entered,
            mail_commands=MailCommands(mail_commands.order, mail_commands.help),
            talk_orders={"trade_offer": "to"}, talk_page="trade",
            pages=PAGES, help=HELP, app="tresham.games.advciv.web", tools="tresham.games.advciv.tools.cli",
        )

    # ---- options and orders as data -------------------------------------------------
    def options_schema(self) -> dict:
        """The options' JSON Schema (``options.options_schema``)."""
        return game_options.options_schema()

    def parse_options(self, raw: Any) -> dict:
        """Options checked (type, range, board for the player count) with defaults filled in."""
        return game_options.parse_options(raw)

    def option_text(self, name: str, value: Any) -> str | None:
        """An option's value in words where the plain value would not do (the lobby's option
        list, SITE-CREATE-15): a prepared position is summed up, its hands never shown."""
        return game_options.option_text(name, value)

    def prepared(self, options: dict) -> bool:
        """The option ``position`` (docs/scenarios.md) starts the game from a prepared
        position: never rated (SITE-SAFE-11)."""
        return options.get("position") is not None

    def public_options(self, options: dict) -> dict:
        """The options with a prepared position in words: its hands and stacks are secret
        until the game is over."""
        out = dict(options)
        if isinstance(out.get("position"), dict):
            out["position"] = self.option_text("position", out["position"])
        return out

    def order_schema(self) -> dict:
        return json_schema()

    def option_fields(self) -> list[OptionField]:
        """The site's game options (SITE-CREATE-04..13; ``options.option_fields``)."""
        return game_options.option_fields(range(self.min_players, self.max_players + 1))

    # ---- play --------------------------------------------------------------------------
    def new_game(self, options: dict, seed: int | str) -> GameState:
        return new_game(options, seed)

    def apply(self, state: GameState, order: dict, *, by_site: bool = False) -> tuple[GameState, list[Event]]:
        return apply(state, order, by_site=by_site)

    def pending(self, state: GameState) -> list[Decision]:
        return pending(state)

    def default(self, state: GameState, seat: int) -> dict:
        return default(state, seat)

    def round(self, state: GameState) -> int:
        return max(1, state.turn)

    def standing_kinds(self) -> dict[str, str]:
        return dict(standing.KINDS)

    def standing_order(self, state: GameState, seat: int, kind: str, spec: Any) -> dict | None:
        return standing.standing_order(state, seat, kind, spec)

    def standing_schema(self) -> dict[str, dict]:
        return dict(standing.json_schemas())

    def parse_standing(self, kind: str, spec: Any) -> dict:
        return standing.normal_form(kind, spec)

    def timers(self, state: GameState) -> list[Timer]:
        """The trade market's embargo end and cutoff (rules/trade.py ``timers``)."""
        return [] if state.finished else trade_timers(game_for(state))

    def accepts(self, state: GameState, seat: int) -> list[str]:
        """Players' order types the current phase takes, if ``seat`` has a decision now."""
        if state.finished or not any(d.player == seat for d in pending(state)):
            return []
        variant = variant_of(state)
        site = variant.order_types(by_site=True)
        return [t for t in variant.phase(state.phase).accepts if t not in site]

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        return view(state, seat)

    def finished(self, state: GameState) -> bool:
        return state.finished

    def result(self, state: GameState) -> list[int] | None:
        """Places by victory points (35.1); equal scores share a place."""
        if not state.finished:
            return None
        g = game_for(state)
        scores = {p.seat: g.score(p.nation) for p in g.active()}
        return [1 + sum(1 for v in scores.values() if v > scores[seat]) for seat in range(len(state.players))]

    def final_scores(self, state: GameState) -> list[int] | None:
        """Each seat's victory points (35.1), the score its place comes from, once the game is
        over (the result's points, SITE-TABLE-14); None before."""
        if not state.finished:
            return None
        g = game_for(state)
        return [g.score(p.nation) if p.nation else 0 for p in state.players]

    def summary(self, state: GameState) -> list[SeatSummary]:
        """Each nation's public figures (the A.S.T. page's table, SITE-AST-03; the game page's
        standing, SITE-TABLE-09), by Total Public Points, highest first; once the game is over,
        the victory points too."""
        g = game_for(state)
        rows = []
        for p in sorted(state.players, key=lambda p: (-g.public_points(p.nation) if p.nation else 0,
                                                      g.ast_rank(p.nation) if p.nation else 99)):
            if p.nation is None:
                rows.append(SeatSummary(p.seat, f"Seat {p.seat + 1}", 0, {}))
                continue
            # SITE-TABLE-09: each public fact labelled with what it counts; the trade cards in
            # hand as a number only (27.4: their names are his own)
            cols = {"Trade cards": len(p.hand), "Treasury": p.treasury, "Stock": p.stock,
                    "Cities": len(g.cities_of(p.nation)), "Ships": len(g.ships_of(p.nation)),
                    "Civilization cards": len(p.civ_cards), "A.S.T.": p.ast,
                    "Civ Advancement Points": g.civ_points(p.nation),
                    "Total Public Points": g.public_points(p.nation)}
            if state.finished:
                cols["Victory points"] = g.score(p.nation)
            rows.append(SeatSummary(p.seat, g.name(p.nation), g.public_points(p.nation), cols))
        return rows

    def mail_events(self, state: GameState, events: list[Event]) -> list[MailEvent]:
        """The public trade message (SITE-TRADE-13): after a trade, every player but the two
        who traded is told what was *said* to be traded -- the ``trade`` event, which names
        the stated cards only -- unless the game's option disables it (SITE-CREATE-13)."""
        if not state.options.public_trade_message:
            return []
        seat_of = {p.nation: p.seat for p in state.players if p.nation}
        out = []
        for e in events:
            if e.kind == "trade" and e.to is None:
                a, b = e.data.get("nation"), e.data.get("partner")
                out.append(MailEvent(e, f"{nation_name(a)} and {nation_name(b)} traded",
                                     sorted(seat_of[n] for n in (a, b) if n in seat_of)))
        return out

    def preview(self, state: GameState, seat: int, order: dict) -> list[str]:
        """What ``order`` of ``seat`` costs and does, in sentences (``Offers.preview``,
        SITE-TABLE-05): ``site/preview.py`` on the seat's information state; an order the rules
        refuse raises their refusal (one move of a batch: ``IllegalMove``, SITE-TABLE-07)."""
        p = site_preview(state, seat, order)
        if not p["ok"]:
            bad = next((v for v in p.get("judged") or [] if not v["legal"]), None)
            if bad is not None:
                line = next((x for x in p["lines"] if x.startswith("Refused: ")), "")
                message = line.removeprefix("Refused: ") if line else bad["reason"]
                raise IllegalMove(bad["rule"], message, bad["part"], bad["index"], bad["reason"])
            raise IllegalOrder(p["rule"], p["reason"])
        lines = list(p["lines"])
        if order.get("type") == "pick":
            g = game_for(state)
            area = order.get("area")
            where = f" starting in {g.area_name(area)}" if isinstance(area, str) and area in g.areas else ""
            who = nation_name(order["nation"]) if order.get("nation") else "The nation"
            lines.append(f"{who}{where}: once your turn to pick comes, this choice cannot be changed (15.3).")
        return lines or ["The rules accept this order now."]

    def stage(self, state: GameState) -> str:
        if state.finished:
            return "Game over"
        if state.phase == "pick":
            return "Choosing nations"
        return f"Turn {state.turn}, {state.phase}"

    def pick_order(self, state: GameState) -> list[int] | None:
        """The seats in pick order while nations are chosen (15.3, SITE-PICK-01)."""
        if state.finished or state.phase != "pick":
            return None
        return list(state.step.get("order", []))

    def placement_done(self, state: GameState) -> bool:
        """Picking a nation is its initial placement (15.3): done once every seat picked."""
        return state.finished or state.phase != "pick"

    # ---- pages ---------------------------------------------------------------------------
    def board_table(self, view: dict) -> Table:
        """Areas with pieces, from a view (4.2; ``pages.board_table``)."""
        return pages.board_table(view)

    def hand(self, view: dict) -> list[str]:
        """The viewer's trade cards by their printed names (27.4: only he sees them)."""
        return pages.hand(view)

    def public_messages(self, view: dict) -> list[tuple[int, str]]:
        """The trade phase's public messages (SITE-MSG-01), by seat."""
        return pages.public_messages(view)

    def commands(self, state: GameState, seat: int) -> dict[str, dict]:
        """Done: leave the market (SITE-TRADE-14) or confirm one's moves (SITE-MOVE-05);
        Reset: clear one's pending moves. The other phases take one order each."""
        acc = self.accepts(state, seat)
        out: dict[str, dict] = {}
        if "move" in acc:
            out["reset"] = {"type": "move", "moves": [], "voyages": [], "done": None}
        if "done" in acc:
            out["done"] = {"type": "done"}
        elif "trade_done" in acc:
            out["done"] = {"type": "trade_done"}
        return out

    def replay_page(self, options: dict, seed: int | str, orders: list[dict]) -> dict:
        """A finished game replayed with every hand revealed: the hands before and after each
        turn's trade (27, 28) and each deal's real cards beside the stated ones, the lies
        marked (28.3) (``replay.py``)."""
        return replay.replay_page(options, seed, orders)

    def order_forms(self, state: GameState, seat: int) -> list:
        """The forms of ``seat``'s decisions now (``forms.py``, issue 10)."""
        return forms.order_forms(game_for(state), seat, entered.with_entered(state, pending(state)))

    def form_order(self, state: GameState, seat: int, form_id: str, values: dict) -> dict:
        """The order a form of :meth:`order_forms` gives with the posted ``values``."""
        return forms.form_order(game_for(state), seat, entered.with_entered(state, pending(state)), form_id, values)

    def variants(self) -> list[tuple[str, str]]:
        """The variants the product registers besides the plain game (``variant.BUILT_IN``), as
        (key, title)."""
        return [(v.key, v.title) for v in built_in() if v.key != "standard"]

    def reference(self, variant: str | None = None) -> dict[str, Any]:
        """The printed facts the help pages show (SITE-GEN-06; ``reference.py``); ``variant``:
        a registered variant's key (EP-14), None: the plain game."""
        return reference.reference(variant)

    # ---- the map ---------------------------------------------------------------------------
    def board_key(self, options: dict) -> str | None:
        """The hash naming the base map of these options (``board/``)."""
        try:
            return board.board_key(options)
        except CoastlinesMissing as e:
            raise BoardUnavailable(str(e)) from e

    def board_svg(self, options: dict) -> str | None:
        """The board configuration in play drawn on the real coastlines (``board/``)."""
        try:
            return board.board_svg(options)
        except CoastlinesMissing as e:
            raise BoardUnavailable(str(e)) from e

    def board_pieces(self, view: dict) -> dict | None:
        """Tokens, cities and ships of a view, with its seat's green/red choices (SITE-GEN-04)."""
        try:
            return board.board_pieces(view)
        except CoastlinesMissing as e:
            raise BoardUnavailable(str(e)) from e

    def bot(self, state: GameState, seat: int, rng_seed: str) -> dict:
        """The heuristic level's order (``Offers.bots``), for the tools and tests that play
        seats by a bot: it always gives one (the default level, the trader, may wait in the
        market, SITE-BOT-01)."""
        return self.offers.bot_level("heuristic").play(state, seat, rng_seed)

    def is_site_order(self, order: dict) -> bool:
        return is_site_order(order)

    def dumps(self, state: GameState) -> str:
        return state.dumps()

    def loads(self, text: str) -> GameState:
        return GameState.loads(text)

    def digest(self, state: GameState) -> str:
        return state.digest()
