"""Review of acquisition (27), trade (28) and the secrecy of views and events (27.3, 27.4,
28.3, SITE-TALK-03): bugs found in review and edge cases not covered elsewhere."""
import json

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.view import information_state
from tresham.rng import Rng

from tests.helpers import play, position, texts, refused

from tests.test_trade import AI, AS, BA, EG, N4, accept, done, market, offer  # noqa: F401,E402

HANDS = {"egypt": ["salt", "salt", "grain", "treachery", "famine"],
         "babylon": ["oil", "oil", "iron", "superstition"],
         "assyria": ["ochre", "hides", "cloth"],
         "asia": ["ochre", "wine"]}


# ---- the lie allowance (28.3) -------------------------------------------------------------
@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-TRADE-09")
def test_stated_names_in_another_order_are_all_true():
    """28.3 asks that two of the cards be honestly named, not that the names come in the order
    the cards were dragged: Salt, Salt, Grain stated as Grain, Salt, Salt is the whole truth."""
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"],
                           said=["grain", "salt", "salt"]))
    st, _ = play(st, accept(BA, 1, ["oil", "oil", "iron"], said=["iron", "oil", "oil"]))
    assert sorted(st.player("babylon").hand) == ["grain", "salt", "salt", "superstition"]
    assert sorted(st.player("egypt").hand) == ["famine", "iron", "oil", "oil", "treachery"]


@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-TRADE-09")
def test_lies_are_counted_on_the_best_pairing_of_cards_and_names():
    """Real Salt, Salt, Treachery stated as Treachery, Salt, Grain: Treachery and one Salt are
    true, so there is one lie, which three cards allow."""
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "treachery"], ["oil", "oil", "iron"],
                           said=["treachery", "salt", "grain"]))
    assert st.step["offers"][0]["said"] == ["treachery", "salt", "grain"]
    # Salt, Salt, Grain stated as Grain, Oil, Oil: only Grain is true, two lies
    e = refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"],
                          said=["grain", "oil", "oil"]), "28.3")
    assert "at most 1 may be lies, you stated 2" in e.message


# ---- secrecy of the non-tradable calamities (27.3, 27.4) -------------------------------
@pytest.mark.rule("27.3", "27.4", "28.3")
@pytest.mark.site("SITE-MARKET-06", "SITE-MARKET-07")
def test_market_membership_does_not_reveal_a_non_tradable_calamity():
    """Who is in the market is public (the server's deadline depends on it). It must follow
    from what everyone sees, the hand size, or it would tell the table that a player with three
    cards holds Famine. Such a player is in the market; he cannot give his Famine (27.3)."""
    hands = dict(HANDS, asia=["ochre", "wine", "famine"])
    st, _ = market(hands)
    for seat in (None, EG, BA, AS, AI):
        assert sorted(engine.view(st, seat)["phase_view"]["in_market"]) == [EG, BA, AS, AI]
    assert sorted(d.player for d in engine.pending(st) if d.required) == [EG, BA, AS, AI]
    # a three-card hand without Famine looks exactly the same
    plain = dict(HANDS, asia=["ochre", "wine", "wine"])
    st2, _ = market(plain)
    assert (engine.view(st2, EG)["phase_view"]["in_market"]
            == engine.view(st, EG)["phase_view"]["in_market"])
    assert st.step["cutoff_players"] == st2.step["cutoff_players"] == 4
    # Asia still cannot give the Famine, and is told why; others may offer to her
    e = refused(st, offer(AI, EG, ["ochre", "wine", "famine"], ["salt", "salt", "grain"]))
    assert e.rule in ("27.3", "28.3") and "tradable" in e.message
    st, _ = play(st, offer(EG, AI, ["salt", "salt", "grain"], ["ochre", "wine", "dont_care"]))
    # leaving works as for anybody; the market ends when all have left
    st, _ = play(st, done(AI), done(EG), done(BA))
    assert sorted(st.player("asia").hand) == ["famine", "ochre", "wine"]
    st, _ = play(st, done(AS))
    assert st.phase != "trade"


@pytest.mark.rule("27.3", "28.3")
@pytest.mark.site("SITE-MARKET-09")
def test_random_bot_holding_a_non_tradable_just_leaves():
    hands = dict(HANDS, asia=["ochre", "wine", "famine"])
    for seed in range(10):
        st, _ = market(hands)
        o = PHASES["trade"].sample(Game(st), AI, Rng(seed))
        st, _ = engine.apply(st, o)  # never refused


