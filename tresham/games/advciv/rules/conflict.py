"""Conflict (24), phase 6 of the turn, with the site's processing order (SITE-CONFLICT-06).

Conflict is resolved automatically (SITE-CONFLICT-01); the only decision is how much a
player who destroyed a city pillages (24.52, SITE-CONFLICT-03, default the maximum,
SITE-CONFLICT-05). Conflict is simultaneous: A.S.T. order never breaks a tie here (17.4).

Reusable entry point for other phases (e.g. Barbarian Hordes, 30.5212 / 30.5231)::

    resolve_area(g, area) -> list[dict]

Contract:

* If ``area`` is not in conflict (24.1: tokens of two or more owners exceeding the area's
  limit, a city counting as full; Agriculture never applies, SITE-CONFLICT-02) nothing
  happens and ``[]`` is returned.
* Otherwise the whole conflict of that area is resolved at once, through the ``Context``
  primitives, with events: token fights (24.2, Z-33, Metalworking 24.24), then a possible
  city attack (24.3, 24.35, 24.41, 24.33) with the defender's replacement tokens and the
  fight that follows; pirate tokens left over are removed (24.34).
* When a *nation* eliminates a city by direct attack, the random trade card is drawn at
  once (24.51, Z-21; from the inert nation's retained cards, 15.62; none from pirates,
  24.53) and a pillage opportunity ``{"nation": attacker, "area": area}`` is returned; it is
  NOT applied. The conflict phase turns each one into a decision; any other caller decides
  what to do with it (``pillage(g, nation, area, pillage_max(g, nation))`` applies the site
  default). Barbarians never draw cards nor pillage (24.53, 30.526), so resolving a
  barbarian fight returns opportunities only for nations that attacked a city there.
* Barbarians (owner ``barbarians``) and pirates (``pirates``) fight like nations that hold
  no civilization cards (30.5252).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...contract import Decision, IllegalOrder
from ..data import BARBARIANS, PIRATES
from ..context import Context
from ..words import plural
from ..orders import Order, order
from ..schema import Count, OptionalArea
from ..phase import Phase, register, require_phase_player
from ..view import PHASE_VIEWS

SPECIAL = (BARBARIANS, PIRATES)
PILLAGE_PER_CITY = 3  # 24.52


def possessive(g: Context, owner: str) -> str:
    """"Babylon's", "the Pirates'" (for readable events)."""
    name = g.name(owner)
    return name + ("'" if name.endswith("s") else "'s")


def loses(g: Context, owner: str) -> str:
    """"Babylon loses", "the Pirates lose" (verb agreement in events)."""
    name = g.name(owner)
    return name + (" lose" if owner in SPECIAL else " loses")


def tokens_of(g: Context, owner: str, n: int) -> str:
    """"7 Egypt tokens", "1 barbarian token" (for readable events)."""
    label = {BARBARIANS: "barbarian", PIRATES: "pirate"}.get(owner) or g.name(owner)
    return f"{n} {label} token{'s' if n != 1 else ''}"


def card_name(g: Context, card: str) -> str:
    """The printed name of a trade card."""
    c = g.d.commodities.get(card) or g.d.calamities.get(card)
    return c.name if c else card


def sentence(text: str) -> str:
    """Capitalise the first letter of an event's text."""
    return text[:1].upper() + text[1:]


# ---- who holds what ------------------------------------------------------------------
def holds(g: Context, owner: str, card: str) -> bool:
    """True if ``owner`` holds civilization card ``card``. Barbarians and pirates never do
    (30.5252); an inert nation keeps its cards' attributes (15.63)."""
    if owner in SPECIAL:
        return False
    try:
        return g.of(owner).has(card)
    except KeyError:
        return False


def attack_requirement(g: Context, attacker: str, defender: str) -> int:
    """Tokens of one nation needed to attack a city (24.31, 24.35, 32.311): 7; 6 for an
    Engineering attacker; 8 against an Engineering defender; both hold it -> 7."""
    a, d = holds(g, attacker, "engineering"), holds(g, defender, "engineering")
    if a and not d:
        return 6
    if d and not a:
        return 8
    return 7


