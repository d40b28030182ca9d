"""tresham/games/advciv/rules/movement.py: movement (23) and the site's pending-order model
(SITE-MOVE-01..09)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.rules import movement
from tresham.rng import Rng

from tests.games.advciv.repeats import already_done
from tests.helpers import game, play, position, refused, texts


#: seats: thrace 0, crete 1, asia 2, babylon 3, egypt 4, illyria 5
NATIONS = ["thrace", "crete", "asia", "babylon", "egypt", "illyria"]
THRACE, CRETE, ASIA, BABYLON, EGYPT, ILLYRIA = range(6)
#: Egypt's lone token in Thebes: the last mover, so the phase is still open when we look.
BYSTANDER = {"thebes": {"tokens": {"egypt": 1}}}


def pos(board: dict, players: dict | None = None, ships: dict | None = None, options: dict | None = None):
    """A movement-phase position with the bystander added."""
    b = dict(BYSTANDER)
    b.update(board)
    state, _ = position(nations=NATIONS, board=b, players=players or {}, ships=ships or {},
                        phase="movement", options=options or {})
    return state


def mv(seat: int, moves=(), voyages=(), done="done") -> dict:
    return {"type": "move", "player": seat, "moves": list(moves), "voyages": list(voyages),
            "done": done}


def tok(state, area: str, owner: str) -> int:
    return game(state).tokens(area, owner)


def over(state) -> bool:
    """The movement phase of turn 1 is over (later phases may be automatic for now)."""
    return state.phase != "movement" or state.turn > 1


def current(state) -> int | None:
    req = [d.player for d in engine.pending(state) if d.required]
    return req[0] if req else None


ROAD = {"thrace": {"civ_cards": ["roadbuilding"]}}


# ---- 23.1 Any, all or none of one's own tokens; cities never move -------------------------------
@pytest.mark.rule("23.1", "23.3")
@pytest.mark.site("SITE-MOVE-06")
def test_land_move_across_one_boundary():
    s = pos({"thrace": {"tokens": {"thrace": 4}}})
    s, ev = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 3}]))
    assert tok(s, "thrace", "thrace") == 1 and tok(s, "byzantium", "thrace") == 3
    assert "Thrace moves 3 tokens from Thrace to Byzantium." in texts(ev)
    assert s.phase == "movement" and current(s) == EGYPT


@pytest.mark.rule("23.1")
def test_some_all_or_none_and_cities_never_move():
    s = pos({"thrace": {"tokens": {"thrace": 2}, "city": "thrace"},
             "byzantium": {"city": "thrace"}})
    # a city is not a token: nothing to move out of Byzantium
    e = refused(s, mv(THRACE, [{"from": "byzantium", "to": "moesia", "count": 1}]), "23.1")
    assert "only his own tokens" in e.message
    s, ev = play(s, mv(THRACE))  # none
    assert "Thrace moves nothing." in texts(ev)
    assert s.board.cities == {"thrace": "thrace", "byzantium": "thrace"}
    assert tok(s, "thrace", "thrace") == 2


@pytest.mark.rule("23.1", "23.22")
def test_other_players_and_barbarian_tokens_cannot_be_moved():
    s = pos({"thrace": {"tokens": {"thrace": 3}},
             "moesia": {"tokens": {"barbarians": 4, "illyria": 2}}})
    refused(s, mv(THRACE, [{"from": "moesia", "to": "thrace", "count": 1}]), "23.1")
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "moesia", "count": 3}]))
    # Illyria (2 tokens) moves after Thrace; the Barbarians are no mover at all (23.22)
    assert engine.pending(s)[0].player == ILLYRIA
    s, _ = play(s, mv(ILLYRIA))
    assert tok(s, "moesia", "barbarians") == 4 and tok(s, "moesia", "thrace") == 3
    s, ev = play(s, {"type": "timeout", "player": EGYPT})
    assert over(s)
    assert not [e for e in ev if e.kind in ("move", "voyage") and e.data.get("nation") == "barbarians"]


@pytest.mark.rule("23.1", "23.51")
def test_a_ship_carries_only_its_owners_tokens():
    s = pos({"byzantium": {"tokens": {"illyria": 3}}}, ships={"thrace": ["byzantium"]})
    e = refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [
        ["load", 1], ["sail", "troy"], ["unload", 1]]}]), "23.51")
    assert "only 0 of your tokens" in e.message


# ---- 23.2, 23.21 Census order, Military last ----------------------------------------------------
@pytest.mark.rule("23.2", "23.21", "32.831")
@pytest.mark.site("SITE-MOVE-05")
def test_census_order_military_last():
    s = pos({"thrace": {"tokens": {"thrace": 2}},
             "sardes": {"tokens": {"asia": 9}},
             "ur": {"tokens": {"babylon": 5}},
             "knossos": {"tokens": {"crete": 3}}},
            players={"asia": {"civ_cards": ["military"]}})
    assert s.step["order"] == [BABYLON, CRETE, THRACE, EGYPT, ASIA]
    ds = engine.pending(s)
    assert [d.player for d in ds] == [BABYLON, CRETE, THRACE, EGYPT, ASIA]
    assert [d.required for d in ds] == [True, False, False, False, False]
    assert ds[0].deadline_factor == 1.5 and ds[1].deadline_factor == 1.0
    # Asia enters first, but its move is carried out last
    s, ev = play(s, mv(ASIA, [{"from": "sardes", "to": "troy", "count": 4}]))
    assert tok(s, "sardes", "asia") == 9
    assert "noted" in texts([e for e in ev if e.to == [ASIA]])
    s, ev = play(s, mv(CRETE, [{"from": "knossos", "to": "phaestos", "count": 1}]),
                 mv(BABYLON, [{"from": "ur", "to": "babylon", "count": 5}]))
    assert tok(s, "phaestos", "crete") == 1 and tok(s, "babylon", "babylon") == 5
    assert tok(s, "troy", "asia") == 0 and current(s) == THRACE
    moved = [e.data["nation"] for e in ev if e.kind == "move"]
    assert moved == ["babylon", "crete"]


@pytest.mark.rule("23.2", "23.21", "32.831", "21.2")
def test_military_holders_move_last_in_census_order_among_themselves():
    """Military holders after all others, census order among them (ties by A.S.T.)."""
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}},
             "knossos": {"tokens": {"crete": 3}}, "paeonia": {"tokens": {"illyria": 4}}},
            players={"babylon": {"civ_cards": ["military"]},
                     "illyria": {"civ_cards": ["military"]}})
    assert s.step["order"] == [CRETE, THRACE, EGYPT, BABYLON, ILLYRIA]


def test_nothing_to_move_is_skipped_automatically():
    """A player whose only choice is 'no movement' (no ship, tokens only on an island
    without land boundary, or nothing on the board) is not waited for."""
    s, ev = position(nations=NATIONS, board={"lemnos": {"tokens": {"thrace": 1}},
                                             "knossos": {"tokens": {"crete": 3}}}, phase="movement")
    assert s.step["order"] == [CRETE]
    assert "Thrace has nothing that can move." in texts(ev)
    assert "Egypt has nothing that can move." in texts(ev)
    assert [d.player for d in engine.pending(s)] == [CRETE]
    s, ev = play(s, mv(CRETE))
    assert over(s) and "Crete moves nothing." in texts(ev)


@pytest.mark.rule("23.2")
def test_orders_from_a_player_with_nothing_to_move_say_why():
    s, _ = position(nations=["thrace", "crete", "asia", "babylon", "egypt", "illyria"],
                    board={"lemnos": {"tokens": {"thrace": 1}}, "knossos": {"tokens": {"crete": 3}}},
                    phase="movement")
    e = refused(s, mv(THRACE, [{"from": "lemnos", "to": "troy", "count": 1}]), "23.2")
    assert "nothing that could move" in e.message


# ---- 23.3 One land boundary, one move per token -------------------------------------------------
@pytest.mark.rule("23.3")
def test_no_move_beyond_one_land_boundary():
    s = pos({"thrace": {"tokens": {"thrace": 4}}})
    e = refused(s, mv(THRACE, [{"from": "thrace", "to": "dacia", "count": 1}]), "23.3")
    assert "do not share a land boundary" in e.message
    # Lemnos is reached only across water: no land move there
    refused(s, mv(THRACE, [{"from": "thrace", "to": "lemnos", "count": 1}]), "23.3")


@pytest.mark.rule("23.3")
def test_a_token_moves_once():
    s = pos({"thrace": {"tokens": {"thrace": 4}}})
    order = mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 3},
                        {"from": "thrace", "to": "moesia", "count": 2}])
    e = refused(s, order, "23.3")
    assert "only 1 token in Thrace that has not moved" in e.message
    # and a token that arrived overland cannot step on
    refused(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 3},
                           {"from": "byzantium", "to": "moesia", "count": 1}]), "23.1")


# ---- 23.31 Roadbuilding -------------------------------------------------------------------------
@pytest.mark.rule("23.31", "32.251")
def test_roadbuilding_through_one_area_into_a_second():
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 1}}},
            players=ROAD)
    road = {"from": "macedonia", "via": "thrace", "to": "byzantium", "count": 3}
    s2, ev = play(s, mv(THRACE, [road]))
    assert tok(s2, "byzantium", "thrace") == 3 and tok(s2, "macedonia", "thrace") == 0
    assert tok(s2, "thrace", "thrace") == 1
    assert "from Macedonia via Thrace to Byzantium" in texts(ev)
    # without the card
    s3 = pos({"macedonia": {"tokens": {"thrace": 3}}})
    refused(s3, mv(THRACE, [road]), "23.31")
    # not a path of two land boundaries
    refused(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "lemnos", "count": 1}]),
            "23.31")


@pytest.mark.rule("23.31")
@pytest.mark.parametrize("blocker", [{"tokens": {"illyria": 1}}, {"city": "crete"},
                                     {"tokens": {"barbarians": 2}}, {"city": "pirates"}])
def test_roadbuilding_blocked_by_others(blocker):
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": blocker}, players=ROAD)
    e = refused(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "byzantium",
                                "count": 2}]), "23.31")
    assert "cannot pass through Thrace" in e.message


@pytest.mark.rule("23.31", "23.51")
def test_no_embarking_after_roadbuilding():
    s = pos({"macedonia": {"tokens": {"thrace": 3}}}, players=ROAD, ships={"thrace": ["byzantium"]})
    e = refused(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "byzantium", "count": 2}],
                      [{"ship": "byzantium", "steps": [["load", 2], ["sail", "troy"], ["unload", 2]]}]),
                "23.51")
    assert "moved overland" in e.message


@pytest.mark.rule("23.31")
@pytest.mark.site("SITE-MOVE-05")
def test_road_move_skipped_when_earlier_mover_blocks_it():
    """Entered early against an empty Thrace; Illyria moves first into Thrace, so on
    Thrace's turn the road move is skipped with an explanation."""
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "paeonia": {"tokens": {"illyria": 4}}},
            players=ROAD)
    assert s.step["order"][0] == ILLYRIA
    s, _ = play(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "byzantium", "count": 3}]))
    s, ev = play(s, mv(ILLYRIA, [{"from": "paeonia", "to": "thrace", "count": 1}]))
    assert "is skipped" in texts(ev) and "Illyria's tokens stand there" in texts(ev)
    assert tok(s, "macedonia", "thrace") == 3 and tok(s, "byzantium", "thrace") == 0


