"""The heuristic bot's plain planners: it plays sensibly, from the same information a human has.

It looks only at what its own view shows (the public board, its own hand, treasury and
cards), never at other hands or the deck order (``heuristic.heuristic_bot`` hands each
planner the seat's information state). Where the site's default is already a sound play
(build every city possible, pillage the most, take the best tax rate, answer calamity
choices), it takes that default; it decides for itself where play is made:

- Movement: tokens in a city area or above an area's limit move to neighbouring land areas
  with room, empty ones with a city site first, never into another nation's area (conflict
  costs tokens); a city site with enough tokens nearby gathers the six needed for a city
  (the strategy articles: cities are what bring trade cards).
- Trade: it offers its least useful cards (a tradable calamity first, passed off as a
  commodity: the one lie three cards allow) for two cards of the commodities whose sets would
  grow most, and accepts offers whose stated cards raise its set values, trusting only two of
  them (28.3); after two offers open, six market actions, or with nothing worth doing, it
  leaves the market. Asked
  after leaving (an offer awaits its answer), it accepts a good one or declines.
- Civilization cards: it buys greedily by value for money (face value plus the credits the
  card gives towards cards it lacks, over the cost after credits), paying with the cheapest
  cover of its hand before treasury, then keeps its best sets within the hand limit.
"""
from __future__ import annotations

from ....rng import Rng
from ...contract import IllegalOrder
from ..context import Context
from ..rules import civcards as cc
from ..rules import ships
from ..rules.movement import check_plan
from ..rules.trade import trade_view

CITY_TOKENS = 6  # 25.2


# ---- movement ------------------------------------------------------------------------------
def plan_moves(g: Context, seat: int) -> dict:
    """Spread out into empty land and gather tokens on city sites (see module docstring)."""
    nation = g.s.players[seat].nation
    board = g.s.board
    mine = {a: g.tokens(a, nation) for a in g.token_areas(nation)}
    left = dict(mine)  # tokens still free to move
    arriving: dict[str, int] = {}
    moves: list[dict] = []

    foreign_areas: dict[str, bool] = {}  # the board does not change while planning
    limits: dict[str, int] = {}

    def limit(area: str) -> int:
        got = limits.get(area)
        if got is None:
            got = limits[area] = g.limit(area, nation)
        return got

    def foreign(area: str) -> bool:
        got = foreign_areas.get(area)
        if got is None:
            owner = board.cities.get(area)
            got = foreign_areas[area] = ((owner is not None and owner != nation)
                                         or any(o != nation for o in board.owners(area)))
        return got

    def room(area: str) -> int:
        if area in board.cities:
            return 0
        return limit(area) - mine.get(area, 0) - arriving.get(area, 0)

    def move(src: str, dst: str, n: int) -> None:
        if n <= 0:
            return
        moves.append({"from": src, "to": dst, "count": n})
        left[src] -= n
        arriving[dst] = arriving.get(dst, 0) + n

    # 1. gather six tokens on city sites (own or next to own tokens) when the tokens left
    #    elsewhere can support the new city (26.31: two per city after surplus removal)
    cities = len(g.cities_of(nation))
    planned: list[str] = []

    def support_after(target: str, taking: dict[str, int]) -> int:
        total = 0
        for a, n in mine.items():
            if a == target or a in planned or a in board.cities:
                continue
            total += min(n - taking.get(a, 0), limit(a))
        return total

    sites = {b for a in mine for b in (a, *g.areas[a].land_adj)
             if g.areas[b].city_site and b not in board.cities and not foreign(b)}
    for area in sorted(sites, key=lambda b: (-mine.get(b, 0), b)):
        need = CITY_TOKENS - mine.get(area, 0) - arriving.get(area, 0)
        taking: dict[str, int] = {}
        for b in sorted((b for b in g.areas[area].land_adj if left.get(b, 0) > 0 and b not in planned),
                        key=lambda b: (-left[b], b)):
            if need <= 0:
                break
            taking[b] = min(left[b], need)
            need -= taking[b]
        if need > 0 or support_after(area, taking) < 2 * (cities + len(planned) + 1):
            continue
        for b, n in taking.items():
            move(b, area, n)
        planned.append(area)
        if area in left:
            left[area] = 0

    # 2. tokens in city areas or above the limit spread to neighbours with room
    for area in sorted(mine):
        keep = 0 if area in board.cities else limit(area)
        surplus = min(left.get(area, 0), mine[area] - keep)
        if surplus <= 0:
            continue
        targets = sorted(
            (b for b in g.areas[area].land_adj if not foreign(b) and room(b) > 0),
            key=lambda b: (mine.get(b, 0) > 0, -bool(g.areas[b].city_site), -g.areas[b].limit, b))
        for b in targets:
            n = min(surplus, room(b))
            move(area, b, n)
            surplus -= n
            if surplus == 0:
                break
    # 3. spread stacks of 3 or more into empty neighbours: an area grows by 2 from 2 tokens
    #    as from 5, and by 1 from a single token (20.1), so 2 + 1 beats 3
    for area in sorted(mine):
        if area in planned:
            continue
        while left.get(area, 0) >= 3 and mine[area] - (mine[area] - left[area]) >= 3:
            empty = [b for b in sorted(g.areas[area].land_adj)
                     if not foreign(b) and mine.get(b, 0) + arriving.get(b, 0) == 0 and room(b) >= 1]
            if not empty:
                break
            dest = max(empty, key=lambda b: (bool(g.areas[b].city_site), g.areas[b].limit, b))
            move(area, dest, min(2, left[area] - 2, room(dest)))
    order = {"type": "move", "player": seat, "moves": moves, "voyages": [], "done": "done"}
    try:
        check_plan(g, nation, moves, [])
    except IllegalOrder:
        order["moves"] = []
    return order


