"""The Expansion Project calamities in the trade stacks (issue 12, variants.md CPCAL-00a..00c):
options ``ep_major`` / ``ep_minor`` (state.Options), data/expansion_calamities.json,
rules/setup.py build_stacks."""
from collections import Counter

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.data import load
from tresham.games.advciv.site.rules import AdvancedCivilization
from tresham.games.advciv.state import Options

D = load()
MAJORS = {"cyclone": 6, "corruption": 7, "tyranny": 8, "regression": 9}
MINORS = {"squandered_wealth": 2, "tempest": 3, "city_in_flames": 4, "city_riots": 5,
          "coastal_migration": 6, "tribal_conflict": 7, "minor_uprising": 8, "banditry": 9}


def per_stack(options):
    s = engine.new_game(options, seed=7)
    return {i + 1: sorted(c for c in st if c in D.calamities) for i, st in enumerate(s.stacks)}, s


@pytest.mark.variant("CPCAL-00a")
def test_both_options_three_calamities_in_each_of_stacks_2_to_9():
    """The page: 24 calamities, three in each trade stack but the first. Core stacks 2-5 hold
    two, 6-9 one; the majors add one to 6-9, the minors one to 2-9: 3 everywhere (the page and
    the seed agree)."""
    cals, _ = per_stack({"players": 6, "ep_major": True, "ep_minor": True})
    assert cals[1] == []
    assert {k: len(v) for k, v in cals.items() if k > 1} == {k: 3 for k in range(2, 10)}
    assert sum(len(v) for v in cals.values()) == 24
    for c, k in {**MAJORS, **MINORS}.items():
        assert c in cals[k]


@pytest.mark.variant("CPCAL-00a")
@pytest.mark.parametrize("opts,counts", [
    ({}, {2: 2, 3: 2, 4: 2, 5: 2, 6: 1, 7: 1, 8: 1, 9: 1}),
    ({"ep_major": True}, {2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2}),
    ({"ep_minor": True}, {2: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2, 9: 2}),
])
def test_each_option_alone(opts, counts):
    cals, s = per_stack({"players": 5, **opts})
    assert {k: len(v) for k, v in cals.items() if k > 1} == counts
    assert s.options.ep_major is bool(opts.get("ep_major")) and s.options.ep_minor is bool(opts.get("ep_minor"))


@pytest.mark.variant("CPCAL-00a")
def test_majors_non_tradable_at_the_bottom_minors_tradable_shuffled_in():
    _, s = per_stack({"players": 6, "ep_major": True, "ep_minor": True})
    for c, k in MAJORS.items():
        assert not D.calamities[c].tradable and D.calamities[c].stack == k
        assert c in s.stacks[k - 1][-2:]  # the non-tradable calamities at the bottom (15.2)
    for c, k in MINORS.items():
        assert D.calamities[c].tradable and D.calamities[c].stack == k
        assert c not in s.stacks[k - 1][:6]  # not among the top cards set aside (one per player)


def test_options_default_off():
    o = Options.from_json({})
    assert o.ep_major is False and o.ep_minor is False
    names = {c.id for c in D.calamities_in_play(o)}
    assert not names & (set(MAJORS) | set(MINORS)) and len(names) == 12


@pytest.mark.variant("CPCAL-00b")
def test_minors_are_the_creators_option_at_any_player_count():
    """Ruling (docs/rulings/expansion-calamities-cards.md): the page restricts the minors to
    games with three commodities per stack (the Expansion Project's 8-11 and 15-18 player
    setups); Advanced Civilization has no such configuration, so ``ep_minor`` is the game
    creator's choice at every player count, independent of ``ep_major``."""
    for n in (2, 3, 5, 8):
        cals, _ = per_stack({"players": n, "ep_minor": True})
        assert all(c in cals[k] for c, k in MINORS.items())
        assert not any(c in sum(cals.values(), []) for c in MAJORS)