@pytest.mark.rule("23.31", "5.5")
def test_roadbuilding_may_pass_an_area_holding_only_a_foreign_ship():
    """Ships are not units (5.5): another player's ship does not block Roadbuilding."""
    s = pos({"macedonia": {"tokens": {"thrace": 3}}}, players=ROAD,
            ships={"illyria": ["thrace"]})
    s, ev = play(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "byzantium",
                                 "count": 3}]))
    assert tok(s, "byzantium", "thrace") == 3 and tok(s, "macedonia", "thrace") == 0


@pytest.mark.rule("23.31", "15.61")
def test_roadbuilding_blocked_by_an_inert_nations_units():
    """An inert nation's units stay on the board (15.61) and are another player's units."""
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"crete": 1}}},
            players={**ROAD, "crete": {"inert": True}})
    e = refused(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "byzantium",
                                "count": 1}]), "23.31")
    assert "Crete's tokens stand there" in e.message


@pytest.mark.rule("23.31", "5.5")
def test_roadbuilding_through_an_area_with_ones_own_city():
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"city": "thrace"}}, players=ROAD)
    s, _ = play(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "byzantium",
                                 "count": 2}]))
    assert tok(s, "byzantium", "thrace") == 2 and s.board.cities["thrace"] == "thrace"


# ---- 23.4 Any number may end in one area --------------------------------------------------------
@pytest.mark.rule("23.4")
def test_any_number_may_enter_cities_and_exceed_limits():
    s = pos({"thrace": {"tokens": {"thrace": 5}},
             "thessalonica": {"tokens": {"illyria": 1}, "city": "crete"},
             "macedonia": {"tokens": {"thrace": 1}}},
            players={"thrace": {"stock": 30}}, options={"tokens": 36})
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "thessalonica", "count": 5},
                               {"from": "macedonia", "to": "thessalonica", "count": 1}]))
    assert tok(s, "thessalonica", "thrace") == 6  # limit 1, city there: allowed
    assert tok(s, "thessalonica", "illyria") == 1 and s.board.cities["thessalonica"] == "crete"
    assert s.players[THRACE].stock == 30