# ---- what the bots' information state may hold (27.4, 28.3) -----------------------------
@pytest.mark.rule("27.4", "28.3")
@pytest.mark.site("SITE-TALK-03")
def test_information_state_hides_the_cards_behind_others_offers():
    """A bot decides on what its seat knows: the real card behind a lie made to it, an offer
    between two others, or a counter side accepted with a lie are not in it."""
    st, _ = market(HANDS, open_=False)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "treachery"], ["oil", "oil", "dont_care"],
                           said=["salt", "salt", "grain"]),
                 accept(BA, 1, ["oil", "oil", "superstition"], said=["oil", "oil", "iron"]))
    for seat in (AS, AI):
        info = information_state(st, seat)
        blob = json.dumps(info.step)
        assert "treachery" not in blob and "superstition" not in blob
        assert info.step["offers"] == []
    to_ba = information_state(st, BA)
    assert "treachery" not in json.dumps(to_ba.step)
    assert to_ba.step["offers"][0]["said"] == ["salt", "salt", "grain"]
    assert to_ba.step["offers"][0]["accept"]["give"] == ["oil", "oil", "superstition"]  # his own
    to_eg = information_state(st, EG)
    assert "superstition" not in json.dumps(to_eg.step)
    assert to_eg.step["offers"][0]["give"] == ["salt", "salt", "treachery"]  # his own
    assert to_eg.step["offers"][0]["accept"]["said"] == ["oil", "oil", "iron"]
    # the bots still work on it
    for seat in (EG, BA, AS):
        g = Game(information_state(st, seat))
        PHASES["trade"].sample(g, seat, Rng(1))


@pytest.mark.rule("27.4", "29.61")
def test_information_state_hides_who_was_traded_a_calamity():
    """``flags["calamity_from"]`` says who holds a traded calamity: only the holder keeps it in
    his information state (the giver knows what he gave, not where it went next)."""
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "treachery"], ["oil", "oil", "dont_care"],
                           said=["salt", "salt", "grain"]),
                 accept(BA, 1, ["oil", "oil", "iron"]))
    assert st.player("babylon").flags["calamity_from"] == {"treachery": "egypt"}
    assert information_state(st, BA).player("babylon").flags["calamity_from"] == {
        "treachery": "egypt"}
    for seat in (EG, AS, AI):
        info = information_state(st, seat)
        assert "calamity_from" not in info.player("babylon").flags
        assert "treachery" not in json.dumps([p.flags for p in info.players if p.seat != seat])


@pytest.mark.rule("27.4", "27.51")
@pytest.mark.site("SITE-ACQ-01")
def test_information_state_hides_others_purchase_decisions():
    st, _ = position(nations=["italy", "crete", "africa"], phase="acquisition",
                     players={"italy": {"treasury": 40}, "crete": {"treasury": 20}},
                     options={"turn_limit": 1})
    st, _ = play(st, {"type": "buy_cards", "player": 0, "count": 2})
    assert st.phase == "acquisition"
    assert information_state(st, 0).step["buy"] == {"0": 2}
    assert information_state(st, 1).step["buy"] == {}
    assert information_state(st, 2).step["buy"] == {}
    assert engine.view(st, 1)["phase_view"]["decided"] is None


# ---- calamity_from: the last trader (29.61, 30.221) -------------------------------------
@pytest.mark.rule("29.61", "30.221")
def test_calamity_passed_on_and_back_records_only_the_last_trader():
    hands = {"egypt": ["salt", "salt", "grain", "treachery"],
             "babylon": ["oil", "oil", "iron", "wine"],
             "assyria": ["ochre", "hides", "cloth", "cloth"]}
    st, _ = market(hands)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "treachery"], ["oil", "oil", "dont_care"],
                           said=["salt", "salt", "grain"]),
                 accept(BA, 1, ["oil", "oil", "iron"]))
    st, _ = play(st, offer(BA, AS, ["salt", "treachery", "wine"], ["ochre", "hides", "dont_care"],
                           said=["salt", "cloth", "wine"]),
                 accept(AS, 2, ["ochre", "hides", "cloth"]))
    assert "treachery" not in st.player("babylon").flags.get("calamity_from", {})
    assert st.player("assyria").flags["calamity_from"] == {"treachery": "babylon"}
    # back to the player who drew it: Assyria is now its trader
    st, _ = play(st, offer(AS, EG, ["treachery", "salt", "wine"], ["grain", "oil", "dont_care"],
                           said=["cloth", "salt", "wine"]),
                 accept(EG, 3, ["grain", "oil", "oil"]))
    assert "treachery" in st.player("egypt").hand
    assert st.player("egypt").flags["calamity_from"] == {"treachery": "assyria"}
    assert "treachery" not in st.player("assyria").flags.get("calamity_from", {})


