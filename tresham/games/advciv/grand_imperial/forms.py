"""The order forms of Grand Imperial's own decisions (EP-12: ``forms.form(..., variant=KEY)``),
one section per slice. A form is made from the seat's own decision options; the rules check
the order it gives as any other (``docs/variants/grand-imperial.md`` section 5: D13, D14...).
"""
from __future__ import annotations

from ...base import Decision, FieldChoice, FormField, OrderForm
from ..forms import form
from ..game import Game
from .acquisition import card_name, region_name
from .variant import KEY


def _player(seat: int) -> dict:
    return {"player": seat}


# ---- slice 2: acquisition (D13 buy_regional, D14 auction_bid) --------------------------------
def _buy_regional_order(g: Game, seat: int, d: Decision, fid: str, v: dict) -> dict:
    if fid == "buy_regional.done":
        return {"type": "buy_regional", **_player(seat)}
    return {"type": "buy_regional", **_player(seat), "region": v["region"]}


@form("buy_regional", _buy_regional_order, variant=KEY)
def _buy_regional(g: Game, seat: int, d: Decision) -> list[OrderForm]:
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


def _stack(g: Game, region: str) -> list[str]:
    from .stacks import region_stack

    return region_stack(g, region)


@form("auction_bid", lambda g, seat, d, fid, v: {"type": "auction_bid", **_player(seat), "bid": int(v["bid"])},
      variant=KEY)
def _auction_bid(g: Game, seat: int, d: Decision) -> list[OrderForm]:
    """D14, GI-TRADE-05: a sealed bid in treasury tokens for the card auctioned (0: no bid)."""
    mx = int(d.options.get("max", 0))
    card = d.options.get("card")
    what = card_name(g, card) if card else "the card"
    return [OrderForm("auction_bid", f"Sealed bid for {what}", [
        FormField("bid", f"Your bid (treasury {mx})", "number", min=0, max=mx, value=0)],
        submit="Bid", help="Sealed: the others do not see it. 0: no bid. The highest bid pays "
                           "from treasury to stock.", rule="GI-TRADE-05")]


# ---- slice 8: Leadership cards (D1 play_leaders, the Grand Diplomat) --------------------------
def _leader_name(card: str) -> str:
    from .leaders import leader_name

    return leader_name(card)


@form("play_leaders", lambda g, seat, d, fid, v: {"type": "play_leaders", **_player(seat),
                                                   "cards": list(v.get("cards") or [])}, variant=KEY)
def _play_leaders(g: Game, seat: int, d: Decision) -> list[OrderForm]:
    """D1, GI-LEADER-01/02/05/07: the Leadership cards of one's hand played at the start of
    the turn (none ticked: play nothing)."""
    choices = [FieldChoice(c, _leader_name(c)) for c in d.options.get("leaders", [])]
    return [OrderForm("play_leaders", "Play Leadership cards", [
        FormField("cards", "Leaders to play now (ticked: played)", "multi", choices, required=False, value=[])],
        submit="Play", help="Played cards take effect for this turn once every holder has chosen; "
                            "nothing ticked plays nothing.", rule="GI-LEADER-01")]


@form("diplomat", lambda g, seat, d, fid, v: {"type": "diplomat", **_player(seat), "target": v["target"]},
      variant=KEY)
def _diplomat(g: Game, seat: int, d: Decision) -> list[OrderForm]:
    """GI-LEADER-09: the Grand Diplomat, at any time: the player named and you see each
    other's trade cards."""
    choices = [FieldChoice(n, g.name(n)) for n in d.options.get("targets", [])]
    return [OrderForm("diplomat", "Play the Grand Diplomat", [
        FormField("target", "Show hands with", "choice", choices)], submit="Show each other our cards",
        help="Both of you see the other's trade cards; the card is then discarded.", rule="GI-LEADER-09")]


# ---- slice 2: the luxury phase (D11 luxury) ----------------------------------------------------
LEVEL_NAMES = {"revolt": "Revolt", "unhappy": "Unhappy", "content": "Content", "satisfied": "Satisfied",
               "happy": "Happy"}


def _luxury_order(g: Game, seat: int, d: Decision, fid: str, v: dict) -> dict:
    points = {a: int(n) for a, n in sorted((v.get("points") or {}).items()) if int(n or 0)}
    cards = [c for c, n in sorted((v.get("cards") or {}).items()) for _ in range(int(n or 0))]
    return {"type": "luxury", **_player(seat), "points": points, "treasury": int(v.get("treasury") or 0),
            "cards": cards}


def _city_label(g: Game, area: str, info: dict) -> str:
    th = info.get("thresholds", {})
    steps = ", ".join(f"{LEVEL_NAMES[k]} {n}" for k, n in th.items() if k != "revolt")
    now = LEVEL_NAMES.get(info.get("disposition", ""), "")
    return f"{g.area_name(area)} (now {now}; needs {steps})"