# ---- 23.5, 23.51 Ships carry five tokens --------------------------------------------------------
@pytest.mark.rule("23.5", "23.51", "23.56")
@pytest.mark.site("SITE-MOVE-04")
def test_ship_carries_five_and_ships_position_updates():
    s = pos({"byzantium": {"tokens": {"thrace": 6}}}, ships={"thrace": ["byzantium", "thrace"]})
    e = refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [["load", 6], ["sail", "troy"],
                                                                       ["unload", 6]]}]), "23.51")
    assert "at most 5" in e.message
    s, ev = play(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [
        ["load", 5], ["sail", "troy"], ["unload", 5]]}]))
    assert tok(s, "troy", "thrace") == 5 and tok(s, "byzantium", "thrace") == 1
    assert sorted(s.board.ships["thrace"]) == ["thrace", "troy"]
    assert "Thrace's ship sails Byzantium → Troy, carrying 5 tokens from Byzantium to Troy." in texts(ev)


@pytest.mark.rule("23.51", "23.3")
def test_tokens_moved_overland_may_not_embark_and_sailed_tokens_may_not_walk():
    s = pos({"thrace": {"tokens": {"thrace": 3}}}, ships={"thrace": ["byzantium"]})
    refused(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2}],
                  [{"ship": "byzantium", "steps": [["load", 2], ["sail", "troy"], ["unload", 2]]}]),
            "23.51")
    s2 = pos({"byzantium": {"tokens": {"thrace": 3}}}, ships={"thrace": ["byzantium"]})
    refused(s2, mv(THRACE, [{"from": "troy", "to": "sardes", "count": 2}],
                   [{"ship": "byzantium", "steps": [["load", 2], ["sail", "troy"], ["unload", 2]]}]),
            "23.1")


@pytest.mark.rule("23.51")
def test_ship_capacity_counts_tokens_aboard_at_one_time():
    """Five aboard at one time (23.51): 4 loaded + 2 more is refused; after setting 2 down,
    3 more may come aboard (8 tokens carried in one voyage, never more than 5 at once)."""
    s = pos({"byzantium": {"tokens": {"thrace": 4}}, "thrace": {"tokens": {"thrace": 4}}},
            ships={"thrace": ["byzantium"]})
    e = refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [
        ["load", 4], ["sail", "thrace"], ["load", 2], ["sail", "lemnos"], ["unload", 6]]}]),
        "23.51")
    assert "at most 5" in e.message and "6" in e.message
    s, _ = play(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [
        ["load", 4], ["sail", "thrace"], ["unload", 2], ["load", 3], ["sail", "lemnos"],
        ["unload", 5]]}]))
    # 2 Byzantium tokens set down in Thrace; 2 from Byzantium + 3 from Thrace to Lemnos
    assert tok(s, "lemnos", "thrace") == 5 and tok(s, "thrace", "thrace") == 3
    assert tok(s, "byzantium", "thrace") == 0


# ---- 23.52 Four water areas, water boundaries only ----------------------------------------------
@pytest.mark.rule("23.52")
def test_ship_enters_four_water_areas():
    s = pos({"byzantium": {"tokens": {"thrace": 2}}}, ships={"thrace": ["byzantium"]})
    four = [["sail", "lemnos"], ["sail", "troy"], ["sail", "lesbos"], ["sail", "sardes"]]
    e = refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": four + [["sail", "ionia"]]}]),
                "23.52")
    assert "at most 4" in e.message
    s, _ = play(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [["load", 2]] + four
                                        + [["unload", 2]]}]))
    assert s.board.ships["thrace"] == ["sardes"] and tok(s, "sardes", "thrace") == 2


@pytest.mark.rule("23.52")
def test_ships_cross_only_water_boundaries():
    s = pos({"thrace": {"tokens": {"thrace": 2}}}, ships={"thrace": ["thrace"]})
    # Thrace-Moesia is an all-land boundary
    e = refused(s, mv(THRACE, voyages=[{"ship": "thrace", "steps": [["sail", "moesia"]]}]), "23.52")
    assert "share no water boundary" in e.message
    refused(s, mv(THRACE, voyages=[{"ship": "macedonia", "steps": [["sail", "thrace"]]}]), "23.1")


@pytest.mark.rule("23.52", "23.56")
def test_a_voyage_that_never_sails_is_refused():
    s = pos({"byzantium": {"tokens": {"thrace": 2}}}, ships={"thrace": ["byzantium"]})
    e = refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [["load", 2],
                                                                       ["unload", 2]]}]), "23.52")
    assert "never sails" in e.message


