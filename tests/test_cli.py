"""The command line (``tresham/cli.py``): every bad input gives one line ``Error: ...`` and
exit status 2, never a Python traceback."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TRESHAM = ROOT / ".venv" / "bin" / "tresham"


def run(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([str(TRESHAM), *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT)


def assert_bad_input(res: subprocess.CompletedProcess, words: str) -> None:
    """Exit 2, and standard error is exactly one line ``Error: ...`` containing ``words``."""
    lines = res.stderr.strip().splitlines()
    assert res.returncode == 2, (res.returncode, res.stdout, res.stderr)
    assert len(lines) == 1 and lines[0].startswith("Error: "), res.stderr
    assert "Traceback" not in res.stderr + res.stdout
    assert words in lines[0], lines[0]


BAD_SCENARIOS = {
    "syntax": ('{"nations": ["egypt",', "is not valid JSON: Expecting value at line 1, column 22"),
    "empty": ("", "is not valid JSON: Expecting value at line 1, column 1"),
    "list": ("[1, 2]", "a scenario is a JSON object"),
    "card": (json.dumps({"nations": ["egypt", "babylon"], "players": {"egypt": {"hand": ["unobtainium"]}}}),
             "players.egypt.hand[0]: 'unobtainium' is not a trade card"),
    "stock": (json.dumps({"nations": ["egypt", "babylon"], "players": {"egypt": {"stock": "ten"}}}),
              "players.egypt.stock: must be a whole number (got 'ten')"),
    "orders": (json.dumps({"nations": ["egypt", "babylon"], "orders": "oops"}), "orders: must be a list (got 'oops')"),
    "options": (json.dumps({"nations": ["egypt", "babylon"], "options": {"players": "2"}}),
                "players: must be a whole number (got '2')"),
    "player": (json.dumps({"nations": ["egypt", "babylon"], "orders": [{"type": "tax_rate", "player": "rome"}]}),
               "an order's player must be a seat number or a nation playing, not 'rome'"),
    "binary": (b"\xff\xfe{}", "is not UTF-8 text"),
}


@pytest.mark.parametrize("case", sorted(BAD_SCENARIOS))
def test_a_bad_scenario_file_is_one_line_and_exit_2(tmp_path, case):
    text, words = BAD_SCENARIOS[case]
    f = tmp_path / f"{case}.json"
    f.write_bytes(text if isinstance(text, bytes) else text.encode())
    assert_bad_input(run("scenario", str(f)), words)


def test_a_missing_scenario_file(tmp_path):
    assert_bad_input(run("scenario", str(tmp_path / "nope.json")), "No such file or directory")


@pytest.mark.rule("5.1")
def test_an_impossible_position_is_refused_naming_the_nation_and_the_count(tmp_path):
    """99 Egyptian tokens in one area and a stock of -44 used to be accepted."""
    f = tmp_path / "impossible.json"
    f.write_text(json.dumps({"nations": ["egypt", "babylon", "crete", "assyria"],
                             "board": {"thebes": {"tokens": {"egypt": 99}}}}))
    assert_bad_input(run("scenario", str(f)),
                     "egypt: 99 tokens on the board + -44 in stock + 0 in treasury = 55, but a nation has "
                     "55 tokens in this game (5.1)")
    f.write_text(json.dumps({"nations": ["egypt", "babylon", "crete", "assyria"],
                             "players": {"egypt": {"stock": -44}}}))
    assert_bad_input(run("scenario", str(f)), "players.egypt.stock: must be at least 0 (got -44)")


def test_a_refused_order_fails_a_scenario_without_a_refused_key(tmp_path):
    """docs/scenarios.md: "without this key, any refusal fails the scenario"."""
    doc = {"nations": ["egypt", "babylon", "crete", "assyria"], "orders": [{"type": "fly", "player": "egypt"}]}
    f = tmp_path / "fly.json"
    f.write_text(json.dumps(doc))
    res = run("scenario", str(f))
    assert res.returncode == 1 and "Expectations: expected 0 refused orders, found 1" in res.stdout
    assert "unknown order type 'fly'" in res.stdout
    doc["expect"] = {"refused": 1}
    f.write_text(json.dumps(doc))
    res = run("scenario", str(f))
    assert res.returncode == 0 and "Expectations: met" in res.stdout


@pytest.mark.parametrize("args, words", [
    (("simulate", "--players", "1"), "Advanced Civilization is for 2 to 8 players"),
    (("simulate", "--players", "9"), "'--players': 9 is not in the range 0<=x<=8"),
    (("simulate", "--turns", "0"), "'--turns': 0 is not in the range 1<=x<=1000"),
    (("simulate", "--games", "0"), "'--games': 0 is not in the range 1<=x<=100000"),
    (("bench", "engine", "--players", "1"), "'--players': 1 is not in the range 2<=x<=8"),
    (("bench", "engine", "--games", "0"), "'--games': 0 is not in the range 1<=x<=10000"),
    (("bench", "nothing"), "'nothing' is not"),
    (("bench", "scale", "--database-url", "sqlite:///scale.db"), "`bench scale` runs on PostgreSQL"),
    (("bench", "scale", "--games", "20", "--played", "10"), "--games must be at least 22 with --played 10"),
    (("bench", "scale", "--processes", "2"), "--processes is for `bench server`"),
    (("bench", "server", "--streams", "3"), "are for `bench scale`"),
    (("serve", "--port", "99999"), "'--port': 99999 is not in the range 1<=x<=65535"),
    (("simulate", "--players", "four"), "'four' is not a valid integer"),
    (("no-such-command",), "No such command 'no-such-command'"),
])
def test_bad_options_are_one_line_and_exit_2(args, words):
    assert_bad_input(run(*args), words)


def test_serve_on_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        res = subprocess.run([str(TRESHAM), "serve", "--port", str(port)], capture_output=True, text=True,
                             timeout=120, cwd=ROOT, env={"TRESHAM_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert_bad_input(res, f"127.0.0.1:{port}")


def test_bench_engine_json_reports_the_turns_played_and_the_games_finished():
    """bench engine --json used to report the turn cap as the turns reached."""
    res = run("bench", "engine", "--players", "3", "--games", "2", "--turns", "4", "--json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert out["turn_cap"] == 4 and out["games"] == 2
    assert 1 <= out["random_turns_played_median"] <= 4 and 1 <= out["heuristic_turns_played_median"] <= 4
    assert out["random_games_finished"] in (0, 1, 2) and out["heuristic_games_finished"] == 2
    assert "turns_reached_median" not in out


def test_help_works_without_error():
    res = run("--help")
    assert res.returncode == 0 and "scenario" in res.stdout and res.stderr == ""
    assert sys.executable  # the suite's interpreter runs the same venv


@pytest.mark.site("SITE-RANK-03")
def test_ratings_simulate_then_rebuild_agrees_and_bad_input_is_refused(tmp_path):
    """`tresham ratings simulate` rates simulated games as they end; `tresham ratings rebuild
    --check` then finds the same ratings (exit 0); an unmigrated database is refused in one line."""
    db = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    env = {"TRESHAM_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "TRESHAM_DATABASE_URL": db}

    def go(*args):
        return subprocess.run([str(TRESHAM), *args], capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)

    assert_bad_input(go("ratings", "rebuild"), "the database is not up to date")
    assert go("manage", "migrate", "-v0").returncode == 0
    res = go("ratings", "simulate", "--games", "40", "--people", "12")
    assert res.returncode == 0 and "40 simulated games among 12 people" in res.stdout, res.stderr
    res = go("ratings", "rebuild", "--check")
    assert res.returncode == 0 and "40 games rated again" in res.stdout and "the same as the ratings kept" in res.stdout, \
        res.stdout + res.stderr
    assert_bad_input(go("ratings", "simulate", "--games", "0"), "--games")


@pytest.mark.variant("CPCAL-00a")
def test_simulate_takes_game_options_and_refuses_bad_ones():
    res = run("simulate", "--games", "2", "--turns", "2", "--option", "hand_limit=9", "--json")
    assert res.returncode == 0 and json.loads(res.stdout.splitlines()[-1])["replays_ok"] == 2, res.stderr
    assert_bad_input(run("simulate", "--option", "nope"), "unknown option 'nope'")
    assert_bad_input(run("simulate", "--option", "hand_limit=ten"), "is not JSON")