def city_replacement(g: Context, attacker: str, defender: str) -> int:
    """Tokens that replace an attacked city (24.32, 24.35, 32.311): 6; 5 against an
    Engineering attacker; 7 when the defender holds Engineering; both -> 6. Pirate cities
    become 6 (5 against Engineering) (24.34, Z-39)."""
    a, d = holds(g, attacker, "engineering"), holds(g, defender, "engineering")
    if a and not d:
        return 5
    if d and not a:
        return 7
    return 6


# ---- finding conflicts --------------------------------------------------------------
def in_conflict(g: Context, area: str) -> bool:
    """24.1: two or more owners' units in a land area whose limit is exceeded; a city makes
    the area full. The printed limit is used: Agriculture never applies (SITE-CONFLICT-02,
    32.241). Ships are never part of a conflict (24.11)."""
    m = g.s.board.tokens.get(area)
    if not m:
        return False
    a = g.areas.get(area)
    if a is None or not a.is_land:  # 24.11: conflicts only in land areas
        return False
    city = g.s.board.cities.get(area)
    owners = {o for o, n in m.items() if n > 0}
    if city is not None:
        owners.add(city)
    if len(owners) < 2:
        return False
    return city is not None or sum(m.values()) > a.limit


def conflict_areas(g: Context) -> list[str]:
    """Areas in conflict, in the site's processing order (SITE-CONFLICT-06):
    (1) conflicts involving barbarians or pirates; (2) conflicts without a city; (3) cities
    defended by tokens, most defending tokens first, then most attacking tokens; (4)
    undefended cities, most attacking tokens first; remaining ties in pseudo-random order
    (``g.rng``). Inside group (1) the same sub-order (2)-(4) is used (ruling C-05)."""
    areas = [a for a in sorted(g.s.board.tokens) if in_conflict(g, a)]
    if len(areas) > 1:
        g.rng.shuffle(areas)  # remaining ties: pseudo-random (stable sort keeps this order)
    areas.sort(key=lambda a: _order_key(g, a))
    return areas


def _order_key(g: Context, area: str) -> tuple[int, int, int, int]:
    """Sort key of SITE-CONFLICT-06 (smaller first)."""
    m = g.s.board.tokens.get(area, {})
    city = g.s.board.cities.get(area)
    special = 0 if (BARBARIANS in m or city == PIRATES) else 1
    if city is None:
        return (special, 0, 0, 0)
    defending = m.get(city, 0)
    attacking = sum(n for o, n in m.items() if o != city)
    if defending:
        return (special, 1, -defending, -attacking)
    return (special, 2, 0, -attacking)


# ---- token against token -----------------------------------------------------------
def token_losses(counts: dict[str, int], limit: int, metalworking: set[str]) -> dict[str, int]:
    """Losses of a token fight (24.21-24.24, Z-33), computed on plain counts.

    Each round every remaining owner removes one token, in ascending order of its count at
    the start of the round (24.21, 24.23); equal counts remove simultaneously (24.22);
    Metalworking holders remove after all non-holders (24.24, 32.231). The fight stops as
    soon as one owner remains or the total no longer exceeds ``limit`` (co-existence)."""
    left = {o: n for o, n in counts.items() if n > 0}

    def over() -> bool:
        return len(left) > 1 and sum(left.values()) > limit

    while over():
        at_start = {o: (o in metalworking, n) for o, n in left.items()}
        for key in sorted(set(at_start.values())):
            for o in [o for o, k in at_start.items() if k == key]:  # simultaneous removal (24.22)
                left[o] -= 1
                if left[o] == 0:
                    del left[o]
            if not over():
                break
    return {o: n - left.get(o, 0) for o, n in counts.items() if n - left.get(o, 0) > 0}