# ---- 23.53, 23.54 Cloth Making and Astronomy ----------------------------------------------------
@pytest.mark.rule("23.53", "32.221")
def test_cloth_making_gives_a_fifth_area():
    s = pos({"byzantium": {"tokens": {"thrace": 2}}}, ships={"thrace": ["byzantium"]},
            players={"thrace": {"civ_cards": ["cloth_making"]}})
    five = [["sail", "lemnos"], ["sail", "troy"], ["sail", "lesbos"], ["sail", "sardes"],
            ["sail", "ionia"]]
    refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": five + [["sail", "miletus"]]}]),
            "23.53")
    s, _ = play(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": five}]))
    assert s.board.ships["thrace"] == ["ionia"]


@pytest.mark.rule("23.54", "23.52", "32.411")
def test_open_sea_only_with_astronomy():
    voyage = {"ship": "byzantium", "steps": [["load", 3], ["sail", "black_sea"], ["sail", "bithynia"],
                                             ["unload", 3]]}
    s = pos({"byzantium": {"tokens": {"thrace": 3}}}, ships={"thrace": ["byzantium"]})
    e = refused(s, mv(THRACE, voyages=[voyage]), "23.54")
    assert "Astronomy" in e.message
    s = pos({"byzantium": {"tokens": {"thrace": 3}}}, ships={"thrace": ["byzantium"]},
            players={"thrace": {"civ_cards": ["astronomy"]}})
    s, _ = play(s, mv(THRACE, voyages=[voyage]))
    assert tok(s, "bithynia", "thrace") == 3 and s.board.ships["thrace"] == ["bithynia"]


@pytest.mark.rule("23.53", "23.54", "32.221", "32.411")
def test_cloth_making_and_astronomy_together_five_areas_through_open_sea():
    s = pos({"byzantium": {"tokens": {"thrace": 2}}}, ships={"thrace": ["byzantium"]},
            players={"thrace": {"civ_cards": ["cloth_making", "astronomy"]}})
    steps = [["load", 2], ["sail", "black_sea"], ["sail", "bithynia"], ["sail", "black_sea"],
             ["sail", "byzantium"], ["sail", "troy"], ["unload", 2]]
    s2, _ = play(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": steps}]))
    assert tok(s2, "troy", "thrace") == 2 and s2.board.ships["thrace"] == ["troy"]
    # a sixth area is one too many, even with both cards
    refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": steps[:-1] + [
        ["sail", "lemnos"], ["unload", 2]]}]), "23.53")


# ---- 23.55 Where a ship may end -----------------------------------------------------------------
@pytest.mark.rule("23.55")
def test_ship_may_not_end_in_open_sea_but_anywhere_else():
    s = pos({"byzantium": {"tokens": {"thrace": 1}}}, ships={"thrace": ["byzantium"]},
            players={"thrace": {"civ_cards": ["astronomy"]}})
    refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [["sail", "black_sea"]]}]), "23.55")
    s = pos({"byzantium": {"tokens": {"thrace": 3}}, "troy": {"tokens": {"asia": 2}, "city": "asia"}},
            ships={"thrace": ["byzantium"], "asia": ["troy", "troy"]})
    s, _ = play(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [["sail", "troy"]]}]))
    assert s.board.ships["thrace"] == ["troy"] and s.board.ships["asia"] == ["troy", "troy"]


# ---- 23.56 Loading and unloading along the voyage -----------------------------------------------
@pytest.mark.rule("23.56")
def test_ferry_two_loads_across_a_strait():
    s = pos({"byzantium": {"tokens": {"thrace": 8}}}, ships={"thrace": ["byzantium"]})
    steps = [["load", 5], ["sail", "troy"], ["unload", 5], ["sail", "byzantium"],
             ["load", 3], ["sail", "troy"], ["unload", 3]]
    s, ev = play(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": steps}]))
    assert tok(s, "troy", "thrace") == 8 and tok(s, "byzantium", "thrace") == 0
    assert s.board.ships["thrace"] == ["troy"]


@pytest.mark.rule("23.56")
@pytest.mark.site("SITE-MOVE-04")
def test_pick_up_and_set_down_along_the_voyage():
    s = pos({"byzantium": {"tokens": {"thrace": 2}}, "thrace": {"tokens": {"thrace": 3}}},
            ships={"thrace": ["byzantium"]})
    steps = [["load", 2], ["sail", "thrace"], ["load", 3], ["unload", 1], ["sail", "lemnos"],
             ["unload", 2], ["sail", "troy"], ["unload", 2]]
    s, ev = play(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": steps}]))
    # first loaded, first unloaded: the Byzantium pair goes 1 to Thrace, 1 to Lemnos
    assert tok(s, "thrace", "thrace") == 1 and tok(s, "lemnos", "thrace") == 2
    assert tok(s, "troy", "thrace") == 2 and tok(s, "byzantium", "thrace") == 0
    assert game(s).tokens_on_board("thrace") == 5 and s.players[THRACE].stock == s.options.tokens - 5
    assert "1 token from Byzantium to Thrace" in texts(ev)


@pytest.mark.rule("23.56")
def test_nothing_stays_aboard_and_unload_only_what_is_aboard():
    s = pos({"byzantium": {"tokens": {"thrace": 4}}}, ships={"thrace": ["byzantium"]})
    e = refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [["load", 4], ["sail", "troy"],
                                                                       ["unload", 3]]}]), "23.56")
    assert "1 token would remain aboard" in e.message
    refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [["load", 2], ["sail", "troy"],
                                                                   ["unload", 3]]}]), "23.56")


@pytest.mark.rule("23.56")
def test_a_token_uses_one_ship_per_phase():
    s = pos({"byzantium": {"tokens": {"thrace": 3}}}, ships={"thrace": ["byzantium", "troy"]})
    e = refused(s, mv(THRACE, voyages=[
        {"ship": "byzantium", "steps": [["load", 3], ["sail", "troy"], ["unload", 3]]},
        {"ship": "troy", "steps": [["load", 3], ["sail", "lesbos"], ["unload", 3]]}]), "23.51")
    assert "by another ship" in e.message
    # and one ship makes one voyage
    refused(s, mv(THRACE, voyages=[{"ship": "troy", "steps": [["sail", "lesbos"]]},
                                   {"ship": "troy", "steps": [["sail", "sardes"]]}]), "23.52")


@pytest.mark.rule("23.56")
def test_tokens_may_not_be_loaded_or_set_down_in_open_sea():
    s = pos({"byzantium": {"tokens": {"thrace": 2}}}, ships={"thrace": ["byzantium"]},
            players={"thrace": {"civ_cards": ["astronomy"]}})
    refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [
        ["load", 2], ["sail", "black_sea"], ["unload", 2], ["sail", "bithynia"]]}]), "23.56")


