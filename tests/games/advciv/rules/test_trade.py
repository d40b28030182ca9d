"""tresham/games/advciv/rules/trade.py: trading (28) as the site does it: offers with lies,
Don't Care / Unspecified, the market with its embargo and cutoff, the public message, and
the secrecy of what was traded (27.3, 27.4)."""
import itertools
import json

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.view import information_state
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng

from tests.games.advciv.repeats import already_done
from tests.helpers import play, position, refused, texts


N4 = ["egypt", "babylon", "assyria", "asia"]
EG, BA, AS, AI = 0, 1, 2, 3


def market(hands, open_=True, options=None, **players):
    spec = {n: {"hand": h} for n, h in hands.items()}
    for n, extra in players.items():
        spec.setdefault(n, {}).update(extra)
    st, ev = position(nations=N4, phase="trade", step={"market_open": open_},
                      players=spec, options={"turn_limit": 1, **(options or {})})
    return st, ev


def offer(frm, to, give, expect, said=None):
    o = {"type": "trade_offer", "player": frm, "to": to, "give": give, "expect": expect}
    if said is not None:
        o["said"] = said
    return o


def accept(who, oid, give, said=None, expect=None):
    o = {"type": "trade_accept", "player": who, "offer": oid, "give": give}
    if said is not None:
        o["said"] = said
    if expect is not None:
        o["expect"] = expect
    return o


def done(who):
    return {"type": "trade_done", "player": who}


HANDS = {"egypt": ["salt", "salt", "grain", "treachery", "famine"],
         "babylon": ["oil", "oil", "iron", "superstition"],
         "assyria": ["ochre", "hides", "cloth"],
         "asia": ["ochre", "wine"]}


# ---- 27.3, 27.4 Non-tradable calamities and the secrecy of the cards ----------------------------
@pytest.mark.rule("27.3", "27.4", "28.3")
@pytest.mark.site("SITE-MARKET-06", "SITE-MARKET-07")
def test_market_membership_does_not_reveal_a_non_tradable_calamity():
    """Who is in the market is public (the server's deadline depends on it). It must follow
    from what everyone sees, the hand size, or it would tell the table that a player with three
    cards holds a non-tradable calamity (Egypt holds the one Famine; Asia here a Volcanic
    Eruption). Such a player is in the market; he cannot give that card (27.3)."""
    hands = dict(HANDS, asia=["ochre", "wine", "volcano"])
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
    e = refused(st, offer(AI, EG, ["ochre", "wine", "volcano"], ["salt", "salt", "grain"]))
    assert e.rule in ("27.3", "28.3") and "tradable" in e.message
    st, _ = play(st, offer(EG, AI, ["salt", "salt", "grain"], ["ochre", "wine", "dont_care"]))
    # leaving works as for anybody; the market ends when all have left
    st, _ = play(st, done(AI), done(EG), done(BA))
    assert sorted(st.player("asia").hand) == ["ochre", "volcano", "wine"]
    st, _ = play(st, done(AS))
    assert st.phase != "trade"


@pytest.mark.rule("27.3", "28.3")
@pytest.mark.site("SITE-MARKET-09")
def test_random_bot_holding_a_non_tradable_just_leaves():
    hands = dict(HANDS, asia=["ochre", "wine", "volcano"])  # Egypt holds the one Famine
    for seed in range(10):
        st, _ = market(hands)
        o = PHASES["trade"].sample(Context(st), AI, Rng(seed))
        assert o.to_json() == {"type": "trade_done", "player": AI}  # no offer of 3 tradable cards to make
        st, _ = engine.apply(st, o)  # never refused
        assert sorted(st.players[AI].hand) == ["ochre", "volcano", "wine"]  # the Volcano stays (27.3)
        assert AI not in {d.player for d in engine.pending(st) if d.required}


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
        g = Context(information_state(st, seat))
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
            o = PHASES["trade"].sample(Context(information_state(st, seat)), seat, rng)
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


