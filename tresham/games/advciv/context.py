"""The working context the rules act on: a state, the static data and the event list.

:class:`Context` wraps one :class:`GameState` while the engine applies an order. It offers the
board primitives every phase shares (tokens to and from stock, building, destroying and
reducing cities, unit points, the orders of play) so each rule is written once.
All piece movements go through these primitives; that keeps the 55/9/4 counts exact.

A variant (``variant.py``) may play with its own subclass (``Variant.context_class``), which
overrides the primitives and the hooks below that it changes: ``support_needed``,
``tax_base``, ``on_cards_received``, ``commodity_cards``, ``check_entry``, ``may_buy_again``,
``removes_last``, ``replacement_tokens``. In the plain class each hook is exactly the plain rule.
"""
from __future__ import annotations

from collections import Counter
from functools import cache

from ..contract import Event, IllegalOrder
from ...rng import Rng
from . import hand_values
from .data import (
    BARBARIANS,
    CITIES_PER_NATION,
    PIRATES,
    SHIPS_PER_NATION,
    Area,
    GameData,
    load,
)
from .state import GameState, Player
from .words import plural

SPECIAL_OWNERS = (BARBARIANS, PIRATES)


@cache
def board_areas(config_key: str, wem: bool = False) -> dict[str, Area]:
    """The areas in play for a §16 board configuration, adjacency cut to those areas.

    The Western Extension Map is optional (3.1A): without ``wem`` its areas are left out."""
    d = load()
    cfg = d.map.configs[config_key]
    in_play = frozenset(a for a in cfg.areas if wem or d.map.areas[a].panel != "WEM")
    out = {}
    for aid in sorted(in_play):
        a = d.map.areas[aid]
        land = a.land_adj & in_play
        water = a.water_adj & in_play
        site = a.city_site
        if cfg.island_sites_ignored and a.island:
            site = None  # 16.8: island city sites disregarded with 2 players
        if land != a.land_adj or water != a.water_adj or site != a.city_site:
            a = Area(a.id, a.name, a.kind, a.limit, site, a.flood_plain, a.volcanoes, a.coastal,
                     a.island, a.start_of, a.panel, frozenset(land), frozenset(water))
        out[aid] = a
    return out