# ---- 23.57 Double coastlines --------------------------------------------------------------------
@pytest.mark.rule("23.57")
def test_double_coastline(monkeypatch):
    """No area has two coastlines in the map data (ruling M-3): a ship crosses Delphi freely.
    With a double coast recorded, a ship leaves by the coast it came in by."""
    s = pos({"corinth": {"tokens": {"thrace": 1}}}, ships={"thrace": ["corinth"]})
    cross = {"ship": "corinth", "steps": [["sail", "delphi"], ["sail", "athens"]]}
    s2, _ = play(s, mv(THRACE, voyages=[cross]))
    assert s2.board.ships["thrace"] == ["athens"]
    monkeypatch.setitem(movement.DOUBLE_COASTS, "delphi", (
        frozenset({"athens", "chalcis", "thessaly"}),
        frozenset({"corinth", "ithaca", "epirus", "central_mediterranean"})))
    e = refused(s, mv(THRACE, voyages=[cross]), "23.57")
    assert "same coast" in e.message
    s3, _ = play(s, mv(THRACE, voyages=[{"ship": "corinth", "steps": [["sail", "delphi"],
                                                                      ["sail", "ithaca"]]}]))
    assert s3.board.ships["thrace"] == ["ithaca"]


# ---- 15.61 Inert nations and movers who left ----------------------------------------------------
@pytest.mark.rule("23.2")
def test_inert_nations_do_not_move():
    """An inert nation (15.61) is not in the order of movement; one that departs during the
    phase is passed over, its pending moves dropped."""
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}},
             "knossos": {"tokens": {"crete": 3}}}, players={"crete": {"inert": True}})
    assert s.step["order"] == [BABYLON, THRACE, EGYPT]
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2}]))
    s.players[THRACE].inert = True
    s, ev = play(s, mv(BABYLON))
    assert "Thrace is inert and moves nothing." in texts(ev)
    assert tok(s, "thrace", "thrace") == 2 and current(s) == EGYPT


@pytest.mark.rule("15.61")
@pytest.mark.site("SITE-MOVE-08")
def test_a_mover_who_left_the_game_does_not_move_when_his_time_runs_out():
    """A player who entered moves (not confirmed) and then left the game is inert: when his
    deadline passes, nothing of his moves (15.61), although the site default would carry
    entered moves out for a player still in the game."""
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s, _ = play(s, mv(BABYLON, [{"from": "ur", "to": "susa", "count": 3}], done=None))
    s.players[BABYLON].inert = True
    s, ev = play(s, {"type": "timeout", "player": BABYLON})
    assert tok(s, "ur", "babylon") == 5 and tok(s, "susa", "babylon") == 0
    assert "Babylon is inert and moves nothing." in texts(ev)


@pytest.mark.rule("15.61")
def test_a_later_mover_who_left_is_offered_no_decision():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s.players[THRACE].inert = True
    assert THRACE not in [d.player for d in engine.pending(s)]
    s, ev = play(s, mv(BABYLON))
    assert "Thrace is inert and moves nothing." in texts(ev)


# ---- SITE-MOVE-01..03 Single tokens, excess and whole stacks ------------------------------------
@pytest.mark.site("SITE-MOVE-01", "SITE-MOVE-05")
def test_single_token_and_putting_it_back_before_ones_turn():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    assert current(s) == BABYLON
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 1}]))
    assert s.step["plans"][str(THRACE)]["moves"] == [{"from": "thrace", "to": "byzantium", "count": 1}]
    # the token is put back: a new order replaces the pending one
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "moesia", "count": 1}]))
    s, _ = play(s, mv(BABYLON))
    assert tok(s, "byzantium", "thrace") == 0 and tok(s, "moesia", "thrace") == 1
    # once carried out, no more changes
    refused(s, mv(THRACE), "23.2")


@pytest.mark.site("SITE-MOVE-02", "SITE-MOVE-03")
def test_excess_and_whole_stack_counts():
    s = pos({"thrace": {"tokens": {"thrace": 5}}, "macedonia": {"tokens": {"thrace": 4}}})
    refused(s, mv(THRACE, [{"from": "byzantium", "to": "thrace", "count": "excess"}]), "23.1")
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": "excess"},
                               {"from": "macedonia", "to": "paeonia", "count": "all"}]))
    assert tok(s, "thrace", "thrace") == 2 and tok(s, "byzantium", "thrace") == 3  # limit 2
    assert tok(s, "macedonia", "thrace") == 0 and tok(s, "paeonia", "thrace") == 4


@pytest.mark.site("SITE-MOVE-02")
def test_excess_counts_the_stack_as_it_stands_after_earlier_moves():
    """Thrace (limit 2) holds 5: after 2 are moved out, the stack is 3, so "excess" picks up
    1 token (the site's click takes the number above the limit of the stack as it is), not 3.
    Tokens moved in earlier in the same orders make the stack larger."""
    s = pos({"thrace": {"tokens": {"thrace": 5}}})
    s2, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2},
                                {"from": "thrace", "to": "macedonia", "count": "excess"}]))
    assert tok(s2, "byzantium", "thrace") == 2 and tok(s2, "macedonia", "thrace") == 1
    assert tok(s2, "thrace", "thrace") == 2
    # 3 moved out leave 2 = the limit: nothing in excess
    e = refused(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 3},
                               {"from": "thrace", "to": "macedonia", "count": "excess"}]), "23.1")
    assert "not above its population limit" in e.message
    # 2 in Macedonia and 2 in Thrace (limit 2): moving Macedonia's pair in makes Thrace's
    # stack 4, but only its 2 unmoved tokens may move on
    s = pos({"thrace": {"tokens": {"thrace": 2}}, "macedonia": {"tokens": {"thrace": 2}}})
    s3, _ = play(s, mv(THRACE, [{"from": "macedonia", "to": "thrace", "count": 2},
                                {"from": "thrace", "to": "byzantium", "count": "excess"}]))
    assert tok(s3, "byzantium", "thrace") == 2 and tok(s3, "thrace", "thrace") == 2


