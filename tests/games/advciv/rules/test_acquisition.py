"""tresham/games/advciv/rules/acquisition.py: acquisition of trade cards (27, SITE-ACQ-01..03)
and the creation options that show the stacks (SITE-CREATE-08, -09)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.view import information_state
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng

from tests.helpers import play, position, refused, texts


NATIONS = ["italy", "crete", "africa"]  # A.S.T. order: africa 1, italy 2, crete 5
NINE = ["rome", "neapolis", "tarentum", "syracuse", "palermo", "sardinia", "carthage", "thapsus",
        "cyrene"]
STACKS = {"1": ["hides", "ochre", "ochre", "hides"], "2": ["iron", "papyrus", "iron", "volcano"],
          "3": ["salt", "timber", "famine"], "4": ["grain", "oil"], "5": ["cloth", "wine"],
          "6": ["bronze"], "7": ["spices"], "8": ["gems"], "9": ["gold", "ivory", "piracy", "gold"]}


def cities(nation, areas):
    return {a: {"city": nation} for a in areas}


def acq(board=None, players=None, stacks=STACKS, options=None, **kw):
    """An acquisition position; the game ends after this turn (34.1B) so that the hands are
    checked as trading left them, not after later turns."""
    return position(nations=NATIONS, phase="acquisition", board=board or {}, players=players or {},
                    stacks=stacks, options={"turn_limit": 1, **(options or {})}, **kw)


# ---- 27.1 Fewest cities draw first --------------------------------------------------------------
@pytest.mark.rule("27.1")
@pytest.mark.site("SITE-ACQ-02")
def test_fewest_cities_draw_first_ties_in_ast_order():
    board = {**cities("italy", ["rome", "neapolis"]), **cities("crete", ["knossos"]),
             **cities("africa", ["carthage"])}
    st, ev = acq(board)
    # Africa (1 city, A.S.T. 1) then Crete (1 city, A.S.T. 5) then Italy (2 cities)
    assert st.player("africa").hand == ["hides"]
    assert st.player("crete").hand == ["ochre"]
    assert sorted(st.player("italy").hand) == ["iron", "ochre"]
    assert st.stacks[0] == ["hides"] and st.stacks[1] == ["papyrus", "iron", "volcano"]
    draws = [e.data["nation"] for e in ev if e.kind == "draw"]
    assert draws == ["africa", "crete", "italy"]


@pytest.mark.rule("27.1", "15.61")
def test_inert_nation_draws_nothing():
    board = {**cities("italy", ["rome"]), **cities("crete", ["knossos"])}
    st, _ = acq(board, {"crete": {"inert": True, "treasury": 40}})
    assert st.player("crete").hand == [] and st.player("crete").treasury == 40
    assert st.player("italy").hand == ["hides"]


# ---- 27.2 One card from each of the first N stacks ----------------------------------------------
@pytest.mark.rule("27.2")
def test_one_card_from_each_of_the_first_n_stacks():
    board = {**cities("italy", ["rome", "neapolis", "tarentum"])}
    st, _ = acq(board)
    assert sorted(st.player("italy").hand) == ["hides", "iron", "salt"]
    assert st.stacks[3] == ["grain", "oil"]  # stack 4 untouched with 3 cities
    assert st.player("crete").hand == [] and st.player("africa").hand == []


@pytest.mark.rule("27.2")
def test_nine_cities_draw_from_all_nine_stacks():
    st, _ = acq(cities("italy", NINE))
    assert sorted(st.player("italy").hand) == sorted(
        ["hides", "iron", "salt", "grain", "cloth", "bronze", "spices", "gems", "gold"])
    assert [len(s) for s in st.stacks] == [3, 3, 2, 1, 1, 0, 0, 0, 3]


# ---- 27.21 An empty stack gives nothing ---------------------------------------------------------
@pytest.mark.rule("27.21")
def test_empty_stack_gives_no_substitute():
    stacks = dict(STACKS, **{"2": []})
    st, ev = acq(cities("italy", ["rome", "neapolis", "tarentum"]), stacks=stacks)
    assert sorted(st.player("italy").hand) == ["hides", "salt"]
    assert st.stacks[3] == ["grain", "oil"]  # no card taken from stack 4 instead
    assert "Stack 2 is empty: Italy draws no card from it." in texts(ev)


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


# ---- 27.3, 27.4 Drawn cards are secret ----------------------------------------------------------
@pytest.mark.rule("27.3", "27.4")
def test_drawn_cards_are_told_to_the_drawer_only():
    board = {**cities("italy", ["rome", "neapolis"]), **cities("crete", ["knossos"])}
    st, ev = acq(board)
    italy, crete = st.player("italy").seat, st.player("crete").seat
    private = [e for e in ev if e.kind == "draw_private"]
    assert len(private) == 3
    for e in private:
        assert e.to in ([italy], [crete])
    for e in ev:
        if e.to is None:
            assert "card" not in e.data
            assert "Iron" not in e.text and "Ochre" not in e.text
    v = engine.view(st, crete)
    others = [p for p in v["players"] if p["seat"] != crete]
    assert all("hand" not in p for p in others)
    assert [p["hand_size"] for p in others if p["seat"] == italy] == [2]
    assert next(p for p in v["players"] if p["seat"] == crete)["hand"] == ["hides"]


@pytest.mark.rule("27.3")
def test_non_tradable_calamity_drawn_is_kept():
    stacks = dict(STACKS, **{"2": ["volcano", "iron"]})
    st, _ = acq(cities("italy", ["rome", "neapolis"]), {"italy": {"hand": ["salt", "oil"]},
                                                          "crete": {"hand": ["wine"] * 3}},
                stacks=stacks)
    assert st.phase == "trade"
    assert sorted(st.player("italy").hand) == ["hides", "oil", "salt", "volcano"]
    with pytest.raises(IllegalOrder) as e:
        engine.apply(st, {"type": "trade_offer", "player": 0, "to": 1, "give": ["volcano", "oil", "salt"],
                          "expect": ["dont_care"] * 3})
    assert e.value.rule == "27.3"


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


# ---- 27.51 Buying from stack 9 ------------------------------------------------------------------
@pytest.mark.rule("27.5", "27.51")
@pytest.mark.site("SITE-ACQ-01")
def test_buying_stack_nine_cards_at_18_each():
    st, _ = acq({}, {"africa": {"treasury": 40, "stock": 10}, "italy": {"treasury": 17}}, options={"tokens": 50})
    africa = st.player("africa").seat
    pend = engine.pending(st)
    assert [(d.player, d.options["max"]) for d in pend] == [(africa, 2)]  # Italy (17) not asked
    st, ev = play(st, {"type": "buy_cards", "player": africa, "count": 2})
    p = st.player("africa")
    assert p.treasury == 4 and p.stock == 46
    assert sorted(p.hand) == ["gold", "ivory"]
    assert st.stacks[8] == ["piracy", "gold"]
    assert "Africa buys 2 cards from stack 9 for 36 treasury." in texts(ev)


@pytest.mark.rule("27.51")
@pytest.mark.site("SITE-ACQ-02")
def test_purchase_is_drawn_right_after_the_buyers_own_draw():
    # Africa (0 cities) goes first and buys one; Italy (9 cities) then draws from stack 9
    # and buys one more: the purchase order shows in who gets which stack-9 card.
    board = cities("italy", NINE)
    # Africa holds two cards already, so two players can trade and the market waits for them
    st, _ = acq(board, {"africa": {"treasury": 18, "hand": ["ochre", "hides"]}, "italy": {"treasury": 20}})
    africa, italy = st.player("africa").seat, st.player("italy").seat
    st, _ = play(st, {"type": "buy_cards", "player": italy, "count": 1},
                 {"type": "buy_cards", "player": africa, "count": 1})
    assert sorted(st.player("africa").hand) == ["gold", "hides", "ochre"]
    assert st.player("italy").hand.count("ivory") == 1 and "piracy" in st.player("italy").hand
    assert st.player("italy").treasury == 2 and st.player("africa").treasury == 0
    assert st.stacks[8] == ["gold"]


@pytest.mark.rule("27.51", "27.21")
def test_buyer_pays_only_for_cards_still_in_stack_nine():
    stacks = dict(STACKS, **{"9": ["gold", "ivory"]})
    st, _ = acq({}, {"africa": {"treasury": 36}, "italy": {"treasury": 36}}, stacks=stacks)
    africa, italy = st.player("africa").seat, st.player("italy").seat
    st, ev = play(st, {"type": "buy_cards", "player": africa, "count": 1},
                  {"type": "buy_cards", "player": italy, "count": 2})
    assert st.player("africa").hand == ["gold"] and st.player("africa").treasury == 18
    assert st.player("italy").hand == ["ivory"] and st.player("italy").treasury == 18
    assert "Stack 9 is empty: Italy cannot buy more cards." in texts(ev)


@pytest.mark.rule("27.51")
def test_illegal_purchases_are_refused_and_change_nothing():
    st, _ = acq({}, {"africa": {"treasury": 40}, "italy": {"treasury": 10}})
    africa, italy = st.player("africa").seat, st.player("italy").seat
    e = refused(st, {"type": "buy_cards", "player": africa, "count": 3}, "27.51")
    assert "at most 2" in e.message
    refused(st, {"type": "buy_cards", "player": africa, "count": -1}, "27.51")
    e = refused(st, {"type": "buy_cards", "player": italy, "count": 1}, "27.51")
    assert "18 treasury" in e.message


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


# ---- SITE-ACQ-01..03 Who is asked, changing one's mind, the page, timeout -----------------------
@pytest.mark.site("SITE-ACQ-01", "SITE-ACQ-02")
def test_nobody_asked_when_nobody_can_buy():
    stacks = dict(STACKS, **{"9": []})
    st, _ = acq(cities("italy", ["rome"]), {"italy": {"treasury": 50}, "crete": {"treasury": 5}},
                stacks=stacks, options={"tokens": 50})
    assert st.phase != "acquisition"  # the only choice (none) was taken at once
    assert st.player("italy").hand == ["hides"] and st.player("italy").treasury == 50


@pytest.mark.site("SITE-ACQ-01")
def test_buying_can_be_changed_until_everyone_decided():
    st, _ = acq({}, {"africa": {"treasury": 40}, "italy": {"treasury": 18}})
    africa, italy = st.player("africa").seat, st.player("italy").seat
    st, _ = play(st, {"type": "buy_cards", "player": africa, "count": 2},
                 {"type": "buy_cards", "player": africa, "count": 0})
    assert st.phase == "acquisition"
    st, _ = play(st, {"type": "buy_cards", "player": italy, "count": 0})
    assert st.player("africa").treasury == 40 and st.player("africa").hand == []


@pytest.mark.site("SITE-ACQ-01")
def test_purchase_view_shows_only_ones_own_choice():
    st, _ = acq({}, {"africa": {"treasury": 40}, "italy": {"treasury": 18}})
    africa, italy, crete = (st.player(n).seat for n in ("africa", "italy", "crete"))
    st, _ = play(st, {"type": "buy_cards", "player": africa, "count": 2})
    assert engine.view(st, africa)["phase_view"] == {"can_buy": 2, "price": 18, "decided": 2}
    assert engine.view(st, italy)["phase_view"] == {"can_buy": 1, "price": 18, "decided": None}
    assert engine.view(st, crete)["phase_view"]["can_buy"] == 0
    assert engine.view(st, None)["phase_view"] == {}


@pytest.mark.site("SITE-ACQ-03")
def test_timeout_buys_nothing():
    st, _ = acq(cities("italy", ["rome"]), {"italy": {"treasury": 50}}, options={"tokens": 50})
    italy = st.player("italy").seat
    assert [d.default for d in engine.pending(st)] == ["no stack-9 cards bought"]
    st, ev = play(st, engine.default(st, italy))
    assert st.player("italy").treasury == 50 and st.player("italy").hand == ["hides"]
    assert st.stacks[8] == STACKS["9"]


def test_sample_gives_legal_purchases():
    st, _ = acq({}, {"africa": {"treasury": 55}}, options={"tokens": 55})  # 3 cards affordable, as with 60
    africa = st.player("africa").seat
    seen = set()
    for i in range(40):
        o = PHASES["acquisition"].sample(Context(st), africa, Rng(i))
        seen.add(o.count)
        engine.apply(st, o)  # accepted
    assert seen == {0, 1, 2, 3}


# ---- SITE-CREATE-08, -09 Deck counts and the depth of non-tradable calamities -------------------
@pytest.mark.site("SITE-CREATE-08", "SITE-TRADE-01")
def test_deck_counts_visible_only_with_the_option():
    board = cities("italy", ["rome", "neapolis"])
    st, _ = acq(board)
    assert "deck_counts" not in engine.view(st, 0)
    st, _ = acq(board, options={"show_deck_counts": True})
    v = engine.view(st, st.player("crete").seat)
    assert v["deck_counts"] == {"1": 3, "2": 3, "3": 3, "4": 2, "5": 2, "6": 1, "7": 1, "8": 1, "9": 4}
    assert "stacks" not in v  # never the order of the cards


@pytest.mark.site("SITE-CREATE-09")
def test_non_tradable_depth_visible_only_with_the_option():
    board = cities("italy", ["rome", "neapolis", "tarentum"])
    st, _ = acq(board)
    assert "nontradable_depth" not in engine.view(st, 0)
    st, _ = acq(board, options={"show_nontradable_depth": True})
    # stack 2 was iron, papyrus, iron, volcano: one card drawn, volcano has 2 cards above it
    assert engine.view(st, 0)["nontradable_depth"] == {"2": 2, "3": 1}


@pytest.mark.rule("27.51")
@pytest.mark.site("SITE-ACQ-01", "SITE-TABLE-08")
def test_who_cannot_buy_a_stack_nine_card_is_named_in_one_history_line():
    """Issue 24, no empty decisions: Italy (10 treasury) and Crete (none) cannot buy a
    stack-9 card and are not asked; one public line says so."""
    st, ev = position(nations=["italy", "crete", "africa"], phase="acquisition",
                      players={"africa": {"treasury": 18}, "italy": {"treasury": 10}},
                      stacks={"9": ["gold"]}, options={"turn_limit": 1})
    assert [d.player for d in engine.pending(st)] == [st.player("africa").seat]
    assert [e.text for e in ev if e.kind == "buy_cards_none"] == [
        "No stack-9 card can be bought by Italy or Crete (18 treasury each): nothing to decide for them."]