class Context:
    """A state being worked on, with the shared board primitives."""

    __slots__ = ("s", "d", "areas", "rng", "events")

    def __init__(self, state: GameState, data: GameData | None = None) -> None:
        self.s = state
        self.d = data or load()
        self.areas = board_areas(default_board(state), state.options.wem)
        self.rng = Rng(state.rng)
        self.events: list[Event] = []

    # ---- events -----------------------------------------------------------
    def emit(self, text: str, kind: str = "info", to: list[int] | None = None, **data) -> None:
        """Record an event; ``to`` = seats that may see it (None = everyone)."""
        if to is not None and not (isinstance(to, list) and all(isinstance(s, int) for s in to)):
            raise TypeError(f"event visibility must be a list of seats, not {to!r}")
        self.events.append(Event(text, kind, to, data))

    def sync(self) -> None:
        """Write the generator state back into the game state."""
        self.s.rng = self.rng.state

    @property
    def variant(self):
        """The variant this game plays (``variant.variant_of``): its turn, phases, orders."""
        return _variant_of(self.s)

    # ---- players ---------------------------------------------------------
    def player(self, seat: int) -> Player:
        """The player in ``seat``; IllegalOrder for anything but a seat of this game (a
        negative number is never a seat, though Python would index from the end)."""
        if type(seat) is not int or not 0 <= seat < len(self.s.players):
            raise IllegalOrder("16.1", f"there is no seat {seat!r} in this game: seats are 0 to "
                               f"{len(self.s.players) - 1}")
        return self.s.players[seat]

    def of(self, nation: str) -> Player:
        return self.s.player(nation)

    def name(self, nation: str) -> str:
        if nation == BARBARIANS:
            return "the Barbarians"
        if nation == PIRATES:
            return "the Pirates"
        n = self.d.map.nations.get(nation)
        return n.name if n else nation

    def names(self, nations, last: str = "and") -> str:
        """Nations' names in a sentence: "Egypt", "Asia and Egypt", "Asia, Assyria or Egypt"."""
        ns = [self.name(n) for n in nations]
        return ns[0] if len(ns) == 1 else ", ".join(ns[:-1]) + f" {last} {ns[-1]}"

    def possessive(self, nation: str) -> str:
        """"Egypt's", "the Pirates'"."""
        n = self.name(nation)
        return n + ("'" if n.endswith("s") else "'s")

    def area_name(self, area: str) -> str:
        return self.d.map.areas[area].name

    def active(self) -> list[Player]:
        """Players with a nation, in A.S.T. order (17.4)."""
        ps = [p for p in self.s.players if p.nation]
        return sorted(ps, key=lambda p: self.d.map.nations[p.nation].ast_order)

    def ast_rank(self, nation: str) -> int:
        return self.d.map.nations[nation].ast_order

    def census_order(self) -> list[Player]:
        """Ship building and movement order (21.1, 22.11, 23.21): most tokens first,
        ties by A.S.T. order, Military holders after all non-holders."""
        ps = [p for p in self.active() if not p.inert]
        return sorted(ps, key=lambda p: (p.has("military"), -p.census, self.ast_rank(p.nation)))

    # ---- counting --------------------------------------------------------
    def tokens(self, area: str, owner: str) -> int:
        return self.s.board.tokens.get(area, {}).get(owner, 0)

    def tokens_on_board(self, nation: str) -> int:
        return sum(m.get(nation, 0) for m in self.s.board.tokens.values())

    def token_areas(self, nation: str) -> list[str]:
        return sorted([a for a, m in self.s.board.tokens.items() if nation in m])

    def cities_of(self, nation: str) -> list[str]:
        return sorted(a for a, o in self.s.board.cities.items() if o == nation)

    def cities_in_stock(self, nation: str) -> int:
        return CITIES_PER_NATION - sum(1 for o in self.s.board.cities.values() if o == nation)

    def ships_of(self, nation: str) -> list[str]:
        return self.s.board.ships.get(nation, [])

    def ships_in_stock(self, nation: str) -> int:
        return SHIPS_PER_NATION - len(self.ships_of(nation))

    def units_in_stock(self, nation: str) -> int:
        """Unit points in stock: token 1, city 5 (5.6); used to find beneficiaries (19.32)."""
        return self.of(nation).stock + 5 * self.cities_in_stock(nation)

    def unit_points_on_board(self, nation: str) -> int:
        return self.tokens_on_board(nation) + 5 * len(self.cities_of(nation))

    def most_units_in_stock(self, exclude: tuple[str, ...] = ()) -> str | None:
        """The player with most unit points in stock, ties by A.S.T. order (19.32, 30.411)."""
        best, best_n = None, -1
        for p in self.active():
            if p.nation in exclude or p.inert:
                continue
            n = self.units_in_stock(p.nation)
            if n > best_n:
                best, best_n = p.nation, n
        return best

    def limit(self, area: str, nation: str | None = None) -> int:
        """Population limit of ``area``; +1 for an Agriculture holder alone there (26.11, 32.241)."""
        base = self.areas[area].limit
        if nation and nation not in SPECIAL_OWNERS and self.of(nation).has("agriculture"):
            others = [o for o in self.s.board.owners(area) if o != nation]
            if not others:
                return base + 1
        return base

    def support_needed(self, nation: str) -> int:
        """Tokens on the board ``nation``'s cities need (26.31: two per city in play)."""
        return 2 * len(self.cities_of(nation))

    def removes_last(self, area: str, holders: set[str]) -> set[str]:
        """The owners who remove their tokens after all others in a token fight in ``area``
        (24.24, 32.231): the Metalworking ``holders``."""
        return holders

    def replacement_tokens(self, area: str, defender: str, tokens: int) -> int:
        """Tokens replacing ``defender``'s city in ``area`` when it is attacked (24.32):
        ``tokens``, as ``conflict.city_replacement`` counts them."""
        return tokens

    def tax_base(self, nation: str) -> int:
        """The tokens ``nation`` can pay tax from (19.1, 19.31: his stock)."""
        return self.of(nation).stock

    # ---- tokens ----------------------------------------------------------
    def add_tokens(self, nation: str, area: str, n: int) -> None:
        """Put ``n`` tokens from ``nation``'s stock into ``area`` (barbarians/pirates have no stock)."""
        if n <= 0:
            return
        if nation not in SPECIAL_OWNERS:
            p = self.of(nation)
            if p.stock < n:
                raise RuntimeError(f"{nation} has {p.stock} tokens in stock, needs {n}")
            p.stock -= n
        m = self.s.board.tokens.setdefault(area, {})
        m[nation] = m.get(nation, 0) + n

    def remove_tokens(self, nation: str, area: str, n: int) -> int:
        """Return up to ``n`` of ``nation``'s tokens in ``area`` to stock; gives the number removed."""
        m = self.s.board.tokens.get(area)
        have = m.get(nation, 0) if m else 0
        n = min(n, have)
        if n <= 0:
            return 0
        if have == n:
            del m[nation]
            if not m:
                del self.s.board.tokens[area]
        else:
            m[nation] = have - n
        if nation not in SPECIAL_OWNERS:
            self.of(nation).stock += n
        return n

    def move_tokens(self, nation: str, src: str, dst: str, n: int) -> None:
        """Move tokens on the board (no stock change)."""
        if self.remove_tokens(nation, src, n) != n:
            raise RuntimeError(f"{nation} lacks {n} tokens in {src}")
        if nation not in SPECIAL_OWNERS:
            self.of(nation).stock -= n
        m = self.s.board.tokens.setdefault(dst, {})
        m[nation] = m.get(nation, 0) + n

    def to_treasury(self, nation: str, n: int) -> int:
        """Move up to ``n`` tokens from stock to treasury (19.1, 24.52); gives the number moved."""
        p = self.of(nation)
        n = max(0, min(n, p.stock))
        p.stock -= n
        p.treasury += n
        return n

    def spend_treasury(self, nation: str, n: int) -> None:
        """Treasury tokens spent go back to stock."""
        p = self.of(nation)
        if p.treasury < n:
            raise RuntimeError(f"{nation} has {p.treasury} in treasury, needs {n}")
        p.treasury -= n
        p.stock += n

    # ---- ships -----------------------------------------------------------
    def add_ship(self, nation: str, area: str) -> None:
        """Put one of ``nation``'s ships from stock into ``area`` (5.1, 22.4: four at most)."""
        if self.ships_in_stock(nation) <= 0:
            raise RuntimeError(f"{nation} has no ship in stock")
        self.s.board.ships.setdefault(nation, []).append(area)

    def remove_ship(self, nation: str, area: str) -> None:
        """Return one of ``nation``'s ships in ``area`` to stock."""
        ships = self.s.board.ships.get(nation, [])
        ships.remove(area)
        if not ships:
            self.s.board.ships.pop(nation, None)

    def move_ship(self, nation: str, src: str, dst: str) -> None:
        """Move one of ``nation``'s ships from ``src`` to ``dst`` (23.52)."""
        ships = self.s.board.ships[nation]
        ships[ships.index(src)] = dst

    # ---- cities ----------------------------------------------------------
    def place_city(self, owner: str, area: str, new: bool = True) -> None:
        """Put a city of ``owner`` from stock into ``area``; marks it built this turn (26.32)."""
        if area in self.s.board.cities:
            raise RuntimeError(f"{area} already has a city")
        if owner not in SPECIAL_OWNERS:
            if self.cities_in_stock(owner) <= 0:
                raise RuntimeError(f"{owner} has no city in stock")
            if new:
                self.of(owner).new_cities.append(area)
        self.s.board.cities[area] = owner

    def remove_city(self, area: str) -> str:
        """Take the city in ``area`` back to its owner's stock; gives the owner."""
        owner = self.s.board.cities.pop(area)
        if owner not in SPECIAL_OWNERS:
            nc = self.of(owner).new_cities
            if area in nc:
                nc.remove(area)
        return owner

    def reduce_city(self, area: str, why: str = "") -> int:
        """Reduce the city in ``area`` (26.41): it is replaced by as many of its owner's tokens
        as the area's limit allows (+1 with Agriculture where no other nation's tokens stand,
        32.241), as far as stock allows.
        Gives the number of tokens placed. Pirate cities are simply removed."""
        owner = self.remove_city(area)
        placed = 0
        if owner not in SPECIAL_OWNERS:
            alone = all(o == owner for o in self.s.board.owners(area))
            want = self.areas[area].limit + (1 if alone and self.of(owner).has("agriculture") else 0)
            want = max(0, want - self.tokens(area, owner))
            placed = min(want, self.of(owner).stock)
            self.add_tokens(owner, area, placed)
        self.emit(f"{self.possessive(owner)} city in {self.area_name(area)} is reduced"
                  + (f" by {why}" if why else "") + f" ({plural(placed, 'token')} "
                  f"{'remains' if placed == 1 else 'remain'}).",
                  "city_reduced", area=area, nation=owner, tokens=placed)
        return placed

    def destroy_city(self, area: str, why: str = "") -> str:
        """Eliminate the city in ``area`` outright (no tokens replace it)."""
        owner = self.remove_city(area)
        self.emit(f"{self.possessive(owner)} city in {self.area_name(area)} is destroyed"
                  + (f" by {why}" if why else "") + ".", "city_destroyed", area=area, nation=owner)
        return owner

    def replace_city(self, area: str, new_owner: str, why: str = "") -> None:
        """Replace the city in ``area`` by one of ``new_owner``'s (19.32, 30.221, 30.91)."""
        old = self.remove_city(area)
        self.place_city(new_owner, area)
        self.emit(f"{self.possessive(old)} city in {self.area_name(area)} becomes {self.possessive(new_owner)}"
                  + (f" ({why})" if why else "") + ".", "city_replaced", area=area,
                  old=old, nation=new_owner)

    # ---- trade cards -----------------------------------------------------
    def set_value(self, card: str, n: int) -> int:
        """Value of ``n`` identical commodity cards: n² × face value, capped by the printed
        maximum (28.51, 28.52). Calamities are worth nothing."""
        return hand_values.set_value(self.d.commodities, card, n)

    def hand_value(self, cards: list[str], mining: bool = False) -> int:
        """Value of a group of trade cards as sets; with Mining one eligible set counts one
        card larger, once (28.53, 32.261, Z-29). With the plain set values, kept by hand
        (``hand_values.valuer``)."""
        if type(self).set_value is Context.set_value:
            return hand_values.valuer(self.d)(tuple(sorted(cards)), mining)
        counts = Counter(c for c in cards if c in self.d.commodities)
        total = sum(self.set_value(c, n) for c, n in counts.items())
        if mining:
            gain = max((self.set_value(c, n + 1) - self.set_value(c, n)
                        for c, n in counts.items() if self.d.commodities[c].mining), default=0)
            total += gain
        return total

    def on_cards_received(self, taker: str, giver: str, cards: list[str], how: str) -> None:
        """Called once ``taker`` holds ``cards`` from ``giver``'s hand: ``how`` is "trade" (28.1)
        or "capture" (24.51). Nothing happens in the plain game."""

    def commodity_cards(self, hand) -> list[str]:
        """The commodity cards of a hand, those the hand limit counts (28.5, 31.71;
        ``civcards.commodities``): in the plain game every card of the data's commodities."""
        return [c for c in hand if c in self.d.commodities]

    def check_entry(self, nation: str, area: str) -> None:
        """Refuse (IllegalOrder) a move of ``nation``'s tokens into ``area`` that a variant's
        rule forbids; called by the movement checks (``movement.check_land_move``, a voyage's
        unloading). The plain game forbids none beyond the movement rules themselves (23)."""

    def conversions(self, nation: str) -> int:
        """How many areas ``nation``'s Monotheism may convert in this calamity phase (32.941:
        one; ``rules/calamities/monotheism``). A variant may grant more."""
        return 1

    def may_buy_again(self, nation: str, card: str) -> bool:
        """Whether ``nation`` may buy ``card`` though it owns it (``civcards.check_cards``): a
        variant's exception to 31.61. The plain game allows none."""
        return False

    # ---- scores ----------------------------------------------------------
    def civ_points(self, nation: str) -> int:
        """Face value of owned civ cards (Civ Advancement Points, SITE-AST-03)."""
        return sum(self.d.civ_cards[c].cost for c in self.of(nation).civ_cards)

    def public_points(self, nation: str) -> int:
        """Total Public Points: the score without the hidden hand (SITE-AST-03)."""
        p = self.of(nation)
        return (self.civ_points(nation) + p.treasury + self.d.ast.points_per_space * p.ast
                + 50 * len(self.cities_of(nation)))

    def score(self, nation: str) -> int:
        """Victory points (35.1): civ cards + commodity sets (Mining) + treasury
        + 100 per A.S.T. space + 50 per city."""
        p = self.of(nation)
        # 32.261: Mining already used on a purchase this turn cannot boost the kept cards.
        mining = p.has("mining") and not p.flags.get("mining_used")
        return self.public_points(nation) + self.hand_value(p.hand, mining=mining)

    def leaders(self) -> list[str]:
        """Nations by Total Public Points, highest first, ties by A.S.T. order (SZ-20)."""
        return [p.nation for p in sorted(self.active(), key=lambda p: (-self.public_points(p.nation),
                                                                         self.ast_rank(p.nation)))]


def _variant_of(state: GameState):
    """``variant.variant_of``, imported on the first call (variant.py imports this module);
    the name is then bound to it, so later calls cost no import."""
    global _variant_of
    from .variant import variant_of

    _variant_of = variant_of
    return variant_of(state)


def default_board(state: GameState) -> str:
    """The §16 board configuration used when the options name none."""
    if state.options.board:
        return state.options.board
    return DEFAULT_BOARD[state.options.players]


DEFAULT_BOARD = {8: "full_8p", 7: "full_7p", 6: "full_6p", 5: "five_wem_drop_two_west", 4: "four_east",
                 3: "three", 2: "two"}
