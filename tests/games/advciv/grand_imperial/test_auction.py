"""tresham/games/advciv/grand_imperial/auction.py: Grand Imperial's auction phase after trade
(GI-TURN-10, GI-TRADE-08; design 3.7, D15 ``auction_lots``, D14 ``auction_bid``; rulings
GIAU-n in docs/rulings/grand-imperial-auction.md). Numbers: the seed (001_199a5eef780342bd.txt,
"10. Trade"): lots face up, sold in reverse A.S.T. order (Egypt first); the winner moves his
bid from treasury to stock, the seller up to the bid from stock to treasury."""
from __future__ import annotations

from collections import Counter

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.grand_imperial.auction import SAMPLE_LOT, AuctionPhase
from tresham.games.advciv.grand_imperial.bidding import AuctionBid
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.phase import TURN
from tresham.games.advciv.rules.calamities import trader_of
from tresham.games.advciv.variant import VARIANTS, game_for
from tresham.games.advciv.view import information_state
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants

from tests.helpers import play, position, refused, texts

GI = {"variant": KEY, "wem": True}
#: seats 0-3; reverse A.S.T. order: Egypt, Babylon, Assyria, Asia
EAST = ["egypt", "babylon", "assyria", "asia"]
EGYPT, BABYLON, ASSYRIA, ASIA = range(4)


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def at_auction(players, board=None, options=None, **kw):
    """A position at the start of the auction phase; the hands' cards come out of the stacks
    (every card accounted for)."""
    return position(nations=EAST, options={**GI, "players": 4, **(options or {})}, board=board or {},
                    players=players, phase="auction", **kw)


def owed(state):
    return sorted((d.player, d.kind) for d in engine.pending(state) if d.required)


def lots(state, offers):
    """Every seat owing D15 offers ``offers[seat]`` (nothing if not given)."""
    orders = [{"type": "auction_lots", "player": s, "cards": offers.get(s, [])}
              for s, kind in owed(state) if kind == "auction_lots"]
    return play(state, *orders)


def money(state, seat):
    p = state.players[seat]
    return p.treasury, p.stock


#: Egypt sells, Babylon and Assyria have treasury to bid, Asia has none.
HANDS = {"egypt": {"hand": ["salt", "ochre"], "treasury": 0},
         "babylon": {"hand": ["hides"], "treasury": 10},
         "assyria": {"hand": ["grain"], "treasury": 5},
         "asia": {"hand": ["wine"], "treasury": 0}}


# ---- the turn (GI-TURN-10) --------------------------------------------------------------------
@pytest.mark.variant("GI-TURN-10", "GI-TRADE-08")
def test_the_auction_phase_comes_right_after_trade(grand_imperial):
    """GI-TURN-10 "Trade: normal, plus auctions": ``auction`` between trade and calamities,
    once (the variant's other new phases, the leaders' window and luxury, are elsewhere); a
    trade phase nobody can trade in (hands of fewer than three cards) leads into it, and every
    player with a card owes his lots."""
    turn = grand_imperial.turn
    assert turn.count("auction") == 1
    assert turn[turn.index("trade") + 1] == "auction" and turn[turn.index("auction") + 1] == "calamities"
    assert [p for p in turn if p in TURN] == list(TURN)
    state, _ = position(nations=EAST, options={**GI, "players": 4}, board={}, players=HANDS, phase="trade")
    assert state.phase == "auction"
    assert owed(state) == [(s, "auction_lots") for s in range(4)]


@pytest.mark.variant("GI-TURN-10", "GI-TRADE-08")
def test_with_no_lot_offered_the_turn_goes_on_to_calamities(grand_imperial):
    """Nobody offers anything (each the default, by timeout): no sale, no treasury moved, and
    the phase is over ("Nobody offers cards at auction.")."""
    state, _ = at_auction(HANDS)
    before = [money(state, s) for s in range(4)]
    state, ev = play(state, *[{"type": "timeout", "player": s} for s in range(4)])
    assert "Nobody offers cards at auction." in texts(ev)
    assert state.phase not in ("auction", "trade") and [money(state, s) for s in range(4)] == before
    assert sorted(state.players[EGYPT].hand) == ["ochre", "salt"]


