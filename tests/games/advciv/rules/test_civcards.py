"""tresham/games/advciv/rules/civcards.py: the pure helpers for buying civilization cards (31,
32): credits, prerequisites, payment, Mining, the hand to keep. The card data itself is
checked in tests/games/advciv/test_data.py."""
import pytest

from tresham.games.advciv.data import load
from tresham.games.advciv.rules import civcards as cc
from tresham.games.contract import IllegalOrder

from tests.helpers import game, position


NATIONS = ["babylon", "egypt", "assyria", "asia"]


def g_with(turn: int = 1, **player):
    """A game where Babylon (seat 0) has ``player``'s keys; it is built in the inert "over"
    phase so that no phase changes the position before the helpers look at it."""
    state, _ = position(nations=NATIONS, phase="over", turn=turn,
                        players={"babylon": player})
    g = game(state)
    return g, g.s.players[0]


BABYLON, EGYPT = 0, 1


# ---- 31.41, 31.58 Checking a payment ------------------------------------------------------------
@pytest.mark.rule("31.41", "31.58", "31.2")
@pytest.mark.site("SITE-ADV-04", "SITE-ADV-05")
def test_check_payment():
    g, p = g_with(hand=["grain"] * 3 + ["papyrus"] * 2 + ["hides"], treasury=10,
                  civ_cards=["mysticism"])
    pay = ["grain"] * 3 + ["papyrus"] * 2 + ["hides"]
    assert cc.check_payment(g, p, ["music"], pay, 10) == (55, 45, False)
    with pytest.raises(IllegalOrder) as e:
        cc.check_payment(g, p, ["music"], pay, 9)
    assert e.value.rule == "31.2" and "1 short" in e.value.message
    # cards alone overpay Pottery (45 for 45): no treasury allowed on top
    with pytest.raises(IllegalOrder) as e:
        cc.check_payment(g, p, ["pottery"], pay, 1)
    assert e.value.rule == "31.41" and "0 tokens were enough" in e.value.message
    # 3 Grain (36) + treasury for Pottery 45: exactly 9 tokens
    assert cc.check_payment(g, p, ["pottery"], ["grain"] * 3, 9) == (45, 36, False)
    with pytest.raises(IllegalOrder) as e:
        cc.check_payment(g, p, ["pottery"], ["grain"] * 3, 10)
    assert "9 tokens were enough" in str(e.value)
    # cards may overpay: 3 Grain + 2 Papyrus (44) + Hides = 45... and all six for Pottery
    assert cc.check_payment(g, p, ["pottery"], pay, 0) == (45, 45, False)
    assert cc.check_payment(g, p, ["cloth_making"], ["grain"] * 3 + ["papyrus"] * 2, 1)[0] == 45


# ---- 31.5 Credits -------------------------------------------------------------------------------
@pytest.mark.rule("31.53", "31.54", "31.5")
def test_credits_from_earlier_turns_only_once_per_card():
    g, p = g_with(turn=4, civ_cards={"astronomy": 2, "pottery": 4})
    # Astronomy's 20 applies to Coinage and to Medicine, once each
    assert cc.credit(g, p, "coinage") == 20 and cc.credit(g, p, "medicine") == 20
    assert cc.due(g, p, ["coinage", "medicine"]) == 90 + 120
    # Pottery was bought this turn: no credit to Cloth Making yet
    assert cc.credit(g, p, "cloth_making") == 0
    assert cc.cost_after_credits(g, p, "cloth_making") == 45


@pytest.mark.rule("31.5", "31.51", "31.52", "31.54", "31.55", "32.1")
def test_credit_maxima_and_total_face_value():
    """The most credit each card can receive (the sum of every other card's credit to it,
    advciv-rules A.5), and the 24 cards' total face value 3,190."""
    from tests.helpers import game
    state, _ = position(nations=NATIONS, phase="over", turn=2,
                        players={"babylon": {"civ_cards": {}}})
    g = game(state)
    p = g.s.players[BABYLON]
    maxima = {"pottery": 60, "cloth_making": 60, "metalworking": 60, "agriculture": 60,
              "roadbuilding": 60, "mining": 60, "engineering": 140, "astronomy": 80,
              "coinage": 80, "medicine": 80, "mathematics": 120, "drama_and_poetry": 25,
              "music": 25, "architecture": 25, "mysticism": 25, "literacy": 40, "law": 55,
              "democracy": 125, "military": 20, "philosophy": 150, "deism": 15,
              "enlightenment": 80, "monotheism": 115, "theology": 150}
    for card, most in maxima.items():
        p.civ_cards = {c: 1 for c in g.d.civ_cards if c != card}  # all others, last turn
        assert cc.credit(g, p, card) == most, card
    assert sum(c.cost for c in g.d.civ_cards.values()) == 3190
    # the Democracy example of the rules: Drama and Poetry 10 + Architecture 10 + Literacy 25
    p.civ_cards = {"drama_and_poetry": 1, "architecture": 1, "literacy": 1, "law": 1}
    assert cc.cost_after_credits(g, p, "democracy") == 200 - 45


