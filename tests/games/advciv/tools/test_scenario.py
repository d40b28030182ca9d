"""tresham/games/advciv/tools/scenario.py: every scenario under docs/scenarios/ runs and meets
its expectations (``gi-*.json``: Grand Imperial, registered for that test only); the ``tresham
scenario`` command. (The position a scenario describes, and its checks: ``test_position.py``.)"""
import json
import subprocess

import pytest

from tresham.games.advciv.tools import scenario as sc

from tests.helpers import ROOT

# the Tigris & Euphrates scenarios (te-*.json) have their own runner: tests/tigris/test_scenario.py
FILES = sorted(p for p in (ROOT / "docs" / "scenarios").glob("*.json") if not p.name.startswith("te-"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_expectations(path, monkeypatch):
    if path.name.startswith("gi-"):  # Grand Imperial is not a built-in variant: registered here only
        from tresham.games.advciv.grand_imperial.variant import KEY, GrandImperial
        from tresham.games.advciv.variant import VARIANTS

        monkeypatch.setitem(VARIANTS, KEY, GrandImperial())
    doc = sc.load_file(path)  # the typed document (scenario.Scenario)
    assert doc.expect.model_fields_set, f"{path.name} states no expectations"
    res = sc.run(doc)
    assert not res.mismatches, res.mismatches
    if doc.expect.refused is None:
        assert not res.refused, res.refused


def test_scenario_cli_json(tmp_path):
    doc = {"title": "quiet", "nations": ["crete", "thrace"], "phase": "advances", "options": {"tokens": 2},
           "players": {"crete": {"stock": 0}},  # no population growth next turn (20.2)
           "board": {"knossos": {"tokens": {"crete": 2}}}, "expect": {"board": {"knossos": {"tokens": {"crete": 2}}}}}
    f = tmp_path / "s.json"
    f.write_text(json.dumps(doc))
    out = subprocess.run([str(ROOT / ".venv/bin/tresham"), "scenario", str(f), "--json"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert res["expectations"] == "met"
    assert res["state"]["board"]["knossos"]["tokens"] == {"crete": 2}


def test_scenario_cli_reports_failed_expectation(tmp_path):
    doc = {"nations": ["crete", "thrace"], "phase": "advances", "options": {"tokens": 2},
           "players": {"crete": {"stock": 0}},  # no population growth next turn (20.2)
           "board": {"knossos": {"tokens": {"crete": 2}}}, "expect": {"board": {"knossos": {"tokens": {"crete": 3}}}}}
    f = tmp_path / "s.json"
    f.write_text(json.dumps(doc))
    out = subprocess.run([str(ROOT / ".venv/bin/tresham"), "scenario", str(f)], capture_output=True, text=True)
    assert out.returncode == 1
    assert "expected 3 crete tokens, found 2" in out.stdout
