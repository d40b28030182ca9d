"""grand_imperial/ast.py and options.py: the A.S.T. and victory (design section 3.14, GI-AST-01..03,
GI-TURN-13) and Grand Imperial's sub-options (EP-2, ``Options.variant_options``). Rulings GIT-n:
docs/rulings/grand-imperial-ast.md. Numbers: the plain A.S.T. data (Late Bronze: 3 cities, 3
card groups; finish square 15) and the seed's section 13."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.grand_imperial.ast import GIAstPhase, distinct_advances, gi_meets
from tresham.games.advciv.grand_imperial.options import GIOptions
from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
from tresham.games.advciv.orders import Order, is_site_order
from tresham.games.advciv.rules import ast as plain_ast
from tresham.games.advciv.rules.ast import card_groups
from tresham.games.advciv.state import GameState
from tresham.games.advciv.variant import VARIANTS, game_for, variant_of
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng, seed_state
from tresham.games.advciv.tools.sim import check_invariants, seat_bots

from tests.helpers import position, texts

GI = {"variant": KEY, "wem": True}
EAST = ["egypt", "babylon", "assyria", "asia"]
EGYPT = 0
#: Egypt's three cities (Late Bronze needs 3) and Babylon's two.
BOARD = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "gaza": {"city": "egypt"},
         "babylon": {"city": "babylon"}, "ur": {"city": "babylon"}}
#: Civilization cards in 3 groups: crafts, sciences, arts (Late Bronze's 3 groups, 33.2).
THREE_GROUPS = ["pottery", "astronomy", "music"]


@pytest.fixture
def grand_imperial(monkeypatch):
    """Grand Imperial registered for one test (it is not a built-in variant)."""
    monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    yield VARIANTS[KEY]


def site(owner, *active, flipped=(), decay=None):
    return {"owner": owner, "active": list(active), "flipped": list(flipped), "decay": decay}


def at_ast(sub=None, sites=None, civ=THREE_GROUPS, space=6, board=BOARD):
    """Egypt's marker on ``space`` (6: the next space, 7, is Egypt's first of the Late Bronze
    Age), the A.S.T. phase begun with ``sites`` on the board and ``sub`` the sub-options.
    Gives (state, events of the phase)."""
    opts = {**GI, "players": 4, **({"variant_options": sub} if sub is not None else {})}
    state, _ = position(nations=EAST, options=opts, board=board, phase="tax", turn=3,
                        players={"egypt": {"ast": space, "civ_cards": list(civ)}})
    if sites:
        state.variant_state["sites"] = sites
    g = game_for(state)
    state.phase, state.step = "ast", {}
    variant_of(state).phase("ast").start(g)
    return state, g.events


# ---- the sub-options (EP-2) ---------------------------------------------------------------------
@pytest.mark.variant("GI-AST-02", "GI-AST-03")
def test_the_sub_options_default_to_off_and_are_checked_strictly(grand_imperial):
    """GIR-54: both house rules off by default; given, they are kept in full; a bad name or
    value is refused naming it; an empty object is the defaults, left out of the JSON."""
    plain_gi = engine.new_game({**GI, "players": 4}, seed=1)
    assert plain_gi.options.variant_options is None
    assert "variant_options" not in plain_gi.to_json()["options"]
    assert variant_of(plain_gi).sub_options(plain_gi.options) == GIOptions(ast_advances="off",
                                                                          capital_to_win=False)
    empty = engine.new_game({**GI, "players": 4, "variant_options": {}}, seed=1)
    assert empty.options.variant_options is None and empty.digest() == plain_gi.digest()
    s = engine.new_game({**GI, "players": 4, "variant_options": {"ast_advances": "per_city"}}, seed=1)
    assert s.options.variant_options == {"ast_advances": "per_city", "capital_to_win": False,
                                         "pirate_range": False}
    assert GameState.loads(s.dumps()).options.variant_options == s.options.variant_options
    assert s.copy().digest() == s.digest() and s.digest() != plain_gi.digest()
    for bad, words in [({"ast_advance": "per_city"}, "unknown sub-option 'ast_advance'"),
                       ({"ast_advances": "per_town"}, "ast_advances"),
                       ({"capital_to_win": "yes"}, "capital_to_win: must be true or false"),
                       ({"capital_to_win": 1}, "capital_to_win: must be true or false")]:
        with pytest.raises(IllegalOrder) as e:
            engine.new_game({**GI, "players": 4, "variant_options": bad}, seed=1)
        assert words in e.value.message and e.value.rule == "16.1", e.value.message
    with pytest.raises(IllegalOrder) as e:
        engine.new_game({**GI, "players": 4, "variant_options": []}, seed=1)
    assert "variant_options" in e.value.message


def test_a_plain_game_takes_no_sub_options():
    """The plain game has no sub-options model: any is refused, naming it; an empty object is
    no sub-option at all (the plain JSON and digest unchanged)."""
    with pytest.raises(IllegalOrder) as e:
        engine.new_game({"players": 4, "variant_options": {"ast_advances": "per_city"}}, seed=1)
    assert "takes no sub-options" in e.value.message and "'ast_advances'" in e.value.message
    plain = engine.new_game({"players": 4}, seed=1)
    assert engine.new_game({"players": 4, "variant_options": {}}, seed=1).digest() == plain.digest()
    assert "variant_options" not in plain.dumps()
    from tresham.games.advciv.site.rules import AdvancedCivilization

    r = AdvancedCivilization()
    assert "variant_options" not in r.parse_options({"players": 4})


# ---- GI-AST-01, GI-TURN-13: unchanged by default ----------------------------------------------------
def _expected_moves(st: GameState, sub: dict | None = None) -> dict[str, int]:
    """Where the plain rules (33.1-33.4, ``rules.ast.meets``) put each marker from ``st``; with
    ``sub``, a marker the plain rules move stays unless the nation has the different city
    advances the house rule asks (GI-AST-02/03, counted here from the sites) and, for the
    finish square with ``capital_to_win``, a face-up Palace on one of its cities."""
    g = game_for(st)
    sub = sub or {}
    out = {}
    for p in g.active():
        if p.inert:
            continue
        n = p.nation
        if not g.cities_of(n) and plain_ast.epoch_of(g, n) != "stone":
            out[n] = max(0, p.ast - 1)
        elif p.ast < g.d.ast.finish and plain_ast.meets(g, n, p.ast + 1):
            kinds = {a for area, s in st.variant_state.get("sites", {}).items()
                     if s["owner"] == n and st.board.cities.get(area) == n for a in s["active"]}
            cities = g.d.ast.requirements[g.d.ast.tracks[n].epoch_at(p.ast + 1)].get("cities", 0)
            need = {"per_city": cities, "per_colour": len(card_groups(g, n)) if cities else 0}.get(
                sub.get("ast_advances"), 0)
            capital = not (sub.get("capital_to_win") and p.ast + 1 == g.d.ast.finish) or "palace" in kinds
            out[n] = p.ast + 1 if len(kinds) >= need and capital else p.ast
        else:
            out[n] = p.ast
    return out


#: Advances put on the cities of the nations that get one kind per city (``_bot_game``).
KINDS = ["granary", "port", "temple", "music_hall", "library", "courthouse", "marketplace",
         "apothecary", "theater", "militia"]


def _sites_for(st: GameState) -> dict:
    """Sites on every city for the A.S.T. phase of a bot game: the nations in even places of
    the seat order get a different advance in each city (as many kinds as cities), the others
    a Granary in each (one kind, however many cities)."""
    out = {}
    for i, p in enumerate(st.players):
        mine = sorted(a for a, o in st.board.cities.items() if o == p.nation)
        for k, area in enumerate(mine):
            out[area] = {"owner": p.nation, "active": [KINDS[k % len(KINDS)] if i % 2 == 0 else "granary"],
                         "flipped": [], "decay": None}
    return out


def _bot_game(sub=None, players=5, seed=11, turns=20, sites=False):
    """A Grand Imperial game of bots (heuristic and random seats) over ``turns`` turns; gives
    the markers' (expected, actual) positions at each A.S.T. phase and the final state.
    ``sites``: city advances are put on the cities (``_sites_for``) for each A.S.T. phase
    only, the game's own sites, if any, put back after it."""
    opts = {**GI, "players": players, "turn_limit": turns,
            **({"variant_options": sub} if sub is not None else {})}
    state = engine.new_game(opts, f"gi-ast-{seed}")
    rng = Rng(seed_state(f"gi-ast-bots-{seed}"))
    bots = seat_bots("mixed", players, seed)
    seen: list[tuple[int, dict, dict]] = []
    held: list[int] = []  # per A.S.T. phase: the markers the plain rules move and ``sub`` holds
    before: dict = {}

    def observe(st: GameState, finished: str) -> None:
        if finished == "advances":  # the state the A.S.T. phase starts from
            if sites:
                before["sites"] = st.variant_state.pop("sites", None)
                st.variant_state["sites"] = _sites_for(st)
            before["expected"] = _expected_moves(st, sub)
            held.append(sum(1 for n, to in _expected_moves(st).items() if to > before["expected"][n]))
        elif finished == "ast":
            seen.append((st.turn, before.pop("expected"), {p.nation: p.ast for p in st.players}))
            if sites:
                del st.variant_state["sites"]
                if before["sites"] is not None:
                    st.variant_state["sites"] = before["sites"]

    for _ in range(60_000):
        if state.finished:
            break
        owed = [d for d in engine.pending(state) if d.required]
        o = bots[owed[0].player](state, owed[0].player, rng)
        o = o.to_json() if isinstance(o, Order) else o
        engine.apply_in_place(state, o, observe, by_site=is_site_order(o))
    _bot_game.held = held
    return seen, state


