"""``GIContext``: the board primitives and rule hooks of a Grand Imperial game (design section
1.3, EP-5; slice 6, city advances I).

It overrides the plain ``Context`` hooks the city advances change, each minimally:

- ``set_value`` (GI-REGION-13, GI-CITYADV-03, GI-CITYADV-07): cards beyond a commodity's
  printed count are further sets; the Communal Loom and the Quarry of the player whose cards
  are valued (:meth:`GIContext.holding`) raise Cloth's face value and metal and gem sets' size;
- ``support_needed`` (GI-CITYADV-02, GI-CITYADV-04): the Communal Well and the Granary;
- ``public_points`` (GI-AST-04): the printed cost of every advance on the board; ``score``
  values the hand as its holder's;
- ``remove_city``, ``replace_city`` and ``place_city``: the sites follow their cities
  (``sites.city_left``, ``sites.take_over``, ``sites.city_built``);
- ``removes_last`` and ``replacement_tokens`` (conflict): Barracks (GI-CITYADV-19) and
  Militia (GI-CITYADV-01).

Ships (slice 3, ``fleet.py``): the plain board primitives for ships keep the ship records of
``variant_state["ships"]`` in step with ``board.ships`` when any rule calls them, the plain
ones included (GI-SHIP-01, GIR-16).

Leadership cards (slice 8, ``leaders.py``): leaders are not commodity cards (the hand limit
leaves them out, GIR-33), a card given in a trade may carry a leader's effect
(``on_cards_received``), a pact forbids some moves (``check_entry``), and assimilated
civilization cards score nothing (``civ_points``).

The luxury dice (slice 2, GI-LUX-07, GI-LUX-08): a city's die goes when the city leaves the
board (reduced, destroyed, removed: ``remove_city``); it stays with the area when the city
only changes owner (``replace_city``; GIR-28: tax revolt, Treachery, Civil War).

Calamities (slice 9): a Slave Revolt's blocked tokens are out of the next tax base
(``tax_base``, GI-CAL-06).
"""
from __future__ import annotations

from contextlib import contextmanager
from functools import cache
from typing import Iterator

from ..context import Context
from . import data as gi
from . import fleet, sites

GRAIN = "grain"
#: ``Player.flags`` key: Grain cards supporting Granary cities this turn (GIR-40).
GRANARY_GRAIN = "granary_grain"


@cache
def _leader_ids() -> frozenset[str]:
    return frozenset(gi.leaders())


def _with(effect: str) -> list[str]:
    """The advances whose data has ``effect`` set (read from ``data.city_advances``)."""
    return [a.id for a in gi.city_advances().values() if getattr(a, effect)]


