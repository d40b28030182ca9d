"""The wing's tools (``tools/``): the self-play balance (``tresham civcards-balance``: the
first seat's win rate with its Wilson interval per table, the cards never bought or used,
repeatable from its seed) and the deck commands (``tresham civcards-deck``: an administrator
installs another deck file, checked first; a refused file changes nothing)."""
from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

from tresham.cli import cli
from tresham.games import registry
from tresham.games.civcards import deck as deckmod
from tresham.games.civcards import engine
from tresham.games.civcards.tools import balance as bal
from tresham.games.contract import IllegalOrder

DOC = json.loads((deckmod.DECKS / "tresham.json").read_text())
R = registry.get("civcards")


@pytest.fixture
def site_dir(tmp_path, monkeypatch):
    """An empty data directory of the site's (its decks under civcards/decks)."""
    monkeypatch.setenv("TRESHAM_DATA_DIR", str(tmp_path / "var"))
    deckmod.load.cache_clear()
    yield tmp_path / "var"
    deckmod.load.cache_clear()


def printed(tmp_path, mutate=None, name="printed") -> str:
    doc = copy.deepcopy(DOC)
    doc.update(name=name, title="The printed cards", designed_by="a group that owns them", note="")
    if mutate:
        mutate(doc)
    path = tmp_path / f"{name}-file.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_the_wilson_interval():
    lo, hi = bal.wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    assert bal.wilson(0, 10)[0] == 0.0 and bal.wilson(10, 10)[1] == 1.0
    lo, hi = bal.wilson(1000, 2000)
    assert 0.478 < lo < 0.479 and 0.521 < hi < 0.522  # 2,000 games: about +-2.2 points


@pytest.mark.variant("CCG-SET-03", "CCG-OV-05", "CCG-TEAM-02")
def test_balance_counts_the_first_seats_wins_and_the_cards_used_repeatably():
    a = bal.run(["2", "team"], 6, 11)
    b = bal.run(["2", "team"], 6, 11)
    for t in ("2", "team"):
        x, y = a["tables"][t], b["tables"][t]
        assert {k: v for k, v in x.items() if k != "seconds"} == {k: v for k, v in y.items() if k != "seconds"}
        assert x["games"] == 6 and 0 <= x["first_seat_wins"] <= 6
        assert x["fair"] == 0.5 and x["ci95"][0] <= x["rate"] <= x["ci95"][1]
        assert x["gap_points"] == round(100 * (x["rate"] - 0.5), 2)
    # the same count by hand, game by game, for the 2-player table
    wins = 0.0
    for g in range(6):
        pl, first, _ = bal.play_one({"players": 2, "deck": "tresham"}, f"11:2:{g}", bal.Use())
        wins += 1.0 if pl[first] == 1 and pl.count(1) == 1 else (0.5 if pl[first] == 1 else 0.0)
    assert a["tables"]["2"]["first_seat_wins"] == wins
    # every technology bought in some game is counted, and the lists are of the deck's cards
    names = {f"{c.name} ({k})" for k, cs in deckmod.load("tresham").deck.lists() for c in cs}
    assert set(a["never_bought"]) <= names and set(a["never_used"]) <= names
    assert sum(a["bought"].values()) > 0 and all(a["bought"][k] > 0 for k in a["bought"])
    techs = {t.id for t in deckmod.load("tresham").deck.technologies}
    assert all(f"{t.name} (technology)" not in a["never_bought"]
               for t in deckmod.load("tresham").deck.technologies if a["bought"].get(t.id))
    assert techs & set(a["bought"])