@form("luxury", _luxury_order, variant=KEY)
def _luxury(g: Game, seat: int, d: Decision) -> list[OrderForm]:
    """D11, GI-LUX-01/02: luxury points for each city (a city given none is in Revolt), paid by
    free flips, treasury tokens and sets of Resin, Gems, Gold or Ivory; it starts at the
    default (every city Content with free flips, in area order)."""
    from collections import Counter

    from .luxury_phase import cards_value, default_points

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


# ---- slice 6: city advances (D18 buy) ---------------------------------------------------------
#: advance rows on the buy form (the order is final once sent, so several rows)
ADVANCE_ROWS = 2


def _gi_buy_order(g: Game, seat: int, d: Decision, fid: str, v: dict) -> dict:
    """The plain cart's order, with the advance rows chosen (D18) and the research points put
    on one civilization card of the cart (GI-CARULE-03)."""
    from ..forms import _buy_order, _expand

    out = _buy_order(g, seat, d, fid, v)
    lines = []
    for i in range(1, ADVANCE_ROWS + 1):
        adv = v.get(f"advance{i}")
        if not adv:
            continue
        ln = {"advance": adv, "city": v.get(f"city{i}"), "pay_cards": _expand(v.get(f"pay{i}") or {}),
              "treasury": int(v.get(f"treasury{i}") or 0), "research": int(v.get(f"research{i}") or 0)}
        if v.get(f"restore{i}") == "yes":
            ln["restore"] = True
        lines.append(ln)
    if lines:
        out["advances"] = lines
    card, points = v.get("research_card"), int(v.get("research_points") or 0)
    if card and points:
        out["research"] = {card: points}
    return out


@form("buy", _gi_buy_order, variant=KEY)
def _gi_buy(g: Game, seat: int, d: Decision) -> list[OrderForm]:
    """D18, GI-TURN-12: the plain cart of civilization cards (31.1-31.71), the research points
    on one of them, and rows of city advances, each with its city, its own cards, treasury
    and research points (GIR-56, GI-CARULE-01..03)."""
    from . import data as gi
    from ..forms import FORMS, _hand_choices

    plain = FORMS["buy"][0](g, seat, d)[0]
    p = g.s.players[seat]
    rp = int(d.options.get("research", 0))
    buyable = d.options.get("advances", {})
    fields = list(plain.fields)
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
            FormField(f"city{i}", f"City for advance {i}", "choice", cities),
            FormField(f"pay{i}", f"Trade cards for advance {i}", "counts",
                      _hand_choices(g, list(p.hand), tradable_only=True)),
            FormField(f"treasury{i}", f"Treasury for advance {i}", "number", min=0, max=p.treasury, value=0),
            FormField(f"research{i}", f"Research points for advance {i} (you have {rp})", "number",
                      min=0, max=rp, value=0)]
        if restorable:
            fields.append(FormField(f"restore{i}", f"Advance {i} restores a flipped one (half price)",
                                    "choice", [FieldChoice("no", "No: a new advance"),
                                               FieldChoice("yes", "Yes: restore it")], value="no"))
    return [OrderForm("buy", "Buy civilization cards and city advances", fields,
                      submit="Buy and pay", rule="GI-TURN-12",
                      help="Research points give a credit once a turn ("
                           + ", ".join(f"{k}: {v}" for k, v in sorted(gi.research().credit.items()))
                           + "), split between items as you choose.")]


# ---- slice 7 (part): raze or keep (D8) --------------------------------------------------------
def _raze_order(g: Game, seat: int, d: Decision, fid: str, v: dict) -> dict:
    return {"type": "raze_advances", **_player(seat), "area": d.options.get("area", ""),
            "raze": v.get("choice", "raze") == "raze"}


@form("raze_advances", _raze_order, variant=KEY)
def _raze(g: Game, seat: int, d: Decision) -> list[OrderForm]:
    """D8, GI-CARULE-05: raze the city advances of a city one destroyed (tokens from stock to
    treasury) or keep them for a city one builds there."""
    from . import data as gi

    area = d.options.get("area", "")
    names = ", ".join(gi.city_advances()[a].name for a in d.options.get("advances", []))
    return [OrderForm("raze_advances", f"City advances in {g.area_name(area) if area else 'the city'}", [
        FormField("choice", "Raze or keep", "choice", [
            FieldChoice("raze", f"Raze them: {d.options.get('tokens', 0)} tokens from stock to treasury"),
            FieldChoice("keep", "Keep them for a city you build there (they decay until then)")],
            value="raze")], submit="Decide", help=names, rule="GI-CARULE-05")]
