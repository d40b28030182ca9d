"""The Advanced Civilization engine: a pure function from state and order to new state.

    state2, events = apply(state, order)    # state untouched; IllegalOrder if refused
    pending(state)  -> [Decision]           # who owes what now
    default(state, seat) -> order           # what the site does when seat's deadline passes
    view(state, seat) -> dict               # everything that seat may see, nothing more

The phase machine: each phase (``rules/``) says what is pending; after every accepted order
the engine finishes complete phases and starts the next, so automatic phases pass at once.
No web, database or clock here; chance only through the generator held in the state.
The game's variant (``variant.py``, the option ``variant``) gives the turn, the phase objects,
the order types and the ``Context`` class; the plain game's are those of ``Standard``.
"""
from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from typing import Any, Callable, Iterable

from ..base import AlreadyDone, BoardUnavailable, Decision, Event, IllegalOrder, MailEvent, OptionChoice, OptionField, SeatSummary, Table, Timer
from ...rng import seed_state
from . import rules  # noqa: F401  (registers the phases)
from .data import BARBARIANS, PIRATES, load
from .context import DEFAULT_BOARD, Context, board_areas
from .orders import Order, Timeout, from_json
from .phase import PHASES
from .rules.departure import Depart, depart
from .state import GameState, Options, Player
from .variant import built_in_sub_options, check_variant_options, game_for, variant_of

__all__ = ["new_game", "apply", "apply_in_place", "pending", "default", "view", "replay", "AdvancedCivilization"]


def check_options(opts: Options) -> None:
    """Refuse options that make no game (clear messages, rule cited): the plain checks, then
    the variant's own (``Variant.check_options``)."""
    variant = variant_of(opts)
    d = variant.data()
    if not 2 <= opts.players <= 8:  # also in the options' schema, for Options built in code
        raise IllegalOrder("16.1", "Advanced Civilization is for 2 to 8 players")
    if opts.board is None:
        opts.board = DEFAULT_BOARD[opts.players]
    cfg = d.map.configs.get(opts.board)
    if cfg is None:
        raise IllegalOrder("16.1", f"unknown board configuration {opts.board!r}; "
                           f"choose one of {sorted(d.map.configs)}")
    if opts.players not in cfg.players:
        raise IllegalOrder(cfg.rule, f"board {cfg.key!r} is for {list(cfg.players)} players, not {opts.players}")
    if opts.tokens is None:
        opts.tokens = cfg.tokens
    if not 1 <= opts.tokens <= 55:
        raise IllegalOrder("5.1", "a nation plays with 1 to 55 tokens")
    if not 1 <= opts.hand_limit <= 30:
        raise IllegalOrder("31.71", "the hand limit must be between 1 and 30")
    if opts.turn_limit is not None and opts.turn_limit < 1:
        raise IllegalOrder("34.1", "a turn limit must be at least 1")
    if opts.ep_later_modifiers and not opts.ep_major:
        raise IllegalOrder("SITE-SAFE-12", "the later text's substitutions change Cyclone and Tyranny: "
                           "play with the Expansion Project major calamities (ep_major) to use them")
    if opts.position is not None:
        from .scenario import start_position

        start_position(opts, 0)  # the whole position checked (by building it); nothing kept
    check_variant_options(opts)
    variant.check_options(opts)


def new_game(options: dict | Options | None = None, seed: int | str = 0) -> GameState:
    """A new game at the start of nation picking (15.3), trade stacks built (15.2); with the
    option ``position``, the prepared position instead, started from ``seed`` (scenario.py)."""
    opts = options if isinstance(options, Options) else Options.from_json({} if options is None else options)
    if opts.position is not None:
        from .scenario import start_position

        return start_position(opts, seed)  # checks the options itself
    check_options(opts)
    variant = variant_of(opts)
    state = GameState(options=opts, players=[Player(seat=i) for i in range(opts.players)],
                      rng=seed_state(seed), phase="pick")
    g = variant.game(state)
    variant.setup(g)
    variant.phase("pick").start(g)
    _advance(g)
    g.sync()
    return state


def apply_in_place(state: GameState, order: dict | Order,
                   observer: Callable[[GameState, str], None] | None = None, *,
                   platform: bool = False) -> list[Event]:
    """Apply ``order`` to ``state`` itself (fast path for bots and simulation).

    Phases validate before they change anything, but only :func:`apply` guarantees an
    untouched state when an order is refused. ``observer(state, phase)`` is called each time
    a phase finishes (simulation uses it to check invariants between phases).
    ``platform``: the site gives the order (a timeout, the market clock, a standing order);
    a seat may give only players' orders (``orders.from_json``)."""
    variant = variant_of(state)
    o = from_json(order, platform=platform, variant=variant.key)
    if state.finished:
        raise IllegalOrder("34.1", "the game is over")
    g = variant.game(state)
    g.player(o.player)
    phase = variant.phase(state.phase)
    if isinstance(o, Depart):
        nation = g.player(o.player).nation
        if nation is None:
            raise IllegalOrder("15.6", "a seat without a nation cannot leave the game")
        depart(g, nation)
        # 15.61: an inert nation decides nothing; what it owed takes the default at once
        for _ in range(100):
            owed = [d.player for d in phase.pending(g) if d.required and g.s.players[d.player].inert]
            if not owed:
                break
            phase.timeout(g, owed[0])
    elif o.type_name in variant.anytime_orders:
        variant.handle_anytime(g, o)
    elif isinstance(o, Timeout):
        owed = [d for d in phase.pending(g) if d.player == o.player and d.required]
        if not owed:
            raise IllegalOrder("", f"seat {o.player} owes nothing now, so nothing can time out")
        phase.timeout(g, o.player)
    else:
        if o.type_name not in phase.accepts:
            raise IllegalOrder(phase.rule, f"a {o.type_name!r} order is not taken in the "
                               f"{phase.name} phase")
        phase.handle(g, o)
    state.order_count += 1
    _advance(g, observer)
    g.sync()
    return g.events


