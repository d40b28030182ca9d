"""tresham/games/advciv/rules/ast.py: movement of the A.S.T. markers (33), the end of the game
(34) and victory (35); SITE-AST-*, SITE-END-01."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.ast import meets
from tresham.games.advciv.site.rules import AdvancedCivilization
from tresham.games.advciv.tools.sim import play_game

from tests.helpers import FOUR_NATIONS as NATIONS, position, refused, texts


# Egypt's track: stone 1-3, early bronze 4-6, late bronze 7-9, early iron 10-12, late iron 13-15
EGYPT_CITIES = ["thebes", "memphis", "tanis", "alexandria", "gaza"]
TOP_CARDS = ["theology", "philosophy", "mathematics", "monotheism", "democracy", "mining", "military", "law",
             "enlightenment", "medicine"]  # 1960 points, all five groups


def ast_pos(egypt=None, board=None, options=None, turn=1, others=None):
    """A position at the A.S.T. phase; Egypt as given, the others idle at space 0.
    Every nation has a token so the next turn's movement phase waits."""
    b = {"lycia": {"tokens": {"asia": 1}}, "buhen": {"tokens": {"egypt": 1}},
         "ur": {"tokens": {"babylon": 1}}, "nineveh": {"tokens": {"assyria": 1}}}
    b.update(board or {})
    players = {"egypt": egypt or {}}
    players.update(others or {})
    return position(nations=NATIONS, options={"players": 4, **(options or {})}, board=b, players=players,
                    phase="ast", turn=turn)


def cities(n, nation="egypt"):
    return {a: {"city": nation} for a in EGYPT_CITIES[:n]}


OPTS = {"players": 4}


def bare_ast_pos(egypt, board):
    b = {"lycia": {"tokens": {"asia": 1}}, "ur": {"tokens": {"babylon": 1}},
         "nineveh": {"tokens": {"assyria": 1}}, **board}
    return position(nations=NATIONS, options=OPTS, board=b, players={"egypt": egypt}, phase="ast")


# ---- 33.1-33.25 Moving on, and the entry requirements of each epoch -----------------------------
@pytest.mark.rule("33.1", "33.21", "33.4")
@pytest.mark.site("SITE-AST-01")
def test_stone_age_needs_nothing_and_never_moves_back():
    state, ev = ast_pos({"ast": 0})
    assert state.player("egypt").ast == 1
    state, ev = ast_pos({"ast": 2})  # no cities, but in the Stone Age: still advances
    assert state.player("egypt").ast == 3
    assert "Egypt advances to A.S.T. space 3 (stone)." in texts(ev)


@pytest.mark.rule("33.11", "33.22")
def test_early_bronze_age_needs_two_cities():
    state, ev = ast_pos({"ast": 3}, cities(1))
    assert state.player("egypt").ast == 3
    assert "Egypt does not meet the requirements of A.S.T. space 4" in texts(ev)
    state, _ = ast_pos({"ast": 3}, cities(2))
    assert state.player("egypt").ast == 4


@pytest.mark.rule("33.2", "33.23")
def test_late_bronze_age_needs_three_cities_and_three_groups_dual_cards_count_twice():
    state, _ = ast_pos({"ast": 6, "civ_cards": ["pottery", "astronomy"]}, cities(3))
    assert state.player("egypt").ast == 6  # two groups only
    state, _ = ast_pos({"ast": 6, "civ_cards": ["engineering", "music"]}, cities(3))
    assert state.player("egypt").ast == 7  # crafts + sciences (Engineering) + arts
    state, _ = ast_pos({"ast": 6, "civ_cards": ["engineering", "music"]}, cities(2))
    assert state.player("egypt").ast == 6  # cities short