@pytest.mark.variant("GI-AST-01", "GI-TURN-13")
def test_twenty_turns_of_a_grand_imperial_game_move_the_markers_as_the_plain_rules(grand_imperial):
    """GI-AST-01, GI-TURN-13: with the sub-options off, at each of 20 turns' A.S.T. phases
    every marker goes exactly where ``rules.ast.meets`` (33.2) puts it; the markers do move
    (at least 10 steps in all) and the game ends at the turn limit without a violation."""
    assert isinstance(grand_imperial.phase("ast"), GIAstPhase) and grand_imperial.turn[-1] == "ast"
    seen, state = _bot_game()
    assert len(seen) == 20 and [t for t, _, _ in seen] == list(range(1, 21))
    for turn, expected, actual in seen:
        assert {n: actual[n] for n in expected} == expected, f"turn {turn}"
    assert sum(p.ast for p in state.players) >= 10
    assert state.finished and check_invariants(state) == []


# ---- GI-AST-02 per city -----------------------------------------------------------------------------
@pytest.mark.variant("GI-AST-02")
def test_per_city_late_bronze_needs_three_different_city_advances(grand_imperial):
    """GI-AST-02: Late Bronze needs 3 cities (Egypt has 3) and 3 different city advances: with
    2 (a Granary twice and a Port) the marker stays on 6; with a third kind (a Music Hall) it
    enters 7. With the option off, 2 are enough."""
    two = {"thebes": site("egypt", "granary", "port"), "memphis": site("egypt", "granary")}
    state, ev = at_ast({"ast_advances": "per_city"}, two)
    assert distinct_advances(game_for(state), "egypt") == {"granary", "port"}
    assert state.players[EGYPT].ast == 6
    assert "Egypt has 2 different city advances; A.S.T. space 7 (Late Bronze Age) needs 3 (GI-AST-02)" in texts(ev)
    three = {**two, "gaza": site("egypt", "music_hall")}
    state, ev = at_ast({"ast_advances": "per_city"}, three)
    assert state.players[EGYPT].ast == 7 and "advances to A.S.T. space 7" in texts(ev)
    state, _ = at_ast(None, two)
    assert state.players[EGYPT].ast == 7


