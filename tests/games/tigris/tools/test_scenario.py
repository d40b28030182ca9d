"""Worked scenarios (``docs/scenarios/te-*.json``, format in docs/scenarios.md): every file
runs and meets its expectations; the format refuses what it should.

Each file lists the rules it shows (``rules``). ``CITED`` repeats them as markers, written out
here so that the rule coverage tool (which reads the markers in test source) counts them; the
test checks that the two lists agree, so a new scenario must be entered in ``CITED``.
"""
import json

import pytest
from click.testing import CliRunner

from tresham.cli import cli
from tresham.games.contract import Event
from tresham.games.tigris.tools import scenario as sc

from tests.helpers import ROOT

FILES = sorted((ROOT / "docs" / "scenarios").glob("te-*.json"))

#: each scenario's rules, as markers (keep in step with the file's "rules")
CITED = {
    "te-revolt-attacker-wins": pytest.mark.variant(
        "TE-BASE-33", "TE-BASE-46", "TE-BASE-47", "TE-BASE-48", "TE-BASE-49", "TE-BASE-50"),
    "te-revolt-defender-wins-tie": pytest.mark.variant(
        "TE-BASE-28", "TE-BASE-30", "TE-BASE-33", "TE-BASE-46", "TE-BASE-47", "TE-BASE-48",
        "TE-BASE-49", "TE-BASE-50"),
    "te-war-black": pytest.mark.variant(
        "TE-BASE-37", "TE-BASE-51", "TE-BASE-52", "TE-BASE-54", "TE-BASE-55", "TE-BASE-56",
        "TE-BASE-57", "TE-BASE-58", "TE-BASE-59", "TE-BASE-61"),
    "te-war-double": pytest.mark.variant(
        "TE-BASE-51", "TE-BASE-53", "TE-BASE-54", "TE-BASE-57", "TE-BASE-58", "TE-BASE-59",
        "TE-BASE-60", "TE-BASE-61", "TE-Z-06"),
    "te-war-priest": pytest.mark.variant(
        "TE-BASE-34", "TE-BASE-51", "TE-BASE-55", "TE-BASE-57", "TE-BASE-58", "TE-BASE-59",
        "TE-Z-14"),
    "te-monument-red-black": pytest.mark.variant(
        "TE-BASE-28", "TE-BASE-38", "TE-BASE-40", "TE-BASE-62", "TE-BASE-63", "TE-BASE-65",
        "TE-BASE-67", "TE-BASE-69", "TE-BASE-70", "TE-BASE-71"),
    "te-monument-declined": pytest.mark.variant("TE-BASE-62", "TE-BASE-64", "TE-Z-11"),
    "te-monument-treasure": pytest.mark.variant(
        "TE-BASE-38", "TE-BASE-62", "TE-BASE-63", "TE-BASE-65", "TE-BASE-66", "TE-BASE-71",
        "TE-BASE-72"),
    "te-treasure-special-first": pytest.mark.variant(
        "TE-BASE-32", "TE-BASE-72", "TE-BASE-73", "TE-Z-01", "TE-Z-10"),
    "te-end-two-treasures": pytest.mark.variant(
        "TE-BASE-38", "TE-BASE-72", "TE-BASE-73", "TE-BASE-75", "TE-BASE-78",
        "TE-BASE-79", "TE-BASE-80", "TE-BASE-81", "TE-Z-02", "TE-Z-20"),
    "te-end-bag-empty": pytest.mark.variant(
        "TE-BASE-28", "TE-BASE-39", "TE-BASE-76", "TE-BASE-80", "TE-Z-03", "TE-Z-04"),
    "te-catastrophe-split": pytest.mark.variant(
        "TE-BASE-24", "TE-BASE-34", "TE-BASE-38", "TE-BASE-41", "TE-BASE-42", "TE-BASE-43",
        "TE-BASE-44"),
    "te-action-war-monument-treasure": pytest.mark.variant(
        "TE-BASE-27", "TE-BASE-37", "TE-BASE-40", "TE-BASE-59", "TE-BASE-61", "TE-BASE-62",
        "TE-BASE-63", "TE-BASE-71", "TE-BASE-72", "TE-Z-01", "TE-Z-11"),
    "te-swap-bag": pytest.mark.variant("TE-BASE-45", "TE-BASE-76", "TE-Z-04"),
    "te-placement-refusals": pytest.mark.variant(
        "TE-BASE-29", "TE-BASE-30", "TE-BASE-31", "TE-BASE-32", "TE-BASE-35", "TE-BASE-36",
        "TE-BASE-46", "TE-BASE-47", "TE-BASE-50"),
    # the additions (te-add)
    "te-buildings-granary-palace": pytest.mark.variant(
        "TE-BLD-01", "TE-BLD-02", "TE-BLD-03", "TE-BLD-04", "TE-BLD-07", "TE-BLD-10", "TE-BLD-12",
        "TE-BLD-13"),
    "te-english-war-exact-tie": pytest.mark.variant(
        "TE-ENG-01", "TE-ENG-02", "TE-ENG-03", "TE-BASE-56", "TE-BASE-57", "TE-BASE-58", "TE-BASE-59"),
    "te-wonder-cross-of-settlements": pytest.mark.variant(
        "TE-WON-01", "TE-WON-02", "TE-WON-03", "TE-WON-04", "TE-WON-05", "TE-WON-06", "TE-WON-07",
        "TE-BLD-06", "TE-BLD-11"),
    "te-advanced-board-special-first": pytest.mark.variant(
        "TE-ADVB-01", "TE-ADVB-02", "TE-ADVB-03", "TE-ADVB-05", "TE-BASE-72", "TE-BASE-73"),
}


