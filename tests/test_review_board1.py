"""Review of set-up, taxation, population, census, ships, A.S.T. and end of game
(15, 16, 19-22, 33-35; SITE-PICK/TAX/POP/CENSUS/SHIP/AST/END): bugs found and edge cases."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.rules.departure import depart

from tests.helpers import play, position, refused, texts

NATIONS = ["egypt", "babylon", "assyria", "asia"]  # seats 0-3; A.S.T. order asia, assyria, babylon, egypt
OPTS = {"players": 4}


def pos(board, players, phase="tax", ships=None, **kw):
    """A 4-player position; nations not given a stock have none. One Asian token in Lycia
    keeps the movement phase waiting."""
    players = {n: {"stock": 0, **players.get(n, {})} for n in NATIONS}
    board = {"lycia": {"tokens": {"asia": 1}}, **board}
    return position(nations=NATIONS, options=OPTS, board=board, players=players, phase=phase,
                    ships=ships or {}, **kw)


TWO_EGYPT_CITIES = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}


# ---------------------------------------------------------------- taxation (19)
@pytest.mark.rule("19.2", "19.31")
@pytest.mark.site("SITE-TAX-02")
def test_coinage_with_empty_stock_has_no_choice_and_is_not_asked():
    """Stock 0: every rate makes both cities revolt, so there is nothing to choose."""
    state, ev = pos(TWO_EGYPT_CITIES, {"egypt": {"stock": 0, "civ_cards": ["coinage"]},
                                       "babylon": {"stock": 20}})
    assert not [d for d in engine.pending(state) if d.kind == "tax_rate"]
    g = Game(state)
    assert g.cities_of("egypt") == [] and len(g.cities_of("babylon")) == 2


@pytest.mark.rule("19.2", "19.34")
@pytest.mark.site("SITE-TAX-02")
def test_coinage_democracy_with_stock_below_cities_is_not_asked():
    """Democracy + Coinage, 1 token in stock and 2 cities: every rate pays exactly 1."""
    state, ev = pos(TWO_EGYPT_CITIES, {"egypt": {"stock": 1, "civ_cards": ["coinage", "democracy"]}})
    assert not [d for d in engine.pending(state) if d.kind == "tax_rate"]
    p = state.player("egypt")
    assert (p.stock, p.treasury) == (0, 1)
    assert len(Game(state).cities_of("egypt")) == 2


@pytest.mark.rule("19.2")
@pytest.mark.site("SITE-TAX-02")
def test_coinage_rate_is_secret_until_everyone_has_chosen():
    """Rates are chosen at the same time; a rate is told only to its chooser until all are in."""
    board = {**TWO_EGYPT_CITIES, "ur": {"city": "babylon"}}
    state, _ = pos(board, {"egypt": {"stock": 10, "civ_cards": ["coinage"]},
                           "babylon": {"stock": 10, "civ_cards": ["coinage"]}})
    state, ev = play(state, {"type": "tax_rate", "player": 0, "rate": 3})
    rate_events = [e for e in ev if e.kind == "tax_rate"]
    assert rate_events and all(e.to == [0] for e in rate_events)
    state, ev = play(state, {"type": "tax_rate", "player": 1, "rate": 1})
    assert "Egypt pays 6 tokens in tax (3 per city for 2 cities)." in texts(ev)


# ---------------------------------------------------------------- early departure (15.6)
@pytest.mark.rule("15.62", "31.82", "15.2")
@pytest.mark.parametrize("seed", range(6))
def test_departure_puts_a_held_non_tradable_calamity_at_the_very_bottom(seed):
    """Returned cards go under their stacks as in restacking: commodities and tradable
    calamities shuffled, non-tradable calamities at the very bottom (15.2, 31.82)."""
    state, _ = pos({"buhen": {"tokens": {"egypt": 3}}},
                   {"egypt": {"stock": 10, "hand": ["volcano", "iron", "papyrus", "treachery"]}},
                   phase="population", seed=seed)
    g = Game(state)
    before = list(state.stacks[1])
    kept = depart(g, "egypt")
    assert kept == []  # no city, no card kept
    stack = state.stacks[1]
    assert stack[:len(before)] == before
    assert stack[-1] == "volcano"
    assert sorted(stack[len(before):-1]) == ["iron", "papyrus", "treachery"]
    assert state.player("egypt").hand == []


# ---------------------------------------------------------------- set-up (15, 16)
@pytest.mark.rule("4.61", "16.7", "16.8", "16.12")
@pytest.mark.parametrize("players", [2, 3])
def test_wem_option_without_the_wem_panel_in_play_keeps_italys_start_areas(players):
    """The WEM start areas replace the western ones only if the WEM panel is in play (4.61);
    the 2- and 3-player boards leave it out, so Italy keeps its start areas (16.7, 16.8)."""
    from tresham.games.advciv.rules.setup import nations_available, start_areas

    s = engine.new_game({"players": players, "wem": True}, seed=3)
    g = Game(s)
    assert "italy" in nations_available(g)
    assert start_areas(g, "italy") == ["cisalpina", "etruria", "pannonia"]
    first = s.step["order"][0]
    s, _ = play(s, {"type": "pick", "player": first, "nation": "italy", "area": "etruria"})
    assert s.players[first].nation == "italy"


@pytest.mark.rule("4.61")
def test_wem_in_play_moves_italy_to_iberia():
    from tresham.games.advciv.rules.setup import start_areas

    g = Game(engine.new_game({"players": 8, "wem": True}, seed=3))
    assert start_areas(g, "italy") == ["baetica", "corduba", "lusitania"]
    assert "cisalpina" not in start_areas(g, "italy")


# ---------------------------------------------------------------- ships (22)
@pytest.mark.rule("22.1")
@pytest.mark.site("SITE-TIME-02", "SITE-SHIP-08")
def test_ship_phase_first_player_to_decide_gets_one_and_a_half_times():
    """Egypt (first in census order) cannot pay its ship's upkeep and loses it without being
    asked; Babylon is then the first player who must decide and gets 1.5 × the time (SZ-10),
    as in the population phase."""
    board = {"memphis": {"tokens": {"egypt": 9}}, "charax": {"tokens": {"babylon": 2}}}
    state, ev = pos(board, {"egypt": {"stock": 10, "census": 9}, "babylon": {"stock": 10, "census": 2}},
                    phase="ships", ships={"egypt": ["tanis"]})
    assert Game(state).ships_of("egypt") == []
    d = [x for x in engine.pending(state) if x.required]
    assert [(x.player, x.kind, x.deadline_factor) for x in d] == [(1, "ships", 1.5)]


@pytest.mark.rule("22.2", "5.5")
def test_treasury_ship_may_go_where_the_only_unit_is_a_city_but_a_levy_needs_tokens():
    """Units are tokens and cities (5.5): a ship paid from treasury may be built in a coastal
    area holding only the player's city; a levied ship there is refused (no token to levy)."""
    board = {"tanis": {"city": "egypt"}, "memphis": {"tokens": {"egypt": 4}}}
    state, _ = pos(board, {"egypt": {"stock": 10, "treasury": 4}}, phase="ships")
    e = refused(state, {"type": "ships", "player": 0, "maintain": [],
                        "build": [{"area": "tanis", "pay": "mixed"}]}, "22.2")
    assert "Tanis" in e.message
    state, ev = play(state, {"type": "ships", "player": 0, "maintain": [],
                             "build": [{"area": "tanis", "pay": "treasury"}]})
    assert Game(state).ships_of("egypt") == ["tanis"]
    assert state.player("egypt").treasury == 2


