"""tresham/games/advciv/rules/calamities/famine.py: Famine (30.31) and Pottery (32.211)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.contract import IllegalOrder

from tests.helpers import BABYLON, EGYPT, cal, owed, play, refused, texts


def famine_board():
    return {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
            "upper_egypt": {"tokens": {"egypt": 12}}, "babylonia": {"tokens": {"babylon": 10}},
            "armenia": {"tokens": {"assyria": 10}}, "galatia": {"tokens": {"asia": 10}},
            "rhodes": {"tokens": {"crete": 3}}}


# ---- 30.311 Ten for the victim, twenty assigned -------------------------------------------------
@pytest.mark.rule("30.311", "29.64", "29.62", "29.63")
def test_famine_ten_for_the_victim_twenty_assigned_at_most_eight_each():
    s, _ = cal(famine_board(), {"egypt": {"hand": ["famine"]}})
    d = owed(s)
    assert [x.kind for x in d] == ["famine_assign"]
    assert d[0].options["caps"] == {"babylon": 8, "assyria": 8, "asia": 8, "crete": 3}
    refused(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 9, "assyria": 8, "asia": 3}},
            "30.311")
    refused(s, {"type": "famine_assign", "player": EGYPT, "victims": {"crete": 4, "assyria": 8, "asia": 8}},
            "30.311")
    refused(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 8, "assyria": 8, "asia": 3}},
            "29.64")
    s, _ = play(s, {"type": "famine_assign", "player": EGYPT,
                    "victims": {"babylon": 8, "assyria": 8, "crete": 3, "asia": 1}})
    g = Context(s)
    # single-area losses are taken at once; Egypt still chooses his 10
    assert (g.tokens("babylonia", "babylon"), g.tokens("armenia", "assyria"),
            g.tokens("galatia", "asia"), g.tokens("rhodes", "crete")) == (2, 2, 9, 0)
    assert [x.player for x in owed(s)] == [EGYPT]
    # 29.63: 10 exactly; a reduced Thebes counts 5 - 3 = 2 (29.62)
    refused(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"upper_egypt": 5}, "reduce": ["thebes"]},
            "29.63")
    s, _ = play(s, {"type": "choose_losses", "player": EGYPT, "tokens": {"upper_egypt": 3},
                    "reduce": ["thebes"], "destroy": ["memphis"]})
    g = Context(s)
    assert g.cities_of("egypt") == [] and g.tokens("thebes", "egypt") == 3 and g.tokens("upper_egypt", "egypt") == 9


@pytest.mark.rule("30.311")
@pytest.mark.site("SITE-CAL-05")
def test_famine_assignment_default_hits_the_leaders():
    players = {"egypt": {"hand": ["famine"]}, "crete": {"treasury": 30}, "asia": {"treasury": 20},
               "assyria": {"treasury": 10}}
    board = famine_board()
    board["rhodes"] = {"tokens": {"crete": 9}}
    s, _ = cal(board, players)
    s, ev = play(s, {"type": "timeout", "player": EGYPT})
    g = Context(s)
    assert g.tokens("rhodes", "crete") == 1 and g.tokens("galatia", "asia") == 2
    assert g.tokens("armenia", "assyria") == 6 and g.tokens("babylonia", "babylon") == 10
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # random units for Egypt's own 10
    assert Context(s).unit_points_on_board("egypt") == 22 - 10  # exactly 10 (29.63)


@pytest.mark.rule("30.311", "15.61", "29.61")
def test_famine_allocation_is_forced_when_the_others_hold_twenty_points_or_less():
    board = {"upper_egypt": {"tokens": {"egypt": 12}}, "babylonia": {"tokens": {"babylon": 5}},
             "armenia": {"tokens": {"assyria": 3}}, "galatia": {"tokens": {"asia": 9}},
             "rhodes": {"tokens": {"crete": 2}}}
    s, ev = cal(board, {"egypt": {"hand": ["famine"]}, "asia": {"inert": True}})
    g = Context(s)
    # Asia is inert (15.61): never a secondary victim; the rest lose everything at once
    assert g.tokens("galatia", "asia") == 9
    assert (g.tokens("babylonia", "babylon"), g.tokens("armenia", "assyria"), g.tokens("rhodes", "crete")) == (0, 0, 0)
    assert g.tokens("upper_egypt", "egypt") == 12 - 10 and s.phase == "advances"


@pytest.mark.rule("30.311", "15.61")
def test_famine_refusal_says_why_a_nation_cannot_be_assigned():
    board = famine_board()
    board["rhodes"] = {"tokens": {"crete": 9}}
    s, _ = cal(board, {"egypt": {"hand": ["famine"]}, "crete": {"inert": True}})
    e = refused(s, {"type": "famine_assign", "player": EGYPT,
                    "victims": {"crete": 4, "babylon": 8, "assyria": 8}}, "30.311")
    assert "has left the game" in e.message and "Babylon (at most 8)" in e.message
    e = refused(s, {"type": "famine_assign", "player": EGYPT,
                    "victims": {"thrace": 4, "babylon": 8, "assyria": 8}}, "30.311")
    assert "Thrace has no units on the board" in e.message


@pytest.mark.rule("30.311")
def test_famine_bot_allocation_is_uniform_and_legal():
    from collections import Counter

    from tresham.games.advciv.rules.calamities.famine import uniform_allocation
    from tresham.rng import Rng
    rng = Rng(3)
    seen = Counter()
    for _ in range(3000):
        a = uniform_allocation({"a": 2, "b": 2, "c": 1}, 3, rng)
        assert sum(a.values()) == 3 and a.get("a", 0) <= 2 and a.get("b", 0) <= 2 and a.get("c", 0) <= 1
        seen[tuple(sorted(a.items()))] += 1
    # (2,1,0) (2,0,1) (1,2,0) (0,2,1) (1,1,1): five allocations, each about 600 times
    assert len(seen) == 5 and min(seen.values()) > 450


# ---- 30.312 Pottery and Grain -------------------------------------------------------------------
@pytest.mark.rule("30.312", "32.211")
def test_pottery_and_grain_reduce_famine_and_the_grain_is_shown():
    players = {"egypt": {"hand": ["famine", "grain", "grain"], "civ_cards": ["pottery"]},
               "babylon": {"hand": ["grain", "grain", "grain"], "civ_cards": ["pottery"]}}
    s, ev = cal(famine_board(), players)
    s, ev2 = play(s, {"type": "famine_assign", "player": EGYPT,
                      "victims": {"babylon": 8, "assyria": 8, "asia": 4}})
    # 30.312: Pottery holders *may* show Grain: each decides (two of Babylon's three suffice)
    grain = {d.player: d.options["max_grain"] for d in owed(s)}
    assert grain == {EGYPT: 2, BABYLON: 2}
    refused(s, {"type": "famine_grain", "player": BABYLON, "grain": 3}, "30.312")
    s, ev3 = play(s, {"type": "famine_grain", "player": BABYLON, "grain": 2},
                  {"type": "famine_grain", "player": EGYPT, "grain": 2})
    ev2 = ev2 + ev3
    g = Context(s)
    # Egypt: 10 - 2 x 4 = 2; Babylon: 8 - 2 x 4 = 0
    assert g.of("egypt").flags["famine_grain"] == 2 and g.of("babylon").flags["famine_grain"] == 2
    assert g.tokens("babylonia", "babylon") == 10
    assert sorted(g.of("egypt").hand) == ["grain", "grain"]  # shown, not discarded
    d = owed(s)
    assert [x.player for x in d] == [EGYPT] and d[0].options["points"] == 2
    assert "shows 2 Grain" in texts(ev + ev2)


@pytest.mark.rule("30.312", "32.211")
def test_pottery_holder_may_keep_his_grain():
    """30.312 says a Pottery holder *may* reduce his Famine loss: showing no Grain keeps it free
    for buying cards, and the full loss is owed."""
    players = {"egypt": {"hand": ["famine"]},
               "babylon": {"hand": ["grain", "grain", "salt"], "civ_cards": ["pottery"]}}
    s, _ = cal(famine_board(), players)
    s, _ = play(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 8, "assyria": 8, "asia": 4}},
                {"type": "famine_grain", "player": BABYLON, "grain": 0})
    g = Context(s)
    assert "famine_grain" not in g.of("babylon").flags
    assert g.tokens("babylonia", "babylon") == 10 - 8  # the full loss (only tokens: no choice)
    assert sorted(g.of("babylon").hand) == ["grain", "grain", "salt"]


@pytest.mark.rule("30.312", "32.211")
def test_famine_secondary_with_pottery_and_one_grain_loses_four_of_eight():
    players = {"egypt": {"hand": ["famine"]},
               "babylon": {"hand": ["grain", "salt"], "civ_cards": ["pottery"]},
               "assyria": {"hand": ["grain"]}}  # Grain without Pottery: no relief
    s, ev = cal(famine_board(), players)
    s, ev2 = play(s, {"type": "famine_assign", "player": EGYPT,
                      "victims": {"babylon": 8, "assyria": 8, "asia": 4}},
                  {"type": "famine_grain", "player": BABYLON, "grain": 1})
    g = Context(s)
    assert g.tokens("babylonia", "babylon") == 10 - 4 and g.of("babylon").flags["famine_grain"] == 1
    assert g.tokens("armenia", "assyria") == 10 - 8 and "famine_grain" not in g.of("assyria").flags
    assert "Babylon shows 1 Grain" in texts(ev2) and "Assyria shows" not in texts(ev2)


@pytest.mark.rule("30.312", "32.211")
def test_grain_shown_against_famine_cannot_buy_cards_this_turn():
    board = famine_board()
    board["rhodes"] = {"tokens": {"crete": 9}}
    rich = {"hand": ["grain", "grain"], "civ_cards": ["pottery"], "treasury": 30}
    # without Famine: 30 treasury + Grain 16 pays for Cloth Making (45 - 10 Pottery credit)
    s0, _ = cal(board, {"egypt": dict(rich)})
    assert EGYPT in [d.player for d in owed(s0)]
    s, _ = cal(board, {"egypt": dict(rich, hand=["famine", "grain", "grain"])})
    s, _ = play(s, {"type": "famine_assign", "player": EGYPT, "victims": {"babylon": 8, "assyria": 8, "asia": 4}},
                {"type": "timeout", "player": EGYPT})  # default: show both Grain (10 - 8 = 2)
    s, _ = play(s, {"type": "timeout", "player": EGYPT})  # then lose the 2 points at random
    assert s.phase == "advances" and sorted(s.player("egypt").hand) == ["grain", "grain"]
    assert EGYPT not in [d.player for d in owed(s)]
    with pytest.raises(IllegalOrder):
        engine.apply(s, {"type": "buy", "player": EGYPT, "cards": ["cloth_making"],
                         "pay_cards": ["grain", "grain"], "treasury": 30})