@pytest.mark.rule("31.55")
def test_dual_group_cards_take_and_give_both_groups_credits():
    g, p = g_with(civ_cards=["pottery", "astronomy"])
    assert cc.credit(g, p, "engineering") == 10 + 20  # crafts + sciences
    g2, p2 = g_with(civ_cards=["engineering"])
    assert cc.credit(g2, p2, "pottery") == 10 and cc.credit(g2, p2, "coinage") == 20


@pytest.mark.rule("31.551", "31.55")
def test_dual_group_cards_count_two_groups_for_epochs():
    from tresham.games.advciv.rules.ast import card_groups

    g, p = g_with(civ_cards=["engineering", "mysticism"])
    assert card_groups(g, "babylon") == {"crafts", "sciences", "religion", "arts"}


@pytest.mark.rule("31.57", "31.56")
def test_fully_credited_card_is_free_and_credits_always_apply():
    g, p = g_with(civ_cards=["pottery", "cloth_making", "metalworking", "agriculture",
                             "engineering"])
    assert cc.credit(g, p, "roadbuilding") == 50
    assert cc.cost_after_credits(g, p, "roadbuilding") == 90
    g2, p2 = g_with(civ_cards=["mathematics", "music", "engineering", "astronomy", "coinage",
                               "law"])
    # Philosophy 240: Mathematics 25 + Music 20 + Engineering 20 + Astronomy 20 + Coinage 20
    assert cc.credit(g2, p2, "philosophy") == 105
    g3, p3 = g_with(civ_cards=["drama_and_poetry", "music", "architecture", "literacy",
                               "mathematics", "mysticism", "deism"])
    # Enlightenment 150: 10+10+10+10+10 (Arts) + 15 Mysticism + 15 Deism = 80
    assert cc.cost_after_credits(g3, p3, "enlightenment") == 70
    g4, p4 = g_with(civ_cards=["drama_and_poetry", "music", "architecture", "literacy",
                               "mathematics"])
    # Mysticism 50 gets 5 from each of five Arts cards: 25 → 25 to pay
    assert cc.cost_after_credits(g4, p4, "mysticism") == 25
    g6, p6 = g_with(civ_cards=["engineering", "pottery", "cloth_making", "metalworking",
                               "agriculture", "roadbuilding", "mining"])
    # Monotheism receives 10 from each of the seven Crafts cards
    assert cc.credit(g6, p6, "monotheism") == 70
    g7, p7 = g_with(civ_cards=["drama_and_poetry", "music", "architecture", "literacy",
                               "mathematics", "mysticism"])
    # Mathematics gets 5 each from D&P, Music 20 (!), Architecture, Literacy, Mysticism
    assert cc.credit(g7, p7, "mathematics") == 5 + 20 + 5 + 5 + 5


@pytest.mark.rule("31.57")
def test_credit_above_cost_makes_card_free_not_negative():
    g, p = g_with(civ_cards=["drama_and_poetry", "music", "architecture", "literacy",
                             "mathematics", "mysticism", "deism"])
    assert cc.credit(g, p, "law") == 5 + 5 + 15 + 25 + 5  # 55; Mysticism gives none (Z-30)
    g2, p2 = g_with(civ_cards=["mysticism", "drama_and_poetry", "music", "architecture",
                               "literacy", "mathematics"])
    # Deism 80 only receives Mysticism's 15 (Religion)
    assert cc.cost_after_credits(g2, p2, "deism") == 65
    g3, p3 = g_with(civ_cards=["pottery", "cloth_making", "metalworking", "agriculture",
                               "engineering", "roadbuilding", "astronomy"])
    # Mining 180 - 60 crafts credits = 120
    assert cc.cost_after_credits(g3, p3, "mining") == 120
    # without Pottery, Pottery would get 50 > 45: the cost floors at 0
    p3.civ_cards.pop("pottery")
    assert cc.credit(g3, p3, "pottery") == 50
    assert cc.cost_after_credits(g3, p3, "pottery") == 0


# ---- 31.62 Prerequisites ------------------------------------------------------------------------
@pytest.mark.rule("32.253", "32.263", "32.313", "32.812", "32.823", "32.842", "32.932", "32.944",
                  "32.953", "31.62")
def test_prerequisites():
    d = load()
    pre = {c: d.civ_cards[c].prerequisite for c in d.civ_cards if d.civ_cards[c].prerequisite}
    assert pre == {"roadbuilding": "engineering", "mining": "engineering", "democracy": "law",
                   "philosophy": "law", "monotheism": "enlightenment", "theology": "enlightenment"}
    g, p = g_with(turn=3, civ_cards={"engineering": 2, "law": 3})
    assert cc.prerequisite_ok(g, p, "mining") and cc.prerequisite_ok(g, p, "roadbuilding")
    assert not cc.prerequisite_ok(g, p, "democracy")  # Law bought this very turn
    assert not cc.prerequisite_ok(g, p, "philosophy")
    assert not cc.prerequisite_ok(g, p, "theology")  # no Enlightenment at all
    assert cc.prerequisite_ok(g, p, "pottery")
    assert "monotheism" not in cc.buyable(g, p) and "democracy" not in cc.buyable(g, p)
    assert "engineering" not in cc.buyable(g, p)  # 31.61: owned
    assert "mining" in cc.buyable(g, p)


