"""tresham/games/advciv/scenario.py: every scenario under docs/scenarios/ runs and meets its
expectations; the ``tresham scenario`` command; unknown keys are refused."""
import json
import subprocess

import pytest

from tresham.games.advciv import scenario as sc

from tests.helpers import ROOT

FILES = sorted((ROOT / "docs" / "scenarios").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_expectations(path):
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


def test_scenario_rejects_unknown_keys():
    with pytest.raises(sc.ScenarioError, match="unknown key 'bord'"):
        sc.build({"nations": ["crete", "thrace"], "bord": {}})
