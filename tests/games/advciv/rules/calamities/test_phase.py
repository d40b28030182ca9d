"""tresham/games/advciv/rules/calamities/__init__.py: the calamity phase (29) itself:
revelation, primary victims, the two-calamity cap, resolution order, the trader's immunity,
who may be a secondary victim, the support check afterwards, views, timing and bots; and
random play through every calamity. Each calamity's own effect is tested in the module of
its name (test_volcano.py, test_flood.py, ...); the shared loss decision in test_losses.py."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.orders import is_site_order
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng

from tests.helpers import (ASIA, ASSYRIA, BABYLON, CRETE, EGYPT, SEVEN, SIX, THRACE, cal, cities,
                           owed, play, position, refused, texts, told)


def visible(events, seat):
    return [e for e in events if e.to is None or seat in e.to]


MINE = ["civil_war", "slave_revolt", "flood", "barbarian_hordes", "epidemic"]
AREAS = ["thebes", "memphis", "alexandria", "tanis", "fayum", "upper_egypt", "buhen", "nubia",
         "siwa", "sinai", "ptolemais", "eastern_desert", "western_desert", "ur", "susa",
         "babylon", "sumeria", "babylonia", "charax", "mesopotamia", "media", "parthia"]


def random_position(seed, calamity):
    from tresham.games.advciv.context import Context as G
    rng = Rng(seed * 7919 + len(calamity))
    board = {}
    for a in AREAS:
        r = rng.below(6)
        owner = ["egypt", "egypt", "babylon", "assyria", "asia", "egypt"][rng.below(6)]
        if r == 0:
            board[a] = {"city": owner}
        elif r < 4:
            board[a] = {"tokens": {owner: 1 + rng.below(4)}}
    players = {"egypt": {"hand": [calamity],
                         "civ_cards": [c for c in ("military", "philosophy", "music", "medicine",
                                                   "roadbuilding", "engineering", "mining",
                                                   "enlightenment") if rng.below(3) == 0]}}
    if calamity not in ("civil_war", "flood") and rng.below(2):
        players["egypt"]["flags"] = {"calamity_from": {calamity: "crete"}}
    players["thrace"] = {"treasury": rng.below(40)}
    state, _ = position(nations=SIX, board=board, players=players, phase="calamities")
    return state, G


# ---- 29.1, 29.3, 29.7 Calamities revealed publicly and set aside --------------------------------
@pytest.mark.rule("29.1", "29.3", "29.7")
@pytest.mark.site("SITE-CAL-03", "SITE-MARKET-07")
def test_all_calamities_revealed_publicly_and_set_aside():
    board = cities(["thebes"], "egypt", {"upper_egypt": 4})
    players = {"egypt": {"hand": ["superstition", "grain"]}, "babylon": {"hand": ["epidemic", "salt"]}}
    s, ev = cal(board, players)
    reveals = [e for e in ev if e.kind == "calamity_revealed"]
    assert [e.text for e in reveals] == ["Babylon reveals Epidemic.", "Egypt reveals Superstition."]
    assert all(e.to is None for e in reveals)  # public
    assert s.player("egypt").hand == ["grain"] and s.player("babylon").hand == ["salt"]
    assert sorted(s.set_aside) == ["epidemic", "superstition"]


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
            name = Context(s).d.calamities[c].name
            assert name not in shown, (seed, name)
        active = Context(s).d.calamities[s.step["queue"][0]["calamity"]].name
        assert f"Egypt reveals {active}." in shown and f"{active} strikes Egypt." in shown
        # resolving everything reveals the rest: the next one when it strikes, then the
        # disregarded one (29.5) once all calamities are resolved
        while s.phase == "calamities" and owed(s):
            s, ev2 = play(s, {"type": "timeout", "player": owed(s)[0].player})
            ev += ev2
        out = texts(ev)
        for c in upcoming:
            assert f"Egypt reveals {Context(s).d.calamities[c].name}." in out
        assert f"{Context(s).d.calamities[disregarded[0]].name} is disregarded (29.5)" in out
        assert sorted(s.set_aside) == ["civil_disorder", "iconoclasm", "superstition"]


@pytest.mark.site("SITE-CREATE-10")
def test_without_the_option_every_calamity_is_revealed_at_once():
    board = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    s, ev = cal(board, {"egypt": {"hand": ["superstition", "civil_disorder"]}})
    reveals = [e.text for e in ev if e.kind == "calamity_revealed"]
    assert reveals == ["Egypt reveals Superstition.", "Egypt reveals Civil Disorder."]


@pytest.mark.rule("30.527", "29.1")
@pytest.mark.site("SITE-CAL-01")
def test_end_to_end_epidemic_and_crete_immune_to_barbarians():
    s, ev = position(nations=SIX, phase="calamities",
                     board={"fayum": {"tokens": {"egypt": 5}}, "alexandria": {"tokens": {"egypt": 4}},
                            "memphis": {"city": "egypt"}, "susa": {"tokens": {"babylon": 3}},
                            "knossos": {"tokens": {"crete": 3}}, "phaestos": {"tokens": {"crete": 2}}},
                     players={"egypt": {"hand": ["epidemic"]}, "crete": {"hand": ["barbarian_hordes"]}})
    assert "Crete may not be the primary victim of Barbarian Hordes" in "\n".join(e.text for e in ev)
    assert s.board.cities.get("memphis") is None and s.board.tokens["fayum"]["egypt"] == 1
    with pytest.raises(IllegalOrder):
        engine.apply(s, {"type": "assign_losses", "player": 0, "assign": {"babylon": 30}})
    s2, ev2 = engine.apply(s, {"type": "assign_losses", "player": 0,
                               "assign": {"babylon": 10, "crete": 10, "thrace": 5}})
    # (later phases run on at once, so the losses are read from the events)
    out = "\n".join(e.text for e in ev2)
    assert "Babylon loses 2 tokens in Susa to Epidemic" in out  # one token stays (30.612)
    assert "Crete loses 2 tokens in Knossos to Epidemic" in out
    assert "Crete loses 1 token in Phaestos to Epidemic" in out
    assert "barbarian" not in out.lower()
    assert s2.phase != "calamities" or s2.step.get("stage") != "calamities"


# ---- 29.2, 29.4 The primary victim --------------------------------------------------------------
@pytest.mark.rule("29.2", "29.4")
@pytest.mark.site("SITE-CAL-01")
def test_the_holder_is_the_primary_victim_traded_or_not():
    board = cities(["thebes", "memphis", "tanis", "buhen"], "egypt", {"upper_egypt": 10})
    board.update(cities(["ur", "susa", "charax", "babylon"], "babylon", {"mesopotamia": 10}))
    # Egypt kept the Superstition he drew; Babylon holds a Civil Disorder Asia traded him
    players = {"egypt": {"hand": ["superstition"]},
               "babylon": {"hand": ["civil_disorder"], "flags": {"calamity_from": {"civil_disorder": "asia"}}}}
    s, ev = cal(board, players)
    assert "Superstition strikes Egypt." in texts(ev)
    s, ev2 = play(s, {"type": "timeout", "player": EGYPT})
    assert "Civil Disorder strikes Babylon." in texts(ev2)  # who traded it is not public (SITE-SAFE-05)
    assert len(Context(s).cities_of("egypt")) == 1
    # Babylon: 4 cities, all but 3 reduced -> 1, a choice among 4
    assert owed(s)[0].player == BABYLON and owed(s)[0].options["count"] == 1


@pytest.mark.rule("29.2")
def test_non_tradable_hits_its_drawer():
    board = cities(["thebes"], "egypt", {"upper_egypt": 4})
    s, ev = cal(board, {"egypt": {"hand": ["volcano"]}})
    assert "Volcanic Eruption / Earthquake strikes Egypt." in texts(ev)
    assert Context(s).cities_of("egypt") == []


# ---- 29.5 At most two calamities per primary victim ---------------------------------------------
@pytest.mark.rule("29.5")
@pytest.mark.site("SITE-CAL-02")
def test_at_most_two_calamities_per_primary_victim_chosen_at_random():
    board = cities(["thebes", "memphis", "tanis", "buhen", "alexandria"], "egypt", {"upper_egypt": 12})
    hand = ["superstition", "civil_disorder", "iconoclasm"]
    seen = set()
    for seed in range(6):
        s, ev = cal(board, {"egypt": {"hand": list(hand)}}, seed=seed)
        while s.phase == "calamities":
            s, ev2 = play(s, {"type": "timeout", "player": EGYPT})
            ev += ev2
        ignored = [e.data["calamity"] for e in ev if e.kind == "calamity_ignored"]
        started = [e for e in ev if e.kind == "calamity" and "strikes" in e.text]
        assert len(started) == 2 and len(ignored) == 1
        assert sorted(s.set_aside) == sorted(hand)  # the ignored one goes back too
        seen.add(ignored[0])
    assert len(seen) >= 2  # the pick is random


@pytest.mark.rule("29.5")
@pytest.mark.site("SITE-CREATE-12", "SITE-CAL-02")
def test_stoic_lifts_the_cap():
    board = cities(["thebes", "memphis", "tanis", "buhen", "alexandria"], "egypt", {"upper_egypt": 12})
    s, ev = cal(board, {"egypt": {"hand": ["superstition", "civil_disorder", "iconoclasm"]}},
                options={"stoic": True})
    started = [e for e in ev if e.kind == "calamity" and "strikes" in e.text]
    assert len(started) == 1  # the first waits on Egypt's choice
    while s.phase == "calamities":
        s, ev2 = play(s, {"type": "timeout", "player": EGYPT})
        ev += ev2
    started = [e.data["calamity"] for e in ev if e.kind == "calamity" and "strikes" in e.text]
    assert started == ["superstition", "civil_disorder", "iconoclasm"]
    assert not [e for e in ev if e.kind == "calamity_ignored"]


@pytest.mark.rule("29.5", "30.527")
def test_barbarian_hordes_held_by_crete_has_no_effect_and_does_not_count():
    board = cities(["knossos", "phaestos", "thera", "rhodes"], "crete", {"cyprus": 10})
    s, ev = cal(board, {"crete": {"hand": ["barbarian_hordes", "superstition", "civil_disorder"]}})
    ignored = [e.data["calamity"] for e in ev if e.kind == "calamity_ignored"]
    assert ignored == ["barbarian_hordes"]
    while s.phase == "calamities":
        s, ev2 = play(s, {"type": "timeout", "player": owed(s)[0].player})
        ev += ev2
    started = [e.data["calamity"] for e in ev if e.kind == "calamity" and "strikes" in e.text]
    assert started == ["superstition", "civil_disorder"]
    assert "barbarian_hordes" in s.set_aside


@pytest.mark.rule("29.5", "30.527")
def test_crete_with_barbarian_hordes_and_two_more_suffers_both_others():
    board = cities(["knossos", "phaestos"], "crete", {"rhodes": 4})
    s, ev = cal(board, {"crete": {"hand": ["barbarian_hordes", "superstition", "treachery"]}})
    out = texts(ev)
    assert "disregarded" not in out and "it has no effect (30.527)" in out
    assert [c["calamity"] for c in s.step["queue"]] == ["treachery", "superstition"]


# ---- 29.6 Resolution order; orders of the wrong kind --------------------------------------------
@pytest.mark.rule("29.6", "30.1")
@pytest.mark.site("SITE-CAL-04")
def test_resolution_order_by_stack_non_tradable_first():
    board = cities(["thebes", "memphis"], "egypt", {"upper_egypt": 6})
    board.update(cities(["ur"], "babylon", {"mesopotamia": 6}))
    board.update(cities(["nineveh"], "assyria", {"armenia": 6}))
    players = {"egypt": {"hand": ["piracy", "famine"]}, "babylon": {"hand": ["treachery"]},
               "assyria": {"hand": ["volcano"]}, "asia": {"hand": ["superstition"]}}
    s, ev = cal(board, players, options={"stoic": True})
    while s.phase == "calamities":
        s, ev2 = play(s, {"type": "timeout", "player": owed(s)[0].player})
        ev += ev2
    started = [e.data["calamity"] for e in ev if e.kind == "calamity" and "strikes" in e.text]
    assert started == ["volcano", "treachery", "famine", "superstition", "piracy"]


@pytest.mark.rule("29.6")
def test_orders_of_the_wrong_kind_or_seat_are_refused_and_change_nothing():
    board = cities(["thebes", "memphis", "tanis", "buhen"], "egypt", {"upper_egypt": 10})
    s, _ = cal(board, {"egypt": {"hand": ["superstition"]}})
    refused(s, {"type": "choose_cities", "player": ASIA, "cities": ["thebes"]}, "29.6")
    refused(s, {"type": "famine_assign", "player": EGYPT, "victims": {}}, "30.32")
    refused(s, {"type": "choose_cities", "player": EGYPT, "cities": ["thebes", "thebes", "memphis"]}, "30.32")
    with pytest.raises(IllegalOrder):
        engine.apply(s, {"type": "pick", "player": EGYPT, "nation": "egypt", "area": "thebes"})


def test_a_calamity_without_an_effect_is_skipped(monkeypatch):
    monkeypatch.delitem(EFFECTS, "superstition")
    board = cities(["thebes", "memphis", "tanis", "buhen"], "egypt", {"upper_egypt": 10})
    s, ev = cal(board, {"egypt": {"hand": ["superstition"]}})
    assert "cannot be resolved yet" in texts(ev) and len(Context(s).cities_of("egypt")) == 4


# ---- 29.61 The trader is never a secondary victim -----------------------------------------------
@pytest.mark.rule("29.61", "29.4")
def test_trader_is_never_a_secondary_victim_untraded_anyone_may_be():
    board = cities(["thebes", "memphis", "tanis", "buhen", "alexandria"], "egypt", {"upper_egypt": 12})
    board.update(cities(["ur"], "babylon", {"mesopotamia": 6}))
    board.update(cities(["ionia"], "asia", {"galatia": 6}))
    traded = {"egypt": {"hand": ["iconoclasm"], "flags": {"calamity_from": {"iconoclasm": "babylon"}}}}
    s, _ = cal(board, traded)
    s, _ = play(s, {"type": "timeout", "player": EGYPT})
    # only Asia's Ionia may be named: it is reduced without asking; Babylon (trader) is spared
    assert Context(s).cities_of("asia") == [] and Context(s).cities_of("babylon") == ["ur"]
    s2, _ = cal(board, {"egypt": {"hand": ["iconoclasm"]}})
    s2, _ = play(s2, {"type": "timeout", "player": EGYPT})
    g = Context(s2)
    assert g.cities_of("babylon") == [] and g.cities_of("asia") == []  # 2 cities, 2 to reduce


# ---- 28.3, SITE-SAFE-05 Who traded a calamity: the victim and the trader know, nobody else ----
@pytest.mark.rule("28.3", "29.61")
@pytest.mark.site("SITE-SAFE-05", "SITE-TALK-03")
def test_a_traded_calamity_names_its_trader_to_the_victim_and_the_trader_only():
    """Asia slipped Civil Disorder into a deal with Babylon: the public line says only that it
    strikes Babylon; Babylon and Asia are told who traded it, in the history and in the
    calamity display of their views; a third player and a spectator learn nothing of it, in
    the events' texts or their data."""
    board = cities(["ur", "susa", "charax", "babylon"], "babylon", {"mesopotamia": 10})
    players = {"babylon": {"hand": ["civil_disorder"], "flags": {"calamity_from": {"civil_disorder": "asia"}}}}
    s, ev = cal(board, players)
    assert owed(s)[0].player == BABYLON  # the phase waits on Babylon's city to reduce
    assert "Civil Disorder strikes Babylon." in [e.text for e in ev if e.to is None]
    for seat in (None, EGYPT, ASSYRIA, CRETE, THRACE):
        assert "asia" not in told(ev, seat)
        shown = engine.view(s, seat)["phase_view"]["active"]
        assert (shown["calamity"], shown["victim"], shown["trader"]) == ("civil_disorder", "babylon", None)
    private = [e for e in ev if e.kind == "calamity_trader_private"]
    assert [(e.text, e.to, e.data["trader"]) for e in private] == [
        ("Civil Disorder was traded to Babylon by Asia (only the two of you are told: 28.3).",
         [BABYLON, ASIA], "asia")]
    for seat in (BABYLON, ASIA):
        assert engine.view(s, seat)["phase_view"]["active"]["trader"] == "asia"


