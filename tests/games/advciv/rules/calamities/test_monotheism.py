"""tresham/games/advciv/rules/calamities/monotheism.py: Monotheism conversions at the end of
the calamity phase (32.941-32.944, 32.95x)."""
import pytest

from tresham.games.advciv.data import load
from tresham.games.advciv.context import Context
from tresham.games.advciv.phase import PHASES
from tresham.rng import Rng

from tests.helpers import CRETE, EGYPT, cal, owed, play, refused, texts


def mono_board():
    return {"sinai": {"tokens": {"egypt": 2}},
            "gaza": {"tokens": {"babylon": 1}},
            "jerusalem": {"city": "assyria"}, "armenia": {"tokens": {"assyria": 4}},
            "petra": {"tokens": {"asia": 1}},
            "eastern_desert": {"tokens": {"barbarians": 1}},
            "tyre": {"tokens": {"babylon": 2}}}


# ---- 32.941 The holder may convert one land-adjacent area, before the support check -------------
@pytest.mark.rule("32.941", "32.942", "32.952")
def test_holder_may_convert_one_land_adjacent_area():
    s, _ = cal(mono_board(), {"egypt": {"civ_cards": ["monotheism"]}, "asia": {"civ_cards": ["theology"]}})
    d = owed(s)
    assert d[0].player == EGYPT and d[0].kind == "monotheism" and d[0].default == "no conversion"
    # not Petra (Theology, 32.952), not the Eastern Desert (Barbarians), not Tyre (not adjacent)
    assert d[0].options["areas"] == ["gaza", "jerusalem"]
    refused(s, {"type": "convert", "player": EGYPT, "area": "tyre"}, "32.942")
    refused(s, {"type": "convert", "player": EGYPT, "area": "petra"}, "32.942")
    refused(s, {"type": "convert", "player": EGYPT, "area": "eastern_desert"}, "32.942")
    s2, ev = play(s, {"type": "convert", "player": EGYPT, "area": "gaza"})
    g = Context(s2)
    assert g.tokens("gaza", "egypt") == 1 and g.tokens("gaza", "babylon") == 0
    assert g.of("babylon").stock == 55 - 2 and "converts 1 of Babylon's tokens in Gaza" in texts(ev)
    s3, ev = play(s, {"type": "convert", "player": EGYPT, "area": "jerusalem"})
    assert s3.board.cities["jerusalem"] == "egypt"


@pytest.mark.rule("32.941", "29.8")
def test_conversion_comes_before_the_support_check():
    board = {"sinai": {"city": "egypt"}, "jerusalem": {"city": "assyria"}, "armenia": {"tokens": {"assyria": 4}}}
    s, _ = cal(board, {"egypt": {"civ_cards": ["monotheism"]}})
    s, ev = play(s, {"type": "convert", "player": EGYPT, "area": "jerusalem"})
    g = Context(s)
    # Egypt now has two cities and no token: the new city (Jerusalem) is reduced first (26.32)
    assert g.cities_of("egypt") == ["sinai"] and g.tokens("jerusalem", "egypt") == 2
    assert g.cities_of("assyria") == []
    kinds = [e.kind for e in ev]
    assert kinds.index("city_replaced") < kinds.index("city_reduced")


@pytest.mark.rule("32.941")
def test_no_decision_without_a_target_and_bot_orders_are_legal():
    s, _ = cal({"rhodes": {"tokens": {"egypt": 2}}}, {"egypt": {"civ_cards": ["monotheism"]}})
    assert s.phase == "advances"  # Rhodes has no land neighbour: nothing to ask
    s, _ = cal(mono_board(), {"egypt": {"civ_cards": ["monotheism"]}})
    seen = set()
    for k in range(12):
        o = PHASES["calamities"].sample(Context(s), EGYPT, Rng(k))
        seen.add(o.area)
        play(s, o)
    assert seen == {"", "gaza", "jerusalem", "petra"}


