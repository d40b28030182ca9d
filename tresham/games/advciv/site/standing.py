"""Standing orders: what a player wants done when his deadline passes, instead of the
site's default (SITE-TIME-04). The site's own feature; no rule of the game is changed.

A standing order is stored per kind of decision (the ``kind`` of a :class:`Decision`) as a
*spec*: plain JSON checked, like the orders, by a strict pydantic model (:data:`SPECS`, its
JSON Schema by :func:`json_schemas`). When the deadline of a decision of that kind passes,
:func:`standing_order` turns the spec into the order for the decision the seat owes *now*,
decided on what the seat may know (``view.information_state``), never on another seat's
secrets; the order is then checked against the game as it is, and a refusal says why (the
site applies its default instead and tells the player).

What each kind can say (:data:`KINDS`):

- ``move``: entered moves carried out as entered (the default), only those that do not go
  where another player has moved this phase, or none; with nothing entered: stay, move only
  the tokens that would be lost to surplus removal into neighbouring land that is empty of
  other players (never breaking up a stack that can build a city), or the site's bot plan;
- ``build_cities``: every city that can be built (never in areas he excludes), ranked areas
  first when support or the cities in stock do not allow all, else the default's rule;
  Architecture used for one more city where support allows it;
- ``buy``: a ranked list of civilization cards, bought while affordable, paid so that what
  he keeps (hand as sets plus treasury) is worth most, hand before treasury, the cards he
  prefers to keep spared; over the hand limit, those cards kept first;
- ``ships``: which ships to maintain (all, or those in named areas), treasury or tokens first;
- ``tax_rate``: a Coinage rate, lowered while it would make cities revolt if he says so;
- ``buy_cards``: how many stack-9 cards to buy, as many as affordable up to that;
- ``pillage``: how many tokens to pillage, at most the rules' maximum;
- ``assign_losses`` / ``famine_assign``: secondary victims in his order, nations spared as
  long as possible, the rest as the default (the leaders);
- ``calamity_cities``: his own cities to lose first and to keep to the last; other players'
  cities to name first, whose first, whose last;
- ``choose_losses``: tokens lost before any city, from the areas he names first, his
  precious areas last, cities reduced (not destroyed) and the most expendable first;
- ``reduce_cities``: which cities to reduce first for lack of support (new cities still
  first, 26.32).

The trade market has no standing order: its decision has no deadline of its own
(``Decision.timed`` is False); the market closes at its cutoff for everyone still in it,
which is what "leave at the cutoff" would do, and "done now" is the player's Done.
"""
from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product
from typing import Annotated, Any, Callable, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...contract import Decision, IllegalOrder
from ..bots.plain import plan_moves
from ..context import Context
from ..data import load
from ..engine import apply
from ..rules import civcards as cc
from ..rules.calamities import losses as L
from ..rules.cities import architecture_options, buildable, can_hold_city, supportable, tokens_needed
from ..rules.movement import check_plan
from ..rules.taxation import would_revolt
from ..schema import AreaId, CivCardId, Count, Many, NationId, one_of, explain
from ..state import GameState
from ..variant import variant_of
from ..view import information_state

#: decision kind -> what a standing order for it can say
KINDS: dict[str, str] = {
    "move": "Movement: carry out the moves you entered (all, only those not going where another "
            "player has moved, or none); with none entered, stay, save the tokens surplus "
            "removal would take, or move as the site's bot would.",
    "build_cities": "City construction: build every city you can, your ranked areas first when "
                    "support is short, never in the areas you exclude; Architecture for one more "
                    "city where it helps.",
    "buy": "Civilization cards: buy the cards of your ranked list you can afford, paid as cheaply "
           "as possible from your hand, then treasury; the trade cards you would rather keep "
           "when discarding to the hand limit.",
    "ships": "Ships: maintain all your ships, or those in the areas you name, paying from "
             "treasury (or with tokens) first.",
    "tax_rate": "Taxation (Coinage): your tax rate, lowered if it would make cities revolt.",
    "buy_cards": "Trade card acquisition: how many stack-9 cards to buy when you can afford them.",
    "pillage": "Pillage: how many tokens to pillage for a city you destroyed.",
    "assign_losses": "Epidemic and Flood: the players to make lose unit points first, and those "
                     "to spare.",
    "famine_assign": "Famine: the players to assign the 20 unit points to first, and those to "
                     "spare.",
    "calamity_cities": "Calamities naming cities: your own cities to lose first and to keep; "
                       "other players' cities to name first, whose first and whose last.",
    "choose_losses": "Unit losses to calamities: tokens before cities, the areas to lose from "
                     "first and those to keep to the last.",
    "reduce_cities": "City support: the cities to reduce first and those to keep to the last "
                     "(cities built this turn still go first).",
}