# ---------------------------------------------------------------- population (20)
@pytest.mark.rule("20.1")
def test_pirate_city_stops_growth_barbarian_tokens_do_not():
    board = {"tanis": {"city": "pirates", "tokens": {"egypt": 2}},
             "alexandria": {"tokens": {"egypt": 2, "barbarians": 3}}}
    state, _ = pos(board, {"egypt": {"stock": 10}}, phase="population")
    g = Game(state)
    assert g.tokens("tanis", "egypt") == 2
    assert g.tokens("alexandria", "egypt") == 4 and g.tokens("alexandria", "barbarians") == 3


@pytest.mark.rule("20.2")
@pytest.mark.site("SITE-POP-02")
def test_short_stock_must_place_all_and_never_more_than_the_increment():
    board = {"memphis": {"tokens": {"egypt": 3}}, "thebes": {"tokens": {"egypt": 1}},
             "buhen": {"tokens": {"egypt": 1}}}
    state, _ = pos(board, {"egypt": {"stock": 3}}, phase="population")
    assert [(d.player, d.kind) for d in engine.pending(state) if d.required] == [(0, "grow")]
    refused(state, {"type": "grow", "player": 0, "areas": {"memphis": 2}}, "20.2")  # 1 left over
    refused(state, {"type": "grow", "player": 0, "areas": {"thebes": 2, "buhen": 1}}, "20.2")  # +1 at most
    state, _ = play(state, {"type": "grow", "player": 0, "areas": {"memphis": 2, "buhen": 1}})
    g = Game(state)
    assert (g.tokens("memphis", "egypt"), g.tokens("thebes", "egypt"), g.tokens("buhen", "egypt")) == (5, 1, 2)
    assert state.player("egypt").stock == 0


# ---------------------------------------------------------------- A.S.T. (33)
def ast_pos(egypt, board):
    b = {"lycia": {"tokens": {"asia": 1}}, "ur": {"tokens": {"babylon": 1}},
         "nineveh": {"tokens": {"assyria": 1}}, **board}
    return position(nations=NATIONS, options=OPTS, board=b, players={"egypt": egypt}, phase="ast")


TOP_CARDS = ["theology", "philosophy", "mathematics", "monotheism", "democracy", "mining", "military", "law",
             "enlightenment", "medicine"]


