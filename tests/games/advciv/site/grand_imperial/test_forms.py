"""Grand Imperial's order forms (EP-12; ``site/grand_imperial/forms.py``): the twin of the plain
"every decision has a form" test (``tests/games/advciv/test_forms.py``) over bot Grand Imperial
games (random and heuristic seats). Every decision kind met has forms (no note of a missing form); the forms of
Grand Imperial's own decisions give orders the rules accept."""
from __future__ import annotations

import pytest

from tresham.games import registry
from tresham.games.advciv.site.forms import NO_FORM, VARIANT_FORMS, forms_for
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.variant import VARIANTS
from tresham.games.contract import IllegalOrder
from tresham.games.advciv.orders import Order
from tresham.rng import Rng, seed_state
from tresham.games.advciv.tools.sim import seat_bots

from tests.games.advciv.site.test_forms import start_values

R = registry.get("advciv")
GI = {"variant": KEY, "wem": True}
#: Grand Imperial's own decision kinds (design section 5.1) built so far
OWN = {"buy_regional", "auction_bid", "auction_lots", "luxury", "naval_engage", "draw_plan",
       "hold_civil_war"}


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def bot_games(players_seeds=((4, 1), (6, 1), (5, 3), (7, 4), (8, 5)), turns=18, max_orders=20_000):
    """Each state of a few bot Grand Imperial games where a decision is owed, with it: yields
    (state, decision). The random bot plays every other seat (``sim.seat_bots("mixed")``):
    random bots alone seldom build a city, so never reach a regional purchase."""
    for players, seed in players_seeds:
        s = R.new_game({**GI, "players": players, "turn_limit": turns}, f"gi-forms-{seed}")
        rng = Rng(seed_state(f"gi-forms-bots-{seed}"))
        bots = seat_bots("mixed", players, seed)
        for n in range(max_orders):
            if R.finished(s):
                break
            ds = [d for d in R.pending(s) if d.required]
            if not ds:
                break
            for d in ds:
                yield s, d
            o = bots[ds[0].player](s, ds[0].player, rng)
            o = o.to_json() if isinstance(o, Order) else o
            s, _ = R.apply(s, o, by_site=R.is_site_order(o))


@pytest.mark.variant("GI-TRADE-04", "GI-TRADE-05", "GI-TRADE-08")
def test_every_grand_imperial_decision_kind_has_forms_whose_orders_are_accepted(grand_imperial):
    """Of every decision kind bot Grand Imperial games meet, the seat's forms exist (never
    the note of a missing form); each form's starting values make an order the rules accept
    or refuse with a reason; for Grand Imperial's own kinds (D13 ``buy_regional``, D14
    ``auction_bid``, D15 ``auction_lots``) the first time each form is met its order is
    accepted."""
    assert OWN <= set(VARIANT_FORMS[KEY]) and set(forms_for(KEY)) >= OWN
    met: dict[str, set[str]] = {}
    for s, d in bot_games():
        forms = [f for f in R.order_forms(s, d.player) if f.id.split(".")[0] == d.kind]
        assert forms and not any(f.id.endswith(NO_FORM) for f in forms), d.kind
        for f in forms:
            seen = met.setdefault(d.kind, set())
            if f.id in seen:
                continue
            seen.add(f.id)
            for field in f.fields:
                values = [c.value for c in field.choices]
                assert len(values) == len(set(values)) and field.label, (f.id, field.name)
            order = R.form_order(s, d.player, f.id, start_values(f))
            assert order["player"] == d.player and isinstance(order["type"], str)
            if d.kind in OWN:
                R.apply(s, order)  # accepted: no IllegalOrder
            else:
                try:
                    R.apply(s, order)
                except IllegalOrder as e:
                    assert e.message, (f.id, order)
    assert OWN <= set(met), set(met)
    assert met["buy_regional"] == {"buy_regional", "buy_regional.done"}


def own_forms(s, d):
    """The seat's forms for decision ``d`` (not those of an anytime decision, e.g. the Grand
    Diplomat held)."""
    return [f for f in R.order_forms(s, d.player) if f.id.split(".")[0] == d.kind]


@pytest.mark.variant("GI-TRADE-04", "GI-TRADE-05")
def test_the_purchase_and_bid_forms_give_the_orders(grand_imperial):
    """D13: the region chosen, or done (no region); D14: the bid entered, from 0 to the
    treasury."""
    found = {}
    for s, d in bot_games():
        found.setdefault(d.kind, (s, d))
        if OWN <= set(found):
            break
    s, d = found["buy_regional"]
    (buy, done) = own_forms(s, d)
    region = buy.fields[0]
    assert [c.value for c in region.choices] == d.options["regions"]
    r = d.options["regions"][0]
    assert R.form_order(s, d.player, "buy_regional", {"region": r}) == {
        "type": "buy_regional", "player": d.player, "region": r}
    assert R.form_order(s, d.player, "buy_regional.done", {}) == {"type": "buy_regional", "player": d.player}
    s, d = found["auction_bid"]
    (bid,) = own_forms(s, d)
    assert (bid.fields[0].min, bid.fields[0].max) == (0, s.players[d.player].treasury)
    assert R.form_order(s, d.player, "auction_bid", {"bid": 3}) == {"type": "auction_bid", "player": d.player,
                                                                    "bid": 3}


@pytest.mark.variant("GI-TRADE-08")
def test_the_lots_form_offers_ones_tradable_cards(grand_imperial):
    """D15: a count for each tradable card of one's hand (at most the copies held); the
    counts entered are the cards offered; none entered: nothing offered."""
    s, d = next((s, d) for s, d in bot_games() if d.kind == "auction_lots" and len(d.options["cards"]) >= 2)
    (f,) = R.order_forms(s, d.player)
    field = f.fields[0]
    held = {c: d.options["cards"].count(c) for c in d.options["cards"]}
    assert {c.value: c.max for c in field.choices} == held
    card = d.options["cards"][0]
    assert R.form_order(s, d.player, "auction_lots", {"cards": {card: 1}}) == {
        "type": "auction_lots", "player": d.player, "cards": [card]}
    assert R.form_order(s, d.player, "auction_lots", {"cards": {}})["cards"] == []
