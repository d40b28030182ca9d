"""A player who gives an order through the game page's decision forms (issue 24, finding 8):
for an order of Advanced Civilization or Grand Imperial, the forms to send and the values to
put in their fields (:func:`fill`), then each form built for the seat, its values posted and
read back by the site's own field checks (``decision_forms.read``), turned into an order by
the game (``form_order``) and applied (:func:`through_forms`).

This module is the player's hand filling the form; it knows what each field means, never how
the game turns fields into orders."""
from __future__ import annotations

from collections import Counter
from typing import Any

from tresham.games.advciv.orders import from_json
from tresham.games.advciv.rules import support
from tresham.games.advciv.variant import game_for, variant_of
from tresham.games.contract import IllegalOrder
from tresham.platform.play.decision_forms import find, read

from tests.helpers import posted

#: orders given on the trade page (``GameRules.trade_page``), not with a decision form
TRADE_PAGE = frozenset({"trade_offer", "trade_accept", "trade_withdraw"})
#: the step that sends the page's generic Reset command (SITE-GEN-05) instead of a form
RESET = "command:reset"


class NotOnAForm(Exception):
    """An order the page gives otherwise than with a decision form (the trade page)."""


def fill(state, seat: int, order: dict) -> list[tuple[str, dict[str, Any]]]:
    """The (form id, values by field name) to send, in order, to give ``order``."""
    t = order["type"]
    if t in TRADE_PAGE:
        raise NotOnAForm(t)
    o = order
    if t == "pick":
        return [("pick", {"start": f"{o['nation']}|{o['area']}"})]
    if t == "grow":
        return [("grow", {"areas": dict(o["areas"])})]
    if t == "ships":
        return [("ships", _ships(state, seat, o))]
    if t in ("move", "done"):
        return _moves(state, seat, o)
    if t == "build_cities":
        marks = (state.step.get("marks") or {}).get(str(seat), [])
        return [("build_cities", {"areas": list(marks if o.get("areas") is None else o["areas"]),
                                  "architecture": o.get("architecture")})]
    if t == "tax_rate":
        return [("tax_rate", {"rate": str(o["rate"])})]
    if t == "revolt":
        return [("revolt", {"areas": list(o["areas"])})]
    if t == "buy_cards":
        return [("buy_cards", {"count": o["count"]})]
    if t == "buy":
        return [("buy", _buy(state, seat, o))]
    if t == "choose_cities":
        return [("calamity_cities", {"cities": list(o["cities"])})]
    if t == "choose_site":
        return [("calamity_site", {"site": f"{o['site']}|{o.get('target') or ''}"})]
    if t == "famine_grain":
        return [("famine_grain", {"grain": o["grain"]})]
    if t == "choose_losses":
        return [("choose_losses", {"tokens": dict(o.get("tokens") or {}), "reduce": list(o.get("reduce") or []),
                                   "destroy": list(o.get("destroy") or [])})]
    if t in ("civil_war_units", "tyranny_annex"):
        return [(t, {"tokens": dict(o.get("tokens") or {}), "reduce": list(o.get("cities") or [])})]
    if t == "calamity_choice":
        return [("calamity_choice", {"choice": str(o["choice"])})]
    if t == "famine_assign":
        return [("famine_assign", {"points": dict(o["victims"])})]
    if t == "assign_losses":
        return [("assign_losses", {"points": dict(o["assign"])})]
    if t == "convert":
        return [("monotheism", {"area": o.get("area") or None})]
    if t == "calamity_cards":
        return [("calamity_cards", {"cards": dict(Counter(o["cards"]))})]
    if t == "pillage":
        return [("pillage", {"amount": o["amount"]})]
    if t == "uprising_pay":
        d = _decision(state, seat, "uprising_pay")
        return [("uprising_pay", {"points": o["treasury"] // int(d.options.get("rate", 2))})]
    if t == "reduce_cities":
        return [("reduce_cities", {"areas": _reduced(state, seat, o["areas"])})]
    if t == "trade_message":
        return [("trade.message", {"text": o["text"]})]
    if t == "trade_done":
        return [("trade.done", {})]
    return _grand_imperial(state, seat, o)


# ---- the plain game's forms -------------------------------------------------------------------
def _decision(state, seat: int, kind: str):
    return next(d for d in variant_of(state).phase(state.phase).pending(game_for(state))
                if d.player == seat and d.kind == kind)


def _ships(state, seat: int, o: dict) -> dict:
    """Each ship kept by its row (a ship's row is its place in the decision's list: two ships
    in one area are two rows), and the ships to build by coast and payment."""
    d = _decision(state, seat, "ships")
    values: dict[str, Any] = {}
    if "fleet" in d.options:  # Grand Imperial: by ship number
        for m in o.get("maintain") or []:
            values[f"keep{m['ship']}"] = m["pay"]
        for r in d.options["fleet"]:
            values.setdefault(f"keep{r['id']}", "")
    else:
        rows = list(enumerate(d.options.get("ships", [])))
        for m in o.get("maintain") or []:
            i = next(i for i, a in rows if a == m["area"] and f"keep{i}" not in values)
            values[f"keep{i}"] = m["pay"]
        for i, _ in rows:
            values.setdefault(f"keep{i}", "remove")  # removed: back to stock (TBL-23)
    builds: dict[str, Counter] = {}
    for b in o.get("build") or []:
        builds.setdefault(f"build.{b['area']}", Counter())[b["pay"]] += 1
    values.update({k: dict(v) for k, v in builds.items()})
    return values


def _moves(state, seat: int, o: dict) -> list[tuple[str, dict]]:
    """Reset what is entered (the page's Reset), then one form per overland move and per
    voyage, then the confirmation. ``done`` alone confirms what is entered."""
    g = game_for(state)
    nation = state.players[seat].nation
    phase = variant_of(state).phase("movement")
    entered = (state.step.get("plans") or {}).get(str(seat))
    if o["type"] == "done":
        return [("move.done", {"done": "done"})]
    plan = phase.check(g, nation, from_json(o, variant=state.options.variant))
    moved = entered and any(entered.get(k) for k in ("moves", "voyages", "marines"))
    steps: list[tuple[str, dict]] = [(RESET, {})] if moved else []
    for m in plan["moves"]:
        steps.append(("move.land", {"from": m["from"], "to": m["to"], "count": m["count"], "via": m.get("via")}))
    for m in plan.get("marines") or []:
        steps.append(("move.marines", {"from": m["from"], "to": m["to"], "count": m["count"]}))
    for v in plan["voyages"]:
        steps.append(("move.voyage", _voyage(v)))
    done = {"done": "done", "unless_threatened": "unless", None: "wait"}[o.get("done")]
    steps.append(("move.done", {"done": done}))
    return steps


def _voyage(v: dict) -> dict:
    """A voyage's form: the tokens loaded where it starts, the areas sailed, the tokens landed
    where it stops (Grand Imperial: the ship by number, Marines aboard and ashore)."""
    steps = [list(s) for s in v["steps"]]
    load = sum(n for verb, n in steps if verb == "load")
    unload = sum(n for verb, n in steps if verb == "unload")
    sails = [a for verb, a in steps if verb == "sail"]
    values: dict[str, Any] = {"load": load, "unload": unload}
    values.update({f"sail{i}": a for i, a in enumerate(sails, 1)})
    if "id" in v:
        values["ship"] = f"{v['ship']}|{v['id']}"
        values["marines_load"] = sum(1 for verb, x in steps if verb == "marine" and x == "load")
        values["marines_unload"] = sum(1 for verb, x in steps if verb == "marine" and x == "unload")
    else:
        values["ship"] = v["ship"]
    return values


def _buy(state, seat: int, o: dict) -> dict:
    values: dict[str, Any] = {"cards": list(o.get("cards") or []), "pay": dict(Counter(o.get("pay_cards") or [])),
                              "treasury": o.get("treasury") or 0, "discard": dict(Counter(o.get("discard") or []))}
    for i, line in enumerate(o.get("advances") or [], 1):  # Grand Imperial's rows of city advances
        values.update({f"advance{i}": line["advance"], f"city{i}": line.get("city"),
                       f"pay{i}": dict(Counter(line.get("pay_cards") or [])),
                       f"treasury{i}": line.get("treasury") or 0, f"research{i}": line.get("research") or 0})
        if line.get("restore"):
            values[f"restore{i}"] = "yes"
    for card, points in (o.get("research") or {}).items():
        values.update({"research_card": card, "research_points": points})
    if o.get("leader_credit"):
        values["leader_credit"] = o["leader_credit"]
    return values


def _reduced(state, seat: int, areas: list[str]) -> list[str]:
    """The cities the order reduces in fact (a list is read until the rest are supported,
    26.31): those are the boxes ticked."""
    g = game_for(state)
    st = (state.step.get("support") or {}) if isinstance(state.step.get("support"), dict) else {}
    if "unsupporting" not in st:  # a phase keeping its check elsewhere (a calamity's)
        st = _support_check(state)
    return support.plan(g, st, state.players[seat].nation, list(areas))


def _support_check(state) -> dict:
    def find_check(x):
        if isinstance(x, dict):
            if "unsupporting" in x and "waiting" in x:
                return x
            for v in x.values():
                found = find_check(v)
                if found is not None:
                    return found
        elif isinstance(x, list):
            for v in x:
                found = find_check(v)
                if found is not None:
                    return found
        return None
    return find_check(state.step) or {"unsupporting": {}, "waiting": []}


# ---- Grand Imperial's own forms ----------------------------------------------------------------
def _grand_imperial(state, seat: int, o: dict) -> list[tuple[str, dict]]:
    t = o["type"]
    if t == "buy_regional":
        return [("buy_regional", {"region": o["region"]})] if o.get("region") else [("buy_regional.done", {})]
    if t == "auction_bid":
        return [("auction_bid", {"bid": o["bid"]})]
    if t == "auction_lots":
        return [("auction_lots", {"cards": dict(Counter(o.get("cards") or []))})]
    if t == "play_leaders":
        return [("play_leaders", {"cards": list(o.get("cards") or [])})]
    if t == "diplomat":
        return [("diplomat", {"target": o["target"]})]
    if t == "place_barracks":
        return [("place_barracks", {"city": o["city"]})]
    if t == "luxury":
        d = _decision(state, seat, "luxury")
        points = {a: (o.get("points") or {}).get(a, 0) for a in d.options.get("cities", {})}
        values: dict[str, Any] = {"points": points, "treasury": o.get("treasury") or 0}
        if o.get("cards"):
            values["cards"] = dict(Counter(o["cards"]))
        return [("luxury", values)]
    if t == "draw_plan":
        d = _decision(state, seat, "draw_plan")
        values = {}
        for area, regions in (o.get("cities") or {}).items():
            if area in d.options.get("cities", {}):
                values.update({f"{area}.{i}": r for i, r in enumerate(regions)})
        if "merchant_prince" in d.options:
            values["merchant_prince"] = o.get("merchant_prince") or "keep"
        if d.options.get("ships"):  # null: every ship able to harvests (the boxes start ticked)
            harvest = d.options["ships"] if o.get("harvest") is None else o["harvest"]
            values["harvest"] = [str(x) for x in harvest]
        return [("draw_plan", values)]
    if t == "ship_roles":
        d = _decision(state, seat, "ship_roles")
        values = {}
        for r in d.options.get("ships", []):
            sid = str(r["id"])
            values[f"role{sid}"] = (o.get("roles") or {}).get(sid, "trireme")
            values[f"pay{sid}"] = (o.get("pay") or {}).get(sid, "treasury")
        return [("ship_roles", values)]
    if t == "naval_engage":
        return [("naval_engage", {"fight": "yes" if o.get("fight") else "no", "stop_after": o.get("stop_after") or 0})]
    if t == "naval_spoils":
        return [("naval_spoils", {"take": o.get("take") or 0, "rest": o.get("rest") or "leave",
                                  "sink": "yes" if o.get("sink") else "no"})]
    if t == "raze_advances":
        return [("raze_advances", {"choice": "raze" if o.get("raze") else "keep"})]
    if t == "hold_civil_war":
        return [("hold_civil_war", {"choice": "hold" if o.get("hold") else "suffer"})]
    if t == "piracy_mode":
        return [("piracy_mode", {"mode": o["mode"]})]
    raise AssertionError(f"no form is known for the order type {t!r}")


# ---- sending ------------------------------------------------------------------------------------
def through_forms(R, state, seat: int, steps: list[tuple[str, dict]], sent: list | None = None):
    """``state`` after ``steps`` sent as the page sends them: each form looked up among those
    built for the seat now, its values posted and read back by the site's field checks, turned
    into an order by the game and applied; RESET: the page's Reset command. Raises
    IllegalOrder (a FormRefused included) where the page would refuse. ``sent``: the orders
    the forms gave are appended to it."""
    for fid, values in steps:
        if fid == RESET:
            order = {**R.commands(state, seat)["reset"], "player": seat}
        else:
            form = find(R.order_forms(state, seat), fid)
            if form is None:
                raise IllegalOrder("", f"no form {fid!r} is built for seat {seat} now")
            order = R.form_order(state, seat, fid, read(form, posted(form, values)))
        if sent is not None:
            sent.append(order)
        state, _ = R.apply(state, order)
    return state