def test_the_balance_command_prints_the_figures_as_json():
    r = CliRunner().invoke(cli, ["civcards-balance", "--players", "3", "--games", "3", "--seed", "5", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert list(out["tables"]) == ["3"] and out["tables"]["3"]["games"] == 3
    assert out["tables"]["3"]["fair"] == round(1 / 3, 4) and "never_bought" in out
    bad = CliRunner().invoke(cli, ["civcards-balance", "--players", "5"])
    assert bad.exit_code == 2 and "5" in bad.output


def test_an_administrator_installs_a_deck_and_the_creator_can_choose_it(site_dir, tmp_path):
    assert deckmod.installed() == ["tresham"]
    r = CliRunner().invoke(cli, ["civcards-deck", "install", printed(tmp_path)])
    assert r.exit_code == 0, r.output
    assert "installed the deck 'printed'" in r.output
    assert (site_dir / "civcards" / "decks" / "printed.json").is_file()
    assert deckmod.installed() == ["printed", "tresham"]
    choices = {f.name: f for f in R.option_fields()}["deck"].choices
    assert [(c.value, c.label) for c in choices] == [("tresham", "The Tresham deck (our own design)"),
                                                     ("printed", "The printed cards")]
    assert R.options_schema()["properties"]["deck"]["enum"] == ["tresham", "printed"]
    s = engine.new_game(R.parse_options({"players": 3, "deck": "printed"}), 4)
    assert s.options["deck"] == "printed" and s.cards.deck.title == "The printed cards"
    listed = CliRunner().invoke(cli, ["civcards-deck", "list", "--json"])
    assert [d["name"] for d in json.loads(listed.output)] == ["printed", "tresham"]


@pytest.mark.parametrize("what, mutate, message", [
    ("not JSON", "text", "not JSON"),
    ("a unit countering no unit", lambda d: d["units"][0].update(counters=["dragon"]),
     "unit 'warrior' counters 'dragon', which is no unit of the deck"),
    ("too few plots", lambda d: d.update(plots=d["plots"][:2]), "the plot deck needs at least 19 cards"),
    ("an unknown field", lambda d: d["technologies"][1].update(colour="red"),
     "technologies[1] (alphabet).colour: Extra inputs are not permitted"),
    ("the shipped deck's name", lambda d: d.update(name="tresham"), "a deck named 'tresham' is installed already"),
    ("a missing file", "missing", "cannot read"),
])
def test_a_bad_deck_file_is_refused_clearly_and_changes_nothing(site_dir, tmp_path, what, mutate, message):
    if mutate == "text":
        path = tmp_path / "x.json"
        path.write_text("{ not json")
    elif mutate == "missing":
        path = tmp_path / "absent.json"
    else:
        path = printed(tmp_path, mutate)
    before = sorted(site_dir.rglob("*")) if site_dir.exists() else []
    r = CliRunner().invoke(cli, ["civcards-deck", "install", str(path)])
    assert r.exit_code == 2, (what, r.output)
    assert "deck refused:" in r.output and message in r.output, r.output
    assert (sorted(site_dir.rglob("*")) if site_dir.exists() else []) == before
    assert deckmod.installed() == ["tresham"]
    with pytest.raises(IllegalOrder, match="installed decks"):
        R.parse_options({"deck": "printed"})


def test_a_deck_name_in_use_is_never_replaced(site_dir, tmp_path):
    first = printed(tmp_path)
    assert CliRunner().invoke(cli, ["civcards-deck", "install", first]).exit_code == 0
    text = (site_dir / "civcards" / "decks" / "printed.json").read_text()
    again = printed(tmp_path, lambda d: d.update(title="Another title"))
    r = CliRunner().invoke(cli, ["civcards-deck", "install", again])
    assert r.exit_code == 2 and "a deck named 'printed' is installed already" in r.output
    assert (site_dir / "civcards" / "decks" / "printed.json").read_text() == text
    assert sorted(p.name for p in (site_dir / "civcards" / "decks").iterdir()) == ["printed.json"]


def test_a_deck_the_engine_cannot_play_is_refused_after_its_trial(site_dir, tmp_path):
    # a deck the schema accepts and the engine refuses: the trial's verdict stands in for one
    from tresham.games.civcards import deck_install

    calls = []
    real = deck_install.trial

    def spy(name):
        calls.append((name, deckmod.site_decks()))
        raise deckmod.DeckError("a trial game of 2 players cannot be played with this deck: boom")

    deck_install.trial = spy
    try:
        r = CliRunner().invoke(cli, ["civcards-deck", "install", printed(tmp_path)])
    finally:
        deck_install.trial = real
    assert r.exit_code == 2 and "cannot be played with this deck: boom" in r.output
    (name, where), = calls
    assert name == "printed" and site_dir not in where.parents  # tried aside, never in the site's decks
    assert not (site_dir / "civcards" / "decks" / "printed.json").exists()
    assert deckmod.installed() == ["tresham"]