@pytest.mark.rule("32.941", "32.942", "15.61")
def test_monotheism_may_convert_an_inert_nations_units():
    board = {"sinai": {"tokens": {"egypt": 2}}, "gaza": {"tokens": {"babylon": 1}}}
    s, _ = cal(board, {"egypt": {"civ_cards": ["monotheism"]}, "babylon": {"inert": True}})
    d = owed(s)[0]
    assert d.kind == "monotheism" and d.options["areas"] == ["gaza"]
    s, _ = play(s, {"type": "convert", "player": EGYPT, "area": "gaza"})
    assert Context(s).tokens("gaza", "egypt") == 1 and Context(s).tokens("gaza", "babylon") == 0


# ---- 32.942 Stock needed; other holders immune --------------------------------------------------
@pytest.mark.rule("32.942")
def test_conversion_needs_units_in_stock():
    # Egypt's tokens not on the board are in treasury, which conversion does not use
    s, _ = cal(mono_board(), {"egypt": {"civ_cards": ["monotheism"], "stock": 0, "treasury": 53}})
    # no token in stock for Gaza; a city in stock for Jerusalem
    assert owed(s)[0].options["areas"] == ["jerusalem"]
    board = mono_board()
    nine = ["thebes", "memphis", "tanis", "buhen", "alexandria", "nubia", "ptolemais", "fayum", "siwa"]
    for a in nine:
        board[a] = {"city": "egypt"}
    board["upper_egypt"] = {"tokens": {"egypt": 18}}
    s, _ = cal(board, {"egypt": {"civ_cards": ["monotheism"]}})
    assert "jerusalem" not in owed(s)[0].options["areas"] and "gaza" in owed(s)[0].options["areas"]


@pytest.mark.rule("32.942")
def test_areas_of_another_monotheism_holder_cannot_be_converted_and_holders_go_in_ast_order():
    board = mono_board()
    board["tanis"] = {"tokens": {"crete": 2}}
    s, _ = cal(board, {"egypt": {"civ_cards": ["monotheism"]}, "crete": {"civ_cards": ["monotheism"]}})
    d = owed(s)[0]
    assert d.player == CRETE  # Z-31b: Crete comes before Egypt in A.S.T. order
    assert "sinai" not in d.options["areas"] and d.options["areas"] == ["gaza"]
    s, _ = play(s, {"type": "timeout", "player": CRETE})  # default: no conversion
    d = owed(s)[0]
    assert d.player == EGYPT and "tanis" not in d.options["areas"]
    assert Context(s).tokens("gaza", "babylon") == 1
    s, ev = play(s, {"type": "convert", "player": EGYPT, "area": ""})
    assert "Egypt converts no area this turn." in texts(ev) and s.phase == "advances"


# ---- 32.944, 32.953 Monotheism and Theology need Enlightenment ----------------------------------
@pytest.mark.rule("32.944", "32.953", "32.943", "32.951")
def test_monotheism_and_theology_need_enlightenment():
    d = load()
    assert d.civ_cards["monotheism"].prerequisite == "enlightenment"
    assert d.civ_cards["theology"].prerequisite == "enlightenment"
    # their calamity modifiers are tested with Iconoclasm (30.814, 30.815)
    from tresham.games.advciv.rules.calamities.iconoclasm import iconoclasm_count
    board = {a: {"city": "egypt"} for a in ("thebes", "memphis", "tanis", "buhen", "gaza")}
    board["upper_egypt"] = {"tokens": {"egypt": 10}}
    s, _ = cal(board, {"egypt": {"civ_cards": ["enlightenment", "monotheism"]}})
    assert iconoclasm_count(Context(s), "egypt") == 5
    s, _ = cal(board, {"egypt": {"civ_cards": ["enlightenment", "theology"]}})
    assert iconoclasm_count(Context(s), "egypt") == 1
