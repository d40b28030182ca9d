"""tresham/games/advciv/site/replay.py: the post-game replay (issue 10, SITE-HIST-01): the game
rebuilt from its log in one pass, every hand before and after each turn's trade (27, 28), each
deal's real cards beside what was said of them, the lies marked as 28.3 counts them."""
from __future__ import annotations

from collections import Counter

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.data import load
from tresham.games.advciv.site.replay import lies
from tresham.games.advciv.site.rules import AdvancedCivilization

RULES = AdvancedCivilization()
OPTIONS = RULES.parse_options({"players": 3, "turn_limit": 12})
SEED = "replay-test"


def _name(c: str) -> str:
    d = load()
    return d.commodities[c].name if c in d.commodities else d.calamities[c].name


def _tradable(hand: list[str]) -> list[str]:
    return [c for c in hand if load().is_tradable(c)]


def _step(state, orders: list[dict], i: int) -> None:
    owed = [d.player for d in RULES.pending(state) if d.required]
    if owed:
        order = RULES.bot(state, owed[0], f"replay:{i}")
    else:  # only the clock's orders are awaited (the embargo's end, the cutoff)
        order = RULES.timers(state)[0].order
    engine.apply_in_place(state, order, by_site=True)
    orders.append(order)


def _lying_game() -> tuple[list[dict], dict]:
    """A game played by bots to its turn limit in which, at the first trade where two
    nations hold three tradable cards each, seat A gives three cards, the third said to be
    a commodity it is not, and seat B accepts telling the truth. The log and the deal."""
    state = RULES.new_game(OPTIONS, SEED)
    orders: list[dict] = []
    deal: dict = {}
    for i in range(20000):
        if state.finished:
            return orders, deal
        if not deal and state.phase == "trade" and not state.step.get("closed"):
            able = [p for p in state.players if len(_tradable(p.hand)) >= 3]
            if len(able) >= 2:
                a, b = able[0], able[1]
                give = _tradable(a.hand)[:3]
                lie = next(c for c in sorted(load().commodities) if c not in give)
                b_give = _tradable(b.hand)[:3]
                deal = {"a": a.seat, "b": b.seat, "give": give, "lie": lie, "b_give": b_give,
                        "turn": state.turn, "hands": {p.seat: sorted(_name(c) for c in p.hand)
                                                      for p in state.players}}
                for o in ({"type": "trade_offer", "player": a.seat, "to": b.seat, "give": give,
                           "said": give[:2] + [lie], "expect": ["dont_care"] * 3},
                          {"type": "trade_accept", "player": b.seat, "offer": state.step["next_id"],
                           "give": b_give, "said": [], "expect": []}):
                    engine.apply_in_place(state, o, by_site=False)
                    orders.append(o)
                if not state.step["market_open"]:
                    o = {"type": "market_open", "player": 0}
                    engine.apply_in_place(state, o, by_site=True)
                    orders.append(o)
                assert Counter(state.players[a.seat].hand) >= Counter(b_give)
                continue
        _step(state, orders, i)
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def lying():
    orders, deal = _lying_game()
    assert deal, "no turn had two nations with three tradable cards each"
    return orders, deal, RULES.replay_page(OPTIONS, SEED, orders)


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.rule("28.3")
def test_a_lie_is_shown_beside_the_real_card(lying):
    orders, deal, data = lying
    turn = next(t for t in data["turns"] if t["turn"] == deal["turn"])
    (trade,) = [d for d in turn["trades"] if d["from"] == deal["a"] and d["to"] == deal["b"]]
    assert [c["card"] for c in trade["gave"]["cards"]] == [_name(c) for c in deal["give"]]
    assert trade["gave"]["cards"][2] == {"card": _name(deal["give"][2]), "said": _name(deal["lie"]), "lie": True}
    assert [c["lie"] for c in trade["gave"]["cards"][:2]] == [False, False]
    assert trade["gave"]["lies"] == 1 and trade["gave"]["expect"] == ["Don't Care"] * 3
    assert trade["got"]["lies"] == 0
    assert [c["card"] for c in trade["got"]["cards"]] == [c["said"] for c in trade["got"]["cards"]] \
        == [_name(c) for c in deal["b_give"]]
    # the order that carried it out: the acceptance, or the end of the embargo
    assert orders[trade["order"] - 1]["type"] in ("trade_accept", "market_open")


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.rule("27.4", "28.1")
def test_every_hand_before_and_after_the_trade(lying):
    _, deal, data = lying
    turn = next(t for t in data["turns"] if t["turn"] == deal["turn"])
    assert turn["market"] is True
    before = {h["seat"]: h["cards"] for h in turn["hands_before"]}
    assert before == deal["hands"]  # the hands when trade began, every seat's
    after = {h["seat"]: Counter(h["cards"]) for h in turn["hands_after"]}
    a, b = deal["a"], deal["b"]
    others = [d for d in turn["trades"] if d["from"] != a or d["to"] != b]
    if not others:  # the cards moved by the deal, and only by it
        given, got = Counter(map(_name, deal["give"])), Counter(map(_name, deal["b_give"]))
        assert after[a] == Counter(before[a]) - given + got
        assert after[b] == Counter(before[b]) - got + given