# ---- 28.1 Offers, acceptances, deals carried out ------------------------------------------------
@pytest.mark.rule("28.1", "28.3")
@pytest.mark.site("SITE-TRADE-02", "SITE-TRADE-05", "SITE-TRADE-06", "SITE-TRADE-07", "SITE-TRADE-08")
def test_trade_with_a_lie_executes_when_both_sides_match():
    st, _ = market(HANDS)
    st, ev = play(st, offer(EG, BA, ["salt", "salt", "treachery"], ["oil", "oil", "dont_care"],
                            said=["salt", "salt", "grain"]))
    assert sorted(st.player("egypt").hand) == sorted(HANDS["egypt"])  # nothing moved yet
    st, ev = play(st, accept(BA, 1, ["oil", "oil", "iron"]))
    assert sorted(st.player("egypt").hand) == ["famine", "grain", "iron", "oil", "oil"]
    assert sorted(st.player("babylon").hand) == ["salt", "salt", "superstition", "treachery"]
    assert st.player("babylon").flags["calamity_from"] == {"treachery": "egypt"}
    # the deal is final (28.1): nothing left to withdraw
    refused(st, {"type": "trade_withdraw", "player": EG, "offer": 1}, "28.1")


@pytest.mark.rule("28.1")
def test_offers_can_be_withdrawn_or_declined_before_cards_move():
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]),
                 offer(EG, AS, ["salt", "salt", "grain"], ["ochre", "hides", "cloth"]))
    st, ev = play(st, {"type": "trade_withdraw", "player": EG, "offer": 1},
                  {"type": "trade_withdraw", "player": AS, "offer": 2})
    assert "Offer #1 is withdrawn by Egypt." in texts(ev)
    assert "Offer #2 is declined by Assyria." in texts(ev)
    assert st.step["offers"] == []
    refused(st, accept(BA, 1, ["oil", "oil", "iron"]), "28.1")
    refused(st, {"type": "trade_withdraw", "player": AI, "offer": 1}, "28.1")
    assert sorted(st.player("egypt").hand) == sorted(HANDS["egypt"])


@pytest.mark.rule("28.1")
def test_offer_voided_when_its_cards_are_traded_elsewhere():
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]),
                 offer(EG, AS, ["salt", "salt", "treachery"], ["ochre", "hides", "cloth"]))
    st, ev = play(st, accept(BA, 1, ["oil", "oil", "iron"]))
    assert "Offer #2 from Egypt to Assyria is void: a card in it is no longer held." in texts(ev)
    refused(st, accept(AS, 2, ["ochre", "hides", "cloth"]), "28.1")
    assert sorted(st.player("assyria").hand) == ["cloth", "hides", "ochre"]


@pytest.mark.rule("28.1")
def test_open_offers_are_capped():
    st, _ = market(HANDS)
    for _ in range(30):
        engine.apply_in_place(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]))
    e = refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]), "28.1")
    assert "30 open offers" in e.message


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


# ---- 28.2 Trade cards only, between two players -------------------------------------------------
@pytest.mark.rule("28.2")
def test_only_trade_cards_between_two_players():
    st, _ = market(HANDS, egypt={"civ_cards": ["pottery"], "treasury": 10})
    refused(st, offer(EG, BA, ["salt", "salt", "pottery"], ["oil", "oil", "iron"]), "28.2")
    refused(st, offer(EG, EG, ["salt", "salt", "grain"], ["oil", "oil", "iron"]), "28.2")
    refused(st, offer(EG, 9, ["salt", "salt", "grain"], ["oil", "oil", "iron"]), "28.2")
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]))
    refused(st, accept(AS, 1, ["ochre", "hides", "cloth"]), "28.2")  # not offered to Assyria
    refused(st, {"type": "trade_withdraw", "player": AS, "offer": 1}, "28.2")


# ---- 28.3 Three cards a side, at most n - 2 lies ------------------------------------------------
@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-TRADE-09")
def test_three_cards_each_side_and_three_cards_in_hand():
    st, _ = market(HANDS)
    refused(st, offer(EG, BA, ["salt", "salt"], ["oil", "oil", "iron"]), "28.3")
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil"]), "28.3")
    e = refused(st, offer(EG, AI, ["salt", "salt", "grain"], ["ochre", "wine", "dont_care"]), "28.3")
    assert "fewer than 3" in e.message  # Asia holds 2 cards
    e = refused(st, offer(AI, EG, ["ochre", "wine", "wine"], ["salt", "salt", "grain"]), "28.3")
    assert "at least 3 tradable cards" in e.message
    # Asia cannot trade, so owes no market decision
    assert sorted(d.player for d in engine.pending(st)) == [EG, BA, AS]


