"""Foundation: data files, generator, state round trip, replay, refused orders, picking."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.data import load
from tresham.games.base import IllegalOrder
from tresham.rng import Rng

from tests.helpers import play

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.rule("15.2")
def test_stacks_built_as_15_2():
    s = engine.new_game({"players": 5}, seed=3)
    d = load()
    assert not any(c in d.calamities for c in s.stacks[0])
    for value in range(2, 10):
        stack = s.stacks[value - 1]
        assert not any(c in d.calamities for c in stack[:5]), "top buffer = number of players"
        non = [c.id for c in d.calamities.values() if c.stack == value and not c.tradable]
        if non:
            assert stack[-1] == non[0]
    total = sum(len(st) for st in s.stacks)
    assert total == 126


@pytest.mark.site("SITE-CREATE-11")
def test_nontradable_shuffled_with_bottom_two():
    seen = set()
    for seed in range(30):
        s = engine.new_game({"players": 4, "shuffle_nontradable_with_bottom_two": True}, seed=seed)
        stack2 = s.stacks[1]
        pos = stack2.index("volcano")
        assert pos >= len(stack2) - 3
        seen.add(len(stack2) - pos)
    assert seen == {1, 2, 3}


@pytest.mark.rule("15.3")
@pytest.mark.site("SITE-PICK-01", "SITE-PICK-03", "SITE-PICK-05")
def test_pick_in_order_and_place_initial_token():
    s = engine.new_game({"players": 3}, seed=11)
    order = s.step["order"]
    assert sorted(order) == [0, 1, 2]
    first = order[0]
    s, ev = engine.apply(s, {"type": "pick", "player": first, "nation": "crete", "area": "knossos"})
    assert s.players[first].nation == "crete"
    assert s.board.tokens["knossos"] == {"crete": 1}
    assert s.players[first].stock == 46  # 47 tokens for 3 players (16.7), one placed


@pytest.mark.rule("4.6", "16.12", "16.7")
def test_pick_refuses_bad_nation_or_area():
    s = engine.new_game({"players": 3}, seed=11)
    first = s.step["order"][0]
    h = s.digest()
    with pytest.raises(IllegalOrder, match="16.12"):
        engine.apply(s, {"type": "pick", "player": first, "nation": "egypt", "area": "thebes"})
    with pytest.raises(IllegalOrder, match="start areas"):
        engine.apply(s, {"type": "pick", "player": first, "nation": "crete", "area": "athens"})
    assert s.digest() == h


@pytest.mark.site("SITE-PICK-04", "SITE-PICK-05")
def test_preselection_confirmed_or_dropped():
    s = engine.new_game({"players": 3}, seed=11)
    a, b, c = s.step["order"]
    s, _ = play(s, {"type": "pick", "player": c, "nation": "thrace", "area": "scythia"})
    assert s.players[c].nation is None  # only pre-selected
    s, _ = play(s, {"type": "pick", "player": b, "nation": "crete", "area": "phaestos"})
    s, ev = play(s, {"type": "pick", "player": a, "nation": "crete", "area": "knossos"})
    # a takes Crete; b's pre-selection is lost and b must pick again; c still waits
    assert s.players[a].nation == "crete" and s.players[b].nation is None
    assert any("taken" in e.text and e.to == [b] for e in ev)
    s, _ = play(s, {"type": "pick", "player": b, "nation": "italy", "area": "etruria"})
    assert s.players[b].nation == "italy" and s.players[c].nation == "thrace"


@pytest.mark.site("SITE-PICK-07", "SITE-PICK-02")
def test_pick_timeout_random_free_nation():
    s = engine.new_game({"players": 8}, seed=5)
    for _ in range(8):
        seat = next(d.player for d in engine.pending(s) if d.required)
        s, _ = play(s, engine.default(s, seat))
    nations = [p.nation for p in s.players]
    assert len(set(nations)) == 8 and s.unused_nations and len(s.unused_nations) == 1


@pytest.mark.rule("15.1", "15.4", "10.4")
def test_new_game_lays_out_board_and_markers():
    """15.1/15.4: map, A.S.T. card and stacks laid out; succession markers on the start arrow,
    census markers on the census track."""
    s = engine.new_game({"players": 3}, seed=4)
    assert len(s.stacks) == 9 and all(s.stacks)
    for _ in range(3):
        seat = next(d.player for d in engine.pending(s) if d.required)
        s, _ = play(s, engine.default(s, seat))
    for p in s.players:
        assert p.ast == 0  # start arrow
    # census markers record each nation's on-board tokens after population expansion (10.4)
    while s.phase not in ("ships", "movement"):
        seat = next(d.player for d in engine.pending(s) if d.required)
        s, _ = play(s, engine.default(s, seat))
    from tresham.games.advciv.game import Game

    g = Game(s)
    assert all(p.census == g.tokens_on_board(p.nation) for p in g.active())


@pytest.mark.rule("15.31")
def test_unused_nations_are_recorded():
    """15.31: at least one nation is unused (8 players at most); its pieces serve as
    barbarians and pirates, which Tresham keeps as the pseudo-owners 'barbarians'/'pirates'."""
    s = engine.new_game({"players": 8}, seed=9)
    for _ in range(8):
        seat = next(d.player for d in engine.pending(s) if d.required)
        s, _ = play(s, engine.default(s, seat))
    assert len(s.unused_nations) == 1
    assert s.unused_nations[0] not in {p.nation for p in s.players}


@pytest.mark.site("SITE-PICK-06")
def test_neighbouring_nations_may_both_be_chosen():
    """SITE-PICK-06: nations whose start positions clash may both be played; nothing blocks
    it. Asia starts in Mikop and Assyria in Nalchik, which share a border."""
    from tresham.games.advciv.data import load

    assert "nalchik" in load().map.areas["mikop"].land_adj
    s = engine.new_game({"players": 4}, seed=2)
    a, b = s.step["order"][:2]
    s, _ = play(s, {"type": "pick", "player": a, "nation": "asia", "area": "mikop"},
                {"type": "pick", "player": b, "nation": "assyria", "area": "nalchik"})
    assert s.players[a].nation == "asia" and s.players[b].nation == "assyria"