@pytest.mark.rule("28.3", "29.61", "30.611")
@pytest.mark.site("SITE-SAFE-05")
def test_the_traders_immunity_is_shown_to_the_primary_victim_alone():
    """Epidemic traded by Crete: Egypt, who names the secondary victims, is told Crete is
    exempt; the other players see Egypt's losses and whom he names, never who traded it."""
    board = {"fayum": {"tokens": {"egypt": 5}}, "alexandria": {"tokens": {"egypt": 4}},
             "memphis": {"city": "egypt"}, "susa": {"tokens": {"babylon": 3}},
             "knossos": {"tokens": {"crete": 3}}}
    s, ev = cal(board, {"egypt": {"hand": ["epidemic"], "flags": {"calamity_from": {"epidemic": "crete"}}}})
    mine = [d for d in engine.view(s, EGYPT)["decisions"] if d["kind"] == "assign_losses"]
    assert len(mine) == 1 and "(Crete traded you the card and is exempt)" in mine[0]["prompt"]
    assert "crete" not in mine[0]["options"]["caps"]
    for seat in (None, BABYLON, ASIA):
        assert "crete traded" not in told(ev, seat) and "by crete" not in told(ev, seat)
        assert engine.view(s, seat)["phase_view"]["active"]["trader"] is None
        assert "traded you" not in str(engine.view(s, seat).get("decisions", []))
    s2, ev2 = play(s, {"type": "assign_losses", "player": EGYPT, "assign": {"babylon": 10, "assyria": 10,
                                                                          "asia": 5}})
    assert "by crete" not in told(ev2, BABYLON) and "crete traded" not in told(ev2, BABYLON)