@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-TRADE-09")
def test_at_most_given_minus_two_lies():
    st, _ = market(HANDS)
    e = refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"],
                          said=["salt", "oil", "oil"]), "28.3")
    assert "at most 1 may be lies" in e.message
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"],
                      said=["salt", "unspecified", "unspecified"]), "28.3")
    # four cards: two lies allowed
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain", "treachery"],
                           ["oil", "oil", "iron", "dont_care"],
                           said=["salt", "salt", "gold", "unspecified"]))
    assert st.step["offers"][0]["said"] == ["salt", "salt", "gold", "unspecified"]


@pytest.mark.rule("27.3", "28.3")
@pytest.mark.site("SITE-TRADE-09")
def test_non_tradable_and_unheld_cards_cannot_be_given():
    st, _ = market(HANDS)
    e = refused(st, offer(EG, BA, ["salt", "salt", "famine"], ["oil", "oil", "iron"]), "27.3")
    assert "Famine cannot be traded" in e.message
    refused(st, offer(EG, BA, ["salt", "salt", "salt"], ["oil", "oil", "iron"]), "28.3")
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"],
                      said=["salt", "salt", "famine"]), "28.3")  # cannot be stated as a non-tradable


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


@pytest.mark.rule("28.3")
def test_malformed_orders_are_refused_with_a_message():
    st, _ = market(HANDS)
    refused(st, offer(EG, BA, ["salt", {"x": 1}, "grain"], ["oil", "oil", "iron"]), "28.2")
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"],
                      said=["salt", ["salt"], "grain"]), "28.3")
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", None, "iron"]), "28.3")
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], "oil, oil, iron"), "28.3")
    refused(st, {"type": "trade_offer", "player": EG, "to": True, "give": ["salt", "salt", "grain"],
                 "expect": ["oil", "oil", "iron"]}, "28.2")
    refused(st, accept(BA, "1", ["oil", "oil", "iron"]), "28.1")
    refused(st, {"type": "trade_message", "player": EG, "text": 5}, "SITE-MSG-01")


# ---- 28.3, SITE-TALK-03 What the others learn of a deal -----------------------------------------
@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-TRADE-13", "SITE-TALK-03", "SITE-EMAIL-03")
def test_events_tell_each_side_the_truth_and_the_others_only_what_was_said():
    st, _ = market(HANDS)
    st, ev = play(st, offer(EG, BA, ["salt", "salt", "treachery"], ["oil", "oil", "dont_care"],
                            said=["salt", "salt", "grain"]),
                  accept(BA, 1, ["oil", "oil", "superstition"], said=["oil", "oil", "iron"]))
    got_ba = [e for e in ev if e.kind == "trade_private" and e.to == [BA]]
    got_eg = [e for e in ev if e.kind == "trade_private" and e.to == [EG]]
    assert got_ba[0].data["received"] == ["salt", "salt", "treachery"]
    assert got_eg[0].data["received"] == ["oil", "oil", "superstition"]
    public = [e for e in ev if e.to is None]
    trade = [e for e in public if e.kind == "trade"]
    assert trade[0].text == ("Egypt traded 3 cards said to be Salt, Salt, Grain to Babylon for "
                             "3 cards said to be Oil, Oil, Iron.")
    for e in public:  # no hidden truth in anything everyone sees
        assert "Treachery" not in e.text and "Superstition" not in e.text
        assert "received" not in e.data and "give" not in e.data
    for seat in (AS, AI):
        seen = [e.text for e in ev if e.visible_to(seat)]
        assert not any("Treachery" in t or "Superstition" in t for t in seen)