# ---- cards no longer in hand, atomicity -------------------------------------------------
@pytest.mark.rule("28.1", "28.3")
@pytest.mark.site("SITE-MARKET-02")
def test_queued_deal_voided_when_the_acceptor_traded_his_cards_away():
    """During the embargo nothing is reserved: Babylon accepts two deals with the same Oil; the
    first runs, the second is void for both, and no card moves in it."""
    hands = {"egypt": ["salt", "salt", "grain"], "babylon": ["oil", "oil", "iron", "wine"],
             "assyria": ["ochre", "hides", "cloth"]}
    st, _ = market(hands, open_=False)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "dont_care", "dont_care"]),
                 offer(AS, BA, ["ochre", "hides", "cloth"], ["oil", "dont_care", "dont_care"]),
                 accept(BA, 1, ["oil", "oil", "iron"]),
                 accept(BA, 2, ["oil", "wine", "iron"]))
    st, ev = play(st, {"type": "market_open", "player": 0})
    assert sorted(st.player("babylon").hand) == ["grain", "salt", "salt", "wine"]
    assert sorted(st.player("assyria").hand) == ["cloth", "hides", "ochre"]
    assert sorted(st.player("egypt").hand) == ["iron", "oil", "oil"]
    void = [e for e in ev if e.kind == "trade_void"]
    assert len(void) == 1 and sorted(void[0].to) == [BA, AS]


@pytest.mark.rule("28.1", "28.3")
def test_refused_acceptance_changes_nothing():
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "dont_care"]))
    refused(st, accept(BA, 1, ["oil", "oil", "oil"]), "28.3")  # a card he does not hold
    refused(st, accept(BA, 1, ["oil", "oil", "iron"], said=["oil", "gold", "gold"]), "28.3")
    refused(st, accept(AS, 1, ["ochre", "hides", "cloth"]), "28.2")  # not made to Assyria
    assert st.step["offers"][0]["accept"] is None


@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-TRADE-10")
def test_dont_care_entries_take_anything_and_named_entries_need_their_names():
    """Expecting Oil, Oil, Don't Care, Don't Care: four cards, two stated as Oil."""
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain", "treachery"],
                           ["oil", "oil", "dont_care", "dont_care"],
                           said=["salt", "salt", "grain", "unspecified"]))
    refused(st, accept(BA, 1, ["oil", "oil", "iron"]), "SITE-TRADE-08")  # 3 for 4
    st, ev = play(st, accept(BA, 1, ["oil", "oil", "iron", "superstition"],
                             said=["oil", "oil", "unspecified", "unspecified"]))
    assert sorted(st.player("egypt").hand) == ["famine", "iron", "oil", "oil", "superstition"]
    assert st.player("egypt").flags["calamity_from"] == {"superstition": "babylon"}
    public = [e for e in ev if e.kind == "trade"][0]
    assert public.text == ("Egypt traded 4 cards said to be Salt, Salt, Grain, Unspecified to "
                           "Babylon for 4 cards said to be Oil, Oil, Unspecified, Unspecified.")


# ---- acquisition edge cases (27) ----------------------------------------------------------
@pytest.mark.rule("27.51")
@pytest.mark.site("SITE-ACQ-01")
def test_a_player_without_cities_may_still_buy_stack_nine_cards():
    st, _ = position(nations=["italy", "crete", "africa"], phase="acquisition",
                     players={"crete": {"treasury": 36}},
                     stacks={"9": ["gold", "ivory", "piracy"]}, options={"turn_limit": 1})
    st, ev = play(st, {"type": "buy_cards", "player": 1, "count": 2})
    assert sorted(st.player("crete").hand) == ["gold", "ivory"]
    assert st.player("crete").treasury == 0
    assert "Crete buys 2 cards from stack 9 for 36 treasury." in texts(ev)
    private = [e for e in ev if e.kind == "draw_private"]
    assert all(e.to == [1] for e in private)


