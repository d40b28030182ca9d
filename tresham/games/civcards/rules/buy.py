"""Step 2 of a turn, the purchases (CCG-TURN-02), with what may be done in it.

- a plot of the market, any mix of resources: 15 + 5 (k - 5) for the k-th (CCG-CARD-02),
  replaced from the plot deck (CCG-SET-05);
- a population on one's plot, in Food: 6 + 2 (n - 1) for the n-th there (CCG-CARD-04);
- a building or wonder of one's hand onto one's plot, in Production, where a slot is free:
  one per plot, two on a plot with 3 population or more (CCG-CARD-08/09);
- a technology of the market, in Commerce (CCG-CARD-06), replaced from its deck; the last one
  bought ends the game at the end of the turn (CCG-OV-03);
- the exchange, 3 of one resource for 1 of another (CCG-EXT-04);
- a bonus resource card spent: its value joins the resources, a wild one's all of one type
  (CCG-CARD-10);
- a building or wonder destroyed by its owner, to the discard pile (CCG-CARD-08);
- resources given to one's teammate (CCG-TEAM-03).

Prices are in ``prices.py``; the Happiness and Culture cards are handed over after every
change (``awards.update``, CCG-EXT-01..03).
"""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from .. import awards
from ..deck import RESOURCES
from ..prices import card_price, next_plot, next_population
from ..seating import teammates
from ..state import CCState, who
from .common import emit, plural

#: a plot holds one building or wonder, two with this many population (CCG-CARD-08)
SECOND_SLOT_POP = 3


def slots(plot: dict) -> int:
    return 2 if plot["pop"] >= SECOND_SLOT_POP else 1


def spend(s: CCState, p: int, res: str, amount: int, rule: str, what: str) -> None:
    have = s.seats[p]["res"][res]
    if have < amount:
        raise IllegalOrder(rule, f"{what} costs {amount} {res.capitalize()}; you have {have}")
    s.seats[p]["res"][res] -= amount


def auto_mix(have: dict[str, int], price: int) -> dict[str, int] | None:
    """A payment of ``price`` in any mix, one at a time from the largest pile (ties: food,
    production, commerce); None if the piles do not reach it."""
    if sum(have.values()) < price:
        return None
    left = dict(have)
    out = {r: 0 for r in RESOURCES}
    for _ in range(price):
        r = max(RESOURCES, key=lambda x: (left[x], -RESOURCES.index(x)))
        left[r] -= 1
        out[r] += 1
    return out


def buy_plot(s: CCState, p: int, plot: str, pay: dict | None, ev: list[Event]) -> None:
    if plot not in s.plot_market:
        raise IllegalOrder("CCG-SET-05", f"{plot!r} is not in the market")
    k = len(s.seats[p]["plots"]) + 1
    price = next_plot(s, p)
    have = s.seats[p]["res"]
    mix = auto_mix(have, price) if pay is None else {r: int(pay.get(r, 0)) for r in RESOURCES}
    if mix is None:
        raise IllegalOrder("CCG-CARD-02", f"your plot number {k} costs {price} resources; you have {sum(have.values())}")
    if sum(mix.values()) != price:
        raise IllegalOrder("CCG-CARD-02", f"your plot number {k} costs {price} resources, not {sum(mix.values())}")
    for r in RESOURCES:
        if mix[r] > have[r]:
            raise IllegalOrder("CCG-CARD-02", f"you pay {mix[r]} {r.capitalize()} but have {have[r]}")
    for r in RESOURCES:
        have[r] -= mix[r]
    s.plot_market.remove(plot)
    s.seats[p]["plots"].append({"id": plot, "pop": 0, "cards": []})
    if s.plot_deck:
        s.plot_market.append(s.plot_deck.pop())
    emit(ev, f"{who(p)} buys the plot {s.cards.name(plot)} for {price} "
             f"({', '.join(f'{n} {r}' for r, n in mix.items() if n)})", "buy", plot=plot, price=price)


def buy_population(s: CCState, p: int, plot: str, ev: list[Event]) -> None:
    pl = s.plot(p, plot)
    if pl is None:
        raise IllegalOrder("CCG-CARD-04", f"{plot!r} is not one of your plots")
    price = next_population(s, p, pl)
    spend(s, p, "food", price, "CCG-CARD-04", f"population number {pl['pop'] + 1} on {s.cards.name(plot)}")
    pl["pop"] += 1
    emit(ev, f"{who(p)} buys a population on {s.cards.name(plot)} for {price} Food "
             f"(now {pl['pop']} there)", "buy", plot=plot, price=price)


