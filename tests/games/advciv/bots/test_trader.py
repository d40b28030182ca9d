"""tresham/games/advciv/bots/trader.py: the trading bot stays in the market, answers every
offer made to it by its own valuation, makes offers of its own with two cards named truly
and a calamity passed off among the rest, and decides on its own seat's view only
(SITE-BOT-01, SITE-BOT-02)."""
import random

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.bots.trader import CALAMITY_COST, LIE_RISK, deal_gain, trader_bot, worth
from tresham.games.advciv.context import Context
from tresham.games.advciv.orders import is_site_order
from tresham.games.advciv.tools.sim import play_game, seat_bots
from tresham.rng import Rng

from tests.helpers import play, position, texts

N4 = ["egypt", "babylon", "assyria", "asia"]
EG, BA, AS, AI = 0, 1, 2, 3


def market(hands, open_=True, **step):
    spec = {n: {"hand": h} for n, h in hands.items()}
    st, _ = position(nations=N4, phase="trade", step={"market_open": open_, **step},
                     players=spec, options={"turn_limit": 1})
    return st


def bot(state, seat=BA):
    return trader_bot(state, seat, Rng(7))


#: Babylon (the bot) holds a pair of Oil and three cards it can spare.
BABYLON = ["oil", "oil", "ochre", "hides", "papyrus"]
HANDS = {"egypt": ["oil", "oil", "salt", "ochre", "hides", "papyrus", "treachery"], "babylon": BABYLON,
         "assyria": ["ochre", "hides", "cloth"], "asia": ["wine", "wine", "wine"]}


def offer(frm, to, give, said, expect):
    return {"type": "trade_offer", "player": frm, "to": to, "give": give, "said": said, "expect": expect}


# ---- valuation ------------------------------------------------------------------------------------
@pytest.mark.site("SITE-BOT-01")
def test_worth_is_the_sets_kept_less_the_calamities():
    """Oil 2 x 2 x 4 = 16, Ochre 1, Hides 1, Papyrus 2: 20; a tradable calamity costs 40; the
    hand limit (8, 31.71) keeps the best eight commodity cards."""
    g = Context(market(HANDS))
    assert worth(g, BABYLON) == 20
    assert worth(g, BABYLON + ["treachery"]) == 20 - CALAMITY_COST
    # nine Salt: only eight are kept, 8 x 8 x 3 = 192, not 9 x 9 x 3 = 243
    assert worth(g, ["salt"] * 9) == 8 * 8 * 3


@pytest.mark.site("SITE-BOT-01")
@pytest.mark.rule("28.3")
def test_a_deal_trusts_two_named_cards_and_fears_a_calamity_behind_the_others():
    """Giving Ochre, Hides, Papyrus (worth 4 of Babylon's 20) for cards said to be Oil, Oil,
    Salt: the two named cards that help least (Salt, one Oil) are sure; the third Oil is true
    with 85% odds, else a calamity. Honest: 4 Oil (64) + Salt (3) = 67; lied: 3 Oil (36) + Salt
    (3) - 40 = -1; expected 0.85 x 67 + 0.15 x -1 = 56.8; the gain is 56.8 - 20 = 36.8."""
    g = Context(market(HANDS))
    assert LIE_RISK == 0.15 and CALAMITY_COST == 40
    assert deal_gain(g, BABYLON, ["ochre", "hides", "papyrus"], ["oil", "oil", "salt"]) == pytest.approx(36.8)
    # the same three cards for cards said to be a calamity and "unspecified": a loss
    assert deal_gain(g, BABYLON, ["ochre", "hides", "papyrus"], ["salt", "salt", "unspecified"]) < 0