@pytest.mark.variant("GI-AST-02")
def test_per_city_counts_only_face_up_advances_on_the_nations_own_cities(grand_imperial):
    """GI-AST-02 (ruling GIT-3): a flipped advance, one on a site whose city has left the board
    (decaying) and one on another nation's city count nothing: 2 kinds, the marker stays; the
    plain requirement still comes first (2 cities of 3: stays, whatever the advances)."""
    sites = {"thebes": site("egypt", "granary", flipped=["library"]),
             "memphis": site("egypt", "port"),
             "sidon": site("egypt", "temple", decay="flip"),
             "babylon": site("babylon", "music_hall")}
    state, _ = at_ast({"ast_advances": "per_city"}, sites)
    assert distinct_advances(game_for(state), "egypt") == {"granary", "port"}
    assert state.players[EGYPT].ast == 6
    two_cities = {k: v for k, v in BOARD.items() if k != "gaza"}
    state, ev = at_ast({"ast_advances": "per_city"},
                       {"thebes": site("egypt", "granary", "port", "temple")}, board=two_cities)
    assert state.players[EGYPT].ast == 6 and "GI-AST" not in texts(ev)


@pytest.mark.variant("GI-AST-02")
def test_per_city_early_bronze_needs_two_and_the_stone_age_none(grand_imperial):
    """GI-AST-02: Early Bronze (2 cities) needs 2 different advances: Egypt on 3 with 1 stays,
    with 2 enters 4; in the Stone Age (no city required, ruling GIT-2) nothing is needed:
    from 0 to 1 with none."""
    one = {"thebes": site("egypt", "granary")}
    state, _ = at_ast({"ast_advances": "per_city"}, one, space=3)
    assert state.players[EGYPT].ast == 3
    state, _ = at_ast({"ast_advances": "per_city"}, {"thebes": site("egypt", "granary", "port")}, space=3)
    assert state.players[EGYPT].ast == 4
    state, _ = at_ast({"ast_advances": "per_city"}, {}, space=0)
    assert state.players[EGYPT].ast == 1


