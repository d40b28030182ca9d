"""Combat (CCG-TURN-03, CCG-COMB-01..06, CCG-CARD-07/09, CCG-CONF-02/03, CCG-EXT-03)."""
from __future__ import annotations

import pytest

from tresham.games.civcards import engine
from tresham.games.civcards.rules.turn import decider
from tresham.games.contract import IllegalOrder

from .helpers import build_on, go, hand, plots, started


def at_attack(players=3, seed=2, **opts):
    s = started(players, seed, **opts)
    s.active, s.phase = 0, "attack"
    return s


def attack(s, target, units):
    return go(s, {"type": "attack", "player": 0, "attacks": [{"target": target, "units": units}]})


@pytest.mark.variant("CCG-COMB-01", "CCG-CONF-03")
def test_only_neighbours_may_be_attacked():
    s = at_attack(4)
    (w,) = hand(s, 0, "warrior")
    assert engine.view(s, 0)["pending"][0]["options"] == {"targets": [1, 3]}
    with pytest.raises(IllegalOrder, match="you may attack Egypt or China, not seat 2"):
        attack(s, 2, [w])
    # two players: the one opponent is the neighbour on both sides
    s2 = at_attack(2)
    (w2,) = hand(s2, 0, "warrior")
    plots(s2, 1, "grassland", "plains", "hills", "river")
    assert engine.view(s2, 0)["pending"][0]["options"] == {"targets": [1]}
    t, _ = attack(s2, 1, [w2])
    assert t.combat is None and w2 in t.discard  # no harm done, the unit discarded


@pytest.mark.variant("CCG-CONF-03", "CCG-TEAM-01")
def test_teammates_cannot_attack_each_other():
    s = at_attack(4, teams="adjacent")       # teams {0, 1} and {2, 3}
    (w,) = hand(s, 0, "warrior")
    with pytest.raises(IllegalOrder, match="you may attack China, not seat 1") as e:
        attack(s, 1, [w])
    assert e.value.rule == "CCG-CONF-03"
    s = at_attack(4, teams="opposite")       # teams {0, 2} and {1, 3}: both neighbours are rivals
    hand(s, 0, "warrior")
    assert engine.view(s, 0)["pending"][0]["options"] == {"targets": [1, 3]}


@pytest.mark.variant("CCG-COMB-01", "CCG-CARD-07")
def test_all_attacks_declared_at_once_face_up_and_settled_clockwise():
    s = at_attack(3)
    w1, w2, sw = hand(s, 0, "warrior", "warrior", "swordsman")
    for d in (1, 2):
        hand(s, d)
        plots(s, d, "grassland", "plains", "hills", "river")
    # seat 0's other hand cards are secret before the attack; its units are open once committed
    assert engine.view(s, 1)["hand"] == [] and engine.view(s, 1)["players"][0]["hand_size"] == 3
    with pytest.raises(IllegalOrder, match="named twice"):
        go(s, {"type": "attack", "player": 0, "attacks": [{"target": 2, "units": [w1]}, {"target": 2, "units": [w2]}]})
    with pytest.raises(IllegalOrder, match="a card is named twice"):
        go(s, {"type": "attack", "player": 0, "attacks": [{"target": 1, "units": [w1]}, {"target": 2, "units": [w1]}]})
    t, texts = go(s, {"type": "attack", "player": 0,
                      "attacks": [{"target": 2, "units": [w2]}, {"target": 1, "units": [w1, sw]}]})
    assert texts[:2] == ["Rome attacks Egypt with Warrior, Swordsman", "Rome attacks Persia with Warrior"]
    # no defender held a unit or a wall: both attacks take effect, then every unit is discarded
    assert t.combat is None and {w1, w2, sw} <= set(t.discard)


def defended_position():
    """Seat 1 defends: Walls on his grassland and hills, a Temple on his river, 3 population;
    seat 0 attacks with a Catapult, a Swordsman, a Horseman and a Warrior."""
    s = at_attack(3)
    g, p, h, r = plots(s, 1, "grassland", "plains", "hills", "river", pop=(2, 1, 0, 0))
    wg = build_on(s, 1, g, "walls")
    wh = build_on(s, 1, h, "walls")
    temple = build_on(s, 1, r, "temple")
    units = hand(s, 0, "catapult", "swordsman", "horseman", "warrior")
    defence = hand(s, 1, "axeman", "archer")
    plots(s, 0, "floodplain", "mountains", "oasis", "tundra")
    return s, (g, p, h, r), (wg, wh, temple), units, defence