def _marks(stem: str) -> list:
    m = CITED.get(stem)
    return [m] if m is not None else []


@pytest.mark.parametrize("path", [pytest.param(p, marks=_marks(p.stem), id=p.stem) for p in FILES])
def test_scenario_expectations(path):
    doc = sc.load_file(path)
    mark = CITED.get(path.stem)
    assert mark is not None, f"{path.name}: add its rules to CITED in tests/tigris/test_scenario.py"
    assert sorted(mark.args) == sorted(doc.rules), (
        f"{path.name}: CITED says {sorted(mark.args)}, the file's rules are {sorted(doc.rules)}")
    assert doc.expect is not None or any(isinstance(x, sc.Step) and x.expect for x in doc.orders), \
        f"{path.name} states no expectations"
    res = sc.run(doc)
    assert not res.mismatches, res.mismatches


def test_every_cited_scenario_exists():
    assert sorted(CITED) == [p.stem for p in FILES]


def test_unknown_keys_and_wrong_types_are_refused():
    base = {"game": "tigris", "title": "t", "rules": ["TE-BASE-47"]}
    with pytest.raises(sc.ScenarioError, match="unknown key 'sqares'"):
        sc.parse({**base, "sqares": {}})
    with pytest.raises(sc.ScenarioError, match="squares"):
        sc.parse({**base, "squares": {"Q3": "red"}})
    with pytest.raises(sc.ScenarioError, match="turn"):
        sc.parse({**base, "turn": "2"})
    with pytest.raises(sc.ScenarioError, match="unknown key 'expct'"):
        sc.parse({**base, "orders": [{"order": {"type": "pass", "player": 0}, "expct": {}}]})


def test_positions_that_cannot_occur_are_refused():
    base = {"game": "tigris", "title": "t", "rules": ["TE-BASE-47"], "players": {"archer": {"treasures": 10}}}
    with pytest.raises(sc.ScenarioError, match="a farm goes only on a river"):
        sc.build({**base, "squares": {"A1": "blue"}})
    with pytest.raises(sc.ScenarioError, match="treasures: 0 on the board"):
        sc.build({**base, "players": {}})
    with pytest.raises(sc.ScenarioError, match="catastrophes: 4 in the players' supplies"):
        sc.build({**base, "squares": {"C3": {"catastrophe": True}}})
    with pytest.raises(sc.ScenarioError, match="no face-up temple"):
        sc.build({**base, "squares": {"C3": {"leader": {"owner": "bull", "colour": "red"}}}})
    with pytest.raises(sc.ScenarioError, match="red: 58 tiles"):
        sc.build({**base, "players": {"archer": {"treasures": 10, "hand": {"red": 58}}}})


def test_bag_order_and_tiles_out_of_the_game():
    doc = {"game": "tigris", "title": "t", "rules": ["TE-BASE-28"], "bag": ["green", "black"],
           "players": {"archer": {"treasures": 10, "hand": {"red": 4}}, "bull": {"hand": {"red": 6}}},
           "orders": [{"type": "pass", "player": "archer"}],
           "expect": {"hands": {"archer": {"red": 4, "green": 1, "black": 1}}, "bag": 0,
                      "out_of_game": {"red": 47, "blue": 36, "green": 29, "black": 29},
                      "finished": True}}
    res = sc.run(doc)
    # refilled with the bag's two tiles, first drawn first; then the game ends at 0 treasures
    assert not res.mismatches, res.mismatches


