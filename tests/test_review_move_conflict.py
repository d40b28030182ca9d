"""Review of movement (§23) and conflict (§24) against the rulebook and the site manual:
edge cases not covered elsewhere, and the bugs the review found."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.phase import PHASES

from tests.helpers import play, position, refused, texts
from tests.test_conflict import start_conflict, toks
from tests.test_movement import BABYLON, CRETE, EGYPT, ILLYRIA, THRACE, mv, pos, tok

ROAD = {"thrace": {"civ_cards": ["roadbuilding"]}}


# ------------------------------------------------------------------------------ movement
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


@pytest.mark.rule("23.1", "23.51")
def test_a_ship_carries_only_its_owners_tokens():
    s = pos({"byzantium": {"tokens": {"illyria": 3}}}, ships={"thrace": ["byzantium"]})
    e = refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [
        ["load", 1], ["sail", "troy"], ["unload", 1]]}]), "23.51")
    assert "only 0 of your tokens" in e.message


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


@pytest.mark.rule("23.56")
def test_tokens_may_not_be_loaded_or_set_down_in_open_sea():
    s = pos({"byzantium": {"tokens": {"thrace": 2}}}, ships={"thrace": ["byzantium"]},
            players={"thrace": {"civ_cards": ["astronomy"]}})
    refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [
        ["load", 2], ["sail", "black_sea"], ["unload", 2], ["sail", "bithynia"]]}]), "23.56")


@pytest.mark.rule("23.2", "23.21", "32.831", "21.2")
def test_military_holders_move_last_in_census_order_among_themselves():
    """Military holders after all others, census order among them (ties by A.S.T.)."""
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}},
             "knossos": {"tokens": {"crete": 3}}, "paeonia": {"tokens": {"illyria": 4}}},
            players={"babylon": {"civ_cards": ["military"]},
                     "illyria": {"civ_cards": ["military"]}})
    assert s.step["order"] == [CRETE, THRACE, EGYPT, BABYLON, ILLYRIA]


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


@pytest.mark.site("SITE-MOVE-05", "SITE-TIME-02")
def test_first_mover_gets_one_and_a_half_times_the_deadline():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    d = {x.player: x for x in engine.pending(s)}
    assert d[BABYLON].required and d[BABYLON].deadline_factor == 1.5
    assert not d[THRACE].required


# ------------------------------------------------------------------------------ conflict
@pytest.mark.rule("24.23", "24.33", "24.41", "24.31", "24.32")
def test_defended_city_with_two_attacking_nations():
    """Asia's city in Sumeria with 2 defending tokens; Babylon 9 and Egypt 3. All tokens
    fight first (ascending): A2->1, E3->2, B9->8; A->0, E->1, B->7; E->0. Babylon's 7
    then attack: the city becomes 6 Asian tokens; limit 3: 6v7 ... Asia 1, Babylon 2."""
    s, ev = start_conflict({"sumeria": {"city": "asia",
                                        "tokens": {"asia": 2, "babylon": 9, "egypt": 3}}})
    t = texts(ev)
    assert "Asia's city in Sumeria is destroyed by Babylon's attack with 7 tokens." in t
    assert toks(s, "sumeria") == {"asia": 1, "babylon": 2}
    assert s.step["pillage"] == [{"nation": "babylon", "area": "sumeria"}]


@pytest.mark.rule("24.24", "24.41", "24.31")
def test_metalworking_attacker_still_loses_tokens_to_defenders():
    """Metalworking only changes who removes first: 7 attackers (holder) against 3
    defenders: D->2, B->6, D->1, B->5, D->0. Five left are too few to attack."""
    s, ev = start_conflict({"sumeria": {"city": "asia", "tokens": {"asia": 3, "babylon": 7}}},
                           {"babylon": {"civ_cards": ["metalworking"]}})
    assert s.board.cities.get("sumeria") == "asia" and toks(s, "sumeria") == {}
    assert "5 Babylon tokens cannot attack Asia's city in Sumeria (7 needed)" in texts(ev)


@pytest.mark.rule("24.35", "32.311", "24.41")
def test_engineering_attacker_survivors_need_only_six():
    """8 Engineering attackers against 2 defenders: D->1, B->7, D->0: 7 >= 6 attack and the
    city becomes 5 tokens (limit 3: 5v7 -> 4v6 -> 3v5 -> 2v4 -> 1v3 (4), A->0)."""
    s, ev = start_conflict({"sumeria": {"city": "asia", "tokens": {"asia": 2, "babylon": 8}}},
                           {"babylon": {"civ_cards": ["engineering"]}})
    assert "replaced by 5 tokens to fight 7 Babylon tokens" in texts(ev)
    assert toks(s, "sumeria") == {"babylon": 3}


@pytest.mark.rule("24.35", "24.34", "24.31")
def test_five_engineering_tokens_cannot_attack_a_pirate_city():
    s, ev = start_conflict({"tyre": {"tokens": {"egypt": 5}, "city": "pirates"}},
                           {"egypt": {"civ_cards": ["engineering"]}})
    assert s.board.cities.get("tyre") == "pirates" and toks(s, "tyre") == {}
    assert "(6 needed)" in texts(ev) and s.step["pillage"] == []


@pytest.mark.rule("24.35", "30.5252", "24.31")
def test_barbarians_need_eight_against_an_engineering_city():
    s, ev = start_conflict({"sumeria": {"city": "asia", "tokens": {"barbarians": 7}}},
                           {"asia": {"civ_cards": ["engineering"]}})
    assert s.board.cities.get("sumeria") == "asia" and toks(s, "sumeria") == {}
    assert "(8 needed)" in texts(ev)


@pytest.mark.rule("24.33", "24.34")
def test_two_nations_at_a_pirate_city_fight_first_then_the_survivor_attacks():
    """Egypt 9, Babylon 2 at a pirate city: B->1, E->8, B->0; 8 Egyptians attack 6 pirate
    tokens (Tyre, limit 3): 6v8 -> 5v7 -> 4v6 -> 3v5 -> 2v4 -> 1v3 (4), P->0: Egypt keeps 3.
    Pillage but no card (24.53), and Babylon's hand is untouched."""
    s, ev = start_conflict({"tyre": {"tokens": {"egypt": 9, "babylon": 2}, "city": "pirates"}},
                           {"babylon": {"hand": ["grain"]}})
    assert "tyre" not in s.board.cities
    assert toks(s, "tyre") == {"egypt": 3}
    assert s.step["pillage"] == [{"nation": "egypt", "area": "tyre"}]
    assert s.players[0].hand == ["grain"] and "draws" not in texts(ev)


