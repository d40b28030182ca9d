"""The trade page (issue 10): the seat's hand and partners, offers posted as plain forms
through the one order path (a lie reaches the partner as what was said, never as the real
card), accepting and rejecting, the cards changing hands when the market opens, refusals
shown with their rule and changing nothing, the page kept to the game's players and
leaking no other hand."""
from __future__ import annotations

import re
from collections import Counter

import pytest
from django.test import Client

from tests.platform.leakscan import Secrets, scan
from tresham.games.advciv.data import load
from tresham.platform.play import services
from tresham.platform.play.models import LogEntry

from tests.platform.play.conftest import section

pytestmark = pytest.mark.django_db


def _url(t) -> str:
    return f"/games/{t.game.pk}/trade/"


def _name(c: str) -> str:
    d = load()
    return d.commodities[c].name if c in d.commodities else d.calamities[c].name


def _fields(html: str, marker: str) -> dict[str, str]:
    """The hidden fields (client key, revision) of the form that ``marker`` opens."""
    start = html.index(marker)
    form = html[start:html.index("</form>", start)]
    return dict(re.findall(r'<input type="hidden" name="(client_key|revision)" value="([^"]*)"', form))


def _tradable(hand: list[str]) -> list[int]:
    """Places in the (sorted) hand of the cards that may be given."""
    d = load()
    return [i for i, c in enumerate(sorted(hand)) if d.is_tradable(c)]


def _snapshot(t):
    t.game.refresh_from_db()
    return t.game.revision, LogEntry.objects.filter(game=t.game).count(), t.game.state


def _secrets(t, viewer: int) -> Secrets:
    s = t.state()
    return Secrets(viewer=viewer, other_hands={p.seat: list(p.hand) for p in s.players if p.seat != viewer},
                   stacks=[list(st) for st in s.stacks], seed=t.game.seed)


