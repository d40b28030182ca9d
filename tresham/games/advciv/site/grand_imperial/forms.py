"""The order forms of Grand Imperial's own decisions (EP-12: ``forms.form(..., variant=KEY)``),
one section per slice. A form is made from the seat's own decision options; the rules check
the order it gives as any other (``docs/variants/grand-imperial.md`` section 5: D13, D14...).
"""
from __future__ import annotations

from collections import Counter

from ....contract import Decision, FieldChoice, FormField, IllegalOrder, OrderForm
from ...context import Context
from ...grand_imperial import data as gi
from ...grand_imperial.acquisition import card_name, region_name
from ...grand_imperial.fleet import allowance, capacity, records, spec
from ...grand_imperial.leaders import leader_name
from ...grand_imperial.luxury_phase import cards_value, default_points
from ...grand_imperial.marines import on_land
from ...grand_imperial.stacks import region_stack
from ...grand_imperial.variant import KEY
from .. import forms as plain
from ..forms import form


def _player(seat: int) -> dict:
    return {"player": seat}


# ---- slice 2: acquisition (D13 buy_regional, D14 auction_bid) --------------------------------
def _buy_regional_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    if fid == "buy_regional.done":
        return {"type": "buy_regional", **_player(seat)}
    return {"type": "buy_regional", **_player(seat), "region": v["region"]}


