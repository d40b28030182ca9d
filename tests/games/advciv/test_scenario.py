"""tresham/games/advciv/scenario.py: every scenario under docs/scenarios/ runs and meets its
expectations (``gi-*.json``: Grand Imperial, registered for that test only); the ``tresham
scenario`` command; unknown keys are refused."""
import json
import subprocess

import pytest

from tresham.games.advciv import scenario as sc

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


def test_scenario_rejects_unknown_keys():
    with pytest.raises(sc.ScenarioError, match="unknown key 'bord'"):
        sc.build({"nations": ["crete", "thrace"], "bord": {}})


# ---- a position is checked like the data files -------------------------------------------------
FOUR = ["egypt", "babylon", "crete", "assyria"]


def refused_position(words: str, **doc) -> None:
    with pytest.raises(sc.ScenarioError) as e:
        sc.build(dict(nations=FOUR, **doc))
    assert words in str(e.value), str(e.value)


@pytest.mark.rule("5.1")
def test_tokens_on_board_stock_and_treasury_add_up_to_the_games_tokens():
    refused_position("egypt: 99 tokens on the board + -44 in stock + 0 in treasury = 55, but a nation "
                     "has 55 tokens in this game (5.1)", board={"thebes": {"tokens": {"egypt": 99}}})
    refused_position("egypt: 3 tokens on the board + 10 in stock + 0 in treasury = 13",
                     board={"thebes": {"tokens": {"egypt": 3}}}, players={"egypt": {"stock": 10}})
    st, _ = sc.build({"nations": FOUR, "options": {"tokens": 13}, "phase": "movement",
                      "board": {"thebes": {"tokens": {"egypt": 3}}},
                      "players": {"egypt": {"stock": 10}}})
    assert (st.players[0].stock, st.players[1].stock) == (10, 13)


@pytest.mark.rule("5.2", "22.2")
def test_at_most_nine_cities_and_four_ships():
    ten = ["thebes", "memphis", "alexandria", "fayum", "tanis", "upper_egypt", "sinai", "gaza",
           "jerusalem", "damascus"]
    refused_position("egypt: 10 cities on the board; a nation has 9 (5.2)",
                     board={a: {"city": "egypt"} for a in ten})
    refused_position("egypt: 5 ships; a nation has at most 4 (22.2)", ships={"egypt": ["alexandria"] * 5})


@pytest.mark.rule("27.1")
def test_no_card_in_two_places_and_no_more_copies_than_the_game_has():
    refused_position("2 famine cards in play (hands: egypt, babylon",
                     players={"egypt": {"hand": ["famine"]}, "babylon": {"hand": ["famine"]}})
    refused_position("10 ochre cards in play", players={"egypt": {"hand": ["ochre"] * 10}})
    refused_position("'gold_bars' is not a trade card (27.1)", players={"egypt": {"hand": ["gold_bars"]}})


def test_the_document_is_typed_and_names_the_wrong_key():
    refused_position("players.egypt.stock: must be a whole number (got 'ten')", players={"egypt": {"stock": "ten"}})
    refused_position("orders: must be a list (got 'oops')", orders="oops")
    refused_position("babylonia: tokens of 'italy', who is not playing", board={"babylonia": {"tokens": {"italy": 2}}})
    refused_position("players: italy is not among the nations playing", players={"italy": {"stock": 3}})
    refused_position("unknown key 'colour'", colour="red")
    refused_position("phase: input should be", phase="lunch")
    with pytest.raises(sc.ScenarioError, match="nations: a nation is listed twice"):
        sc.build({"nations": ["egypt", "egypt"]})
    with pytest.raises(sc.ScenarioError, match="a scenario is a JSON object"):
        sc.parse([1, 2])
