"""tresham/games/advciv/bots/heuristic.py, plain.py: the heuristic bot plays sensibly and uses
only what its player may see."""
import pytest

from tresham.games.advciv.bots.heuristic import heuristic_bot
from tresham.games.advciv.bots.plain import plan_moves
from tresham.games.advciv.bots.random_bot import random_bot
from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.orders import is_site_order
from tresham.games.advciv.tools.sim import play_game

from tests.helpers import position


# ---- Against random bots, and to the end of the game (34.1) -------------------------------------
@pytest.mark.slow
def test_heuristic_beats_random_in_four_player_games():
    """Issue 4: one heuristic seat against three random seats wins at least 9 of 10 games
    (30-turn cap; the heuristic seat rotates; seeds 0-9, not chosen)."""
    wins = 0
    for seed in range(10):
        hseat = seed % 4
        bots = {s: (heuristic_bot if s == hseat else random_bot) for s in range(4)}
        rec = play_game(4, seed, bots=bots, turns=30, check=False, replay=False)
        assert not rec.refused_samples and not rec.violations
        final = engine.replay({"players": 4, "turn_limit": 30}, seed, rec.orders)
        wins += hseat in final.winners
    assert wins >= 9, wins


@pytest.mark.slow
@pytest.mark.rule("34.1")
def test_heuristic_games_end_by_the_rules_without_a_turn_cap():
    """All-heuristic games with no turn limit reach the A.S.T. finish square and end there
    (34.1A), keeping every invariant and replaying exactly."""
    for players, seed in ((2, 40), (5, 43), (8, 46)):
        rec = play_game(players, seed, bots={s: heuristic_bot for s in range(players)}, turns=None)
        assert rec.finished and not rec.unfinished and not rec.stalled
        assert rec.violations == [] and rec.refused_samples == [] and rec.replay_ok
        final = engine.replay({"players": players}, seed, rec.orders)
        assert max(p.ast for p in final.players) == 15


# ---- Movement and cities ------------------------------------------------------------------------
def test_heuristic_gathers_six_tokens_on_a_city_site_it_can_support():
    """Thebes (a city site) gets the six tokens for a city when the rest can support it."""
    state, _ = position(nations=["egypt", "babylon", "assyria", "asia"], phase="movement",
                        board={"thebes": {"tokens": {"egypt": 4}}, "buhen": {"tokens": {"egypt": 3}},
                               "upper_egypt": {"tokens": {"egypt": 2}}, "nubia": {"tokens": {"egypt": 2}},
                               "susa": {"tokens": {"babylon": 1}}})
    g = Context(state)
    order = plan_moves(g, 0)
    into_thebes = sum(m["count"] for m in order["moves"] if m["to"] == "thebes")
    assert g.tokens("thebes", "egypt") + into_thebes >= 6


def test_heuristic_does_not_build_an_unsupportable_city():
    """Five tokens in Thebes and two in Buhen: a city there would leave one token to support
    it (26.31), so the bot spreads out instead of gathering."""
    state, _ = position(nations=["egypt", "babylon", "assyria", "asia"], phase="movement",
                        board={"thebes": {"tokens": {"egypt": 5}}, "buhen": {"tokens": {"egypt": 2}},
                               "susa": {"tokens": {"babylon": 1}}})
    order = plan_moves(Context(state), 0)
    assert not any(m["to"] == "thebes" for m in order["moves"])
    assert any(m["from"] == "thebes" for m in order["moves"])


def test_heuristic_never_walks_into_another_nation():
    state, _ = position(nations=["egypt", "babylon", "assyria", "asia"], phase="movement",
                        board={"thebes": {"tokens": {"egypt": 5}}, "buhen": {"tokens": {"babylon": 1}},
                               "upper_egypt": {"tokens": {"babylon": 1}}, "susa": {"tokens": {"babylon": 1}}})
    order = plan_moves(Context(state), 0)
    assert all(m["to"] not in ("buhen", "upper_egypt") for m in order["moves"])


# ---- Legal orders, decided on what the seat may see ---------------------------------------------
def test_heuristic_orders_are_always_accepted():
    """A full heuristic game: every bot order is legal (no refused sample)."""
    bots = {s: heuristic_bot for s in range(5)}
    rec = play_game(5, seed=11, bots=bots, turns=12)
    assert rec.refused_samples == [] and rec.violations == [] and rec.replay_ok


def test_heuristic_does_not_peek_at_hidden_information():
    """Issue 4: bots see what a human sees. The same public position with different hidden
    cards (other hands, deck order) gives the same heuristic order, at every decision of a game."""
    from tresham.games.advciv.view import information_state
    from tresham.rng import Rng

    rec = play_game(4, seed=21, bots={s: heuristic_bot for s in range(4)}, turns=10, check=False, replay=False)
    state = engine.new_game({"players": 4, "turn_limit": 10}, 21)
    rng = Rng(5)
    for o in rec.orders:
        seat = o["player"]
        other = state.copy()
        for p in other.players:  # scramble what the seat cannot see
            if p.seat != seat and p.hand:
                p.hand = ["gold"] * len(p.hand)
        for st in other.stacks:
            st.reverse()
        assert heuristic_bot(state, seat, rng) == heuristic_bot(other, seat, rng)
        assert information_state(state, seat).players[seat].hand == state.players[seat].hand
        engine.apply_in_place(state, o, by_site=is_site_order(o))


# ---- Trade --------------------------------------------------------------------------------------
def test_heuristic_bots_trade_toward_sets():
    """Heuristic bots post what they want and offer (SITE-MSG-01), make offers, and some
    deals go through over a few games; a tradable calamity is passed off with the one lie
    three cards allow (28.3)."""
    kinds = []
    orders = []
    for seed in range(4):
        rec = play_game(5, seed, bots={s: heuristic_bot for s in range(5)}, turns=25, check=False,
                        replay=False)
        assert not rec.refused_samples
        state = engine.new_game({"players": 5, "turn_limit": 25}, seed)
        for o in rec.orders:
            kinds.extend(e.kind for e in engine.apply_in_place(state, o, by_site=is_site_order(o)))
            orders.append(o)
    assert any(o["type"] == "trade_message" and o["text"].startswith("Want: ") for o in orders)
    assert sum(o["type"] == "trade_offer" for o in orders) >= 5
    assert kinds.count("trade_private") >= 2  # each executed deal tells both sides the real cards


def test_heuristic_side_passes_a_calamity_as_one_lie():
    from tresham.games.advciv.bots.plain import _side

    state, _ = position(nations=["egypt", "babylon", "assyria", "asia"], phase="advances",
                        board={"thebes": {"tokens": {"egypt": 1}}})
    g = Context(state)
    give, said = _side(g, ["epidemic", "salt", "ochre", "ochre", "gold"], ["grain", "dont_care", "dont_care"])
    assert give[said.index("grain")] == "epidemic"  # the lie fills the named card
    assert sum(1 for real, s in zip(give, said) if real != s) == 1
    assert "gold" not in give
