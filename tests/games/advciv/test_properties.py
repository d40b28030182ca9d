"""Property tests: random legal play never crashes the engine nor breaks an invariant."""
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tresham.games.advciv.bots.random_bot import random_bot
from tresham.games.advciv import engine
from tresham.games.advciv.orders import is_site_order
from tresham.games.advciv.state import GameState
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000), steps=st.integers(1, 400))
def test_random_legal_orders_keep_invariants(players, seed, steps):
    state = engine.new_game({"players": players, "turn_limit": 3}, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.finished:
            break
        req = [d for d in engine.pending(state) if d.required]
        assert req, f"nobody owes anything in {state.phase}"
        seat = req[rng.below(len(req))].player
        o = random_bot(state, seat, rng)  # the timeout when it has nothing better (a platform order)
        engine.apply_in_place(state, o, by_site=is_site_order(o))
        assert check_invariants(state) == []
    again = GameState.loads(state.dumps())
    assert again.dumps() == state.dumps()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 1000), seat=st.integers(-2, 9),
       kind=st.sampled_from(["pick", "move", "timeout", "buy", "trade_offer", "nonsense"]))
def test_bad_orders_change_nothing(seed, seat, kind):
    state = engine.new_game({"players": 4}, seed)
    before = state.digest()
    try:
        engine.apply(state, {"type": kind, "player": seat, "nation": "atlantis"})
    except (IllegalOrder, TypeError):
        pass
    assert state.digest() == before


from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule  # noqa: E402


class RandomPlay(RuleBasedStateMachine):
    """Stateful: hypothesis drives a game with random legal orders, random timeouts and
    garbage orders, checking the invariants after every step."""

    @initialize(players=st.integers(2, 8), seed=st.integers(0, 10_000))
    def new(self, players, seed):
        self.state = engine.new_game({"players": players, "turn_limit": 4}, seed)
        self.rng = Rng(seed)

    def _required(self):
        return [d for d in engine.pending(self.state) if d.required]

    @rule(pick=st.integers(0, 7))
    def legal_order(self, pick):
        if self.state.finished:
            return
        req = self._required()
        seat = req[pick % len(req)].player
        o = random_bot(self.state, seat, self.rng)
        engine.apply_in_place(self.state, o, by_site=is_site_order(o))

    @rule(pick=st.integers(0, 7))
    def deadline_passes(self, pick):
        if self.state.finished:
            return
        req = self._required()
        seat = req[pick % len(req)].player
        o = engine.default(self.state, seat)
        engine.apply_in_place(self.state, o, by_site=is_site_order(o))

    @rule(seat=st.integers(-1, 8), kind=st.sampled_from(["move", "buy", "pillage", "trade_offer", "pick"]))
    def pure_apply_never_mutates_its_input(self, seat, kind):
        before = self.state.digest()
        try:
            engine.apply(self.state, {"type": kind, "player": seat})
        except IllegalOrder:
            pass
        assert self.state.digest() == before

    @invariant()
    def pieces_and_cards_conserved(self):
        assert check_invariants(self.state) == []

    @invariant()
    def never_stuck(self):
        assert self.state.finished or self._required()


TestRandomPlay = RandomPlay.TestCase
TestRandomPlay.settings = settings(max_examples=20, stateful_step_count=60, deadline=None,
                                   suppress_health_check=[HealthCheck.too_slow])
