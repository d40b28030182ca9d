"""tresham/games/advciv/rules/ships.py: ship construction and maintenance (22, SITE-SHIP-*)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.phase import PHASES
from tresham.rng import Rng

from tests.games.advciv.repeats import already_done
from tests.helpers import four_nations, play, position, refused, texts


NATIONS = ["egypt", "babylon", "assyria", "asia"]  # seats 0-3


def pos(board, players, ships=None, options=None, **kw):
    """A 4-player position in the ship phase; one Asian token in Lycia keeps movement waiting.
    Nations not given a stock have the tokens neither on the board nor in treasury (the stock
    only receives the tokens spent on ships)."""
    players = {n: dict(players.get(n, {})) for n in NATIONS}
    board = {"lycia": {"tokens": {"asia": 1}}, **board}
    state, events = position(nations=NATIONS, options={"players": 4, **(options or {})}, board=board,
                             players=players, ships=ships or {}, phase="ships", **kw)
    return state, events


def ships_order(seat, maintain=(), build=()):
    return {"type": "ships", "player": seat,
            "maintain": [{"area": a, "pay": p} for a, p in maintain],
            "build": [{"area": a, "pay": p} for a, p in build]}


EGYPT = {"tanis": {"tokens": {"egypt": 3}}, "alexandria": {"tokens": {"egypt": 2}},
         "gaza": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 4}}}


# ---- 22.1 Census order, Military last (22.11); who is asked -------------------------------------
@pytest.mark.rule("22.1", "22.11", "17.2")
@pytest.mark.site("SITE-SHIP-08", "SITE-TIME-02")
def test_census_order_military_last_and_early_orders():
    board = dict(EGYPT)
    board.update({"ur": {"tokens": {"babylon": 8}}, "charax": {"tokens": {"babylon": 2}}})
    state, _ = pos(board, {"egypt": {"treasury": 2}, "babylon": {"treasury": 2, "civ_cards": ["military"]}})
    d = engine.pending(state)
    # Babylon has the same census as Egypt (10) and is earlier in A.S.T. order, but holds Military
    assert [(x.player, x.required, x.deadline_factor) for x in d] == [(0, True, 1.5), (1, False, 1.0)]
    state, ev = play(state, ships_order(1, build=[("charax", "tokens")]))
    assert Context(state).ships_of("babylon") == []  # entered early, waits for Egypt
    state, ev = play(state, ships_order(0, build=[("tanis", "treasury")]))
    g = Context(state)
    assert g.ships_of("egypt") == ["tanis"] and g.ships_of("babylon") == ["charax"]
    assert g.tokens("charax", "babylon") == 0
    assert state.phase != "ships"


@pytest.mark.site("SITE-TABLE-06", "SITE-SAFE-10")
def test_the_same_early_ship_orders_again_are_already_done():
    board = dict(EGYPT)
    board.update({"ur": {"tokens": {"babylon": 8}}, "charax": {"tokens": {"babylon": 2}}})
    state, _ = pos(board, {"egypt": {"treasury": 2}, "babylon": {"treasury": 2, "civ_cards": ["military"]}})
    state, _ = play(state, ships_order(1, build=[("charax", "tokens")]))
    already_done(state, ships_order(1, build=[("charax", "tokens")]), "these ship orders are already noted")


@pytest.mark.rule("22.1")
def test_players_without_any_choice_are_passed():
    state, ev = pos({"memphis": {"tokens": {"egypt": 4}}}, {"egypt": {"treasury": 9}},
                    ships={"babylon": ["persian_gulf"]})
    assert state.phase != "ships"  # Egypt is inland; Babylon cannot pay upkeep: its ship is lost
    assert Context(state).ships_of("babylon") == []


@pytest.mark.rule("22.1")
@pytest.mark.site("SITE-TIME-02", "SITE-SHIP-08")
def test_ship_phase_first_player_to_decide_gets_one_and_a_half_times():
    """Egypt (first in census order) cannot pay its ship's upkeep and loses it without being
    asked; Babylon is then the first player who must decide and gets 1.5 × the time (SZ-10),
    as in the population phase."""
    board = {"memphis": {"tokens": {"egypt": 9}}, "charax": {"tokens": {"babylon": 2}}}
    # A game of 19 tokens; Babylon's other 7 are in treasury (Egypt's would pay the upkeep)
    state, ev = four_nations(board, {"egypt": {"stock": 10, "census": 9},
                                     "babylon": {"stock": 10, "treasury": 7, "census": 2}},
                             phase="ships", ships={"egypt": ["tanis"]}, options={"tokens": 19})
    assert Context(state).ships_of("egypt") == []
    d = [x for x in engine.pending(state) if x.required]
    assert [(x.player, x.kind, x.deadline_factor) for x in d] == [(1, "ships", 1.5)]


# ---- 22.2 Building: treasury, levy or both ------------------------------------------------------
@pytest.mark.rule("22.1", "22.2")
@pytest.mark.site("SITE-SHIP-01", "SITE-SHIP-02")
def test_build_with_each_payment():
    state, _ = pos(EGYPT, {"egypt": {"stock": 20, "treasury": 5}}, options={"tokens": 35})
    assert [d.player for d in engine.pending(state) if d.required] == [0]
    state, ev = play(state, ships_order(0, build=[("tanis", "tokens"), ("alexandria", "mixed"),
                                                  ("gaza", "treasury")]))
    g = Context(state)
    assert sorted(g.ships_of("egypt")) == ["alexandria", "gaza", "tanis"]
    assert g.tokens("tanis", "egypt") == 1 and g.tokens("alexandria", "egypt") == 1
    assert g.tokens("gaza", "egypt") == 1
    eg = state.player("egypt")
    assert eg.treasury == 2 and eg.stock == 26  # 3 levied + 3 from treasury back to stock
    assert "Egypt builds a ship in Tanis (2 tokens levied)." in texts(ev)
    assert state.phase != "ships"


@pytest.mark.rule("22.2")
@pytest.mark.site("SITE-SHIP-01")
def test_illegal_builds_are_refused():
    state, _ = pos(EGYPT, {"egypt": {"treasury": 5}})
    refused(state, ships_order(0, build=[("memphis", "tokens")]), "22.2")  # no coast
    refused(state, ships_order(0, build=[("jerusalem", "treasury")]), "22.2")  # no units there (Z-36)
    refused(state, ships_order(0, build=[("gaza", "tokens")]), "22.2")  # one token only
    refused(state, ships_order(0, build=[("tanis", "tokens"), ("tanis", "tokens")]), "22.2")  # 3 tokens
    refused(state, ships_order(0, build=[("tanis", "treasury")] * 3), "22.1")  # treasury 5
    refused(state, ships_order(1, build=[("tanis", "treasury")]), "22.1")  # Babylon owes nothing
    refused(state, {"type": "ships", "player": 0, "maintain": [], "build": [{"area": "tanis"}]}, "22.1")


@pytest.mark.rule("22.2", "5.5")
def test_treasury_ship_may_go_where_the_only_unit_is_a_city_but_a_levy_needs_tokens():
    """Units are tokens and cities (5.5): a ship paid from treasury may be built in a coastal
    area holding only the player's city; a levied ship there is refused (no token to levy)."""
    board = {"tanis": {"city": "egypt"}, "memphis": {"tokens": {"egypt": 4}}}
    state, _ = four_nations(board, {"egypt": {"stock": 10, "treasury": 4}}, phase="ships",
                            options={"tokens": 18})
    e = refused(state, {"type": "ships", "player": 0, "maintain": [],
                        "build": [{"area": "tanis", "pay": "mixed"}]}, "22.2")
    assert "Tanis" in e.message
    state, ev = play(state, {"type": "ships", "player": 0, "maintain": [],
                             "build": [{"area": "tanis", "pay": "treasury"}]})
    assert Context(state).ships_of("egypt") == ["tanis"]
    assert state.player("egypt").treasury == 2