@pytest.mark.rule("24.51")
def test_drawn_card_is_named_only_to_attacker_and_victim():
    s, ev = start_conflict({"sumeria": {"city": "asia", "tokens": {"babylon": 7}}},
                           {"asia": {"hand": ["grain"]}})
    card_events = [e for e in ev if e.kind.startswith("conflict_card")]
    public = [e for e in card_events if e.to is None]
    private = [e for e in card_events if e.to is not None]
    assert len(public) == 1 and "grain" not in repr(public[0].to_json()).lower()
    assert len(private) == 1 and sorted(private[0].to) == [0, 3] and "Grain" in private[0].text
    assert s.players[0].hand == ["grain"] and s.players[3].hand == []


@pytest.mark.rule("24.52")
def test_pillage_for_two_cities_is_capped_by_the_remaining_stock():
    """Stock 4 and two cities destroyed: up to 3 for the first, then at most 1 (never more
    than the stock, 24.52); the timeout takes what is left."""
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"},
                           "thebes": {"tokens": {"egypt": 7}, "city": "babylon"}},
                          {"babylon": {"stock": 0}, "egypt": {"stock": 4}})
    g = Game(s)
    assert [d.options["max"] for d in PHASES["conflict"].pending(g)] == [3, 3]
    s, _ = play(s, {"type": "pillage", "player": 1, "amount": 3, "area": "ur"})
    g = Game(s)
    assert [d.options for d in PHASES["conflict"].pending(g)] == [{"area": "thebes", "max": 1}]
    refused(s, {"type": "pillage", "player": 1, "amount": 2}, "24.52")
    s, ev = play(s, {"type": "timeout", "player": 1})
    assert s.players[1].treasury == 4 and s.players[1].stock == 0


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


@pytest.mark.rule("23.52", "23.56")
def test_a_voyage_that_never_sails_is_refused():
    s = pos({"byzantium": {"tokens": {"thrace": 2}}}, ships={"thrace": ["byzantium"]})
    e = refused(s, mv(THRACE, voyages=[{"ship": "byzantium", "steps": [["load", 2],
                                                                       ["unload", 2]]}]), "23.52")
    assert "never sails" in e.message


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


@pytest.mark.rule("24.52")
@pytest.mark.site("SITE-CONFLICT-03")
def test_pillage_for_a_city_not_destroyed_is_refused_with_the_cities_owed():
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                          {"babylon": {"stock": 0}, "egypt": {"stock": 4}})
    e = refused(s, {"type": "pillage", "player": 1, "amount": 3, "area": "thebes"}, "24.52")
    assert "no city to pillage in Thebes" in e.message and "destroyed in: Ur" in e.message
    refused(s, {"type": "pillage", "player": 0, "amount": 1}, "24.52")  # Babylon destroyed none


