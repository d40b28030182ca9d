"""tresham/games/advciv/rules/setup.py: set-up (15, 16): the trade card stacks (15.2), nation
picking with the initial token (15.3, SITE-PICK-*), start areas (4.6, 4.61, 16.12)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.data import load
from tresham.games.advciv.context import Context, board_areas
from tresham.games.contract import IllegalOrder

from tests.games.advciv.repeats import already_done
from tests.helpers import play


def _advance_to(state, *phases, limit=200):
    """Answer every decision with its default until the game is in one of ``phases``."""
    for _ in range(limit):
        if state.phase in phases:
            return state
        seat = next(d.player for d in engine.pending(state) if d.required)
        state, _ = play(state, engine.default(state, seat))
    raise AssertionError(f"never reached {phases}; now in {state.phase}, turn {state.turn}")


# ---- 4.6, 4.61, 16.12 Start areas; the Western Extension Map ------------------------------------
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


@pytest.mark.rule("4.61")
def test_western_extension_changes_start_areas():
    s = engine.new_game({"players": 7, "wem": True}, seed=1)
    first = s.step["order"][0]
    with pytest.raises(IllegalOrder, match="4.6"):
        engine.apply(s, {"type": "pick", "player": first, "nation": "italy", "area": "etruria"})
    s2, _ = engine.apply(s, {"type": "pick", "player": first, "nation": "italy", "area": "baetica"})
    assert s2.board.tokens["baetica"] == {"italy": 1}
    assert "baetica" not in board_areas("full_7p", False)


@pytest.mark.rule("4.61", "16.7", "16.8", "16.12")
@pytest.mark.parametrize("players", [2, 3])
def test_wem_option_without_the_wem_panel_in_play_keeps_italys_start_areas(players):
    """The WEM start areas replace the western ones only if the WEM panel is in play (4.61);
    the 2- and 3-player boards leave it out, so Italy keeps its start areas (16.7, 16.8)."""
    from tresham.games.advciv.rules.setup import nations_available, start_areas

    s = engine.new_game({"players": players, "wem": True}, seed=3)
    g = Context(s)
    assert "italy" in nations_available(g)
    assert start_areas(g, "italy") == ["cisalpina", "etruria", "pannonia"]
    first = s.step["order"][0]
    s, _ = play(s, {"type": "pick", "player": first, "nation": "italy", "area": "etruria"})
    assert s.players[first].nation == "italy"


@pytest.mark.rule("4.61")
def test_wem_in_play_moves_italy_to_iberia():
    from tresham.games.advciv.rules.setup import start_areas

    g = Context(engine.new_game({"players": 8, "wem": True}, seed=3))
    assert start_areas(g, "italy") == ["baetica", "corduba", "lusitania"]
    assert "cisalpina" not in start_areas(g, "italy")


# ---- 10.1, 10.3, 15.2 The trade card stacks -----------------------------------------------------
@pytest.mark.rule("10.1", "10.3")
def test_ast_card_nine_stacks_one_per_value():
    s = engine.new_game({"players": 6}, seed=3)
    d = load()
    assert len(s.stacks) == 9
    for value, stack in enumerate(s.stacks, start=1):
        assert all(d.card_value(c) == value for c in stack)


@pytest.mark.rule("15.2")
def test_stacks_built_as_15_2():
    s = engine.new_game({"players": 5}, seed=3)
    d = load()
    assert not any(c in d.calamities for c in s.stacks[0])
    for value in range(2, 10):
        stack = s.stacks[value - 1]
        assert not any(c in d.calamities for c in stack[:5]), "top buffer = number of players"
        non = [c.id for c in d.calamities_in_play(s.options) if c.stack == value and not c.tradable]
        if non:
            assert stack[-1] == non[0]
    total = sum(len(st) for st in s.stacks)
    assert total == 126


@pytest.mark.rule("15.2")
def test_stacks_for_every_player_count():
    """For 2 to 8 players: stack 1 has no calamity; the top N cards of stacks 2-9 (N = number
    of players) are commodities; each tradable calamity is in its own stack below them; each
    non-tradable calamity is the very last card of its stack; every card is dealt once."""
    from tresham.games.advciv.data import load

    d = load()
    for n in range(2, 9):
        for seed in range(3):
            s = engine.new_game({"players": n}, seed=seed)
            assert not any(c in d.calamities for c in s.stacks[0])
            for value in range(2, 10):
                stack = s.stacks[value - 1]
                assert all(c in d.commodities and d.commodities[c].value == value
                           for c in stack[:n])
                for cal in d.calamities_in_play(s.options):
                    if cal.stack != value:
                        assert cal.id not in stack
                    elif cal.tradable:
                        assert stack.index(cal.id) >= n
                    else:
                        assert stack[-1] == cal.id
            assert sorted(c for st in s.stacks for c in st) == sorted(
                [c.id for c in d.commodities.values() for _ in range(c.count)]
                + [c.id for c in d.calamities_in_play(s.options)])


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


# ---- 15.1, 15.4, 10.4 Laying out the game -------------------------------------------------------
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
    from tresham.games.advciv.context import Context

    g = Context(s)
    assert all(p.census == g.tokens_on_board(p.nation) for p in g.active())


# ---- 12.1, 15.3 Picking nations and placing the first token -------------------------------------
@pytest.mark.rule("12.1")
def test_pick_order_decides_only_who_chooses_first():
    s = engine.new_game({"players": 4}, seed=12)
    order = s.step["order"]
    assert sorted(order) == [0, 1, 2, 3]
    s = _advance_to(s, "tax", "population", "ships", "movement")
    assert s.phase != "pick" and all(p.nation for p in s.players)


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


# ---- 15.31 Unused nations -----------------------------------------------------------------------
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


# ---- SITE-PICK-* Pre-selection, timeout, the pick page ------------------------------------------
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


@pytest.mark.site("SITE-PICK-04", "SITE-SAFE-10")
def test_the_same_preselection_again_is_already_done():
    s = engine.new_game({"players": 3}, seed=11)
    a, b, c = s.step["order"]
    pick = {"type": "pick", "player": c, "nation": "thrace", "area": "scythia"}
    s, _ = play(s, pick)
    already_done(s, pick, "this pre-selection is already noted")
    s, ev = play(s, {**pick, "nation": "crete", "area": "knossos"})  # a change: taken
    assert "Your pre-selection of Crete is noted." in [e.text for e in ev]


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


@pytest.mark.site("SITE-PICK-07", "SITE-PICK-02")
def test_pick_timeout_random_free_nation():
    """Each seat that lets its time run out gets a nation still free, with its token in one of
    that nation's start areas; with 8 players one nation is left over."""
    s = engine.new_game({"players": 8}, seed=5)
    for _ in range(8):
        (d,) = [d for d in engine.pending(s) if d.required]
        offered = d.options["nations"]
        s, events = play(s, engine.default(s, d.player))
        p = s.players[d.player]
        assert p.nation in offered
        (area,) = [a for a, m in s.board.tokens.items() if m.get(p.nation)]
        assert area in offered[p.nation]
        assert f"Seat {d.player + 1} did not pick in time; " in events[0].text
    nations = [p.nation for p in s.players]
    assert len(set(nations)) == 8 and s.unused_nations and len(s.unused_nations) == 1