def fight_tokens(g: Context, area: str, limit: int) -> dict[str, int]:
    """Resolve the token fight in ``area`` against ``limit`` and return the losses; the
    removed tokens go back to stock (24.12)."""
    counts = dict(g.s.board.tokens.get(area, {}))
    if len([o for o, n in counts.items() if n > 0]) < 2:
        return {}
    mw = g.removes_last(area, {o for o in counts if holds(g, o, "metalworking")})
    losses = token_losses(counts, limit, mw)
    if not losses:
        return {}
    for o, n in losses.items():
        g.remove_tokens(o, area, n)
    parts = [f"{loses(g, o)} {n} token{'s' if n != 1 else ''} ({g.tokens(area, o)} left)"
             for o, n in sorted(losses.items())]
    g.emit(f"Conflict in {g.area_name(area)}: " + ", ".join(parts) + ".", "conflict",
           area=area, losses=losses)
    return losses


# ---- tokens against a city ----------------------------------------------------------
def draw_card(g: Context, attacker: str, victim: str, area: str) -> str | None:
    """24.51 (Z-20, Z-21): the attacker draws one random trade card from the victim's hand
    (from an inert nation's retained cards, 15.62). No card from pirates or barbarians,
    and barbarians never draw (24.53, 30.526)."""
    if attacker in SPECIAL or victim in SPECIAL:
        return None
    vp = g.of(victim)
    retained = vp.inert and victim in g.s.retained_cards
    source = g.s.retained_cards[victim] if retained else vp.hand
    if not source:
        g.emit(f"{g.name(victim)} has no trade card for {g.name(attacker)} to draw.",
               "conflict_card", area=area, nation=attacker, victim=victim)
        return None
    card = source.pop(g.rng.below(len(source)))
    ap = g.of(attacker)
    ap.hand.append(card)
    g.on_cards_received(attacker, victim, [card], "capture")
    g.emit(f"{g.name(attacker)} draws a random trade card from {g.name(victim)}.", "conflict_card",
           area=area, nation=attacker, victim=victim)
    g.emit(f"The card {g.name(attacker)} drew from {g.name(victim)} is {card_name(g, card)}.",
           "conflict_card_private", to=sorted({ap.seat, vp.seat}), card=card, nation=attacker,
           victim=victim)
    return card


def attack_city(g: Context, area: str, attacker: str) -> list[dict[str, str]]:
    """The city attack of 24.31-24.35 by ``attacker``, the only owner of tokens left in the
    city's area. Too few attackers are all removed (24.31). Otherwise the city is
    eliminated and replaced by the defender's tokens (as many as his stock allows; pirate
    cities by unused tokens, 24.34), the card is drawn at once (24.51, Z-21) and the fight
    with the replacement tokens follows under the area's printed limit; surviving pirate
    tokens are removed. Gives the pillage opportunity, if any (24.52, 24.53)."""
    defender = g.s.board.cities[area]
    n = g.tokens(area, attacker)
    need = attack_requirement(g, attacker, defender)
    if n < need:
        g.remove_tokens(attacker, area, n)
        g.emit(f"{tokens_of(g, attacker, n)} cannot attack "
               f"{possessive(g, defender)} city in {g.area_name(area)} ({need} needed) and "
               f"{'are' if n != 1 else 'is'} removed.", "conflict_city_held",
               area=area, nation=attacker, defender=defender, tokens=n, needed=need)
        return []
    want = g.replacement_tokens(area, defender, city_replacement(g, attacker, defender))
    g.remove_city(area)
    g.emit(sentence(f"{possessive(g, defender)} city in {g.area_name(area)} is destroyed by "
                    f"{possessive(g, attacker)} attack with {n} tokens."), "city_destroyed",
           area=area, nation=defender, attacker=attacker)
    placed = want if defender in SPECIAL else min(want, g.of(defender).stock)
    g.add_tokens(defender, area, placed)
    g.emit(sentence(f"{possessive(g, defender)} city in {g.area_name(area)} is replaced by "
                    f"{plural(placed, 'token')} to fight {tokens_of(g, attacker, n)}."),
           "conflict_city_attacked", area=area, nation=attacker, defender=defender,
           attackers=n, replacement=placed)
    out: list[dict[str, str]] = []
    if attacker not in SPECIAL:
        draw_card(g, attacker, defender, area)
        out.append({"nation": attacker, "area": area})
    fight_tokens(g, area, g.areas[area].limit)
    if defender == PIRATES:
        left = g.remove_tokens(PIRATES, area, g.tokens(area, PIRATES))
        if left:
            g.emit(f"The {left} surviving pirate token{'s' if left != 1 else ''} in "
                   f"{g.area_name(area)} {'are' if left != 1 else 'is'} removed (24.34).",
                   "conflict_pirates_removed", area=area, tokens=left)
    return out


