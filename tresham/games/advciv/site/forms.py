"""The game page's order forms (issue 10): for each decision a player owes, controls he fills in
instead of JSON, and the order they give.

One builder per decision kind, registered with :func:`form`: ``build(g, seat, decision)`` gives
the forms (``OrderForm`` ids start with the kind), ``to_order(g, seat, decision, form_id,
values)`` the order. Forms are made from the seat's own decision options and his own pieces and
cards (never another hand); the rules check the order as they check any other.

Forms per variant (EP-12): ``@form(kind, to_order, variant=KEY)`` registers a builder in that
variant's table (:data:`VARIANT_FORMS`); a game looks in its variant's table first, then in the
plain :data:`FORMS` (:func:`forms_for`). A decision whose kind has no builder in either gets a
note instead of a form (:func:`no_form_note`: no fields, no button; the page shows it as a note
and the JSON order box stays), never an error.
"""
from __future__ import annotations

from collections import ChainMap, Counter
from typing import Any, Callable, Mapping

from ...contract import Decision, FieldChoice, FormField, IllegalOrder, OrderForm
from ..context import Context
from ..orders import ORDER_TYPES
from ..rules import cities, movement, support
from ..rules import civcards as cc
from ..state import STANDARD
from ..words import plural
from .names import ship_piece

Build = Callable[[Context, int, Decision], list[OrderForm]]
ToOrder = Callable[[Context, int, Decision, str, dict[str, Any]], dict]

#: decision kind -> (forms, order from the posted values): the plain game's
FORMS: dict[str, tuple[Build, ToOrder]] = {}
#: variant key -> its own decision kinds' builders (looked up before :data:`FORMS`, EP-12)
VARIANT_FORMS: dict[str, dict[str, tuple[Build, ToOrder]]] = {}
#: the id ending of the note shown for a decision without a form
NO_FORM = "no_form"


def form(kind: str, to_order: ToOrder, *, variant: str = STANDARD):
    """Register the form builder of decisions of ``kind`` and its order maker: the plain
    game's (``variant`` the plain game) or ``variant``'s own, which its games use before the
    plain one of the same kind (EP-12)."""
    table = FORMS if variant == STANDARD else VARIANT_FORMS.setdefault(variant, {})

    def deco(build: Build) -> Build:
        table[kind] = (build, to_order)
        return build
    return deco


def forms_for(variant: str) -> Mapping[str, tuple[Build, ToOrder]]:
    """The builders a game of ``variant`` uses: the variant's own, then the plain ones."""
    own = VARIANT_FORMS.get(variant)
    return FORMS if variant == STANDARD or not own else ChainMap(own, FORMS)


# ---- names people read ------------------------------------------------------------------------
def _area(g: Context, area: str) -> str:
    return g.area_name(area) if area in g.d.map.areas else str(area)


def area_choices(g: Context, areas, *, caps: dict[str, int] | None = None) -> list[FieldChoice]:
    """Areas as choices, by name (``caps``: the most of each, for a counts field)."""
    out = [FieldChoice(a, _area(g, a), None if caps is None else caps[a], place=a) for a in areas]
    return sorted(out, key=lambda c: c.label)


def _nations(g: Context, caps: dict[str, int]) -> list[FieldChoice]:
    return [FieldChoice(n, g.name(n), m) for n, m in caps.items()]


def _card(g: Context, card: str) -> str:
    return cc.printed_name(g, card)


def hand_choices(g: Context, hand: list[str], *, tradable_only: bool = False) -> list[FieldChoice]:
    """One's own trade cards grouped by kind, the most of each being how many one holds."""
    held = Counter(hand)
    out = []
    for card, n in sorted(held.items(), key=lambda kv: _card(g, kv[0])):
        if card in g.d.commodities:
            value = g.d.commodities[card].value
            out.append(FieldChoice(card, f"{_card(g, card)} (value {value} each, {n} held)", n))
        elif not tradable_only:
            out.append(FieldChoice(card, f"{_card(g, card)} ({n} held)", n))
    return out


def expand_counts(counts: dict[str, int]) -> list[str]:
    return [k for k, n in counts.items() for _ in range(n)]


def _rule(order_type: str) -> str:
    """The rule an order type carries out (its registration in ``orders.py``)."""
    return ORDER_TYPES[order_type].rules.get("", "")


def _player(seat: int) -> dict[str, Any]:
    return {"player": seat}


# ---- setup, population, ships ---------------------------------------------------------------
def _pick_order(g, seat, d, fid, v):
    nation, _, area = v["start"].partition("|")
    return {"type": "pick", **_player(seat), "nation": nation, "area": area}