@pytest.mark.variant("CCG-COMB-02", "CCG-COMB-03", "CCG-COMB-04", "CCG-COMB-05", "CCG-COMB-06")
def test_the_seeds_order_catapult_bounce_counter_theft_discard():
    s, (g, p, h, r), (wg, wh, temple), (cat, sw, hm, wa), (axe, arch) = defended_position()
    s, _ = attack(s, 1, [cat, sw, hm, wa])
    # 1. the Catapult: one of two Walls, the defender picks (CCG-COMB-02)
    assert s.phase == "catapult" and decider(s) == 1
    assert engine.view(s, 1)["pending"][0]["options"] == {"count": 1, "walls": [wg, wh]}
    with pytest.raises(IllegalOrder, match="pick 1 Walls card"):
        go(s, {"type": "catapult", "player": 1, "walls": [wg, wh]})
    s, _ = go(s, {"type": "catapult", "player": 1, "walls": [wh]})
    assert wh in s.seats[1]["hand"] and s.plot(1, h)["cards"] == []
    # 2. the bounce: Walls remain, one unit back to the attacker's hand (CCG-COMB-03)
    assert s.phase == "bounce"
    with pytest.raises(IllegalOrder, match="a Catapult's work is done"):
        go(s, {"type": "bounce", "player": 1, "unit": cat})
    s, texts = go(s, {"type": "bounce", "player": 1, "unit": hm})
    assert hm in s.seats[0]["hand"]
    assert texts[0] == "Egypt's walls bounce the Horseman back to Rome's hand"
    # 3. the counters: Axeman against Swordsman (the seed's example) (CCG-COMB-04)
    assert s.phase == "defend"
    assert engine.view(s, 1)["pending"][0]["options"]["counters"] == {sw: [axe], wa: [axe, arch]}
    with pytest.raises(IllegalOrder, match="Archer does not counter Swordsman"):
        go(s, {"type": "defend", "player": 1, "counters": [{"unit": sw, "by": arch}]})
    s, _ = go(s, {"type": "defend", "player": 1, "counters": [{"unit": sw, "by": axe}]})
    # 4. the Warrior is not countered: 1 population stolen; the defender picks the plot ...
    assert s.phase == "losses" and engine.view(s, 1)["pending"][0]["options"]["population"] == 1
    with pytest.raises(IllegalOrder, match="Hills has 0 population, not 1"):
        go(s, {"type": "losses", "player": 1, "population": [h]})
    s, _ = go(s, {"type": "losses", "player": 1, "population": [p]})
    assert [pl["pop"] for pl in s.seats[1]["plots"]] == [2, 0, 0, 0]
    # ... the attacker the plot it goes to (CCG-COMB-05)
    assert s.phase == "place_stolen" and decider(s) == 0
    oasis = s.seats[0]["plots"][2]["id"]
    s, _ = go(s, {"type": "place_stolen", "player": 0, "plots": [oasis]})
    assert s.plot(0, oasis)["pop"] == 1
    # 5. every unit that fought to the discard pile; the bounced one stays in hand (CCG-COMB-06)
    assert {cat, sw, wa, axe} <= set(s.discard)
    assert hm in s.seats[0]["hand"] and arch in s.seats[1]["hand"]
    assert s.combat is None and s.phase == "discard"
    assert s.plot(1, r)["cards"] == [temple] and s.plot(1, g)["cards"] == [wg]


@pytest.mark.variant("CCG-COMB-03", "CCG-CONF-02")
def test_one_bounce_per_attack_whatever_the_walls():
    s = at_attack(3)
    g, p, h, r = plots(s, 1, "grassland", "plains", "hills", "river", pop=(1, 1, 1, 1))
    build_on(s, 1, g, "walls")
    build_on(s, 1, p, "walls")
    build_on(s, 1, h, "great_wall")
    hand(s, 1)
    w1, w2, w3 = hand(s, 0, "warrior", "warrior", "warrior")
    s, _ = attack(s, 1, [w1, w2, w3])
    s, _ = go(s, {"type": "bounce", "player": 1, "unit": w1})
    # no second bounce: straight on to the losses (2 Warriors, 2 population, 4 plots)
    assert s.phase == "losses" and s.combat["attacks"][0]["steal"] == 2
    assert s.seats[0]["hand"] == [w1]