_d = load()
#: A commodity card (what a hand keeps, 28.5); calamities are never kept (31.72).
CommodityId = one_of(frozenset(_d.commodities), "a commodity card", "27.1", "a commodity card id")
Areas = Many(AreaId)
Nations = Many(NationId)


class Spec(BaseModel):
    """A standing order's spec: unknown fields refused, no type coercion."""

    model_config = ConfigDict(extra="forbid", strict=True)


class MoveSpec(Spec):
    """What movement does when your deadline passes."""

    model_config = ConfigDict(title="move", json_schema_extra={"description": KINDS["move"]})
    entered: Literal["carry_out", "safe_only", "none"] = Field(
        "carry_out", description="the moves you entered but did not confirm: carry_out = all of "
        "them (the site's default); safe_only = only those that do not end in (or pass through) an "
        "area another player has moved into this phase; none = move nothing")
    otherwise: Literal["stay", "relieve", "bot"] = Field(
        "relieve", description="with no moves entered: stay = move nothing (the site's default); "
        "relieve = move the tokens that surplus removal would take (above an area's limit, or in "
        "a city's area) into neighbouring land empty of other players, keeping stacks that can "
        "build a city; bot = move as the site's bot would")


class CitiesSpec(Spec):
    """Which cities to build when your deadline passes."""

    model_config = ConfigDict(title="build_cities", json_schema_extra={"description": KINDS["build_cities"]})
    prefer: Areas = Field(default_factory=list, description="areas ranked, built first when "
                          "support or the cities in stock do not allow every city; the others "
                          "as the site's default (areas without a city site first)")
    never: Areas = Field(default_factory=list, description="areas where no city is built")
    architecture: bool = Field(True, description="with Architecture, build one more city paid "
                               "partly from treasury where support allows it")


class BuySpec(Spec):
    """Which civilization cards to buy when your deadline passes."""

    model_config = ConfigDict(title="buy", json_schema_extra={"description": KINDS["buy"]})
    cards: Many(CivCardId) = Field(default_factory=list, description="civilization cards ranked: "
                                   "each is bought if it is affordable with those before it")
    skip_unaffordable: bool = Field(True, description="false: stop at the first listed card you "
                                    "cannot afford (saving for it) instead of going down the list")
    keep: Many(CommodityId) = Field(default_factory=list, description="commodities ranked that you "
                                    "would rather keep: not handed in when others can pay, kept "
                                    "first when discarding to the hand limit")


class ShipsSpec(Spec):
    """Which ships to maintain when your deadline passes."""

    model_config = ConfigDict(title="ships", json_schema_extra={"description": KINDS["ships"]})
    keep: Literal["all"] | Areas = Field("all", description='"all", or the areas of the ships to '
                                         "maintain (an area twice for two ships there)")
    pay: Literal["treasury_first", "tokens_first"] = Field(
        "treasury_first", description="pay each ship's upkeep from treasury, else with a token "
        "levied where it is (or the other way round)")


class TaxSpec(Spec):
    """Your Coinage tax rate."""

    model_config = ConfigDict(title="tax_rate", json_schema_extra={"description": KINDS["tax_rate"]})
    rate: Annotated[int, Field(ge=1, le=3)] = Field(2, description="tokens per city: 1, 2 or 3")
    avoid_revolt: bool = Field(True, description="lower the rate while it would make cities revolt")


