"""site/preview.py: what an order costs and what follows, before it is sent (SITE-TABLE-05,
issue 24 "A preview before every order"), from the seat's own information only."""
from __future__ import annotations

import pytest

from tresham.games.advciv.site.preview import preview

from tests.games.advciv.site.test_forms import _cities_position, _ships_position, _upkeep_position
from tests.games.advciv.rules.test_advances import BABYLON, MUSIC_HAND, WAITING, adv
from tests.games.advciv.rules.test_movement import THRACE, pos


@pytest.mark.rule("22.1", "22.2", "22.3")
@pytest.mark.site("SITE-TABLE-05", "SITE-SHIP-02")
def test_ships_preview_levies_treasury_and_ships_after():
    """One ship in Tanis of 2 levied tokens and one in Alexandria of 1 token and 1 treasury:
    3 tokens levied, 1 from treasury, 2 left, 2 ships in play."""
    state = _ships_position()
    p = preview(state, 0, {"type": "ships", "player": 0, "maintain": [],
                           "build": [{"area": "tanis", "pay": "tokens"}, {"area": "alexandria", "pay": "mixed"}]})
    assert p["ok"] and p["tokens_levied"] == {"alexandria": 1, "tanis": 2}
    assert (p["treasury_spent"], p["treasury_after"], p["ships_after"]) == (1, 2, 2)
    assert p["ships_built"] == ["tanis", "alexandria"]
    assert "2 ships built: 3 tokens levied (Alexandria 1, Tanis 2) and 1 from treasury; treasury 3 → 2." in p["lines"]
    bad = preview(state, 0, {"type": "ships", "player": 0, "maintain": [], "build": [{"area": "tanis", "pay": "treasury"}] * 2})
    assert not bad["ok"] and bad["rule"] == "22.1" and "not enough treasury" in bad["reason"]


@pytest.mark.rule("22.3")
@pytest.mark.site("SITE-TABLE-05", "SITE-SHIP-04")
def test_ships_preview_says_each_ships_upkeep_and_the_whole_cost():
    """TBL-23: Egypt's ships in Tanis (two) and Alexandria, treasury 1. One in Tanis kept by a
    token, the one in Alexandria from treasury, the other in Tanis removed: each kept ship
    named with its payment, the removed one named, 1 token levied and treasury 1 → 0, 2 ships
    after. Kept by a token and a ship built of 2 tokens there: the build's cost and the whole
    order's (3 tokens levied in Tanis)."""
    state = _upkeep_position()
    p = preview(state, 0, {"type": "ships", "player": 0, "build": [],
                           "maintain": [{"area": "tanis", "pay": "token"}, {"area": "alexandria", "pay": "treasury"}]})
    assert p["ok"] and p["tokens_levied"] == {"tanis": 1}
    assert (p["treasury_spent"], p["treasury_after"], p["ships_after"]) == (1, 0, 2)
    assert p["ships_kept"] == ["tanis", "alexandria"] and p["ships_lost"] == ["tanis"]
    assert p["lines"] == ["Kept: your ship in Tanis (1 token from Tanis), your ship in Alexandria (1 from treasury).",
                          "Not kept, back to stock: your ship in Tanis.",
                          "Upkeep: 1 token levied (Tanis 1) and 1 from treasury; treasury 1 → 0."]
    both = preview(state, 0, {"type": "ships", "player": 0, "maintain": [{"area": "tanis", "pay": "token"}],
                              "build": [{"area": "tanis", "pay": "tokens"}]})
    assert both["ok"] and both["tokens_levied"] == {"tanis": 3} and both["ships_after"] == 2
    assert both["lines"][-3:] == ["Upkeep: 1 token levied (Tanis 1) and 0 from treasury.",
                                  "1 ship built: 2 tokens levied (Tanis 2) and 0 from treasury.",
                                  "In all: 3 tokens levied (Tanis 3) and 0 from treasury; treasury 1 → 1."]
    bad = preview(state, 0, {"type": "ships", "player": 0, "build": [],
                             "maintain": [{"area": "alexandria", "pay": "token"}]})
    assert not bad["ok"] and bad["rule"] == "22.3" and "no token of yours left in Alexandria" in bad["reason"]


@pytest.mark.rule("25.2", "26.1", "26.31")
@pytest.mark.site("SITE-TABLE-05", "SITE-CITY-02")
def test_city_preview_support_and_surplus():
    """Sinai and Thebes both: 18 tokens to stock, then 3 tokens (Upper Egypt 2, Nubia 1) for 2
    cities, which need 4: 1 short, and one new city will be reduced. The Sinai alone: 6
    tokens for 1 city, supported; the 3 Thebes tokens above its limit go as surplus."""
    state = _cities_position()
    both = preview(state, 0, {"type": "build_cities", "player": 0, "areas": ["sinai", "thebes"], "architecture": None})
    assert both["ok"] and both["tokens_to_stock"] == {"sinai": 12, "thebes": 6}
    assert both["support"] == {"tokens": 3, "cities": 2, "needed": 4, "short": 1}
    assert both["reduced_at_least"] == 1 and both["surplus"] == {}
    assert "Not supported: 3 tokens for 2 cities, which need 4; at least 1 new city will be reduced (26.32)." in both["lines"]
    one = preview(state, 0, {"type": "build_cities", "player": 0, "areas": ["sinai"], "architecture": None})
    assert one["support"] == {"tokens": 6, "cities": 1, "needed": 2, "short": 0} and one["reduced_at_least"] == 0
    assert one["surplus"] == {"thebes": 3}
    assert "Surplus removed: Thebes 3." in one["lines"]


