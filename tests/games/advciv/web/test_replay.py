"""The post-game replay page (issue 10, SITE-HIST-01, SITE-LIST-05): nothing while the game is
played (the site's not-found page, no link), and once it is over every hand before and after
each turn's trade, each trade's real cards beside what was said of them (the lies marked) and
the final standing, for anyone."""
from __future__ import annotations

import re
import time

import pytest
from django.test import Client

from tests.platform.leakscan import Secrets, scan
from tresham.games.advciv.data import load
from tresham.platform.play import services
from tresham.platform.play.models import Game

from tests.platform.play.conftest import _table, table_rows

pytestmark = pytest.mark.django_db


def _url(t) -> str:
    return f"/games/{t.game.pk}/replay/"


def _name(c: str) -> str:
    d = load()
    return d.commodities[c].name if c in d.commodities else d.calamities[c].name


def _tradable(hand: list[str]) -> list[str]:
    return sorted(c for c in hand if load().is_tradable(c))


def _label(t, seat: int) -> str:
    s = t.state()
    nation = next(r.name for r in t.rules.summary(s) if r.seat == seat)
    return f"{nation} ({'alice' if seat == 0 else 'bob'})"


@pytest.mark.site("SITE-HIST-01", "SITE-TALK-03")
def test_no_replay_while_the_game_is_played(table, client_for):
    t = table
    t.play_until(lambda s: s.phase == "trade" or s.turn >= 2)
    assert t.game.status == Game.Status.ACTIVE
    st = t.state()
    for viewer, c in ((0, client_for(t.alice)), (None, client_for(t.carol)), (None, Client())):
        r = c.get(_url(t))
        assert r.status_code == 404
        html = r.content.decode()
        assert 'id="replay-unavailable"' in html and "once the game is over" in html
        assert "Hands before trade" not in html and "Final hands" not in html
        assert scan(html, Secrets(viewer=viewer, stacks=[list(x) for x in st.stacks], seed=t.game.seed,
                                  other_hands={p.seat: list(p.hand) for p in st.players if p.seat != viewer})) == []
        assert _url(t) not in c.get(f"/games/{t.game.pk}/").content.decode()  # no link either
    r = Client().get("/games/999999/replay/")
    assert r.status_code == 404 and "No such game" in r.content.decode()


@pytest.mark.site("SITE-HIST-01", "SITE-LIST-05")
def test_a_finished_game_shows_every_hand_and_the_final_standing(finished, client_for):
    t = finished
    s = t.state()
    started = time.perf_counter()
    r = Client().get(_url(t))  # anyone, once the game is over
    ms = (time.perf_counter() - started) * 1000
    print(f"replay page of {t.game.revision} orders: {ms:.0f} ms")
    assert r.status_code == 200
    html = r.content.decode()
    assert "<h1>Replay of Bronze &lt;Table&gt;</h1>" in html
    game_page = client_for(t.alice).get(f"/games/{t.game.pk}/").content.decode()
    assert f'href="{_url(t)}">Replay</a>' in game_page
    assert 'aria-current="page"><strong>Replay</strong>' in html
    rows = {row[0]: row[1] for row in table_rows(html, "final-hands-table")}
    for seat in (0, 1):  # a known hand: each player's cards at the end, by name
        hand = ", ".join(sorted(_name(c) for c in s.players[seat].hand)) or "none"
        assert rows[_label(t, seat)] == hand
    assert 'id="final-places"' in html and 'id="replay-summary"' in html
    assert re.search(r'<div class="table-scroll" role="region" tabindex="0" aria-label', html)
    assert "<caption id=\"final-hands-caption\">" in html and '<th scope="col">' in html