class GIContext(Context):
    """A Grand Imperial game being worked on."""

    __slots__ = ("holder", "damage_rule", "_bonus")

    def __init__(self, state, data=None) -> None:
        super().__init__(state, data)
        #: the nation whose trade cards are being valued (their Loom and Quarry count), or None
        self.holder: str | None = None
        #: what a city leaving the board does to its site now: "flip" in the conflict phase
        #: (GI-CARULE-04), None elsewhere (``sites.city_left``)
        self.damage_rule: str | None = None
        #: the holder's set bonuses, card -> (face, size), read when ``holding`` began
        self._bonus: dict[str, tuple[int, int]] = {}

    @contextmanager
    def holding(self, nation: str | None) -> Iterator[None]:
        """Value trade cards as ``nation``'s within the block: ``set_value`` and everything
        built on it (hand values, payments, the purchase searches) count his Communal Loom and
        Quarry (GI-CITYADV-03, -07)."""
        before, self.holder = self.holder, nation
        bonus_before, self._bonus = self._bonus, self._bonus_table(nation)
        try:
            yield
        finally:
            self.holder, self._bonus = before, bonus_before

    # ---- ships (GI-SHIP-01, GIR-16) ----------------------------------------------------------
    def add_ship(self, nation: str, area: str) -> None:
        """A new ship is a Trireme with the lowest free id (GI-SHIP-01)."""
        fleet.add(self, nation, area)

    def remove_ship(self, nation: str, area: str) -> None:
        """The lowest-numbered of ``nation``'s ships in ``area`` goes to stock, its cargo lost
        (GIR-16)."""
        recs = fleet.in_area(self.s, nation, area)
        if not recs:
            raise ValueError(f"{nation} has no ship in {area}")
        fleet.remove(self, nation, recs[0]["id"])

    def move_ship(self, nation: str, src: str, dst: str) -> None:
        """The lowest-numbered of ``nation``'s ships in ``src`` moves to ``dst``."""
        recs = fleet.in_area(self.s, nation, src)
        if not recs:
            raise ValueError(f"{nation} has no ship in {src}")
        fleet.move(self, nation, recs[0]["id"], dst)

    # ---- Leadership cards (GI-LEADER-03, -07, -08; GI-TRADE-09) ----------------------------
    def commodity_cards(self, hand) -> list[str]:
        """Commodity cards, ballast included, and not the Leadership cards, which do not count
        toward the hand limit (GI-TRADE-09, GIR-33; ruling GILD-9)."""
        leaders = _leader_ids()
        return [c for c in hand if c in self.d.commodities and c not in leaders]

    def conversions(self, nation: str) -> int:
        """GI-LEADER-02: the Theocratic Leader played by a holder of Theology and Monotheism
        gives two conversions this turn (``flags["conversions"]``, void if annulled)."""
        return max(1, int(self.of(nation).flags.get("conversions", 1)))

    def on_cards_received(self, taker: str, giver: str, cards: list[str], how: str) -> None:
        """Leaders traded (GI-LEADER-03, -08) and the Proselytizer's conflict (GI-LEADER-07)."""
        from .leaders import on_received

        on_received(self, taker, giver, cards, how)

    def check_entry(self, nation: str, area: str) -> None:
        """The Great Compromiser's pact (GI-LEADER-08)."""
        if self.s.variant_state.get("pacts"):
            from .leaders import check_entry

            check_entry(self, nation, area)

    def may_buy_again(self, nation: str, card: str) -> bool:
        """A card owned by assimilation only may be bought, to make it score (GI-LEADER-03;
        ruling GILD-15)."""
        from .leaders import assimilated

        return card in assimilated(self.s, nation)

    # ---- calamities (GI-CAL-06) -------------------------------------------------------------
    def tax_base(self, nation: str) -> int:
        """The stock less the tokens a Slave Revolt keeps out of this taxation phase
        (``variant_state["tax_blocked"]``, GI-CAL-06; ruling GIC-6)."""
        from .calamities.slave_revolt import blocked_tax_base

        return blocked_tax_base(self, nation)

    def civ_points(self, nation: str) -> int:
        """Civilization cards' face values, less those owned by assimilation only, which score
        nothing (GI-LEADER-03)."""
        from .leaders import assimilated

        skip = assimilated(self.s, nation)
        return sum(self.d.civ_cards[c].cost for c in self.of(nation).civ_cards if c not in skip)

    # ---- trade cards ---------------------------------------------------------------------
    def set_bonus(self, card: str) -> tuple[int, int]:
        """(face value added, set size added) for ``card`` in the holder's sets (read once when
        ``holding`` began: :meth:`_bonus_table`)."""
        return self._bonus.get(card, (0, 0)) if self.holder is not None else (0, 0)

    def _bonus_table(self, nation: str | None) -> dict[str, tuple[int, int]]:
        """Every commodity's (face, size) bonus for ``nation`` (:meth:`_card_bonus`)."""
        if nation is None:
            return {}
        kinds = sites.working_kinds(self, nation)
        if not kinds:
            return {}
        out = {}
        for card in self.d.commodities:
            b = self._card_bonus(card, kinds)
            if b != (0, 0):
                out[card] = b
        return out

    def _card_bonus(self, card: str, kinds: set[str]) -> tuple[int, int]:
        """(face value added, set size added) for ``card`` in the holder's sets: each working
        advance with a ``set_bonus`` on ``card`` counts once per civilization (GIR-41): the
        Communal Loom adds to Cloth's face value, the Quarry makes metal and gem sets one card
        larger. Which it is: a bonus on a Mining commodity (32.261) makes the set larger, any
        other raises the face value (GIA-3)."""
        face = size = 0
        for aid in sorted(kinds):
            a = gi.city_advances()[aid]
            bonus = a.set_bonus.get(card, 0)
            if not bonus:
                continue
            if self.d.commodities[card].mining:
                size += bonus  # Quarry: the Mining commodities, a set one card larger (32.261)
            else:
                face += bonus  # Communal Loom: Cloth's face value
        return face, size

    def set_value(self, card: str, n: int) -> int:
        """Value of ``n`` identical commodity cards (28.51, 28.52): n² × face value within the
        printed count. GI-REGION-13: cards beyond the printed count (13 Iron, 8 Gold) are
        further sets, the first ``count`` cards one set at the printed maximum, each further
        ``count`` another (10 Iron = 128 + 8 = 136). GI-CITYADV-03: the holder's Communal Loom
        adds 1 to Cloth's face value (3 Cloth = 54). GI-CITYADV-07: his Quarry makes each
        Iron, Bronze, Silver, Gems and Gold set one card larger, within the printed count
        (3 Gold = 144)."""
        c = self.d.commodities.get(card)
        if c is None or n <= 0:
            return 0
        face, size = self.set_bonus(card)
        value = c.value + face
        total = 0
        while n > 0:
            k = min(n, c.count)
            total += min(k + size, c.count) ** 2 * value
            n -= k
        return total

    def score(self, nation: str) -> int:
        """Victory points (35.1, GI-AST-04), the hand valued as ``nation``'s (his Loom and
        Quarry)."""
        with self.holding(nation):
            return super().score(nation)

    def public_points(self, nation: str) -> int:
        """Total Public Points (SITE-AST-03) and the printed cost of every city advance of his
        on the board, face up or flipped (GI-AST-04, GIR-55)."""
        return super().public_points(nation) + sites.points(self, nation)

    # ---- city support ----------------------------------------------------------------------
    def city_support(self, nation: str) -> list[int]:
        """Tokens each of ``nation``'s cities needs (26.31: 2), the Communal Well's 1
        (GI-CITYADV-04) where it works, in area order."""
        out = []
        for area in self.cities_of(nation):
            need = 2
            for aid in sites.working_in(self, area):
                tokens = gi.city_advances()[aid].support_tokens
                if tokens is not None:
                    need = min(need, tokens)
            out.append(need)
        return out

    def granary_cities(self, nation: str) -> list[str]:
        """``nation``'s cities with a working Granary (GI-CITYADV-02), in area order."""
        granaries = set(_with("support_grain_cards"))
        return [a for a in self.cities_of(nation) if granaries & set(sites.working_in(self, a))]

    def grain_for_support(self, nation: str) -> int:
        """Grain cards in ``nation``'s hand that may support Granary cities (GI-CITYADV-02):
        those not shown against Famine this turn."""
        from ..rules.civcards import famine_grain

        p = self.of(nation)
        return max(0, p.hand.count(GRAIN) - famine_grain(p))

    def support_with_grain(self, nation: str, grain: int) -> int:
        """Tokens ``nation``'s cities need when ``grain`` Grain cards support Granary cities,
        each in place of that city's tokens (GI-CITYADV-02, -04), the dearest cities first."""
        need = self.city_support(nation)
        granary = set(self.granary_cities(nation))
        covered = sorted((n for a, n in zip(self.cities_of(nation), need) if a in granary), reverse=True)
        return sum(need) - sum(covered[:max(0, grain)])

    def support_needed(self, nation: str) -> int:
        """Tokens on the board ``nation``'s cities need (26.31): 2 a city, 1 with a Communal
        Well (GI-CITYADV-04), none for a Granary city a Grain card of his hand supports
        (GI-CITYADV-02; one card a city). The Grain is used only when it saves a reduction
        (GIR-40, :meth:`grain_used`), so the need counts every Grain he may use."""
        return self.support_with_grain(nation, self.grain_for_support(nation))

    def grain_used(self, nation: str) -> int:
        """How many Grain cards support Granary cities now (GIR-40): the fewest that bring the
        need within the tokens on the board, none when the tokens suffice."""
        tokens = self.tokens_on_board(nation)
        most = min(self.grain_for_support(nation), len(self.granary_cities(nation)))
        for k in range(most + 1):
            if self.support_with_grain(nation, k) <= tokens:
                return k
        return most

    # ---- conflict ----------------------------------------------------------------------------
    def barracks_reach(self, area: str) -> set[str]:
        """The nations with a working Barracks in ``area`` or a land area next to it
        (GI-CITYADV-19, GIR-43: the radius)."""
        barracks = set(_with("removes_last"))
        near = {area, *self.areas[area].land_adj} if area in self.areas else {area}
        out = set()
        for a in sorted(near):
            owner = self.s.board.cities.get(a)
            if owner and barracks & set(sites.working_in(self, a)):
                out.add(owner)
        return out

    def removes_last(self, area: str, holders: set[str]) -> set[str]:
        """24.24 with Barracks (GI-CITYADV-19, GIR-43): an owner removes after the others when
        he holds Metalworking or a Barracks of his reaches ``area``; when both sides have the
        key they remove together, as the seed's "both players remove tokens normally"."""
        return set(holders) | self.barracks_reach(area)

    def replacement_tokens(self, area: str, defender: str, tokens: int) -> int:
        """An attacked city with a working Militia is replaced by one token more
        (GI-CITYADV-01: 7, or 6 against an Engineering attacker)."""
        extra = sum(gi.city_advances()[a].conflict_extra_tokens for a in set(sites.working_in(self, area)))
        return tokens + extra

    # ---- cities ----------------------------------------------------------------------------
    def place_city(self, owner: str, area: str, new: bool = True) -> None:
        """Build a city; a decaying site there stops decaying (GI-CARULE-04, -05:
        ``sites.city_built``)."""
        super().place_city(owner, area, new)
        sites.city_built(self, area, owner)

    def remove_city(self, area: str) -> str:
        """Take the city in ``area`` off the board: its luxury die goes with it (GI-LUX-07),
        its site's advances follow (``sites.city_left``)."""
        owner = super().remove_city(area)
        dice = self.s.variant_state.get("luxury")
        if dice and area in dice:
            del dice[area]
            if not dice:
                self.s.variant_state.pop("luxury")
        sites.city_left(self, area, owner)
        return owner

    def replace_city(self, area: str, new_owner: str, why: str = "") -> None:
        """The city in ``area`` becomes ``new_owner``'s (19.32, 30.221, 30.91): the die belongs
        to the area and stays (GIR-28); its advances go with it, but the Palace (GIR-57,
        GIR-42; ``sites.take_over``)."""
        old = self.s.board.cities[area]
        kept = self.s.variant_state.get("luxury", {}).get(area)
        before = sites.drop(self, area)
        super().replace_city(area, new_owner, why)
        sites.take_over(self, area, old, new_owner, before)
        if kept is not None:
            self.s.variant_state.setdefault("luxury", {})[area] = kept