# ---- trade ------------------------------------------------------------------------------
CALAMITY_RELIEF = 40  # what getting rid of a tradable calamity is worth, in set points
MAX_OFFERS = 2
#: Market actions (messages, offers, answers) after which it leaves, whatever happens.
MAX_ACTIONS = 6


def _marginal(g: Context, hand: list[str], card: str, whole: int | None = None) -> float:
    """What losing ``card`` costs: set value lost; a tradable calamity is a gain to lose.
    ``whole``: the hand's own value, when known."""
    if g.d.is_calamity(card):
        return -CALAMITY_RELIEF if g.d.is_tradable(card) else float("inf")
    rest = list(hand)
    rest.remove(card)
    return (g.hand_value(hand) if whole is None else whole) - g.hand_value(rest)


def _junk(g: Context, hand: list[str], n: int) -> list[str]:
    """The ``n`` tradable cards that cost least to lose (calamities first)."""
    pool = [c for c in hand if g.d.is_tradable(c)]
    whole = g.hand_value(hand)
    cost = {c: _marginal(g, hand, c, whole) for c in set(pool)}  # the same for each copy
    pool.sort(key=lambda c: (cost[c], c))
    return pool[:n]


def _wanted(g: Context, hand: list[str]) -> list[str]:
    """Commodities whose next card adds most to the hand's set value."""
    counts = {c: hand.count(c) for c in set(hand) if c in g.d.commodities}
    gain = {c: g.set_value(c, n + 1) - g.set_value(c, n) for c, n in counts.items()
            if n < g.d.commodities[c].count}
    return sorted(gain, key=lambda c: (-gain[c], c))