# ---- a sale (GI-TRADE-08) ---------------------------------------------------------------------
@pytest.mark.variant("GI-TRADE-08")
def test_egypts_lot_sells_for_seven(grand_imperial):
    """Egypt offers Salt; Babylon (10) bids 7, Assyria (5) bids 3, Asia (0 treasury) is not
    asked. Babylon: treasury 10 -> 3, stock +7 (treasury to stock), the Salt in hand. Egypt:
    treasury 0 -> 7, stock -7 (from stock); the Ochre he did not offer stays."""
    state, _ = at_auction(HANDS)
    b0, e0 = money(state, BABYLON), money(state, EGYPT)
    state, ev = lots(state, {EGYPT: ["salt"]})
    assert "Lots at auction, sold in reverse A.S.T. order: Egypt: Salt." in texts(ev)
    assert "Egypt auctions Salt (GI-TRADE-08)." in texts(ev)
    assert owed(state) == [(BABYLON, "auction_bid"), (ASSYRIA, "auction_bid")]
    state, _ = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 7})
    state, ev = play(state, {"type": "auction_bid", "player": ASSYRIA, "bid": 3})
    assert money(state, BABYLON) == (b0[0] - 7, b0[1] + 7) == (3, b0[1] + 7)
    assert money(state, EGYPT) == (e0[0] + 7, e0[1] - 7) == (7, e0[1] - 7)
    assert money(state, ASSYRIA) == (5, state.players[ASSYRIA].stock)
    assert sorted(state.players[BABYLON].hand) == ["hides", "salt"]
    assert state.players[EGYPT].hand == ["ochre"]
    assert ("Babylon buys Egypt's lot (Salt) for 7: 7 from treasury to stock; Egypt takes 7 from "
            "stock into treasury.") in texts(ev)
    assert state.phase != "auction" and check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-08")
def test_lots_are_sold_in_reverse_ast_order_egypt_first_each_lot_its_cards_together(grand_imperial):
    """Asia, Babylon and Egypt offer: Egypt's lot (Salt and Ochre, sold together) is sold
    first, then Babylon's, then Asia's (reverse A.S.T.: Egypt 9, Babylon 8, Asia 6). A seller
    bids on the other lots; the seller of a lot owes no bid on it."""
    hands = {**HANDS, "asia": {"hand": ["wine"], "treasury": 4}}
    state, _ = at_auction(hands)
    state, ev = lots(state, {ASIA: ["wine"], BABYLON: ["hides"], EGYPT: ["salt", "ochre"]})
    assert ("Lots at auction, sold in reverse A.S.T. order: Egypt: Ochre, Salt; Babylon: Hides; "
            "Asia: Wine.") in texts(ev)
    assert owed(state) == [(BABYLON, "auction_bid"), (ASSYRIA, "auction_bid"), (ASIA, "auction_bid")]
    state, ev = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 4},
                     {"type": "auction_bid", "player": ASSYRIA, "bid": 0},
                     {"type": "auction_bid", "player": ASIA, "bid": 2})
    assert sorted(state.players[BABYLON].hand) == ["hides", "ochre", "salt"]
    assert "Babylon auctions Hides (GI-TRADE-08)." in texts(ev)
    # Babylon's lot: Egypt now has 4 in treasury and bids; Babylon owes no bid on it
    assert owed(state) == [(EGYPT, "auction_bid"), (ASSYRIA, "auction_bid"), (ASIA, "auction_bid")]
    state, _ = play(state, {"type": "auction_bid", "player": EGYPT, "bid": 1},
                    {"type": "auction_bid", "player": ASSYRIA, "bid": 2},
                    {"type": "auction_bid", "player": ASIA, "bid": 0})
    assert "hides" in state.players[ASSYRIA].hand
    assert owed(state) == [(EGYPT, "auction_bid"), (BABYLON, "auction_bid"), (ASSYRIA, "auction_bid")]


