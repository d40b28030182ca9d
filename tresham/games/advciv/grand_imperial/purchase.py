"""Buying city advances in the advances phase (GI-TURN-12, D18; GI-CARULE-01..03,
GI-CITYADV; rulings GIR-09, GIR-42, GIR-44, GIR-47, GIR-56 and GIA-n).

The GI ``buy`` order carries, beside the plain civilization-card purchase, ``advances``: one
line per advance bought, each paid on its own (GIR-56)::

    {"advance": "marketplace", "city": "susa", "pay_cards": ["gold", "gold"],
     "treasury": 10, "research": 2}

A line is checked here, without changing anything (:func:`check_lines`), then carried out
(:func:`buy_lines`). Its rules, in the order they are checked:

- the city is one of the buyer's (GI-CARULE-01), coastal for a coastal-only advance (Port,
  Shipyard);
- the prerequisite civilization card is owned from an earlier turn (as 31.62; a card held
  for one turn never counts), and the advance is not obsolete with the cards he will own
  (a Temple with Deism or Monotheism, an Oracle with Monotheism: GIR-44);
- the city does not hold it already (GI-CARULE-02, GIR-47), and a player has one Palace
  (GIR-42);
- the cards pay as sets (``Context.set_value``, GI-REGION-13), only of the kinds the advance
  allows (its ``payment``), never Grain supporting a Granary city (GI-CITYADV-02) nor Grain
  shown against Famine (30.312); no commodity pays for two items (GIR-56: a set is never
  split); Mining may make one set a card larger once a turn, when a line needs it (GIA-6);
- research points (GI-CARULE-03) give the line the chart's credit for the points it names,
  all lines together at most the points he has; civilization-card credits never apply
  (GIR-09); the treasury never overpays (31.41), and a line the credit covers is paid with
  nothing (31.57).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable

from ...contract import IllegalOrder
from ..rules import civcards as cc
from ..state import Player
from . import data as gi
from . import sites
from .context import GRAIN, GRANARY_GRAIN
from .research import SPENT, available, credit

#: The rule a refusal about the purchase as a whole cites.
RULE = "GI-TURN-12"
#: The advance whose purchase sets down a Marines piece (GI-CITYADV-25, ``marines.bought``).
MARINES = "marines"


def rule_of(advance: str) -> str:
    """The checklist id of an advance (GI-CITYADV-01..26)."""
    return f"GI-CITYADV-{gi.city_advances()[advance].number:02d}"


def name(advance: str) -> str:
    return gi.city_advances()[advance].name


@dataclass(slots=True)
class Line:
    """One advance line, checked: what it costs and how it is paid."""

    advance: str
    city: str
    pay_cards: list[str]
    treasury: int
    research: int
    credit: int
    owed: int
    value: int
    mined: bool
    restore: bool = False
    leader: int = 0


# ---- what may pay -----------------------------------------------------------------------

def granary_grain(p: Player) -> int:
    """Grain cards supporting Granary cities this turn, which may pay for nothing
    (GI-CITYADV-02, GIR-40)."""
    return min(int(p.flags.get(GRANARY_GRAIN, 0) or 0), p.hand.count(GRAIN))


def spendable(g, p: Player) -> list[str]:
    """The cards of ``p``'s hand that may pay this turn: commodities, less Grain shown against
    Famine (30.312) and Grain supporting a Granary city (GI-CITYADV-02; ``civcards.usable``
    reads ``flags["granary_grain"]``)."""
    return cc.usable(g, p)


def allowed(advance: str, card: str) -> bool:
    """Whether ``card`` may pay for ``advance`` (its payment restriction; None: any card)."""
    pay = gi.city_advances()[advance].payment
    return pay is None or card in pay


def restriction(advance: str) -> str:
    pay = gi.city_advances()[advance].payment or ()
    kinds = [c for c in pay if c != gi.TREASURY]
    names = [n.title() for n in kinds]
    text = (", ".join(names[:-1]) + " or " + names[-1]) if len(names) > 1 else "".join(names)
    return f"{text} sets" + (" or treasury" if gi.TREASURY in pay else "")


def obsolete(advance: str, cards: Iterable[str]) -> list[str]:
    """The owned cards that make ``advance`` obsolete (GI-CITYADV-20, -21; GIR-44)."""
    return [c for c in gi.city_advances()[advance].obsolete_with if c in set(cards)]


# ---- where it may go --------------------------------------------------------------------

def placeable(g, p: Player, advance: str, city: str, owned: Iterable[str] = ()) -> str | None:
    """Why ``advance`` may not be bought for ``city`` now (the rule and the message), or None
    (GI-CARULE-01, -02, GI-CITYADV-08/14/20/21/26, 31.62, GIR-42, GIR-44, GIR-47)."""
    a = gi.city_advances()[advance]
    nation = p.nation
    where = g.area_name(city) if city in g.areas else repr(city)
    if g.s.board.cities.get(city) != nation:
        return f"GI-CARULE-01|a city advance is placed on one of your cities, and {where} is not one"
    if a.coastal_only and not g.areas[city].coastal:
        return f"{rule_of(advance)}|{a.name} is built in coastal cities only, and {where} is inland"
    turn = g.s.turn
    if p.civ_cards.get(a.prerequisite, turn) >= turn:
        pre = g.d.civ_cards[a.prerequisite].name if a.prerequisite in g.d.civ_cards else a.prerequisite
        return (f"{rule_of(advance)}|{a.name} needs {pre} owned from an earlier turn"
                if a.prerequisite not in p.civ_cards else
                f"{rule_of(advance)}|{a.name} needs {pre} owned from an earlier turn, "
                "not bought this turn")
    old = obsolete(advance, [*p.civ_cards, *owned])
    if old:
        return (f"{rule_of(advance)}|{a.name} is obsolete once you own "
                f"{' and '.join(g.d.civ_cards[c].name for c in old)}")
    if sites.holds(g, city, advance):
        return f"GI-CARULE-02|{where} already has a {a.name}; a second one there would do nothing"
    if advance == sites.PALACE:
        at = sites.palace_of(g, nation)
        if at is not None:
            return f"{rule_of(advance)}|you have a Palace in {g.area_name(at)}; a player has one Palace"
    return None


def restorable(g, p: Player, advance: str, city: str) -> str | None:
    """Why the flipped ``advance`` of ``city`` may not be restored now (GI-CARULE-04), or None:
    it must be flipped on a city of the buyer's."""
    where = g.area_name(city) if city in g.areas else repr(city)
    if g.s.board.cities.get(city) != p.nation:
        return f"GI-CARULE-01|you restore advances on your own cities, and {where} is not one"
    s = sites.site(g, city)
    if s is None or advance not in s["flipped"]:
        return (f"GI-CARULE-04|{where} has no flipped {name(advance)} to restore"
                + ("; it is face up" if s is not None and advance in s["active"] else ""))
    return None


