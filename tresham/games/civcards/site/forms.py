"""Order forms for every decision of Civilization: The Card Game (``Offers.forms``; the
decisions of docs/civcards.md), so that every decision can be played from the game page.

A form offers only what the rules accept now: the purchases come from
:func:`tresham.games.civcards.legal.buy_orders` (the rules' own checks), the other choices
from the decision's options (``view.decision_options``). Only the seat the game waits on gets
forms, made from what he may see (his hand, the open plots and markets).

The forms by decision:

- ``draft1``/``draft2``: ``pick`` (CCG-SET-03/04); ``free_pop``: ``free_population`` (CCG-CARD-05);
- ``opening_discard``/``discard``: ``discard`` (CCG-SET-06, CCG-TURN-04);
- ``collect``: ``collect`` (each populated plot's population by resource) and
  ``collect.default`` (each on its plot's most printed resource; CCG-TURN-01, CCG-CARD-04);
- ``buy``: ``buy_plot``, ``buy_population``, ``build``, ``buy_tech``, ``exchange``, ``cash``,
  ``demolish``, ``give``, ``end_buy`` (CCG-TURN-02, CCG-CARD-02/04/06/08/10, CCG-EXT-04,
  CCG-TEAM-03);
- ``attack``: ``attack`` (units by target) and ``attack.none`` (CCG-COMB-01);
- ``catapult`` (CCG-COMB-02), ``bounce`` (CCG-COMB-03), ``defend`` (CCG-COMB-04),
  ``losses`` and ``place_stolen`` (CCG-COMB-05).
"""
from __future__ import annotations

from typing import Any

from ...contract import FieldChoice, FormField, IllegalOrder, OrderForm
from ..deck import RESOURCES
from ..legal import buy_orders
from ..rules.turn import decider
from ..state import NATIONS, CCState, who
from ..view import decision_options
from . import names
from .names import RES_WORDS


def _choice(name: str, label: str, values: list[str], label_of, *, required: bool = True,
            help: str = "") -> FormField:
    vs = list(dict.fromkeys(values))
    cs = [FieldChoice(v, lb) for v, lb in zip(vs, names.distinct([label_of(v) for v in vs]))]
    return FormField(name, label, "choice", cs, value=cs[0].value if cs and required else None,
                     required=required, help=help)


def _multi(name: str, label: str, values: list[str], label_of, lo: int | None, hi: int | None,
           help: str = "") -> FormField:
    cs = [FieldChoice(v, lb) for v, lb in zip(values, names.distinct([label_of(v) for v in values]))]
    return FormField(name, label, "multi", cs, min=lo, max=hi,
                     value=[], help=help)


def _res_field(name: str, label: str, values=RESOURCES, value: str | None = None) -> FormField:
    return FormField(name, label, "choice", [FieldChoice(r, RES_WORDS[r]) for r in values],
                     value=value or values[0])


def _other(r: str) -> str:
    """Commerce, or Food when ``r`` is Commerce: an exchange's "Get" starts on another resource
    than its "Give", so that the form as shown is an order the rules accept (CCG-EXT-04)."""
    return "commerce" if r != "commerce" else "food"


def _plot_counts(s: CCState, seat: int, name: str, label: str, total: int, maxes: dict[str, int | None],
                 help: str = "") -> FormField:
    cards = s.cards
    mine = s.seats[seat]["plots"]
    cs = [FieldChoice(pid, names.own_plot(cards, mine, pid), max=m) for pid, m in maxes.items()]
    return FormField(name, label, "counts", cs, min=total, max=total, value={}, help=help)