@pytest.mark.variant("GI-TRADE-08")
def test_the_seller_takes_only_what_his_stock_holds(grand_imperial):
    """A game of 10 tokens: Egypt has 7 in treasury and 3 in stock; his lot sells for 7, so he
    moves only 3 from stock to treasury (10 and 0); Babylon still pays 7 (10 -> 3, stock
    0 -> 7)."""
    hands = {**HANDS, "egypt": {"hand": ["salt"], "treasury": 7}}
    state, _ = at_auction(hands, options={"tokens": 10})
    assert money(state, EGYPT) == (7, 3) and money(state, BABYLON) == (10, 0)
    state, _ = lots(state, {EGYPT: ["salt"]})
    state, ev = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 7},
                     {"type": "auction_bid", "player": ASSYRIA, "bid": 0})
    assert money(state, EGYPT) == (10, 0) and money(state, BABYLON) == (3, 7)
    assert "Egypt takes 3 from stock into treasury (Egypt's stock holds no more)." in texts(ev)


@pytest.mark.variant("GI-TRADE-08")
def test_a_calamity_sold_at_auction_counts_as_traded_by_the_seller(grand_imperial):
    """29.61: Egypt auctions Epidemic (tradable) to Babylon for 2 (Assyria bids 1); Babylon
    holds it as traded by Egypt, as a trade records it (``flags["calamity_from"]``), so Egypt
    is its trader in the calamities phase. (The last bid is handled by the phase itself, so
    the state is seen before the calamities phase starts.) A non-tradable calamity (Famine)
    cannot be offered: refused citing 27.3, nothing changed."""
    hands = {**HANDS, "egypt": {"hand": ["epidemic", "famine"], "treasury": 0}}
    state, _ = at_auction(hands)
    refused(state, {"type": "auction_lots", "player": EGYPT, "cards": ["famine"]}, "27.3")
    state, _ = lots(state, {EGYPT: ["epidemic"]})
    state, _ = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 2})
    g = game_for(state)
    AuctionPhase().handle(g, AuctionBid(ASSYRIA, 1))
    babylon = state.players[BABYLON]
    assert babylon.flags["calamity_from"] == {"epidemic": "egypt"}
    assert trader_of(g, "babylon", "epidemic") == "egypt"
    assert "epidemic" in babylon.hand and state.players[EGYPT].hand == ["famine"]
    assert babylon.treasury == 8 and state.players[EGYPT].treasury == 2


# ---- ties and no bids (GIR-31, GIS-10) ---------------------------------------------------------
@pytest.mark.variant("GI-TRADE-08")
def test_a_tie_goes_first_in_the_drawing_order_and_no_bid_leaves_the_lot_with_its_seller(grand_imperial):
    """Babylon (2 cities) and Assyria (1 city) both bid 4: Assyria, first in the 27.1 order
    (fewest cities), wins and pays 4 (5 -> 1); Babylon keeps 10. Then Babylon's lot: no bid
    above 0, so Babylon keeps his Hides and nobody's treasury moves."""
    board = {"babylon": {"city": "babylon"}, "ur": {"city": "babylon"}, "nineveh": {"city": "assyria"}}
    state, _ = at_auction(HANDS, board=board)
    state, _ = lots(state, {EGYPT: ["salt"], BABYLON: ["hides"]})
    state, _ = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 4},
                    {"type": "auction_bid", "player": ASSYRIA, "bid": 4})
    assert "salt" in state.players[ASSYRIA].hand and state.players[ASSYRIA].treasury == 1
    assert state.players[BABYLON].treasury == 10 and state.players[EGYPT].treasury == 4
    assert owed(state) == [(EGYPT, "auction_bid"), (ASSYRIA, "auction_bid")]
    state, ev = play(state, {"type": "auction_bid", "player": EGYPT, "bid": 0},
                     {"type": "auction_bid", "player": ASSYRIA, "bid": 0})
    assert "Nobody bids for Babylon's lot (Hides): Babylon keeps it." in texts(ev)
    assert state.players[BABYLON].hand == ["hides"]
    assert [p.treasury for p in state.players] == [4, 10, 1, 0]