def apply(state: GameState, order: dict | Order, *, platform: bool = False) -> tuple[GameState, list[Event]]:
    """Pure: the state after ``order`` and the events it caused; ``state`` is never changed.
    ``platform`` as in :func:`apply_in_place`."""
    new = state.copy()
    events = apply_in_place(new, order, platform=platform)
    return new, events


def _advance(g: Context, observer: Callable[[GameState, str], None] | None = None) -> None:
    """Finish complete phases and start the following ones until someone owes a decision."""
    s = g.s
    variant = variant_of(s)
    phases = variant.phases()
    guard = 0
    while not s.finished:
        phase = phases[s.phase]
        if not phase.complete(g):
            return
        phase.finish(g)
        if observer is not None:
            observer(s, phase.name)
        if s.finished:
            return
        nxt = phase.next_phase(g)
        if nxt == variant.turn[0]:
            _new_turn(g)
            if s.finished:
                return
        s.phase = nxt
        s.step = {}
        phases[nxt].start(g)
        guard += 1
        if guard > 1000:
            raise RuntimeError("phase machine is looping without any decision")


def _new_turn(g: Context) -> None:
    s = g.s
    if s.options.turn_limit is not None and s.turn >= s.options.turn_limit:
        from .rules.ast import end_game

        end_game(g, f"the turn limit of {s.options.turn_limit} turns was reached (34.1B)")
        return
    if s.turn > 0 and not any(g.tokens_on_board(p.nation) or g.cities_of(p.nation)
                              or g.variant.tokens_elsewhere(s, p.nation)  # e.g. aboard ships
                              for p in g.active() if not p.inert):
        from .rules.ast import end_game

        # Ruling R-EXTINCT: with no unit of any playing nation left, nothing can ever happen.
        end_game(g, "no nation has any unit left on the board")
        return
    s.turn += 1
    for p in s.players:
        p.new_cities.clear()
        p.flags.clear()
    g.emit(f"Turn {s.turn} begins.", "turn", turn=s.turn)


def pending(state: GameState) -> list[Decision]:
    """Decisions owed now (``required``) and those that may be entered early."""
    if state.finished:
        return []
    variant = variant_of(state)
    g = game_for(state)
    owed = variant.phase(state.phase).pending(g)
    extra = variant.anytime_decisions(g)
    return owed + extra if extra else owed


def default(state: GameState, seat: int) -> dict:
    """The order the site applies when ``seat``'s deadline passes (the phase's default)."""
    return Timeout(seat).to_json()


def view(state: GameState, seat: int | None) -> dict:
    """What ``seat`` may see (None = a spectator)."""
    from .view import player_view

    return player_view(state, seat)


def replay(options: dict, seed: int | str, orders: Iterable[dict]) -> GameState:
    """Rebuild a game from its creation options, seed and accepted orders (the log holds
    only accepted orders, the platform's among them, so each is applied as it was)."""
    state = new_game(dict(options), seed)
    for o in orders:
        try:
            apply_in_place(state, o, platform=True)
        except AlreadyDone:  # a repeat logged before SITE-SAFE-10: it changed nothing but counters
            continue
    return state