# ---- 32.261 Mining ------------------------------------------------------------------------------
@pytest.mark.rule("32.261", "28.53", "31.31")
def test_mining_examples():
    g, _ = g_with()
    assert cc.payment_value(g, ["iron"] * 3, False) == 18
    assert cc.payment_value(g, ["iron"] * 3, True) == 32
    assert cc.payment_value(g, ["gems"] * 2, False) == 32
    assert cc.payment_value(g, ["gems"] * 2, True) == 72
    assert cc.payment_value(g, ["bronze"] * 3, False) == 54
    assert cc.payment_value(g, ["bronze"] * 3, True) == 96
    # only one set is enlarged: 3 Bronze + 2 Gems = 54 + 32, best boost +42 (Bronze)
    assert cc.payment_value(g, ["bronze"] * 3 + ["gems"] * 2, True) == 96 + 32
    # never beyond the printed maximum: 5 Gold is already 225
    assert cc.payment_value(g, ["gold"] * 5, True) == 225
    # Z-29: a single card is a set of one: 1 Gold counts as 2 (36)
    assert cc.payment_value(g, ["gold"], True) == 36
    # Grain is not a Mining commodity
    assert cc.payment_value(g, ["grain"] * 3, True) == 36


@pytest.mark.rule("32.261", "28.53")
def test_mining_only_when_owned_and_once_per_turn():
    g, p = g_with(civ_cards=["engineering", "mining"], hand=["bronze"] * 3)
    assert cc.mining_available(p)
    assert cc.max_payment(g, p) == 96
    p.flags["mining_used"] = True
    assert not cc.mining_available(p)
    assert cc.max_payment(g, p) == 54
    g2, p2 = g_with(civ_cards=["engineering"], hand=["bronze"] * 3)
    assert cc.max_payment(g2, p2) == 54


@pytest.mark.rule("32.261", "28.53", "28.52")
def test_mining_skips_a_set_already_at_its_printed_maximum():
    """Mining never lifts a set above the printed maximum: with all 5 Gold (225) it boosts
    the Iron instead (3 Iron 18 -> 32)."""
    from tests.helpers import game
    state, _ = position(nations=NATIONS, phase="over",
                        players={"babylon": {"civ_cards": ["engineering", "mining"]}})
    g = game(state)
    assert cc.payment_value(g, ["gold"] * 5, True) == 225
    assert cc.payment_value(g, ["gold"] * 5 + ["iron"] * 3, True) == 225 + 32


# ---- SITE-ADV-08 The hand to keep, the cheapest cover -------------------------------------------
def test_take_is_a_multiset_difference():
    assert cc.take(["a", "b", "a", "c"], ["a", "c"]) == ["a", "b"]
    assert cc.take(["a"], ["a", "a"]) is None


@pytest.mark.site("SITE-ADV-08")
def test_best_kept_keeps_the_most_valuable_sets():
    g, _ = g_with()
    hand = ["grain"] * 3 + ["gold", "ivory", "ochre", "hides", "salt", "iron", "papyrus"]
    kept = cc.best_kept(g, hand, 8)
    # dropping two of the three 1-2 value singles costs least: 36 + 9 + 9 + 3 + 2 + ... kept
    assert len(kept) == 8 and kept.count("grain") == 3
    assert g.hand_value(kept) == 36 + 9 + 9 + 3 + 2 + 2  # gold, ivory, salt, iron, papyrus
    # a set beats a higher single: with room for 2 of (2 Timber, 1 Dye) keep... Timber 12 > Dye 8
    assert sorted(cc.best_kept(g, ["timber", "timber", "dye"], 2)) == ["timber", "timber"]


@pytest.mark.site("SITE-ADV-08")
def test_cheapest_cover():
    g, _ = g_with()
    hand = ["grain"] * 3 + ["ochre", "hides", "gold"]
    # at least 45 with at least 1 card: Grain x3 + Gold = 45 (36 + 9), or 3 Grain + ochre +
    # hides = 38 (too little); cheapest reaching 45 is 36 + 9 = 45
    pay = cc.cheapest_cover(g, hand, 45, 1, False)
    assert sorted(pay) == ["gold", "grain", "grain", "grain"]
    # with at least 5 cards the cheapest is 3 Grain + Gold + one 1-value card (46)
    assert g.hand_value(cc.cheapest_cover(g, hand, 45, 5, False)) == 46
    assert cc.cheapest_cover(g, hand, 100, 0, False) is None
    # Mining makes 1 Gold worth 36: 36 >= 30 with just one card
    assert cc.cheapest_cover(g, hand, 30, 1, True) == ["gold"]