@pytest.mark.variant("GI-TRADE-08")
def test_a_lot_nobody_can_bid_for_stays_with_its_seller(grand_imperial):
    """Only Egypt has treasury: his own lot has no bidder, so he keeps it at once."""
    hands = {n: dict(spec, treasury=0) for n, spec in HANDS.items()}
    hands["egypt"] = {"hand": ["salt"], "treasury": 6}
    state, _ = at_auction(hands)
    state, ev = lots(state, {EGYPT: ["salt"]})
    assert "Nobody has treasury to bid for Egypt's lot (Salt): Egypt keeps it." in texts(ev)
    assert state.players[EGYPT].hand == ["salt"] and state.phase != "auction"


# ---- sealed, refused, defaults ---------------------------------------------------------------
@pytest.mark.variant("GI-TRADE-08")
def test_offers_and_bids_are_sealed(grand_imperial):
    """Until every offer is in, a seat's information state holds only its own offer; then
    the lots are face up to all. Each bid is seen only by its bidder (GIR-31)."""
    state, _ = at_auction(HANDS)
    state, ev = play(state, {"type": "auction_lots", "player": EGYPT, "cards": ["salt"]})
    assert [e.to for e in ev if e.kind == "lots_private"] == [[EGYPT]]
    assert information_state(state, BABYLON).step["offers"] == {}
    assert information_state(state, EGYPT).step["offers"] == {"0": ["salt"]}
    state, _ = lots(state, {})
    assert information_state(state, ASIA).step["offers"]["0"] == ["salt"]
    state, _ = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 6})
    assert information_state(state, ASSYRIA).step["lot"]["bids"] == {}
    assert information_state(state, BABYLON).step["lot"]["bids"] == {"1": 6}


@pytest.mark.variant("GI-TRADE-08")
def test_bad_offers_and_bids_are_refused_and_change_nothing(grand_imperial):
    state, _ = at_auction(HANDS)
    refused(state, {"type": "auction_lots", "player": EGYPT, "cards": ["gold"]}, "GI-TRADE-08")
    refused(state, {"type": "auction_lots", "player": EGYPT, "cards": ["salt", "salt"]}, "GI-TRADE-08")
    refused(state, {"type": "auction_bid", "player": BABYLON, "bid": 1}, "GI-TRADE-08")
    state, _ = play(state, {"type": "auction_lots", "player": EGYPT, "cards": ["salt"]})
    e = refused(state, {"type": "auction_lots", "player": EGYPT, "cards": []}, "GI-TRADE-08")
    assert "no offer of lots is owed by you" in e.message
    state, _ = lots(state, {})
    e = refused(state, {"type": "auction_bid", "player": ASSYRIA, "bid": 6}, "GI-TRADE-08")
    assert "you bid 6 but have 5" in e.message
    refused(state, {"type": "auction_bid", "player": EGYPT, "bid": 0}, "GI-TRADE-08")  # his own lot
    refused(state, {"type": "auction_bid", "player": ASIA, "bid": 0}, "GI-TRADE-08")  # no treasury