# ---- answers (SITE-BOT-01) ------------------------------------------------------------------------
@pytest.mark.site("SITE-BOT-01")
def test_a_fair_offer_is_accepted_with_the_cards_the_bot_spares_least():
    """Egypt offers cards said to be Oil, Oil, Salt for any three: the bot accepts, giving
    Ochre, Hides, Papyrus (the cards it loses least with), and the deal is carried out."""
    state = market(HANDS)
    state, _ = play(state, offer(EG, BA, ["oil", "oil", "salt"], [], ["dont_care"] * 3))
    order = bot(state)
    assert order["type"] == "trade_accept" and order["offer"] == 1
    assert sorted(order["give"]) == ["hides", "ochre", "papyrus"]
    state, events = play(state, order)
    assert sorted(state.players[BA].hand) == ["oil", "oil", "oil", "oil", "salt"]
    assert sorted(state.players[EG].hand) == ["hides", "hides", "ochre", "ochre", "papyrus", "papyrus", "treachery"]
    assert "Trade #1" in texts(events)


@pytest.mark.site("SITE-BOT-01")
def test_an_unfair_offer_is_declined():
    """Egypt asks for Babylon's two Oil (its only set) for cards said to be Ochre, Salt, Salt
    (Treachery passed off as Salt): the bot declines (the offer is gone, both told), its hand
    unchanged."""
    state = market(HANDS)
    state, _ = play(state, offer(EG, BA, ["ochre", "salt", "treachery"], ["ochre", "salt", "salt"],
                                 ["oil", "oil", "dont_care"]))
    order = bot(state)
    assert order == {"type": "trade_withdraw", "player": BA, "offer": 1}
    state, events = play(state, order)
    assert state.step["offers"] == []
    assert "Offer #1 is declined by Babylon" in texts(events)
    assert sorted(state.players[BA].hand) == sorted(BABYLON)


@pytest.mark.site("SITE-BOT-01")
@pytest.mark.rule("SITE-MARKET-02")
def test_under_the_embargo_a_deal_is_agreed_then_carried_out_when_the_market_opens():
    """During the embargo the bot accepts (the deal is queued) and does not promise the same
    cards twice: a second offer asking for three cards finds only Oil, Oil left, and is declined."""
    state = market(HANDS, open_=False)
    state, _ = play(state, offer(EG, BA, ["oil", "oil", "salt"], [], ["dont_care"] * 3),
                    offer(AS, BA, ["ochre", "hides", "cloth"], ["ochre", "hides", "cloth"], ["dont_care"] * 3))
    first = bot(state)
    assert first["type"] == "trade_accept" and first["offer"] == 1
    state, _ = play(state, first)
    assert state.step["queue"] == [1] and sorted(state.players[BA].hand) == sorted(BABYLON)
    second = bot(state)
    assert second == {"type": "trade_withdraw", "player": BA, "offer": 2}
    state, _ = play(state, second, {"type": "market_open", "player": 0})
    assert sorted(state.players[BA].hand) == ["oil", "oil", "oil", "oil", "salt"]


@pytest.mark.site("SITE-BOT-01")
def test_a_bot_that_left_the_market_is_still_asked_for_its_answer():
    """Babylon has left; Egypt's offer to it marks its decision ``answer_due`` (the clock asks
    a bot now) though the game does not wait on it, and the bot accepts (re-entering)."""
    state = market(HANDS)
    state, _ = play(state, {"type": "trade_done", "player": BA},
                    offer(EG, BA, ["oil", "oil", "salt"], [], ["dont_care"] * 3))
    dec = next(d for d in engine.pending(state) if d.player == BA)
    assert (dec.required, dec.answer_due) == (False, True)
    assert next(d for d in engine.pending(state) if d.player == AS).answer_due is False
    order = bot(state)
    assert order["type"] == "trade_accept"
    state, _ = play(state, order)
    assert BA not in state.step["left"]  # an acceptance re-enters the market (SITE-TRADE-14)