@pytest.mark.rule("28.3", "27.4")
@pytest.mark.site("SITE-TRADE-05", "SITE-TRADE-06", "SITE-TALK-03")
def test_views_show_only_stated_names_of_received_offers():
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "treachery"], ["oil", "oil", "dont_care"],
                           said=["salt", "salt", "grain"]))
    mine = engine.view(st, EG)["phase_view"]
    assert mine["offers_made"][0]["give"] == ["salt", "salt", "treachery"]
    theirs = engine.view(st, BA)["phase_view"]
    rec = theirs["offers_received"][0]
    assert rec["said"] == ["salt", "salt", "grain"] and rec["expect"] == ["oil", "oil", "dont_care"]
    assert "treachery" not in json.dumps(theirs) and "famine" not in json.dumps(theirs)
    for seat in (AS, AI, None):
        v = engine.view(st, seat)
        assert "treachery" not in json.dumps(v)
        assert v["phase_view"].get("offers_received", []) == []


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


@pytest.mark.site("SITE-CREATE-13", "SITE-TRADE-13")
def test_public_trade_message_can_be_disabled():
    st, _ = market(HANDS, options={"public_trade_message": False})
    st, ev = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "dont_care"]),
                  accept(BA, 1, ["oil", "oil", "iron"]))
    assert [e for e in ev if e.kind == "trade"] == []
    assert len([e for e in ev if e.kind == "trade_private"]) == 2
    assert sorted(st.player("egypt").hand) == ["famine", "iron", "oil", "oil", "treachery"]


# ---- 28.41 Leaving and re-entering the market ---------------------------------------------------
@pytest.mark.rule("28.41")
@pytest.mark.site("SITE-TRADE-14", "SITE-MARKET-04", "SITE-MARKET-05", "SITE-MARKET-07")
def test_done_leaves_the_market_and_reentry_is_possible():
    st, _ = market(HANDS)
    assert st.step["cutoff_players"] == 4
    st, ev = play(st, done(EG))
    assert st.phase == "trade" and st.step["cutoff_players"] == 2  # Babylon, Assyria remain
    assert {d.player: d.required for d in engine.pending(st)} == {EG: False, BA: True, AS: True}
    refused(st, done(EG), "SITE-TRADE-14")
    st, ev = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]))
    assert "Egypt re-enters the market." in texts(ev)
    assert st.step["cutoff_players"] == 2  # re-entering does not change the cutoff
    st, _ = play(st, done(BA), done(AS))
    assert st.phase == "trade" and st.step["cutoff_players"] == 1
    st, ev = play(st, done(EG))
    assert st.phase != "trade" and "Trading is over." in texts(ev)


@pytest.mark.site("SITE-TRADE-14", "SITE-SAFE-10")
def test_done_after_leaving_is_already_done_and_changes_nothing():
    """Done twice: the second changes nothing, not even the counts (the site logs nothing)."""
    st, _ = market(HANDS)
    st, _ = play(st, done(EG))
    already_done(st, done(EG), "you have already left the market")


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


# ---- 28.5 Sets; 28.53 Mining --------------------------------------------------------------------
@pytest.mark.rule("28.5", "28.51", "28.52")
def test_set_values():
    g = Context(engine.new_game({"players": 3}, seed=1))
    assert g.set_value("grain", 3) == 36
    assert g.hand_value(["grain", "grain", "grain", "salt"]) == 39
    assert g.hand_value(["salt", "salt", "timber", "timber"]) == 24  # never combined
    assert g.set_value("ivory", 4) == 144 and g.set_value("ivory", 5) == 144  # printed cap


@pytest.mark.rule("28.53")
def test_mining_adds_one_card_to_one_set_within_the_cap():
    g = Context(engine.new_game({"players": 3}, seed=1))
    bronze3 = ["bronze"] * 3
    assert g.hand_value(bronze3) == 54 and g.hand_value(bronze3, mining=True) == 96
    assert g.hand_value(bronze3 + ["gems"] * 2, mining=True) == 96 + 32  # one set only
    assert g.hand_value(["salt"] * 3, mining=True) == 27  # Salt is not eligible
    assert g.hand_value(["bronze"] * 6, mining=True) == 216  # never beyond the printed value


