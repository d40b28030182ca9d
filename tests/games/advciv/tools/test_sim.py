"""tresham/games/advciv/tools/sim.py: the invariant checker, full games with random bots (they end, break no
invariant and replay exactly) and the ``tresham simulate`` command."""
import json
import subprocess
import time

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.tools.sim import check_invariants, play_game, summarize

from tests.helpers import ROOT, position


def _quiet():
    state, _ = position(nations=["crete", "thrace"], phase="advances",
                        board={"knossos": {"tokens": {"crete": 3}, "city": None},
                               "athens": {"city": "crete"}},
                        players={"crete": {"treasury": 4, "hand": ["salt", "salt", "grain"]}})
    return state


# ---- check_invariants catches planted violations ------------------------------------------------
def test_clean_state_has_no_violation():
    assert check_invariants(_quiet()) == []
    assert check_invariants(engine.new_game({"players": 8}, seed=2)) == []


def test_missing_token_detected():
    s = _quiet()
    s.players[0].stock -= 1
    assert any("tokens" in v for v in check_invariants(s))


def test_tenth_city_detected():
    s = _quiet()
    areas = [a for a in ("thebes", "memphis", "sparta", "corinth", "argos", "delphi", "thessaly",
                         "macedonia", "epirus", "troy")]
    for a in areas:
        s.board.cities[a] = "crete"
    assert any("cities on the board" in v for v in check_invariants(s))


def test_lost_card_detected():
    s = _quiet()
    s.players[0].hand.pop()
    assert any("not conserved" in v for v in check_invariants(s))


def test_population_limit_after_surplus_detected():
    s = _quiet()
    had = s.board.tokens["knossos"]["crete"]
    s.board.tokens["knossos"]["crete"] = 5
    s.players[0].stock -= 5 - had
    assert check_invariants(s) == []
    assert any("above the limit" in v for v in check_invariants(s, after_surplus=True))


# ---- play_game: full games with random bots -----------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_short_games_all_player_counts(players):
    rec = play_game(players, seed=100 + players, turns=4)
    assert rec.violations == []
    assert rec.refused_samples == []
    assert rec.finished and not rec.stalled
    assert rec.replay_ok is True


@pytest.mark.slow
def test_thousand_random_games_all_end():
    """Issue 4: 1000 random-bot games across 2-8 players end (60-turn cap, or extinction)
    without a stall or an invariant violation after any order or phase; every 20th game is
    also replayed from its order log and must rebuild the same final state."""
    t0 = time.perf_counter()
    records = [play_game(2 + i % 7, seed=i, turns=60, replay=(i % 20 == 0)) for i in range(1000)]
    s = summarize(records)
    assert s["games"] == 1000
    assert s["stalled"] == 0, s["examples"]
    assert s["invariant_violations"] == 0, s["examples"]
    assert s["finished"] == 1000
    assert s["replays_ok"] == 50
    print(f"1000 games in {time.perf_counter() - t0:.1f}s")


def test_surplus_violation_is_caught_between_phases(monkeypatch):
    """The simulation checks population limits the moment the surplus phase ends, even when
    later phases run on within the same order: with surplus removal disabled it must notice."""
    from tresham.games.advciv.rules import surplus

    monkeypatch.setattr(surplus, "remove_surplus", lambda g: {})
    rec = play_game(3, seed=4, turns=8, replay=False)
    assert any("after surplus removal" in v for v in rec.violations)


def test_a_game_that_never_reaches_its_end_is_unfinished_not_stalled():
    """Random bots rarely reach the A.S.T. finish; a game cut by the order budget is reported
    as unfinished (cap the turns, 34.1B), which is not a stall: decisions kept coming."""
    rec = play_game(3, seed=5, turns=None, max_orders=300, replay=False)
    assert not rec.finished and rec.unfinished and not rec.stalled and rec.violations == []
    assert summarize([rec])["unfinished"] == 1 and summarize([rec])["stalled"] == 0


# ---- The simulate command -----------------------------------------------------------------------
def test_simulate_cli_json():
    out = subprocess.run([str(ROOT / ".venv/bin/tresham"), "simulate", "--players", "3", "--games", "2",
                          "--seed", "5", "--turns", "2", "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout.strip().splitlines()[-1])
    for key in ("games", "finished", "stalled", "invariant_violations", "mean_turns", "winners_by_nation"):
        assert key in summary
    assert summary["games"] == 2 and summary["finished"] == 2 and summary["invariant_violations"] == 0