@pytest.mark.variant("GI-TRADE-08")
def test_a_player_with_an_empty_hand_owes_no_offer(grand_imperial):
    """Only players holding a card are asked (any card: a hand of non-tradable calamities is
    asked too, so being asked tells nothing, GIAU-3)."""
    hands = {**HANDS, "asia": {"hand": [], "treasury": 0}, "assyria": {"hand": ["famine"], "treasury": 5}}
    state, _ = at_auction(hands)
    assert owed(state) == [(EGYPT, "auction_lots"), (BABYLON, "auction_lots"), (ASSYRIA, "auction_lots")]
    d = next(d for d in engine.pending(state) if d.player == ASSYRIA)
    assert d.options["cards"] == [] and d.default == "nothing offered"


@pytest.mark.variant("GI-TRADE-08")
def test_the_timeouts_offer_nothing_and_bid_nothing(grand_imperial):
    """D15's default: nothing offered; D14's: 0 (no bid)."""
    state, _ = at_auction(HANDS)
    state, _ = play(state, {"type": "auction_lots", "player": EGYPT, "cards": ["salt"]},
                    *[{"type": "timeout", "player": s} for s in (BABYLON, ASSYRIA, ASIA)])
    assert state.step["offers"] == {"0": ["salt"], "1": [], "2": [], "3": []}
    state, ev = play(state, {"type": "timeout", "player": BABYLON}, {"type": "timeout", "player": ASSYRIA})
    assert "Nobody bids for Egypt's lot (Salt): Egypt keeps it." in texts(ev)


@pytest.mark.variant("GI-TRADE-08")
def test_the_random_bot_offers_at_most_two_cards_and_bids_within_its_treasury(grand_imperial):
    """D15: a random subset of at most two of his tradable cards; D14: 0..treasury; each
    accepted."""
    hands = {**HANDS, "egypt": {"hand": ["salt", "ochre", "wine", "famine"], "treasury": 0}}
    phase = AuctionPhase()
    sizes = Counter()
    for i in range(30):
        state, _ = at_auction(hands)
        rng = Rng(i)
        g = game_for(state)
        o = phase.sample(g, EGYPT, rng)
        assert len(o.cards) <= SAMPLE_LOT and not Counter(o.cards) - Counter(["salt", "ochre", "wine"])
        sizes[len(o.cards)] += 1
        state, _ = play(state, o.to_json())
        state, _ = lots(state, {})
        if state.step.get("lot"):
            b = phase.sample(game_for(state), BABYLON, rng)
            assert 0 <= b.bid <= 10
            play(state, b.to_json())
    assert set(sizes) == {0, 1, 2}


# ---- the acquisition's auction: where the card lies (GIAU-14) --------------------------------
@pytest.mark.variant("GI-TRADE-05")
def test_a_card_being_auctioned_is_counted_among_the_cards_set_aside(grand_imperial):
    """S-15's position (docs/scenarios/gi-regional-purchase-auction.json): Egypt cannot pay
    the Gold (18); while the bids are collected the Gold lies face up among the cards set
    aside, so all 163 cards are accounted for after every order; Babylon's winning bid of 12
    takes it from there (set aside empty again)."""
    from tresham.games.advciv import position as sc
    from tresham.games.advciv.tools import scenario as runner

    from tests.helpers import ROOT

    doc = runner.load_file(ROOT / "docs" / "scenarios" / "gi-regional-purchase-auction.json")
    state, _ = sc.build(doc)
    assert state.set_aside == [] and check_invariants(state) == []
    state, _ = play(state, {"type": "buy_regional", "player": EGYPT, "region": "levant"})
    assert state.set_aside == ["gold"] and state.step["lot"]["cards"] == ["gold"]
    assert check_invariants(state) == []
    state, _ = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 12})
    assert check_invariants(state) == []
    state, _ = play(state, {"type": "auction_bid", "player": ASSYRIA, "bid": 8},
                    {"type": "auction_bid", "player": ASIA, "bid": 0})
    assert state.set_aside == [] and "gold" in state.players[BABYLON].hand
    assert state.players[BABYLON].treasury == 8 and check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-08")