@pytest.mark.rule("33.24")
def test_early_iron_age_needs_four_cities_nine_cards_all_groups():
    nine = ["pottery", "cloth_making", "metalworking", "astronomy", "coinage", "music", "drama_and_poetry",
            "law", "deism"]
    state, _ = ast_pos({"ast": 9, "civ_cards": nine}, cities(4))
    assert state.player("egypt").ast == 10
    state, _ = ast_pos({"ast": 9, "civ_cards": nine[:-1] + ["architecture"]}, cities(4))
    assert state.player("egypt").ast == 9  # no religion card
    state, _ = ast_pos({"ast": 9, "civ_cards": nine[:-1]}, cities(4))
    assert state.player("egypt").ast == 9  # 8 cards
    state, _ = ast_pos({"ast": 9, "civ_cards": nine}, cities(3))
    assert state.player("egypt").ast == 9


@pytest.mark.rule("33.25")
def test_late_iron_age_point_thresholds():
    # Egypt's Late Iron Age spaces 13, 14, 15 need 1300, 1600, 1900 civ-card points
    five = ["theology", "philosophy", "mathematics", "monotheism", "democracy"]  # 1140
    state, _ = ast_pos({"ast": 12, "civ_cards": five + ["law"]}, cities(5))
    assert Context(state).civ_points("egypt") == 1310 and state.player("egypt").ast == 13
    state, _ = ast_pos({"ast": 12, "civ_cards": five + ["enlightenment"], "treasury": 50}, cities(5))
    assert Context(state).civ_points("egypt") == 1290 and state.player("egypt").ast == 12  # treasury not counted
    state, _ = ast_pos({"ast": 12, "civ_cards": TOP_CARDS}, cities(4))
    assert state.player("egypt").ast == 12  # 5 cities needed


@pytest.mark.rule("33.25")
def test_late_iron_age_space_entered_with_exactly_its_value():
    cities = {a: {"city": "egypt"} for a in ["thebes", "memphis", "tanis", "alexandria", "gaza"]}
    base = ["theology", "philosophy", "mathematics", "monotheism", "democracy"]  # 1140
    state, _ = bare_ast_pos({"ast": 12, "civ_cards": base + ["coinage", "mysticism"]}, cities)
    assert Context(state).civ_points("egypt") == 1300 and state.player("egypt").ast == 13  # 1300 needed
    state, ev = bare_ast_pos({"ast": 12, "civ_cards": base + ["literacy", "pottery"]}, cities)
    assert Context(state).civ_points("egypt") == 1295 and state.player("egypt").ast == 12
    assert "does not meet the requirements of A.S.T. space 13" in texts(ev)


@pytest.mark.rule("33.2")
def test_meets_reads_requirements_per_space():
    state, _ = ast_pos({"ast": 0}, cities(2))
    g = Context(state)
    assert meets(g, "egypt", 4) and not meets(g, "egypt", 7)


# ---- 33.3 Frozen within an epoch ----------------------------------------------------------------
@pytest.mark.rule("33.3")
def test_frozen_within_epoch_without_enough_cities():
    state, ev = ast_pos({"ast": 5}, cities(1))
    assert state.player("egypt").ast == 5  # early bronze needs 2; has a city so no move back
    state, _ = ast_pos({"ast": 5}, cities(2))
    assert state.player("egypt").ast == 6


# ---- 33.4 No cities: one space back -------------------------------------------------------------
@pytest.mark.rule("33.4")
@pytest.mark.site("SITE-AST-01")
def test_no_cities_moves_back_one_space():
    state, ev = ast_pos({"ast": 5})
    assert state.player("egypt").ast == 4
    assert "Egypt has no cities and moves back to A.S.T. space 4." in texts(ev)
    state, _ = ast_pos({"ast": 4})  # first Early Bronze space: back into the Stone Age, no further
    assert state.player("egypt").ast == 3


@pytest.mark.rule("33.4")
@pytest.mark.site("SITE-AST-01")
def test_no_cities_moves_back_even_in_the_late_iron_age():
    state, ev = bare_ast_pos({"ast": 13, "civ_cards": TOP_CARDS}, {"buhen": {"tokens": {"egypt": 5}}})
    assert state.player("egypt").ast == 12
    assert "Egypt has no cities and moves back to A.S.T. space 12." in texts(ev)


