"""tresham/games/advciv/rules/calamities/slave_revolt.py: Slave Revolt (30.42)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities import slave_revolt
from tresham.games.advciv.rules.calamities.base import EFFECTS

from tests.helpers import (begin_effect as begin, effect_order as do, effect_owed as owed,
                           effect_position as quiet, effect_refused as refused,
                           effect_texts as texts)


EGYPT_CITIES = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
                "alexandria": {"city": "egypt"}, "tanis": {"city": "egypt"},
                "fayum": {"tokens": {"egypt": 5}}, "upper_egypt": {"tokens": {"egypt": 4}},
                "buhen": {"tokens": {"egypt": 3}}, "siwa": {"tokens": {"egypt": 1}},
                "jalo": {"tokens": {"egypt": 1}}, "nubia": {"tokens": {"egypt": 1}},
                "sinai": {"tokens": {"egypt": 1}}, "eastern_desert": {"tokens": {"egypt": 1}},
                "western_desert": {"tokens": {"egypt": 2}}, "ptolemais": {"tokens": {"egypt": 2}}}


def reduce_cities(seat, areas):
    from tresham.games.advciv.rules.support import ReduceCities
    return ReduceCities(seat, areas)


# ---- 30.421, 30.422 Fifteen tokens cannot support cities; cities reduced one at a time ----------
@pytest.mark.rule("30.42", "30.421", "30.422", "26.6")
def test_slave_revolt_reduces_one_city_at_a_time_victim_chooses():
    s = quiet(EGYPT_CITIES)
    g, ctx = begin(s, "slave_revolt", "egypt")
    # 21 tokens, 15 cannot support: 6 for 4 cities (8 needed) -> one reduction suffices,
    # as its 3 new tokens support the rest (30.422)
    assert ctx["unsupporting"] == 15
    assert owed(g, ctx) == [(0, "reduce_cities")]
    refused(g, ctx, reduce_cities(1, ["thebes"]), "30.422")
    do(g, ctx, reduce_cities(0, ["thebes", "memphis"]))  # stops once supported
    assert "thebes" not in s.board.cities and g.tokens("thebes", "egypt") == 3
    assert g.cities_of("egypt") == ["alexandria", "memphis", "tanis"]
    assert EFFECTS["slave_revolt"].done(g, ctx)
    assert "Egypt's city in Thebes is reduced" in texts(g)


@pytest.mark.rule("30.421")
def test_slave_revolt_no_shortfall_no_effect_and_tokens_normal_after():
    s = quiet({"thebes": {"city": "egypt"}, "fayum": {"tokens": {"egypt": 5}},
               "upper_egypt": {"tokens": {"egypt": 4}}, "buhen": {"tokens": {"egypt": 3}},
               "western_desert": {"tokens": {"egypt": 2}}, "ptolemais": {"tokens": {"egypt": 2}}})
    g, ctx = begin(s, "slave_revolt", "egypt")
    # 16 tokens, 15 cannot support: 1 < 2 -> Thebes (the only city) is reduced at once
    assert g.cities_of("egypt") == [] and g.tokens("thebes", "egypt") == 3
    assert EFFECTS["slave_revolt"].done(g, ctx)
    # nothing is left on the player: the effect lives only in this calamity's scratch data
    assert s.player("egypt").flags == {}


@pytest.mark.rule("30.422")
def test_slave_revolt_fewer_than_fifteen_tokens():
    s = quiet({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
               "buhen": {"tokens": {"egypt": 3}}, "nubia": {"tokens": {"egypt": 1}}})
    g, ctx = begin(s, "slave_revolt", "egypt")
    assert ctx["unsupporting"] == 4  # only the 4 tokens on the board are affected
    do(g, ctx, reduce_cities(0, ["memphis"]))
    # Memphis -> 3 tokens, which support Thebes (2 needed)
    assert g.cities_of("egypt") == ["thebes"] and g.tokens("memphis", "egypt") == 3


@pytest.mark.rule("30.422", "26.32")
@pytest.mark.site("SITE-CAL-05")
def test_slave_revolt_new_cities_first_and_random_default():
    s = quiet(EGYPT_CITIES, players={"egypt": {"new_cities": ["tanis", "memphis"]}})
    g, ctx = begin(s, "slave_revolt", "egypt")
    refused(g, ctx, reduce_cities(0, ["thebes"]), "26.32")
    EFFECTS["slave_revolt"].timeout(g, ctx, 0)
    assert EFFECTS["slave_revolt"].done(g, ctx)
    assert len(g.cities_of("egypt")) == 3 and "thebes" in g.cities_of("egypt")
    assert "alexandria" in g.cities_of("egypt")


# ---- 30.423 Mining and Enlightenment ------------------------------------------------------------
@pytest.mark.rule("30.423", "32.262", "32.931")
def test_slave_revolt_mining_and_enlightenment():
    s = quiet(EGYPT_CITIES, players={"egypt": {"civ_cards": ["mining"]}})
    g, ctx = begin(s, "slave_revolt", "egypt")
    assert ctx["unsupporting"] == 20  # 1 token left to support 4 cities
    do(g, ctx, reduce_cities(0, ["alexandria", "thebes", "memphis"]))
    # Alexandria +4 (5 for 3 cities: short), Thebes +3 (8 for 2 cities): done
    assert g.cities_of("egypt") == ["memphis", "tanis"]
    assert g.tokens("alexandria", "egypt") == 4 and g.tokens("thebes", "egypt") == 3
    s2 = quiet(EGYPT_CITIES, players={"egypt": {"civ_cards": ["enlightenment"]}})
    g2, ctx2 = begin(s2, "slave_revolt", "egypt")
    assert ctx2["unsupporting"] == 10 and len(g2.cities_of("egypt")) == 4  # 11 >= 8
    assert EFFECTS["slave_revolt"].done(g2, ctx2)
    s3 = quiet(EGYPT_CITIES, players={"egypt": {"civ_cards": ["enlightenment", "mining"]}})
    g3 = Context(s3)
    assert slave_revolt.unsupporting(g3, "egypt") == 15  # the effects cancel


@pytest.mark.rule("30.422", "30.423", "32.262", "32.931")
def test_slave_revolt_unsupporting_counts():
    for cards, want in (((), 15), (("mining",), 20), (("enlightenment",), 10),
                        (("mining", "enlightenment"), 15)):
        s = quiet({"thebes": {"tokens": {"egypt": 30}}},  # scenario: just a token count
                  players={"egypt": {"civ_cards": list(cards)}})
        g = Context(s)
        assert slave_revolt.unsupporting(g, "egypt") == min(want, g.tokens_on_board("egypt"))
    s = quiet({"thebes": {"tokens": {"egypt": 3}}, "sinai": {"tokens": {"egypt": 1}}},
              players={"egypt": {"civ_cards": ["mining"]}})
    assert slave_revolt.unsupporting(Context(s), "egypt") == 4