class AdvancedCivilization:
    """The platform's handle on this game (see :class:`tresham.games.base.GameRules`)."""

    name = "advciv"
    title = "Advanced Civilization"
    min_players = 2
    max_players = 8
    points_label = "Total Public Points"
    #: the decisions the site's map orders (map_orders.js) give by clicking the map
    map_order_kinds = ("pick", "grow", "move")
    #: the site's words for this game's things (``GameRules.words``)
    words = {
        "side": "Nation",
        "place": "area",
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
        "legend": ["Areas: their name, the population limit in a circle, a city site as a square (black; "
                   "white on a flood plain, which floods).",
                   "Green hatching: flood plain. Red triangle: volcano. A coloured band inside an area's "
                   "border: a nation's start area. Deeper blue with a dashed border: an open sea. Grey "
                   "land: out of play on this board."],
        "legend_pieces": "Pieces: tokens as counters with their number, cities as squares, ships as boats, "
                         "in their nation's colour",
        "legend_marks": "Your choices not yet carried out: a green border keeps or builds the piece, a red "
                        "one loses it or leaves it unbuilt.",
    }

    # ---- options and orders as data -------------------------------------------------
    def options_schema(self) -> dict:
        """The options' JSON Schema. ``variant_options`` is in it only when a variant the
        product registers (``variant.BUILT_IN``) takes sub-options; the option ``variant``
        lists those variants only (a variant registered later, e.g. by a test, is accepted,
        not advertised)."""
        from .state import options_model

        schema = options_model().model_json_schema()
        if not built_in_sub_options():
            schema.get("properties", {}).pop("variant_options", None)
        return schema

    def parse_options(self, raw: Any) -> dict:
        """Options checked (type, range, board for the player count) with defaults filled in."""
        opts = Options.from_json(raw)
        check_options(opts)
        out = opts.to_json(every=True)
        if opts.position is not None:  # a plain JSON copy, not the caller's object
            out["position"] = json.loads(json.dumps(opts.position))
        return out

    def option_text(self, name: str, value: Any) -> str | None:
        """An option's value in words where the plain value would not do (the lobby's option
        list, SITE-CREATE-15): a prepared position is summed up, its hands never shown."""
        if name == "position" and value is None:
            return "the normal start (nation picking)"
        if name == "position" and isinstance(value, dict):
            from .scenario import position_words

            return position_words(value)
        if name == "variant_options" and isinstance(value, dict):
            return "; ".join(f"{k.replace('_', ' ')}: {_value_words(v)}" for k, v in sorted(value.items()))
        return None

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
        from .orders import json_schema

        return json_schema()

    def option_fields(self) -> list[OptionField]:
        """The site's game options (SITE-CREATE-04..13, labels free per SZ-06): boards from
        the §16 configurations, tokens suggested per player count by the same figures. When
        the product registers more than the plain game (``variant.BUILT_IN``), the choice of
        rules comes first, with each variant's sub-options (shown only for it; EP-14)."""
        configs = load().map.configs.values()
        counts = range(self.min_players, self.max_players + 1)
        boards = [OptionChoice(None, "The standard board for the number of players (16)")]
        boards += [OptionChoice(c.key, f"{'/'.join(map(str, c.players))} players: {c.description} ({c.rule})",
                                {"players": list(c.players)}) for c in configs]
        return [*_variant_fields(), *self._plain_option_fields(counts, boards)]

    def _plain_option_fields(self, counts: range, boards: list[OptionChoice]) -> list[OptionField]:
        return [
            OptionField("players", "Number of players",
                        choices=[OptionChoice(n, f"{n} players") for n in counts]),
            OptionField("board", "Part of the map", "which panels are played, for the number of "
                        "players (16.2-16.8)", choices=boards),
            OptionField("wem", "Western Extension Map", "play with the western extension (3.1A)"),
            OptionField("tokens", "Starting tokens per player", "population tokens each nation "
                        "plays with (5.1); blank: the suggested number for the board",
                        suggested={n: self.parse_options({"players": n})["tokens"] for n in counts}),
            OptionField("hand_limit", "Hand limit", "trade cards a player may keep after buying "
                        "advances; standard 8 (31.71)"),
            OptionField("show_deck_counts", "Show deck counts",
                        "players can see each trade deck's card count on the trade cards page"),
            OptionField("show_nontradable_depth", "Show where the non-tradable calamities are",
                        "players can see how far from the top of each deck its non-tradable calamity is"),
            OptionField("only_active_calamity", "Only the active calamity",
                        "players see only the calamity being resolved, not the upcoming ones"),
            OptionField("shuffle_nontradable_with_bottom_two", "Hide non-tradable calamities at the bottom",
                        "a non-tradable calamity put at the bottom of its stack is first shuffled "
                        "with the stack's bottom two cards (also at setup)"),
            OptionField("stoic", "Stoic", "players may be primary victim of more than 2 calamities (29.4)"),
            OptionField("ep_major", "Expansion Project major calamities",
                        "Cyclone, Corruption, Tyranny and Regression, non-tradable, in stacks 6-9"),
            OptionField("ep_later_modifiers", "Expansion Project: cards of the later text",
                        "with the major calamities, the Expansion Project's later rulebook in place of the "
                        "calamity page's cards Advanced Civilization lacks: against Cyclone Engineering "
                        "spares two cities and keeps two ships (for Calendar), against Tyranny Military "
                        "spares 5 unit points and Democracy 10 (for Sculpture); off: the page's own text, "
                        "where no advance softens either"),
            OptionField("ep_minor", "Expansion Project minor calamities",
                        "Squandered Wealth, Tempest, City in Flames, City Riots, Coastal Migration, "
                        "Tribal Conflict, Minor Uprising and Banditry, tradable, one in each of stacks 2-9"),
            OptionField("public_trade_message", "Public trade message",
                        "after each trade, an e-mail tells all other players what was said to be "
                        "traded; clear to disable it"),
            OptionField("turn_limit", "Turn limit", "end the game after this many turns (34.1B); "
                        "blank: no limit"),
        ]

    # ---- play --------------------------------------------------------------------------
    def new_game(self, options: dict, seed: int | str) -> GameState:
        return new_game(options, seed)

    def apply(self, state: GameState, order: dict, *, platform: bool = False) -> tuple[GameState, list[Event]]:
        return apply(state, order, platform=platform)

    def pending(self, state: GameState) -> list[Decision]:
        return pending(state)

    def default(self, state: GameState, seat: int) -> dict:
        return default(state, seat)

    def round(self, state: GameState) -> int:
        return max(1, state.turn)

    def standing_kinds(self) -> dict[str, str]:
        from .standing import KINDS

        return dict(KINDS)

    def standing_order(self, state: GameState, seat: int, kind: str, spec: Any) -> dict | None:
        from .standing import standing_order

        return standing_order(state, seat, kind, spec)

    def standing_schema(self) -> dict[str, dict]:
        from .standing import json_schemas

        return dict(json_schemas())

    def parse_standing(self, kind: str, spec: Any) -> dict:
        from .standing import normal_form

        return normal_form(kind, spec)

    def timers(self, state: GameState) -> list[Timer]:
        """The trade market's embargo end and cutoff (rules/trade.py ``timers``)."""
        from .rules.trade import timers

        return [] if state.finished else timers(game_for(state))

    def accepts(self, state: GameState, seat: int) -> list[str]:
        """Players' order types the current phase takes, if ``seat`` has a decision now."""
        if state.finished or not any(d.player == seat for d in pending(state)):
            return []
        variant = variant_of(state)
        site = variant.order_types(platform=True)
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

    def summary(self, state: GameState) -> list[SeatSummary]:
        """Each nation's public figures (the A.S.T. page's table, SITE-AST-03), by Total
        Public Points, highest first; once the game is over, the victory points too."""
        g = game_for(state)
        rows = []
        for p in sorted(state.players, key=lambda p: (-g.public_points(p.nation) if p.nation else 0,
                                                      g.ast_rank(p.nation) if p.nation else 99)):
            if p.nation is None:
                rows.append(SeatSummary(p.seat, f"Seat {p.seat + 1}", 0, {}))
                continue
            cols = {"A.S.T.": p.ast, "Cities": len(g.cities_of(p.nation)), "Treasury": p.treasury,
                    "Cards": len(p.civ_cards), "Civ Advancement Points": g.civ_points(p.nation),
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
                out.append(MailEvent(e, f"{_nation_name(a)} and {_nation_name(b)} traded",
                                     sorted(seat_of[n] for n in (a, b) if n in seat_of)))
        return out

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
        """Areas with pieces, from a view (4.2): population limit, tokens by nation, the
        city and the ships there."""
        d = load()
        board = view.get("board") or {}
        ships: dict[str, dict[str, int]] = {}
        for nation, areas in (board.get("ships") or {}).items():
            for a in areas:
                ships.setdefault(a, {})
                ships[a][nation] = ships[a].get(nation, 0) + 1
        tokens = board.get("tokens") or {}
        cities = board.get("cities") or {}
        rows = []
        for a in sorted(set(tokens) | set(cities) | set(ships), key=lambda a: d.map.areas[a].name):
            area = d.map.areas[a]
            on = {n: k for n, k in (tokens.get(a) or {}).items() if k}
            if not on and a not in cities and a not in ships:
                continue
            rows.append([area.name, area.limit if area.is_land else "sea",
                         ", ".join(f"{_nation_name(n)} {k}" for n, k in sorted(on.items())),
                         _nation_name(cities[a]) if a in cities else "",
                         ", ".join(f"{_nation_name(n)} {k}" for n, k in sorted(ships.get(a, {}).items()))])
        return Table("The board", ["Area", "Population limit", "Tokens", "City", "Ships"], rows)

    def hand(self, view: dict) -> list[str]:
        """The viewer's trade cards by their printed names (27.4: only he sees them)."""
        seat = view.get("seat")
        if seat is None:
            return []
        d = load()
        for p in view.get("players", []):
            if p.get("seat") == seat:
                return [d.commodities[c].name if c in d.commodities else d.calamities[c].name
                        for c in p.get("hand", [])]
        return []

    def public_messages(self, view: dict) -> list[tuple[int, str]]:
        """The trade phase's public messages (SITE-MSG-01), by seat."""
        if view.get("phase") != "trade":
            return []
        msgs = (view.get("phase_view") or {}).get("messages") or {}
        return sorted((int(k), t) for k, t in msgs.items() if t)

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

    def ast_page(self, state: GameState) -> dict:
        """Each nation's A.S.T. track, its spaces labelled with their Age and Late Iron Age
        value, and each Age's entry requirements (33.2, SITE-AST-02)."""
        from .data import EPOCHS
        from .rules.ast import AGE_NAMES

        g = game_for(state)
        finish = g.d.ast.finish
        tracks = []
        for p in g.active():
            track = g.d.ast.tracks[p.nation]
            tracks.append({"seat": p.seat, "name": g.name(p.nation), "position": p.ast,
                           "age": AGE_NAMES[track.epoch_at(p.ast)],
                           "spaces": [{"space": i, "age": AGE_NAMES[track.epoch_at(i)],
                                       "points": track.threshold(i, finish)} for i in range(finish + 1)]})
        phase = variant_of(state).phase("ast")
        return {"ages": [{"name": AGE_NAMES[e], "requirements": phase.requirement_text(g, e)} for e in EPOCHS],
                "tracks": tracks, "finish": finish, "points_per_space": g.d.ast.points_per_space}

    def trade_page(self, state: GameState, seat: int) -> dict | None:
        """The trade page of ``seat`` (SITE-TRADE-01..14), made from ``view(state, seat)``
        alone: his hand, the market, his offers and those made to him (only what was said,
        28.3). None outside the trade phase or for a seat without a nation."""
        from .rules import trade as tr

        v = view(state, seat)
        pv = v.get("phase_view") or {}
        if v.get("phase") != "trade" or v.get("finished") or "offers_made" not in pv:
            return None
        me = next((p for p in v.get("players", []) if p.get("seat") == seat), None)
        if me is None or not me.get("nation"):
            return None
        d = load()

        def name(c: str) -> str:
            if c == tr.UNSPECIFIED:
                return "Unspecified"
            if c == tr.DONT_CARE:
                return "Don't Care"
            if c in d.commodities:
                return d.commodities[c].name
            if c in d.calamities:
                return d.calamities[c].name
            return c

        def named(cards: list[str] | None) -> list[str] | None:
            return None if cards is None else [name(c) for c in cards]

        cards = sorted(({"id": c, "name": name(c)} for c in d.commodities), key=lambda x: x["name"])
        cards += sorted(({"id": cal.id, "name": name(cal.id)} for cal in d.calamities_in_play(state.options)
                         if cal.tradable), key=lambda x: x["name"])
        inside = list(pv.get("in_market", []))
        return {
            "market_open": bool(pv.get("market_open")),
            "in_market": seat in inside,
            "left": seat in pv.get("left", []),
            "min_cards": tr.MIN_CARDS, "true_cards": tr.TRUE_CARDS,
            "unspecified": tr.UNSPECIFIED, "dont_care": tr.DONT_CARE,
            "hand": [{"id": c, "name": name(c), "tradable": d.is_tradable(c)} for c in me.get("hand", [])],
            "cards": cards,
            "partners": [s for s in inside if s != seat],
            "offers_made": [{"id": o["id"], "to": o["to"], "give": named(o["give"]), "said": named(o["said"]),
                             "expect": named(o["expect"]), "accepted": o["accepted_said"] is not None,
                             "accepted_said": named(o["accepted_said"])} for o in pv["offers_made"]],
            "offers_received": [{"id": o["id"], "from": o["from"], "said": named(o["said"]),
                                 "expect": named(o["expect"]), "expect_ids": list(o["expect"]),
                                 "accepted": o["my_give"] is not None, "my_give": named(o["my_give"]),
                                 "my_said": named(o["my_said"])} for o in pv["offers_received"]],
        }

    def replay_page(self, options: dict, seed: int | str, orders: list[dict]) -> dict:
        """A finished game replayed with every hand revealed: the hands before and after each
        turn's trade (27, 28) and each deal's real cards beside the stated ones, the lies
        marked (28.3) (``replay.py``)."""
        from .replay import replay_page

        return replay_page(options, seed, orders)

    def order_forms(self, state: GameState, seat: int) -> list:
        """The forms of ``seat``'s decisions now (``forms.py``, issue 10)."""
        from . import forms

        return forms.order_forms(game_for(state), seat, pending(state))

    def form_order(self, state: GameState, seat: int, form_id: str, values: dict) -> dict:
        """The order a form of :meth:`order_forms` gives with the posted ``values``."""
        from . import forms

        return forms.form_order(game_for(state), seat, pending(state), form_id, values)

    def advances_page(self, state: GameState, seat: int | None) -> dict:
        """The 24 civilization cards (32): groups, cost, prerequisite, credits and effect;
        for the viewer's nation what he owns and what each card costs him after credits
        (31.5); every nation's cards."""
        from .rules import civcards as cc

        g = game_for(state)
        groups = _group_names()
        me = g.s.players[seat] if seat is not None and 0 <= seat < len(g.s.players) else None
        if me is not None and not me.nation:
            me = None
        cards = []
        for cid, row in zip(g.d.civ_cards, _civ_card_rows()):
            if me is not None:
                row.update({"owned": cid in me.civ_cards, "credit": cc.credit(g, me, cid),
                            "cost_after_credits": cc.cost_after_credits(g, me, cid)})
            cards.append(row)

        def holdings(p: Player) -> dict[str, Any]:
            owned = [c for c in g.d.civ_cards if c in p.civ_cards]
            return {"seat": p.seat, "name": g.name(p.nation), "cards": owned,
                    "card_names": [g.d.civ_cards[c].name for c in owned], "points": g.civ_points(p.nation)}

        return {"groups": [{"id": k, "name": v} for k, v in groups.items()], "cards": cards,
                "yours": holdings(me) if me is not None else None,
                "players": [holdings(p) for p in g.active()]}

    def variants(self) -> list[tuple[str, str]]:
        """The variants the product registers besides the plain game (``variant.BUILT_IN``), as
        (key, title): none today."""
        from .variant import built_in

        return [(v.key, v.title) for v in built_in() if v.key != "standard"]

    def reference(self, variant: str | None = None) -> dict[str, Any]:
        """The printed facts the help pages show (SITE-GEN-06), from the game's data: the
        phases of a turn (18.1) with their orders, the trade's honesty limits (28.3), the
        commodities (8.1), the calamities in resolution order (9.1, 29.6) with a summary of
        each effect (30), the civilization cards (32) and the A.S.T. (33). ``variant``: a
        registered variant's key (EP-14): the phases are its turn's, under its phases' names,
        and ``"variant"`` holds what it changes (``variant_reference``); None: the plain game."""
        from .data import EPOCHS
        from .rules import trade
        from .rules.ast import AGE_NAMES, requirement_text
        from .variant import find_variant

        v = find_variant(variant or "standard")
        d = load()
        effects = _calamity_effects()
        option_labels = {"ep_major": "Expansion Project major calamities",
                         "ep_minor": "Expansion Project minor calamities"}
        out = {
            "phases": _phase_rows(v),
            "options": self._option_rows(),
            "trade": {"min_cards": trade.MIN_CARDS, "true_cards": trade.TRUE_CARDS},
            "commodities": [{"name": c.name, "value": c.value, "count": c.count,
                             "max_set_value": c.max_set_value} for c in d.commodities.values()],
            "calamities": [{"id": c.id, "name": c.name, "stack": c.stack, "tradable": c.tradable,
                            "rule": c.rule, "effect": effects[c.id]}
                           for c in sorted(d.calamities.values(), key=lambda c: c.order) if not c.option],
            "variant_calamities": [{"id": c.id, "name": c.name, "stack": c.stack, "tradable": c.tradable,
                                    "rule": c.rule, "effect": effects[c.id], "option": option_labels[c.option]}
                                   for c in sorted(d.calamities.values(), key=lambda c: c.order) if c.option],
            "civ_cards": {"groups": [{"id": k, "name": v} for k, v in _group_names().items()],
                          "cards": _civ_card_rows()},
            "ast": {"ages": [{"name": AGE_NAMES[e], "requirements": requirement_text(d.ast.requirements.get(e, {}))}
                             for e in EPOCHS],
                    "finish": d.ast.finish, "points_per_space": d.ast.points_per_space,
                    "tracks": [{"name": _nation_name(n), "starts": {AGE_NAMES[e]: t.epoch_start[e] for e in EPOCHS},
                                "late_iron": list(t.late_iron_thresholds)} for n, t in d.ast.tracks.items()]},
        }
        if v.key != "standard":
            out["variant"] = variant_reference(v)
        return out

    def _option_rows(self) -> list[dict[str, str]]:
        """The help page's table of the plain game's options (name, label, what it does, its
        default): the creation form's fields with the defaults of :class:`Options` (the later
        text's substitutions among them, SITE-SAFE-12)."""
        defaults = Options().to_json(every=True)
        unset = {"board": "the standard board for the number of players",
                 "tokens": "the suggested number for the board", "turn_limit": "none"}
        rows = []
        for f in self._plain_option_fields(range(self.min_players, self.max_players + 1), []):
            v = defaults[f.name]
            default = ("on" if v else "off") if isinstance(v, bool) else unset.get(f.name, "") if v is None else str(v)
            about = f.help or f"from {self.min_players} to {self.max_players}"
            rows.append({"name": f.name, "label": f.label, "about": about[:1].upper() + about[1:] + ".",
                         "default": default})
        return rows

    # ---- the map ---------------------------------------------------------------------------
    def board_key(self, options: dict) -> str | None:
        """The hash naming the base map of these options (``board/``)."""
        from .board import CoastlinesMissing, board_key

        try:
            return board_key(options)
        except CoastlinesMissing as e:
            raise BoardUnavailable(str(e)) from e

    def board_svg(self, options: dict) -> str | None:
        """The board configuration in play drawn on the real coastlines (``board/``)."""
        from .board import CoastlinesMissing, board_svg

        try:
            return board_svg(options)
        except CoastlinesMissing as e:
            raise BoardUnavailable(str(e)) from e

    def board_pieces(self, view: dict) -> dict | None:
        """Tokens, cities and ships of a view, with its seat's green/red choices (SITE-GEN-04)."""
        from .board import CoastlinesMissing, board_pieces

        try:
            return board_pieces(view)
        except CoastlinesMissing as e:
            raise BoardUnavailable(str(e)) from e

    def bot(self, state: GameState, seat: int, rng_seed: str) -> dict:
        from .bots.heuristic import heuristic_bot
        from ...rng import Rng

        order = heuristic_bot(state, seat, Rng(seed_state(rng_seed)))
        return order.to_json() if isinstance(order, Order) else order

    def is_platform_order(self, order: dict) -> bool:
        from .orders import is_platform_order

        return is_platform_order(order)

    def dumps(self, state: GameState) -> str:
        return state.dumps()

    def loads(self, text: str) -> GameState:
        return GameState.loads(text)

    def digest(self, state: GameState) -> str:
        return state.digest()


def _phase_name(v: Any, ph: str) -> str:
    """A phase by the name the help pages give it: the plain game's (18.1), else the phase
    class's ``title``, else its id."""
    return _PHASE_NAMES.get(ph) or v.phase_titles.get(ph) or ph.replace("_", " ").capitalize()


def _phase_rows(v: Any) -> list[dict[str, Any]]:
    """The phases of ``v``'s game, nation picking then its turn: id, name, rule and the
    players' orders (the plain game's: exactly as before variants, ``PHASES`` and ``TURN``)."""
    platform = v.order_types(platform=True)
    return [{"id": ph, "name": _phase_name(v, ph), "rule": v.phase(ph).rule,
             "orders": [t for t in v.phase(ph).accepts if t not in platform]}
            for ph in ("pick", *v.turn)]


def _doc(obj: Any) -> str:
    """The first paragraph of a class's own docstring, on one line, without its markup
    (``code``, :func:`name`): "" if it has none."""
    import re

    doc = obj.__dict__.get("__doc__") or ""
    text = " ".join(doc.strip().split("\n\n")[0].split())
    return re.sub(r"(?::\w+:)?`+([^`]+)`+", r"\1", text)


def variant_reference(v: Any) -> dict[str, Any]:
    """What a variant changes, for its help section (EP-14), read from the variant itself:
    its title and label; each phase of its turn marked ``plain``, ``changed`` (its own class
    under a plain phase's name) or ``new``, with the phase class's docstring and each order
    of the variant's own (or replaced) types with its docstring, i.e. what the decision asks;
    the orders taken in any phase; and its sub-options with their defaults and values."""
    from .variant import find_variant

    plain_orders = find_variant("standard").order_types()
    own_orders = v.order_types()
    platform = v.order_types(platform=True)

    def order_rows(names: Any) -> list[dict[str, Any]]:
        return [{"type": t, "about": _doc(own_orders[t]), "own": own_orders[t] is not plain_orders.get(t)}
                for t in names if t not in platform and t in own_orders]

    turn = []
    for ph in v.turn:
        obj = v.phase(ph)
        kind = "plain" if obj is PHASES.get(ph) else "changed" if ph in PHASES else "new"
        turn.append({"id": ph, "name": _phase_name(v, ph), "rule": obj.rule, "kind": kind,
                     "about": _doc(type(obj)) if kind != "plain" else "",
                     "orders": order_rows(obj.accepts) if kind != "plain" else []})
    model = v.options_model()
    subs = []
    if model is not None:
        for name, f in model.model_fields.items():
            ann = f.annotation
            values = list(getattr(ann, "__args__", ())) if ann is not bool else [False, True]
            subs.append({"name": name, "description": f.description or "", "default": f.default,
                         "values": values})
    return {"key": v.key, "title": v.title, "label": v.option_label(), "turn": turn,
            "anytime": order_rows(v.anytime_orders), "sub_options": subs}


def _value_words(v: Any) -> str:
    return "yes" if v is True else "no" if v is False else str(v).replace("_", " ")


def _variant_fields() -> list[OptionField]:
    """The choice of rules among the built-in variants (``variant.BUILT_IN``; none while the
    plain game is the only one) and the sub-options of each, shown only for it."""
    from .variant import built_in

    variants = built_in()
    if len(variants) < 2:
        return []
    out = [OptionField("variant", "Rules", "the rules played: the plain game or a variant",
                       choices=[OptionChoice(v.key, v.option_label()) for v in variants])]
    for v in variants:
        out += [replace(f, when={"variant": [v.key], **f.when}) for f in v.option_fields()]
    return out


def _nation_name(nation: str) -> str:
    """A nation's printed name; the Barbarians' and Pirates' pieces by their own names."""
    if nation == BARBARIANS:
        return "Barbarians"
    if nation == PIRATES:
        return "Pirates"
    n = load().map.nations.get(nation)
    return n.name if n else nation


@cache
def _group_names() -> dict[str, str]:
    """Civilization card groups by id: "Arts (blue triangle)" (32.1, the data file's names)."""
    from .data import _read

    return dict(_read("civ_cards.json")["meta"]["groups"])


def _civ_card_rows() -> list[dict[str, Any]]:
    """The 24 civilization cards as the pages show them (32): groups by name, cost,
    prerequisite, rule, effect and the credits each gives (31.5)."""
    from .rules import civcards as cc

    d = load()
    groups = _group_names()
    return [{"id": cid, "name": card.name, "groups": [groups.get(x, x) for x in card.groups],
             "cost": card.cost, "rule": card.rule, "text": cc.EFFECTS.get(cid, ""),
             "prerequisite": d.civ_cards[card.prerequisite].name if card.prerequisite else None,
             "credits": [{"card": d.civ_cards[t].name, "points": n} for t, n in card.credits.items()]}
            for cid, card in d.civ_cards.items()]


#: The phases by the names the help pages give them (18.1).
_PHASE_NAMES = {
    "pick": "Choosing nations and initial placement", "tax": "Taxation", "population": "Population expansion",
    "census": "Census", "ships": "Ship construction and maintenance", "movement": "Movement",
    "conflict": "Conflict", "cities": "City construction", "surplus": "Removal of surplus population",
    "acquisition": "Trade card acquisition", "trade": "Trade", "calamities": "Calamities",
    "advances": "Acquisition of civilization cards", "ast": "A.S.T. alteration",
}


def _calamity_effects() -> dict[str, str]:
    """Each calamity's effect (30) summed up in the site's own words, its figures taken from
    the modules that resolve it."""
    from .rules.calamities import barbarians, epidemic, famine, flood, iconoclasm, piracy, slave_revolt

    return {
        "volcano": "If the victim has a city in an area a volcano touches, it erupts and wipes out every "
                   "unit of every player in the areas it touches. Otherwise an earthquake destroys one of his cities "
                   "and reduces a neighbouring city of another player (Engineering softens an earthquake).",
        "treachery": "Whoever traded the card swaps one of the victim's cities, of his choosing, for a "
                     "city of his own. Drawn and kept, it simply costs the victim one city reduced.",
        "famine": f"The victim loses {famine.PRIMARY} unit points and hands out {famine.SECONDARY_TOTAL} "
                  f"more to other players, no more than {famine.SECONDARY_CAP} to any of them. A Pottery "
                  f"holder may show Grain cards to lose {famine.GRAIN_RELIEF} fewer per card.",
        "superstition": "Three of the victim's cities are reduced, his pick. The best religion card he "
                        "holds lowers that: 2 with Mysticism, 1 with Deism, none with Enlightenment.",
        "civil_war": "The victim's nation breaks in two. He and the player with the largest stock draw "
                     "up the first faction; the victim keeps one faction and the other player takes over "
                     "the other (Music, Drama and Poetry, Democracy, Philosophy and Military change the split).",
        "slave_revolt": f"For the rest of the calamity phase {slave_revolt.BASE} of the victim's tokens "
                        "support no city, so the cities left unsupported are reduced. Mining adds 5 "
                        "tokens to that, Enlightenment takes 5 away.",
        "flood": f"The victim loses up to {flood.PRIMARY} unit points of vulnerable units on the flood plain "
                 f"where he has most, and the other players there lose {flood.SECONDARY} between them. "
                 "With nothing on a flood plain he loses a coastal city instead; Engineering caps the "
                 f"loss at {flood.ENGINEERING_CAP}.",
        "barbarian_hordes": f"{barbarians.HORDE} barbarian tokens land in one of the victim's start "
                            "areas and march on, fighting, wherever they hurt him most, until they fit the "
                            "population limits. They stay on the board; Crete is never their victim.",
        "epidemic": f"The victim loses {epidemic.PRIMARY} unit points and makes other players lose "
                    f"{epidemic.SECONDARY} more, no more than {epidemic.CAP} each and none from whoever "
                    "traded him the card. Every area hit keeps a token; Medicine lessens it, Roadbuilding "
                    "worsens it.",
        "civil_disorder": "Every city of the victim beyond three is reduced. Music, Drama and Poetry, Law "
                          "and Democracy each spare one city; Military and Roadbuilding each add one.",
        "iconoclasm": f"The victim reduces 4 of his cities (fewer with Law, Philosophy or Theology, more "
                      f"with Monotheism or Roadbuilding) and names {iconoclasm.SECONDARY} cities of other "
                      "players to be reduced, never the trader's.",
        "piracy": f"{piracy.PRIMARY} of the victim's coastal cities, picked by whoever traded him the card, "
                  f"turn into pirate cities, and he picks one coastal city each of {piracy.SECONDARY} "
                  "other players to share that fate (never the trader's).",
        # the Expansion Project's (options ep_major / ep_minor; docs/rulings/expansion-calamities-*.md)
        "squandered_wealth": "The victim returns 10 treasury tokens to stock, or all he has if fewer.",
        "tempest": "All the victim's ships go back to stock, and he returns 5 treasury tokens, or all he has if fewer.",
        "city_in_flames": "The victim loses one city of his choice, or pays 10 treasury instead; with less than "
                          "10 in treasury the city is lost.",
        "city_riots": "The victim reduces one city of his choice and returns 5 treasury tokens, or all he has if fewer.",
        "cyclone": "A cyclone strikes the open sea bordering most of the victim's cities (his pick on a tie): he "
                   "reduces 3 of his cities on its coasts and every other player 2 of theirs; every ship on those "
                   "coasts goes back to stock. With the option \"cards of the later text\", Engineering "
                   "spares two cities and two ships.",
        "coastal_migration": "The victim loses 5 unit points from coastal areas of his choice (all of them if he "
                             "has fewer there) and all his ships.",
        "corruption": "The victim discards commodity cards worth at least 10 at face value, his pick (his whole "
                      "hand if it is worth less); Coinage makes it 15, Law 5 less.",
        "tribal_conflict": "The victim empties two neighbouring areas of his holding his tokens and no city, his "
                           "pick, losing at most 5 tokens.",
        "tyranny": "The neighbour by land with the most units in stock annexes twice as many unit points of the "
                   "victim's as the victim has cities, replacing them with his own. With the option \"cards of the "
                   "later text\", Military spares 5 of them and Democracy 10.",
        "minor_uprising": "The victim loses at least one unit point per city he owns, or pays 2 treasury for "
                          "each point he spares.",
        "regression": "The victim's marker on the A.S.T. moves back one space (not if he has no city).",
        "banditry": "The victim gives commodity cards worth one face point per city he owns to whoever traded "
                    "him the card (discarded if nobody did).",
    }


def areas_in_play(state: GameState):
    return board_areas(state.options.board, state.options.wem)