# ---- 29.61 The last trader of a calamity --------------------------------------------------------
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


# ---- SITE-TRADE-03..12 Expectations: named cards, Don't Care, Unspecified -----------------------
@pytest.mark.site("SITE-TRADE-03")
def test_market_is_only_for_agreed_exchanges():
    """An offer never moves cards by itself; only an accepted, matching side does."""
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]),
                 offer(BA, EG, ["oil", "oil", "iron"], ["salt", "salt", "grain"]))
    assert sorted(st.player("egypt").hand) == sorted(HANDS["egypt"])
    assert [o["id"] for o in st.step["offers"]] == [1, 2]


@pytest.mark.site("SITE-TRADE-04")
def test_expectations_are_named_cards_dont_care_or_unspecified():
    st, _ = market(HANDS)
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "pottery"]), "28.3")
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "anything"]), "28.3")
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "dont_care", "unspecified"]))
    assert st.step["offers"][0]["expect"] == ["oil", "dont_care", "unspecified"]


@pytest.mark.site("SITE-TRADE-08")
def test_counter_side_must_match_both_ways_and_in_number():
    st, _ = market(HANDS)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "dont_care"]))
    refused(st, accept(BA, 1, ["oil", "oil", "iron", "superstition"]), "SITE-TRADE-08")  # 4 for 3
    refused(st, accept(BA, 1, ["oil", "iron", "superstition"]), "SITE-TRADE-08")  # one Oil only
    e = refused(st, accept(BA, 1, ["oil", "oil", "iron"], expect=["grain", "grain", "dont_care"]),
                "SITE-TRADE-08")
    assert "you expect" in e.message
    st, _ = play(st, accept(BA, 1, ["oil", "oil", "iron"], expect=["salt", "dont_care", "dont_care"]))
    assert sorted(st.player("babylon").hand) == ["grain", "salt", "salt", "superstition"]


@pytest.mark.site("SITE-TRADE-10")
def test_dont_care_accepts_any_stated_card_the_manual_example():
    # Egypt expects Salt, Grain, Don't Care; Babylon sends Salt, a calamity said to be Grain
    # (the one lie) and a truthfully stated calamity as the Don't-Care card.
    hands = {"egypt": ["ochre", "hides", "iron"], "babylon": ["salt", "treachery", "superstition"]}
    st, _ = market(hands)
    st, _ = play(st, offer(EG, BA, ["ochre", "hides", "iron"], ["salt", "grain", "dont_care"]))
    st, ev = play(st, accept(BA, 1, ["salt", "treachery", "superstition"],
                             said=["salt", "grain", "superstition"]))
    assert sorted(st.player("egypt").hand) == ["salt", "superstition", "treachery"]
    assert st.player("egypt").flags["calamity_from"] == {"treachery": "babylon",
                                                         "superstition": "babylon"}
    assert sorted(st.player("babylon").hand) == ["hides", "iron", "ochre"]


@pytest.mark.site("SITE-TRADE-11")
def test_unspecified_needs_a_card_stated_as_unspecified():
    hands = {"egypt": ["ochre", "hides", "iron"],
             "babylon": ["salt", "grain", "treachery", "ochre", "oil"]}
    st, _ = market(hands)
    st, _ = play(st, offer(EG, BA, ["ochre", "hides", "iron"], ["salt", "grain", "unspecified"]))
    # a truthfully named third card does not fill "Unspecified"
    refused(st, accept(BA, 1, ["salt", "grain", "ochre"]), "SITE-TRADE-08")
    # lying about Grain too would be two lies out of three
    refused(st, accept(BA, 1, ["salt", "oil", "treachery"], said=["salt", "grain", "unspecified"]),
            "28.3")
    st, _ = play(st, accept(BA, 1, ["salt", "grain", "treachery"],
                            said=["salt", "grain", "unspecified"]))
    assert sorted(st.player("egypt").hand) == ["grain", "salt", "treachery"]