def _side(g: Context, hand: list[str], expect: list[str]) -> tuple[list[str], list[str]] | None:
    """Cards to give and what to state for them so that they fill ``expect``; one lie at
    most per card beyond two (28.3), used to pass off a calamity. None if impossible."""
    left = list(hand)
    give, said = [], []
    lies_left = len(expect) - 2
    calamities = [c for c in left if g.d.is_calamity(c) and g.d.is_tradable(c)]
    for e in sorted(expect, key=lambda e: e == "dont_care"):  # named entries first
        if e == "dont_care":
            choice = _junk(g, left, 1)
            if not choice:
                return None
            card, stated = choice[0], choice[0]
            if g.d.is_calamity(card):  # a calamity told truthfully would be refused: lie
                if lies_left <= 0:
                    return None
                lies_left -= 1
                stated = "unspecified"
        elif e in left and e not in calamities:
            card, stated = e, e
        elif calamities and lies_left > 0 and e in g.d.commodities or e == "unspecified":
            if not calamities or lies_left <= 0:
                return None
            card, stated = calamities.pop(), e
            lies_left -= 1
        else:
            return None
        left.remove(card)
        if card in calamities:
            calamities.remove(card)
        give.append(card)
        said.append(stated)
    return give, said


def _message(g: Context, hand: list[str], wanted: list[str]) -> str:
    """A public message (SITE-MSG-01) naming what we want and what we can spare."""
    spare = [c for c in _junk(g, hand, 3) if c in g.d.commodities]
    spare = list(dict.fromkeys(spare))
    return ("Want: " + ", ".join(g.d.commodities[c].name for c in wanted[:3]) + ". Offer: "
            + ", ".join(g.d.commodities[c].name for c in spare) + ".")


def _offers_in(g: Context, text: str) -> set[str]:
    """The commodities a public message says are on offer ("... Offer: Salt, Ochre.")."""
    if "Offer:" not in text:
        return set()
    tail = text.split("Offer:", 1)[1]
    return {c.id for c in g.d.commodities.values() if c.name in tail}


def plan_trade(g: Context, seat: int, rng: Rng) -> dict:
    """Accept a good offer, else make one, else leave the market (see module docstring)."""
    p = g.s.players[seat]
    hand = list(p.hand)
    view = trade_view(g, seat)
    before = g.hand_value(hand) + CALAMITY_RELIEF * sum(
        1 for c in hand if g.d.is_calamity(c) and g.d.is_tradable(c))
    gone = seat not in view.get("in_market", [])  # asked after leaving: answer or decline
    for off in view.get("offers_received", []):
        if off["my_give"] is not None:
            continue
        side = _side(g, hand, off["expect"])
        if side is None:
            if gone:
                return {"type": "trade_withdraw", "player": seat, "offer": off["id"]}
            continue
        give, said = side
        after_hand = [c for c in hand]
        for c in give:
            after_hand.remove(c)
        incoming = [c for c in off["said"] if c in g.d.commodities]
        incoming.sort(key=lambda c: g.set_value(c, after_hand.count(c) + 1) - g.set_value(c, after_hand.count(c)))
        trusted = incoming[len(incoming) - 2:] if len(incoming) > 2 else incoming  # 2 true cards
        after = g.hand_value(after_hand + trusted) + CALAMITY_RELIEF * sum(
            1 for c in after_hand if g.d.is_calamity(c) and g.d.is_tradable(c))
        if after > before:
            return {"type": "trade_accept", "player": seat, "offer": off["id"], "give": give,
                    "said": said, "expect": []}
        if gone:
            return {"type": "trade_withdraw", "player": seat, "offer": off["id"]}
    if g.s.step.get("actions", {}).get(str(seat), 0) >= MAX_ACTIONS:
        return {"type": "trade_done", "player": seat}  # enough: declined offers are not retried for ever
    wanted = _wanted(g, hand)
    messages = view.get("messages", {})
    if str(seat) not in messages and wanted:
        return {"type": "trade_message", "player": seat, "text": _message(g, hand, wanted)}
    made = [o for o in view.get("offers_made", [])]
    open_made = [o for o in made if o["accepted_said"] is None]
    partners = [s for s in view.get("in_market", []) if s != seat]
    if len(made) < MAX_OFFERS and not open_made and partners:
        offered = {int(k): _offers_in(g, text) for k, text in messages.items() if int(k) in partners}
        match = [(c, k) for c in wanted for k in partners if c in offered.get(k, ())]
        if match:  # someone says he offers a card we want
            want, partner = match[0]
        elif wanted:
            want, partner = wanted[0], partners[rng.below(len(partners))]
        else:
            want = None
        if want:
            partners = [partner]
            expect = [want, "dont_care", "dont_care"]
            give = _junk(g, hand, 3)
            if len(give) == 3 and not any(c in expect for c in give):
                said = list(give)
                cals = [i for i, c in enumerate(give) if g.d.is_calamity(c)]
                if len(cals) <= 1:  # three cards allow one lie (28.3)
                    for i in cals:
                        said[i] = next((c for c in give if not g.d.is_calamity(c)), "unspecified")
                    return {"type": "trade_offer", "player": seat,
                            "to": partners[rng.below(len(partners))],
                            "give": give, "said": said, "expect": expect}
    return {"type": "trade_done", "player": seat}