@pytest.mark.site("SITE-HIST-01")
def test_one_pass_reaches_the_final_state(lying):
    orders, _, data = lying
    assert data["orders"] == len(orders)
    final = engine.replay(OPTIONS, SEED, orders)
    assert data["digest"] == final.digest()
    assert {h["seat"]: h["cards"] for h in data["final_hands"]} == {
        p.seat: sorted(_name(c) for c in p.hand) for p in final.players}
    assert [t["turn"] for t in data["turns"]] == sorted({t["turn"] for t in data["turns"]})


@pytest.mark.rule("28.3")
@pytest.mark.parametrize("give, said, marks", [
    (["salt", "grain", "oil"], [], [False, False, False]),
    (["salt", "grain", "oil"], ["salt", "grain", "wine"], [False, False, True]),
    # the names stated in another order than the cards: no lie, as 28.3 counts them
    (["salt", "grain", "oil"], ["grain", "salt", "oil"], [False, False, False]),
    (["salt", "grain", "oil", "iron"], ["grain", "unspecified", "oil", "wine"], [True, False, False, True]),
])
def test_lies_are_counted_by_name_not_by_place(give, said, marks):
    out = lies(give, said)
    assert [x["lie"] for x in out] == marks
    assert [x["card"] for x in out] == give
    assert Counter(x["said"] for x in out) == Counter(said or give)


def _calamity_game(players: int = 5, seed: str = "replay-calamity") -> tuple[list[dict], dict]:
    """A bot game in which, at the first trade where a nation holds a tradable calamity among
    three tradable cards and another three tradable cards, the first passes the calamity in a
    deal of three; the game then played to its turn limit. The log and the deal."""
    options = RULES.parse_options({"players": players, "turn_limit": 12})
    state = RULES.new_game(options, seed)
    orders: list[dict] = []
    deal: dict = {}
    d = load()
    for i in range(40000):
        if state.finished:
            return orders, {**deal, "options": options, "seed": seed}
        if not deal and state.phase == "trade" and not state.step.get("closed"):
            givers = [p for p in state.players if len(_tradable(p.hand)) >= 3
                      and any(c in d.calamities for c in _tradable(p.hand))]
            takers = [p for p in state.players if len(_tradable(p.hand)) >= 3 and givers and p.seat != givers[0].seat]
            if givers and takers:
                a, b = givers[0], takers[0]
                cal = next(c for c in _tradable(a.hand) if c in d.calamities)
                rest = [c for c in _tradable(a.hand) if c != cal][:2]
                give, b_give = [cal] + rest, _tradable(b.hand)[:3]
                said = [c for c in sorted(d.commodities) if c not in give][:1] + rest
                deal = {"a": a.seat, "b": b.seat, "calamity": cal, "turn": state.turn,
                        "a_nation": a.nation, "b_nation": b.nation}
                for o in ({"type": "trade_offer", "player": a.seat, "to": b.seat, "give": give,
                           "said": said, "expect": ["dont_care"] * 3},
                          {"type": "trade_accept", "player": b.seat, "offer": state.step["next_id"],
                           "give": b_give, "said": [], "expect": []}):
                    engine.apply_in_place(state, o, by_site=False)
                    orders.append(o)
                if not state.step["market_open"]:
                    o = {"type": "market_open", "player": 0}
                    engine.apply_in_place(state, o, by_site=True)
                    orders.append(o)
                assert cal in state.players[b.seat].hand
                continue
        _step(state, orders, i)
    raise AssertionError("the game did not end")


@pytest.mark.site("SITE-TABLE-14")
@pytest.mark.rule("29.61", "31.1")
def test_the_replay_names_who_traded_each_calamity_and_every_purchase():
    orders, deal = _calamity_game()
    assert deal.get("calamity"), "no trade could pass a calamity"
    data = RULES.replay_page(deal["options"], deal["seed"], orders)
    d = load()
    turn = next(t for t in data["turns"] if t["turn"] == deal["turn"])
    from tresham.games.advciv.variant import game_for
    state = RULES.new_game(deal["options"], deal["seed"])
    for o in orders:
        engine.apply_in_place(state, o, by_site=True)
    g = game_for(state)
    assert {"card": d.calamities[deal["calamity"]].name, "from": deal["a"], "to": deal["b"],
            "from_name": g.name(deal["a_nation"]), "to_name": g.name(deal["b_nation"])} in turn["calamities"]
    # every civilization card acquired in the game is among the purchases, in its turn
    bought = {(t["turn"], b["seat"], c) for t in data["turns"] for b in t["purchases"] for c in b["cards"]}
    owned = {(turn_of, p.seat, d.civ_cards[c].name) for p in state.players for c, turn_of in p.civ_cards.items()}
    assert owned and owned <= bought