# ---- 29.62-29.64 Losses met exactly; the victim directs the secondary losses --------------------
@pytest.mark.rule("29.62", "29.63")
def test_famine_loss_exact_when_possible_else_smallest_excess():
    board = {"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 3}},
             "babylonia": {"tokens": {"babylon": 20}}, "armenia": {"tokens": {"assyria": 20}},
             "galatia": {"tokens": {"asia": 20}}}
    s, _ = cal(board, {"egypt": {"hand": ["famine"]}})
    s, _ = play(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 8, "assyria": 8, "asia": 4}})
    # Egypt has 5 + 3 = 8 unit points: all are lost (no exact 10)
    g = Context(s)
    assert g.cities_of("egypt") == [] and g.tokens_on_board("egypt") == 0
    assert (g.tokens("babylonia", "babylon"), g.tokens("armenia", "assyria"), g.tokens("galatia", "asia")) == (12, 12, 16)


@pytest.mark.rule("29.64")
def test_victim_must_direct_the_secondary_losses():
    board = {"thebes": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 12}},
             "babylonia": {"tokens": {"babylon": 20}}, "armenia": {"tokens": {"assyria": 20}},
             "galatia": {"tokens": {"asia": 20}}}
    s, _ = cal(board, {"egypt": {"hand": ["famine"]}})
    e = refused(s, {"type": "famine_assign", "player": EGYPT, "victims": {}}, "29.64")
    assert "exactly 20" in e.message


