"""tresham/games/advciv/rules/calamities/corruption.py: Corruption (Expansion Project 28.71),
and the shared ``calamity_cards`` decision (also Banditry's)."""
import random

import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.games.advciv.rules.calamities.corruption import cheapest_cards, random_cards

from tests.helpers import EGYPT, cal, cities, owed, play, refused, texts

EP = {"ep_major": True}
HAND = ["ivory", "grain", "grain", "hides", "ochre", "salt", "wine"]  # 9+4+4+1+1+3+5 = 27


def corrupt(hand, civ=(), board=None):
    board = board or cities(["thebes", "memphis"], "egypt", {"upper_egypt": 4})
    return cal(board, {"egypt": {"hand": ["corruption"] + list(hand), "civ_cards": list(civ)}},
               options=EP)


# ---- 28.711 At least 10 face-value points, his choice; restacked after acquisition ----------
@pytest.mark.variant("CPCAL-28.711")
def test_corruption_discards_ten_face_value_points_of_his_choice():
    s, ev = corrupt(HAND)
    d = owed(s)[0]
    assert (d.player, d.kind) == (EGYPT, "calamity_cards")
    assert d.options == {"points": 10, "hand": sorted(HAND)}
    assert "at least 10 points" in texts(ev)
    # 9 points are too few; cards not held are refused; calamities/other cards not commodities
    refused(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ivory"]}, "28.71")
    refused(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ivory", "ivory"]}, "28.71")
    refused(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["dye", "hides"]}, "28.71")
    # face value, not set value: two Grain are 8 points (not 4 x 2^2 = 16), so 8 + 1 is short
    refused(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["grain", "grain", "ochre"]}, "28.71")
    # "10 or more": 9 + 4 = 13 is accepted
    s2, ev2 = play(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ivory", "grain"]})
    p = Context(s2).of("egypt")
    assert sorted(p.hand) == ["grain", "hides", "ochre", "salt", "wine"]
    assert "discards 2 commodity cards worth 13 points" in texts(ev2)
    # set aside with the revealed Corruption, restacked after the acquisition phase (31.8)
    assert sorted(s2.set_aside) == ["corruption", "grain", "ivory"]


@pytest.mark.variant("CPCAL-28.711")
def test_corruption_discarded_cards_are_restacked_after_the_acquisition_phase():
    s, _ = corrupt(HAND)
    s, _ = play(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ivory", "ochre"]})
    assert s.phase == "advances" and "ivory" in s.set_aside
    before = [list(st) for st in s.stacks]
    while s.phase == "advances":
        seat = next(d.player for d in owed(s))
        s, _ = play(s, {"type": "timeout", "player": seat})
    assert "ivory" not in s.set_aside and "corruption" not in s.set_aside
    assert sum(st.count("ivory") for st in s.stacks) == sum(st.count("ivory") for st in before) + 1
    assert "corruption" in s.stacks[6]


@pytest.mark.variant("CPCAL-28.711")
def test_corruption_names_of_the_cards_only_to_the_victim():
    s, _ = corrupt(HAND)
    _, ev = play(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ivory", "ochre"]})
    private = [e for e in ev if e.kind == "calamity_cards_private"]
    assert private and all(e.to == [EGYPT] for e in private)
    public = [e for e in ev if e.kind == "calamity_cards"]
    assert public and "Ivory" not in public[0].text


@pytest.mark.variant("CPCAL-28.711")
def test_corruption_default_is_the_cheapest_cards_reaching_ten():
    s, _ = corrupt(HAND)
    s2, _ = play(s, {"type": "timeout", "player": EGYPT})
    # cheapest total >= 10: exactly 10 in the fewest cards, the cheapest first:
    # Ivory 9 + Hides 1 (Hides before Ochre by id), not Wine 5 + Grain 4 + Hides 1
    assert sorted(Context(s2).of("egypt").hand) == ["grain", "grain", "ochre", "salt", "wine"]


def test_cheapest_cards_exact_totals_and_fewest_cards():
    s, _ = corrupt(HAND)
    g = Context(s)
    assert cheapest_cards(g, ["ivory", "ochre", "hides"], 10) == ["hides", "ivory"]
    # 11 is the least total reachable: Gems + Salt (2 cards) before Salt + Salt + Wine (3)
    assert cheapest_cards(g, ["ivory", "gems", "salt", "salt", "wine"], 10) == ["gems", "salt"]
    assert cheapest_cards(g, ["gems", "gems"], 10) == ["gems", "gems"]
    assert cheapest_cards(g, ["ivory", "ivory", "ivory"], 5) == ["ivory"]


def test_sample_and_random_cards_are_legal():
    s, _ = corrupt(HAND)
    g = Context(s)
    rng = random.Random(3)
    for _ in range(30):
        cards = random_cards(sorted(HAND), 10, g, rng)
        assert sum(g.d.commodities[c].value for c in cards) >= 10
    ctx = s.step["current"]
    o = EFFECTS["corruption"].sample(g, ctx, EGYPT, rng)
    s2, _ = play(s, {"type": "calamity_cards", "player": EGYPT, "cards": list(o.cards)})
    assert s2.phase == "advances"


# ---- 28.712 Coinage +5, 28.713 Law -5 ----------------------------------------------------
@pytest.mark.variant("CPCAL-28.712", "CPCAL-28.713")
@pytest.mark.parametrize("civ,points", [([], 10), (["coinage"], 15), (["law"], 5), (["coinage", "law"], 10)])
def test_corruption_coinage_and_law(civ, points):
    s, _ = corrupt(HAND, civ)
    assert owed(s)[0].options["points"] == points
    s2, _ = play(s, {"type": "timeout", "player": EGYPT})
    g = Context(s2)
    left = sum(g.d.commodities[c].value for c in g.of("egypt").hand)
    assert 27 - left >= points


@pytest.mark.variant("CPCAL-28.712")
def test_corruption_with_coinage_fourteen_points_are_too_few():
    s, _ = corrupt(HAND, ["coinage"])
    refused(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ivory", "ochre", "salt", "hides"]}, "28.71")
    s2, _ = play(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ivory", "wine", "ochre"]})
    assert s2.phase == "advances"


# ---- 28.714 Short of the points: the whole hand ---------------------------------------------
@pytest.mark.variant("CPCAL-28.714")
@pytest.mark.parametrize("hand", [["ivory"], ["grain", "salt", "hides", "papyrus"], ["wine", "wine"]])
def test_corruption_short_or_exact_discards_the_whole_hand_without_asking(hand):
    s, ev = corrupt(hand)
    assert not any(d.kind == "calamity_cards" for d in owed(s))
    assert Context(s).of("egypt").hand == []
    assert "entire hand" in texts(ev)
    assert sorted(s.set_aside) == sorted(["corruption"] + hand)


@pytest.mark.variant("CPCAL-28.714")
def test_corruption_with_no_commodity_card_has_no_effect():
    s, ev = corrupt([])
    assert "loses no card" in texts(ev) and s.phase == "advances"


@pytest.mark.variant("CPCAL-28.711")
def test_corruption_is_only_in_play_with_the_option():
    """A position holding Corruption in a game without the major calamities is refused,
    naming the option; the same position with the option strikes Egypt."""
    from tresham.games.advciv.position import ScenarioError

    board = cities(["thebes", "memphis"], "egypt", {"upper_egypt": 4})
    with pytest.raises(ScenarioError, match="corruption is not in this game: its option ep_major is off"):
        cal(board, {"egypt": {"hand": ["corruption", "grain", "ivory"]}})
    s, ev = cal(board, {"egypt": {"hand": ["corruption", "grain", "ivory"]}}, options=EP)
    assert "Corruption strikes Egypt." in texts(ev)


@pytest.mark.variant("CPCAL-28.711")
def test_the_calamity_cards_form_gives_the_order():
    """The game page's form: counts over the victim's own commodity cards, posted as an order."""
    from tresham.games import registry
    R = registry.get("advciv")
    s, _ = corrupt(HAND)
    forms = R.order_forms(s, EGYPT)
    f = next(f for f in forms if f.id.startswith("calamity_cards"))
    field = f.fields[0]
    assert field.kind == "counts"
    assert {c.value: c.max for c in field.choices} == {"grain": 2, "hides": 1, "ivory": 1, "ochre": 1,
                                                       "salt": 1, "wine": 1}
    order = R.form_order(s, EGYPT, f.id, {"cards": {"ivory": 1, "ochre": 1}})
    assert order == {"type": "calamity_cards", "player": EGYPT, "cards": ["ivory", "ochre"]}
    s2, _ = play(s, order)
    assert sorted(Context(s2).of("egypt").hand) == ["grain", "grain", "hides", "salt", "wine"]