@pytest.mark.site("SITE-PICK-07")
def test_a_pick_timeout_chooses_at_random_among_the_free_nations_and_their_start_areas():
    """Not the first free nation nor its first area: over twelve seeds the first picker's
    timeout lands on several nations and, for a nation of two start areas, on both."""
    nations, areas = set(), set()
    for seed in range(12):
        s = engine.new_game({"players": 3}, seed=seed)
        (d,) = [d for d in engine.pending(s) if d.required]
        s, _ = play(s, engine.default(s, d.player))
        nation = s.players[d.player].nation
        nations.add(nation)
        areas |= {(nation, a) for a, m in s.board.tokens.items() if m.get(nation)}
    assert len(nations) >= 4
    assert any(len({a for n, a in areas if n == x}) >= 2 for x in nations)



@pytest.mark.site("SITE-PICK-01", "SITE-PICK-07")
def test_the_history_numbers_seats_from_one_as_the_site_does():
    """The order's "player" is 0-based; what players read is "Seat 1".."Seat N", the numbers
    the site's seat list, notes and mails use."""
    s = engine.new_game({"players": 3}, seed=11)
    first, second = s.step["order"][:2]
    s, events = play(s, {"type": "timeout", "player": first})
    assert any(e.text.startswith(f"Seat {first + 1} did not pick in time;") for e in events), events
    d = next(d for d in engine.pending(s) if d.player == second and d.required)
    nation, areas = next(iter(d.options["nations"].items()))
    s, events = play(s, {"type": "pick", "player": second, "nation": nation, "area": areas[0]})
    assert any(e.text.startswith(f"Seat {second + 1} plays ") for e in events), events
