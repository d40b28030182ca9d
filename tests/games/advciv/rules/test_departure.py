"""tresham/games/advciv/rules/departure.py: early departure (15.6): the departing nation
becomes inert, keeps one card per city (15.62) and takes no further part (15.61)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.departure import depart
from tresham.games.contract import IllegalOrder

from tests.helpers import four_nations, four_nations_with_stock as pos, play, texts


def departed(hand, n_cities=2):
    board = {a: {"city": "egypt"} for a in ["thebes", "memphis", "tanis"][:n_cities]}
    board.update({"buhen": {"tokens": {"egypt": 3}}, "ur": {"tokens": {"babylon": 2}}})
    state, _ = pos(board, {"egypt": {"hand": hand, "civ_cards": ["engineering"], "ast": 2}}, phase="movement")
    before = {i: list(st) for i, st in enumerate(state.stacks)}
    g = Context(state)
    kept = depart(g, "egypt")
    g.sync()
    return state, g, kept, before


# ---- 15.6, 15.62 Departure: the cards kept and returned -----------------------------------------
@pytest.mark.rule("15.6", "15.62", "15.63")
def test_departure_keeps_one_card_per_city_returns_the_rest():
    hand = ["ochre", "hides", "iron", "salt", "grain"]
    state, g, kept, before = departed(hand)
    p = state.player("egypt")
    assert p.inert and p.hand == [] and p.has("engineering")
    assert len(kept) == 2 and sorted(state.retained_cards["egypt"]) == sorted(kept)
    returned = list(hand)
    for c in kept:
        returned.remove(c)
    for card in returned:
        i = g.d.card_value(card) - 1
        assert card in state.stacks[i][len(before[i]):]  # at the bottom of its stack
    assert sum(len(s) for s in state.stacks) == sum(len(s) for s in before.values()) + 3
    assert len(g.cities_of("egypt")) == 2 and g.tokens("buhen", "egypt") == 3  # units stay
    assert "Egypt leaves the game" in texts(g.events)
    with pytest.raises(IllegalOrder) as e:
        depart(g, "egypt")
    assert e.value.rule == "15.6"


@pytest.mark.rule("15.62")
def test_departure_with_fewer_cards_than_cities_keeps_them_all():
    state, g, kept, _ = departed(["gold"], n_cities=3)
    assert kept == ["gold"] and state.retained_cards["egypt"] == ["gold"]


@pytest.mark.rule("15.62", "31.82", "15.2")
@pytest.mark.parametrize("seed", range(6))
def test_departure_puts_a_held_non_tradable_calamity_at_the_very_bottom(seed):
    """Returned cards go under their stacks as in restacking: commodities and tradable
    calamities shuffled, non-tradable calamities at the very bottom (15.2, 31.82)."""
    state, _ = four_nations({"buhen": {"tokens": {"egypt": 3}}},
                            {"egypt": {"stock": 10, "hand": ["volcano", "iron", "papyrus", "treachery"]}},
                            phase="population", seed=seed, options={"tokens": 13})
    g = Context(state)
    before = list(state.stacks[1])
    kept = depart(g, "egypt")
    assert kept == []  # no city, no card kept
    stack = state.stacks[1]
    assert stack[:len(before)] == before
    assert stack[-1] == "volcano"
    assert sorted(stack[len(before):-1]) == ["iron", "papyrus", "treachery"]
    assert state.player("egypt").hand == []


# ---- 15.61 An inert nation takes no part --------------------------------------------------------
@pytest.mark.rule("15.61")
def test_inert_nation_takes_no_part():
    board = {"thebes": {"city": "egypt"}, "buhen": {"tokens": {"egypt": 3}}, "tanis": {"tokens": {"egypt": 2}},
             "babylon": {"tokens": {"babylon": 2}}}
    state, _ = pos(board, {"egypt": {"inert": True, "treasury": 4, "ast": 2}}, phase="ast")
    g = Context(state)
    assert state.player("egypt").ast == 2  # no A.S.T. move
    assert state.player("egypt").treasury == 4  # no tax
    assert g.tokens("buhen", "egypt") == 3 and g.tokens("tanis", "egypt") == 2  # no growth
    assert "egypt" not in [p.nation for p in g.census_order()]  # neither builds ships nor moves
    assert state.phase == "movement"
    # in the ship phase an inert nation's order is refused, citing 15.61
    board = {"tanis": {"tokens": {"egypt": 3}}, "charax": {"tokens": {"babylon": 3}}}
    state, _ = pos(board, {"egypt": {"inert": True, "treasury": 4}, "babylon": {"treasury": 2}}, phase="ships")
    assert [d.player for d in engine.pending(state) if d.required] == [1]
    before = state.digest()
    with pytest.raises(IllegalOrder) as e:
        engine.apply(state, {"type": "ships", "player": 0, "maintain": [], "build": [{"area": "tanis",
                                                                                    "pay": "tokens"}]})
    assert state.digest() == before and e.value.rule == "15.61"


@pytest.mark.rule("15.61")
def test_departure_during_a_phase_never_stalls_it():
    # Egypt and Babylon are both short of stock; Babylon (earlier in A.S.T. order) must place first
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}},
             "ur": {"tokens": {"babylon": 2}}, "babylon": {"tokens": {"babylon": 2}}}
    # A game of 5 tokens; Egypt's other one is in treasury (growth is from stock, 20.1)
    state, _ = pos(board, {"egypt": {"stock": 1, "treasury": 1}, "babylon": {"stock": 1}},
                   phase="population", options={"tokens": 5})
    assert [d.player for d in engine.pending(state) if d.required] == [1]
    g = Context(state)
    depart(g, "babylon")
    g.sync()
    assert [d.player for d in engine.pending(state) if d.required] == [0]  # Egypt's turn now
    state, _ = play(state, {"type": "grow", "player": 0, "areas": {"memphis": 1}})
    g = Context(state)
    assert g.tokens("memphis", "egypt") == 3 and g.tokens("ur", "babylon") == 2  # inert Babylon did not grow
    assert state.phase != "population"


# ---- 15.6 the site's depart order: a seat left empty leaves the game, in any phase -----------
@pytest.mark.rule("15.6", "15.61")
@pytest.mark.site("SITE-QUIT-06")
def test_the_platform_departs_a_seat_in_any_phase_and_the_game_goes_on():
    """The platform order ``depart`` makes the seat's nation inert wherever the game stands;
    the game never waits on it afterwards and plays on to its end."""
    from tresham.games.advciv.bots.heuristic import heuristic_bot
    from tresham.games.advciv.orders import is_site_order
    from tresham.games.contract import IllegalOrder
    from tresham.rng import Rng
    from tresham.games.advciv.tools.sim import check_invariants

    phases_seen = set()
    for seed in range(40):
        s = engine.new_game({"players": 4, "turn_limit": 8}, seed)
        rng = Rng(seed)
        departed = False
        while not s.finished:
            if not departed and s.turn >= 3 and s.phase not in phases_seen and s.phase != "pick":
                phases_seen.add(s.phase)
                with pytest.raises(IllegalOrder, match="given by the site"):
                    engine.apply(s, {"type": "depart", "player": 1})
                s, ev = engine.apply(s, {"type": "depart", "player": 1}, by_site=True)
                departed = True
                assert s.players[1].inert and any(e.kind == "departure" for e in ev)
                assert check_invariants(s) == []
                assert all(d.player != 1 for d in engine.pending(s) if d.required)
                continue
            req = [d for d in engine.pending(s) if d.required]
            assert req, f"seed {seed}: nobody owes anything in {s.phase}"
            d = req[rng.below(len(req))]
            assert d.player != 1 or not departed
            o = heuristic_bot(s, d.player, rng)
            engine.apply_in_place(s, o, by_site=is_site_order(o))
        assert not departed or s.players[1].inert
    assert phases_seen >= {"movement", "trade", "advances", "ships", "cities"}, phases_seen