def resolve_area(g: Context, area: str) -> list[dict[str, str]]:
    """Resolve the whole conflict in ``area`` (24); see the module docstring for the
    contract. Without a city: one token fight under the printed limit (24.2). With a city:
    the tokens fight first, attackers and defenders together, until one owner's tokens
    remain, since the city fills the area (24.1, 24.33, 24.41); an attacker left alone
    then attacks the city (24.3)."""
    if not in_conflict(g, area):
        return []
    city = g.s.board.cities.get(area)
    if city is None:
        fight_tokens(g, area, g.areas[area].limit)
        return []
    fight_tokens(g, area, 0)
    attackers = [o for o in g.s.board.owners(area) if o != city]
    if not attackers:
        return []
    return attack_city(g, area, attackers[0])


# ---- pillage -----------------------------------------------------------------------
def pillage_max(g: Context, nation: str) -> int:
    """Most tokens the attacker may pillage for one city: 3, capped by his stock (24.52)."""
    return min(PILLAGE_PER_CITY, g.of(nation).stock)


def pillage(g: Context, nation: str, area: str, amount: int) -> None:
    """Move ``amount`` tokens of ``nation`` from stock to treasury for the city destroyed in
    ``area`` (24.52); the victim's stock and treasury are untouched."""
    moved = g.to_treasury(nation, amount)
    g.emit(f"{g.name(nation)} pillages {moved} token{'s' if moved != 1 else ''} from the city "
           f"in {g.area_name(area)} (stock to treasury).", "pillage", nation=nation, area=area,
           amount=moved)


@order("pillage", rule="24.52")
@dataclass(slots=True)
class Pillage(Order):
    """How many tokens (0-3) to pillage for a destroyed city (24.52, SITE-CONFLICT-03).
    ``area`` names the city's area; it may be left empty when only one is owed."""

    amount: Count | None = None  # required: the player's choice (24.52); None = not given
    area: OptionalArea = ""


