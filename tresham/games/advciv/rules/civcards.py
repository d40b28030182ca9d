"""Pure helpers for buying civilization cards (31, 32): credits, prerequisites, cost after
credits, payment value and validation, and the searches the site default needs.

Nothing here changes the state; the advances phase (``advances.py``) validates an order with
these functions first and only then moves cards and tokens.

Rule map (search for the number):
  31.1 / 31.2  cost = commodity sets + treasury + credits    -> :func:`due`, :func:`check_payment`
  31.31, 28.51 commodity sets at n² × value (printed ceiling) -> :func:`payment_value`
  28.53, 32.261 Mining: one Iron/Bronze/Silver/Gems/Gold set one card larger, once a turn
  31.41        treasury never overpays (SITE-ADV-05)          -> :func:`check_payment`
  31.53        only credits of cards owned before this turn   -> :func:`credit`
  31.54        each owned card's credit once per new card     -> :func:`credit`
  31.55        dual-group cards give and take both groups' credits (in the data table)
  31.56/31.57  credits mandatory; a fully credited card is free -> :func:`cost_after_credits`
  31.58        no change (SITE-ADV-04)
  31.61        each card once                                 -> :func:`check_cards`
  31.62        prerequisites owned from an earlier turn        -> :func:`prerequisite_ok`
  31.71        hand limit (SITE-CREATE-05)                     -> :func:`excess`, :func:`best_kept`
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from ...contract import IllegalOrder
from ..context import Context
from ..words import plural
from ..state import Player

#: Short texts of the cards' effects, shown on the Advances page (SITE-ADV-10).
EFFECTS: dict[str, str] = {
    "pottery": "Reduces Famine when holding Grain (30.312).",
    "cloth_making": "Ships may move 5 areas instead of 4 (32.221).",
    "metalworking": "In conflicts, removes tokens after all non-holders (32.231).",
    "agriculture": "+1 population limit where only your tokens stand; reduced cities leave one "
                   "more token (32.241).",
    "roadbuilding": "Tokens may move through one land area into a second (32.251); worsens "
                    "Epidemic, Civil Disorder, Iconoclasm and Heresy.",
    "mining": "Once a turn one Iron, Bronze, Silver, Gems or Gold set counts one card larger "
              "(32.261); worsens Slave Revolt.",
    "engineering": "Attack cities with 6 tokens, defend own with 8 (32.311); reduces "
                   "Earthquake and Flood.",
    "astronomy": "Ships may cross open sea (32.411).",
    "coinage": "Tax rate 1, 2 or 3 per city (32.421).",
    "medicine": "Reduces Epidemic (30.613).",
    "mathematics": "No special ability; large credits to Sciences, Philosophy and Theology (32.541).",
    "drama_and_poetry": "Reduces Civil War and Civil Disorder (32.611).",
    "music": "Reduces Civil War and Civil Disorder (32.621).",
    "architecture": "Treasury may pay up to half of one city each turn (32.631).",
    "literacy": "No special ability; credits to Arts, Law, Democracy, Philosophy (32.711).",
    "law": "Reduces Civil Disorder, Iconoclasm and Heresy (32.811).",
    "democracy": "Immune to tax revolts; reduces Civil War and Civil Disorder (32.821).",
    "military": "Moves and builds ships after non-holders; worsens Civil Disorder (32.831).",
    "philosophy": "Changes Civil War; reduces Iconoclasm and Heresy (32.841).",
    "mysticism": "Reduces Superstition (32.911).",
    "deism": "Reduces Superstition (32.921).",
    "enlightenment": "Cancels Superstition; reduces Slave Revolt (32.931).",
    "monotheism": "Convert one land-adjacent area per turn (32.941); worsens Iconoclasm.",
    "theology": "Immune to Monotheism; reduces Iconoclasm and Heresy (32.951).",
}


# ---- ownership, prerequisites, credits ---------------------------------------

def owned_before(p: Player, turn: int) -> list[str]:
    """Cards ``p`` owned before ``turn`` (the ones whose credits count now, 31.53)."""
    return [c for c, t in p.civ_cards.items() if t < turn]


def prerequisite_ok(g: Context, p: Player, card: str) -> bool:
    """31.62: the prerequisite (Engineering, Law, Enlightenment) owned from an earlier turn."""
    pre = g.d.civ_cards[card].prerequisite
    return pre is None or p.civ_cards.get(pre, g.s.turn) < g.s.turn


def credit(g: Context, p: Player, card: str) -> int:
    """Credits towards ``card`` (31.5): every credit of every card owned before this turn
    (31.53), applied once to this card (31.54); dual-group cards are in the table under both
    groups (31.55)."""
    total = 0
    for c in owned_before(p, g.s.turn):
        total += g.d.civ_cards[c].credits.get(card, 0)
    for c in temporary(p):
        total += g.d.civ_cards[c].credits.get(card, 0)
    return total


def temporary(p: Player) -> list[str]:
    """Cards held for this turn only and not owned (``flags["temp_cards"]``, set by a
    variant's rules only: Grand Imperial's Leadership cards, GI-LEADER-02); their credits
    count this turn. Never any in the plain game."""
    temp = p.flags.get("temp_cards") if p.flags else None
    return [c for c in temp if c not in p.civ_cards] if temp else []


def cost_after_credits(g: Context, p: Player, card: str) -> int:
    """Printed cost less the (mandatory, 31.56) credits; never below 0 (31.57: free)."""
    return max(0, g.d.civ_cards[card].cost - credit(g, p, card))


def due(g: Context, p: Player, cards: Iterable[str]) -> int:
    """What a purchase of several cards at once costs (31.53: credits of cards bought now
    do not count; a card's surplus credit does not carry to another card)."""
    return sum(cost_after_credits(g, p, c) for c in cards)


def credits_by_card(g: Context, p: Player) -> dict[str, int]:
    """Credits towards every card at once (31.5, 31.53, 31.54): one pass over the cards
    owned before this turn."""
    out: dict[str, int] = {}
    turn = g.s.turn
    for c, t in p.civ_cards.items():
        if t < turn:
            for target, v in g.d.civ_cards[c].credits.items():
                out[target] = out.get(target, 0) + v
    for c in temporary(p):
        for target, v in g.d.civ_cards[c].credits.items():
            out[target] = out.get(target, 0) + v
    return out


def costs(g: Context, p: Player) -> dict[str, int]:
    """Cost after credits (31.56, 31.57) of every card ``p`` may buy (31.61, 31.62)."""
    cr = credits_by_card(g, p)
    turn, owned = g.s.turn, p.civ_cards
    return {c: max(0, card.cost - cr.get(c, 0)) for c, card in g.d.civ_cards.items()
            if c not in owned and (card.prerequisite is None
                                   or owned.get(card.prerequisite, turn) < turn)}


def buyable(g: Context, p: Player) -> list[str]:
    """Cards ``p`` may still buy: not owned (31.61) and prerequisite met (31.62)."""
    return [c for c in g.d.civ_cards if c not in p.civ_cards and prerequisite_ok(g, p, c)]


# ---- the hand ------------------------------------------------------------------

def commodities(g: Context, hand: Iterable[str]) -> list[str]:
    """The commodity cards of a hand (calamities are worth nothing, 28.5), those the hand
    limit counts (31.71): ``Context.commodity_cards``."""
    return g.commodity_cards(hand)


def famine_grain(p: Player) -> int:
    """Grain cards shown against Famine this turn, which cannot pay (30.312, Z-27).
    The calamity phase sets ``flags["famine_grain"]`` to their number (True = all Grain)."""
    v = p.flags.get("famine_grain", 0)
    if v is True:
        return p.hand.count("grain")
    return int(v or 0)


def usable(g: Context, p: Player) -> list[str]:
    """Commodity cards that may pay for civ cards this turn (Famine Grain excluded, and the
    Grain a variant holds back in ``flags["granary_grain"]``: Grand Imperial's Granary,
    GI-CITYADV-02; never set in the plain game)."""
    blocked = famine_grain(p) + int(p.flags.get("granary_grain", 0) or 0)
    out = []
    for c in p.hand:
        if c not in g.d.commodities:
            continue
        if c == "grain" and blocked > 0:
            blocked -= 1
            continue
        out.append(c)
    return out


def mining_available(p: Player) -> bool:
    """28.53, 32.261: Mining may boost one set, once per turn."""
    return p.has("mining") and not p.flags.get("mining_used")


def payment_value(g: Context, cards: Iterable[str], mining: bool) -> int:
    """Value of handed-in commodity cards as sets (31.31, 28.51), printed ceiling (28.52);
    with Mining the best eligible set counts one card larger (28.53, 32.261; a single card
    is a set of one, Z-29)."""
    return g.hand_value(list(cards), mining=mining)


def max_payment(g: Context, p: Player) -> int:
    """The most ``p`` can pay this turn: all usable cards (Mining) plus the whole treasury."""
    return payment_value(g, usable(g, p), mining_available(p)) + p.treasury


_CHEAPEST: dict[int, int] = {}


def _cheapest(g: Context) -> int:
    """The lowest printed cost of a card without prerequisite (45), cached per data set."""
    key = id(g.d)
    if key not in _CHEAPEST:
        _CHEAPEST[key] = min(c.cost for c in g.d.civ_cards.values() if c.prerequisite is None)
    return _CHEAPEST[key]


def can_buy_something(g: Context, p: Player) -> bool:
    """Whether any card is affordable (SITE-ADV-01: the others are greyed out)."""
    most = max_payment(g, p)
    if not p.civ_cards:  # fast path: no credits, no prerequisites met
        return most >= _cheapest(g)
    return any(v <= most for v in costs(g, p).values())


def excess(g: Context, hand_after: list[str]) -> int:
    """Commodity cards over the hand limit (31.71, SITE-CREATE-05; Famine Grain counts, Z-27)."""
    return max(0, len(commodities(g, hand_after)) - g.s.options.hand_limit)


def take(hand: list[str], cards: Iterable[str]) -> list[str] | None:
    """``hand`` without ``cards`` (as a multiset), or None if ``cards`` is not in ``hand``."""
    left = Counter(hand)
    for c in cards:
        if left[c] <= 0:
            return None
        left[c] -= 1
    out = []
    for c in hand:
        if left[c] > 0:
            out.append(c)
            left[c] -= 1
    return out


def printed_name(g: Context, card: str) -> str:
    """The printed name of a civilization card or a trade card (its id if it is neither)."""
    c = g.d.civ_cards.get(card)
    if c:
        return c.name
    t = g.d.commodities.get(card) or g.d.calamities.get(card)
    return t.name if t else card


# ---- validation -----------------------------------------------------------------

def check_cards(g: Context, p: Player, cards: list[str]) -> None:
    """The cards asked for exist, are not owned (31.61) and have their prerequisite (31.62)."""
    seen: set[str] = set()
    for c in cards:
        if not isinstance(c, str) or c not in g.d.civ_cards:
            raise IllegalOrder("32.1", f"there is no civilization card {c!r}")
        name = g.d.civ_cards[c].name
        if c in p.civ_cards and not g.may_buy_again(p.nation, c):
            raise IllegalOrder("31.61", f"you already own {name}; each card may be owned once")
        if c in seen:
            raise IllegalOrder("31.61", f"{name} is listed twice; each card may be owned once")
        seen.add(c)
        if not prerequisite_ok(g, p, c):
            pre = g.d.civ_cards[c].prerequisite
            raise IllegalOrder("31.62", f"{name} needs {g.d.civ_cards[pre].name} owned from an "
                               "earlier turn")


def check_payment(g: Context, p: Player, cards: list[str], pay_cards: list[str],
                  treasury: int, rebate: int = 0) -> tuple[int, int, bool]:
    """Validate a payment (31.2-31.58, SITE-ADV-04/05). Gives (due, card value, Mining used).

    Cards may overpay (31.58, SITE-ADV-04); treasury tokens only make up what the cards
    leave owed (31.41, SITE-ADV-05). Mining counts whenever it adds value (28.53).
    ``rebate``: a credit a variant adds to the cards' own (Grand Imperial's research points,
    GI-CARULE-03); 0 in the plain game."""
    if not isinstance(treasury, int) or isinstance(treasury, bool) or treasury < 0:
        raise IllegalOrder("31.41", "the treasury payment must be a whole number of tokens, 0 or more")
    if treasury > p.treasury:
        raise IllegalOrder("31.41", f"you have only {plural(p.treasury, 'token')} in treasury")
    for c in pay_cards:
        if not isinstance(c, str) or (c not in g.d.commodities and c not in g.d.calamities):
            raise IllegalOrder("31.31", f"there is no trade card {c!r}")
        if c in g.d.calamities:
            raise IllegalOrder("31.72", f"{printed_name(g, c)} is a calamity; only commodity cards pay "
                               "for civilization cards")
    if take(p.hand, pay_cards) is None:
        raise IllegalOrder("31.31", "you do not hold all the trade cards you offered: "
                           + ", ".join(printed_name(g, c) for c in pay_cards))
    if take(usable(g, p), pay_cards) is None:
        raise IllegalOrder("30.312", "Grain shown against Famine this turn cannot pay for "
                           "civilization cards")
    owed = max(0, due(g, p, cards) - rebate)
    if not cards and (pay_cards or treasury):
        raise IllegalOrder("31.2", "you are buying no civilization card, so there is nothing to pay")
    if owed == 0 and (pay_cards or treasury):
        raise IllegalOrder("31.57", "your credits already cover these cards: they are free, "
                           "hand in nothing")
    plain = payment_value(g, pay_cards, False)
    value = payment_value(g, pay_cards, mining_available(p))
    if value + treasury < owed:
        raise IllegalOrder("31.2", f"{owed} is owed after credits but you offer {value} in trade "
                           f"cards and {treasury} treasury tokens ({owed - value - treasury} short)")
    # 32.261 Mining "allows" one set one card larger: it is used only when the payment
    # needs it. Without it the plain cards plus exactly the tokens they leave owed also pay
    # (the holder keeps Mining for his kept cards, 35.1); treasury never overpays (31.41).
    if value > plain and plain + treasury >= owed and treasury == max(0, owed - plain):
        return owed, plain, False
    enough = max(0, owed - value)
    if treasury > enough:
        if value > plain and plain < owed:
            raise IllegalOrder("31.41", f"treasury may not overpay: {plural(enough, 'token')} were enough "
                               f"with Mining, {owed - plain} without it")
        raise IllegalOrder("31.41", f"treasury may not overpay: {plural(enough, 'token')} were enough")
    return owed, value, value > plain and plain < owed


def check_discard(g: Context, hand_after: list[str], discard: list[str]) -> list[str]:
    """The excess surrendered (31.71): exactly the cards over the hand limit, commodity cards
    of the player's choice. Gives the hand that is kept."""
    for c in discard:
        if not isinstance(c, str) or not commodities(g, [c]):
            raise IllegalOrder("31.71", f"{c!r} is not a commodity card you could surrender")
    kept = take(hand_after, discard)
    if kept is None:
        raise IllegalOrder("31.71", "you do not hold (after paying) all the cards you discard")
    need = excess(g, hand_after)
    limit = g.s.options.hand_limit
    if len(discard) < need:
        raise IllegalOrder("31.71", f"you may keep at most {limit} commodity cards: discard "
                           f"{need} (you chose {len(discard)})")
    if len(discard) > need:
        raise IllegalOrder("31.71", f"only cards over the hand limit of {limit} are surrendered: "
                           f"discard exactly {need}")
    return kept


# ---- searches (site default, bots) ----------------------------------------------

def best_kept(g: Context, hand: list[str], keep: int) -> list[str]:
    """The ``keep`` commodity cards worth most as sets (SITE-ADV-08: the lowest-value excess
    is discarded). Dynamic programming over the card types; deterministic."""
    counts = sorted(Counter(commodities(g, hand)).items(), key=lambda kv: (-g.d.commodities[kv[0]].value, kv[0]))
    best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for card, k in counts:
        value = [g.set_value(card, c) for c in range(k + 1)]
        nxt: dict[int, tuple[int, tuple[int, ...]]] = {}
        for n, (v, choice) in best.items():
            for c in range(0, min(k, keep - n) + 1):
                cand = (v + value[c], choice + (c,))
                old = nxt.get(n + c)
                if old is None or cand[0] > old[0]:
                    nxt[n + c] = cand
        best = nxt
    n = max(best)  # == keep when the hand is large enough
    out: list[str] = []
    for (card, _), c in zip(counts, best[n][1]):
        out.extend([card] * c)
    return out


def cover_table(g: Context, cards: list[str], mining: bool):
    """Every value a sub-multiset of ``cards`` can pay (sets, Mining on one eligible set),
    by number of cards: the search behind :func:`cheapest_cover`, built once per hand."""
    counts = sorted(Counter(commodities(g, cards)).items())
    # state: (cards used, mining used) -> {value: counts chosen}
    states: dict[tuple[int, bool], dict[int, tuple[int, ...]]] = {(0, False): {0: ()}}
    for card, k in counts:
        eligible = mining and g.d.commodities[card].mining
        value = [g.set_value(card, c) for c in range(k + 2)]  # c cards of it (c + 1: Mining)
        nxt: dict[tuple[int, bool], dict[int, tuple[int, ...]]] = {}
        for (n, used), vals in states.items():
            boost = eligible and not used  # Mining may still be put on this card's set
            # the buckets this state reaches, made in the order the search first meets them
            plain, boosted = [], [None]
            for c in range(k + 1):
                plain.append(nxt.setdefault((n + c, used), {}))
                if boost and c > 0:
                    boosted.append(nxt.setdefault((n + c, True), {}))
            for v, choice in vals.items():  # the first way to each value is kept
                for c in range(k + 1):
                    bucket, total = plain[c], v + value[c]
                    if total not in bucket:
                        bucket[total] = choice + (c,)
                    if boost and c > 0:
                        bucket, total = boosted[c], v + value[c + 1]
                        if total not in bucket:
                            bucket[total] = choice + (c,)
        states = nxt
    return counts, states


def cheapest_cover(g: Context, cards: list[str], owed: int, min_cards: int,
                   mining: bool, table=None) -> list[str] | None:
    """The sub-multiset of ``cards`` worth least (with Mining on one eligible set) that is
    worth at least ``owed`` and has at least ``min_cards`` cards; None if there is none.
    Used by the site default (SITE-ADV-08) to pay from the hand and shed the excess.
    ``table`` = :func:`cover_table` of the same cards, to reuse it across queries."""
    counts, states = table or cover_table(g, cards, mining)
    best: tuple[int, int, tuple[int, ...]] | None = None
    for (n, _), vals in states.items():
        if n < min_cards:
            continue
        for v, choice in vals.items():
            if v >= owed and (best is None or (v, n) < best[:2]):
                best = (v, n, choice)
    if best is None:
        return None
    out: list[str] = []
    for (card, _), c in zip(counts, best[2]):
        out.extend([card] * c)
    return out


def default_purchase(g: Context, p: Player) -> dict:
    """The site default when the deadline passes (SITE-ADV-08, SZ-19).

    Within the hand limit: buy nothing. Over it: the fewest advances, then the lowest total
    face value, paid from the hand so that the hand drops within the limit. Since cards may
    overpay (SITE-ADV-04), one affordable advance that is not free always suffices, and if
    none does, no larger purchase can (its cost is at least as high): then the
    lowest-value excess cards are discarded. Gives the order's fields."""
    hand = p.hand
    over = excess(g, hand)
    if over == 0:
        return {"cards": [], "pay_cards": [], "treasury": 0, "discard": []}
    pay_from = usable(g, p)
    mining = mining_available(p)
    price = costs(g, p)
    options = sorted(price, key=lambda c: (g.d.civ_cards[c].cost, price[c], c))
    table = cover_table(g, pay_from, mining)
    for card in options:
        owed = price[card]
        if owed == 0:
            continue
        pay = cheapest_cover(g, pay_from, owed, over, mining, table)
        if pay is not None:
            return {"cards": [card], "pay_cards": pay, "treasury": 0, "discard": []}
    kept = best_kept(g, hand, g.s.options.hand_limit)
    discard = take(commodities(g, hand), kept) or []
    return {"cards": [], "pay_cards": [], "treasury": 0, "discard": discard}


def random_purchase(g: Context, p: Player, rng) -> dict:
    """A random legal purchase (possibly none) with the required discards, for bots:
    cards added in random order while affordable, paid with randomly chosen cards, the
    rest from treasury, then random excess discards (31.71)."""
    most = max_payment(g, p)
    price = costs(g, p)
    pool = list(price)
    rng.shuffle(pool)
    want = rng.below(len(pool) + 1)
    cards: list[str] = []
    owed = 0
    for c in pool:
        if len(cards) >= want:
            break
        cost = price[c]
        if owed + cost <= most:
            cards.append(c)
            owed += cost
    mining = mining_available(p)
    pay: list[str] = []
    if owed > 0:
        pool_cards = usable(g, p)
        rng.shuffle(pool_cards)
        skip_cards = rng.below(2) == 0  # sometimes lean on the treasury first
        if skip_cards and p.treasury >= owed:
            pool_cards = []
        for c in pool_cards:
            if payment_value(g, pay, mining) >= owed:
                break
            pay.append(c)
    value = payment_value(g, pay, mining) if pay else 0
    treasury = max(0, owed - value)
    hand_after = take(p.hand, pay) or []
    over = excess(g, hand_after)
    left = commodities(g, hand_after)
    discard = rng.sample(left, over) if over else []
    return {"cards": cards, "pay_cards": pay, "treasury": treasury, "discard": discard}