# ---- GI-AST-03 per colour, capital to win ----------------------------------------------------------------
@pytest.mark.variant("GI-AST-03")
def test_per_colour_needs_as_many_different_advances_as_card_groups(grand_imperial):
    """GI-AST-03: 4 groups held (crafts, sciences, arts, religion) and 3 different advances: the
    marker stays on 6 (per city it would move: Late Bronze's 3); with a 4th kind it enters 7.
    A two-group card counts for both (Mysticism: religion and arts)."""
    civ = ["pottery", "astronomy", "mysticism"]
    g0 = game_for(at_ast(None, {}, civ=civ)[0])
    assert card_groups(g0, "egypt") == {"crafts", "sciences", "religion", "arts"}
    three = {"thebes": site("egypt", "granary", "port"), "memphis": site("egypt", "temple")}
    state, ev = at_ast({"ast_advances": "per_colour"}, three, civ=civ)
    assert state.players[EGYPT].ast == 6
    assert "Egypt has 3 different city advances; A.S.T. space 7 (Late Bronze Age) needs 4 (GI-AST-03)" in texts(ev)
    state, _ = at_ast({"ast_advances": "per_city"}, three, civ=civ)
    assert state.players[EGYPT].ast == 7
    four = {**three, "gaza": site("egypt", "music_hall")}
    state, _ = at_ast({"ast_advances": "per_colour"}, four, civ=civ)
    assert state.players[EGYPT].ast == 7


