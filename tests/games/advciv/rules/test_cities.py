"""tresham/games/advciv/rules/cities.py: city construction (25), Architecture (32.631) and the
site's construction page (SITE-CITY-01..05)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.data import load
from tresham.games.advciv.context import Context, board_areas
from tresham.games.advciv.phase import PHASES, TURN
from tresham.games.advciv.rules import cities
from tresham.games.advciv.view import player_view
from tresham.rng import Rng

from tests.helpers import (FOUR_EAST as NATIONS, pending_by_seat as owed, play, position, refused,
                           texts)


ASIA, ASSYRIA, BABYLON, EGYPT = range(4)


def at_cities(board, players=None, **kw):
    state, events = position(nations=NATIONS, phase="cities", board=board, players=players or {}, **kw)
    return state, events


def build(seat, *areas, architecture=None):
    return {"type": "build_cities", "player": seat, "areas": list(areas), "architecture": architecture}


# A holder that keeps the phase open: Egypt (last in A.S.T. order) can build in Thebes.
HOLD = {"thebes": {"tokens": {"egypt": 6}}, "upper_egypt": {"tokens": {"egypt": 4}}}


ARCH = {"babylon": {"civ_cards": ["architecture"], "treasury": 5, "stock": 30}}


# ---- 25.1 After conflict, in A.S.T. order; one city per area, nine at most ----------------------
@pytest.mark.rule("25.1")
@pytest.mark.site("SITE-CITY-05")
def test_construction_follows_conflict_in_ast_order():
    assert TURN.index("cities") == TURN.index("conflict") + 1
    state, _ = at_cities({"ur": {"tokens": {"babylon": 6}}, "babylonia": {"tokens": {"babylon": 4}},
                          "nineveh": {"tokens": {"assyria": 6}}, "assyria": {"tokens": {"assyria": 4}},
                          **HOLD})
    d = owed(state)
    assert sorted(d) == [ASSYRIA, BABYLON, EGYPT]  # Asia has nothing to build, owes nothing
    assert d[ASSYRIA].required and d[ASSYRIA].deadline_factor == 1.5
    assert not d[BABYLON].required and not d[EGYPT].required
    # Babylon enters early: noted, carried out only after Assyria
    state, ev = play(state, build(BABYLON, "ur"))
    assert "ur" not in state.board.cities and state.board.tokens["ur"] == {"babylon": 6}
    assert "carried out on your turn" in texts(ev)
    state, ev = play(state, build(ASSYRIA, "nineveh"))
    built = [e.data["area"] for e in ev if e.kind == "city_built"]
    assert built == ["nineveh", "ur"]  # A.S.T. order: Assyria before Babylon
    assert state.phase == "cities" and list(owed(state)) == [EGYPT]
    assert owed(state)[EGYPT].required and owed(state)[EGYPT].deadline_factor == 1.0


@pytest.mark.rule("25.1")
def test_one_city_per_area_land_only_and_no_tenth_city():
    old = ["aleppo", "antioch", "damascus", "jericho", "jerusalem", "mari", "petra", "sidon"]
    board = {a: {"city": "babylon"} for a in old}
    board.update({"ur": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 6}},
                  "babylonia": {"tokens": {"babylon": 4}, "city": None},
                  "tyre": {"tokens": {"babylon": 8}, "city": "egypt"}, **HOLD})
    state, _ = at_cities(board)
    g = Context(state)
    assert cities.buildable(g, "babylon") == ["susa", "ur"]  # Tyre already holds a city
    refused(state, build(BABYLON, "tyre"), "25.1")
    refused(state, build(BABYLON, "ur", "ur"), "25.1")
    refused(state, build(BABYLON, "persian_gulf"), "25.1")
    e = refused(state, build(BABYLON, "ur", "susa"), "25.1")
    assert "nine cities" in e.message and "1 more" in e.message
    state, _ = play(state, build(BABYLON, "susa"))
    assert len(Context(state).cities_of("babylon")) == 9


@pytest.mark.rule("25.1")
def test_player_with_nine_cities_or_nothing_to_build_owes_nothing():
    old = ["aleppo", "antioch", "damascus", "jericho", "jerusalem", "mari", "petra", "sidon", "tyre"]
    board = {a: {"city": "babylon"} for a in old}
    board.update({"ur": {"tokens": {"babylon": 6}}, "thebes": {"tokens": {"egypt": 5}}})
    rest, _ = position(nations=NATIONS, phase="over", board=board)  # no phase acting
    g = Context(rest)
    assert g.cities_in_stock("babylon") == 0 and cities.buildable(g, "babylon") == ["ur"]
    assert not cities.has_choice(g, "babylon")  # 6 tokens in Ur but no city left in stock
    assert not cities.has_choice(g, "egypt") and not cities.has_choice(g, "asia")
    state, ev = at_cities(board)
    # nobody owes a decision: the phase passes at once and no city is built
    assert not any(e.kind == "city_built" for e in ev)
    # ... and surplus removal follows: Ur keeps 3 tokens, too few for 9 cities -> Babylon chooses
    assert state.phase == "surplus" and [d.kind for d in engine.pending(state)] == ["reduce_cities"]
    assert len(Context(state).cities_of("babylon")) == 9 and state.board.tokens["ur"] == {"babylon": 3}


@pytest.mark.rule("25.1")
def test_orders_from_seats_that_owe_nothing_are_refused():
    state, _ = at_cities({"ur": {"tokens": {"babylon": 6}}, **HOLD})
    refused(state, build(ASIA, "ur"), "25.1")
    state, _ = play(state, build(BABYLON))
    refused(state, build(BABYLON, "ur"), "25.1")  # already decided
    assert "ur" not in state.board.cities


# ---- 25.2 Six tokens on a site, twelve elsewhere ------------------------------------------------
@pytest.mark.rule("25.2")
def test_six_tokens_on_a_site_make_a_city_tokens_to_stock():
    state, _ = at_cities({"ur": {"tokens": {"babylon": 7}}, "babylonia": {"tokens": {"babylon": 4}},
                          **HOLD}, players={"babylon": {"stock": 20}}, options={"tokens": 31})
    state, ev = play(state, build(BABYLON, "ur"))
    assert state.board.cities["ur"] == "babylon"
    assert "ur" not in state.board.tokens
    p = state.players[BABYLON]
    assert p.stock == 27 and p.new_cities == ["ur"]
    assert Context(state).cities_in_stock("babylon") == 8
    assert "Babylon builds a city in Ur (7 tokens to stock)." in texts(ev)


@pytest.mark.rule("25.2")
def test_black_site_needs_six_non_site_needs_twelve():
    state, _ = at_cities({"susa": {"tokens": {"babylon": 6}}, "ur": {"tokens": {"babylon": 5}},
                          "babylonia": {"tokens": {"babylon": 12}}, "mesopotamia": {"tokens": {"babylon": 11}},
                          **HOLD})
    g = Context(state)
    assert cities.buildable(g, "babylon") == ["babylonia", "susa"]
    e = refused(state, build(BABYLON, "ur"), "25.2")
    assert "needs 6" in e.message and "you have 5" in e.message
    e = refused(state, build(BABYLON, "mesopotamia"), "25.2")
    assert "needs 12" in e.message and "you have 11" in e.message
    state, _ = play(state, build(BABYLON, "babylonia", "susa"))
    assert state.board.cities["babylonia"] == "babylon" and state.board.cities["susa"] == "babylon"
    assert state.board.tokens["ur"] == {"babylon": 5}


@pytest.mark.rule("25.2", "16.8")
def test_two_player_island_sites_are_ignored():
    d = load()
    cfg = d.map.configs["two"]
    island = next(a for a in sorted(cfg.areas) if d.map.areas[a].island and d.map.areas[a].city_site)
    assert board_areas("two")[island].city_site is None
    state, _ = position(nations=["italy", "africa"], phase="cities",
                        board={island: {"tokens": {"italy": 6}}, "etruria": {"tokens": {"italy": 1}}})
    g = Context(state)
    assert cities.tokens_needed(g, island) == 12 and cities.buildable(g, "italy") == []


@pytest.mark.rule("25.2", "26.31")
@pytest.mark.site("SITE-CITY-01")
def test_refusals_name_areas_readably():
    nations = ["asia", "assyria", "babylon", "egypt"]
    state, _ = position(nations=nations, phase="cities",
                        board={"ur": {"tokens": {"babylon": 6}},
                               "thebes": {"tokens": {"egypt": 6}}})
    e = refused(state, {"type": "toggle_city", "player": 2, "area": "susa"}, "25.2")
    assert e.message == "you cannot build a city in Susa; possible: Ur"
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"},
             "charax": {"city": "babylon"}, "babylonia": {"tokens": {"babylon": 4}},
             "sumeria": {"tokens": {"babylon": 1}}}
    state, _ = position(nations=nations, phase="surplus", board=board)
    e = refused(state, {"type": "reduce_cities", "player": 2, "areas": ["thebes"]}, "26.31")
    assert e.message == "you have no city in Thebes; your cities are Charax, Susa, Ur"


@pytest.mark.rule("25.2", "25.3")
def test_sampled_orders_are_legal():
    players = {"babylon": {"civ_cards": ["architecture"], "treasury": 10, "stock": 20}}
    board = {"ur": {"tokens": {"babylon": 6}}, "babylonia": {"tokens": {"babylon": 12}},
             "susa": {"tokens": {"babylon": 3}}, **HOLD}
    state, _ = at_cities(board, players=players, options={"tokens": 51})
    rng = Rng(5)
    seen = set()
    for _ in range(40):
        o = PHASES["cities"].sample(Context(state), BABYLON, rng)
        s2, _ = engine.apply(state, o)
        seen.add((tuple(o.areas), o.architecture))
        assert len(Context(s2).cities_of("babylon")) == len(o.areas) + (o.architecture is not None)
    assert len(seen) >= 6


# ---- 25.3 Architecture --------------------------------------------------------------------------
@pytest.mark.rule("25.3", "32.631")
def test_architecture_site_three_on_board_three_from_treasury():
    state, _ = at_cities({"ur": {"tokens": {"babylon": 3}}, "babylonia": {"tokens": {"babylon": 4}},
                          **HOLD}, players=ARCH, options={"tokens": 42})
    d = owed(state)[BABYLON]
    assert d.options["architecture"] == {"ur": 3} and d.options["areas"] == []
    state, ev = play(state, build(BABYLON, architecture="ur"))
    p = state.players[BABYLON]
    assert state.board.cities["ur"] == "babylon"
    assert p.treasury == 2 and p.stock == 36  # 3 tokens + 3 treasury back to stock
    assert "with Architecture (3 tokens and 3 from treasury)" in texts(ev)


@pytest.mark.rule("25.3", "32.631")
def test_architecture_without_site_six_plus_six():
    players = {"babylon": {"civ_cards": ["architecture"], "treasury": 6, "stock": 30}}
    state, _ = at_cities({"babylonia": {"tokens": {"babylon": 6}}, "ur": {"tokens": {"babylon": 2}},
                          **HOLD}, players=players, options={"tokens": 44})
    state, _ = play(state, build(BABYLON, architecture="babylonia"))
    p = state.players[BABYLON]
    assert state.board.cities["babylonia"] == "babylon" and p.treasury == 0 and p.stock == 42


@pytest.mark.rule("25.3", "32.631")
def test_architecture_limits():
    board = {"ur": {"tokens": {"babylon": 2}}, "susa": {"tokens": {"babylon": 4, "barbarians": 1}},
             "charax": {"tokens": {"babylon": 3, "egypt": 1}}, "babylonia": {"tokens": {"babylon": 5}},
             "mesopotamia": {"tokens": {"babylon": 6}}, "babylon": {"tokens": {"babylon": 6}}, **HOLD}
    # Babylon's 26 tokens on the board: its stock is what is left (24)
    state, _ = at_cities(board, players={"babylon": {"civ_cards": ["architecture"], "treasury": 5}})
    assert owed(state)[BABYLON].options["architecture"] == {}
    e = refused(state, build(BABYLON, architecture="ur"), "25.3")
    assert "at least half" in e.message
    e = refused(state, build(BABYLON, architecture="susa"), "25.3")
    assert "Barbarians" in e.message
    refused(state, build(BABYLON, architecture="charax"), "25.3")  # Egypt's token there
    e = refused(state, build(BABYLON, architecture="mesopotamia"), "25.3")
    assert "needs 6 tokens from treasury; you have 5" in e.message
    refused(state, build(BABYLON, architecture="babylon"), "25.3")  # enough tokens anyway
    no_card = {"babylon": {"treasury": 5}}
    state2, _ = at_cities({"ur": {"tokens": {"babylon": 3}}, "susa": {"tokens": {"babylon": 6}},
                           **HOLD}, players=no_card)
    e = refused(state2, build(BABYLON, "susa", architecture="ur"), "25.3")
    assert "only a holder of Architecture" in e.message


@pytest.mark.rule("25.3", "32.631")
def test_architecture_once_per_turn():
    players = {"babylon": {"civ_cards": ["architecture"], "treasury": 10, "stock": 30}}
    state, _ = at_cities({"ur": {"tokens": {"babylon": 3}}, "susa": {"tokens": {"babylon": 4}},
                          "babylonia": {"tokens": {"babylon": 4}}, **HOLD}, players=players,
                         options={"tokens": 51})
    assert owed(state)[BABYLON].options["architecture"] == {"susa": 2, "ur": 3}
    # the second treasury-assisted city cannot be built in the same turn
    refused(state, build(BABYLON, "susa", architecture="ur"), "25.2")
    state, _ = play(state, build(BABYLON, architecture="susa"))
    assert state.board.cities.get("susa") == "babylon" and "ur" not in state.board.cities
    assert state.players[BABYLON].treasury == 8


@pytest.mark.rule("25.3", "32.631", "26.2")
def test_architecture_is_not_blocked_by_another_players_ship():
    """Only another player's *tokens* or Barbarians forbid Architecture; a ship is not a
    token (26.2). Charax (white site): 3 on the board + 3 from treasury."""
    state, _ = position(nations=["asia", "assyria", "babylon", "egypt"], phase="cities",
                        board={"charax": {"tokens": {"babylon": 3}},
                               "thebes": {"tokens": {"egypt": 6}}},  # Egypt keeps it open
                        ships={"assyria": ["charax"]},
                        players={"babylon": {"civ_cards": ["architecture"], "treasury": 10}})
    d = {x.player: x for x in engine.pending(state)}[2]
    assert d.options["architecture"] == {"charax": 3}
    state, ev = play(state, {"type": "build_cities", "player": 2, "areas": [],
                             "architecture": "charax"})
    assert state.board.cities.get("charax") == "babylon"
    assert state.players[2].treasury == 7
    assert "with Architecture (3 tokens and 3 from treasury)" in texts(ev)


# ---- SITE-CITY-01..03 Toggling cities, the "+N" counter, cities marked at the start -------------
@pytest.mark.site("SITE-CITY-01", "SITE-CITY-03")
def test_toggling_marks_and_plus_counter():
    state, _ = at_cities({"ur": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 6}},
                          "babylonia": {"tokens": {"babylon": 4}}, "mesopotamia": {"tokens": {"babylon": 3}},
                          **HOLD})
    assert player_view(state, BABYLON)["phase_view"]["plus"] == "+2"
    assert owed(state)[BABYLON].options["marked"] == ["susa", "ur"]
    state, ev = play(state, {"type": "toggle_city", "player": BABYLON, "area": "ur"})
    assert player_view(state, BABYLON)["phase_view"] == {"marked": ["susa"], "plus": "+1",
                                                         "possible": ["susa", "ur"]}
    assert "+1" in texts(ev) and all(e.to == [BABYLON] for e in ev)
    assert player_view(state, ASIA)["phase_view"] == {}  # others do not see the marks
    state, _ = play(state, {"type": "toggle_city", "player": BABYLON, "area": "ur"},
                    {"type": "toggle_city", "player": BABYLON, "area": "susa"})
    assert owed(state)[BABYLON].options["plus"] == 1
    refused(state, {"type": "toggle_city", "player": BABYLON, "area": "mesopotamia"}, "25.2")
    state, _ = play(state, {"type": "build_cities", "player": BABYLON})  # areas null = marked
    assert state.board.cities.get("ur") == "babylon" and "susa" not in state.board.cities


@pytest.mark.site("SITE-CITY-02", "SITE-CITY-04")
def test_all_start_marked_only_when_support_allows_all():
    """All possible cities start marked when support allows them all; otherwise the supported
    set the default builds (issue 24 finding 2: no longer none)."""
    # 4 tokens in Babylonia stay after surplus: support for 2 cities -> both marked
    state, _ = at_cities({"ur": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 6}},
                          "babylonia": {"tokens": {"babylon": 4}}, **HOLD})
    assert owed(state)[BABYLON].options["marked"] == ["susa", "ur"]
    # only 3 supporting tokens: two new cities need 4 -> one marked, as the default builds
    state, _ = at_cities({"ur": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 6}},
                          "babylonia": {"tokens": {"babylon": 3}}, **HOLD})
    assert owed(state)[BABYLON].options["marked"] == ["susa"]
    # tokens above a limit do not count: 9 in Mesopotamia (limit 3) support one city only
    state, _ = at_cities({"ur": {"tokens": {"babylon": 6}}, "susa": {"tokens": {"babylon": 6}},
                          "mesopotamia": {"tokens": {"babylon": 9}}, **HOLD})
    assert owed(state)[BABYLON].options["marked"] == ["susa"]


# ---- SITE-CITY-04 Timeout -----------------------------------------------------------------------
@pytest.mark.site("SITE-CITY-04")
def test_timeout_builds_non_site_first_up_to_support_and_no_architecture():
    players = {"babylon": {"civ_cards": ["architecture"], "treasury": 10, "stock": 10}}
    board = {"ur": {"tokens": {"babylon": 6}}, "babylonia": {"tokens": {"babylon": 12}},
             "susa": {"tokens": {"babylon": 3}}, "mesopotamia": {"tokens": {"babylon": 3}},
             "sumeria": {"tokens": {"babylon": 1}}, **HOLD}
    state, _ = at_cities(board, players=players, options={"tokens": 45})
    # support after building: Mesopotamia 3 + Sumeria 1 (+ Susa 3 if not used) = 7 -> 3 cities
    # fit; only 2 possible normal cities, both supported -> both built; Susa not by Architecture
    state, ev = play(state, {"type": "timeout", "player": BABYLON})
    assert Context(state).cities_of("babylon") == ["babylonia", "ur"]
    assert state.players[BABYLON].treasury == 10


@pytest.mark.site("SITE-CITY-04")
def test_timeout_prefers_non_site_cities_when_support_is_short():
    board = {"ur": {"tokens": {"babylon": 6}}, "babylonia": {"tokens": {"babylon": 12}},
             "mesopotamia": {"tokens": {"babylon": 3}}, **HOLD}
    state, _ = at_cities(board)
    # 3 tokens cannot support 2 cities: the non-site city starts marked, as the default builds it
    assert owed(state)[BABYLON].options["marked"] == ["babylonia"]
    state, _ = play(state, {"type": "timeout", "player": BABYLON})
    assert Context(state).cities_of("babylon") == ["babylonia"]  # the non-site city only
    assert state.board.tokens["ur"] == {"babylon": 6}


@pytest.mark.site("SITE-CITY-04")
def test_timeout_builds_nothing_when_no_city_can_be_supported():
    state, _ = at_cities({"thebes": {"tokens": {"egypt": 6}}, "ur": {"tokens": {"babylon": 6}},
                          "babylonia": {"tokens": {"babylon": 2}}})
    state, ev = play(state, {"type": "timeout", "player": BABYLON})
    assert Context(state).cities_of("babylon") == ["ur"]
    state, ev = play(state, {"type": "timeout", "player": EGYPT})
    assert "Egypt builds no city." in texts(ev)
    assert "thebes" not in state.board.cities


@pytest.mark.site("SITE-CITY-04")
@pytest.mark.rule("25.2")
def test_timeout_default_never_builds_a_city_that_surplus_must_reduce():
    """Random boards: the default builds only cities that survive the support check of the
    surplus phase that follows, and builds at least one whenever one alone would survive."""
    rng = Rng(21)
    land = [a for a, x in board_areas("four_east").items() if x.is_land]
    built_any = 0
    for _ in range(30):
        board = {}
        while not 0 < sum(a["tokens"]["babylon"] for a in board.values()) <= 55:  # a nation has 55 (5.1)
            board = {a: {"tokens": {"babylon": 1 + rng.below(13)}} for a in rng.sample(land, 8)}
        state, _ = position(nations=NATIONS, phase="over", board=board,
                            players={"babylon": {"civ_cards": ["agriculture"] if rng.below(2) else []}})
        g = Context(state)
        g.s.phase = "cities"
        PHASES["cities"].start(g)
        if BABYLON not in [d.player for d in PHASES["cities"].pending(g)]:
            continue
        one_fits = any(cities.supportable(g, "babylon", {a}) for a in cities.buildable(g, "babylon"))
        PHASES["cities"].timeout(g, BABYLON)
        n = len(g.cities_of("babylon"))
        assert (n > 0) == one_fits
        built_any += n > 0
        g.s.phase = "surplus"
        g.events.clear()
        PHASES["surplus"].start(g)
        assert not any(e.kind in ("city_reduced", "city_destroyed") for e in g.events)
        assert len(g.cities_of("babylon")) == n
    assert built_any >= 5


@pytest.mark.rule("25.2")
@pytest.mark.site("SITE-TABLE-08")
def test_nations_that_can_build_no_city_are_named_in_one_history_line():
    """Issue 24, no empty decisions: the nations with no city possible are not asked, and one
    public line of the phase names them."""
    state, ev = at_cities({"ur": {"tokens": {"babylon": 6}}, "thebes": {"tokens": {"egypt": 5}}})
    assert [d.player for d in engine.pending(state) if d.kind == "build_cities"] == [BABYLON]
    lines = [e for e in ev if e.kind == "cities_none"]
    assert [e.text for e in lines] == ["No city can be built this turn by Asia, Assyria or Egypt: "
                                       "nothing to decide for them in city construction."]
    assert lines[0].to is None