# ---- SITE-MOVE-05, -06 Moves entered early; "done" ----------------------------------------------
@pytest.mark.site("SITE-MOVE-05")
def test_reset_pending_moves():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2}]))
    s, ev = play(s, mv(THRACE, done=None))
    assert "cleared" in texts(ev) and str(THRACE) not in s.step["plans"]
    s, _ = play(s, mv(BABYLON))
    assert current(s) == THRACE and tok(s, "thrace", "thrace") == 2


@pytest.mark.site("SITE-MOVE-05", "SITE-TIME-02")
def test_first_mover_gets_one_and_a_half_times_the_deadline():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    d = {x.player: x for x in engine.pending(s)}
    assert d[BABYLON].required and d[BABYLON].deadline_factor == 1.5
    assert not d[THRACE].required


@pytest.mark.site("SITE-MOVE-06")
def test_done_entered_early_is_carried_out_automatically():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2}]),
                {"type": "done", "player": BABYLON})
    assert tok(s, "byzantium", "thrace") == 2 and current(s) == EGYPT


@pytest.mark.site("SITE-MOVE-06", "SITE-MOVE-08")
def test_current_mover_entering_unconfirmed_moves_is_told_so_privately():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s, ev = play(s, mv(BABYLON, [{"from": "ur", "to": "susa", "count": 3}], done=None))
    assert tok(s, "ur", "babylon") == 5
    noted = [e for e in ev if e.kind == "move_pending"]
    assert len(noted) == 1 and noted[0].to == [BABYLON] and "not confirmed" in noted[0].text
    s, ev = play(s, {"type": "done", "player": BABYLON})
    assert tok(s, "susa", "babylon") == 3


@pytest.mark.site("SITE-MOVE-06", "SITE-SAFE-10")
def test_the_same_moves_done_or_reset_again_are_already_done():
    """Entered ahead of one's turn: the same moves, Done or Reset again change nothing, so the
    rules refuse them as already done, state and counts untouched; the current mover's
    unconfirmed moves too."""
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    move = mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2}], done=None)
    s, _ = play(s, move)
    already_done(s, move, "these moves are already entered")
    s, _ = play(s, {"type": "done", "player": THRACE})
    already_done(s, {"type": "done", "player": THRACE}, "these moves are already entered and confirmed")
    already_done(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2}]),
                 "these moves are already entered and confirmed")
    reset = mv(THRACE, done=None)
    s, ev = play(s, reset)
    assert "Your pending moves are cleared." in texts(ev)
    already_done(s, reset, "you have no pending moves to clear")
    current_move = mv(BABYLON, [{"from": "ur", "to": "susa", "count": 3}], done=None)
    s, _ = play(s, current_move)
    already_done(s, current_move, "these moves are already entered")
    s, _ = play(s, {"type": "done", "player": BABYLON})
    assert tok(s, "susa", "babylon") == 3


# ---- SITE-MOVE-07 "Done unless threatened" ------------------------------------------------------
@pytest.mark.site("SITE-MOVE-07")
def test_done_unless_threatened_when_threatened():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}},
             "paeonia": {"tokens": {"illyria": 3}}})
    assert s.step["order"][:3] == [BABYLON, ILLYRIA, THRACE]
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 1}],
                      done="unless_threatened"),
                mv(ILLYRIA, [{"from": "paeonia", "to": "thrace", "count": 3}]), mv(BABYLON))
    # Illyria moved into Thrace, where Thrace stands: Thrace is asked again
    assert current(s) == THRACE and tok(s, "byzantium", "thrace") == 0
    d = [d for d in engine.pending(s) if d.required][0]
    assert "change or confirm" in d.prompt and d.deadline_factor == 1.0
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "macedonia", "count": 2}]))
    assert tok(s, "macedonia", "thrace") == 2 and current(s) == EGYPT


@pytest.mark.site("SITE-MOVE-07")
def test_done_unless_threatened_unthreatened_and_destination_threat():
    base = {"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}},
            "paeonia": {"tokens": {"illyria": 3}}}
    s = pos(base)
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 1}],
                      done="unless_threatened"),
                mv(ILLYRIA, [{"from": "paeonia", "to": "macedonia", "count": 1}]), mv(BABYLON))
    assert tok(s, "byzantium", "thrace") == 1 and current(s) == EGYPT
    # moving into the area Thrace is moving into is a threat too
    base["moesia"] = {"tokens": {"illyria": 1}}
    s = pos(base)
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 1}],
                      done="unless_threatened"),
                mv(ILLYRIA, [{"from": "moesia", "to": "byzantium", "count": 1}]), mv(BABYLON))
    assert current(s) == THRACE
    # confirming keeps the same moves
    s, _ = play(s, {"type": "done", "player": THRACE})
    assert tok(s, "byzantium", "thrace") == 1 and tok(s, "byzantium", "illyria") == 1


@pytest.mark.site("SITE-MOVE-07")
def test_landing_by_ship_is_a_threat_too():
    s = pos({"byzantium": {"tokens": {"illyria": 5}}, "troy": {"tokens": {"thrace": 2}}},
            ships={"illyria": ["byzantium"]})
    assert s.step["order"][:2] == [ILLYRIA, THRACE]
    s, _ = play(s, mv(THRACE, [{"from": "troy", "to": "sardes", "count": 1}], done="unless_threatened"),
                mv(ILLYRIA, voyages=[{"ship": "byzantium", "steps": [["load", 3], ["sail", "troy"],
                                                                     ["unload", 3]]}]))
    assert current(s) == THRACE and tok(s, "troy", "illyria") == 3 and tok(s, "sardes", "thrace") == 0
    s, _ = play(s, mv(THRACE, [{"from": "troy", "to": "sardes", "count": 2}]))
    assert tok(s, "sardes", "thrace") == 2 and tok(s, "troy", "thrace") == 0


@pytest.mark.site("SITE-MOVE-07")
def test_threatened_player_gets_the_normal_deadline_and_may_change_his_moves():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}},
             "paeonia": {"tokens": {"illyria": 3}}})
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 1}],
                      done="unless_threatened"),
                mv(ILLYRIA, [{"from": "paeonia", "to": "thrace", "count": 3}]), mv(BABYLON))
    d = [d for d in engine.pending(s) if d.required]
    assert [x.player for x in d] == [THRACE] and d[0].deadline_factor == 1.0
    # he changes his mind: both tokens stay to fight
    s, ev = play(s, mv(THRACE, [], done="done"))
    assert tok(s, "thrace", "thrace") == 2 and "Thrace moves nothing." in texts(ev)