class BuyCardsSpec(Spec):
    """How many stack-9 cards to buy."""

    model_config = ConfigDict(title="buy_cards", json_schema_extra={"description": KINDS["buy_cards"]})
    count: Count = Field(0, description="stack-9 cards to buy; fewer if the treasury or the stack "
                         "holds fewer")


class PillageSpec(Spec):
    """How many tokens to pillage."""

    model_config = ConfigDict(title="pillage", json_schema_extra={"description": KINDS["pillage"]})
    amount: Count = Field(3, description="tokens to pillage; fewer if the rules allow fewer")


class VictimsSpec(Spec):
    """Secondary victims of a calamity."""

    victims: Nations = Field(default_factory=list, description="nations ranked: each is given as "
                             "much as allowed, in this order")
    spare: Nations = Field(default_factory=list, description="nations given losses only when "
                           "nobody else can take them")


class AssignSpec(VictimsSpec):
    model_config = ConfigDict(title="assign_losses", json_schema_extra={"description": KINDS["assign_losses"]})


class FamineSpec(VictimsSpec):
    model_config = ConfigDict(title="famine_assign", json_schema_extra={"description": KINDS["famine_assign"]})


class KeepLose(Spec):
    """Your own units: what to lose first, what to keep to the last."""

    lose: Areas = Field(default_factory=list, description="areas ranked: your cities (or tokens) "
                        "there go first")
    keep: Areas = Field(default_factory=list, description="areas ranked, most precious first: "
                        "your cities (or tokens) there go last")


class CalamityCitiesSpec(KeepLose, VictimsSpec):
    model_config = ConfigDict(title="calamity_cities", json_schema_extra={"description": KINDS["calamity_cities"]})
    targets: Areas = Field(default_factory=list, description="other players' cities ranked, named "
                           "first when you choose cities of others")


class LossesSpec(KeepLose):
    model_config = ConfigDict(title="choose_losses", json_schema_extra={"description": KINDS["choose_losses"]})


class ReduceSpec(KeepLose):
    model_config = ConfigDict(title="reduce_cities", json_schema_extra={"description": KINDS["reduce_cities"]})


#: decision kind -> the model of its spec
SPECS: dict[str, type[Spec]] = {
    "move": MoveSpec, "build_cities": CitiesSpec, "buy": BuySpec, "ships": ShipsSpec,
    "tax_rate": TaxSpec, "buy_cards": BuyCardsSpec, "pillage": PillageSpec,
    "assign_losses": AssignSpec, "famine_assign": FamineSpec,
    "calamity_cities": CalamityCitiesSpec, "choose_losses": LossesSpec, "reduce_cities": ReduceSpec,
}
assert set(SPECS) == set(KINDS)


# ---- the spec as data --------------------------------------------------------------------
def parse(kind: str, spec: Any) -> Spec:
    """The typed spec of a standing order for ``kind`` decisions; IllegalOrder saying which
    field is wrong (the same words as a refused order's)."""
    model = SPECS.get(kind) if isinstance(kind, str) else None
    if model is None:
        raise IllegalOrder("", f"no standing order answers {str(kind)[:40]!r} decisions; the kinds "
                           f"are {', '.join(KINDS)}")
    if not isinstance(spec, dict):
        raise IllegalOrder("", "a standing order is a JSON object")
    try:
        return model.model_validate(spec)
    except ValidationError as e:
        raise IllegalOrder("", f"standing order {kind!r}: {explain(e, model=model)}") from None


def normal_form(kind: str, spec: Any) -> dict[str, Any]:
    """The spec checked, with every field's default filled in (what is stored and shown)."""
    return parse(kind, spec).model_dump(mode="json")


@cache
def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of each kind's spec, by kind."""
    return {kind: model.model_json_schema() for kind, model in SPECS.items()}


