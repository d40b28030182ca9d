"""tresham/games/advciv/view.py ``information_state``, built directly (issue 28): at every step of
bot games (the plain game with the trader in the market, the expansion's calamities, Grand
Imperial), for every seat, it equals the state copied whole and then masked (as it was built
before, kept here as the reference), and it is independent of the real state (27.4)."""
from __future__ import annotations

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.state import GameState
from tresham.games.advciv.tools.sim import play_game, seat_bots
from tresham.games.advciv.variant import variant_of
from tresham.games.advciv.view import HIDDEN, _strip_private, information_state


def copied_then_masked(state: GameState, seat: int) -> GameState:
    """The information state as it was built before: the whole state copied, then masked."""
    variant = variant_of(state)
    s = state.copy()
    for p in s.players:
        if p.seat != seat:
            p.hand = [HIDDEN] * len(p.hand)
            p.flags.pop("calamity_from", None)
    hide = variant.phase_secrets(s.phase)
    if hide is not None:
        s.step = hide(s.step, seat)
    _strip_private(s, seat, variant)
    s.stacks = [[HIDDEN] * len(st) for st in s.stacks]
    s.set_aside = [HIDDEN] * len(s.set_aside)
    s.retained_cards = {n: [HIDDEN] * len(v) for n, v in s.retained_cards.items()}
    s.rng = 0
    variant.hide(s, seat)
    return s


GAMES = {
    "trader-4p": (4, 11, "trader", 10, {}),
    "expansion-5p": (5, 12, "trader-vs-heuristic", 10, {"wem": True, "ep_major": True, "ep_minor": True}),
    "grand-imperial-4p": (4, 13, "heuristic", 6, {"variant": "grand_imperial", "wem": True}),
}


@pytest.mark.rule("27.4")
@pytest.mark.parametrize("name", list(GAMES))
def test_built_directly_it_equals_the_masked_copy_at_every_step(name):
    players, seed, bots, turns, options = GAMES[name]
    rec = play_game(players, seed, bots=seat_bots(bots, players, seed), turns=turns, check=False,
                    replay=False, options=dict(options))
    state = engine.new_game({"players": players, **options, "turn_limit": turns}, seed)
    steps = 0
    seen = set()
    for i, order in enumerate(rec.orders):
        for seat in range(players):
            assert information_state(state, seat).dumps() == copied_then_masked(state, seat).dumps(), \
                (i, state.phase, seat)
        steps += 1
        seen.add(state.phase)
        engine.apply_in_place(state, order, by_site=True)
    assert steps > 100 and {"trade", "calamities", "movement"} <= seen and len(seen) >= 7


@pytest.mark.rule("27.4")
def test_it_is_independent_of_the_real_state():
    """A preview may change the information state freely: the real one keeps its board,
    hands, flags, scratch data and variant state."""
    rec = play_game(4, 11, bots=seat_bots("trader", 4, 11), turns=6, check=False, replay=False)
    state = engine.replay({"players": 4, "turn_limit": 6}, 11, rec.orders)
    before = state.dumps()
    s = information_state(state, 0)
    for p in s.players:
        p.hand.append("salt")
        p.flags["x"] = 1
        p.civ_cards["pottery"] = 1
        p.new_cities.append("x")
    for m in s.board.tokens.values():
        m["egypt"] = 9
    s.board.cities["x"] = "egypt"
    for ships in s.board.ships.values():
        ships.append("x")
    s.step["x"] = 1
    s.options.hand_limit = 1
    s.unused_nations.append("x")
    s.winners.append(1)
    assert state.dumps() == before
    assert state.players[1].hand and HIDDEN not in state.players[1].hand
    assert s.players[1].hand[:-1] == [HIDDEN] * len(state.players[1].hand)