# ---- 1.3, 34.1, 34.2 The end of the game --------------------------------------------------------
@pytest.mark.rule("34.1", "35.1")
@pytest.mark.site("SITE-END-01")
def test_entering_the_finish_square_ends_the_game_after_the_phase():
    hand = ["grain", "grain", "grain", "gold", "gold"]  # 9 x 4 + 4 x 9 = 72; Mining: a 3rd Gold, +45
    state, ev = ast_pos({"ast": 14, "civ_cards": TOP_CARDS, "treasury": 7, "hand": hand}, cities(5),
                        others={"babylon": {"ast": 14, "civ_cards": TOP_CARDS}})
    assert state.finished and state.phase == "over"
    assert state.player("egypt").ast == 15
    g = Context(state)
    assert g.score("egypt") == 1960 + 72 + 45 + 7 + 15 * 100 + 5 * 50
    assert state.winners == [0]
    assert "The game ends: a nation entered the finish square" in texts(ev)
    assert engine.pending(state) == []
    with pytest.raises(Exception):
        engine.apply(state, {"type": "timeout", "player": 0}, by_site=True)  # the site's, at the deadline
    assert AdvancedCivilization().result(state)[0] == 1


@pytest.mark.rule("34.1", "34.2")
def test_turn_limit_ends_after_the_whole_turn():
    state, ev = ast_pos({"ast": 1}, options={"turn_limit": 2}, turn=1)
    assert not state.finished and state.turn == 2  # the next turn goes on
    state, ev = ast_pos({"ast": 1}, options={"turn_limit": 2}, turn=2)
    assert state.finished and state.player("egypt").ast == 2  # the turn was finished first
    assert "turn limit of 2 turns" in texts(ev)


@pytest.mark.rule("1.3", "34.1", "34.2")
def test_time_limit_finishes_the_current_turn():
    """A game with a fixed limit of 3 turns is scored after turn 3 is complete."""
    rec = play_game(3, seed=2, turns=3, replay=False)
    assert rec.finished and rec.turns == 3


@pytest.mark.rule("34.1", "35.1", "35.2")
@pytest.mark.site("SITE-END-01")
def test_no_orders_after_the_game_is_over():
    cities = {a: {"city": "egypt"} for a in ["thebes", "memphis", "tanis", "alexandria", "gaza"]}
    state, _ = bare_ast_pos({"ast": 14, "civ_cards": TOP_CARDS}, cities)
    assert state.finished and state.phase == "over"
    refused(state, {"type": "timeout", "player": 0}, "34.1")


# ---- 2.1, 35.1, 35.2 Victory --------------------------------------------------------------------
@pytest.mark.rule("35.1")
def test_score_with_commodity_sets_and_mining():
    # Babylon: Mining 180; hand iron x2 (8) + gold (9) + salt (3) = 20, Mining adds one Gold: 36 - 9 = 27
    state, _ = ast_pos(others={"babylon": {"civ_cards": ["mining"], "treasury": 4, "ast": 3,
                                           "hand": ["iron", "iron", "gold", "salt"]}},
                       board={"ur": {"city": "babylon", "tokens": {"babylon": 1}},
                              "babylon": {"city": "babylon"}})
    g = Context(state)
    p = state.player("babylon")
    assert p.ast == 4  # Early Bronze Age entered with 2 cities
    assert g.hand_value(p.hand) == 20 and g.hand_value(p.hand, mining=True) == 47
    assert g.score("babylon") == 180 + 47 + p.treasury + 400 + 100


