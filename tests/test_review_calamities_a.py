"""Review of the calamity phase (29) and of Volcano/Earthquake, Treachery, Famine, Superstition,
Civil Disorder, Iconoclasm and Heresy, Piracy (30) and Monotheism (32.94): bugs found in the
review and edge cases that were not pinned yet."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game

from tests.helpers import play, refused, texts
from tests.test_calamities_a import (ASIA, ASSYRIA, BABYLON, CRETE, EGYPT, SEVEN, cal, cities,
                                     owed)


def visible(events, seat):
    return [e for e in events if e.to is None or seat in e.to]


# ---- SITE-CREATE-10: only the active calamity is shown ---------------------------------------

@pytest.mark.site("SITE-CREATE-10", "SITE-CAL-06", "SITE-CAL-03")
@pytest.mark.rule("29.3", "29.5")
def test_only_active_calamity_option_hides_upcoming_calamities_in_the_event_log():
    board = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    players = {"egypt": {"hand": ["superstition", "civil_disorder", "iconoclasm"]}}
    for seed in range(8):
        s, ev = cal(board, players, options={"only_active_calamity": True}, seed=seed)
        upcoming = [c["calamity"] for c in s.step["queue"][1:]]
        disregarded = [c for c in ("superstition", "civil_disorder", "iconoclasm")
                       if c not in [q["calamity"] for q in s.step["queue"]]]
        shown = texts(visible(ev, BABYLON))
        # the active calamity is announced, the upcoming and the disregarded ones are not
        assert s.step["current"]["calamity"] == s.step["queue"][0]["calamity"]
        for c in upcoming + disregarded:
            name = Game(s).d.calamities[c].name
            assert name not in shown, (seed, name)
        active = Game(s).d.calamities[s.step["queue"][0]["calamity"]].name
        assert f"Egypt reveals {active}." in shown and f"{active} strikes Egypt." in shown
        # resolving everything reveals the rest: the next one when it strikes, then the
        # disregarded one (29.5) once all calamities are resolved
        while s.phase == "calamities" and owed(s):
            s, ev2 = play(s, {"type": "timeout", "player": owed(s)[0].player})
            ev += ev2
        out = texts(ev)
        for c in upcoming:
            assert f"Egypt reveals {Game(s).d.calamities[c].name}." in out
        assert f"{Game(s).d.calamities[disregarded[0]].name} is disregarded (29.5)" in out
        assert sorted(s.set_aside) == ["civil_disorder", "iconoclasm", "superstition"]


@pytest.mark.site("SITE-CREATE-10")
def test_without_the_option_every_calamity_is_revealed_at_once():
    board = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    s, ev = cal(board, {"egypt": {"hand": ["superstition", "civil_disorder"]}})
    reveals = [e.text for e in ev if e.kind == "calamity_revealed"]
    assert reveals == ["Egypt reveals Superstition.", "Egypt reveals Civil Disorder."]


# ---- Treachery (30.22) -------------------------------------------------------------------------

@pytest.mark.rule("30.222")
def test_untraded_treachery_refusal_cites_30_222_and_the_victims_own_cities():
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "ur": {"city": "babylon"},
             "upper_egypt": {"tokens": {"egypt": 6}}}
    s, _ = cal(board, {"egypt": {"hand": ["treachery"]}})
    d = owed(s)[0]
    assert d.player == EGYPT and "reduce" in d.prompt
    e = refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["ur"]}, "30.222")
    assert "memphis, thebes" in e.message


@pytest.mark.rule("30.221")
def test_traded_treachery_with_a_single_city_is_taken_at_once():
    board = {"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}},
             "mesopotamia": {"tokens": {"babylon": 6}}}
    s, ev = cal(board, {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}}})
    assert s.board.cities["thebes"] == "babylon" and Game(s).cities_in_stock("babylon") == 8
    assert not [d for d in owed(s) if d.kind == "calamity_cities"]


# ---- Piracy (30.91) ----------------------------------------------------------------------------

@pytest.mark.rule("30.912", "29.61")
@pytest.mark.site("SITE-CAL-05")
def test_piracy_default_secondaries_are_the_two_leading_eligible_players_never_the_trader():
    from tests.test_calamities_a import piracy_board
    players = {"egypt": {"hand": ["piracy"], "flags": {"calamity_from": {"piracy": "crete"}}},
               "crete": {"treasury": 300}, "babylon": {"treasury": 100}, "asia": {"treasury": 50}}
    s, _ = cal(piracy_board(), players)
    assert owed(s)[0].player == CRETE  # the trader picks the victim's two coastal cities
    s, _ = play(s, {"type": "timeout", "player": CRETE})
    assert sum(1 for a in ("tanis", "gaza", "jerusalem") if s.board.cities[a] == "pirates") == 2
    d = owed(s)[0]
    assert d.player == EGYPT and "knossos" not in d.options["cities"]
    s, _ = play(s, {"type": "timeout", "player": EGYPT})
    # Crete leads but traded the card (29.61): Babylon and Asia, one coastal city each
    assert s.board.cities["ur"] == "pirates" and s.board.cities["antioch"] == "pirates"
    assert s.board.cities["tyre"] == "assyria" and s.board.cities["knossos"] == "crete"


# ---- Iconoclasm and Heresy (30.81) ---------------------------------------------------------------

@pytest.mark.rule("30.818", "30.819", "32.841")
def test_iconoclasm_a_single_philosophy_holder_loses_one_city_of_the_victims_choice():
    from tests.test_calamities_a import icon_board
    players = {"asia": {"hand": ["iconoclasm"], "flags": {"calamity_from": {"iconoclasm": "crete"}}},
               "babylon": {"civ_cards": ["theology"]}, "egypt": {"civ_cards": ["theology"]},
               "assyria": {"civ_cards": ["philosophy"]}}
    s, _ = cal(icon_board(), players)
    d = owed(s)[0]
    assert d.player == ASIA and d.options["count"] == 1 and d.options["cities"] == ["aleppo", "nineveh"]
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["aleppo", "nineveh"]}, "30.818")
    s, _ = play(s, {"type": "choose_cities", "player": ASIA, "cities": ["aleppo"]})
    g = Game(s)
    assert g.cities_of("assyria") == ["nineveh"] and len(g.cities_of("egypt")) == 5


@pytest.mark.rule("30.811", "30.814", "30.815", "30.816", "30.817")
def test_iconoclasm_theology_holder_with_monotheism_and_roadbuilding_reduces_three():
    s, _ = cal(cities(SEVEN[:5], "egypt", {"upper_egypt": 12}),
               {"egypt": {"hand": ["iconoclasm"], "civ_cards": ["theology", "monotheism", "roadbuilding"]}})
    d = owed(s)[0]
    assert d.player == EGYPT and d.options["count"] == 3  # 4 - 3 + 1 + 1


# ---- Civil Disorder (30.71, Z-38) ----------------------------------------------------------------

@pytest.mark.rule("30.713", "30.714", "30.715")
def test_civil_disorder_with_one_city_military_and_roadbuilding_reduces_that_city():
    s, _ = cal(cities(["thebes"], "egypt", {"upper_egypt": 6}),
               {"egypt": {"hand": ["civil_disorder"], "civ_cards": ["military", "roadbuilding"]}})
    g = Game(s)
    assert g.cities_of("egypt") == [] and g.tokens("thebes", "egypt") == 3  # max(0,1-3)+2 -> 1


# ---- Famine (30.31) ------------------------------------------------------------------------------

@pytest.mark.rule("30.312", "32.211")
def test_famine_secondary_with_pottery_and_one_grain_loses_four_of_eight():
    from tests.test_calamities_a import famine_board
    players = {"egypt": {"hand": ["famine"]},
               "babylon": {"hand": ["grain", "salt"], "civ_cards": ["pottery"]},
               "assyria": {"hand": ["grain"]}}  # Grain without Pottery: no relief
    s, ev = cal(famine_board(), players)
    s, ev2 = play(s, {"type": "famine_assign", "player": EGYPT,
                      "victims": {"babylon": 8, "assyria": 8, "asia": 4}},
                  {"type": "famine_grain", "player": BABYLON, "grain": 1})
    g = Game(s)
    assert g.tokens("babylonia", "babylon") == 10 - 4 and g.of("babylon").flags["famine_grain"] == 1
    assert g.tokens("armenia", "assyria") == 10 - 8 and "famine_grain" not in g.of("assyria").flags
    assert "Babylon shows 1 Grain" in texts(ev2) and "Assyria shows" not in texts(ev2)


@pytest.mark.rule("30.311", "15.61", "29.61")
def test_famine_allocation_is_forced_when_the_others_hold_twenty_points_or_less():
    board = {"upper_egypt": {"tokens": {"egypt": 12}}, "babylonia": {"tokens": {"babylon": 5}},
             "armenia": {"tokens": {"assyria": 3}}, "galatia": {"tokens": {"asia": 9}},
             "rhodes": {"tokens": {"crete": 2}}}
    s, ev = cal(board, {"egypt": {"hand": ["famine"]}, "asia": {"inert": True}})
    g = Game(s)
    # Asia is inert (15.61): never a secondary victim; the rest lose everything at once
    assert g.tokens("galatia", "asia") == 9
    assert (g.tokens("babylonia", "babylon"), g.tokens("armenia", "assyria"), g.tokens("rhodes", "crete")) == (0, 0, 0)
    assert g.tokens("upper_egypt", "egypt") == 12 - 10 and s.phase == "advances"


# ---- 29.5 cap and 30.527 --------------------------------------------------------------------------

@pytest.mark.rule("29.5", "30.527")
def test_crete_with_barbarian_hordes_and_two_more_suffers_both_others():
    board = cities(["knossos", "phaestos"], "crete", {"rhodes": 4})
    s, ev = cal(board, {"crete": {"hand": ["barbarian_hordes", "superstition", "treachery"]}})
    out = texts(ev)
    assert "disregarded" not in out and "it has no effect (30.527)" in out
    assert [c["calamity"] for c in s.step["queue"]] == ["treachery", "superstition"]


# ---- Monotheism (32.94) --------------------------------------------------------------------------

@pytest.mark.rule("32.941", "32.942", "15.61")
def test_monotheism_may_convert_an_inert_nations_units():
    board = {"sinai": {"tokens": {"egypt": 2}}, "gaza": {"tokens": {"babylon": 1}}}
    s, _ = cal(board, {"egypt": {"civ_cards": ["monotheism"]}, "babylon": {"inert": True}})
    d = owed(s)[0]
    assert d.kind == "monotheism" and d.options["areas"] == ["gaza"]
    s, _ = play(s, {"type": "convert", "player": EGYPT, "area": "gaza"})
    assert Game(s).tokens("gaza", "egypt") == 1 and Game(s).tokens("gaza", "babylon") == 0


@pytest.mark.site("SITE-CREATE-10")
def test_information_state_hides_upcoming_calamities_when_only_the_active_one_is_shown():
    from tresham.games.advciv.view import information_state
    board = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    players = {"egypt": {"hand": ["superstition", "civil_disorder", "iconoclasm"]}}
    s, _ = cal(board, players, options={"only_active_calamity": True})
    info = information_state(s, BABYLON)
    assert info.step["queue"][0] == s.step["queue"][0] and info.step["current"] == s.step["current"]
    assert [c["calamity"] for c in info.step["queue"][1:]] == ["hidden"]
    assert info.step["later"] == [] and s.step["later"]  # the disregarded one stays unknown
    s2, _ = cal(board, players)
    assert information_state(s2, BABYLON).step["queue"] == s2.step["queue"]


# ---- SITE-TIME-02: the first decision of the phase gets 1.5 x the time limit --------------------

@pytest.mark.site("SITE-TIME-02")
def test_first_calamity_decision_gets_one_and_a_half_times_the_limit():
    board = cities(SEVEN, "egypt", {"upper_egypt": 12})
    s, _ = cal(board, {"egypt": {"hand": ["superstition", "civil_disorder"]}})
    d = owed(s)
    assert [(x.player, x.deadline_factor) for x in d] == [(EGYPT, 1.5)]
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes"]}, "30.32")
    assert owed(s)[0].deadline_factor == 1.5  # a refused order changes nothing
    s, _ = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes", "memphis", "tanis"]})
    d = owed(s)
    assert d[0].prompt.startswith("Civil Disorder") and d[0].deadline_factor == 1.0


@pytest.mark.site("SITE-TIME-02")
def test_players_asked_together_first_all_keep_the_longer_limit():
    # Famine: the caps (8, 8, 3) total 20 or less, so the allocation is forced and two
    # secondary victims choose their losses at the same time, first in the phase
    board = {"upper_egypt": {"tokens": {"egypt": 12}},
             "babylonia": {"tokens": {"babylon": 5}}, "sumeria": {"tokens": {"babylon": 4}},
             "armenia": {"tokens": {"assyria": 5}}, "cilicia": {"tokens": {"assyria": 4}},
             "galatia": {"tokens": {"asia": 3}}}
    s, _ = cal(board, {"egypt": {"hand": ["famine"]}})
    first = {x.player: x.deadline_factor for x in owed(s)}
    assert set(first) == {BABYLON, ASSYRIA} and set(first.values()) == {1.5}
    s, _ = play(s, {"type": "timeout", "player": BABYLON})
    assert {x.player: x.deadline_factor for x in owed(s)} == {p: 1.5 for p in first if p != BABYLON}


# ---- player-facing messages ----------------------------------------------------------------------

@pytest.mark.rule("30.221")
def test_treachery_prompt_says_the_city_is_eliminated_when_the_trader_has_no_city():
    nine = ["babylon", "ur", "susa", "charax", "sumeria", "chaldaea", "babylonia", "elam", "nineveh"]
    board = cities(nine, "babylon")
    board["mesopotamia"] = {"tokens": {"babylon": 18}}
    board.update({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 6}}})
    s, _ = cal(board, {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}}})
    d = owed(s)[0]
    assert d.player == BABYLON and "eliminate" in d.prompt
    s, _ = play(s, {"type": "choose_cities", "player": BABYLON, "cities": ["memphis"]})
    assert Game(s).cities_of("egypt") == ["thebes"] and "memphis" not in s.board.cities


@pytest.mark.rule("30.311", "15.61")
def test_famine_refusal_says_why_a_nation_cannot_be_assigned():
    from tests.test_calamities_a import famine_board
    board = famine_board()
    board["rhodes"] = {"tokens": {"crete": 9}}
    s, _ = cal(board, {"egypt": {"hand": ["famine"]}, "crete": {"inert": True}})
    e = refused(s, {"type": "famine_assign", "player": EGYPT,
                    "victims": {"crete": 4, "babylon": 8, "assyria": 8}}, "30.311")
    assert "has left the game" in e.message and "Babylon (at most 8)" in e.message
    e = refused(s, {"type": "famine_assign", "player": EGYPT,
                    "victims": {"thrace": 4, "babylon": 8, "assyria": 8}}, "30.311")
    assert "Thrace has no units on the board" in e.message