@pytest.mark.site("SITE-HIST-01", "SITE-TRADE-06", "SITE-TRADE-09")
@pytest.mark.rule("28.3")
def test_a_lie_shows_what_was_said_and_the_real_card(make_user, client_for):
    t = _table(make_user, turn_limit=9)

    def two_can_trade(s) -> bool:
        pend = {d.player for d in t.rules.pending(s) if d.required}
        return (s.phase == "trade" and {0, 1} <= pend
                and all(len(_tradable(s.players[i].hand)) >= 3 for i in (0, 1)))

    t.play_until(two_can_trade)
    s = t.state()
    turn = s.turn
    hands = {i: sorted(_name(c) for c in s.players[i].hand) for i in (0, 1)}
    give, b_give = _tradable(s.players[0].hand)[:3], _tradable(s.players[1].hand)[:3]
    lie = next(c for c in sorted(load().commodities) if c not in give)
    offer = {"type": "trade_offer", "player": 0, "to": 1, "give": give,
             "said": give[:2] + [lie], "expect": ["dont_care"] * 3}
    services.submit(t.game.pk, offer, seat=0, account=t.alice, reason="test")
    oid = t.state().step["next_id"] - 1
    services.submit(t.game.pk, {"type": "trade_accept", "player": 1, "offer": oid, "give": b_give,
                                "said": [], "expect": []}, seat=1, account=t.bob, reason="test")
    if not t.state().step["market_open"]:
        services.submit(t.game.pk, {"type": "market_open", "player": 0}, seat=None, by_site=True)
    assert client_for(t.alice).get(_url(t)).status_code == 404  # still being played
    t.play_until(lambda st: st.finished)
    r = client_for(t.carol).get(_url(t))
    assert r.status_code == 200
    html = r.content.decode()
    before = {row[0]: row[1] for row in table_rows(html, f"turn-{turn}-before")}
    assert before[_label(t, 0)] == ", ".join(hands[0]) and before[_label(t, 1)] == ", ".join(hands[1])
    alice_side = table_rows(html, f"trade-{turn}-{oid}-side-1")
    assert alice_side[2] == [_name(give[2]), _name(lie), "Lie"]  # declared beside real, marked
    assert [row[2] for row in alice_side[:2]] == ["True", "True"]
    bob_side = table_rows(html, f"trade-{turn}-{oid}-side-2")
    assert bob_side == [[_name(c), _name(c), "True"] for c in b_give]
    assert f"Trade #{oid}: {_label(t, 0)} and {_label(t, 1)}" in html
    assert "1 of them a lie" in html and "all stated truthfully" in html
    after = {row[0]: row[3] for row in table_rows(html, f"turn-{turn}-after")}
    assert after[_label(t, 0)] == "Yes" and after[_label(t, 1)] == "Yes"


@pytest.mark.site("SITE-TABLE-14")
@pytest.mark.rule("29.61", "31.1")
def test_the_replay_lists_the_calamities_traded_and_the_cards_bought(make_user, client_for):
    """Each civilization card bought (the public ``civ_bought`` record) with the trade cards
    handed in for it (told to the buyer alone while played), and each calamity traded with who
    passed it to whom (told to those two alone while played), for anyone once the game is over.
    (This seed's bots pass no calamity in twelve turns: the engine-level test of
    tests/games/advciv/site/test_replay.py makes a deal that does.)"""
    from tresham.platform.play.models import EventRecord
    t = _table(make_user, turn_limit=12)
    d = load()
    t.play_until(lambda st: st.finished)
    html = client_for(t.carol).get(_url(t)).content.decode()
    rules = t.rules
    names = {r.seat: r.name for r in rules.summary(t.state())}
    label = {0: f"{names[0]} (alice)", 1: f"{names[1]} (bob)", 2: f"{names[2]} (bot)"}
    nation_seat = {p.nation: p.seat for p in t.state().players}
    bought = list(EventRecord.objects.filter(game=t.game, kind="civ_bought").order_by("seq", "n"))
    paid = {(r.seq, r.to[0]): r.data["cards"] for r in EventRecord.objects.filter(game=t.game, kind="civ_paid")}
    assert bought, "the bots bought no card in twelve turns"
    seen = 0
    for turn in range(1, 13):
        if f'id="turn-{turn}-purchases"' not in html:
            continue
        for row in table_rows(html, f"turn-{turn}-purchases"):
            r = bought[seen]
            seat = nation_seat[r.data["nation"]]
            cards = paid.get((r.seq, seat), [])
            assert row == [label[seat], ", ".join(d.civ_cards[c].name for c in r.data["cards"]), str(r.data["owed"]),
                           ", ".join(_name(c) for c in cards) or "none", str(r.data["card_value"]),
                           str(r.data["treasury"])]
            seen += 1
    assert seen == len(bought)
    told = [r for r in EventRecord.objects.filter(game=t.game, kind__in=("calamity_trader_private", "calamity_trader"))]
    listed = {tuple(row) for turn in range(1, 13) if f'id="turn-{turn}-calamities"' in html
              for row in table_rows(html, f"turn-{turn}-calamities")}
    for r in told:  # every calamity whose trader was told is in the table, with him
        assert (d.calamities[r.data["calamity"]].name, label[nation_seat[r.data["trader"]]],
                label[nation_seat[r.data["victim"]]]) in listed