# ---- 29.65 Barbarians and Pirates are never secondary victims -----------------------------------
@pytest.mark.rule("29.65")
def test_barbarians_and_pirates_are_never_secondary_victims():
    board = cities(["thebes", "memphis", "tanis", "buhen", "alexandria"], "egypt", {"upper_egypt": 12})
    board["ur"] = {"city": "pirates"}
    board["babylonia"] = {"tokens": {"barbarians": 5}}
    s, _ = cal(board, {"egypt": {"hand": ["iconoclasm"]}})
    s, ev = play(s, {"type": "timeout", "player": EGYPT})
    assert s.board.cities["ur"] == "pirates" and Context(s).tokens("babylonia", "barbarians") == 5
    assert "no other player's city can be reduced" in texts(ev)


# ---- 15.61 Inert nations ------------------------------------------------------------------------
@pytest.mark.rule("15.61", "30.221")
def test_an_inert_trader_decides_nothing_and_inert_nations_are_never_secondary_victims():
    board = cities(["thebes", "memphis"], "egypt", {"upper_egypt": 6})
    board.update(cities(["ur"], "babylon", {"mesopotamia": 4}))
    players = {"egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "babylon"}}},
               "babylon": {"inert": True}}
    s, ev = cal(board, players)
    g = Context(s)
    assert s.phase == "advances" and len(g.cities_of("egypt")) == 1 and len(g.cities_of("babylon")) == 2
    # Iconoclasm: the inert Babylon cannot be named; Asia's single city is the only choice
    board = cities(["thebes", "memphis", "tanis", "buhen", "alexandria"], "egypt", {"upper_egypt": 12})
    board.update(cities(["ur", "susa"], "babylon", {"mesopotamia": 4}))
    board.update(cities(["ionia"], "asia", {"galatia": 4}))
    s, _ = cal(board, {"egypt": {"hand": ["iconoclasm"]}, "babylon": {"inert": True}})
    s, _ = play(s, {"type": "timeout", "player": EGYPT})
    assert Context(s).cities_of("babylon") == ["susa", "ur"] and Context(s).cities_of("asia") == []