def _hand_names(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>.*", "", x).strip() for x in re.findall(r'<li class="card">(.*?)</li>', section(html, "hand"), re.S)]


@pytest.mark.site("SITE-TRADE-01", "SITE-TRADE-02", "SITE-TRADE-04", "SITE-TRADE-05", "SITE-TRADE-06")
def test_the_page_lists_the_seats_hand_and_the_partners(trading, client_for):
    t = trading
    s = t.state()
    r = client_for(t.alice).get(_url(t))
    assert r.status_code == 200
    html = r.content.decode()
    assert sorted(_hand_names(html)) == sorted(_name(c) for c in s.players[0].hand)
    partners = section(html, "new-offer")
    assert 'id="to-1"' in partners and 'for="to-1"' in partners  # bob, labelled
    assert 'id="to-0"' not in partners  # not oneself
    # a Give checkbox and a "Say it is" select per tradable card, each labelled, truth first
    for i in _tradable(s.players[0].hand):
        assert f'<label for="give-{i}">Give ' in html and f'<label for="said-{i}">Say it is:</label>' in html
        assert "(the truth)</option>" in html
    assert "Don&#x27;t Care" in html or "Don't Care" in html
    assert ">Unspecified</option>" in html
    assert "Done trading" in html and "csrfmiddlewaretoken" in html
    assert "advciv/trade.js" in html


@pytest.mark.site("SITE-TRADE-06", "SITE-TRADE-07", "SITE-TRADE-08", "SITE-MARKET-01", "SITE-MARKET-02")
def test_an_offer_with_a_lie_reaches_the_partner_as_said_and_the_trade_is_carried_out(trading, client_for):
    t = trading
    s = t.state()
    a_hand, b_hand = sorted(s.players[0].hand), sorted(s.players[1].hand)
    # the lie: an alice card named nowhere else in the deal, stated as a commodity named nowhere in it
    deal = None
    for r in _tradable(a_hand):
        a_idx = [i for i in _tradable(a_hand) if a_hand[i] != a_hand[r]][:2] + [r]
        b_idx = [i for i in _tradable(b_hand) if b_hand[i] != a_hand[r]][:3]
        if len(a_idx) == 3 and len(b_idx) == 3:
            deal = a_idx, b_idx
            break
    assert deal is not None, "the test needs a card named nowhere else in the deal"
    a_idx, b_idx = deal
    give, b_give = [a_hand[i] for i in a_idx], [b_hand[i] for i in b_idx]
    d = load()
    real = give[2]
    lie = next(c for c in sorted(d.commodities) if c not in give + b_give + a_hand)
    alice, bob = client_for(t.alice), client_for(t.bob)
    html = alice.get(_url(t)).content.decode()
    body = {"action": "offer", "to": "1", "give": [str(i) for i in a_idx],
            f"said_{a_idx[0]}": give[0], f"said_{a_idx[1]}": give[1], f"said_{a_idx[2]}": lie,
            "expect_0": b_give[0], "expect_1": b_give[1], "expect_2": b_give[2], "expect_3": "",
            **_fields(html, 'id="offer-form"')}
    r = alice.post(_url(t), body)
    assert r.status_code == 303 and r["Location"] == _url(t)
    mine = alice.get(_url(t)).content.decode()
    assert "Order accepted" in mine and _name(real) in section(mine, "made")  # alice sees her own truth

    page = bob.get(_url(t)).content.decode()
    (oid,) = re.findall(r'id="offer-(\d+)-said"', page)
    said = re.search(rf'<p id="offer-{oid}-said">(.*?)</p>', page, re.S).group(1)
    assert _name(lie) in said and _name(give[0]) in said
    assert _name(real) not in said  # secrecy: what was said, never the real card
    assert "Your offers" in page and _name(real) not in section(page, "made")
    assert scan(page, _secrets(t, 1)) == []

    r = bob.post(_url(t), {"action": "accept", "offer": oid, f"a{oid}_give": [str(i) for i in b_idx],
                           **{f"a{oid}_said_{i}": b_hand[i] for i in b_idx},
                           **_fields(page, f'<input type="hidden" name="offer" value="{oid}">')})
    assert r.status_code == 303
    if not t.state().step["market_open"]:
        assert sorted(t.state().players[0].hand) == a_hand  # agreed, not yet carried out (embargo)
        services.submit(t.game.pk, {"type": "market_open", "player": 0}, seat=None, by_site=True)
    s = t.state()
    assert Counter(s.players[0].hand) == Counter(a_hand) - Counter(give) + Counter(b_give)
    assert Counter(s.players[1].hand) == Counter(b_hand) - Counter(b_give) + Counter(give)
    got = section(bob.get(_url(t)).content.decode(), "received")
    assert _name(real) in got  # the cards themselves, now that he holds them
    got = section(alice.get(_url(t)).content.decode(), "received")
    assert all(_name(c) in got for c in b_give)


@pytest.mark.site("SITE-TRADE-09")
@pytest.mark.parametrize("n, lies, shown", [
    (2, 0, "each side of a trade gives at least 3 trade cards"),
    (3, 2, "at least 2 of the cards you give must be stated truthfully"),
])
def test_a_refused_offer_shows_the_rule_and_changes_nothing(trading, client_for, n, lies, shown):
    t = trading
    hand = sorted(t.state().players[0].hand)
    idx = _tradable(hand)[:n]
    assert len(idx) == n
    d = load()
    c = client_for(t.alice)
    html = c.get(_url(t)).content.decode()
    before = _snapshot(t)
    body = {"action": "offer", "to": "1", "give": [str(i) for i in idx],
            "expect_0": "dont_care", "expect_1": "dont_care", "expect_2": "dont_care",
            **_fields(html, 'id="offer-form"')}
    others = [x for x in sorted(d.commodities) if x not in hand]
    for k, i in enumerate(idx):
        body[f"said_{i}"] = others[k] if k < lies else hand[i]
    r = c.post(_url(t), body)
    assert r.status_code == 400
    page = r.content.decode()
    alert = page[page.index('id="error"'):]
    assert "Refused (rule 28.3)" in alert and shown in alert and "Nothing was changed." in alert
    assert _snapshot(t) == before


def test_a_stale_form_says_look_again(trading, client_for):
    t = trading
    alice = client_for(t.alice)
    html = alice.get(_url(t)).content.decode()
    fields = _fields(html, 'id="offer-form"')
    services.submit(t.game.pk, {"type": "trade_message", "text": "want oil"}, seat=1, account=t.bob)
    before = _snapshot(t)
    r = alice.post(_url(t), {"action": "done", **fields})
    assert r.status_code == 409 and "look again" in r.content.decode()
    assert _snapshot(t) == before


@pytest.mark.site("SITE-TRADE-14")
def test_reject_and_done_trading(trading, client_for):
    t = trading
    hand = sorted(t.state().players[0].hand)
    idx = _tradable(hand)[:3]
    alice, bob = client_for(t.alice), client_for(t.bob)
    html = alice.get(_url(t)).content.decode()
    r = alice.post(_url(t), {"action": "offer", "to": "1", "give": [str(i) for i in idx],
                             "expect_0": "dont_care", "expect_1": "dont_care", "expect_2": "dont_care",
                             **_fields(html, 'id="offer-form"')})
    assert r.status_code == 303
    page = bob.get(_url(t)).content.decode()
    (oid,) = re.findall(r'id="offer-(\d+)-said"', page)
    start = page.index(f"Reject offer #{oid}")
    form = page[page.rindex("<form", 0, start):start]
    fields = dict(re.findall(r'<input type="hidden" name="(client_key|revision)" value="([^"]*)"', form))
    assert bob.post(_url(t), {"action": "reject", "offer": oid, **fields}).status_code == 303
    assert t.state().step["offers"] == []
    page = bob.get(_url(t)).content.decode()
    assert f'id="offer-{oid}-said"' not in page
    r = bob.post(_url(t), {"action": "done", **_fields(page, 'id="done"')})
    assert r.status_code == 303 and 1 in t.state().step["left"]


def test_another_player_or_an_onlooker_cannot_see_the_page(trading, client_for):
    t = trading
    hand = t.state().players[0].hand
    for c in (client_for(t.carol), Client()):
        r = c.get(_url(t))
        assert r.status_code == 403
        html = r.content.decode()
        assert 'id="hand"' not in html and 'id="offer-form"' not in html
        before = _snapshot(t)
        assert c.post(_url(t), {"action": "done"}).status_code == 403
        assert _snapshot(t) == before
    assert client_for(t.carol).get("/games/999999/trade/").status_code == 404
    assert hand  # alice's page is hers alone


def test_the_forms_are_csrf_protected(trading):
    t = trading
    c = Client(enforce_csrf_checks=True)
    c.force_login(t.alice)
    before = _snapshot(t)
    assert c.post(_url(t), {"action": "done"}).status_code == 403
    assert _snapshot(t) == before
    html = c.get(_url(t)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    r = c.post(_url(t), {"action": "done", "csrfmiddlewaretoken": token, **_fields(html, 'id="done"')})
    assert r.status_code == 303 and 0 in t.state().step["left"]


@pytest.mark.site("SITE-TRADE-01")
def test_no_card_of_another_hand_is_on_the_page(trading, client_for):
    t = trading
    s = t.state()
    for seat, user in ((0, t.alice), (1, t.bob)):
        html = client_for(user).get(_url(t)).content.decode()
        assert scan(html, _secrets(t, seat)) == []
        assert sorted(_hand_names(html)) == sorted(_name(c) for c in s.players[seat].hand)
        # the hand is listed in one place only; the other seats' hands nowhere as cards
        for other in s.players:
            if other.seat != seat and other.hand:
                own = Counter(s.players[seat].hand)
                extra = [c for c in other.hand if c not in own]
                for c in extra:
                    assert f'<li class="card">{_name(c)}' not in html
                    assert f"Give {_name(c)}</label>" not in html


@pytest.mark.site("SITE-TRADE-04", "SITE-TRADE-11")
def test_unspecified_is_filled_only_by_a_card_said_to_be_unspecified(trading, client_for):
    t = trading
    s = t.state()
    a_hand, b_hand = sorted(s.players[0].hand), sorted(s.players[1].hand)
    a_idx, b_idx = _tradable(a_hand)[:3], _tradable(b_hand)[:3]
    assert len(a_idx) == 3 and len(b_idx) == 3
    alice, bob = client_for(t.alice), client_for(t.bob)
    html = alice.get(_url(t)).content.decode()
    r = alice.post(_url(t), {"action": "offer", "to": "1", "give": [str(i) for i in a_idx],
                             "expect_0": b_hand[b_idx[0]], "expect_1": b_hand[b_idx[1]],
                             "expect_2": "unspecified", **_fields(html, 'id="offer-form"')})
    assert r.status_code == 303
    page = bob.get(_url(t)).content.decode()
    (oid,) = re.findall(r'id="offer-(\d+)-said"', page)
    assert "asks for" in section(page, f"offer-{oid}") and "Unspecified" in section(page, f"offer-{oid}")
    marker = f'<input type="hidden" name="offer" value="{oid}">'
    truthful = {"action": "accept", "offer": oid, f"a{oid}_give": [str(i) for i in b_idx],
                **{f"a{oid}_said_{i}": b_hand[i] for i in b_idx}, **_fields(page, marker)}
    before = _snapshot(t)
    r = bob.post(_url(t), truthful)
    assert r.status_code == 400
    alert = r.content.decode()
    alert = alert[alert.index('id="error"'):]
    assert "Refused (rule SITE-TRADE-08)" in alert and "do not match" in alert
    assert _snapshot(t) == before
    page = r.content.decode()
    r = bob.post(_url(t), {**truthful, f"a{oid}_said_{b_idx[2]}": "unspecified", **_fields(page, marker)})
    assert r.status_code == 303
    offer = next(o for o in t.state().step["offers"] if o["id"] == int(oid)) if not t.state().step["market_open"] else None
    if offer is not None:
        assert offer["accept"]["said"] == [b_hand[b_idx[0]], b_hand[b_idx[1]], "unspecified"]
        assert "You accepted" in section(bob.get(_url(t)).content.decode(), f"offer-{oid}")