@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-TRADE-04", "SITE-TRADE-11")
def test_expecting_more_unspecified_cards_than_lies_allowed_is_refused():
    """Every Unspecified card is a lie and a side of n cards holds at most n - 2 lies: an
    offer expecting three Unspecified of three could never be accepted."""
    st, _ = market(HANDS)
    e = refused(st, offer(EG, BA, ["salt", "salt", "grain"],
                          ["unspecified", "unspecified", "oil"]), "28.3")
    assert "at most 1 of 3 cards expected can be Unspecified" in e.message
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "unspecified"]))
    # nor can the acceptor ask for more Unspecified than the offer states
    refused(st, accept(BA, 1, ["oil", "oil", "iron"], said=["oil", "oil", "unspecified"],
                       expect=["unspecified", "unspecified", "dont_care"]), "28.3")
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain", "treachery"],
                           ["oil", "oil", "unspecified", "unspecified"]))
    assert st.step["offers"][1]["expect"].count("unspecified") == 2


@pytest.mark.rule("27.51", "27.21")
@pytest.mark.site("SITE-ACQ-01")
def test_how_many_cards_a_buyer_wanted_stays_his_secret():
    """Italy orders two stack-9 cards, one is left: everyone sees that he bought one; only he
    is told that the stack ran out on his order."""
    st, _ = position(nations=["italy", "crete", "africa"], phase="acquisition",
                     players={"africa": {"treasury": 36}, "italy": {"treasury": 36}},
                     stacks={"9": ["gold", "ivory"]}, options={"turn_limit": 1})
    africa, italy = st.player("africa").seat, st.player("italy").seat
    st, ev = play(st, {"type": "buy_cards", "player": africa, "count": 1},
                  {"type": "buy_cards", "player": italy, "count": 2})
    assert st.player("italy").hand == ["ivory"] and st.player("italy").treasury == 18
    empty = [e for e in ev if e.kind == "draw_empty" and e.data.get("stack") == 9]
    assert len(empty) == 1 and empty[0].to == [italy]
    public = [e.text for e in ev if e.to is None]
    assert "Italy buys 1 card from stack 9 for 18 treasury." in public
    assert not any("ivory" in t.lower() or "gold" in t.lower() for t in public)
    assert all(e.to is not None for e in ev if e.kind == "buy_decision")  # choices private


# ---- the market ------------------------------------------------------------------------------
@pytest.mark.site("SITE-TRADE-14", "SITE-MARKET-05")
def test_accepting_an_offer_re_enters_the_market():
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "dont_care"]),
                 done(BA))
    assert BA not in engine.view(st, None)["phase_view"]["in_market"]
    cutoff = st.step["cutoff_players"]
    st, ev = play(st, accept(BA, 1, ["oil", "oil", "iron"]))
    assert "Babylon re-enters the market." in texts(ev)
    assert BA in engine.view(st, None)["phase_view"]["in_market"]
    assert st.step["cutoff_players"] == cutoff


@pytest.mark.site("SITE-MARKET-02", "SITE-MARKET-07")
def test_cutoff_during_a_prolonged_embargo_still_runs_the_agreed_deals():
    """Deals agreed under the embargo were agreed to run when the market opens; a cutoff that
    arrives first opens it, runs them in order, then ends trading."""
    st, _ = market(HANDS, open_=False)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "dont_care"]),
                 accept(BA, 1, ["oil", "oil", "iron"]))
    st, ev = play(st, {"type": "close_market", "player": 0})
    assert st.phase != "trade"
    assert [e.to for e in ev if e.kind == "trade_private"] == [[EG], [BA]]
    kinds = [e.kind for e in ev]
    assert kinds.index("market_open") < kinds.index("trade") < kinds.index("market_cutoff")