# ---- 29.8 City support is checked after the calamities ------------------------------------------
@pytest.mark.rule("29.8")
def test_city_support_is_checked_after_the_calamities():
    # Thebes had support from 2 tokens in Upper Egypt; Treachery (untraded) reduces Memphis,
    # then support: Egypt keeps one city with 2 + 3 tokens. A second test: no tokens at all.
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "upper_egypt": {"tokens": {"egypt": 1}}}
    s, ev = cal(board, {"egypt": {"hand": ["treachery"]}})
    s, ev2 = play(s, {"type": "choose_cities", "player": EGYPT, "cities": ["memphis"]})
    g = Context(s)
    assert g.cities_of("egypt") == ["thebes"] and g.tokens("memphis", "egypt") == 3
    s3, ev3 = cal({"thebes": {"city": "egypt"}}, {})
    assert Context(s3).cities_of("egypt") == [] and Context(s3).tokens("thebes", "egypt") == 3
    assert "lack of support after the calamities" in texts(ev3)


@pytest.mark.rule("29.8")
def test_support_check_decision_is_routed_and_defaults():
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}
    s, _ = cal(board, {})
    d = owed(s)
    assert d and d[0].player == EGYPT and d[0].kind == "reduce_cities"
    s2, _ = play(s, {"type": "reduce_cities", "player": EGYPT, "areas": ["memphis"]})
    assert Context(s2).cities_of("egypt") == ["thebes"] and s2.phase == "advances"
    s3, _ = play(s, {"type": "timeout", "player": EGYPT})
    assert len(Context(s3).cities_of("egypt")) == 1