# ---- setup -----------------------------------------------------------------------------------
def _draft(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards = s.cards
    return [OrderForm("pick", "Take a plot of the draft", [
        _choice("plot", "Plot", opts["row"], lambda c: names.plot(cards, c))],
        submit="Take the plot", rule="CCG-SET-03",
        help="The plots left in the row pass to the next player.")]


def _free_pop(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards = s.cards
    return [OrderForm("free_population", "Place your free population", [
        _choice("plot", "On the plot", opts["plots"], lambda c: names.own_plot(cards, s.seats[seat]["plots"], c))],
        submit="Place it", rule="CCG-CARD-05")]


def _discard(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards, k = s.cards, opts["count"]
    return [OrderForm("discard", f"Discard {k} card{'s' if k != 1 else ''}", [
        _multi("cards", "Cards to discard", s.seats[seat]["hand"], lambda c: names.described(cards, c), k, k,
               help=f"tick exactly {k}")],
        submit="Discard", rule="CCG-TURN-04")]


# ---- the turn --------------------------------------------------------------------------------
def _collect(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards = s.cards
    fields = []
    for pid, p in opts["plots"].items():
        fields.append(FormField(f"pop_{len(fields)}", f"{names.own_plot(cards, s.seats[seat]['plots'], pid)}: its {p['pop']} population yield",
                                "counts", [FieldChoice(r, RES_WORDS[r], max=p["pop"]) for r in p["choices"]],
                                min=p["pop"], max=p["pop"], value={p["default"]: p["pop"]}))
    out = [OrderForm("collect.default", "Collect (population on each plot's main resource)", [],
                     submit="Collect", rule="CCG-TURN-01", gives="collect",
                     help="Every plot yields its printed resources; each population yields 1 of its plot's "
                          "most printed resource.")]
    if fields:
        out.append(OrderForm("collect", "Collect, choosing what your population yields", fields,
                             submit="Collect", rule="CCG-CARD-04",
                             help="Each population yields 1 of a resource its plot prints."))
    return out


def _buy(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards = s.cards
    legal = buy_orders(s, seat)
    by: dict[str, list[dict]] = {}
    for o in legal:
        by.setdefault(o["type"], []).append(o)
    res, mine = s.seats[seat]["res"], s.seats[seat]["plots"]
    have = f"You have {names.res_text(res) if any(res.values()) else 'no resources'}."
    out: list[OrderForm] = []
    if "buy_plot" in by:
        out.append(OrderForm("buy_plot", f"Buy a plot ({opts['plot_price']} resources of any kind)", [
            _choice("plot", "Plot", [o["plot"] for o in by["buy_plot"]], lambda c: names.plot(cards, c))],
            submit="Buy the plot", rule="CCG-CARD-02", help=have + " Paid from your largest piles first."))
    if "buy_population" in by:
        price = opts["population_price"]
        out.append(OrderForm("buy_population", "Buy a population (Food)", [
            _choice("plot", "For the plot", [o["plot"] for o in by["buy_population"]],
                    lambda c: f"{names.own_plot(cards, mine, c)}: {price[c]} Food")],
            submit="Buy the population", rule="CCG-CARD-04", help=have))
    if "build" in by:
        out.append(OrderForm("build", "Build a building or wonder of your hand (Production)", [
            _choice("card", "Card", [o["card"] for o in by["build"]], lambda c: names.short(cards, c),
                    help="what each card gives: your hand, below"),
            _choice("plot", "On the plot", [o["plot"] for o in by["build"]], lambda c: names.own_plot(cards, mine, c))],
            submit="Build", rule="CCG-CARD-08", help=have))
    if "buy_tech" in by:
        tp = opts["tech_price"]
        out.append(OrderForm("buy_tech", "Buy a technology (Commerce)", [
            _choice("tech", "Technology", [o["tech"] for o in by["buy_tech"]],
                    lambda c: f"{names.described(cards, c)}: you pay {tp[c]}")],
            submit="Buy the technology", rule="CCG-CARD-06", help=have))
    if "exchange" in by:
        gives = [r for r in RESOURCES if res[r] >= 3]
        out.append(OrderForm("exchange", "Exchange 3 of a resource for 1 of another", [
            _res_field("give", "Give", gives), _res_field("get", "Get", value=_other(gives[0])),
            FormField("times", "Times", "number", min=1, max=max(res[r] for r in gives) // 3, value=1)],
            submit="Exchange", rule="CCG-EXT-04", help=have))
    if "cash" in by:
        out.append(OrderForm("cash", "Spend a bonus resource card", [
            _choice("card", "Card", [o["card"] for o in by["cash"]], lambda c: names.described(cards, c)),
            FormField("as", "As (a wild card only)", "choice", [FieldChoice(r, RES_WORDS[r]) for r in RESOURCES],
                      required=False)],
            submit="Spend it", rule="CCG-CARD-10"))
    if "demolish" in by:
        out.append(OrderForm("demolish", "Demolish a building or wonder", [
            _choice("card", "Card", [o["card"] for o in by["demolish"]], lambda c: names.card(cards, c))],
            submit="Demolish", rule="CCG-CARD-08", help="It goes to the discard pile."))
    if "give" in by:
        mate = by["give"][0]["to"]
        out.append(OrderForm("give", f"Give resources to your teammate {who(mate)}", [
            FormField(r, RES_WORDS[r], "number", min=0, max=res[r], value=0, required=False) for r in RESOURCES],
            submit="Give", rule="CCG-TEAM-03", help=have))
    out.append(OrderForm("end_buy", "End your purchases", [], submit="Done buying", rule="CCG-TURN-02",
                         help="On to combat."))
    return out


# ---- combat ----------------------------------------------------------------------------------
def _attack(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards = s.cards
    units = [c for c in s.seats[seat]["hand"] if cards.kind(c) == "unit"]
    out = [OrderForm("attack.none", "Attack nobody", [], submit="No attack", rule="CCG-COMB-01", gives="attack")]
    if units and opts["targets"]:
        fields = [_multi(f"t{t}", f"Units attacking {NATIONS[t]}", units, lambda c: names.described(cards, c),
                         None, None) for t in opts["targets"]]
        out.insert(0, OrderForm("attack", "Attack a neighbour", fields, submit="Attack", rule="CCG-COMB-01",
                                help="Tick the units each neighbour is attacked with; a unit attacks once."))
    return out


def _catapult(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards, k = s.cards, min(opts["count"], len(opts["walls"]))
    return [OrderForm("catapult", f"Catapults: choose {k} Walls to return to your hand", [
        _multi("walls", "Walls", opts["walls"], lambda c: names.card(cards, c), k, k)],
        submit="Return them", rule="CCG-COMB-02")]


def _bounce(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards = s.cards
    return [OrderForm("bounce", "Your Walls: bounce an attacking unit", [
        _choice("unit", "Unit", opts["units"], lambda c: names.described(cards, c), required=False,
                help="leave empty to bounce none")],
        submit="Bounce", rule="CCG-COMB-03", help="The unit goes back to the attacker's hand.")]


def _defend(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards = s.cards
    counters = opts.get("counters") or {}
    fields = [_choice(f"u{i}", f"Counter {names.described(cards, u)} with", counters.get(u, []),
                      lambda c: names.card(cards, c), required=False)
              for i, u in enumerate(opts["units"]) if counters.get(u)]
    return [OrderForm("defend", "Counter the attacking units", fields, submit="Defend", rule="CCG-COMB-04",
                      help="Each unit of your hand counters one attacker at most; leave a line empty to "
                           "let that unit through.")]


def _losses(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    cards, k, b = s.cards, opts["population"], opts["buildings"]
    fields = []
    if k:
        maxes = {pl["id"]: pl["pop"] for pl in s.seats[seat]["plots"] if pl["pop"]}
        fields.append(_plot_counts(s, seat, "population", f"Population lost ({k} in all)", k, maxes))
    if b:
        fields.append(_multi("buildings", f"Buildings sent back to your hand ({b})", opts["building_cards"],
                             lambda c: names.card(cards, c), b, b))
    return [OrderForm("losses", "Take your losses", fields, submit="Take the losses", rule="CCG-COMB-05")]


def _place_stolen(s: CCState, seat: int, opts: dict) -> list[OrderForm]:
    k = opts["count"]
    maxes: dict[str, int | None] = {pl["id"]: None for pl in s.seats[seat]["plots"]}
    return [OrderForm("place_stolen", f"Place the {k} stolen population", [
        _plot_counts(s, seat, "plots", f"Population by plot ({k} in all)", k, maxes)],
        submit="Place them", rule="CCG-COMB-05")]


FORMS = {"draft1": _draft, "draft2": _draft, "free_pop": _free_pop, "opening_discard": _discard,
         "discard": _discard, "collect": _collect, "buy": _buy, "attack": _attack, "catapult": _catapult,
         "bounce": _bounce, "defend": _defend, "losses": _losses, "place_stolen": _place_stolen}


def order_forms(s: CCState, seat: int) -> list[OrderForm]:
    """The forms of ``seat``'s decision now ([] when the game does not wait on him)."""
    if s.finished or decider(s) != seat or s.phase not in FORMS:
        return []
    return FORMS[s.phase](s, seat, decision_options(s, seat))


def _counted(values: dict[str, int] | None) -> list[str]:
    return [k for k, n in (values or {}).items() for _ in range(int(n))]


def form_order(s: CCState, seat: int, form_id: str, values: dict[str, Any]) -> dict:
    """The order form ``form_id`` gives with ``values`` (checked by the site against the
    form's fields); IllegalOrder when the form is not offered now. The rules still check the
    order itself when it is applied."""
    forms = {f.id: f for f in order_forms(s, seat)}
    if form_id not in forms:
        raise IllegalOrder("CCG-TURN-02", f"the form {form_id!r} is not open to {who(seat)} now"
                           + (f"; the open ones are {', '.join(forms)}" if forms else ""))
    v = values or {}
    o: dict[str, Any] = {"player": seat}
    if form_id in ("pick", "free_population", "buy_plot", "buy_population"):
        o.update(type=form_id, plot=v.get("plot"))
    elif form_id == "discard":
        o.update(type="discard", cards=list(v.get("cards") or []))
    elif form_id == "collect.default":
        o.update(type="collect", population={})
    elif form_id == "collect":
        opts = decision_options(s, seat)["plots"]
        o.update(type="collect", population={pid: dict(v.get(f"pop_{i}") or {}) for i, pid in enumerate(opts)})
    elif form_id == "build":
        o.update(type="build", card=v.get("card"), plot=v.get("plot"))
    elif form_id == "buy_tech":
        o.update(type="buy_tech", tech=v.get("tech"))
    elif form_id == "exchange":
        if v.get("give") == v.get("get"):
            raise IllegalOrder("CCG-EXT-04", "an exchange gives one resource for another, not the same")
        o.update(type="exchange", give=v.get("give"), get=v.get("get"), times=int(v.get("times") or 1))
    elif form_id == "cash":
        o.update(type="cash", card=v.get("card"))
        if v.get("as") and s.cards.card(v.get("card")).resource == "wild":
            o["as"] = v["as"]
    elif form_id == "demolish":
        o.update(type="demolish", card=v.get("card"))
    elif form_id == "give":
        mate = next(x["to"] for x in buy_orders(s, seat) if x["type"] == "give")
        o.update(type="give", to=mate, **{r: int(v.get(r) or 0) for r in RESOURCES})
    elif form_id == "end_buy":
        o.update(type="end_buy")
    elif form_id == "attack.none":
        o.update(type="attack", attacks=[])
    elif form_id == "attack":
        attacks = [{"target": int(f.name[1:]), "units": list(v.get(f.name) or [])} for f in forms["attack"].fields]
        attacks = [a for a in attacks if a["units"]]
        if not attacks:
            raise IllegalOrder("CCG-COMB-01", "tick at least one unit, or choose \"No attack\"")
        o.update(type="attack", attacks=attacks)
    elif form_id == "catapult":
        o.update(type="catapult", walls=list(v.get("walls") or []))
    elif form_id == "bounce":
        o.update(type="bounce", unit=v.get("unit") or None)
    elif form_id == "defend":
        units = decision_options(s, seat)["units"]
        o.update(type="defend", counters=[{"unit": units[int(f.name[1:])], "by": v[f.name]}
                                          for f in forms["defend"].fields if v.get(f.name)])
    elif form_id == "losses":
        o.update(type="losses", population=_counted(v.get("population")), buildings=list(v.get("buildings") or []))
    elif form_id == "place_stolen":
        o.update(type="place_stolen", plots=_counted(v.get("plots")))
    else:  # pragma: no cover - every form of order_forms is named above
        raise IllegalOrder("", f"no order for the form {form_id!r}")
    return {"type": o.pop("type"), **o}

