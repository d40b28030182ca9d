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


# ---- slice 9: calamities (D16 hold_civil_war) ------------------------------------------------
@form("hold_civil_war", lambda g, seat, d, fid, v: {"type": "hold_civil_war", **_player(seat),
                                                     "hold": v.get("choice", "hold") == "hold"},
      variant=KEY)
def _hold_civil_war(g: Game, seat: int, d: Decision) -> list[OrderForm]:
    """D16, GI-CAL-05: a Great Compromiser holder holds the Civil War until the next calamity
    phase, or suffers it now."""
    choices = [FieldChoice("hold", "Hold it until the next calamity phase"),
               FieldChoice("suffer", "Suffer the Civil War now")]
    return [OrderForm("hold_civil_war", "Civil War and the Great Compromiser", [
        FormField("choice", "Your choice", "choice", choices, value="hold")], submit="Decide",
        help="Held, the card stays in your hand (everyone knows) and takes effect at the next "
             "calamity phase.", rule="GI-CAL-05")]