# ---- SITE-CAL-06, SITE-CREATE-10 What the views show --------------------------------------------
@pytest.mark.site("SITE-CAL-06", "SITE-CREATE-10")
def test_view_shows_upcoming_calamities_unless_only_active():
    board = cities(["thebes", "memphis", "tanis", "buhen", "alexandria"], "egypt", {"upper_egypt": 12})
    players = {"egypt": {"hand": ["superstition", "civil_disorder"]}}
    s, _ = cal(board, players)
    v = engine.view(s, BABYLON)["phase_view"]
    assert v["active"]["calamity"] == "superstition" and v["active"]["victim"] == "egypt"
    assert [c["calamity"] for c in v["upcoming"]] == ["civil_disorder"]
    s2, _ = cal(board, players, options={"only_active_calamity": True})
    v2 = engine.view(s2, BABYLON)["phase_view"]
    assert v2["active"]["calamity"] == "superstition" and "upcoming" not in v2


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


@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-SAFE-05", "SITE-TALK-03")
def test_a_bots_information_state_knows_a_calamitys_trader_only_as_its_seat_would():
    """What a bot decides on holds the trader of the calamity being resolved (and of those
    to come) only for the victim and the trader, and for everyone once it is shown."""
    from tresham.games.advciv.view import information_state
    board = cities(["ur", "susa", "charax", "babylon"], "babylon", {"mesopotamia": 10})
    board.update(cities(["thebes", "memphis"], "egypt", {"upper_egypt": 6}))
    players = {"babylon": {"hand": ["civil_disorder"], "flags": {"calamity_from": {"civil_disorder": "asia"}}},
               "egypt": {"hand": ["treachery"], "flags": {"calamity_from": {"treachery": "crete"}}}}
    s, _ = cal(board, players)
    assert s.step["current"]["calamity"] == "treachery" and s.step["current"]["trader_shown"]
    for seat in (EGYPT, BABYLON, ASSYRIA, ASIA, CRETE):
        queue = information_state(s, seat).step["queue"]
        traders = {c["calamity"]: c["trader"] for c in queue}
        assert traders["treachery"] == "crete"  # shown: Crete takes one of Egypt's cities
        assert traders["civil_disorder"] == ("asia" if seat in (BABYLON, ASIA) else None), seat
        assert information_state(s, seat).step["current"]["trader"] == "crete"
    assert s.step["queue"][1]["trader"] == "asia"  # the state itself is untouched