@pytest.mark.rule("31.2", "31.58")
@pytest.mark.site("SITE-TABLE-05", "SITE-ADV-03")
def test_purchase_preview_cost_cards_and_treasury():
    """31.58's example: Music costs 55 after Mysticism's credit; 6 cards worth 45 and 10
    treasury pay it; hand 6 -> 0, treasury 10 -> 0. A payment 1 short is refused in words."""
    state, _ = adv({"babylon": {"hand": MUSIC_HAND, "treasury": 10, "civ_cards": ["mysticism"]}, "egypt": WAITING})
    order = {"type": "buy", "player": BABYLON, "cards": ["music"], "pay_cards": MUSIC_HAND, "treasury": 10,
             "discard": []}
    p = preview(state, BABYLON, order)
    assert p["ok"] and (p["owed"], p["card_value"], p["treasury_spent"], p["treasury_after"]) == (55, 45, 10, 0)
    assert p["costs"] == {"music": 55} and p["cards_spent"] == sorted(MUSIC_HAND) and p["hand_after"] == 0
    assert p["overpaid"] == 0
    short = preview(state, BABYLON, {**order, "treasury": 9})
    assert not short["ok"] and short["rule"] == "31.2" and "1 short" in short["reason"]
    # nothing hidden: another hand changed, the same preview
    other, _ = adv({"babylon": {"hand": MUSIC_HAND, "treasury": 10, "civ_cards": ["mysticism"]},
                    "egypt": {"hand": ["oil"] * 3 + ["wine"]}})
    assert preview(other, BABYLON, order) == p


@pytest.mark.rule("23.3", "24.1")
@pytest.mark.site("SITE-TABLE-05", "SITE-TABLE-07")
def test_movement_preview_arrivals_conflicts_and_the_move_refused():
    """3 tokens from Macedonia into Thessaly (limit 3? see the map) and 2 from Thrace into
    Paeonia, where an Illyrian token stands: arrivals, departures, a conflict in Paeonia; a
    third move across no boundary is judged refused, the others stand."""
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 2}},
             "paeonia": {"tokens": {"illyria": 2}}})
    order = {"type": "move", "player": THRACE, "done": None, "voyages": [],
             "moves": [{"from": "macedonia", "to": "thessaly", "count": 3},
                       {"from": "thrace", "to": "paeonia", "count": 2},
                       {"from": "macedonia", "to": "byzantium", "count": 1}]}
    p = preview(s, THRACE, order)
    assert not p["ok"] and [v["legal"] for v in p["judged"]] == [True, True, False]
    assert p["departures"] == {"macedonia": 3, "thrace": 2} and p["arrivals"] == {"paeonia": 2, "thessaly": 3}
    assert p["conflicts"] == ["paeonia"]
    assert any(line.startswith("Refused: move 3 (1 token from Macedonia to Byzantium)") for line in p["lines"])


@pytest.mark.rule("15.3", "4.6")
@pytest.mark.site("SITE-TABLE-05", "SITE-PICK-04")
def test_pick_preview_before_the_seat_has_a_nation():
    """The map's pick asks for a preview before its confirmation: a seat has no nation yet
    then, and the preview of a pick (his turn or a pre-selection) is the rules' verdict, not
    "this seat has no nation" (which refused every pick's preview)."""
    from tresham.games.advciv import engine
    from tresham.games.advciv.site.rules import AdvancedCivilization

    s = engine.new_game({"players": 3}, seed=11)
    a, b, c = s.step["order"]
    for seat in (a, c):  # the seat whose turn it is, and a later one's pre-selection
        p = preview(s, seat, {"type": "pick", "nation": "thrace", "area": "scythia"})
        assert p["ok"] and p["reason"] == "", (seat, p)
        lines = AdvancedCivilization().preview(s, seat, {"type": "pick", "nation": "thrace", "area": "scythia"})
        assert lines[-1] == "Thrace starting in Scythia: once your turn to pick comes, this choice cannot be changed (15.3)."
    p = preview(s, a, {"type": "pick", "nation": "thrace", "area": "knossos"})
    assert not p["ok"] and p["rule"] == "4.6" and "Thrace must start in one of its start areas" in p["reason"]
    assert s.players[a].nation is None and s.step["pre"] == {}  # nothing changed


@pytest.mark.site("SITE-TABLE-05")
def test_every_order_of_a_game_played_by_bots_gets_a_preview_or_a_refusal():
    """Each order a seat gives in seven turns of a bot game, and its "done", previewed first
    on what the seat knows: a preview or the rules' refusal, never a crash. Leaving the market
    was a KeyError (a 500 on the page): the check ran the market's trades, whose cards the
    seat's information state hides."""
    from tresham.games.advciv import engine
    from tresham.games.advciv.bots.heuristic import heuristic_bot
    from tresham.games.advciv.site.rules import AdvancedCivilization
    from tresham.games.contract import IllegalOrder
    from tresham.rng import Rng

    rules = AdvancedCivilization()
    s = engine.new_game({"players": 4}, seed=5)
    rng = Rng(5)
    kinds: set[str] = set()
    while s.turn <= 7 and not s.finished:
        pending = engine.pending(s)
        d = next((x for x in pending if x.required), None) or pending[0]  # the market: no one owes
        order = heuristic_bot(s, d.player, rng)
        by_site = rules.is_site_order(order)  # the market's clock, a timeout: the site's, no preview
        for o in ([] if by_site else [order]) + [{"type": "done"}]:
            try:
                lines = rules.preview(s, d.player, o)
                assert all(isinstance(x, str) and x for x in lines), (o, lines)
            except IllegalOrder as e:
                assert e.message, o
        kinds.add(d.kind)
        s, _ = engine.apply(s, order, by_site=by_site)
    assert {"pick", "trade", "move", "ships", "build_cities"} <= kinds, kinds