# ---- applying one ------------------------------------------------------------------------
def standing_order(state: GameState, seat: int, kind: str, spec: Any) -> dict | None:
    """The order ``spec`` gives for ``seat``'s ``kind`` decision owed now, decided on what the
    seat knows; None when he owes no such decision or the spec says nothing for it.
    IllegalOrder when the spec is malformed or cannot be carried out now (the message says
    why); an order given is one the rules accept now."""
    typed = parse(kind, spec)
    if state.finished or not 0 <= seat < len(state.players) or state.players[seat].nation is None:
        return None
    # his own decision, as his view shows it (``view.player_view``: "decisions")
    variant = variant_of(state)
    decision = next((d for d in variant.phase(state.phase).pending(variant.game(state.copy()))
                     if d.player == seat and d.kind == kind and d.required), None)
    if decision is None:
        return None
    g = variant.game(information_state(state, seat))
    order = PLANNERS[kind](g, seat, decision, typed)
    if order is None:
        return None
    order = {**order, "player": seat}
    apply(state, order)  # the rules' own check, on the game as it is (IllegalOrder says why)
    return order


def _nation(g: Context, seat: int) -> str:
    return g.s.players[seat].nation  # type: ignore[return-value]


def _ranked(first: list[str], pool: list[str], last: list[str]) -> list[str]:
    """``pool`` in the order: ``first`` (as ranked), the others (as ``pool`` gives them),
    ``last`` reversed (its first entry at the very end)."""
    inside = set(pool)
    head = [a for a in dict.fromkeys(first) if a in inside]
    tail = [a for a in reversed(list(dict.fromkeys(last))) if a in inside and a not in head]
    middle = [a for a in pool if a not in head and a not in tail]
    return head + middle + tail


# ---- movement ----------------------------------------------------------------------------
def _plan_move(g: Context, seat: int, d: Decision, spec: MoveSpec) -> dict | None:
    nation = _nation(g, seat)
    plan = g.s.step.get("plans", {}).get(str(seat))
    if plan and (plan.get("moves") or plan.get("voyages")):
        if spec.entered == "carry_out":
            return {"type": "done"}  # confirms the moves entered, as they were entered
        if spec.entered == "none":
            return {"type": "move", "moves": [], "voyages": [], "done": "done"}
        entered = g.s.step.get("entered", {})
        taken = {a for a, who in entered.items() if any(n != nation for n in who)}
        moves = [dict(m) for m in plan["moves"] if m["to"] not in taken and m.get("via") not in taken]
        voyages = [{"ship": v["ship"], "steps": [list(s) for s in v["steps"]]} for v in plan["voyages"]
                   if not any(leg[1] in taken for leg in v["legs"] if leg[0] != leg[1])]
    elif spec.otherwise == "bot":
        order = plan_moves(g, seat)
        return {"type": "move", "moves": order["moves"], "voyages": order["voyages"], "done": "done"}
    elif spec.otherwise == "relieve":
        moves, voyages = relief_moves(g, nation), []
    else:
        moves, voyages = [], []
    # keep what the board allows now, one move after another (the rest is skipped)
    kept_moves: list[dict] = []
    for m in moves:
        try:
            check_plan(g, nation, kept_moves + [m], [])
            kept_moves.append(m)
        except IllegalOrder:
            continue
    kept_voyages: list[dict] = []
    for v in voyages:
        try:
            check_plan(g, nation, kept_moves, kept_voyages + [v])
            kept_voyages.append(v)
        except IllegalOrder:
            continue
    return {"type": "move", "moves": kept_moves, "voyages": kept_voyages, "done": "done"}