# ---- SITE-TIME-02 The first decision gets 1.5 times the limit -----------------------------------
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


# ---- SITE-CAL-05 Bots' orders and timeouts finish the phase; random play keeps the pieces exact ----
@pytest.mark.site("SITE-CAL-05")
@pytest.mark.parametrize("hand,seed", [(["volcano"], 1), (["treachery"], 2), (["famine"], 3), (["superstition"], 4),
                                       (["civil_disorder"], 5), (["iconoclasm"], 6), (["piracy"], 7),
                                       (["famine", "piracy"], 8)])
def test_random_bot_orders_are_legal_and_finish_the_phase(hand, seed):
    board = cities(["thebes", "memphis", "tanis", "gaza", "jerusalem", "thera"], "egypt", {"upper_egypt": 5})
    board.update(cities(["ur", "susa", "rhodes"], "babylon", {"babylonia": 7}))
    board.update(cities(["tyre", "sidon", "alexandria"], "assyria", {"armenia": 5}))
    board.update(cities(["antioch", "ionia"], "asia", {"galatia": 9}))
    players = {"egypt": {"hand": list(hand), "civ_cards": ["monotheism"],
                         "flags": {"calamity_from": {"treachery": "asia", "piracy": "babylon"}}},
               "asia": {"civ_cards": ["philosophy"]}}
    for k in range(5):
        s, _ = cal(board, players, seed=seed * 10 + k)
        rng = Rng(seed * 100 + k)
        steps = 0
        while s.phase == "calamities":
            d = owed(s)[0]
            o = PHASES["calamities"].sample(Context(s), d.player, rng)
            s, _ = engine.apply(s, o)
            steps += 1
            assert steps < 50
        g = Context(s)
        for n in SIX:
            p = g.of(n)
            assert p.stock + p.treasury + g.tokens_on_board(n) == 55
            assert len(g.cities_of(n)) <= 9


@pytest.mark.rule("29.62", "30.415")
@pytest.mark.site("SITE-CAL-05")
@pytest.mark.parametrize("calamity", MINE)
def test_random_play_through_calamity_keeps_invariants(calamity):
    from tresham.games.advciv.phase import PHASES
    from tresham.games.advciv.tools.sim import check_invariants

    for seed in range(12):
        state, G = random_position(seed, calamity)
        rng = Rng(seed)
        for _ in range(60):
            if state.phase != "calamities":
                break
            ds = [d for d in engine.pending(state) if d.required]
            if not ds:
                break
            d = ds[rng.below(len(ds))]
            if rng.below(3):
                o = PHASES["calamities"].sample(G(state), d.player, rng)
            else:
                o = {"type": "timeout", "player": d.player}
            engine.apply_in_place(state, o, by_site=is_site_order(o))
            assert check_invariants(state) == [], (calamity, seed)
        assert state.phase != "calamities", (calamity, seed)