# ---- ships -----------------------------------------------------------------------------
def plan_ships(g: Context, seat: int) -> dict:
    """Ships only as a treasury valve (SITE-SHIP-05): when the stock will not cover next turn's
    taxes and growth, build ships paid from treasury (the tokens go back to stock) and let
    them lapse next turn; otherwise none."""
    p = g.s.players[seat]
    nation = p.nation
    cities = len(g.cities_of(nation))
    need = 2 * cities + 2 * len(g.token_areas(nation))
    short = need - p.stock
    build: list[dict] = []
    if short > 0 and p.treasury >= 2:
        wet = [a for a in sorted(set(g.token_areas(nation)) | set(g.cities_of(nation)))
               if g.areas[a].has_water and not g.areas[a].is_open_sea]
        count = min(4, p.treasury // 2, (short + 1) // 2)
        build = [{"area": wet[i % len(wet)], "pay": "treasury"} for i in range(count)] if wet else []
    try:
        ships.plan(g, nation, [], build)  # the phase's own validation
    except IllegalOrder:
        build = []
    return {"type": "ships", "player": seat, "maintain": [], "build": build}


# ---- civilization cards --------------------------------------------------------------------
def worth(g: Context, p, card: str) -> float:
    """Value for money of ``card``: face value plus credits towards missing cards, per token."""
    c = g.d.civ_cards[card]
    future = sum(v for t, v in c.credits.items() if t not in p.civ_cards)
    return (c.cost + 0.5 * future) / max(1, cc.cost_after_credits(g, p, card))


def plan_purchase(g: Context, seat: int) -> dict | None:
    """Buy the best cards the hand and treasury can pay for; None = take the default."""
    p = g.s.players[seat]
    budget = cc.max_payment(g, p)
    chosen: list[str] = []
    owed = 0
    for card in sorted(cc.buyable(g, p), key=lambda c: (-worth(g, p, c), c)):
        cost = cc.cost_after_credits(g, p, card)
        if owed + cost <= budget:
            chosen.append(card)
            owed += cost
    if not chosen:
        return None
    usable = cc.usable(g, p)
    mining = cc.mining_available(p)
    pay = cc.cheapest_cover(g, usable, owed, 0, mining) if owed else []
    treasury = 0
    if pay is None:  # cards alone cannot pay: all of them, the rest from treasury
        pay = list(usable) if cc.payment_value(g, usable, mining) > 0 else []
        treasury = owed - (cc.payment_value(g, pay, mining) if pay else 0)
        if treasury > p.treasury:
            return None
    hand_after = cc.take(p.hand, pay) or []
    discard: list[str] = []
    if cc.excess(g, hand_after):
        kept = cc.best_kept(g, hand_after, g.s.options.hand_limit)
        discard = cc.take(cc.commodities(g, hand_after), kept) or []
    try:  # the phase's own checks, without applying anything
        cc.check_cards(g, p, chosen)
        cc.check_payment(g, p, chosen, pay, treasury)
        cc.check_discard(g, hand_after, discard)
    except IllegalOrder:
        return None
    return {"type": "buy", "player": seat, "cards": chosen, "pay_cards": pay, "treasury": treasury,
            "discard": discard}
