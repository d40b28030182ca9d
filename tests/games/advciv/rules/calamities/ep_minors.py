"""Shared helpers of the Expansion Project minor calamity tests."""
from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.rng import Rng, seed_state

from tests.helpers import play

O = {"ep_minor": True}


def sampled(state, seat, seed):
    """Apply the effect's own random legal order (the random bot's move); gives the state."""
    g = Context(state)
    ctx = state.step["current"]
    o = EFFECTS[ctx["calamity"]].sample(g, ctx, seat, Rng(seed_state(seed)))
    s, _ = play(state, o.to_json())
    return s
