"""The seed's option of Piracy, sub-option ``pirate_range`` (GI-CAL-12; ruling GIC-20):
"having a pirate city within 3 sea squares of one of your cities reduces the number of cards
drawn by that city by one" (seed section 12). ``calamities/piracy.py`` ``pirate_range_change``,
read by ``acquisition.city_draws``; the option in ``options.py``. Numbers: the data's
``option_pirate_range_sea_areas`` (3) and ``option_card_change`` (-1)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from pydantic import ValidationError

from tresham.games.advciv.grand_imperial import data as gi
from tresham.games.advciv.grand_imperial.acquisition import city_draws, draw_rights
from tresham.games.advciv.grand_imperial.calamities.piracy import pirates_near
from tresham.games.advciv.grand_imperial.options import GIOptions, fields
from tresham.games.advciv.variant import game_for

from tests.games.advciv.grand_imperial.test_calamities import (  # noqa: F401  (the fixture)
    gi_state, grand_imperial,
)


def board(pirate_at, dice=None, option=True):
    """Egypt's cities in Alexandria (coastal) and Memphis (inland), a pirate city in
    ``pirate_at``; the option on or off."""
    b = {"alexandria": {"city": "egypt"}, "memphis": {"city": "egypt"}, pirate_at: {"city": "pirates"}}
    s = gi_state(b, dice=dice)
    if option:
        s.options = replace(s.options, variant_options={"pirate_range": True})
    return game_for(s)


@pytest.mark.data_for("GI-CAL-12")
def test_the_data_gives_three_water_areas_and_one_card():
    rule = gi.calamity_changes()["piracy"]
    assert (rule.option_pirate_range_sea_areas, rule.option_card_change) == (3, -1)


@pytest.mark.variant("GI-CAL-12")
def test_a_pirate_city_within_three_water_areas_costs_a_city_one_card():
    """Cyprus is within 3 water areas of Alexandria: Alexandria (Content, 1 card) draws 0;
    inland Memphis still draws 1; Egypt draws 1 card in all, not 2."""
    g = board("cyprus")
    assert pirates_near(g, "alexandria") == ["cyprus"] and pirates_near(g, "memphis") == []
    assert city_draws(g, "alexandria") == (0, 0)
    assert city_draws(g, "memphis") == (1, 0)
    assert [a for a, _ in draw_rights(g, "egypt")] == ["memphis"]


@pytest.mark.variant("GI-CAL-12", "GI-LUX-06")
def test_a_happy_city_near_pirates_draws_one_instead_of_two():
    g = board("cyprus", dice={"alexandria": 5})
    assert city_draws(g, "alexandria") == (1, 0)


@pytest.mark.variant("GI-CAL-12")
def test_a_pirate_city_four_water_areas_away_costs_nothing():
    """Athens is 4 water areas from Alexandria (beyond the 3): Alexandria draws its 1 card."""
    g = board("athens")
    assert pirates_near(g, "alexandria") == []
    assert city_draws(g, "alexandria") == (1, 0)


@pytest.mark.variant("GI-CAL-12")
def test_with_the_option_off_pirates_cost_nothing():
    """Off by default: the same Cyprus pirate city, Alexandria draws 1 card."""
    g = board("cyprus", option=False)
    assert GIOptions().pirate_range is False
    assert city_draws(g, "alexandria") == (1, 0)
    assert len(draw_rights(g, "egypt")) == 2


@pytest.mark.variant("GI-CAL-12")
def test_the_option_is_a_strict_boolean_with_its_lobby_field():
    assert GIOptions.model_validate({"pirate_range": True}).pirate_range is True
    with pytest.raises(ValidationError):
        GIOptions.model_validate({"pirate_range": "true"})
    f = next(x for x in fields() if x.name == "variant_options.pirate_range")
    assert [c.value for c in f.choices] == [False, True]