def relief_moves(g: Context, nation: str) -> list[dict]:
    """Moves of the tokens surplus removal would take (26.1: above an area's limit, or any in
    an area with a city) into neighbouring land areas with room that hold no other player's
    units or Barbarians (no conflict, 24.1); a stack that can build a city stays (25.2).
    Areas in order, each surplus to the neighbours with most room first."""
    board = g.s.board
    mine = {a: g.tokens(a, nation) for a in g.token_areas(nation)}
    arriving: dict[str, int] = {}

    def foreign(area: str) -> bool:
        owner = board.cities.get(area)
        return (owner is not None and owner != nation) or any(o != nation for o in board.owners(area))

    def room(area: str) -> int:
        if area in board.cities or not g.areas[area].is_land:
            return 0
        return g.limit(area, nation) - mine.get(area, 0) - arriving.get(area, 0)

    moves: list[dict] = []
    for area in sorted(mine):
        if area in board.cities:
            keep = 0
        elif can_hold_city(g, area) and mine[area] >= tokens_needed(g, area):
            continue  # these tokens build a city before surplus is removed (18.1)
        else:
            keep = g.limit(area, nation)
        surplus = mine[area] - keep
        for b in sorted((b for b in g.areas[area].land_adj if not foreign(b) and room(b) > 0),
                        key=lambda b: (-room(b), b)):
            if surplus <= 0:
                break
            n = min(surplus, room(b))
            moves.append({"from": area, "to": b, "count": n})
            arriving[b] = arriving.get(b, 0) + n
            surplus -= n
    return moves


# ---- city construction --------------------------------------------------------------------
def _plan_cities(g: Context, seat: int, d: Decision, spec: CitiesSpec) -> dict:
    nation = _nation(g, seat)
    never = set(spec.never)
    cand = [a for a in buildable(g, nation) if a not in never]
    room = g.cities_in_stock(nation)
    if len(cand) <= room and supportable(g, nation, set(cand)):
        chosen = list(cand)
    else:
        chosen = []
        for a in _ranked(spec.prefer, default_order(g, cand), []):
            if len(chosen) < room and supportable(g, nation, set(chosen) | {a}):
                chosen.append(a)
    arch = None
    if spec.architecture and len(chosen) < room:
        options = architecture_options(g, nation)
        pool = sorted((a for a in options if a not in never and a not in chosen),
                      key=lambda a: (options[a], tokens_needed(g, a) == 6, a))
        for a in _ranked(spec.prefer, pool, []):
            if supportable(g, nation, set(chosen) | {a}):
                arch = a
                break
    return {"type": "build_cities", "areas": sorted(chosen), "architecture": arch}


def default_order(g: Context, areas: list[str]) -> list[str]:
    """The default's order of preference (SITE-CITY-04, ``cities.default_selection``): areas
    without a city site first, then on sites, each alphabetically."""
    return sorted(areas, key=lambda a: (g.areas[a].city_site is not None, a))


# ---- civilization cards -------------------------------------------------------------------
#: Beyond this many ways to pay, only the cheapest cover of each value is weighed.
MAX_PAYMENTS = 5000


def _plan_buy(g: Context, seat: int, d: Decision, spec: BuySpec) -> dict | None:
    p = g.s.players[seat]
    over = cc.excess(g, p.hand)
    price = cc.costs(g, p)
    most = cc.max_payment(g, p)
    chosen: list[str] = []
    owed = 0
    why: list[str] = []
    for card in dict.fromkeys(spec.cards):
        name = g.d.civ_cards[card].name
        if card in p.civ_cards:
            why.append(f"you own {name}")
            continue
        if card not in price:
            pre = g.d.civ_cards[card].prerequisite
            why.append(f"{name} needs {g.d.civ_cards[pre].name} owned from an earlier turn")
            continue
        if owed + price[card] <= most:
            chosen.append(card)
            owed += price[card]
            continue
        why.append(f"{name} costs {price[card]} after credits and you can pay {most - owed}"
                   + (" more" if chosen else ""))
        if not spec.skip_unaffordable:
            if not chosen and not over:
                raise IllegalOrder("31.2", f"it saves for {name} first, which you cannot afford yet: "
                                   + "; ".join(why))
            break
    if not chosen and spec.cards and not over:
        raise IllegalOrder("31.2", "none of the civilization cards it lists can be bought now: "
                           + "; ".join(why))
    if not chosen and not spec.cards and (not over or not spec.keep):
        return None  # it names no card and no preference for this decision
    pay, treasury, discard = best_payment(g, p, owed, spec.keep)
    return {"type": "buy", "cards": chosen, "pay_cards": pay, "treasury": treasury, "discard": discard}