@register
class ConflictPhase(Phase):
    """Phase 6 (24): every conflict is resolved in ``start`` in the order of
    SITE-CONFLICT-06; the pillage decisions follow (SITE-CONFLICT-01, -03)."""

    name = "conflict"
    rule = "24"
    accepts = ("pillage",)

    def start(self, g: Context) -> None:
        owed: list[dict[str, str]] = []
        for area in conflict_areas(g):
            owed.extend(resolve_area(g, area))
        g.s.step = {"pillage": owed}
        self._settle(g)

    def _owed(self, g: Context) -> list[dict[str, str]]:
        return g.s.step.setdefault("pillage", [])

    def _settle(self, g: Context) -> None:
        """Take the only legal choice automatically: nothing when the stock is empty; an
        inert attacker (who takes no actions, 15.61) gets the site default."""
        keep = []
        for e in self._owed(g):
            p = g.of(e["nation"])
            mx = self.pillage_max(g, e)
            if mx == 0:
                g.emit(f"{g.name(e['nation'])} has no tokens in stock to pillage the city in "
                       f"{g.area_name(e['area'])}.", "pillage", nation=e["nation"], area=e["area"],
                       amount=0)
            elif p.inert:
                pillage(g, e["nation"], e["area"], mx)
            else:
                keep.append(e)
        g.s.step["pillage"] = keep

    def pending(self, g: Context) -> list[Decision]:
        out = []
        for e in self._owed(g):
            mx = self.pillage_max(g, e)
            out.append(Decision(
                g.of(e["nation"]).seat, "pillage",
                f"You destroyed the city in {g.area_name(e['area'])}: how many tokens (0-{mx}) "
                "do you move from stock to treasury as pillage?",
                required=True, default=f"the maximum ({mx})",
                options={"area": e["area"], "max": mx}))
        return out

    def handle(self, g: Context, o: Order) -> None:
        assert isinstance(o, Pillage)
        require_phase_player(g, o, "24.52")
        nation = g.player(o.player).nation
        mine = [e for e in self._owed(g) if e["nation"] == nation]
        if not mine:
            raise IllegalOrder("24.52",
                               "you have destroyed no city, so there is nothing to pillage")
        if o.area:
            owed = ", ".join(g.area_name(e["area"]) for e in mine)
            mine = [e for e in mine if e["area"] == o.area]
            if not mine:
                where = (g.area_name(o.area) if isinstance(o.area, str) and o.area in g.areas
                         else repr(o.area))
                raise IllegalOrder("24.52", f"you have no city to pillage in {where}; you may "
                                   f"pillage for the city you destroyed in: {owed}")
        entry = mine[0]
        mx = self.pillage_max(g, entry)
        if o.amount is None:
            raise IllegalOrder("24.52", f"say how many tokens (0 to {mx}) you pillage: "
                               "{\"amount\": n}")
        if isinstance(o.amount, bool) or not isinstance(o.amount, int):
            raise IllegalOrder("24.52", "the pillage amount must be a whole number of tokens")
        if not 0 <= o.amount <= mx:
            raise IllegalOrder("24.52", f"you may pillage 0 to {mx} tokens here (at most "
                               f"{self.pillage_cap(g, entry)} per city and no more than your stock)")
        self._owed(g).remove(entry)
        pillage(g, nation, entry["area"], o.amount)
        self._settle(g)

    def timeout(self, g: Context, seat: int) -> None:
        """SITE-CONFLICT-05: the maximum possible pillage is taken for every city owed."""
        nation = g.player(seat).nation
        mine = [e for e in self._owed(g) if e["nation"] == nation]
        if not mine:
            raise IllegalOrder("24.52", f"seat {seat} owes no pillage decision")
        for e in mine:
            self._owed(g).remove(e)
            mx = self.pillage_max(g, e)
            g.emit(f"{g.name(nation)} did not choose in time; the maximum is pillaged.", "timeout",
                   nation=nation, area=e["area"])
            pillage(g, nation, e["area"], mx)
        self._settle(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A uniformly random legal pillage (0..max) for the seat's first owed city."""
        nation = g.player(seat).nation
        for e in self._owed(g):
            if e["nation"] == nation:
                return Pillage(seat, rng.below(self.pillage_max(g, e) + 1), e["area"])
        return super().sample(g, seat, rng)

    def pillage_cap(self, g: Context, entry: dict[str, str]) -> int:
        """Most tokens one destroyed city yields (24.52: 3); a variant's phase may change it."""
        return PILLAGE_PER_CITY

    def pillage_max(self, g: Context, entry: dict[str, str]) -> int:
        """Most tokens ``entry``'s attacker may pillage there: the cap, as far as his stock
        allows (24.52; ``pillage_max``)."""
        return min(self.pillage_cap(g, entry), g.of(entry["nation"]).stock)


def _view(g: Context, seat: int | None) -> dict[str, Any]:
    """Pillage decisions still owed (public: the destroyed cities are public anyway)."""
    return {"pillage": [dict(e) for e in g.s.step.get("pillage", [])]}


PHASE_VIEWS["conflict"] = _view