@pytest.mark.variant("CCG-COMB-02", "CCG-CARD-09")
def test_catapult_takes_every_walls_when_enough_never_the_great_wall():
    s = at_attack(3)
    g, p, h, r = plots(s, 1, "grassland", "plains", "hills", "river", pop=(0, 0, 0, 0))
    wg = build_on(s, 1, g, "walls")
    gw = build_on(s, 1, h, "great_wall")
    hand(s, 1)
    c1, c2, w = hand(s, 0, "catapult", "catapult", "warrior")
    s, texts = attack(s, 1, [c1, c2, w])
    assert "the Catapults send Egypt's Walls back to his hand" in texts
    assert wg in s.seats[1]["hand"] and s.plot(1, h)["cards"] == [gw]
    assert s.phase == "bounce"  # the Great Wall still bounces


@pytest.mark.variant("CCG-COMB-05", "CCG-CARD-09")
def test_buildings_go_back_to_hand_wonders_never_as_far_as_possible():
    s = at_attack(3)
    g, p, h, r = plots(s, 1, "grassland", "plains", "hills", "river")
    temple = build_on(s, 1, g, "temple")
    pyr = build_on(s, 1, h, "pyramids")
    hand(s, 1)
    sw, axe, kn = hand(s, 0, "swordsman", "axeman", "knight")
    s, texts = attack(s, 1, [sw, axe, kn])
    # 3 destroys, 1 building: it goes back; the wonder stays; 2 steals, no population: nothing
    assert s.seats[1]["hand"] == [temple]
    assert s.plot(1, h)["cards"] == [pyr] and s.phase == "discard"
    assert "Egypt's Temple go back to his hand" in texts


@pytest.mark.variant("CCG-COMB-05")
def test_the_defender_picks_which_buildings():
    s = at_attack(3)
    g, p, h, r = plots(s, 1, "grassland", "plains", "hills", "river")
    temple = build_on(s, 1, g, "temple")
    lib = build_on(s, 1, p, "library")
    hand(s, 1)
    (axe,) = hand(s, 0, "axeman")
    s, _ = attack(s, 1, [axe])
    assert s.phase == "losses"
    assert engine.view(s, 1)["pending"][0]["options"] == {"population": 0, "buildings": 1,
                                                         "building_cards": [temple, lib]}
    s, _ = go(s, {"type": "losses", "player": 1, "population": [], "buildings": [lib]})
    assert s.seats[1]["hand"] == [lib] and s.plot(1, g)["cards"] == [temple]


@pytest.mark.variant("CCG-EXT-03", "CCG-EXT-06")
def test_losing_a_building_in_combat_hands_the_culture_card_over():
    s = at_attack(3)
    g, p, h, r = plots(s, 1, "grassland", "plains", "hills", "river", pop=(3, 0, 0, 0))
    lib1 = build_on(s, 1, g, "library")
    temple = build_on(s, 1, g, "temple")
    plots(s, 2, "grassland", "plains", "hills", "river")
    lib2 = build_on(s, 2, s.seats[2]["plots"][0]["id"], "library")
    assert (s.culture, s.happiness) == (1, 1)  # Persia ties him at 2 Culture: he keeps it
    hand(s, 1)
    w, axe = hand(s, 0, "warrior", "axeman")
    s, _ = attack(s, 1, [w, axe])
    s, texts = go(s, {"type": "losses", "player": 1, "population": [g], "buildings": [lib1]})
    # Egypt falls to 0 Culture; Persia, with 2, is the sole new leader
    assert s.culture == 2 and "Persia takes the Highest Culture card (2 points)" in texts
    # two buildings stay on a plot that fell to 2 population (CCG-EXT-06)
    assert s.plot(1, g)["pop"] == 2 and s.plot(1, g)["cards"] == [temple]
    assert lib2 in s.plot(2, s.seats[2]["plots"][0]["id"])["cards"]


@pytest.mark.variant("CCG-TURN-03")
def test_combat_is_the_third_step_and_optional():
    s = started(3, 2)
    s.active, s.phase = 0, "buy"
    (w,) = hand(s, 0, "warrior")
    s, _ = go(s, {"type": "end_buy", "player": 0})
    assert s.phase == "attack"
    s, texts = go(s, {"type": "attack", "player": 0, "attacks": []})
    assert texts[0] == "Rome does not attack" and s.phase == "discard" and w in s.seats[0]["hand"]