def kept_cards(g: Context, hand: list[str], keep: list[str]) -> tuple[list[str], list[str]]:
    """(kept, discarded) commodity cards of ``hand`` within the hand limit (31.71): the kinds
    of ``keep`` first, in its order, then the best sets (SITE-ADV-08's rule)."""
    comm = cc.commodities(g, hand)
    limit = g.s.options.hand_limit
    if len(comm) <= limit:
        return comm, []
    pool = list(comm)
    kept: list[str] = []
    for c in dict.fromkeys(keep):
        n = min(pool.count(c), limit - len(kept))
        kept += [c] * n
        for _ in range(n):
            pool.remove(c)
    kept += cc.best_kept(g, pool, limit - len(kept))
    return kept, cc.take(comm, kept) or []


def _payments(g: Context, cards: list[str], mining: bool) -> list[list[str]]:
    """Ways to hand in cards: every sub-multiset of ``cards``, or, when there are too many,
    the cheapest cover of each value the cards can pay (``civcards.cover_table``)."""
    counts = sorted(Counter(cards).items())
    ways = 1
    for _, k in counts:
        ways *= k + 1
    if ways <= MAX_PAYMENTS:
        out = []
        for choice in product(*(range(k + 1) for _, k in counts)):
            out.append([c for (c, _), n in zip(counts, choice) for _ in range(n)])
        return out
    table = cc.cover_table(g, cards, mining)
    values = sorted({v for vals in table[1].values() for v in vals})
    covers = [cc.cheapest_cover(g, cards, v, 0, mining, table) for v in values]
    return [c for c in covers if c is not None] + [list(cards)]


def best_payment(g: Context, p, owed: int, keep: list[str]) -> tuple[list[str], int, list[str]]:
    """(cards handed in, treasury, discard) for ``owed`` after credits: what he keeps, the
    hand's sets within the hand limit plus his treasury, worth most (35.1); ties: fewer of the
    cards he prefers to keep given up, then the hand before treasury (31.41: treasury only
    makes up what the cards leave owed)."""
    mining = cc.mining_available(p)
    favoured = set(keep)
    best: tuple | None = None
    for pay in (_payments(g, cc.usable(g, p), mining) if owed else [[]]):
        value = cc.payment_value(g, pay, mining)
        treasury = max(0, owed - value)
        if treasury > p.treasury or (pay and value == 0):
            continue
        plain = cc.payment_value(g, pay, False)
        mined = value > plain and plain + treasury < owed
        hand_after = cc.take(p.hand, pay) or []
        kept, discard = kept_cards(g, hand_after, keep)
        worth = g.hand_value(kept, mining=mining and not mined) + p.treasury - treasury
        lost = sum(1 for c in pay + discard if c in favoured)
        key = (lost, -worth, treasury, len(pay), sorted(pay))
        if best is None or key < best[0]:
            best = (key, sorted(pay), treasury, sorted(discard))
    if best is None:
        raise IllegalOrder("31.2", f"{owed} is owed and it cannot be paid")
    return best[1], best[2], best[3]


# ---- ships --------------------------------------------------------------------------------
def _plan_ships(g: Context, seat: int, d: Decision, spec: ShipsSpec) -> dict:
    nation = _nation(g, seat)
    ships = list(g.ships_of(nation))
    wanted: list[str] = []
    if spec.keep == "all" and not ships:
        return {"type": "ships", "maintain": [], "build": []}  # all of none: nothing to maintain
    if spec.keep == "all":
        wanted = ships
    else:
        left = list(ships)
        for a in spec.keep:
            if a in left:
                left.remove(a)
                wanted.append(a)
    # as many of them as can be paid: a ship where no token of his is left must be paid from
    # treasury, the others may take a token; the preferred payment where both are possible
    treasury = g.of(nation).treasury
    tokens = {a: g.tokens(a, nation) for a in set(wanted)}
    by_token: list[bool] = []
    for area in wanted:
        by_token.append(tokens[area] > 0)
        tokens[area] -= 1 if tokens[area] > 0 else 0
    must = 0
    keep = []
    for area, token in zip(wanted, by_token):
        if not token:
            if must + 1 > treasury:
                continue
            must += 1
        keep.append((area, token))
    spare = treasury - must
    maintain = []
    for area, token in keep:
        if not token:
            pay = "treasury"
        elif spec.pay == "treasury_first" and spare > 0:
            pay, spare = "treasury", spare - 1
        else:
            pay = "token"
        maintain.append({"area": area, "pay": pay})
    if not maintain:
        where = ", ".join(g.area_name(a) for a in ships) or "nowhere"
        if not wanted:
            raise IllegalOrder("22.3", "you have no ship in the areas it names; your ships are in " + where)
        raise IllegalOrder("22.3", "you can pay the upkeep of none of the ships it names: no "
                           "treasury and no token of yours where they are")
    return {"type": "ships", "maintain": maintain, "build": []}


