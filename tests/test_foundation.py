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


def test_map_data_checks_pass():
    """The shared data folder's own check script, run on the project's copy."""
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "check_map_data.py"),
                          str(ROOT / "tresham/games/advciv/data/map.json")], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "OK: all invariants hold" in out.stdout


@pytest.mark.rule("8.1", "9.1", "28.52")
def test_trade_card_tables():
    d = load()
    assert sum(c.count for c in d.commodities.values()) == 114
    assert d.trade_card_total == 126
    assert d.commodities["cloth"].value == 5 and d.commodities["cloth"].count == 7
    assert d.commodities["grain"].max_set_value == 256
    assert [c.id for c in d.calamities.values() if not c.tradable] == ["volcano", "famine", "civil_war", "flood"]
    assert d.calamities["piracy"].stack == 9


@pytest.mark.rule("6.1", "31.55", "32.1", "32.212", "32.541", "32.912")
def test_civ_card_table():
    d = load()
    assert len(d.civ_cards) == 24
    assert sum(c.cost for c in d.civ_cards.values()) == 3190
    assert d.civ_cards["engineering"].groups == ("crafts", "sciences")
    assert d.civ_cards["mysticism"].credits["music"] == 5
    assert d.civ_cards["mathematics"].credits["philosophy"] == 25
    assert "law" not in d.civ_cards["mysticism"].credits  # Z-30
    received = {c: 0 for c in d.civ_cards}
    for c in d.civ_cards.values():
        for t, v in c.credits.items():
            received[t] += v
    assert received["democracy"] == 125 and received["philosophy"] == 150 and received["law"] == 55


@pytest.mark.rule("2.8")
def test_democracy_example_credits():
    d = load()
    credit = sum(d.civ_cards[c].credits.get("democracy", 0) for c in ("drama_and_poetry", "architecture", "literacy"))
    assert credit == 45


@pytest.mark.rule("10.2", "10.21")
def test_ast_data():
    d = load()
    assert d.ast.finish == 15
    for nation, track in d.ast.tracks.items():
        assert track.threshold(15, 15) is not None
        assert track.epoch_at(0) == "stone" and track.epoch_at(15) == "late_iron"


def test_cards_cli_json():
    out = subprocess.run([str(ROOT / ".venv/bin/tresham"), "cards", "--json"], capture_output=True, text=True)
    rows = json.loads(out.stdout)
    assert {r["name"] for r in rows} >= {"Pottery", "Theology"}
    assert next(r for r in rows if r["id"] == "roadbuilding")["prerequisite"] == "engineering"


def test_rng_deterministic():
    a, b = Rng(42), Rng(42)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    items = list(range(10))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


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


def test_json_round_trip_exact(fresh7):
    text = fresh7.dumps()
    again = type(fresh7).loads(text)
    assert again.dumps() == text and again == fresh7


def test_unknown_order_refused_state_unchanged(fresh7):
    h = fresh7.digest()
    with pytest.raises(IllegalOrder) as e:
        engine.apply(fresh7, {"type": "fly", "player": 0})
    assert "unknown order type" in str(e.value)
    assert fresh7.digest() == h


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


@pytest.mark.rule("16.2", "16.3", "16.4", "16.5", "16.6", "16.8")
@pytest.mark.site("SITE-CREATE-06")
def test_tokens_per_player_count():
    expected = {8: 47, 7: 55, 6: 55, 5: 47, 4: 55, 3: 47, 2: 55}
    for n, tokens in expected.items():
        assert engine.new_game({"players": n}).options.tokens == tokens
    assert engine.new_game({"players": 4, "tokens": 40}).options.tokens == 40
    with pytest.raises(IllegalOrder, match="16.1"):
        engine.new_game({"players": 9})


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


@pytest.mark.rule("16.1", "16.11")
def test_partial_boards_cut_areas_and_adjacency():
    """16.1/16.11: with fewer players only part of the map is used; areas off it do not exist
    and no move or adjacency leads to them. Four players: the three eastern panels."""
    from tresham.games.advciv.game import board_areas

    full = board_areas("full_7p")
    east = board_areas("four_east")
    assert len(full) == 132 and "athens" in full  # 4 panels, no Western Extension Map
    assert sum(a.is_land for a in full.values()) == 123
    assert "athens" not in east and "memphis" in east and len(east) == 74
    for a in east.values():
        assert a.land_adj <= east.keys() and a.water_adj <= east.keys()
    s = engine.new_game({"players": 4}, seed=1)
    first = s.step["order"][0]
    with pytest.raises(IllegalOrder, match="16.12"):
        engine.apply(s, {"type": "pick", "player": first, "nation": "crete", "area": "knossos"})


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


@pytest.mark.site("SITE-CREATE-04")
def test_creator_chooses_the_map_part():
    """SITE-CREATE-04: with some player counts the creator picks which part of the map to
    play; 4 players may play the eastern panels (default) or the western part with the
    Western Extension Map (16.6)."""
    east = engine.new_game({"players": 4}, seed=1)
    west = engine.new_game({"players": 4, "board": "four_west_wem", "wem": True}, seed=1)
    from tresham.games.advciv.game import Game

    assert "memphis" in Game(east).areas and "memphis" not in Game(west).areas
    assert "rome" in Game(west).areas and "rome" not in Game(east).areas
    with pytest.raises(IllegalOrder, match="is for"):
        engine.new_game({"players": 4, "board": "three"})


@pytest.mark.site("SITE-CREATE-15", "SITE-CREATE-12")
def test_game_options_are_visible_to_every_player():
    s = engine.new_game({"players": 3, "stoic": True, "hand_limit": 10}, seed=1)
    for seat in (0, 1, 2, None):
        v = engine.view(s, seat)
        assert v["options"]["stoic"] is True and v["options"]["hand_limit"] == 10