@pytest.mark.variant("GI-AST-03")
def test_capital_to_win_the_finish_square_needs_a_palace(grand_imperial):
    """GI-AST-03: with ``capital_to_win``, Egypt meeting every plain requirement of the finish
    square (15) stays on 14 without a capital, with a flipped Palace too; with a face-up Palace
    in Thebes it enters 15 and the game ends. Off, the finish needs no Palace."""
    board = {a: {"city": "egypt"} for a in ("thebes", "memphis", "gaza", "sidon", "tyre")}
    board.update({"babylon": {"city": "babylon"}})
    rich = ["philosophy", "theology", "mathematics", "monotheism", "democracy", "mining",
            "engineering", "medicine", "law", "military"]
    opts = {**GI, "players": 4, "variant_options": {"capital_to_win": True}}
    g = game_for(position(nations=EAST, options=opts, board=board, phase="tax", turn=3,
                          players={"egypt": {"ast": 14, "civ_cards": rich}})[0])
    assert plain_ast.meets(g, "egypt", 15) and g.d.ast.finish == 15
    for sites, moved in [({}, False), ({"thebes": site("egypt", flipped=["palace"])}, False),
                         ({"thebes": site("egypt", "palace")}, True)]:
        state, _ = position(nations=EAST, options=opts, board=board, phase="tax", turn=3,
                            players={"egypt": {"ast": 14, "civ_cards": rich}})
        state.variant_state = {"sites": sites} if sites else {}
        g = game_for(state)
        state.phase, state.step = "ast", {}
        phase = variant_of(state).phase("ast")
        phase.start(g)
        assert state.players[EGYPT].ast == (15 if moved else 14), sites
        assert (state.step["finish_reached"] is True) == moved
        if not moved:
            assert "no capital (a city with a Palace), which the finish square needs (GI-AST-03)" in texts(g.events)
        else:
            phase.finish(g)
            assert state.finished
    off = {**GI, "players": 4}
    g = game_for(position(nations=EAST, options=off, board=board, phase="tax", turn=3,
                          players={"egypt": {"ast": 14, "civ_cards": rich}})[0])
    assert gi_meets(g, "egypt", 15)


@pytest.mark.variant("GI-AST-02", "GI-AST-03")
@pytest.mark.parametrize("sub, seed", [({"ast_advances": "per_city", "capital_to_win": True}, 14),
                                       ({"ast_advances": "per_colour"}, 14)])
def test_a_game_with_the_house_rules_moves_the_markers_as_they_say(grand_imperial, sub, seed):
    """GI-AST-02, GI-AST-03: in a 5-player bot game of 20 turns with a house rule, advances on
    the cities at each A.S.T. phase (one kind per city for three nations, a Granary in each
    city for two), every marker goes where the plain rules and the house rule put it; the rule
    holds some marker back at least once, some marker leaves the Stone Age nonetheless, and
    the game ends without a violation."""
    # the seeds: games where the rule holds a marker back and one leaves the Stone Age (each
    # asserts a property of one bot game: the bots' planners and the auction phase after trade
    # change the games, and the seeds with them)
    seen, state = _bot_game(sub, seed=seed, sites=True)
    assert state.finished and check_invariants(state) == [] and len(seen) == 20
    for turn, expected, actual in seen:
        assert {n: actual[n] for n in expected} == expected, f"turn {turn}"
    assert sum(_bot_game.held) >= 1  # the house rule held a marker the plain rules would move
    g = game_for(state)
    assert any(plain_ast.epoch_of(g, p.nation) != "stone" for p in state.players)