# ---- taxation, acquisition, pillage -------------------------------------------------------
def _plan_tax(g: Context, seat: int, d: Decision, spec: TaxSpec) -> dict:
    nation = _nation(g, seat)
    rate = spec.rate
    while spec.avoid_revolt and rate > 1 and would_revolt(g, nation, rate):
        rate -= 1
    return {"type": "tax_rate", "rate": rate}


def _plan_buy_cards(g: Context, seat: int, d: Decision, spec: BuyCardsSpec) -> dict:
    return {"type": "buy_cards", "count": min(spec.count, int(d.options.get("max", 0)))}


def _plan_pillage(g: Context, seat: int, d: Decision, spec: PillageSpec) -> dict:
    return {"type": "pillage", "amount": min(spec.amount, int(d.options.get("max", 0))),
            "area": d.options.get("area", "")}


# ---- calamities ---------------------------------------------------------------------------
def victim_order(g: Context, candidates: list[str], spec: VictimsSpec, seat: int) -> list[str]:
    """``candidates`` (nations) in the order losses go to them: the spec's victims, then the
    others as the default takes them (the leaders by Total Public Points, SITE-CAL-05, SZ-20),
    the nations to spare last (the first of them at the very end)."""
    mine = _nation(g, seat)
    pool = [n for n in g.leaders() if n in set(candidates) and n != mine]
    return _ranked(spec.victims, pool, spec.spare)


def _plan_assignment(g: Context, seat: int, d: Decision, spec: VictimsSpec) -> dict | None:
    if not spec.victims and not spec.spare:
        return None
    caps: dict[str, int] = dict(d.options.get("caps", {}))
    left = int(d.options.get("total", 0))
    out: dict[str, int] = {}
    for n in victim_order(g, list(caps), spec, seat):
        k = min(caps[n], left)
        if k > 0:
            out[n] = k
            left -= k
    if d.kind == "famine_assign":
        return {"type": "famine_assign", "victims": out}
    return {"type": "assign_losses", "assign": out}


def _plan_calamity_cities(g: Context, seat: int, d: Decision, spec: CalamityCitiesSpec) -> dict | None:
    nation = _nation(g, seat)
    cities: list[str] = list(d.options.get("cities", []))
    n = int(d.options.get("count", 0))
    owner = g.s.board.cities
    if all(owner.get(a) == nation for a in cities):  # his own cities to reduce
        if not spec.lose and not spec.keep:
            return None
        return {"type": "choose_cities", "cities": sorted(_ranked(spec.lose, sorted(cities), spec.keep)[:n])}
    if not spec.targets and not spec.victims and not spec.spare:
        return None
    per = d.options.get("max_per_player")
    order = victim_order(g, sorted({owner[a] for a in cities}), spec, seat)
    ranked = [a for a in dict.fromkeys(spec.targets) if a in cities]
    ranked += [a for o in order for a in sorted(cities) if owner[a] == o and a not in ranked]
    chosen: list[str] = []
    used: Counter[str] = Counter()
    for a in ranked:
        o = owner[a]
        cap = per.get(o, 0) if isinstance(per, dict) else per
        if cap is not None and used[o] >= cap:
            continue
        chosen.append(a)
        used[o] += 1
        if len(chosen) == n:
            break
    return {"type": "choose_cities", "cities": sorted(chosen)}