def test_a_wrong_expectation_is_reported():
    doc = {"game": "tigris", "title": "t", "rules": ["TE-BASE-38"], "squares": {"C5": "red",
           "C6": {"leader": {"owner": 0, "colour": "red"}}}, "players": {"0": {"treasures": 10, "hand": {"red": 1}}},
           "orders": [{"order": {"type": "tile", "player": 0, "colour": "red", "to": "D6"},
                       "expect": {"points": {"archer": {"red": 2}}, "squares": {"D6": "empty"}}},
                      {"order": {"type": "tile", "player": 0, "colour": "blue", "to": "A1"},
                       "refused": "TE-BASE-36"}]}
    res = sc.run(doc)
    assert res.mismatches == [
        "step 1: archer should have 2 red VP, has 1",
        "step 1: D6 should be empty, holds a red tile",
        "step 2: refused under TE-BASE-35 (Archer has no farm in hand), not TE-BASE-36"]


def test_scenario_cli_runs_a_tigris_file(tmp_path):
    out = CliRunner().invoke(cli, ["scenario", str(FILES[0]), "--json"])
    assert out.exit_code == 0, out.output
    res = json.loads(out.output)
    assert res["expectations"] == "met" and res["game"] == "tigris"
    bad = json.loads(FILES[0].read_text())
    bad["expect"] = {"treasures_on_board": 99}
    f = tmp_path / "te-bad.json"
    f.write_text(json.dumps(bad))
    out = CliRunner().invoke(cli, ["scenario", str(f)])
    assert out.exit_code == 1 and "99 treasures should be on the board" in out.output
    bad["expect"] = {"treasures_on_bord": 9}
    f.write_text(json.dumps(bad))
    out = CliRunner().invoke(cli, ["scenario", str(f)])
    assert out.exit_code == 2 and "unknown key 'treasures_on_bord'" in out.output


def test_buildings_and_wonder_in_a_position():
    base = {"game": "tigris", "title": "t", "rules": ["TE-BLD-03"], "players": {"archer": {"treasures": 10}},
            "squares": {"E5": "red", "F5": "red", "G5": "red"}}
    with pytest.raises(sc.ScenarioError, match="need the option"):
        sc.build({**base, "buildings": {"library": "E5"}})
    with pytest.raises(sc.ScenarioError, match="face-up black tile; E5 holds none"):
        sc.build({**base, "options": {"buildings": True}, "buildings": {"palace": "E5"}})
    s = sc.build({**base, "options": {"buildings": True}, "buildings": {"library": "F5"}})
    assert s.buildings["library"] == (5, 4)
    assert sc.check(s, sc.Expect(buildings={"library": "F5", "palace": None},
                                 squares={"F5": {"building": "library"}}), []) == []
    assert sc.check(s, sc.Expect(buildings={"library": "E5"}), []) == [
        "the library should be on E5, is on F5"]
    with pytest.raises(sc.ScenarioError, match="hold nothing else; F5 does not"):
        sc.build({**base, "options": {"wonder": True}, "wonder": {"at": "F6", "colour": "red", "by": 0}})
    s = sc.build({**base, "options": {"wonder": True}, "wonder": {"at": "J6", "colour": "black", "by": "bull"}})
    assert s.wonder["squares"] == [[9, 4], [8, 5], [9, 5], [10, 5], [9, 6]]
    assert sc.check(s, sc.Expect(wonder="J6", squares={"I6": {"wonder": True}, "J6": "empty"}), []) == [
        "J6 should be empty, holds the wonder"]


def test_events_in_order_and_lack():
    s = sc.build({"game": "tigris", "title": "t", "rules": ["TE-BASE-27"], "start": "setup"})
    ev = [Event("a war", "war"), Event("a monument", "monument"), Event("a treasure", "treasure")]
    assert sc.check(s, sc.Expect(events_in_order=["war", "monument", "treasure"]), ev) == []
    assert sc.check(s, sc.Expect(events_in_order=["monument", "war"]), ev) == [
        "no event after the previous one contains 'war'"]
    assert sc.check(s, sc.Expect(events_lack=["treasure"], events_contain=[["a", "war"], "b"]), ev) == [
        "no event contains 'b'", "an event contains 'treasure', which should not happen"]