def test_the_variant_registers_its_ast_phase_by_itself():
    """Making the variant object imports the phase module (``ast``, not the data's ``ast()``
    that the package once re-exported under the same name): checked in a fresh interpreter."""
    import subprocess
    import sys

    code = ("from tresham.games.advciv.grand_imperial.variant import GrandImperial;"
            "print(type(GrandImperial().phase('ast')).__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "GIAstPhase"


# ---- EP-14: the reference the help pages read -------------------------------------------------------
@pytest.mark.variant("GI-TURN-13")
def test_the_reference_of_a_grand_imperial_game_has_its_turn_and_decisions(grand_imperial):
    """``reference(KEY)``: the phases are Grand Imperial's turn under their names (the
    Leadership cards first, the A.S.T. last); each phase it adds or changes says what it does,
    and each decision of its own what it asks; the plain reference has no variant part."""
    from tresham.games.advciv.site.rules import AdvancedCivilization

    r = AdvancedCivilization()
    ref = r.reference(KEY)
    assert [p["id"] for p in ref["phases"]] == ["pick", *grand_imperial.turn]
    assert grand_imperial.turn[0] == "leaders" and grand_imperial.turn[-1] == "ast"
    names = {p["id"]: p["name"] for p in ref["phases"]}
    assert names["leaders"] == "Leadership cards" and names["ast"] == "A.S.T. alteration"
    turn = {t["id"]: t for t in ref["variant"]["turn"]}
    assert turn["leaders"]["kind"] == "new" and turn["census"]["kind"] == "plain"
    assert turn["acquisition"]["kind"] == "changed" and turn["ast"]["kind"] == "changed"
    assert "GI-TURN-13" in turn["ast"]["about"] and "``" not in turn["ast"]["about"]
    own = [o for t in turn.values() for o in t["orders"] if o["own"]] + ref["variant"]["anytime"]
    assert {"play_leaders", "buy_regional", "auction_bid", "diplomat"} <= {o["type"] for o in own}
    assert all(o["about"] for o in own)
    assert ref["variant"]["sub_options"] == [
        {"name": "ast_advances", "description": "city advances required on the A.S.T. (GI-AST-02, GI-AST-03)",
         "default": "off", "values": ["off", "per_city", "per_colour"]},
        {"name": "capital_to_win", "description": "entering the A.S.T.'s finish square needs a capital, "
                                                  "a city with a face-up Palace (GI-AST-03)",
         "default": False, "values": [False, True]},
        {"name": "pirate_range", "description": "a city with a pirate city within 3 water areas draws "
                                                "one card fewer (GI-CAL-12)",
         "default": False, "values": [False, True]}]
    assert "variant" not in r.reference() and [p["id"] for p in r.reference()["phases"]][1] == "tax"


@pytest.mark.variant("GI-AST-02", "GI-AST-03")
def test_the_ast_page_states_the_house_rules_requirements(grand_imperial):
    """The game's A.S.T. page gives each Age's requirements with the house rule's: per city
    Late Bronze "3 cities, cards in 3 groups, 3 different city advances"; per colour "as many
    ... as card groups held"; a capital for the finish; off, the plain words."""
    from tresham.games.advciv.site import pages

    def ages(sub):
        state, _ = position(nations=EAST, options={**GI, "players": 4, **({"variant_options": sub} if sub else {})},
                            board=BOARD, phase="tax", turn=3)
        return {a["name"]: a["requirements"] for a in pages.ast_page(state)["ages"]}

    plain = ages(None)
    assert plain["Late Bronze Age"] == "3 cities, cards in 3 groups" and plain["Stone Age"] == "none"
    per_city = ages({"ast_advances": "per_city", "capital_to_win": True})
    assert per_city["Late Bronze Age"] == "3 cities, cards in 3 groups, 3 different city advances"
    assert per_city["Stone Age"] == "none"
    assert per_city["Late Iron Age"].endswith(
        "5 different city advances, for the finish square, a capital (a city with a Palace)")
    assert ages({"ast_advances": "per_colour"})["Early Bronze Age"] == \
        "2 cities, as many different city advances as card groups held"