@pytest.mark.rule("22.2")
@pytest.mark.site("SITE-SHIP-06")
def test_ships_on_the_galatian_lake():
    state, _ = pos({"galatia": {"tokens": {"asia": 2}}}, {"asia": {"treasury": 0}})
    state, _ = play(state, ships_order(3, build=[("galatia", "tokens")]))
    assert Context(state).ships_of("asia") == ["galatia"]


# ---- 22.3 Maintenance ---------------------------------------------------------------------------
@pytest.mark.rule("22.3")
@pytest.mark.site("SITE-SHIP-04")
def test_maintenance_by_treasury_or_token_and_unmaintained_ships_lost():
    state, _ = pos(EGYPT, {"egypt": {"treasury": 1}},
                   ships={"egypt": ["tanis", "eastern_mediterranean", "gaza"]})
    refused(state, ships_order(0, [("eastern_mediterranean", "token")]), "22.3")  # no token at sea
    refused(state, ships_order(0, [("tanis", "treasury"), ("gaza", "treasury")]), "22.3")  # treasury 1
    refused(state, ships_order(0, [("jerusalem", "treasury")]), "22.3")  # no ship there
    state, ev = play(state, ships_order(0, [("tanis", "token"), ("eastern_mediterranean", "treasury")]))
    g = Context(state)
    assert sorted(g.ships_of("egypt")) == ["eastern_mediterranean", "tanis"]
    assert g.tokens("tanis", "egypt") == 2 and state.player("egypt").treasury == 0
    assert "Egypt's ship in Gaza is not maintained and returns to stock." in texts(ev)
    assert g.ships_in_stock("egypt") == 2