def restorable_all(g, p: Player) -> list[tuple[str, str]]:
    """``p``'s flipped advances he may restore, as (city, advance)."""
    out = []
    for area, s in sites.sites_of(g, p.nation):
        if g.s.board.cities.get(area) == p.nation and s["decay"] is None:
            out += [(area, a) for a in s["flipped"]]
    return out


def _refuse(why: str) -> None:
    rule, _, text = why.partition("|")
    raise IllegalOrder(rule, text)


# ---- checking a purchase ----------------------------------------------------------------

def card_research(g, p: Player, cards: list[str], points: dict[str, int]) -> tuple[int, int]:
    """Check the research points a buy order spends on civilization cards (GI-CARULE-03:
    ``{card: points}``, each part valued on the chart on its own, a credit beyond the card's
    cost lost). Gives (points spent, the credit they give). Changes nothing."""
    if not isinstance(points, dict):
        raise IllegalOrder("GI-CARULE-03", "research is an object: civilization card -> points")
    rp = available(g, p.nation)
    spent = rebate = 0
    for card, n in sorted(points.items()):
        if card not in cards:
            raise IllegalOrder("GI-CARULE-03", f"research points go to a civilization card you "
                               f"buy now, and you are not buying {cc.printed_name(g, card)}")
        if n <= 0:
            raise IllegalOrder("GI-CARULE-03", f"give {cc.printed_name(g, card)} 1 research point or more, "
                               "or leave it out")
        spent += n
        rebate += min(credit(n), cc.cost_after_credits(g, p, card))
    if spent > rp:
        raise IllegalOrder("GI-CARULE-03", f"you have {rp} research points this turn, not {spent}")
    return spent, rebate