@form("pick", _pick_order)
def _pick(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """SITE-PICK-03: a nation by one of its start areas."""
    choices = [FieldChoice(f"{n}|{a}", f"{g.name(n)} — start in {_area(g, a)}", place=a)
               for n, areas in sorted(d.options.get("nations", {}).items()) for a in areas]
    return [OrderForm("pick", "Choose your nation", [FormField("start", "Nation and start area", "choice", choices)],
                      submit="Take this nation", rule="SITE-PICK-03")]


def _grow_order(g, seat, d, fid, v):
    return {"type": "grow", **_player(seat), "areas": v["areas"]}


@form("grow", _grow_order)
def _grow(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """SITE-POP-02: where the short stock goes (each area's most: +1 or +2, 19.2)."""
    caps = {a: int(n) for a, n in d.options.get("areas", {}).items()}
    stock = int(d.options.get("stock", 0))
    return [OrderForm("grow", "Place your new tokens", [
        FormField("areas", f"New tokens by area ({stock} in stock)", "counts", area_choices(g, caps, caps=caps),
                  max=stock)], submit="Place them", help=d.prompt, rule="SITE-POP-02")]


#: a ship's cost by payment (22.1): (from treasury, tokens levied where it is built)
SHIP_COST = {"tokens": (0, 2), "treasury": (2, 0), "mixed": (1, 1)}
#: the ships a nation may have in play (22.4)
MOST_SHIPS = 4


def ship_cost_words(g: Context, area: str, pay: str) -> str:
    """What one ship built in ``area`` paid by ``pay`` costs, in words (22.1, 22.2)."""
    where = _area(g, area)
    return {"tokens": f"2 tokens from {where}", "treasury": "2 from treasury",
            "mixed": f"1 token from {where} and 1 from treasury"}[pay]


def ship_build_fields(g: Context, nation: str, options: list, treasury: int) -> list[FormField]:
    """SITE-SHIP-02, issue 24 finding 1: one field per coast where a ship can be built now
    (``options``: the decision's (area, payment) pairs, 22.1-22.2), named ``build.AREA``,
    with one number per way to pay: how many *ships*, each row saying what one ship costs and
    the most that can be paid for (a number is ships, never tokens)."""
    by_area: dict[str, list[str]] = {}
    for area, pay in options:
        by_area.setdefault(area, []).append(pay)
    fields = []
    for area in sorted(by_area, key=lambda a: _area(g, a)):
        have = g.tokens(area, nation)
        choices = []
        for pay in ("tokens", "treasury", "mixed"):
            if pay not in by_area[area]:
                continue
            t, k = SHIP_COST[pay]
            most = min(MOST_SHIPS, treasury // t if t else MOST_SHIPS, have // k if k else MOST_SHIPS)
            if most < 1:
                continue
            # the page says the row's limit from ``most`` ("(at most 2)"): the label does not
            choices.append(FieldChoice(pay, f"each costs {ship_cost_words(g, area, pay)}", most, place=area))
        if not choices:
            continue
        where = _area(g, area)
        units = plural(have, "of your tokens", "of your tokens") if have else "your city"
        fields.append(FormField(f"build.{area}", f"{where}: ships to build here ({units} there)", "counts",
                                choices, max=MOST_SHIPS, required=False,
                                help="a number here is ships, not tokens: each ship costs 2 tokens"))
    return fields


def ship_builds(v: dict[str, Any]) -> list[dict[str, str]]:
    """The ships to build that the ``build.AREA`` fields of :func:`ship_build_fields` give,
    one entry per ship, in the form's order (area, then payment)."""
    out: list[dict[str, str]] = []
    for name, counts in v.items():
        if not name.startswith("build.") or not counts:
            continue
        area = name[len("build."):]
        for pay in ("tokens", "treasury", "mixed"):
            out += [{"area": area, "pay": pay}] * int(counts.get(pay, 0) or 0)
    return out


#: the upkeep choice of a ship not kept: it returns to stock (22.3)
SHIP_REMOVED = "remove"


def _ships_order(g, seat, d, fid, v):
    maintain = []
    for i, area in enumerate(d.options.get("ships", [])):
        pay = v.get(f"keep{i}")
        if pay and pay != SHIP_REMOVED:
            maintain.append({"area": area, "pay": pay})
    return {"type": "ships", **_player(seat), "maintain": maintain, "build": ship_builds(v)}


def ships_help(treasury: int, lost: list[str]) -> str:
    """The line the ships form's reader sees first (22.1, 22.3): his treasury, what keeping and
    building cost, and the ships that cannot be kept; the rules in full are :func:`ships_rules`."""
    out = (f"Treasury {treasury}. Each ship is kept for 1 token or removed; a new one costs 2 tokens. "
           "Click a coast to build, a ship to change its upkeep.")
    if lost:
        out += " Your ship in " + ", ".join(lost) + (" cannot be kept (no treasury and no token there): "
                                                    "it returns to stock.")
    return out


#: the summary over :func:`ships_rules` on the page
SHIPS_RULES_LABEL = "How ships work"


def ships_rules() -> str:
    """What the ships form carries out (22.1-22.4), shown behind "How ships work"."""
    return ("A new ship costs 2 tokens (22.1): 2 from treasury, 2 levied from the area it is built in, "
            "or one of each; levied tokens and treasury spent go to stock. At most "
            f"{MOST_SHIPS} ships in play (22.4). Each ship you have is kept for 1 token (from treasury or "
            "levied in its area) or removed: it returns to stock (22.3). On the map, a click on a coast "
            "builds a ship there; a click on one of your ships changes its upkeep.")


def ship_upkeep_field(g: Context, nation: str, i: int, area: str, n: int, treasury: int) -> FormField | None:
    """22.3, SITE-SHIP-04, TBL-23: the upkeep of the ``i``-th ship of the decision, the
    ``n``-th of his ships in ``area``: kept (1 from treasury, or 1 token levied there, only the
    ways he can pay) or removed (back to stock). The ways to keep it name the ship's piece on
    the map (``names.ship_piece``), so a click on the ship goes through them and
    "removed" (which names no place, as a box unticked); None when it cannot be kept."""
    where = _area(g, area)
    piece = ship_piece(nation, area, n)
    keep = []
    if treasury >= 1:
        keep.append(FieldChoice("treasury", "kept, 1 from treasury", place=piece))
    if g.tokens(area, nation) >= 1:
        keep.append(FieldChoice("token", f"kept, 1 token from {where}", place=piece))
    if not keep:
        return None
    return FormField(f"keep{i}", f"Your ship in {where}", "choice",
                     keep + [FieldChoice(SHIP_REMOVED, "removed, back to stock")], value=keep[0].value)


@form("ships", _ships_order)
def _ships(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """22.1, 22.3, SITE-SHIP-01..04, issue 24 finding 1: keep each ship (paid from treasury or
    a token there, only the ways one can pay shown) or remove it (:func:`ship_upkeep_field`,
    on the map its piece) and build new ones, by coast, each number a count of ships with what
    one costs (:func:`ship_build_fields`, on the map its coast)."""
    nation = g.s.players[seat].nation
    treasury = int(d.options.get("treasury", 0))
    fields, lost = [], []
    seen: Counter = Counter()
    for i, area in enumerate(d.options.get("ships", [])):
        seen[area] += 1
        f = ship_upkeep_field(g, nation, i, area, seen[area], treasury)
        if f is None:
            lost.append(_area(g, area))
        else:
            fields.append(f)
    fields += ship_build_fields(g, nation, d.options.get("build", []), treasury)
    return [OrderForm("ships", "Ships: keep and build", fields, submit="Give the ship orders",
                      help=ships_help(treasury, lost), rule="22.1", more=ships_rules(),
                      more_label=SHIPS_RULES_LABEL)]


# ---- movement -------------------------------------------------------------------------------
def _plan(g: Context, seat: int) -> dict[str, Any]:
    """The seat's moves entered so far, as an order states them (the stored plan adds the
    voyages' paths and legs, which an order does not hold)."""
    plan = (g.s.step.get("plans") or {}).get(str(seat)) or {}
    moves = [{k: m[k] for k in ("from", "to", "via", "count") if k in m} for m in plan.get("moves") or []]
    voyages = [{"ship": v["ship"], "steps": [list(s) for s in v["steps"]]} for v in plan.get("voyages") or []]
    return {"moves": moves, "voyages": voyages, "done": plan.get("done")}


def _move_order(g, seat, d, fid, v):
    plan = _plan(g, seat)
    if fid == "move.land":
        move = {"from": v["from"], "to": v["to"], "count": v["count"]}
        if v.get("via"):  # 23.31 Roadbuilding: through one land area into a second
            move = {"from": v["from"], "via": v["via"], "to": v["to"], "count": v["count"]}
        plan["moves"].append(move)
    elif fid == "move.voyage":
        steps: list[list[Any]] = []
        if v["load"]:
            steps.append(["load", v["load"]])
        steps += [["sail", v[k]] for k in ("sail1", "sail2", "sail3", "sail4", "sail5") if v.get(k)]
        if v["unload"]:
            steps.append(["unload", v["unload"]])
        if not any(s[0] == "sail" for s in steps):
            raise IllegalOrder("23.5", "a voyage sails to at least one area: choose where the ship goes")
        plan["voyages"].append({"ship": v["ship"], "steps": steps})
    elif fid == "move.done":
        plan["done"] = {"done": "done", "unless": "unless_threatened", "wait": None}[v["done"]]
    else:
        raise IllegalOrder("23.1", "there is no such movement form")
    return {"type": "move", **_player(seat), **plan}


@form("move", _move_order)
def _move(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """23.1-23.5, SITE-MOVE-01..07: a move overland, a voyage by ship (load, sail, unload),
    and Done / Done unless threatened; each added to the moves entered so far."""
    nation = g.s.players[seat].nation
    mine = g.token_areas(nation)
    water = [a for a, area in g.areas.items() if area.has_water]
    ships = g.ships_of(nation)
    plan = _plan(g, seat)
    n_entered = len(plan["moves"]) + len(plan["voyages"])
    entered = f"{plural(n_entered, 'move')} entered so far" if n_entered else "no move entered yet"
    out = []
    dests = [d for a in mine for d in movement.legal_destinations(g.s, seat, a)]
    reach = {d["to"] for d in dests}
    vias = {v for d in dests for v in d["vias"]}
    if mine:  # issue 24 finding 8: no overland form with nothing to move overland
        land_fields = [FormField("from", "From", "choice", area_choices(g, mine)),
                       FormField("to", "To", "choice", area_choices(g, sorted(reach)),
                                 help="the areas a stack of yours can reach"),
                       FormField("count", "Tokens", "number", min=1, max=55, value=1)]
        if g.of(nation).has("roadbuilding"):  # 23.31, issue 24 finding 8
            land_fields.insert(1, FormField("via", "Through (Roadbuilding)", "choice", area_choices(g, sorted(vias)),
                                            required=False, help="none: across one land boundary"))
        out.append(OrderForm("move.land", "Move tokens overland", land_fields, submit="Add this move",
                             help=f"Added to your moves ({entered}).",
                             rule="23.3"))
    if ships:
        sails = [FormField(f"sail{i}", f"Sail, step {i}", "choice", area_choices(g, water), required=(i == 1))
                 for i in range(1, 6)]
        out.append(OrderForm("move.voyage", "Move by ship", [
            FormField("ship", "Ship in", "choice", area_choices(g, sorted(set(ships)))),
            FormField("load", "Tokens to take aboard where it starts", "number", min=0, max=5, value=0),
            *sails,
            FormField("unload", "Tokens to land where it stops", "number", min=0, max=5, value=0)],
            submit="Add this voyage", help="A ship carries up to 5 tokens and sails up to 4 areas "
                                          "(5 with Cloth Making), then lands them (23.5).", rule="23.5"))
    now = {"done": "done", "unless_threatened": "unless", None: "wait"}[plan["done"]]
    out.append(OrderForm("move.done", "Confirm your moves", [
        FormField("done", "When your turn comes", "choice", [
            FieldChoice("done", "Done: carry out my moves"),
            FieldChoice("unless", "Done unless threatened: ask me again if someone moves next to me"),
            FieldChoice("wait", "Not yet: wait for my confirmation")], value=now)],
        submit="Confirm", help=entered, rule="SITE-MOVE-07"))
    return out


# ---- cities, taxes, acquisition, revolt -------------------------------------------------------
def _cities_order(g, seat, d, fid, v):
    return {"type": "build_cities", **_player(seat), "areas": v["areas"], "architecture": v.get("architecture")}


def city_support_words(g: Context, nation: str, marked: list[str]) -> str:
    """26.31 in words for the cities form (issue 24, finding 2): what support asks, whether
    every possible city could be supported, and the ticked set's tokens, cities and need."""
    possible = cities.buildable(g, nation)
    out = ("After city construction and the removal of surplus population, you need 2 tokens on "
           "the board for each city (26.31); cities left without support are reduced, new ones first.")
    t_all, c_all, need_all = cities.support_after(g, nation, set(possible))
    if len(possible) > 1 and t_all < need_all:
        out += (f" Building all {len(possible)} possible cities would leave {plural(t_all, 'token')} for "
                f"{plural(c_all, 'city', 'cities')}, which need {need_all}.")
    t, c, need = cities.support_after(g, nation, set(marked))
    verdict = "supported" if t >= need else f"not supported: {plural(need - t, 'token')} short"
    out += (f" With the ticked cities: {plural(t, 'token')} on the board for {plural(c, 'city', 'cities')}, "
            f"which {'needs' if c == 1 else 'need'} {need}: {verdict}.")
    return out


@form("build_cities", _cities_order)
def _cities(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """24.1, 25.3, SITE-CITY-01..04: tick the cities to build (green) or not (red); one city
    with Architecture, part paid from treasury. Issue 24 finding 2: the ticks start at the
    engine's marks (every city when support allows, else the supported set the default
    builds) and the form says what the support check will find."""
    nation = g.s.players[seat].nation
    rows = d.options.get("areas", [])
    choices = [FieldChoice(r["area"], f"{_area(g, r['area'])} ({r.get('site') or 'no'} site, "
                                      f"{plural(int(r.get('tokens') or 0), 'token')})", place=r["area"])
               for r in rows]
    marked = list(d.options.get("marked", [r["area"] for r in rows if r.get("build")]))
    fields = [FormField("areas", "Cities to build (ticked: build)", "multi", sorted(choices, key=lambda c: c.label),
                        value=marked, help=f"{d.options.get('cities_in_stock', '?')} cities in stock")]
    arch = d.options.get("architecture") or {}
    if arch:
        fields.append(FormField("architecture", "With Architecture, also build in", "choice", [
            FieldChoice(a, f"{_area(g, a)} ({t} from treasury)", place=a) for a, t in sorted(arch.items())], required=False))
    return [OrderForm("build_cities", "Build cities", fields, submit="Build the ticked cities", rule="24.1",
                      help=city_support_words(g, nation, marked))]


@form("tax_rate", lambda g, seat, d, fid, v: {"type": "tax_rate", **_player(seat), "rate": int(v["rate"])})
def _tax(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """32.322, SITE-TAX-02: the Coinage rate per city."""
    return [OrderForm("tax_rate", "Tax rate (Coinage)", [
        FormField("rate", f"Tax per city ({d.options.get('cities', '?')} cities)", "choice",
                  [FieldChoice(str(r), f"{r} per city") for r in d.options.get("rates", [])], value="2")],
        submit="Set the rate", rule=_rule("tax_rate"))]


@form("revolt", lambda g, seat, d, fid, v: {"type": "revolt", **_player(seat), "areas": v["areas"]})
def _revolt(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """18.4: the cities that revolt to the player."""
    return [_cities_to_choose(g, d, "revolt", "areas", "Take these cities", "revolt")]


def _cities_to_choose(g: Context, d: Decision, form_id: str, name: str, submit: str, order_type: str) -> OrderForm:
    """A form ticking exactly ``options.count`` of the decision's ``options.cities``."""
    n = int(d.options.get("count", 0))
    return OrderForm(form_id, d.prompt, [
        FormField(name, f"Cities ({n} to choose)", "multi", area_choices(g, d.options.get("cities", [])), min=n, max=n)],
        submit=submit, rule=_rule(order_type), gives=order_type)


@form("buy_cards", lambda g, seat, d, fid, v: {"type": "buy_cards", **_player(seat), "count": v["count"]})
def _buy_cards(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """27.51, SITE-ACQ-01: stack-9 cards for 18 treasury each."""
    mx = int(d.options.get("max", 0))
    return [OrderForm("buy_cards", "Buy stack-9 cards", [
        FormField("count", f"Cards at {d.options.get('price', 18)} treasury each", "number", min=0, max=mx, value=0)],
        submit="Buy", rule=_rule("buy_cards"))]


# ---- trade (the trade page has the deals) ------------------------------------------------------
@form("trade", lambda g, seat, d, fid, v: ({"type": "trade_message", **_player(seat), "text": v["text"]}
                                          if fid == "trade.message" else {"type": "trade_done", **_player(seat)}))
def _trade(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """SITE-MSG-01, SITE-TRADE-12: the public message and "done trading"; offers are made on
    the trade page."""
    return [OrderForm("trade.message", "Your public message", [FormField("text", "Message to every player", "text", max=500)],
                      submit="Show it", rule="SITE-MSG-01", gives="trade_message"),
            OrderForm("trade.done", "Done trading", [], submit="I am done trading", rule="SITE-TRADE-12", gives="trade_done",
                      help="Offers are made and accepted on the trade page.")]


# ---- civilization cards ---------------------------------------------------------------------
def buy_order(g, seat, d, fid, v):
    return {"type": "buy", **_player(seat), "cards": v["cards"], "pay_cards": expand_counts(v.get("pay") or {}),
            "treasury": v["treasury"], "discard": expand_counts(v.get("discard") or {})}


@form("buy", buy_order)
def _buy(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """31.1-31.71, SITE-ADV-01..08: the cart of advances (credits counted, those one cannot
    afford grey), paid with trade cards and treasury, and the cards surrendered over the hand
    limit."""
    p = g.s.players[seat]
    costs = cc.costs(g, p)
    buyable = set(d.options.get("buyable", []))
    choices = []
    for cid, card in g.d.civ_cards.items():
        if cid in p.civ_cards:
            continue
        credit = cc.credit(g, p, cid)
        label = f"{card.name}: {costs.get(cid, card.cost)}" + (f" (credits {credit})" if credit else "")
        why = "" if cid in buyable else ("cannot afford" if cid in costs else "not open to you")
        choices.append(FieldChoice(cid, label, disabled=cid not in buyable, why=why))
    most = cc.max_payment(g, p)
    fields = [FormField("cards", "Advances to buy (cost after credits)", "multi", choices, required=False, value=[],
                        help=f"You can pay at most {most} this turn (cards and treasury)."),
              FormField("pay", "Pay with these trade cards", "counts", hand_choices(g, list(p.hand), tradable_only=True)),
              FormField("treasury", f"Pay from treasury ({p.treasury})", "number", min=0, max=p.treasury, value=0)]
    over = int(d.options.get("excess", 0))
    if over:
        fields.append(FormField("discard", f"Surrender {plural(over, 'card')} over the hand limit", "counts",
                                hand_choices(g, list(p.hand)), max=None,
                                help="cards you pay with count towards it"))
    return [OrderForm("buy", "Buy civilization cards", fields, submit="Buy and pay", rule="31.1")]


# ---- calamities -----------------------------------------------------------------------------
@form("calamity_cities", lambda g, seat, d, fid, v: {"type": "choose_cities", **_player(seat), "cities": v["cities"]})
def _cal_cities(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """30.4, SITE-CAL-02: the cities a calamity reduces, as many as it says."""
    return [_cities_to_choose(g, d, "calamity_cities", "cities", "Reduce these cities", "choose_cities")]


def _site_order(g, seat, d, fid, v):
    site, _, target = v["site"].partition("|")
    return {"type": "choose_site", **_player(seat), "site": site, "target": target}


@form("calamity_site", _site_order)
def _cal_site(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """30.21: the volcano or earthquake site among equally damaging ones."""
    choices = [FieldChoice(f"{s}|{t}", _area(g, s) + (f" (and the city in {_area(g, t)})" if t else ""), place=s)
               for s, t in d.options.get("sites", [])]
    return [OrderForm("calamity_site", d.prompt, [FormField("site", "Site", "choice", choices)],
                      submit="Choose", rule=_rule("choose_site"), gives="choose_site")]


@form("famine_grain", lambda g, seat, d, fid, v: {"type": "famine_grain", **_player(seat), "grain": v["grain"]})
def _famine_grain(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """30.71: Grain shown with Pottery."""
    return [OrderForm("famine_grain", "Famine: show Grain", [
        FormField("grain", "Grain cards to show", "number", min=0, max=int(d.options.get("max_grain", 0)), value=0)],
        submit="Show them", help=d.prompt, rule=_rule("famine_grain"))]


def _losses_fields(g: Context, d: Decision, *, destroy: bool) -> list[FormField]:
    caps = {a: int(n) for a, n in (d.options.get("tokens") or {}).items()}
    cities = d.options.get("cities") or {}
    if isinstance(cities, dict):
        reduce = [FieldChoice(a, f"{_area(g, a)} ({c.get('reduce')} points)", place=a) for a, c in sorted(cities.items())]
        kill = [FieldChoice(a, f"{_area(g, a)} ({c.get('destroy')} points)", place=a) for a, c in sorted(cities.items())]
    else:
        reduce, kill = [FieldChoice(a, _area(g, a), place=a) for a in cities], []
    fields = [FormField("tokens", "Tokens by area", "counts", area_choices(g, caps, caps=caps))]
    if reduce:
        fields.append(FormField("reduce", "Cities to reduce" if destroy else "Cities", "multi", reduce, required=False, value=[]))
    if destroy and kill:
        fields.append(FormField("destroy", "Cities to destroy", "multi", kill, required=False, value=[]))
    return fields


@form("choose_losses", lambda g, seat, d, fid, v: {"type": "choose_losses", **_player(seat), "tokens": v["tokens"],
                                                  "reduce": v.get("reduce") or [], "destroy": v.get("destroy") or []})
def _losses(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """30.5, SITE-CAL-01: the units lost, as many unit points as owed."""
    return [OrderForm("choose_losses", d.prompt, _losses_fields(g, d, destroy=True), submit="Lose these units",
                      help=f"{d.options.get('points')} unit points to lose.", rule=_rule("choose_losses"))]


@form("civil_war_units", lambda g, seat, d, fid, v: {"type": "civil_war_units", **_player(seat), "tokens": v["tokens"],
                                                    "cities": v.get("reduce") or []})
def _civil_war(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """30.3, SITE-CAL-03: the units of the first faction."""
    return [OrderForm("civil_war_units", d.prompt, _losses_fields(g, d, destroy=False), submit="Form the faction",
                      help=f"{d.options.get('points')} unit points (tokens 1, cities 5).", rule=_rule("civil_war_units"))]


@form("tyranny_annex", lambda g, seat, d, fid, v: {"type": "tyranny_annex", **_player(seat), "tokens": v["tokens"],
                                                  "cities": v.get("reduce") or []})
def _tyranny(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """28.813 (Expansion Project): the victim's units the beneficiary annexes, replaced by his own."""
    return [OrderForm("tyranny_annex", d.prompt, _losses_fields(g, d, destroy=False), submit="Annex these units",
                      help=f"{d.options.get('points')} unit points to annex (tokens 1, cities 5).",
                      rule=_rule("tyranny_annex"))]


def _choice_label(g: Context, c: Any) -> str:
    if isinstance(c, str) and c in g.d.map.areas:
        return _area(g, c)
    return str(c).replace("_", " ").capitalize()


@form("calamity_choice", lambda g, seat, d, fid, v: {"type": "calamity_choice", **_player(seat), "choice": v["choice"]})
def _cal_choice(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """30.513, 30.514, 30.3, 30.9: one of a calamity's listed choices."""
    choices = [FieldChoice(str(c), _choice_label(g, c), place=c if isinstance(c, str) and c in g.d.map.areas else "")
               for c in d.options.get("choices", [])]
    return [OrderForm("calamity_choice", d.prompt, [FormField("choice", "Your choice", "choice", choices)],
                      submit="Choose", rule=_rule("calamity_choice"))]


def _assign(kind: str, key: str, rule: str):
    def to_order(g, seat, d, fid, v):
        return {"type": kind, **_player(seat), key: v["points"]}

    def build(g: Context, seat: int, d: Decision) -> list[OrderForm]:
        caps = {n: int(m) for n, m in (d.options.get("caps") or {}).items()}
        total = int(d.options.get("total", 0))
        return [OrderForm(kind, d.prompt, [
            FormField("points", f"Unit points by player ({total} in all)", "counts", _nations(g, caps),
                      min=min(total, sum(caps.values())), max=total)], submit="Assign them", rule=rule)]
    return build, to_order


FORMS["famine_assign"] = _assign("famine_assign", "victims", _rule("famine_assign"))
FORMS["assign_losses"] = _assign("assign_losses", "assign", _rule("assign_losses"))


@form("monotheism", lambda g, seat, d, fid, v: {"type": "convert", **_player(seat), "area": v.get("area") or ""})
def _monotheism(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """32.942: one area converted, or none."""
    return [OrderForm("monotheism", "Monotheism", [
        FormField("area", "Area to convert", "choice", area_choices(g, d.options.get("areas", [])), required=False)],
        submit="Convert", help="none: no conversion this turn", rule=_rule("convert"), gives="convert")]


@form("calamity_cards", lambda g, seat, d, fid, v: {"type": "calamity_cards", **_player(seat),
                                                   "cards": expand_counts(v.get("cards") or {})})
def _cal_cards(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """28.711, 28.931 (Expansion Project): one's own commodity cards worth at least the points
    owed, face value (Corruption, Banditry)."""
    pts = int(d.options.get("points", 0))
    hand = cc.commodities(g, g.s.players[seat].hand)
    return [OrderForm("calamity_cards", d.prompt, [
        FormField("cards", f"Commodity cards (at least {pts} points, face value)", "counts", hand_choices(g, hand))],
        submit="Give up these cards", help=f"{pts} points at least, counted at face value.",
        rule=_rule("calamity_cards"))]


@form("pillage", lambda g, seat, d, fid, v: {"type": "pillage", **_player(seat), "area": d.options.get("area"),
                                            "amount": v["amount"]})
def _pillage(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """24.4: tokens moved from stock to treasury after destroying a city."""
    mx = int(d.options.get("max", 0))
    return [OrderForm("pillage", d.prompt, [FormField("amount", "Tokens to treasury", "number", min=0, max=mx, value=mx)],
                      submit="Pillage", rule=_rule("pillage"))]


@form("uprising_pay", lambda g, seat, d, fid, v: {"type": "uprising_pay", **_player(seat),
                                                 "treasury": int(d.options.get("rate", 2)) * int(v["points"])})
def _uprising_pay(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """Expansion Project 28.832: unit points of a Minor Uprising paid with treasury, two tokens each."""
    mx, rate = int(d.options.get("max", 0)), int(d.options.get("rate", 2))
    return [OrderForm("uprising_pay", d.prompt, [
        FormField("points", f"Unit points paid ({rate} treasury tokens each)", "number", min=0, max=mx, value=0)],
        submit="Pay", help=f"{d.options.get('points')} unit points owed; the rest are units you lose.",
        rule=_rule("uprising_pay"))]


def reduction_order(g: Context, seat: int, d: Decision, areas: list[str]) -> list[str]:
    """The ticked cities in the order the rules take them (26.32, issue 24 finding 8): this
    turn's new cities first, then the others; within each, those giving back the fewest
    tokens first (so none reaches support before the last ticked one is reduced), then by
    name."""
    nation = g.s.players[seat].nation
    new = set(d.options.get("new_cities", []))
    stock = g.of(nation).stock

    def key(a: str):
        gain = support.tokens_from_reduction(g, nation, a, stock) if a in g.areas else 0
        return (a not in new, gain, _area(g, a))
    return sorted(areas, key=key)


@form("reduce_cities", lambda g, seat, d, fid, v: {"type": "reduce_cities", **_player(seat),
                                                   "areas": reduction_order(g, seat, d, v["areas"])})
def _reduce(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """26.31, SITE-SUP-01: cities without support reduced, this turn's new ones first (they
    are listed first, and the order sends them first whatever the ticks' order)."""
    new = set(d.options.get("new_cities", []))
    choices = [FieldChoice(a, _area(g, a) + (" (new this turn)" if a in new else ""), place=a)
               for a in d.options.get("cities", [])]
    return [OrderForm("reduce_cities", "Cities to reduce", [
        FormField("areas", "Reduce these cities", "multi",
                  sorted(choices, key=lambda c: (c.value not in new, c.label)), min=1)],
        submit="Reduce them", help=d.prompt + ". Cities are reduced one at a time, new ones first, "
                                              "until the rest are supported (26.31-26.32).",
        rule=_rule("reduce_cities"))]


# ---- the interface --------------------------------------------------------------------------
def no_form_note(d: Decision) -> OrderForm:
    """What the page shows for a decision whose kind has no form builder: a note (no fields,
    no button: ``OrderForm.submit`` empty), the order to be typed in the JSON order box."""
    return OrderForm(f"{d.kind}.{NO_FORM}", d.prompt, [], submit="",
                     help=f"This decision ({d.kind}) has no form yet: type its order in the order box below.")


def order_forms(g: Context, seat: int, pending: list[Decision]) -> list[OrderForm]:
    """Every form of ``seat``'s decisions now, from his game's variant's builders
    (:func:`forms_for`); a note for a decision without a builder (:func:`no_form_note`)."""
    table = forms_for(g.s.options.variant)
    out: list[OrderForm] = []
    for d in pending:
        if d.player != seat:
            continue
        out += table[d.kind][0](g, seat, d) if d.kind in table else [no_form_note(d)]
    return out


def form_order(g: Context, seat: int, pending: list[Decision], form_id: str, values: dict[str, Any]) -> dict:
    """The order of form ``form_id`` with ``values``; IllegalOrder if no decision of the seat
    has that form now, or if his decision of that kind has none (its note is no form)."""
    table = forms_for(g.s.options.variant)
    kind = form_id.split(".", 1)[0]
    d = next((d for d in pending if d.player == seat and d.kind == kind), None)
    if d is None:
        raise IllegalOrder("", "this form is not open to you now")
    if kind not in table:
        raise IllegalOrder("", f"this decision ({kind}) has no form: type its order in the order box")
    return table[kind][1](g, seat, d, form_id, values)