# ---- 22.4 Four ships at most --------------------------------------------------------------------
@pytest.mark.rule("22.4")
@pytest.mark.site("SITE-SHIP-03", "SITE-SHIP-05")
def test_four_ships_at_most_and_drop_and_rebuild():
    four = ["tanis", "tanis", "alexandria", "gaza"]
    state, _ = pos(EGYPT, {"egypt": {"treasury": 8}}, ships={"egypt": four})
    keep = [(a, "treasury") for a in four]
    refused(state, ships_order(0, keep, [("alexandria", "tokens")]), "22.4")
    refused(state, ships_order(0, build=[("tanis", "treasury"), ("alexandria", "treasury"),
                                         ("gaza", "treasury"), ("tanis", "mixed"), ("tanis", "tokens")]),
            "22.4")
    # drop one ship in Tanis and build a new one there for 2 treasury: 3 upkeep + 2 = 5 spent
    state, ev = play(state, ships_order(0, keep[1:], [("tanis", "treasury")]))
    assert sorted(Context(state).ships_of("egypt")) == ["alexandria", "gaza", "tanis", "tanis"]
    assert state.player("egypt").treasury == 3
    assert "not maintained and returns to stock" in texts(ev)


# ---- SITE-SHIP-07 Timeout; the ship page; bots' orders ------------------------------------------
@pytest.mark.site("SITE-SHIP-07", "SITE-TIME-04")
def test_timeout_builds_nothing_and_maintains_nothing():
    state, _ = pos(EGYPT, {"egypt": {"treasury": 6}}, ships={"egypt": ["tanis", "gaza"]})
    state, ev = play(state, engine.default(state, 0))
    assert Context(state).ships_of("egypt") == []
    assert state.player("egypt").treasury == 6
    assert "nothing is built and no ship is maintained" in texts(ev)


@pytest.mark.site("SITE-SHIP-01")
def test_ships_view_shows_own_options_and_hides_others_early_orders():
    board = dict(EGYPT)
    board.update({"ur": {"tokens": {"babylon": 8}}, "charax": {"tokens": {"babylon": 2}}})
    state, _ = pos(board, {"egypt": {"treasury": 2}, "babylon": {"treasury": 0, "civ_cards": ["military"]}})
    state, _ = play(state, ships_order(1, build=[("charax", "tokens")]))
    mine = engine.view(state, 1)["phase_view"]
    theirs = engine.view(state, 0)["phase_view"]
    assert mine["entered_early"]["build"] == [{"area": "charax", "pay": "tokens"}]
    assert theirs["entered_early"] is None
    assert ["charax", "tokens"] in mine["build_options"] and ["tanis", "treasury"] in theirs["build_options"]
    assert theirs["queue"] == ["egypt", "asia", "assyria", "babylon"]  # Asia 1 token, Assyria none


def test_sample_orders_are_legal_and_pieces_are_conserved():
    state, _ = pos(EGYPT, {"egypt": {"treasury": 5}}, ships={"egypt": ["tanis", "eastern_mediterranean"]},
                   options={"tokens": 35})  # Egypt: 20 in stock
    rng = Rng(11)
    for _ in range(25):
        o = PHASES["ships"].sample(Context(state), 0, rng)
        s2, _ = play(state, o.to_json())
        g = Context(s2)
        p = s2.player("egypt")
        assert len(g.ships_of("egypt")) <= 4
        assert p.stock + p.treasury + g.tokens_on_board("egypt") == 20 + 5 + 10


@pytest.mark.rule("22.1", "22.3")
@pytest.mark.site("SITE-TABLE-08")
def test_a_player_passed_without_a_choice_gets_a_history_line():
    """Issue 24, no empty decisions: Egypt (inland, no ship) and Babylon (a ship it cannot pay
    to keep, no way to build one) are not asked; the history says so, one line each."""
    state, ev = pos({"memphis": {"tokens": {"egypt": 4}}}, {"egypt": {"treasury": 9}},
                    ships={"babylon": ["persian_gulf"]})
    assert not [d for d in engine.pending(state) if d.kind == "ships"]
    lines = [e.text for e in ev if e.kind == "ships_none"]
    assert "Egypt has no ship to keep and cannot build one: nothing to decide in ship construction." in lines
    assert ("Babylon cannot pay to keep its ship and cannot build one: nothing to decide in ship "
            "construction.") in lines
    assert all(e.to is None for e in ev if e.kind == "ships_none")
