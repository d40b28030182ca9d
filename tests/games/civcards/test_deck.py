"""The deck as data (CCG-CARD-07..10, the checklist's b2): the schema, its errors, the Tresham
deck labelled as our own design with the seed's named cards behaving as the seed says."""
from __future__ import annotations

import copy
import json

import pytest

from tresham.games.civcards import deck as deckmod
from tresham.games.civcards import engine
from tresham.games.contract import IllegalOrder

DOC = json.loads((deckmod.DECKS / "tresham.json").read_text())


def broken(mutate) -> str:
    doc = copy.deepcopy(DOC)
    mutate(doc)
    with pytest.raises(deckmod.DeckError) as e:
        deckmod.parse(doc, "probe.json")
    return str(e.value)


def test_the_tresham_deck_says_it_is_our_own_design():
    d = deckmod.load("tresham").deck
    assert d.designed_by == "Tresham (our own design)"
    assert "not the printed game's cards" in d.note
    assert deckmod.installed() == ["tresham"]


@pytest.mark.variant("CCG-CARD-07", "CCG-CARD-08", "CCG-CARD-09", "CCG-CARD-10")
def test_the_seeds_named_cards_are_in_the_deck_with_their_behaviour():
    c = deckmod.load("tresham")
    names = {x.name for _, xs in c.deck.lists() for x in xs}
    assert {"Swordsman", "Axeman", "Catapult", "Walls", "Great Wall", "Granary", "Forge", "Market",
            "Astronomy", "Pottery", "Library", "Pyramids"} <= names
    assert "swordsman" in c.defs["axeman"].counters          # the seed's example
    assert c.defs["catapult"].removes_walls
    assert [e.kind for e in c.defs["walls"].effects] == ["walls"]
    assert [e.kind for e in c.defs["great_wall"].effects] == ["walls"]
    for b, r in (("granary", "food"), ("forge", "production"), ("market", "commerce")):
        assert [(e.kind, e.resource) for e in c.defs[b].effects] == [("double_yield", r)]
    for t in ("astronomy", "pottery"):
        assert [(e.kind, e.amount) for e in c.defs[t].effects] == [("extra_draw", 1)]
    # units steal and/or destroy; some only defend
    assert c.defs["swordsman"].steal == 1 and c.defs["swordsman"].destroy == 1
    # wild bonus cards exist (red), and typed ones of each resource
    assert {b.resource for b in c.deck.bonus} == {"food", "production", "commerce", "wild"}


def test_deck_errors_name_the_file_and_the_card():
    assert broken(lambda d: d["units"][2]["counters"].append("dragon")) == (
        "probe.json: the deck as a whole: Value error, unit 'axeman' counters 'dragon', which is no unit of the deck")
    assert broken(lambda d: d["plots"][0].update(yields={"gold": 1})).startswith(
        "probe.json: plots[0] (grassland).yields.gold")
    assert broken(lambda d: d["technologies"][0].update(cost=0)).startswith(
        "probe.json: technologies[0] (pottery).cost: Input should be greater than or equal to 1")
    assert "used twice" in broken(lambda d: d["wonders"][0].update(id="walls"))
    assert "'double_yield' effect names its 'resource'" in broken(
        lambda d: d["buildings"][1]["effects"][0].pop("resource"))
    assert "cannot have a 'walls' effect" in broken(
        lambda d: d["technologies"][0]["effects"].append({"kind": "walls"}))
    assert "at least 19" in broken(lambda d: d.update(plots=d["plots"][:2]))
    assert "Extra inputs are not permitted" in broken(lambda d: d["bonus"][0].update(colour="red"))


def test_a_missing_or_broken_deck_is_refused_as_an_option():
    with pytest.raises(IllegalOrder, match="installed decks \\(tresham\\)"):
        engine.parse_options({"deck": "printed"})
    with pytest.raises(deckmod.DeckError, match="no deck 'printed' is installed"):
        deckmod.load("printed")


def test_instances_name_each_copy():
    c = deckmod.load("tresham")
    assert c.instances("unit")[:3] == ["warrior.1", "warrior.2", "warrior.3"]
    assert c.name("swordsman.4") == "Swordsman" and c.kind("great_wall.1") == "wonder"
    assert len(c.instances("plot")) == 30
