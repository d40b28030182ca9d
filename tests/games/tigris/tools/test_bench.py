"""``tresham bench tigris``: random games per second (median of 5 runs) and apply's median
time per order, as JSON."""
import json

from click.testing import CliRunner

from tresham.cli import cli


def test_bench_tigris_reports_its_medians():
    res = CliRunner().invoke(cli, ["bench", "tigris", "--games", "1", "--players", "2", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["game"] == "tigris" and out["runs"] == 5 and out["games_per_run"] == 1
    assert len(out["random_games_per_second_runs"]) == 5
    assert out["random_games_per_second_median"] > 0 and 0 < out["apply_ms_per_order_median"] < 100
    assert out["apply_ms_per_order_median"] <= out["apply_ms_per_order_p90"]
    assert out["orders_per_game_median"] > 50 and out["greedy_decision_ms_median"] > 0
    assert sum(out["ends"].values()) == 5 and set(out["ends"]) <= {"bag", "treasures"}


def test_bench_tigris_refuses_five_players():
    res = CliRunner().invoke(cli, ["bench", "tigris", "--players", "5"])
    assert res.exit_code == 2 and "2 to 4 players" in res.output