@pytest.mark.rule("33.4")
@pytest.mark.site("SITE-AST-01")
def test_no_cities_moves_back_even_in_the_late_iron_age():
    state, ev = ast_pos({"ast": 13, "civ_cards": TOP_CARDS}, {"buhen": {"tokens": {"egypt": 5}}})
    assert state.player("egypt").ast == 12
    assert "Egypt has no cities and moves back to A.S.T. space 12." in texts(ev)


@pytest.mark.rule("33.25")
def test_late_iron_age_space_entered_with_exactly_its_value():
    cities = {a: {"city": "egypt"} for a in ["thebes", "memphis", "tanis", "alexandria", "gaza"]}
    base = ["theology", "philosophy", "mathematics", "monotheism", "democracy"]  # 1140
    state, _ = ast_pos({"ast": 12, "civ_cards": base + ["coinage", "mysticism"]}, cities)
    assert Game(state).civ_points("egypt") == 1300 and state.player("egypt").ast == 13  # 1300 needed
    state, ev = ast_pos({"ast": 12, "civ_cards": base + ["literacy", "pottery"]}, cities)
    assert Game(state).civ_points("egypt") == 1295 and state.player("egypt").ast == 12
    assert "does not meet the requirements of A.S.T. space 13" in texts(ev)


@pytest.mark.rule("34.1", "35.1", "35.2")
@pytest.mark.site("SITE-END-01")
def test_no_orders_after_the_game_is_over():
    cities = {a: {"city": "egypt"} for a in ["thebes", "memphis", "tanis", "alexandria", "gaza"]}
    state, _ = ast_pos({"ast": 14, "civ_cards": TOP_CARDS}, cities)
    assert state.finished and state.phase == "over"
    refused(state, {"type": "timeout", "player": 0}, "34.1")


# ---------------------------------------------------------------- clear refusals
@pytest.mark.rule("20.3", "22.1")
def test_a_second_order_after_ones_turn_is_refused_with_a_clear_message():
    board = {"memphis": {"tokens": {"egypt": 3}}, "buhen": {"tokens": {"egypt": 1}},
             "ur": {"tokens": {"babylon": 3}}, "susa": {"tokens": {"babylon": 1}}}
    state, _ = pos(board, {"egypt": {"stock": 2}, "babylon": {"stock": 2}}, phase="population")
    # A.S.T. order: Babylon first, then Egypt
    state, _ = play(state, {"type": "grow", "player": 1, "areas": {"ur": 2}})
    e = refused(state, {"type": "grow", "player": 1, "areas": {"susa": 1}}, "20.3")
    assert "already grown" in e.message

    ship_board = {"tanis": {"tokens": {"egypt": 3}}, "charax": {"tokens": {"babylon": 2}}}
    state, _ = pos(ship_board, {"egypt": {"stock": 10, "census": 3}, "babylon": {"stock": 10, "census": 2}},
                   phase="ships")
    state, _ = play(state, {"type": "ships", "player": 0, "maintain": [], "build": []})
    e = refused(state, {"type": "ships", "player": 0, "maintain": [],
                        "build": [{"area": "tanis", "pay": "tokens"}]}, "22.1")
    assert "already been carried out" in e.message


@pytest.mark.site("SITE-PICK-04", "SITE-PICK-05")
def test_lost_preselection_is_removed_and_told_at_once_only_to_its_seat():
    s = engine.new_game({"players": 4, "board": "four_west_wem"}, seed=11)
    a, b, c, d = s.step["order"]
    s, _ = play(s, {"type": "pick", "player": d, "nation": "crete", "area": "phaestos"})
    s, ev = play(s, {"type": "pick", "player": a, "nation": "crete", "area": "knossos"})
    lost = [e for e in ev if e.kind == "pick_lost"]
    assert [e.to for e in lost] == [[d]]  # told now, not only when his turn comes
    assert str(d) not in s.step["pre"]
    s, _ = play(s, {"type": "pick", "player": b, "nation": "thrace", "area": "scythia"})
    s, _ = play(s, {"type": "pick", "player": c, "nation": "italy", "area": "etruria"})
    assert s.players[d].nation is None  # d must pick again
    assert [x.player for x in engine.pending(s) if x.required] == [d]


@pytest.mark.site("SITE-PICK-01", "SITE-PICK-04")
def test_pick_view_shows_order_and_only_ones_own_preselection():
    s = engine.new_game({"players": 3}, seed=11)
    a, b, c = s.step["order"]
    s, _ = play(s, {"type": "pick", "player": c, "nation": "thrace", "area": "scythia"})
    mine = engine.view(s, c)["phase_view"]
    assert mine["order"] == [a, b, c] and mine["current"] == a
    assert mine["preselection"] == {"nation": "thrace", "area": "scythia"}
    assert "thrace" in mine["free"]  # only pre-selected, not taken
    assert engine.view(s, b)["phase_view"]["preselection"] is None
    assert "preselection" not in engine.view(s, None)["phase_view"]