@pytest.mark.rule("28.3", "27.4")
@pytest.mark.site("SITE-TALK-03")
def test_third_parties_never_see_the_card_behind_a_lie_in_views_or_events():
    """Egypt passes Treachery to Babylon as "Grain"; Assyria and Asia, and spectators, learn
    only what was said, in the events and in every view, before and after the deal."""
    st, _ = market(HANDS, open_=False)
    st, ev1 = play(st, offer(EG, BA, ["salt", "salt", "treachery"], ["oil", "oil", "dont_care"],
                             said=["salt", "salt", "grain"]),
                   accept(BA, 1, ["oil", "oil", "superstition"], said=["oil", "oil", "iron"]))
    views_before = {s: json.dumps(engine.view(st, s)) for s in (AS, AI, None)}
    st, ev2 = play(st, {"type": "market_open", "player": 0})
    for seat in (AS, AI):
        for e in ev1 + ev2:
            if e.visible_to(seat):
                blob = (e.text + json.dumps(e.data)).lower()
                assert "treachery" not in blob and "superstition" not in blob
    for s, blob in views_before.items():
        assert "treachery" not in blob and "superstition" not in blob
    for s in (AS, AI, None):
        blob = json.dumps(engine.view(st, s))
        assert "treachery" not in blob and "superstition" not in blob
    # Babylon learns the Treachery he got, never what Egypt keeps; Egypt the Superstition
    ba = [e for e in ev2 if e.kind == "trade_private" and e.to == [BA]][0]
    assert ba.data["received"] == ["salt", "salt", "treachery"]
    assert "famine" not in json.dumps(engine.view(st, BA))


@pytest.mark.rule("27.3", "28.3")
@pytest.mark.site("SITE-TRADE-09")
def test_every_deal_random_bots_make_keeps_the_honesty_rules():
    """Random legal play: every deal carried out gives at least three cards a side, at least
    two of the stated names true on each side, and never moves a non-tradable calamity."""
    from collections import Counter

    hands = {"egypt": ["salt", "salt", "grain", "treachery", "famine", "oil", "iron"],
             "babylon": ["oil", "oil", "iron", "superstition", "salt", "flood"],
             "assyria": ["ochre", "hides", "cloth", "grain", "volcano"],
             "asia": ["ochre", "wine", "wine", "epidemic", "civil_war"]}
    nontradable = {"famine": "egypt", "flood": "babylon", "volcano": "assyria",
                   "civil_war": "asia"}
    deals = 0
    for seed in range(40):
        st, _ = market(hands, open_=seed % 2 == 0)
        rng = Rng(seed)
        guard = 0
        while st.phase == "trade":
            req = [d.player for d in engine.pending(st) if d.required]
            if not req:
                st, _ = play(st, {"type": "market_open", "player": 0})
                continue
            seat = req[rng.below(len(req))]
            o = PHASES["trade"].sample(Game(information_state(st, seat)), seat, rng)
            st, ev = engine.apply(st, o)
            got = {e.to[0]: e.data["received"] for e in ev if e.kind == "trade_private"}
            for e in ev:
                if e.kind != "trade":
                    continue
                deals += 1
                a, b = st.player(e.data["nation"]).seat, st.player(e.data["partner"]).seat
                for receiver, said in ((b, e.data["said"]), (a, e.data["partner_said"])):
                    real = got[receiver]
                    assert len(real) == len(said) >= 3
                    true = sum((Counter(real) & Counter(said)).values())
                    assert true >= 2, (real, said)
            if st.phase == "trade":
                for card, owner in nontradable.items():
                    assert card in st.player(owner).hand
            guard += 1
            assert guard < 300
    assert deals > 0


# ---- the stacks at set-up (15.2) -----------------------------------------------------------
@pytest.mark.rule("27.21", "27.51")
@pytest.mark.site("SITE-ACQ-01")
def test_empty_stack_nine_means_nobody_is_asked():
    st, _ = position(nations=["italy", "crete", "africa"], phase="acquisition",
                     players={"crete": {"treasury": 40}, "italy": {"treasury": 40}},
                     stacks={"9": []}, options={"turn_limit": 1})
    assert st.phase != "acquisition"  # nobody could buy: nobody was asked, draws done
    # while someone is asked, a player who cannot pay is told why
    st, _ = position(nations=["italy", "crete", "africa"], phase="acquisition",
                     players={"africa": {"treasury": 18}, "italy": {"treasury": 10}},
                     stacks={"9": ["gold"]}, options={"turn_limit": 1})
    e = refused(st, {"type": "buy_cards", "player": st.player("italy").seat, "count": 1}, "27.51")
    assert "costs 18 treasury; you have 10" in e.message