@pytest.mark.rule("2.1", "35.2")
def test_winner_is_most_victory_points_not_furthest_on_the_ast():
    """Thrace stands further on the A.S.T. (space 5 = 500), but Crete's cards outscore it."""
    state, _ = position(nations=["crete", "thrace"], phase="ast", turn=5,
                        options={"turn_limit": 5},
                        board={"knossos": {"city": "crete"}, "athens": {"city": "thrace"}},
                        players={"crete": {"ast": 2, "civ_cards": ["philosophy", "law", "monotheism"]},
                                 "thrace": {"ast": 5}})
    assert state.finished
    g = Context(state)
    assert g.score("crete") > g.score("thrace")
    assert state.winners == [0]


@pytest.mark.rule("35.2")
def test_equal_scores_tie():
    same = {"ast": 2, "treasury": 10}
    state, _ = ast_pos(same, options={"turn_limit": 1}, others={"babylon": dict(same)})
    assert state.finished
    g = Context(state)
    assert g.score("egypt") == g.score("babylon") == 310
    assert state.winners == [0, 1]
    assert AdvancedCivilization().result(state) == [1, 1, 3, 3]


@pytest.mark.rule("35.2", "15.61")
def test_inert_nation_cannot_win():
    """Ruling R-INERT-WIN: Crete departed with the best score; Thrace, still played, wins."""
    from tests.helpers import position

    state, _ = position(nations=["crete", "thrace"], phase="ast", turn=3, options={"turn_limit": 3},
                        board={"athens": {"city": "crete"}, "knossos": {"city": "crete"},
                               "scythia": {"tokens": {"thrace": 2}}},
                        players={"crete": {"inert": True, "civ_cards": ["law"]}, "thrace": {}})
    assert state.finished
    assert state.winners == [1]


# ---- SITE-AST-02..04 The A.S.T. page and the points footer --------------------------------------
@pytest.mark.site("SITE-AST-03")
def test_public_points_and_civ_points_in_the_view():
    state, _ = ast_pos({"ast": 2, "treasury": 10, "civ_cards": ["pottery", "law"], "hand": ["gold"]},
                       cities(1))
    v = engine.view(state, 1)
    eg = v["players"][0]
    assert eg["civ_points"] == 215
    assert eg["public_points"] == 215 + eg["treasury"] + 100 * 3 + 50 * 1
    assert "hand" not in eg and eg["hand_size"] == 1  # the hidden hand is not part of it
    assert Context(state).leaders()[0] == "egypt"


@pytest.mark.site("SITE-AST-02", "SITE-AST-03")
def test_ast_page_labels_ages_requirements_and_sorted_table():
    from tresham.games.advciv.rules.ast import ast_page

    state, _ = ast_pos({"ast": 2, "treasury": 10, "civ_cards": ["law"]}, cities(1),
                       others={"babylon": {"ast": 0, "treasury": 0}})
    page = ast_page(Context(state))
    eg = page["tracks"]["egypt"]
    assert [s["age"] for s in eg[3:5]] == ["Stone Age", "Early Bronze Age"]
    assert [(s["space"], s["points"]) for s in eg[13:]] == [(13, 1300), (14, 1600), (15, 1900)]
    assert page["requirements"]["Early Bronze Age"] == "2 cities"
    assert page["requirements"]["Early Iron Age"] == "4 cities, 9 civilization cards, cards in all 5 groups"
    assert page["table"][0]["nation"] == "egypt"
    assert page["table"][0]["civ_points"] == 170
    pts = [r["public_points"] for r in page["table"]]
    assert pts == sorted(pts, reverse=True)


@pytest.mark.site("SITE-AST-04")
def test_points_footer_for_emails():
    from tresham.games.advciv.rules.ast import points_footer

    state, _ = ast_pos({"ast": 2, "treasury": 10}, others={"babylon": {"ast": 0, "treasury": 5}})
    g = Context(state)
    line = points_footer(g)
    assert line.startswith(f"Total Public Points: Egypt {g.public_points('egypt')}, ")
    assert f"Babylon {g.public_points('babylon')}" in line