# ---- offers, waiting, leaving (SITE-BOT-01, -02) -------------------------------------------------
@pytest.mark.site("SITE-BOT-01", "SITE-BOT-02")
@pytest.mark.rule("28.3")
def test_its_offer_names_two_cards_truly_and_passes_a_calamity_off():
    """Egypt (the bot) holds Treachery (tradable): after its public message it offers it with
    two commodities, Treachery stated as one of them (one lie, 28.3), for the Oil it collects
    (Oil, Oil's partner card, Don't Care); Asia's message says it has Wine."""
    state = market(HANDS)
    state, _ = play(state, {"type": "trade_message", "player": AI, "text": "Want: Gold. Offer: Oil."})
    msg = trader_bot(state, EG, Rng(1))
    assert msg["type"] == "trade_message" and msg["text"].startswith("Want: Oil")
    state, _ = play(state, msg)
    order = trader_bot(state, EG, Rng(1))
    assert order["type"] == "trade_offer" and order["to"] == AI  # the seat that offers Oil
    give, said = order["give"], order["said"]
    assert "treachery" in give and said[give.index("treachery")] != "treachery"
    assert sum(1 for real, told in zip(give, said) if real == told) >= 2
    assert order["expect"][0] == "oil" and order["expect"][-1] == "dont_care"
    state, _ = play(state, order)  # the engine takes it: 28.3 holds
    assert [o["from"] for o in state.step["offers"]] == [EG]


@pytest.mark.site("SITE-BOT-01")
def test_it_waits_for_an_answer_then_leaves_when_nothing_is_left_to_gain():
    """With its offer open to a seat still in the market the bot waits (None: nothing to do
    now); once that seat has left, with no other partner, it leaves."""
    state = market(HANDS)
    state, _ = play(state, {"type": "trade_done", "player": AS}, {"type": "trade_done", "player": AI})
    for _ in range(3):
        o = trader_bot(state, EG, Rng(3))
        if o is None:
            break
        state, _ = play(state, o)
    assert o is None
    assert [x["to"] for x in state.step["offers"]] == [BA]
    state, _ = play(state, {"type": "trade_done", "player": BA})
    # Babylon left with Egypt's offer open: the offer waits for Babylon, not for Egypt
    assert trader_bot(state, EG, Rng(3)) == {"type": "trade_done", "player": EG}


@pytest.mark.site("SITE-BOT-01")
def test_it_decides_on_its_own_view_only():
    """Changing the other hands and the order of the stacks changes none of its orders."""
    state = market(HANDS)
    state, _ = play(state, offer(EG, BA, ["oil", "oil", "salt"], [], ["dont_care"] * 3))
    for seat in (EG, BA, AS, AI):
        other = state.copy()
        for p in other.players:
            if p.seat != seat:  # the same number of cards (public), other cards
                p.hand = random.Random(p.seat).sample(["gold", "ivory", "dye", "gems", "spices"] * 2, len(p.hand))
        for st in other.stacks:
            random.Random(1).shuffle(st)
        assert trader_bot(state, seat, Rng(5)) == trader_bot(other, seat, Rng(5))


@pytest.mark.site("SITE-BOT-01")
def test_trading_bots_finish_their_games():
    """Four trading bots play ten turns: every market ends with the bots leaving, never by
    the clock's cutoff (no bot waits on another for ever), every invariant holds, the log
    replays, and deals are made."""
    rec = play_game(4, 11, bots=seat_bots("trader", 4), turns=10)
    assert rec.finished and not rec.stalled and rec.violations == [] and rec.replay_ok
    assert not [o for o in rec.orders if o["type"] in ("close_market", "market_open")]
    state = engine.new_game({"players": 4, "turn_limit": 10}, 11)
    kinds = []
    for o in rec.orders:
        kinds.extend(e.kind for e in engine.apply_in_place(state, o, by_site=is_site_order(o)))
    assert kinds.count("trade_private") >= 2  # one deal tells both sides their real cards
    assert kinds.count("market_leave") >= 4 * 2  # markets held (hands of 3 cards or more) end as all leave
