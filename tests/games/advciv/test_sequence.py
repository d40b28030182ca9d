"""Sequence of play (17, 18): the thirteen phases of a turn in their fixed order, and a whole
game described in 2.2-2.6."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.orders import is_site_order
from tresham.games.advciv.phase import PHASES, TURN

from tests.helpers import four_nations_with_stock as pos, play, position, texts


# ---- 2.2-2.6 The description of play, over two turns --------------------------------------------
@pytest.mark.rule("2.2", "2.5", "2.6", "2.3", "2.4")
def test_description_of_play_over_two_turns():
    """2.2-2.6 in play: one start token, growth +1 then +2, taxes 2 per city from stock to
    treasury, one trade card per city."""
    state = engine.new_game({"players": 3}, seed=8)
    for _ in range(3):
        seat = next(d.player for d in engine.pending(state) if d.required)
        state, _ = play(state, engine.default(state, seat))
    g = Context(state)
    assert all(g.tokens_on_board(p.nation) == 2 for p in g.active())  # 1 placed, +1 (2.2)
    state, _ = position(nations=["crete", "thrace", "italy"], phase="tax",
                        board={"athens": {"city": "crete"}, "knossos": {"tokens": {"crete": 2}},
                               "scythia": {"tokens": {"thrace": 1}}, "etruria": {"tokens": {"italy": 1}}})
    g = Context(state)
    crete = g.of("crete")
    assert crete.treasury == 2  # 2.5: taxes, 2 per city
    assert g.tokens("knossos", "crete") == 4  # 2.2: +2 where 2 or more
    hands = []

    def after(st, phase):
        if phase == "acquisition" and not hands:
            hands.append(len(st.player("crete").hand))

    for _ in range(50):
        if hands:
            break
        seat = next(d.player for d in engine.pending(state) if d.required)
        o = engine.default(state, seat)
        engine.apply_in_place(state, o, after, by_site=is_site_order(o))
    assert hands == [1]  # 2.6: one trade card per city


# ---- 17.1, 18.1, 18.2 Phases in fixed order; phases without decisions pass at once --------------
@pytest.mark.rule("18.1", "17.1", "17.3")
def test_thirteen_phases_in_fixed_order():
    assert TURN == ("tax", "population", "census", "ships", "movement", "conflict", "cities", "surplus",
                    "acquisition", "trade", "calamities", "advances", "ast")
    for a, b in zip(TURN, TURN[1:] + TURN[:1]):
        assert PHASES[a].next_phase(None) == b


@pytest.mark.rule("17.1", "18.1", "18.2")
def test_a_whole_turn_visits_the_phases_in_order():
    board = {"thebes": {"tokens": {"egypt": 2}}, "ur": {"tokens": {"babylon": 3}},
             "nineveh": {"tokens": {"assyria": 1}}, "ankara": {"tokens": {"asia": 1}}}
    state, _ = pos(board, phase="movement")
    seen = [state.phase]
    for _ in range(200):
        if state.turn == 2 and state.phase == "movement":
            break
        owed = [d for d in engine.pending(state) if d.required]
        state, _ = play(state, engine.default(state, owed[0].player))
        if state.phase != seen[-1]:
            seen.append(state.phase)
    assert state.turn == 2 and seen[-1] == "movement"
    idx = [TURN.index(p) for p in seen]
    wrap = idx.index(min(idx[1:]), 1)  # the first phase of turn 2
    assert idx[:wrap] == sorted(idx[:wrap]) and idx[wrap:] == sorted(idx[wrap:])
    assert state.player("egypt").ast == 1  # the A.S.T. phase ended turn 1


@pytest.mark.rule("18.2")
def test_phases_without_decisions_pass_at_once():
    board = {"thebes": {"tokens": {"egypt": 2}}, "babylon": {"tokens": {"babylon": 1}}}
    state, ev = pos(board)
    # no cities (no tax), automatic growth, census, no coast (no ships): straight to movement
    assert state.phase == "movement"
    g = Context(state)
    assert g.tokens("thebes", "egypt") == 4 and g.tokens("babylon", "babylon") == 2
    assert "Census: Egypt 4, Babylon 2" in texts(ev)


# ---- 17.4 A.S.T. order breaks ties --------------------------------------------------------------
@pytest.mark.rule("17.4", "17.3", "20.3")
def test_ast_order_breaks_ties_and_orders_tax_and_growth():
    board = {"thebes": {"city": "egypt"}, "memphis": {"tokens": {"egypt": 1}},
             "ur": {"city": "babylon"}, "babylon": {"tokens": {"babylon": 1}},
             "nineveh": {"city": "assyria"}, "carrhae": {"tokens": {"assyria": 1}},
             "ankara": {"city": "asia"}, "gordium": {"tokens": {"asia": 1}}}
    state, ev = pos(board)
    g = Context(state)
    assert [p.nation for p in g.active()] == ["asia", "assyria", "babylon", "egypt"]
    paid = [e.data["nation"] for e in ev if e.kind == "tax"]
    grew = [e.data["nation"] for e in ev if e.kind == "population"]
    assert paid == grew == ["asia", "assyria", "babylon", "egypt"]
    # equal census (2 each): census order follows A.S.T. order (21.2)
    assert [p.nation for p in g.census_order()] == ["asia", "assyria", "babylon", "egypt"]
