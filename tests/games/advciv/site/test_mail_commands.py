"""Advanced Civilization's commands by mail (``site/mail_commands.py``, SITE-MAILIN-01): each
command's order, applied by the engine as the one order path applies it, and the refusals of a
command the decision does not take. Games are played by the heuristic bot to the phase each
test needs (a Coinage card and treasury given where a test needs a tax rate or stack-9 cards);
Tigris & Euphrates' pass and commit at the end."""
from __future__ import annotations

import pytest

from tresham.games import registry
from tresham.games.advciv.variant import game_for
from tresham.games.contract import IllegalOrder

R = registry.get("advciv")
MC = R.offers.mail_commands


def play(until, *, seed: str = "mail-cmd", inject=None, limit: int = 4000):
    s = R.new_game(R.parse_options({"players": 3}), seed)
    for n in range(limit):
        if until(s):
            return s
        if inject is not None:
            inject(s)
        d = next(d for d in R.pending(s) if d.required)
        o = R.bot(s, d.player, f"b{n}")
        s, _ = R.apply(s, o, by_site=R.is_site_order(o))
    raise AssertionError("never reached")


def give(s, seat: int, line: str):
    order = MC.order(s, seat, line)
    assert order is not None, line
    return R.apply(s, {**order, "player": seat})


def owes(s, kind: str) -> int:
    return next(d.player for d in R.pending(s) if d.required and d.kind == kind)


@pytest.mark.site("SITE-MAILIN-01")
def test_pick_a_nation_by_name_and_start_area():
    s = R.new_game(R.parse_options({"players": 3}), "mail-cmd")
    seat = owes(s, "pick")
    d = next(d for d in R.pending(s) if d.player == seat and d.kind == "pick")
    g = game_for(s)
    area = d.options["nations"]["crete"][-1]
    s2, _ = give(s, seat, f"pick crete in {g.area_name(area).upper()}")
    assert s2.players[seat].nation == "crete"
    with pytest.raises(IllegalOrder, match="'Atlantis' is not a nation you may pick now; free: Africa, Crete"):
        MC.order(s, seat, "pick Atlantis")
    with pytest.raises(IllegalOrder, match="Crete does not start in 'Babylon'"):
        MC.order(s, seat, "pick Crete in Babylon")
    assert MC.order(s, seat, "launch rockets") is None
    assert MC.help(s, seat)[0].startswith("pick NATION [in AREA]: take that nation (Africa, Crete, Illyria")


@pytest.mark.site("SITE-MAILIN-01")
def test_movement_done_and_pass_and_what_it_does_not_take():
    s = play(lambda s: s.phase == "movement" and any(d.required for d in R.pending(s)))
    seat = owes(s, "move")
    assert MC.order(s, seat, "done") == {"type": "done"}
    s2, events = give(s, seat, "pass")
    assert any("moves nothing" in e.text for e in events)
    for line, words in [("tax 2", "you set no tax rate now"), ("accept 2", "you are not in the trade market"),
                        ("buy Law", "you buy nothing now"), ("discard Salt", "you surrender no cards now")]:
        with pytest.raises(IllegalOrder, match=words):
            MC.order(s, seat, line)
    assert MC.help(s, seat)[:2] == ["done: the moves you entered on the game page are carried out, and you have "
                                    "finished moving", "pass: no movement"]


def _offer_received(s) -> bool:
    if s.phase != "trade":
        return False
    from tresham.games.advciv.rules.trade import trade_view
    g = game_for(s)
    return any(o["my_give"] is None for p in s.players for o in trade_view(g, p.seat).get("offers_received", []))


@pytest.mark.site("SITE-MAILIN-01")
def test_trade_accept_reject_message_done():
    from tresham.games.advciv.rules.trade import trade_view
    s = play(_offer_received)
    g = game_for(s)
    seat, off = next((p.seat, o) for p in s.players for o in trade_view(g, p.seat)["offers_received"]
                     if o["my_give"] is None)
    assert any(line.startswith(f"accept {off['id']}: ") for line in MC.help(s, seat))
    free = sum(1 for e in off["expect"] if e in ("dont_care", "unspecified"))
    named = [e for e in off["expect"] if e not in ("dont_care", "unspecified")]
    hand = list(s.players[seat].hand)
    line = f"accept {off['id']}"
    if free:
        rest = list(hand)
        for c in named:
            rest.remove(c) if c in rest else None
        from tresham.games.advciv.rules.civcards import printed_name
        line += " with " + ", ".join(printed_name(g, c) for c in rest[:free])
    try:
        order = MC.order(s, seat, line)
    except IllegalOrder as e:  # he lacks the cards it asks for: the refusal names them
        assert "you do not hold the cards" in e.message or "leaves" in e.message
    else:
        assert order["type"] == "trade_accept" and order["offer"] == off["id"] and order["said"] == []
        assert len(order["give"]) == len(off["expect"])
        s2, events = R.apply(s, {**order, "player": seat})
        assert any(f"#{off['id']}" in e.text or e.kind in ("trade", "trade_queued") for e in events)
    s3, _ = give(s, seat, f"reject {off['id']}")
    assert all(o["id"] != off["id"] for o in trade_view(game_for(s3), seat)["offers_received"])
    with pytest.raises(IllegalOrder, match="there is no offer #999 made to you now"):
        MC.order(s, seat, "accept 999")
    with pytest.raises(IllegalOrder, match="the offer is a number"):
        MC.order(s, seat, "reject two")
    s4, _ = give(s, seat, "message Want Salt. Offer: Ochre.")
    assert game_for(s4).s.step["messages"][str(seat)] == "Want Salt. Offer: Ochre."
    s5, _ = give(s, seat, "done")
    assert seat in game_for(s5).s.step["left"]