def build(s: CCState, p: int, cid: str, plot: str, ev: list[Event]) -> None:
    cards = s.cards
    if cid not in s.seats[p]["hand"]:
        raise IllegalOrder("CCG-CARD-08", f"{cid!r} is not in your hand")
    kind = cards.kind(cid)
    if kind not in ("building", "wonder"):
        raise IllegalOrder("CCG-CARD-08", f"{cards.name(cid)} is a {kind}, not a building or wonder")
    pl = s.plot(p, plot)
    if pl is None:
        raise IllegalOrder("CCG-CARD-01", f"{plot!r} is not one of your plots: buildings and wonders go on a plot")
    if len(pl["cards"]) >= slots(pl):
        raise IllegalOrder("CCG-CARD-08", f"{cards.name(plot)} holds {plural(len(pl['cards']), 'building')} "
                                          f"already (a second needs 3 population there)")
    res, price = card_price(s, p, cid)
    spend(s, p, res, price, "CCG-CARD-08", cards.name(cid))
    s.seats[p]["hand"].remove(cid)
    pl["cards"].append(cid)
    emit(ev, f"{who(p)} builds {cards.name(cid)} on {cards.name(plot)} for {price} Production", "build",
         card=cid, plot=plot, price=price)
    awards.update(s, ev)


def buy_tech(s: CCState, p: int, tech: str, ev: list[Event]) -> None:
    if tech not in s.tech_market:
        raise IllegalOrder("CCG-CARD-06", f"{tech!r} is not in the market")
    res, price = card_price(s, p, tech)
    spend(s, p, res, price, "CCG-CARD-06", s.cards.name(tech))
    s.tech_market.remove(tech)
    s.seats[p]["techs"].append(tech)
    if s.tech_deck:
        s.tech_market.append(s.tech_deck.pop())
    emit(ev, f"{who(p)} buys {s.cards.name(tech)} for {price} Commerce", "buy", tech=tech, price=price)
    awards.update(s, ev)
    if not s.tech_market and not s.tech_deck:
        s.ending = True  # CCG-OV-03: at the end of this turn
        emit(ev, "the last technology is bought: the game ends at the end of this turn", "ending")


def exchange(s: CCState, p: int, give: str, get: str, times: int, ev: list[Event]) -> None:
    """CCG-EXT-04: 3 of one type for 1 of another."""
    if give == get:
        raise IllegalOrder("CCG-EXT-04", "the exchange gives one type for another")
    spend(s, p, give, 3 * times, "CCG-EXT-04", f"getting {times} {get.capitalize()}")
    s.seats[p]["res"][get] += times
    emit(ev, f"{who(p)} exchanges {3 * times} {give.capitalize()} for {times} {get.capitalize()}", "exchange")


def cash(s: CCState, p: int, cid: str, as_: str | None, ev: list[Event]) -> None:
    """CCG-CARD-10: a bonus card's whole value, of its type or (wild) of one chosen type."""
    cards = s.cards
    if cid not in s.seats[p]["hand"]:
        raise IllegalOrder("CCG-CARD-10", f"{cid!r} is not in your hand")
    if cards.kind(cid) != "bonus":
        raise IllegalOrder("CCG-CARD-10", f"{cards.name(cid)} is not a bonus resource card")
    b = cards.card(cid)
    if b.resource == "wild":
        if as_ is None:
            raise IllegalOrder("CCG-CARD-10", f"say which resource the wild {cards.name(cid)} becomes ('as')")
        res = as_
    else:
        if as_ is not None and as_ != b.resource:
            raise IllegalOrder("CCG-CARD-10", f"{cards.name(cid)} is {b.resource}, not wild")
        res = b.resource
    s.seats[p]["hand"].remove(cid)
    s.discard.append(cid)
    s.seats[p]["res"][res] += b.value
    emit(ev, f"{who(p)} spends the bonus card {cards.name(cid)} as {b.value} {res.capitalize()}", "cash",
         card=cid)


def demolish(s: CCState, p: int, cid: str, ev: list[Event]) -> None:
    """CCG-CARD-08: the owner destroys his building or wonder, to the discard pile."""
    for pl in s.seats[p]["plots"]:
        if cid in pl["cards"]:
            pl["cards"].remove(cid)
            s.discard.append(cid)
            emit(ev, f"{who(p)} destroys his {s.cards.name(cid)} on {s.cards.name(pl['id'])}", "demolish", card=cid)
            awards.update(s, ev)
            return
    raise IllegalOrder("CCG-CARD-08", f"{cid!r} is not on one of your plots")


def give(s: CCState, p: int, to: int, amounts: dict[str, int], ev: list[Event]) -> None:
    """CCG-TEAM-03: resources to one's teammate, during one's own turn."""
    if not teammates(s.options, p, to):
        raise IllegalOrder("CCG-TEAM-03", f"{who(to)} is not your teammate")
    if not any(amounts.values()):
        raise IllegalOrder("CCG-TEAM-03", "give at least one resource")
    for r, n in amounts.items():
        if s.seats[p]["res"][r] < n:
            raise IllegalOrder("CCG-TEAM-03", f"you have {s.seats[p]['res'][r]} {r.capitalize()}, not {n}")
    for r, n in amounts.items():
        s.seats[p]["res"][r] -= n
        s.seats[to]["res"][r] += n
    emit(ev, f"{who(p)} gives {who(to)} " + ", ".join(f"{n} {r.capitalize()}" for r, n in amounts.items() if n),
         "give")