@pytest.mark.rule("23.31", "5.5")
def test_roadbuilding_through_an_area_with_ones_own_city():
    s = pos({"macedonia": {"tokens": {"thrace": 3}}, "thrace": {"city": "thrace"}}, players=ROAD)
    s, _ = play(s, mv(THRACE, [{"from": "macedonia", "via": "thrace", "to": "byzantium",
                                 "count": 2}]))
    assert tok(s, "byzantium", "thrace") == 2 and s.board.cities["thrace"] == "thrace"


@pytest.mark.rule("24.24", "24.32", "32.231")
def test_metalworking_defender_in_the_fight_after_the_city_is_replaced():
    """Asia's city (Metalworking) in Sumeria (limit 3) falls to 8 Babylonians; the 6 Asian
    replacement tokens remove after Babylon each round: B7 A5, B6 A4, B5 A3, B4 A2, B3 A1,
    B2 (3 = limit): Asia keeps 1, Babylon 2 (without Metalworking Babylon would keep 3)."""
    s, _ = start_conflict({"sumeria": {"city": "asia", "tokens": {"babylon": 8}}},
                          {"asia": {"civ_cards": ["metalworking"]}})
    assert toks(s, "sumeria") == {"asia": 1, "babylon": 2}
    s, _ = start_conflict({"sumeria": {"city": "asia", "tokens": {"babylon": 8}}})
    assert toks(s, "sumeria") == {"babylon": 3}


@pytest.mark.rule("24.23", "24.24", "24.22")
def test_two_metalworking_holders_with_equal_counts_remove_together_after_the_non_holder():
    """Sumeria (limit 3): Babylon 3 and Egypt 3 hold Metalworking, Asia 4 does not. Each
    round Asia removes first, then the two holders together: A3 B2 E2; A2 B1 E1; A1 (3)."""
    s, _ = start_conflict({"sumeria": {"tokens": {"babylon": 3, "egypt": 3, "asia": 4}}},
                          {"babylon": {"civ_cards": ["metalworking"]},
                           "egypt": {"civ_cards": ["metalworking"]}})
    assert toks(s, "sumeria") == {"asia": 1, "babylon": 1, "egypt": 1}


@pytest.mark.rule("24.1", "30.5252")
def test_barbarians_and_a_nation_coexist_within_the_limit():
    s, ev = start_conflict({"sumeria": {"tokens": {"barbarians": 2, "egypt": 1}}})
    assert toks(s, "sumeria") == {"barbarians": 2, "egypt": 1} and "Conflict" not in texts(ev)


@pytest.mark.site("SITE-MOVE-06", "SITE-MOVE-08")
def test_current_mover_entering_unconfirmed_moves_is_told_so_privately():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s, ev = play(s, mv(BABYLON, [{"from": "ur", "to": "susa", "count": 3}], done=None))
    assert tok(s, "ur", "babylon") == 5
    noted = [e for e in ev if e.kind == "move_pending"]
    assert len(noted) == 1 and noted[0].to == [BABYLON] and "not confirmed" in noted[0].text
    s, ev = play(s, {"type": "done", "player": BABYLON})
    assert tok(s, "susa", "babylon") == 3


@pytest.mark.rule("15.61")
def test_a_later_mover_who_left_is_offered_no_decision():
    s = pos({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}}})
    s.players[THRACE].inert = True
    assert THRACE not in [d.player for d in engine.pending(s)]
    s, ev = play(s, mv(BABYLON))
    assert "Thrace is inert and moves nothing." in texts(ev)


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


@pytest.mark.rule("23.2")
def test_orders_from_a_player_with_nothing_to_move_say_why():
    s, _ = position(nations=["thrace", "crete", "asia", "babylon", "egypt", "illyria"],
                    board={"lemnos": {"tokens": {"thrace": 1}}, "knossos": {"tokens": {"crete": 3}}},
                    phase="movement")
    e = refused(s, mv(THRACE, [{"from": "lemnos", "to": "troy", "count": 1}]), "23.2")
    assert "nothing that could move" in e.message


@pytest.mark.rule("24.52")
@pytest.mark.site("SITE-CONFLICT-03")
def test_a_pillage_order_must_say_how_many_tokens():
    """The amount is the player's choice (24.52): an order without it is refused rather
    than silently taken as 0 (which would forfeit the pillage)."""
    s, _ = start_conflict({"ur": {"tokens": {"egypt": 7}, "city": "babylon"}},
                          {"babylon": {"stock": 0}, "egypt": {"stock": 4}})
    e = refused(s, {"type": "pillage", "player": 1}, "24.52")
    assert "how many" in e.message and "0 to 3" in e.message
    s, _ = play(s, {"type": "pillage", "player": 1, "amount": 0})
    assert s.players[1].treasury == 0 and s.players[1].stock == 4