def _coinage(s) -> None:
    for p in s.players:
        p.civ_cards.setdefault("coinage", 1)
        p.treasury = max(p.treasury, 40)


@pytest.mark.site("SITE-MAILIN-01")
def test_tax_rate_of_a_coinage_holder():
    s = play(lambda s: any(d.kind == "tax_rate" for d in R.pending(s)), inject=_coinage)
    seat = owes(s, "tax_rate")
    assert MC.order(s, seat, "tax 3") == {"type": "tax_rate", "rate": 3}
    s2, events = give(s, seat, "tax 1")
    assert s2 is not s
    with pytest.raises(IllegalOrder, match="the tax rate is a number"):
        MC.order(s, seat, "tax high")
    with pytest.raises(IllegalOrder):
        give(s, seat, "tax 9")  # the engine's refusal: rates 1-3 (19.2)


@pytest.mark.site("SITE-MAILIN-01")
def test_buy_stack_nine_cards_by_count():
    s = play(lambda s: any(d.kind == "buy_cards" for d in R.pending(s)), inject=_coinage)
    seat = owes(s, "buy_cards")
    before = s.players[seat].treasury
    assert MC.order(s, seat, "pass") == {"type": "buy_cards", "count": 0}
    for other in [d.player for d in R.pending(s) if d.required and d.kind == "buy_cards"]:
        s, _ = give(s, other, "buy 1" if other == seat else "pass")  # decided together (27.51)
    assert s.players[seat].treasury == before - 18


@pytest.mark.site("SITE-MAILIN-01")
def test_buy_civilization_cards_by_name_paid_by_the_default_payment():
    def rich(s):
        for p in s.players:
            p.treasury = max(p.treasury, 60)

    s = play(lambda s: any(d.kind == "buy" for d in R.pending(s)), inject=rich)
    seat = owes(s, "buy")
    p = s.players[seat]
    from tresham.games.advciv.rules import civcards as cc
    g = game_for(s)
    price = cc.costs(g, p)
    cheap = min((c for c in price if c not in p.civ_cards), key=lambda c: price[c])
    name = g.d.civ_cards[cheap].name
    order = MC.order(s, seat, f"buy {name.lower()}")
    assert order["type"] == "buy" and order["cards"] == [cheap]
    s2, events = give(s, seat, f"buy {name}")
    assert cheap in s2.players[seat].civ_cards
    with pytest.raises(IllegalOrder, match="there is no civilization card called 'Alchemy'"):
        MC.order(s, seat, "buy Alchemy")
    dear = [c for c in g.d.civ_cards if c not in p.civ_cards and c in price]
    with pytest.raises(IllegalOrder, match="you can pay at most"):
        MC.order(s, seat, "buy " + ", ".join(g.d.civ_cards[c].name for c in dear))
    s3, _ = give(s, seat, "pass")
    assert s3.players[seat].civ_cards == p.civ_cards
    if p.hand:
        from tresham.games.advciv.rules.civcards import printed_name
        card = printed_name(g, p.hand[0])
        assert MC.order(s, seat, f"discard {card}")["discard"] == [p.hand[0]]
        with pytest.raises(IllegalOrder, match=f"you hold {p.hand.count(p.hand[0])} {card} card"):
            MC.order(s, seat, f"discard 9 {card}")


@pytest.mark.site("SITE-MAILIN-01")
def test_tigris_pass_commit_and_what_mail_cannot_give():
    t = registry.get("tigris")
    s = t.new_game(t.parse_options({"players": 2}), "mail-cmd")
    seat = next(d.player for d in t.pending(s) if d.required)
    assert t.offers.mail_commands.order(s, seat, "pass") == {"type": "pass"}
    s2, events = t.apply(s, {"type": "pass", "player": seat})
    assert s2 is not s
    with pytest.raises(IllegalOrder, match="cannot be given by mail"):
        t.offers.mail_commands.order(s, seat, "tile red 3 4")
    with pytest.raises(IllegalOrder, match="no conflict waits on you"):
        t.offers.mail_commands.order(s, seat, "commit 2")
    assert t.offers.mail_commands.order(s, seat, "hello") is None
    assert t.offers.mail_commands.help(s, 1 - seat) == []


@pytest.mark.site("SITE-MAILIN-01")
def test_card_names_are_matched_loosely():
    from tresham.games.advciv.site.mail_commands import _civ_cards, _trade_cards
    g = game_for(R.new_game(R.parse_options({"players": 3}), "mail-cmd"))
    assert _civ_cards(g, "drama and poetry, LAW; cloth-making and pottery") == \
        ["drama_and_poetry", "law", "cloth_making", "pottery"]
    assert _trade_cards(g, "2 salt, Ochre and hides", ["salt", "salt", "ochre", "hides"]) == \
        ["salt", "salt", "ochre", "hides"]