def _current_loss(g: Context, nation: str) -> dict | None:
    ctx = g.s.step.get("current") or {}
    loss = (ctx.get("losses") or {}).get(nation)
    if loss is None and (ctx.get("loss") or {}).get("nation") == nation:
        loss = ctx["loss"]
    return loss


def _plan_losses(g: Context, seat: int, d: Decision, spec: LossesSpec) -> dict | None:
    nation = _nation(g, seat)
    loss = _current_loss(g, nation)
    if loss is None:
        return None
    need = L.required(g, loss)
    caps = L.token_caps(g, loss)
    tokens_total = sum(caps.values())
    table = L.LossTable(g, loss)
    precious = list(reversed(_ranked(spec.lose, list(table.cities), spec.keep)))
    where = {a: i for i, a in enumerate(table.cities)}
    severity = {"keep": 0, "reduce": 1, "destroy": 2}
    best: tuple | None = None
    for acts in product(("keep", "reduce", "destroy"), repeat=len(table.cities)):
        stock, pts = g.of(nation).stock, 0
        for i, act in enumerate(acts):
            got, stock = table.step(i, act, stock)
            pts += got
        if not pts <= need <= pts + tokens_total:
            continue
        key = tuple(severity[acts[where[a]]] for a in precious)
        if best is None or key < best[0]:
            best = (key, acts, pts)
        if not any(key):
            break  # tokens alone: nothing better
    if best is None:
        return None
    _, acts, pts = best
    tokens = take_tokens(caps, need - pts, spec)
    order = {"type": "choose_losses", "tokens": tokens,
             "reduce": [a for a, act in zip(table.cities, acts) if act == "reduce"],
             "destroy": [a for a, act in zip(table.cities, acts) if act == "destroy"]}
    L.check(g, loss, order["tokens"], order["reduce"], order["destroy"])
    return order


def take_tokens(caps: dict[str, int], n: int, spec: KeepLose) -> dict[str, int]:
    """``n`` tokens from the areas of ``caps``: the areas the spec loses first, all they may
    give, in order; then one at a time from the largest of the other stacks (so the most
    areas keep tokens to grow from, 20.1); the areas it keeps last, the first of them last."""
    left = dict(caps)
    out: dict[str, int] = {}

    def take(area: str, k: int) -> None:
        nonlocal n
        k = min(k, left[area], n)
        if k > 0:
            out[area] = out.get(area, 0) + k
            left[area] -= k
            n -= k

    head = [a for a in dict.fromkeys(spec.lose) if a in caps]
    tail = [a for a in reversed(list(dict.fromkeys(spec.keep))) if a in caps and a not in head]
    for a in head:
        take(a, left[a])
    middle = [a for a in caps if a not in head and a not in tail]
    while n > 0 and any(left[a] for a in middle):
        take(max((a for a in middle if left[a]), key=lambda a: (left[a], a)), 1)
    for a in tail:
        take(a, left[a])
    return dict(sorted(out.items()))


def _plan_reduce(g: Context, seat: int, d: Decision, spec: ReduceSpec) -> dict | None:
    if not spec.lose and not spec.keep:
        return None
    new = list(d.options.get("new_cities", []))
    old = [a for a in d.options.get("cities", []) if a not in new]
    return {"type": "reduce_cities",
            "areas": _ranked(spec.lose, sorted(new), spec.keep) + _ranked(spec.lose, sorted(old), spec.keep)}


#: decision kind -> its planner: (game as the seat knows it, seat, decision, spec) -> order
PLANNERS: dict[str, Callable[..., dict | None]] = {
    "move": _plan_move, "build_cities": _plan_cities, "buy": _plan_buy, "ships": _plan_ships,
    "tax_rate": _plan_tax, "buy_cards": _plan_buy_cards, "pillage": _plan_pillage,
    "assign_losses": _plan_assignment, "famine_assign": _plan_assignment,
    "calamity_cities": _plan_calamity_cities, "choose_losses": _plan_losses,
    "reduce_cities": _plan_reduce,
}
assert set(PLANNERS) == set(KINDS)