def check_lines(g, p: Player, lines: list[dict[str, Any]], *, hand: list[str], treasury: int,
                used_kinds: set[str], owned: Iterable[str], mining: bool,
                research_used: int = 0, leader: tuple[str, int] | None = None) -> list[Line]:
    """Check the advance lines of a buy order (the module docstring), ``hand`` being the
    cards left after the civilization cards are paid, ``treasury`` the tokens left,
    ``used_kinds`` the commodities paying for them, ``owned`` the cards bought now, ``mining``
    whether Mining is still unused this turn, ``research_used`` the research points the
    cards take, ``leader`` (advance, credit) the Civilized Leader's credit on the first line of
    that advance (GI-LEADER-04: what it leaves over is lost). Gives the checked lines; changes
    nothing."""
    if not isinstance(lines, list):
        raise IllegalOrder(RULE, "advances must be a list of advance lines")
    left = list(hand)
    spend_from = Counter(spendable(g, p))
    rp = available(g, p.nation)
    rp_used = research_used
    placed: set[tuple[str, str]] = set()
    palace = False
    kinds = set(used_kinds)
    out: list[Line] = []
    for raw in lines:
        advance, city = raw["advance"], raw["city"]
        pay = list(raw.get("pay_cards") or [])
        tokens = raw.get("treasury", 0) or 0
        points = raw.get("research", 0) or 0
        a = gi.city_advances()[advance]
        restore = raw.get("restore", False) is True
        why = restorable(g, p, advance, city) if restore else placeable(g, p, advance, city, owned)
        if why:
            _refuse(why)
        if (advance, city) in placed:
            _refuse(f"GI-CARULE-02|{a.name} is listed twice for {g.area_name(city)}")
        placed.add((advance, city))
        if advance == sites.PALACE and not restore:
            if palace:
                _refuse(f"{rule_of(advance)}|a player has one Palace; you list two")
            palace = True
        # research (GI-CARULE-03)
        if points > rp - rp_used:
            raise IllegalOrder("GI-CARULE-03", f"you have {rp} research points this turn "
                               f"({max(0, rp - rp_used)} left for {a.name}), not {points}")
        rp_used += points
        part = credit(points)
        price = gi.city_advance_rules().rebuild_cost(a) if restore else a.cost
        owed = max(0, price - part)
        bonus = 0
        if leader is not None and leader[0] == advance:
            bonus = min(leader[1], owed)
            owed -= bonus
            leader = None
        # cards (GIR-56, the payment restriction, Granary and Famine Grain)
        for c in pay:
            if c not in g.d.commodities:
                raise IllegalOrder("31.31", f"{c!r} is not a commodity card")
            if not allowed(advance, c):
                _refuse(f"{rule_of(advance)}|{a.name} is paid with {restriction(advance)} only, "
                        f"not {g.d.commodities[c].name}")
        for c in sorted(set(pay)):
            if c in kinds:
                raise IllegalOrder(RULE, f"your {g.d.commodities[c].name} cards already pay for "
                                   "another item: a set is never split between items (GIR-56)")
        kinds.update(pay)
        need = Counter(pay)
        after = cc.take(left, pay)
        if after is None:
            raise IllegalOrder("31.31", f"you do not hold (after your other payments) the cards "
                               f"you offer for {a.name}: " + ", ".join(sorted(pay)))
        for c, n in sorted(need.items()):
            if spend_from[c] < n:
                if c == GRAIN and granary_grain(p):
                    raise IllegalOrder("GI-CITYADV-02", "a Grain card supporting a Granary city "
                                       "this turn may not pay for anything")
                raise IllegalOrder("30.312", "Grain shown against Famine this turn cannot pay")
            spend_from[c] -= n
        if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 0:
            raise IllegalOrder("31.41", "a treasury payment is a whole number of tokens")
        if tokens > treasury:
            raise IllegalOrder("31.41", f"you have {treasury} treasury tokens left for {a.name}, "
                               f"not {tokens}")
        if owed == 0 and (pay or tokens):
            raise IllegalOrder("31.57", f"your credits ({part + bonus}) cover {a.name}: "
                               "pay it with nothing")
        plain = g.hand_value(pay)
        value, mined = plain, False
        if plain + tokens < owed and mining:
            boosted = g.hand_value(pay, mining=True)
            if boosted > plain:
                value, mined = boosted, True
        if value + tokens < owed:
            raise IllegalOrder(RULE, f"{a.name} costs {price}" + (" to restore" if restore else "")
                               + (f", {owed} after {part} research credit" if part and not bonus else "")
                               + (f", {owed} after {part + bonus} credit (the Civilized Leader's "
                                  f"{bonus})" if bonus else "")
                               + f", but you offer {value} in trade cards and {tokens} treasury "
                               f"tokens ({owed - value - tokens} short)")
        if tokens > max(0, owed - value):
            raise IllegalOrder("31.41", f"treasury may not overpay: {max(0, owed - value)} tokens "
                               f"were enough for {a.name}")
        if mined:
            mining = False
        left = after
        treasury -= tokens
        out.append(Line(advance, city, pay, tokens, points, part, owed, value, mined, restore, bonus))
    return out