@pytest.mark.variant("CPCAL-00c")
def test_minor_calamities_are_never_modified_by_advances():
    """Every minor's effect is the page's number whatever the victim holds: all 24 civilization
    cards given to the victim change nothing (the effects of Squandered Wealth, Tempest and
    Banditry checked here; the other minors in their own tests)."""
    from tests.helpers import cal, cities, owed
    from tresham.games.advciv.context import Context
    every = sorted(D.civ_cards)
    board = cities(["thebes", "memphis"], "egypt", {"upper_egypt": 6})
    for card, check in (("squandered_wealth", lambda g: g.of("egypt").treasury == 2),
                        ("tempest", lambda g: g.of("egypt").treasury == 7 and g.ships_of("egypt") == [])):
        s, _ = cal(board, {"egypt": {"hand": [card], "treasury": 12, "civ_cards": every}},
                   ships={"egypt": ["alexandria"]}, options={"ep_minor": True})
        assert check(Context(s)), card
    s, _ = cal(board, {"egypt": {"hand": ["banditry", "wine", "salt"], "civ_cards": every}},
               options={"ep_minor": True})
    assert [d.options["points"] for d in owed(s) if d.kind == "calamity_cards"] == [2]


# ---- SITE-SAFE-12: the page's modifiers as data; the later text's behind an option ---------------
@pytest.mark.site("SITE-SAFE-12")
@pytest.mark.variant("CPCAL-28.615", "CPCAL-28.814")
def test_the_later_texts_substitutions_are_an_option_off_by_default():
    from tresham.games.contract import IllegalOrder

    rules = AdvancedCivilization()
    assert rules.parse_options({"players": 4, "ep_major": True})["ep_later_modifiers"] is False
    assert rules.parse_options({"players": 4, "ep_major": True, "ep_later_modifiers": True})["ep_later_modifiers"] is True
    for bad, rule in (({"ep_later_modifiers": True}, "SITE-SAFE-12"), ({"ep_major": True, "ep_later_modifiers": "yes"}, "SITE-SAFE-12")):
        with pytest.raises(IllegalOrder) as e:
            rules.parse_options({"players": 4, **bad})
        assert e.value.rule == rule
    # off: a state's JSON (and so its digest) is what it was before the option existed
    off = engine.new_game({"players": 4, "ep_major": True}, seed=3)
    on = engine.new_game({"players": 4, "ep_major": True, "ep_later_modifiers": True}, seed=3)
    assert "ep_later_modifiers" not in off.to_json()["options"] and on.options.ep_later_modifiers is True
    assert engine.GameState.loads(on.dumps()).options.ep_later_modifiers is True


@pytest.mark.site("SITE-SAFE-12")
@pytest.mark.variant("CPCAL-28.614", "CPCAL-28.615", "CPCAL-28.616", "CPCAL-28.814", "CPCAL-28.815")
def test_the_modifiers_are_data_and_the_pages_cards_are_not_in_the_game():
    """data/expansion_calamities.json: the page's six cards (none an Advanced Civilization
    card, so none applies) and the later text's three, each in place of a page card."""
    page = {(m.calamity, m.card, m.cities, m.ships_kept, m.points) for m in D.modifiers if not m.option}
    assert page == {("cyclone", "masonry", -1, 0, 0), ("cyclone", "calendar", -2, 2, 0),
                    ("cyclone", "trade_empire", 1, 0, 0), ("tyranny", "sculpture", 0, 0, -5),
                    ("tyranny", "monarchy", 0, 0, 5), ("tyranny", "provincial_empire", 0, 0, 5)}
    assert not {card for _, card, *_ in page} & set(D.civ_cards)
    later = {(m.card, m.instead_of, m.ruling, m.option) for m in D.modifiers if m.option}
    assert later == {("engineering", "calendar", "EPC-2", "ep_later_modifiers"),
                     ("military", "sculpture", "EPC-4", "ep_later_modifiers"),
                     ("democracy", "sculpture", "EPC-4", "ep_later_modifiers")}


@pytest.mark.site("SITE-SAFE-12")
def test_a_later_modifier_must_name_a_card_of_the_game_in_place_of_one_of_the_page():
    from tresham.games.advciv.data import DataError, _load_modifiers, _read

    doc = _read("expansion_calamities.json")
    for bad in ({"card": "calendar"}, {"instead_of": "masonry"}, {"option": "ep_other"}, {"wrong_key": 1},
                {"calamity": "flood"}):
        later = {**next(m for m in doc["modifiers"] if m.get("option")), **bad}
        with pytest.raises(DataError):
            _load_modifiers({**doc, "modifiers": [*doc["modifiers"], later]}, D.calamities, D.civ_cards)
    assert len(_load_modifiers(doc, D.calamities, D.civ_cards)) == 9