@pytest.mark.site("SITE-TRADE-12")
def test_two_named_and_one_unspecified_guarantees_the_named_cards():
    """Every side Babylon could legally send against Salt, Grain, Unspecified delivers a
    real Salt and a real Grain."""
    hand = ["salt", "grain", "treachery", "ochre", "oil"]
    st, _ = market({"egypt": ["ochre", "hides", "iron"], "babylon": hand})
    st, _ = play(st, offer(EG, BA, ["ochre", "hides", "iron"], ["salt", "grain", "unspecified"]))
    choices = ["salt", "grain", "unspecified", "oil", "treachery"]
    accepted = 0
    for give in itertools.permutations(hand, 3):
        for said in itertools.product(choices, repeat=3):
            try:
                s2, _ = engine.apply(st, accept(BA, 1, list(give), said=list(said)))
            except IllegalOrder:
                continue
            accepted += 1
            got = s2.player("egypt").hand
            assert "salt" in got and "grain" in got
    assert accepted > 0


# ---- SITE-MARKET-* The embargo, the cutoff, the timeout -----------------------------------------
@pytest.mark.site("SITE-MARKET-01", "SITE-MARKET-02", "SITE-MARKET-08")
def test_embargo_queues_deals_and_runs_them_in_order_when_it_ends():
    st, ev = market(HANDS, open_=False)
    assert "under embargo" in texts(ev)
    st, _ = play(st, offer(EG, AS, ["salt", "salt", "treachery"], ["ochre", "hides", "cloth"]),
                 offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]),
                 accept(AS, 1, ["ochre", "hides", "cloth"]),
                 accept(BA, 2, ["oil", "oil", "iron"]))
    assert sorted(st.player("egypt").hand) == sorted(HANDS["egypt"])  # nothing moved
    assert st.step["queue"] == [1, 2]
    st, ev = play(st, {"type": "market_open", "player": 0})
    # #1 went first; #2's Salts were gone, so it is skipped (SZ-17)
    assert sorted(st.player("egypt").hand) == ["cloth", "famine", "grain", "hides", "ochre"]
    assert sorted(st.player("assyria").hand) == ["salt", "salt", "treachery"]
    assert sorted(st.player("babylon").hand) == sorted(HANDS["babylon"])
    assert "Trade #2 between Egypt and Babylon is void: a card in it is no longer held." in texts(ev)
    assert st.player("assyria").flags["calamity_from"] == {"treachery": "egypt"}


@pytest.mark.site("SITE-MARKET-01")
def test_withdrawing_a_queued_deal_during_the_embargo():
    st, _ = market(HANDS, open_=False)
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]),
                 accept(BA, 1, ["oil", "oil", "iron"]),
                 {"type": "trade_withdraw", "player": BA, "offer": 1},
                 {"type": "market_open", "player": 0})
    assert sorted(st.player("egypt").hand) == sorted(HANDS["egypt"])
    assert st.step["queue"] == []


@pytest.mark.site("SITE-MARKET-02", "SITE-MARKET-07")
def test_everyone_leaving_during_the_embargo_ends_it_at_once():
    st, _ = market(HANDS, open_=False)
    st, ev = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]),
                  accept(BA, 1, ["oil", "oil", "iron"]), done(EG), done(BA), done(AS))
    assert st.phase != "trade"
    got = [e.data["received"] for e in ev if e.kind == "trade_private" and e.to == [BA]]
    assert got == [["salt", "salt", "grain"]]
    assert texts(ev).index("Trade #1: you receive") < texts(ev).index("Trading is over.")


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


@pytest.mark.site("SITE-MARKET-03", "SITE-MARKET-07", "SITE-TIME-03")
def test_close_market_at_the_cutoff_ends_trading():
    st, _ = market(HANDS)
    assert st.step["cutoff_players"] == 4  # cutoff = 4 x time limit at the start
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]))
    st, ev = play(st, {"type": "close_market", "player": 0})
    assert st.phase != "trade" and "The trade market cutoff has passed." in texts(ev)
    assert [e for e in ev if e.kind == "trade_private"] == []  # the open offer died with the market