@pytest.mark.site("SITE-MOVE-07")
def test_tokens_brought_back_where_they_started_are_no_threat():
    """Illyria's ship takes 2 tokens out of Byzantium and brings them back: nobody moved into
    Byzantium, so Thrace ("done unless threatened", tokens there) is not asked again."""
    s = pos({"byzantium": {"tokens": {"illyria": 5, "thrace": 1}}, "troy": {"tokens": {"thrace": 1}}},
            ships={"illyria": ["byzantium"]})
    assert s.step["order"][:2] == [ILLYRIA, THRACE]
    s, ev = play(s, mv(THRACE, [{"from": "troy", "to": "sardes", "count": 1}],
                       done="unless_threatened"),
                 mv(ILLYRIA, voyages=[{"ship": "byzantium", "steps": [
                     ["load", 2], ["sail", "troy"], ["sail", "byzantium"], ["unload", 2]]}]))
    assert tok(s, "sardes", "thrace") == 1 and tok(s, "byzantium", "illyria") == 5
    assert "move_threatened" not in [e.kind for e in ev]
    assert "carrying 2 tokens from Byzantium and back." in texts(ev)


@pytest.mark.rule("23.31")
@pytest.mark.site("SITE-MOVE-07")
def test_unless_threatened_covers_the_area_a_road_move_passes_through():
    """Thrace's road move goes through Thrace (area); Illyria moves in there first, which
    would make the road move fail: a "done unless threatened" player is asked again instead
    of losing the move silently, and may re-route."""
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "paeonia": {"tokens": {"illyria": 4}}},
            players=ROAD)
    assert s.step["order"][0] == ILLYRIA
    s, _ = play(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "byzantium",
                                 "count": 3}], done="unless_threatened"))
    s, ev = play(s, mv(ILLYRIA, [{"from": "paeonia", "to": "thrace", "count": 1}]))
    assert [d.player for d in engine.pending(s) if d.required] == [THRACE]
    assert "move_threatened" in [e.kind for e in ev if e.to == [THRACE]]
    assert tok(s, "macedonia", "thrace") == 3


@pytest.mark.site("SITE-MOVE-07", "SITE-MOVE-08")
def test_threatened_player_timing_out_keeps_his_entered_moves():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}},
             "paeonia": {"tokens": {"illyria": 3}}})
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 1}],
                      done="unless_threatened"),
                mv(ILLYRIA, [{"from": "paeonia", "to": "thrace", "count": 3}]), mv(BABYLON))
    assert current(s) == THRACE
    s, _ = play(s, {"type": "timeout", "player": THRACE})
    assert tok(s, "byzantium", "thrace") == 1 and tok(s, "thrace", "thrace") == 1
    assert current(s) == EGYPT


# ---- SITE-MOVE-08, -09 Timeout; the view --------------------------------------------------------
@pytest.mark.site("SITE-MOVE-08")
def test_timeout_carries_out_entered_moves_or_nothing():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2}], done=None),
                {"type": "timeout", "player": BABYLON})
    assert tok(s, "ur", "babylon") == 5 and current(s) == THRACE
    s, ev = play(s, {"type": "timeout", "player": THRACE})
    assert tok(s, "byzantium", "thrace") == 2 and "moves entered are carried out" in texts(ev)
    s, ev = play(s, {"type": "timeout", "player": EGYPT})
    assert over(s) and "Egypt's time ran out: no movement." in texts(ev)
    assert not [e for e in ev if e.kind == "move" and e.data.get("nation") == "egypt"]


@pytest.mark.site("SITE-MOVE-09")
def test_view_shows_moved_tokens_where_they_are():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 2}]))
    v = engine.view(s, THRACE)
    assert v["phase_view"]["my_moves"]["moves"][0]["to"] == "byzantium"
    assert "my_moves" not in engine.view(s, BABYLON)["phase_view"]  # pending moves are secret
    s, _ = play(s, mv(BABYLON))
    v = engine.view(s, BABYLON)
    assert v["board"]["tokens"]["byzantium"] == {"thrace": 2} and "thrace" not in v["board"]["tokens"]


# ---- Malformed orders and bots' orders ----------------------------------------------------------
def test_malformed_orders_are_refused_clearly():
    s = pos({"thrace": {"tokens": {"thrace": 2}}}, ships={"thrace": ["thrace"]})
    refused(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 0}]), "23.1")
    refused(s, mv(THRACE, [{"from": "atlantis", "to": "byzantium", "count": 1}]), "23.1")
    refused(s, mv(THRACE, voyages=[{"ship": "thrace", "steps": [["fly", "troy"]]}]), "23.5")
    refused(s, mv(THRACE, done="maybe"), "23.1")


def test_sample_gives_legal_orders():
    s = pos({"thrace": {"tokens": {"thrace": 6}}, "macedonia": {"tokens": {"thrace": 3}},
             "byzantium": {"tokens": {"thrace": 4}}, "moesia": {"tokens": {"illyria": 2}}},
            ships={"thrace": ["byzantium", "thrace"]},
            players={"thrace": {"civ_cards": ["roadbuilding", "astronomy", "cloth_making"]}})
    g = game(s)
    phase = movement.MovementPhase()
    rng = Rng(5)
    kinds = set()
    for _ in range(200):
        o = phase.sample(g, THRACE, rng)
        s2, ev = play(s, o)
        assert sum(m for a, mm in s2.board.tokens.items() for n, m in mm.items() if n == "thrace") == 13
        kinds.update(e.kind for e in ev)
        kinds.update("road" for m in o.moves if "via" in m)
    assert {"move", "voyage", "road"} <= kinds