@form("buy_regional", _buy_regional_order, variant=KEY)
def _buy_regional(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D13, GI-TRADE-04: the top card of a region one's cities draw from, at twice its face
    value from treasury; or done buying this turn."""
    regions = d.options.get("regions", [])
    factor = d.options.get("factor", 2)
    choices = [FieldChoice(r, f"{region_name(r)} ({len(_stack(g, r))} cards left)") for r in regions]
    return [OrderForm("buy_regional", "Buy a card from a region", [
        FormField("region", "Region", "choice", choices)], submit="Draw and pay",
        help=f"You draw its top card and pay {factor} × its face value from treasury "
             f"({d.options.get('treasury', 0)}); if you cannot pay, it is auctioned to the others.",
        rule="GI-TRADE-04"),
        OrderForm("buy_regional.done", "Done buying", [], submit="I am done buying", rule="GI-TRADE-04")]


def _stack(g: Context, region: str) -> list[str]:
    return region_stack(g, region)


@form("auction_bid", lambda g, seat, d, fid, v: {"type": "auction_bid", **_player(seat), "bid": int(v["bid"])},
      variant=KEY)
def _auction_bid(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D14, GI-TRADE-05, GI-TRADE-08: a sealed bid in treasury tokens for the card (or the
    lot) auctioned (0: no bid)."""
    mx = int(d.options.get("max", 0))
    cards = d.options.get("cards") or [c for c in [d.options.get("card")] if c]
    what = ", ".join(card_name(g, c) for c in cards) or "the card"
    return [OrderForm("auction_bid", f"Sealed bid for {what}", [
        FormField("bid", f"Your bid (treasury {mx})", "number", min=0, max=mx, value=0)],
        submit="Bid", help="Sealed: the others do not see it. 0: no bid. The highest bid pays "
                           "from treasury to stock.", rule="GI-TRADE-05")]


# ---- slice 5: the auction phase (D15 auction_lots; its bids are D14 above) -------------------
def _lots_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    return {"type": "auction_lots", **_player(seat), "cards": _expand(v.get("cards") or {})}


def _expand(counts: dict) -> list[str]:
    return sorted(k for k, n in counts.items() for _ in range(int(n)))


@form("auction_lots", _lots_order, variant=KEY)
def _auction_lots(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D15, GI-TRADE-08: the cards of one's hand offered at auction (none: nothing offered),
    each tradable card with the most one holds."""
    held: dict[str, int] = {}
    for c in d.options.get("cards", []):
        held[c] = held.get(c, 0) + 1
    choices = [FieldChoice(c, f"{card_name(g, c)} ({n} held)", n)
               for c, n in sorted(held.items(), key=lambda kv: card_name(g, kv[0]))]
    return [OrderForm("auction_lots", "Offer cards at auction", [
        FormField("cards", "Cards to auction (sold together, face up)", "counts", choices, required=False,
                  value={})], submit="Offer them",
        help="Sealed until every offer is in. Lots are sold in reverse A.S.T. order (Egypt first); "
             "the highest bid pays from treasury to stock, and you take as much of it from your "
             "stock into treasury as your stock holds. None: nothing offered.", rule="GI-TRADE-08")]


# ---- slice 8: Leadership cards (D1 play_leaders, the Grand Diplomat) --------------------------
def _leader_name(card: str) -> str:
    return leader_name(card)


@form("play_leaders", lambda g, seat, d, fid, v: {"type": "play_leaders", **_player(seat),
                                                   "cards": list(v.get("cards") or [])}, variant=KEY)
def _play_leaders(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D1, GI-LEADER-01/02/05/07: the Leadership cards of one's hand played at the start of
    the turn (none ticked: play nothing)."""
    choices = [FieldChoice(c, _leader_name(c)) for c in d.options.get("leaders", [])]
    return [OrderForm("play_leaders", "Play Leadership cards", [
        FormField("cards", "Leaders to play now (ticked: played)", "multi", choices, required=False, value=[])],
        submit="Play", help="Played cards take effect for this turn once every holder has chosen; "
                            "nothing ticked plays nothing.", rule="GI-LEADER-01")]


@form("diplomat", lambda g, seat, d, fid, v: {"type": "diplomat", **_player(seat), "target": v["target"]},
      variant=KEY)
def _diplomat(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """GI-LEADER-09: the Grand Diplomat, at any time: the player named and you see each
    other's trade cards."""
    choices = [FieldChoice(n, g.name(n)) for n in d.options.get("targets", [])]
    return [OrderForm("diplomat", "Play the Grand Diplomat", [
        FormField("target", "Show hands with", "choice", choices)], submit="Show each other our cards",
        help="Both of you see the other's trade cards; the card is then discarded.", rule="GI-LEADER-09")]


@form("place_barracks", lambda g, seat, d, fid, v: {"type": "place_barracks", **_player(seat),
                                                     "city": v["city"]}, variant=KEY)
def _place_barracks(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D2, GI-LEADER-05: the Warlike Leader's free Barracks placed on one of one's cities
    without one."""
    choices = [FieldChoice(a, g.area_name(a)) for a in d.options.get("cities", [])]
    return [OrderForm("place_barracks", "Place the free Barracks", [
        FormField("city", "City", "choice", choices, value=choices[0].value if choices else None)],
        submit="Build it", help="The Warlike Leader with Military owned: one Barracks city advance, "
                                "free, in a city of yours that has none.", rule="GI-LEADER-05")]


# ---- slice 2: the luxury phase (D11 luxury) ----------------------------------------------------
LEVEL_NAMES = {"revolt": "Revolt", "unhappy": "Unhappy", "content": "Content", "satisfied": "Satisfied",
               "happy": "Happy"}


def _luxury_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    points = {a: int(n) for a, n in sorted((v.get("points") or {}).items()) if int(n or 0)}
    cards = [c for c, n in sorted((v.get("cards") or {}).items()) for _ in range(int(n or 0))]
    return {"type": "luxury", **_player(seat), "points": points, "treasury": int(v.get("treasury") or 0),
            "cards": cards}


def _city_label(g: Context, area: str, info: dict) -> str:
    th = info.get("thresholds", {})
    steps = ", ".join(f"{LEVEL_NAMES[k]} {n}" for k, n in th.items() if k != "revolt")
    now = LEVEL_NAMES.get(info.get("disposition", ""), "")
    return f"{g.area_name(area)} (now {now}; needs {steps})"


@form("luxury", _luxury_order, variant=KEY)
def _luxury(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D11, GI-LUX-01/02: luxury points for each city (a city given none is in Revolt), paid by
    free flips, treasury tokens and sets of Resin, Gems, Gold or Ivory; it starts at the
    default (every city Content with free flips, in area order)."""
    cities = d.options.get("cities", {})
    start = default_points(g, g.s.players[seat].nation)
    flips, treasury, budget = (int(d.options.get(k, 0)) for k in ("free_flips", "treasury", "max"))
    held = Counter(d.options.get("cards", []))
    fields = [FormField("points", f"Luxury points by city ({budget} at most)", "counts",
                        [FieldChoice(a, _city_label(g, a, cities[a])) for a in sorted(cities)],
                        min=0, max=budget, value={a: start.get(a, 0) for a in sorted(cities)}),
              FormField("treasury", f"From treasury ({treasury})", "number", min=0, max=treasury, value=0)]
    if held:
        fields.append(FormField("cards", "Luxury cards paid as sets", "counts",
                                [FieldChoice(c, f"{card_name(g, c)} ({n} held: a set of {n} is worth "
                                                f"{cards_value(g, [c] * n)})", n) for c, n in sorted(held.items())],
                                value={c: 0 for c in sorted(held)}, required=False))
    return [OrderForm("luxury", "Luxury for your cities (sealed)", fields, submit="Give these points",
                      help=f"{flips} free flips (tokens on land beyond city support) are points at no cost; "
                           "each treasury token is a point; a luxury set is worth its set value. Points not "
                           "given are lost. Revolt 0 points, Unhappy 1, Content 2, Satisfied 3, Happy 5 "
                           "before city advances.", rule="GI-LUX-02")]


# ---- slice 7: draw plans (D12 draw_plan) --------------------------------------------------------
#: The Merchant Prince's choice that keeps the card (the order's null).
KEEP = "keep"


def _draw_plan_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    """One region per card of each city with a choice (fields ``AREA.N``); the Merchant
    Prince's region, or ``keep`` (null); the ships ticked to harvest."""
    cities = {}
    for area, c in sorted(d.options.get("cities", {}).items()):
        cities[area] = [v.get(f"{area}.{i}") or c["own"] for i in range(int(c["cards"]))]
    mp = v.get("merchant_prince")
    out = {"type": "draw_plan", **_player(seat), "cities": cities,
           "merchant_prince": None if mp in (None, "", KEEP) else mp}
    if d.options.get("ships"):
        out["harvest"] = sorted(int(x) for x in (v.get("harvest") or []))
    return out


@form("draw_plan", _draw_plan_order, variant=KEY)
def _draw_plan(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D12, GI-TRADE-02, GI-CITYADV-06/08, GI-LEADER-06: a region for each card of each city
    whose CrossRoads or Port gives a choice (starting at its own region), the region whose top
    card the Merchant Prince is traded in for (starting at: kept), and the ships able to harvest
    (GI-SHIP-07; starting at: all)."""
    fields = []
    for area, c in sorted(d.options.get("cities", {}).items()):
        n = int(c["cards"])
        for i in range(n):
            fields.append(FormField(
                f"{area}.{i}", f"{g.area_name(area)}: card {i + 1} of {n} from",
                "choice", [FieldChoice(r, region_name(r) + (" (its own)" if r == c["own"] else ""))
                           for r in c["regions"]], value=c["own"]))
    if "merchant_prince" in d.options:
        fields.append(FormField(
            "merchant_prince", "Merchant Prince", "choice",
            [FieldChoice(KEEP, "Keep it"),
             *(FieldChoice(r, f"Trade it in for the top card of {region_name(r)} ({len(_stack(g, r))} left)")
               for r in d.options["merchant_prince"])], value=KEEP))
    if d.options.get("ships"):
        ships = [int(x) for x in d.options["ships"]]
        fields.append(FormField(
            "harvest", "Ships that harvest a card face down (ticked: harvests)", "multi",
            [FieldChoice(str(sid), f"Ship {sid}") for sid in ships], value=[str(sid) for sid in ships],
            required=False))
    return [OrderForm("draw_plan", "Where your cities draw their trade cards from (sealed)", fields,
                      submit="Give this draw plan",
                      help="A CrossRoads city may draw from the region of an adjacent area instead of its "
                           "own, a Port city from any region one Trireme voyage away. The Merchant Prince "
                           "traded in gives one more card, from any regional stack. A ship ticked takes "
                           "a card face down from its area's regional stack at the end of the phase. The "
                           "draws follow, in the usual order, once every plan is in.", rule="GI-TRADE-02")]


# ---- slices 3 and 4: ships (D3 ships, D4 ship_roles, D5 move) and naval conflict (D6, D7) -----
_PAY_UPKEEP = {"treasury": "keep it: 1 from treasury", "token": "keep it: 1 token there",
               "aboard": "keep it: 1 token aboard"}
_PAY_ROLE = {"treasury": "1 from treasury", "token": "1 token in its area", "aboard": "1 token aboard"}


def _ship_label(g: Context, r: dict) -> str:
    aboard = f", {r['tokens']} token{'s' if r['tokens'] != 1 else ''} aboard" if r["tokens"] else ""
    cards = f", {r['cards']} card{'s' if r['cards'] != 1 else ''} aboard" if r["cards"] else ""
    return f"Ship {r['id']} ({spec(r['role']).name}) in {g.area_name(r['area'])}{aboard}{cards}"


def _gi_ships_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    maintain = []
    for r in d.options.get("fleet", []):
        pay = v.get(f"keep{r['id']}")
        if pay:
            maintain.append({"area": r["area"], "ship": r["id"], "pay": pay})
    return {"type": "ships", **_player(seat), "maintain": maintain, "build": plain.ship_builds(v)}


@form("ships", _gi_ships_order, variant=KEY)
def _gi_ships(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D3, GI-TURN-04: keep each ship by its number (1 from treasury, a token in its area or a
    token aboard; none: it goes to stock with its cargo, GIR-16) and build Triremes."""
    fields = []
    for r in d.options.get("fleet", []):
        pays = ["treasury", "token"] + (["aboard"] if r["tokens"] else [])
        fields.append(FormField(f"keep{r['id']}", _ship_label(g, r), "choice",
                                [FieldChoice(p, _PAY_UPKEEP[p]) for p in pays], required=False,
                                value="treasury", help="none: the ship goes to stock, its cargo lost"))
    fields += plain.ship_build_fields(g, g.s.players[seat].nation, d.options.get("build", []),
                                      int(d.options.get("treasury", 0)))
    return [OrderForm("ships", "Ships: keep and build (Triremes)", fields, submit="Give the ship orders",
                      help=plain.ships_help(int(d.options.get("treasury", 0)), []), rule="GI-TURN-04",
                      more=plain.ships_rules(), more_label=plain.SHIPS_RULES_LABEL)]


def _roles_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    roles, pay = {}, {}
    for r in d.options.get("ships", []):
        role = v.get(f"role{r['id']}") or "trireme"
        if role != "trireme":
            roles[str(r["id"])] = role
            pay[str(r["id"])] = v.get(f"pay{r['id']}") or "treasury"
    return {"type": "ship_roles", **_player(seat), "roles": roles, "pay": pay}


@form("ship_roles", _roles_order, variant=KEY)
def _ship_roles(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D4, GI-SHIP-03: this turn's role of each ship, and how its extra token is paid."""
    roles = [FieldChoice(x, spec(x).name) for x in d.options.get("roles", [])]
    fields = []
    for r in d.options.get("ships", []):
        fields.append(FormField(f"role{r['id']}", _ship_label(g, r), "choice", roles, value="trireme"))
        pays = ["treasury", "token"] + (["aboard"] if r["tokens"] else [])
        fields.append(FormField(f"pay{r['id']}", f"Ship {r['id']}: its extra token", "choice",
                                [FieldChoice(p, _PAY_ROLE[p]) for p in pays], value="treasury",
                                help="only for a Galleon or a Warship"))
    return [OrderForm("ship_roles", "Galleons and Warships this turn", fields, submit="Declare",
                      help=f"{d.prompt}. Treasury {d.options.get('treasury', 0)}.", rule="GI-SHIP-03")]


def _gi_plan(g: Context, seat: int) -> dict:
    """The seat's moves entered so far, as a GI order states them (ships by number)."""
    plan = (g.s.step.get("plans") or {}).get(str(seat)) or {}
    moves = [{k: m[k] for k in ("from", "to", "via", "count") if k in m} for m in plan.get("moves") or []]
    voyages = [{"ship": x["ship"], "id": x["id"], "steps": [list(s) for s in x["steps"]]}
               for x in plan.get("voyages") or []]
    marines = [{k: m[k] for k in ("from", "to", "via", "count") if k in m} for m in plan.get("marines") or []]
    return {"moves": moves, "voyages": voyages, "marines": marines, "done": plan.get("done")}


def _gi_move_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    if fid == "move.marines":  # GI-CITYADV-25: Marines overland, like tokens
        plan = _gi_plan(g, seat)
        plan["marines"].append({"from": v["from"], "to": v["to"], "count": int(v["count"])})
        return {"type": "move", **_player(seat), **plan}
    if fid != "move.voyage":
        order = plain.FORMS["move"][1](g, seat, d, fid, v)
        gi_plan = _gi_plan(g, seat)
        order["voyages"] = gi_plan["voyages"]
        order["marines"] = gi_plan["marines"]
        return order
    plan = _gi_plan(g, seat)
    area, _, sid = str(v["ship"]).partition("|")
    steps: list[list] = []
    if v.get("load"):
        steps.append(["load", int(v["load"])])
    steps += [["marine", "load"]] * int(v.get("marines_load") or 0)
    steps += [["sail", v[k]] for k in ("sail1", "sail2", "sail3", "sail4") if v.get(k)]
    if v.get("unload"):
        steps.append(["unload", int(v["unload"])])
    steps += [["marine", "unload"]] * int(v.get("marines_unload") or 0)
    plan["voyages"].append({"ship": area, "id": int(sid), "steps": steps})
    return {"type": "move", **_player(seat), **plan}


@form("move", _gi_move_order, variant=KEY)
def _gi_move(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D5, GI-SHIP-04..06: the plain movement forms, the voyage by ship number; tokens not
    unloaded stay aboard; Marines overland and aboard (GI-CITYADV-25)."""
    out = [f for f in plain.FORMS["move"][0](g, seat, d) if f.id != "move.voyage"]
    nation = g.s.players[seat].nation
    recs = records(g.s, nation)
    troops = on_land(g.s, nation)
    if troops:  # GI-CITYADV-25: Marines move like tokens, one land boundary
        starts = sorted(set(troops))
        near = sorted({b for a in starts for b in g.areas[a].land_adj})
        out.insert(1, OrderForm("move.marines", "Move Marines overland", [
            FormField("from", "From", "choice", plain.area_choices(g, starts)),
            FormField("to", "To", "choice", plain.area_choices(g, near)),
            FormField("count", "How many", "number", min=1, max=len(troops), value=1)],
            submit="Add this move", help="Marines take no room and count for no limit; they never fight.",
            rule="GI-CITYADV-25"))
    if recs:
        water = [a for a, area in g.areas.items() if area.has_water]
        most = max(allowance(g, nation, r) for r in recs)
        sails = [FormField(f"sail{i}", f"Sail, step {i}", "choice", plain.area_choices(g, water), required=False)
                 for i in range(1, most + 1)]
        cap = max(capacity(r) for r in recs)
        marine_fields = []
        if troops or any(r.get("marines") for r in recs):  # GI-CITYADV-25: no room taken
            most_m = len(troops) + sum(r.get("marines", 0) for r in recs)
            marine_fields = [
                FormField("marines_load", "Marines to take aboard where it starts", "number", min=0,
                          max=most_m, value=0, required=False),
                FormField("marines_unload", "Marines to land where it stops", "number", min=0,
                          max=most_m, value=0, required=False)]
        ships = [FieldChoice(f"{r['area']}|{r['id']}", _ship_label(g, {**r, "cards": len(r["cards"])}))
                 for r in recs]
        out.insert(1, OrderForm("move.voyage", "Move by ship", [
            FormField("ship", "Ship", "choice", ships),
            FormField("load", "Tokens to take aboard where it starts", "number", min=0, max=cap, value=0),
            *sails,
            FormField("unload", "Tokens to land where it stops", "number", min=0, max=cap, value=0),
            *marine_fields],
            submit="Add this voyage",
            help="A Trireme or Warship enters 3 areas, a Galleon 2 (one more each with Cloth Making); a "
                 "Trireme or Warship holds 5 tokens and cards, a Galleon 7; tokens not landed stay aboard.",
            rule="GI-SHIP-04"))
    return out


def _engage_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    stop = int(v.get("stop_after") or 0)
    return {"type": "naval_engage", **_player(seat), "area": d.options["area"], "against": d.options["against"],
            "fight": v.get("fight") == "yes", "stop_after": stop or None}


@form("naval_engage", _engage_order, variant=KEY)
def _naval_engage(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D6, GI-SEA-01, -03: fight the other's ships in this area or not, and the wave after
    which one breaks off (the faster side's counts)."""
    area, other = d.options.get("area"), d.options.get("against")
    return [OrderForm("naval_engage", f"Ships in {g.area_name(area)}: against {g.name(other)}", [
        FormField("fight", "Fight?", "choice", [FieldChoice("no", "no"), FieldChoice("yes", "yes")], value="no"),
        FormField("stop_after", "Break off after wave (0: never)", "number", min=0, max=10, value=0)],
        submit="Answer", help=f"Your speed {d.options.get('speed')}, theirs {d.options.get('their_speed')}: "
                              "only the faster side may break off. They fight if either side wants to.",
        rule="GI-SEA-01")]


@form("naval_spoils", lambda g, seat, d, fid, v: {"type": "naval_spoils", **_player(seat),
                                                   "take": int(v.get("take") or 0), "rest": v.get("rest") or "leave",
                                                   "sink": v.get("sink") == "yes"}, variant=KEY)
def _naval_spoils(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D7, GI-SEA-04, -05: the cards taken (face down), the rest left or discarded, the beaten
    ships sunk or not."""
    mx = int(d.options.get("max_take", 0))
    free = d.options.get("free_sink")
    return [OrderForm("naval_spoils", f"Spoils in {g.area_name(d.options.get('area'))}", [
        FormField("take", f"Cards to take (at most {mx})", "number", min=0, max=mx, value=mx),
        FormField("rest", "The cards left", "choice", [FieldChoice("leave", "leave them aboard"),
                                                       FieldChoice("discard", "discard them")], value="leave"),
        FormField("sink", "Sink their ships?", "choice", [FieldChoice("no", "no"), FieldChoice(
            "yes", "yes, free (a Warship's)" if free else "yes, 1 of your tokens each")],
            value="yes" if free else "no")],
        submit="Take the spoils", rule="GI-SEA-04")]


# ---- slice 6: city advances (D18 buy) ---------------------------------------------------------
#: advance rows on the buy form (the order is final once sent, so several rows)
ADVANCE_ROWS = 2


def _gi_buy_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    """The plain cart's order, with the advance rows chosen (D18) and the research points put
    on one civilization card of the cart (GI-CARULE-03)."""
    out = plain.buy_order(g, seat, d, fid, v)
    lines = []
    for i in range(1, ADVANCE_ROWS + 1):
        adv = v.get(f"advance{i}")
        if not adv:
            continue
        if not v.get(f"city{i}"):
            raise IllegalOrder("GI-CARULE-01", f"city advance {i}: choose the city it is built in")
        ln = {"advance": adv, "city": v.get(f"city{i}"), "pay_cards": plain.expand_counts(v.get(f"pay{i}") or {}),
              "treasury": int(v.get(f"treasury{i}") or 0), "research": int(v.get(f"research{i}") or 0)}
        if v.get(f"restore{i}") == "yes":
            ln["restore"] = True
        lines.append(ln)
    if lines:
        out["advances"] = lines
    card, points = v.get("research_card"), int(v.get("research_points") or 0)
    if card and points:
        out["research"] = {card: points}
    if v.get("leader_credit"):
        out["leader_credit"] = v["leader_credit"]
    return out


@form("buy", _gi_buy_order, variant=KEY)
def _gi_buy(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D18, GI-TURN-12: the plain cart of civilization cards (31.1-31.71), the research points
    on one of them, and rows of city advances, each with its city, its own cards, treasury
    and research points (GIR-56, GI-CARULE-01..03)."""
    cart = plain.FORMS["buy"][0](g, seat, d)[0]
    p = g.s.players[seat]
    rp = int(d.options.get("research", 0))
    buyable = d.options.get("advances", {})
    fields = list(cart.fields)
    if rp:
        fields += [FormField("research_card", "Research points on this civilization card", "choice",
                             [FieldChoice(c, g.d.civ_cards[c].name) for c in d.options.get("buyable", [])],
                             required=False),
                   FormField("research_points", f"Research points on it (you have {rp})", "number",
                             min=0, max=rp, value=0)]
    advances = gi.city_advances()
    restorable = {k.split(":", 1)[1] for k in buyable if k.startswith("restore:")}
    open_ = {a for a in buyable if ":" not in a} | restorable
    choices = [FieldChoice(a, f"{x.name}: {x.cost}" + (f" (paid with {', '.join(x.payment)})" if x.payment else "")
                           + (" (a flipped one: half price to restore)" if a in restorable else ""),
                           disabled=a not in open_, why="" if a in open_ else "not open to you now")
               for a, x in advances.items()]
    cities = [FieldChoice(a, g.area_name(a)) for a in g.cities_of(p.nation)]
    for i in range(1, (ADVANCE_ROWS if buyable else 0) + 1):
        fields += [
            FormField(f"advance{i}", f"City advance {i}", "choice", choices, required=False,
                      help="each advance is paid on its own: its own cards, treasury and research"),
            FormField(f"city{i}", f"City for advance {i}", "choice", cities, required=False,
                      help="only for a row with an advance chosen"),
            FormField(f"pay{i}", f"Trade cards for advance {i}", "counts",
                      plain.hand_choices(g, list(p.hand), tradable_only=True)),
            FormField(f"treasury{i}", f"Treasury for advance {i}", "number", min=0, max=p.treasury, value=0),
            FormField(f"research{i}", f"Research points for advance {i} (you have {rp})", "number",
                      min=0, max=rp, value=0)]
        if restorable:
            fields.append(FormField(f"restore{i}", f"Advance {i} restores a flipped one (half price)",
                                    "choice", [FieldChoice("no", "No: a new advance"),
                                               FieldChoice("yes", "Yes: restore it")], value="no"))
    bonus = d.options.get("leader_credit")
    if bonus:
        fields.append(FormField(
            "leader_credit", f"The Civilized Leader's {bonus} credit on", "choice",
            [FieldChoice(c, g.d.civ_cards[c].name) for c in d.options.get("buyable", [])]
            + [FieldChoice(a, advances[a].name) for a in sorted(open_)],
            required=False, help="one item bought now; what it leaves over is lost (GI-LEADER-04)"))
    return [OrderForm("buy", "Buy civilization cards and city advances", fields,
                      submit="Buy and pay", rule="GI-TURN-12",
                      help="Research points give a credit once a turn ("
                           + ", ".join(f"{k}: {v}" for k, v in sorted(gi.research().credit.items()))
                           + "), split between items as you choose.")]


# ---- slice 7 (part): raze or keep (D8) --------------------------------------------------------
def _raze_order(g: Context, seat: int, d: Decision, fid: str, v: dict) -> dict:
    return {"type": "raze_advances", **_player(seat), "area": d.options.get("area", ""),
            "raze": v.get("choice", "raze") == "raze"}


@form("raze_advances", _raze_order, variant=KEY)
def _raze(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D8, GI-CARULE-05: raze the city advances of a city one destroyed (tokens from stock to
    treasury) or keep them for a city one builds there."""
    area = d.options.get("area", "")
    names = ", ".join(gi.city_advances()[a].name for a in d.options.get("advances", []))
    return [OrderForm("raze_advances", f"City advances in {g.area_name(area) if area else 'the city'}", [
        FormField("choice", "Raze or keep", "choice", [
            FieldChoice("raze", f"Raze them: {d.options.get('tokens', 0)} tokens from stock to treasury"),
            FieldChoice("keep", "Keep them for a city you build there (they decay until then)")],
            value="raze")], submit="Decide", help=names, rule="GI-CARULE-05")]


# ---- slice 9: calamities (D16 hold_civil_war) ------------------------------------------------
@form("hold_civil_war", lambda g, seat, d, fid, v: {"type": "hold_civil_war", **_player(seat),
                                                     "hold": v.get("choice", "hold") == "hold"},
      variant=KEY)
def _hold_civil_war(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D16, GI-CAL-05: a Great Compromiser holder holds the Civil War until the next calamity
    phase, or suffers it now."""
    choices = [FieldChoice("hold", "Hold it until the next calamity phase"),
               FieldChoice("suffer", "Suffer the Civil War now")]
    return [OrderForm("hold_civil_war", "Civil War and the Great Compromiser", [
        FormField("choice", "Your choice", "choice", choices, value="hold")], submit="Decide",
        help="Held, nothing happens now (everyone knows it is held); the Civil War takes effect "
             "at the next calamity phase.", rule="GI-CAL-05")]


# ---- slice 9: calamities (D17 piracy_mode) ---------------------------------------------------
@form("piracy_mode", lambda g, seat, d, fid, v: {"type": "piracy_mode", **_player(seat),
                                                  "mode": v.get("mode") or "ships"}, variant=KEY)
def _piracy_mode(g: Context, seat: int, d: Decision) -> list[OrderForm]:
    """D17, GI-CAL-12: the trader of Piracy takes the cards aboard the victim's ships, or makes
    it the AdvCiv Piracy of his coastal cities."""
    n = d.options.get("cards", 0)
    choices = [FieldChoice("ships", f"Take the {n} cards aboard his ships"),
               FieldChoice("cities", "The AdvCiv Piracy: his coastal cities become pirate cities")]
    return [OrderForm("piracy_mode", "Piracy", [FormField("mode", "Your choice", "choice", choices,
                                                          value="ships")], submit="Decide",
                      help="Cards you cannot stow on your ships are discarded; ships with Marines "
                           "and cities with City Walls or Marines are immune.", rule="GI-CAL-12")]