def buy_lines(g, p: Player, lines: list[Line]) -> None:
    """Carry out checked lines: the cards to the cards awaiting restacking, the treasury to
    stock, each advance face up on its city (GI-CARULE-01), the research spent."""
    nation = p.nation
    for ln in lines:
        left = cc.take(p.hand, ln.pay_cards)
        assert left is not None
        p.hand = left
        g.s.set_aside.extend(ln.pay_cards)
        if ln.treasury:
            g.spend_treasury(nation, ln.treasury)
        if ln.research:
            p.flags[SPENT] = int(p.flags.get(SPENT, 0)) + ln.research
        if ln.mined:
            p.flags["mining_used"] = True
        a = gi.city_advances()[ln.advance]
        if ln.restore:
            s = sites.site(g, ln.city)
            s["flipped"].remove(ln.advance)
            s["active"].append(ln.advance)
            g.emit(f"{g.name(nation)} restores the {a.name} in {g.area_name(ln.city)} at half price "
                   f"({gi.city_advance_rules().rebuild_cost(a)}).", "advance_restored",
                   nation=nation, advance=ln.advance, area=ln.city, owed=ln.owed, research=ln.research,
                   credit=ln.credit, card_value=ln.value, treasury=ln.treasury)
            continue
        sites.add(g, ln.city, nation, ln.advance)
        paid = [f"{ln.value} in {len(ln.pay_cards)} trade cards"] if ln.pay_cards else []
        if ln.treasury:
            paid.append(f"{ln.treasury} treasury tokens")
        if ln.research:
            paid.insert(0, f"{ln.credit} credit for {ln.research} research points")
        if ln.leader:
            paid.insert(0, f"{ln.leader} credit of the Civilized Leader")
        g.emit(f"{g.name(nation)} builds a {a.name} in {g.area_name(ln.city)} ({a.cost}: "
               + (", ".join(paid) or "nothing") + (", Mining used" if ln.mined else "") + ").",
               "advance_bought", nation=nation, advance=ln.advance, area=ln.city, cost=a.cost,
               owed=ln.owed, research=ln.research, credit=ln.credit, card_value=ln.value,
               treasury=ln.treasury, card_count=len(ln.pay_cards), leader_credit=ln.leader)
        if a.fills_ships:
            fill_ships(g, nation, ln.city)
        if ln.advance == MARINES:  # its piece starts in the city named (GI-CITYADV-25, GIM-1)
            from .marines import bought

            bought(g, nation, ln.city)


def fill_ships(g, nation: str, area: str) -> int:
    """GI-CITYADV-26: a Shipyard bought fills its owner up to the ship maximum free of charge,
    the new ships (Triremes, GI-SHIP-01) in the shipyard's area. Gives the ships added."""
    n = g.ships_in_stock(nation)
    for _ in range(n):
        g.add_ship(nation, area)
    if n:
        g.emit(f"{g.possessive(nation)} Shipyard in {g.area_name(area)} launches {n} new "
               f"ship{'s' if n != 1 else ''} free of charge (GI-CITYADV-26).", "shipyard_fill",
               nation=nation, area=area, ships=n)
    return n