@pytest.mark.site("SITE-MARKET-06")
def test_players_still_in_the_market_are_published_for_the_deadline():
    """The server adjusts the trade deadline for the availability of the players still in
    the market; the engine tells it who they are, updated on every departure and return."""
    st, _ = market(HANDS)
    assert sorted(engine.view(st, None)["phase_view"]["in_market"]) == [EG, BA, AS]  # Asia: 2 cards
    st, _ = play(st, done(BA))
    assert sorted(engine.view(st, AS)["phase_view"]["in_market"]) == [EG, AS]
    assert engine.view(st, AS)["phase_view"]["left"] == [BA]
    st, _ = play(st, offer(BA, EG, ["oil", "oil", "iron"], ["salt", "salt", "grain"]))
    assert sorted(engine.view(st, EG)["phase_view"]["in_market"]) == [EG, BA, AS]


@pytest.mark.site("SITE-MARKET-09")
def test_timeout_only_leaves_the_market_keeping_the_hand():
    st, _ = market(HANDS)
    d = engine.pending(st)[0]
    # no deadline of one's own: the market's cutoff ends trading for everyone (a timer)
    assert d.default == "the market closes at its cutoff; you keep your hand" and d.timed is False
    st, _ = play(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]))
    st, _ = play(st, engine.default(st, BA))
    assert BA in st.step["left"] and sorted(st.player("babylon").hand) == sorted(HANDS["babylon"])
    assert st.phase == "trade"


# ---- SITE-MSG-01 The public message -------------------------------------------------------------
@pytest.mark.site("SITE-MSG-01")
def test_public_message_editable_during_embargo_and_seen_by_all():
    st, _ = market(HANDS, open_=False)
    st, ev = play(st, {"type": "trade_message", "player": AI, "text": "Want Wine, give Ochre"},
                  {"type": "trade_message", "player": AI, "text": "Want Wine"})
    assert all(e.to is None for e in ev)
    for seat in (EG, BA, AS, AI, None):
        assert engine.view(st, seat)["phase_view"]["messages"] == {str(AI): "Want Wine"}
    refused(st, {"type": "trade_message", "player": AI, "text": "x" * 501}, "SITE-MSG-01")


@pytest.mark.site("SITE-MSG-01", "SITE-SAFE-10")
def test_the_same_public_message_again_is_already_done():
    st, _ = market(HANDS, open_=False)
    st, _ = play(st, {"type": "trade_message", "player": AI, "text": "Want Wine"})
    already_done(st, {"type": "trade_message", "player": AI, "text": "Want Wine"},
                 "your public message already says this")
    st, ev = play(st, {"type": "trade_message", "player": AI, "text": ""})  # a change: taken
    assert st.step["messages"] == {str(AI): ""} and texts(ev) == "Asia's public message: "
    already_done(st, {"type": "trade_message", "player": AI, "text": ""}, "your public message already says this")


# ---- 15.61 Inert nations; bots ------------------------------------------------------------------
@pytest.mark.rule("15.61")
def test_inert_nation_cannot_trade():
    st, _ = market(HANDS, babylon={"inert": True})
    refused(st, offer(EG, BA, ["salt", "salt", "grain"], ["oil", "oil", "iron"]), "15.61")
    refused(st, offer(BA, EG, ["oil", "oil", "iron"], ["salt", "salt", "grain"]), "15.61")


def test_random_bots_trade_and_leave_quickly():
    hands = {"egypt": ["salt", "salt", "grain", "treachery", "oil", "iron"],
             "babylon": ["oil", "oil", "iron", "superstition", "salt"],
             "assyria": ["ochre", "hides", "cloth", "grain"],
             "asia": ["ochre", "wine", "wine", "epidemic"]}
    for seed in range(30):
        st, _ = market(hands)
        rng = Rng(seed)
        n = 0
        while st.phase == "trade" and not st.finished:
            req = [d.player for d in engine.pending(st) if d.required]
            seat = req[rng.below(len(req))]
            o = PHASES["trade"].sample(Context(st), seat, rng)
            st, _ = engine.apply(st, o)  # never refused
            n += 1
            assert n < 100
            if st.phase == "trade":
                assert sum(len(st.player(x).hand) for x in N4) == 19