def test_the_page_shows_the_lots_face_up_once_all_are_in_and_only_ones_own_bid(grand_imperial):
    """The view's ``phase_view``: before every offer is in, who has offered and one's own
    offer only; then the lots by nation in sale order, the lot being sold, one's own bid."""
    from tresham.games.advciv.view import player_view

    state, _ = at_auction(HANDS)
    state, _ = play(state, {"type": "auction_lots", "player": EGYPT, "cards": ["salt"]})
    assert player_view(state, BABYLON)["phase_view"] == {"offered": ["egypt"], "my_offer": None}
    assert player_view(state, EGYPT)["phase_view"]["my_offer"] == ["salt"]
    state, _ = play(state, {"type": "auction_lots", "player": BABYLON, "cards": ["hides"]},
                    {"type": "auction_lots", "player": ASSYRIA, "cards": []},
                    {"type": "auction_lots", "player": ASIA, "cards": []},
                    {"type": "auction_bid", "player": BABYLON, "bid": 6})
    seen = player_view(state, None)["phase_view"]
    assert seen["lots"] == {"egypt": ["salt"], "babylon": ["hides"]} and seen["to_sell"] == ["babylon"]
    # the bidders in the 27.1 order: no cities, so A.S.T. order (Assyria before Babylon)
    assert seen["selling"] == {"seller": "egypt", "cards": ["salt"], "bidders": ["assyria", "babylon"]}
    assert "my_bid" not in seen and "my_bid" not in player_view(state, ASSYRIA)["phase_view"]
    assert player_view(state, BABYLON)["phase_view"]["my_bid"] == 6


@pytest.mark.variant("GI-TRADE-08")
def test_a_player_who_departs_during_the_auction_takes_the_defaults(grand_imperial):
    """15.61: Asia departs before offering: nothing offered for it, at once, and the lots are
    revealed. Assyria departs while Egypt's lot is being bid for: its bid is 0 and does not
    count; Babylon's 2 wins. A lot of a seller who has departed is withdrawn."""
    state, _ = at_auction(HANDS)
    state, _ = play(state, {"type": "auction_lots", "player": EGYPT, "cards": ["salt"]},
                    {"type": "auction_lots", "player": BABYLON, "cards": []},
                    {"type": "auction_lots", "player": ASSYRIA, "cards": ["grain"]})
    state, ev = play(state, {"type": "depart", "player": ASIA})
    assert state.step["offers"]["3"] == [] and "Egypt auctions Salt (GI-TRADE-08)." in texts(ev)
    state, _ = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 2})
    state, ev = play(state, {"type": "depart", "player": ASSYRIA})
    assert "Babylon buys Egypt's lot (Salt) for 2" in texts(ev)
    assert "Assyria's lot is withdrawn" in texts(ev)
    assert state.phase != "auction" and check_invariants(state) == []


@pytest.mark.variant("GI-TRADE-08", "GI-LEADER-08")
def test_a_leader_sold_at_auction_is_traded(grand_imperial):
    """GIAU-7: Egypt auctions the Great Compromiser; Babylon's bid of 3 takes it: as in a
    trade, "trading this card to another player" makes the pact of Babylon and Egypt for the
    next turn (turn 1 -> 2)."""
    hands = {**HANDS, "egypt": {"hand": ["great_compromiser"], "treasury": 0}}
    state, _ = at_auction(hands)
    state, _ = lots(state, {EGYPT: ["great_compromiser"]})
    state, ev = play(state, {"type": "auction_bid", "player": BABYLON, "bid": 3},
                     {"type": "auction_bid", "player": ASSYRIA, "bid": 0})
    assert "Babylon buys Egypt's lot (The Great Compromiser) for 3" in texts(ev)
    assert state.variant_state["pacts"] == [{"a": "babylon", "b": "egypt", "turn": 2}]
    assert "great_compromiser" in state.players[BABYLON].hand
