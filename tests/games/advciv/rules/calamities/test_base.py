"""tresham/games/advciv/rules/calamities/base.py: the registry of calamity effects (EFFECTS)
against the card data."""
import pytest


# ---- 30.2-30.91 Levels, tradability and rules of the calamities ---------------------------------
@pytest.mark.rule("30.2", "30.21", "30.22", "30.3", "30.31", "30.32", "30.7", "30.71", "30.8", "30.81",
                  "30.9", "30.91")
def test_calamity_levels_tradability_and_rules_of_this_group():
    from tresham.games.advciv.data import load
    from tresham.games.advciv.rules.calamities.base import EFFECTS
    d = load()
    want = {"volcano": (2, False, "30.21"), "treachery": (2, True, "30.22"), "famine": (3, False, "30.31"),
            "superstition": (3, True, "30.32"), "civil_disorder": (7, True, "30.71"),
            "iconoclasm": (8, True, "30.81"), "piracy": (9, True, "30.91")}
    for cid, (stack, tradable, rule) in want.items():
        c = d.calamities[cid]
        assert (c.stack, c.tradable, c.rule) == (stack, tradable, rule)
        assert EFFECTS[cid].rule == rule