# ---- issue 24: a refused move named, the others kept; legal destinations ------------------------
@pytest.mark.rule("23.3", "23.2")
@pytest.mark.site("SITE-TABLE-07")
def test_one_illegal_move_in_a_batch_is_named_with_its_reason():
    """Finding 4 (issue 24): of three moves, the second crosses no land boundary (Macedonia to
    Byzantium). The batch is refused as a whole (ruling TBL-10), naming that move (its place
    and its reason, ``IllegalMove.part``/``index``); ``judge_moves`` says of each move whether
    it stands, so the page keeps the other two, which are then accepted."""
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 2}}})
    moves = [{"from": "thrace", "to": "byzantium", "count": 1},
             {"from": "macedonia", "to": "byzantium", "count": 3},
             {"from": "macedonia", "to": "thessaly", "count": 2}]
    e = refused(s, mv(THRACE, moves, done=None), "23.3")
    assert isinstance(e, movement.IllegalMove) and (e.part, e.index) == ("moves", 1)
    assert e.message.startswith("move 2 (3 tokens from Macedonia to Byzantium): Macedonia and Byzantium "
                                "do not share a land boundary")
    verdicts = movement.judge_moves(s, THRACE, mv(THRACE, moves, done=None))
    assert [(v["part"], v["index"], v["legal"], v["rule"]) for v in verdicts] == [
        ("moves", 0, True, ""), ("moves", 1, False, "23.3"), ("moves", 2, True, "")]
    assert "do not share a land boundary" in verdicts[1]["reason"]
    kept = [m for m, v in zip(moves, verdicts) if v["legal"]]
    s2, _ = play(s, mv(THRACE, kept))
    assert tok(s2, "byzantium", "thrace") == 1 and tok(s2, "thessaly", "thrace") == 2
    assert tok(s2, "macedonia", "thrace") == 1


@pytest.mark.rule("23.3", "23.31")
@pytest.mark.site("SITE-TABLE-03")
def test_legal_destinations_of_a_stack_across_one_boundary_and_by_roadbuilding():
    """Finding 4 (issue 24): the areas Macedonia's 3 tokens may move to: its six neighbours;
    with Roadbuilding also Byzantium and Moesia (through Thrace), Delphi (through Epirus or
    Thessaly) and Illyricum (through Appollonia), never through Paeonia, where an Illyrian
    token stands (23.31)."""
    board = {"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"tokens": {"thrace": 1}},
             "paeonia": {"tokens": {"illyria": 1}}}
    plain = movement.legal_destinations(pos(board), THRACE, "macedonia")
    assert [(d["to"], d["vias"]) for d in plain] == [(a, []) for a in (
        "appollonia", "epirus", "paeonia", "thessalonica", "thessaly", "thrace")]
    assert all(d["tokens"] == 3 for d in plain)
    road = {d["to"]: d["vias"] for d in movement.legal_destinations(pos(board, players=ROAD), THRACE, "macedonia")}
    assert road == {"appollonia": [], "epirus": [], "paeonia": [], "thessalonica": [], "thessaly": [], "thrace": [],
                    "byzantium": ["thrace"], "moesia": ["thrace"], "delphi": ["epirus", "thessaly"],
                    "illyricum": ["appollonia"]}
    assert movement.legal_destinations(pos(board), THRACE, "byzantium") == []  # no token of his there
    assert movement.legal_destinations(pos(board), CRETE, "macedonia") == []


@pytest.mark.rule("23.51", "23.52", "23.53", "23.54", "23.55")
@pytest.mark.site("SITE-TABLE-03")
def test_legal_voyages_of_a_stack_with_its_ship():
    """Issue 24 (the map's voyages): where Thrace's ship in Byzantium may carry its tokens: the
    21 areas within 4 water areas, each by a shortest way (Bithynia by Troy; Athens by Lemnos,
    Thessalonica and Chalcis), 5 tokens at most of his 6 (23.51); no open sea as an end and
    none on the way without Astronomy (23.52, 23.54, 23.55); Cloth Making reaches 9 areas
    more (23.53); Astronomy crosses the Aegean Sea and the Black Sea (Knossos in 3, Kuban in
    2). No ship or no token there: nothing."""
    board = {"byzantium": {"tokens": {"thrace": 6}}}
    ship = {"thrace": ["byzantium"]}
    plain = movement.legal_voyages(pos(board, ships=ship), THRACE, "byzantium")
    by = {d["to"]: d["path"] for d in plain}
    assert sorted(by) == ["athens", "bithynia", "chalcis", "crimea", "danube", "delphi", "eretria", "ionia",
                          "lemnos", "lesbos", "miletus", "moesia", "phrygia", "sardes", "scythia", "sinope",
                          "thessalonica", "thessaly", "thrace", "troy", "tyras"]
    assert by["bithynia"] == ["troy", "bithynia"] and by["athens"] == ["lemnos", "thessalonica", "chalcis", "athens"]
    assert all(d["tokens"] == 5 and len(d["path"]) <= 4 for d in plain)
    assert not any("sea" in a or "mediterranean" in a for d in plain for a in d["path"])
    cloth = {d["to"] for d in movement.legal_voyages(pos(board, ships=ship, players={"thrace": {"civ_cards": ["cloth_making"]}}),
                                                     THRACE, "byzantium")}
    assert sorted(cloth - set(by)) == ["argos", "cappadocia", "corinth", "epirus", "ithaca", "kuban", "lycia",
                                       "rhodes", "thera"]
    astro = {d["to"]: d["path"] for d in movement.legal_voyages(
        pos(board, ships=ship, players={"thrace": {"civ_cards": ["astronomy"]}}), THRACE, "byzantium")}
    assert astro["knossos"] == ["lemnos", "aegean_sea", "knossos"] and astro["kuban"] == ["black_sea", "kuban"]
    assert "aegean_sea" not in astro and "black_sea" not in astro  # never ends in open sea (23.55)
    assert movement.legal_voyages(pos(board), THRACE, "byzantium") == []  # no ship there
    assert movement.legal_voyages(pos({"thrace": {"tokens": {"thrace": 2}}}, ships=ship), THRACE, "byzantium") == []
    # each is a voyage the order takes: 5 tokens to Bithynia
    s, _ = play(pos(board, ships=ship), mv(THRACE, voyages=[
        {"ship": "byzantium", "steps": [["load", 5], *(["sail", a] for a in by["bithynia"]), ["unload", 5]]}]))
    assert tok(s, "bithynia", "thrace") == 5 and tok(s, "byzantium", "thrace") == 1