def remove_obsolete(g, nation: str) -> list[tuple[str, str]]:
    """Take off the board the advances of ``nation`` made obsolete by the civilization cards
    he owns (GI-CITYADV-20, -21; GIR-44: owned cards only, never one held for a turn). Gives
    (area, advance) removed."""
    p = g.of(nation)
    gone = []
    for area, advance in sites.advances_of(g, nation, flipped=True):
        old = obsolete(advance, p.civ_cards)
        if old:
            sites.remove(g, area, advance)
            gone.append((area, advance))
            g.emit(f"{g.possessive(nation)} {name(advance)} in {g.area_name(area)} is obsolete "
                   f"with {' and '.join(g.d.civ_cards[c].name for c in old)} and is removed.",
                   "advance_obsolete", nation=nation, advance=advance, area=area)
    return gone


# ---- what he could buy (decisions, bots) -------------------------------------------------

def best_value(g, cards: list[str], advance: str, mining: bool) -> int:
    """The most ``cards`` can pay for ``advance`` (its payment restriction)."""
    return g.hand_value([c for c in cards if allowed(advance, c)], mining=mining)


def buyable(g, p: Player) -> dict[str, list[str]]:
    """Advances ``p`` can afford now, each with the cities that may take it (D18's options):
    all his spendable cards allowed for it, his treasury and all his research points."""
    cities = g.cities_of(p.nation)
    if not cities:
        return {}
    cards = spendable(g, p)
    mining = cc.mining_available(p)
    rp = credit(available(g, p.nation))
    if "civilized_leader" in p.hand:  # its one-time credit (GI-LEADER-04)
        rp += gi.leaders()["civilized_leader"].credit
    out: dict[str, list[str]] = {}
    half = gi.city_advance_rules().rebuild_cost
    for city, aid in restorable_all(g, p):
        a = gi.city_advances()[aid]
        if half(a) - rp <= p.treasury or best_value(g, cards, aid, mining) + p.treasury + rp >= half(a):
            out.setdefault("restore:" + aid, []).append(city)
    for aid, a in gi.city_advances().items():
        where = [c for c in cities if placeable(g, p, aid, c) is None]
        if not where:
            continue
        if a.cost - rp <= p.treasury or best_value(g, cards, aid, mining) + p.treasury + rp >= a.cost:
            out[aid] = where
    return out


def random_line(g, p: Player, rng, *, hand: list[str], treasury: int, used_kinds: set[str],
                owned: Iterable[str], cards_ok: bool) -> dict[str, Any] | None:
    """One random affordable advance line (random bot, D18), or None: paid with the research
    points left (all of them, as far as useful), then either treasury alone or every copy
    of one allowed commodity not already paying (none of it held back: Famine, Granary) and
    the treasury they leave owed. ``cards_ok`` False: treasury and research only."""
    blocked = Counter(p.hand) - Counter(spendable(g, p))
    pool = Counter(hand) - blocked
    rp = available(g, p.nation)
    options = []
    for aid, a in gi.city_advances().items():
        for city in g.cities_of(p.nation):
            if placeable(g, p, aid, city, owned) is not None:
                continue
            points = next((k for k in range(rp + 1) if credit(k) >= a.cost), rp)
            owed = max(0, a.cost - credit(points))
            if owed == 0:
                options.append({"advance": aid, "city": city, "pay_cards": [], "treasury": 0,
                                "research": points})
                continue
            if owed <= treasury:
                options.append({"advance": aid, "city": city, "pay_cards": [], "treasury": owed,
                                "research": points})
            if not cards_ok:
                continue
            for c in sorted(pool):
                if c in used_kinds or not allowed(aid, c) or c not in g.d.commodities or blocked[c]:
                    continue
                cards = [c] * pool[c]
                value = g.hand_value(cards)
                if value == 0:
                    continue
                tokens = max(0, owed - value)
                if tokens <= treasury:
                    options.append({"advance": aid, "city": city, "pay_cards": cards,
                                    "treasury": tokens, "research": points})
    if not options:
        return None
    return options[rng.below(len(options))]
