"""tresham/games/advciv/rules/calamities/banditry.py: Banditry (Expansion Project 28.93)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import ASIA, BABYLON, EGYPT, cal, cities, owed, play, refused, texts, told

EP = {"ep_minor": True}
THREE = ["thebes", "memphis", "tanis"]
HAND = ["hides", "ochre", "papyrus", "salt", "wine"]  # 1 + 1 + 2 + 3 + 5


def bandits(hand=HAND, trader=None, towns=THREE, civ=()):
    board = cities(towns, "egypt", {"upper_egypt": 6, "sinai": 6})
    board["mesopotamia"] = {"tokens": {"babylon": 4}}
    egypt = {"hand": ["banditry"] + list(hand), "civ_cards": list(civ)}
    if trader:
        egypt["flags"] = {"calamity_from": {"banditry": trader}}
    return cal(board, {"egypt": egypt, "babylon": {"hand": ["iron"]}}, options=EP)


# ---- 28.931 One face point per city, given to the trader --------------------------------------
@pytest.mark.variant("CPCAL-28.931")
def test_banditry_cards_worth_a_point_per_city_go_to_the_trader():
    s, ev = bandits(trader="babylon")
    d = owed(s)[0]
    assert (d.player, d.kind) == (EGYPT, "calamity_cards")
    assert d.options == {"points": 3, "hand": sorted(HAND)}  # three cities: 3 face points
    refused(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["hides", "ochre"]}, "28.93")
    refused(s, {"type": "calamity_cards", "player": BABYLON, "cards": ["iron"]}, "29.6")
    s2, ev2 = play(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ochre", "papyrus"]})
    g = Context(s2)
    assert sorted(g.of("egypt").hand) == ["hides", "salt", "wine"]
    assert sorted(g.of("babylon").hand) == ["iron", "ochre", "papyrus"]
    assert "gives 2 commodity cards worth 3 points (face value) to Babylon" in texts(ev2)
    assert "ochre" not in s2.set_aside and "papyrus" not in s2.set_aside
    private = [e for e in ev2 if e.kind == "calamity_cards_private"]
    assert private and private[0].to == sorted([EGYPT, BABYLON])


@pytest.mark.variant("CPCAL-28.931")
@pytest.mark.rule("28.3")
@pytest.mark.site("SITE-SAFE-05")
def test_the_trader_of_banditry_is_public_once_the_victim_hands_him_the_cards():
    """The cards go to the trader across the table: from then on everyone knows who traded
    Banditry; while Egypt chooses them, only Egypt and Babylon know."""
    s, ev = bandits(trader="babylon")
    assert "babylon" not in told(ev, ASIA) and "banditry was traded to egypt by babylon" in told(ev, EGYPT)
    s2, ev2 = play(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["ochre", "papyrus"]})
    public = [e.text for e in ev2 if e.to is None]
    assert public.index("Banditry was traded to Egypt by Babylon, who receives the cards (28.931).") < \
        public.index("Banditry: Egypt gives 2 commodity cards worth 3 points (face value) to Babylon.")


@pytest.mark.variant("CPCAL-28.931")
def test_banditry_default_gives_the_cheapest_cards():
    s, _ = bandits(trader="babylon")
    s2, _ = play(s, {"type": "timeout", "player": EGYPT})
    # 3 points: Salt alone (one card) before Hides + Papyrus (two)
    assert sorted(Context(s2).of("babylon").hand) == ["iron", "salt"]


@pytest.mark.variant("CPCAL-28.931", "CPCAL-00c")
def test_banditry_is_not_modified_by_advances():
    """CPCAL-00c: the Expansion Project's later Theology and Law modifiers do not apply."""
    s, _ = bandits(trader="babylon", towns=THREE + ["buhen", "gaza", "jerusalem"], civ=["law", "theology"])
    assert owed(s)[0].options["points"] == 6


@pytest.mark.variant("CPCAL-28.931")
def test_banditry_short_hand_gives_everything_and_no_city_no_effect():
    s, ev = bandits(hand=["hides", "ochre"], trader="babylon")
    assert not any(d.kind == "calamity_cards" for d in owed(s))
    assert Context(s).of("egypt").hand == [] and sorted(Context(s).of("babylon").hand) == ["hides", "iron", "ochre"]
    board = {"upper_egypt": {"tokens": {"egypt": 4}}}
    s, ev = cal(board, {"egypt": {"hand": ["banditry", "wine"]}}, options=EP)
    assert "loses no card" in texts(ev) and Context(s).of("egypt").hand == ["wine"]


# ---- 28.932 Untraded: discarded, restacked after the acquisition phase -------------------------
@pytest.mark.variant("CPCAL-28.932")
def test_banditry_untraded_discards_the_cards():
    s, _ = bandits()
    s2, ev = play(s, {"type": "calamity_cards", "player": EGYPT, "cards": ["wine"]})
    g = Context(s2)
    assert sorted(g.of("egypt").hand) == ["hides", "ochre", "papyrus", "salt"]
    assert g.of("babylon").hand == ["iron"]
    assert sorted(s2.set_aside) == ["banditry", "wine"]
    assert "discards 1 commodity cards worth 5 points" in texts(ev)
    while s2.phase == "advances":
        s2, _ = play(s2, {"type": "timeout", "player": owed(s2)[0].player})
    assert s2.set_aside == [] and "wine" in s2.stacks[4]
