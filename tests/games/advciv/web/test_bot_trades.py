"""Trading with a bot through the site (issue 26, SITE-BOT-01, SITE-BOT-02): people's offers
to the trading bot are answered by the clock's worker through the one order path -- a fair one
accepted during the embargo and carried out when the market opens, an unfair one declined --
the bot's own offer to a person can be accepted, and the post-game replay's ledger shows the
bot's said and real cards."""
from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from tresham.platform.clock.models import Due
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game

from tests.games.advciv.web.test_replay import _name
from tests.platform.play.conftest import Table, table_rows

pytestmark = pytest.mark.django_db

CRETE, THRACE, AFRICA = 0, 1, 2  # alice, bob, the bot

#: The trade phase of turn 1 under the embargo, the game ending with the turn (34.1B). The
#: bot (Africa) collects Grain and Gold and can spare Ochre, Hides, Papyrus, Iron, Timber;
#: alice (Crete) holds two Grain and a Gold; bob (Thrace) little of worth.
POSITION = {
    "title": "Trading with the bot (site test)",
    "nations": ["crete", "thrace", "africa"], "turn": 1, "phase": "trade",
    "step": {"market_open": False},
    "board": {"knossos": {"tokens": {"crete": 3}}, "thrace": {"tokens": {"thrace": 3}},
              "numidia": {"tokens": {"africa": 3}}},
    "players": {
        "crete": {"hand": ["grain", "grain", "salt", "gold", "wine", "wine", "cloth"]},
        "thrace": {"hand": ["ochre", "ochre", "hides", "iron", "papyrus"]},
        "africa": {"hand": ["grain", "grain", "gold", "ochre", "hides", "papyrus", "iron", "timber",
                            "salt"]},
    },
}


@pytest.fixture
def bot_table(make_user) -> Table:
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    alice.is_staff = True  # only staff start from a prepared position (SITE-SAFE-11)
    alice.save(update_fields=["is_staff"])
    game = services.create_game("advciv", {"players": 3, "turn_limit": 1, "position": POSITION}, name="Bot trades",
                                creator=alice, seed="bot-trades", time_limit=24 * 3600)
    lobby.join(game.pk, alice)
    lobby.join(game.pk, bob)
    lobby.add_bot(game.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return Table(game, alice, bob, carol)


def give(t: Table, seat: int, order: dict) -> None:
    services.submit(t.game.pk, {"player": seat, **order}, seat=seat, account=t.user(seat), reason="test")


def offers(t: Table) -> dict[int, dict]:
    return {o["id"]: o for o in t.state().step["offers"]}


def bot_turns(limit: int = 50) -> int:
    """Let the worker carry out what is due now (the bot's rows); gives how many."""
    return run_due(limit=limit)


@pytest.mark.site("SITE-BOT-01", "SITE-BOT-02", "SITE-MARKET-02", "SITE-TABLE-14")
def test_people_and_the_trading_bot_trade_through_the_site(bot_table, client_for):
    t = bot_table
    # the bot has something to do at once (its public message, an offer): it stays in the market
    bot_turns()
    s = t.state()
    assert s.phase == "trade" and not s.step["market_open"]
    assert AFRICA not in s.step["left"]
    assert s.step["messages"][str(AFRICA)].startswith("Want: ")

    # 1. alice's fair offer: two Grain and a Salt, stated truly, for any three cards
    give(t, CRETE, {"type": "trade_offer", "to": AFRICA, "give": ["grain", "grain", "salt"],
                    "said": [], "expect": ["dont_care"] * 3})
    fair = max(offers(t))
    assert bot_turns() >= 1  # the bot's row was due at once: answered in the same minute
    off = offers(t)[fair]
    assert off["accept"] is not None and off["queued"]  # agreed under the embargo
    bot_gives = off["accept"]["give"]
    assert not {"grain", "gold"} & set(bot_gives)  # it gives what it spares, not its sets

    # 2. bob's unfair offer: Ochre, Ochre, Hides for the bot's two Grain and its Gold
    give(t, THRACE, {"type": "trade_offer", "to": AFRICA, "give": ["ochre", "ochre", "hides"],
                     "said": [], "expect": ["grain", "grain", "gold"]})
    unfair = max(offers(t))
    bot_turns()
    assert unfair not in offers(t)
    assert sorted(t.state().players[THRACE].hand) == ["hides", "iron", "ochre", "ochre", "papyrus"]

    # 3. the bot's own offer to a person (made as the market opened, to the seats in turn)
    give(t, CRETE, {"type": "trade_message", "text": "Offer: Gold, Wine. Want: Ochre."})
    bot_turns()
    mine = [o for o in offers(t).values() if o["from"] == AFRICA and o["to"] == CRETE]
    assert mine, "the bot made no offer to the person"
    theirs = mine[0]
    said = theirs["said"]
    assert sum(1 for real, told in zip(theirs["give"], said) if real == told) >= 2  # 28.3
    # alice meets what it expects with the cards she has not promised yet (Gold, Wine, Wine,
    # Cloth): a named card she lacks is a Wine said to be it, the one lie three cards allow
    hand = ["gold", "wine", "wine", "cloth"]
    side, told = [], []
    for e in theirs["expect"]:
        card = e if e in hand else next(c for c in hand if c not in theirs["expect"])
        hand.remove(card)
        side.append(card)
        told.append(card if e == "dont_care" else e)
    assert sum(1 for real, t_ in zip(side, told) if real != t_) <= 1
    give(t, CRETE, {"type": "trade_accept", "offer": theirs["id"], "give": side, "said": told, "expect": []})
    assert offers(t)[theirs["id"]]["queued"]

    # the embargo ends at its time (the clock's timer): both deals are carried out in order
    before = {s: sorted(t.state().players[s].hand) for s in (CRETE, AFRICA)}
    embargo = Due.objects.get(game=t.game, action=Due.Action.TIMER, key__endswith=":trade:embargo")
    run_due(now=embargo.due_at + dt.timedelta(seconds=1), limit=50)
    s = t.state()
    assert s.step["market_open"] and not s.step["queue"]
    expect_bot = list(before[AFRICA])
    for c in bot_gives + theirs["give"]:
        expect_bot.remove(c)
    expect_bot += ["grain", "grain", "salt"] + side
    assert sorted(s.players[AFRICA].hand) == sorted(expect_bot)

    # everyone leaves; the bot, with nothing left to gain, leaves too; the game ends (turn 1)
    give(t, CRETE, {"type": "trade_done"})
    give(t, THRACE, {"type": "trade_done"})
    bot_turns()
    assert t.state().phase != "trade"
    t.play_until(lambda st: st.finished)

    # the replay's ledger: the bot's side of each trade, its real cards beside what it said
    r = client_for(t.carol).get(f"/games/{t.game.pk}/replay/")
    assert r.status_code == 200
    html = r.content.decode()
    bot_side = table_rows(html, f"trade-1-{fair}-side-2")
    assert sorted(row[0] for row in bot_side) == sorted(_name(c) for c in bot_gives)
    own = table_rows(html, f"trade-1-{theirs['id']}-side-1")
    assert [row[0] for row in own] == [_name(c) for c in theirs["give"]]
    assert [row[1] for row in own] == [_name(c) if c != "unspecified" else "Unspecified" for c in said]
    assert any(row[2] == "Lie" for row in own) == (said != theirs["give"])
