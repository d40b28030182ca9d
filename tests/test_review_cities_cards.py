"""Review of city construction (25), surplus and city support (26) and civilization cards
(31, 32): bugs found by reading the rulebook against the code, and edge cases."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.phase import PHASES
from tresham.games.advciv.rules import civcards as cc

from tests.helpers import play, position, refused, texts

NATIONS = ["babylon", "egypt", "assyria", "asia"]
BABYLON, EGYPT = 0, 1
WAITING = {"hand": ["grain"] * 4}  # Egypt can afford Pottery: keeps the phase open


def adv(players, turn=1, options=None):
    """A position at the start of the advances phase (game ends after this turn)."""
    state, _ = position(nations=NATIONS, phase="over", turn=turn,
                        options={"turn_limit": turn, **(options or {})}, players=players)
    state.phase = "advances"
    g = Game(state)
    PHASES["advances"].start(g)
    engine._advance(g)
    g.sync()
    return state


def buy(seat, cards=(), pay=(), treasury=0, discard=()):
    return {"type": "buy", "player": seat, "cards": list(cards), "pay_cards": list(pay),
            "treasury": treasury, "discard": list(discard)}


# ---- Mining (32.261, 28.53) ----------------------------------------------------------------

@pytest.mark.rule("32.261", "28.53", "35.1")
def test_mining_not_spent_when_the_cards_already_cover_the_cost():
    """Mining "allows" a set to count one card larger, once a turn. When the handed-in
    cards already pay in full, Mining adds nothing and is not used: it may still raise
    the kept cards' value (final score) this turn."""
    hand = ["gems"] * 2 + ["gold"] * 2
    state = adv({"babylon": {"hand": hand, "civ_cards": ["engineering", "mining"]},
                 "egypt": WAITING})
    # Pottery 45 - Mining 10 - Engineering 10 = 25; 2 Gems = 32 pay it without Mining
    state, ev = play(state, buy(BABYLON, ["pottery"], ["gems"] * 2))
    p = state.players[BABYLON]
    assert "pottery" in p.civ_cards
    assert not p.flags.get("mining_used")
    assert "paid 32 in 2 trade cards" in texts(ev) and "Mining used" not in texts(ev)
    g = Game(state)
    # the kept 2 Gold count as 3 with Mining: 81, not 36
    assert g.score("babylon") - g.public_points("babylon") == 81


@pytest.mark.rule("32.261", "31.41")
def test_mining_is_optional_when_treasury_makes_up_the_rest():
    """The holder may pay the rest from treasury instead of using Mining (keeping it for
    the kept hand); the treasury must then be exactly what the plain cards leave owed.
    Without Mining: 3 Bronze 54 + 6 treasury = 60 Music; with it 96 covers alone."""
    hand = ["bronze"] * 3 + ["gold"] * 2
    players = {"babylon": {"hand": hand, "treasury": 10,
                           "civ_cards": ["engineering", "mining"]}, "egypt": WAITING}
    state = adv(players)
    e = refused(state, buy(BABYLON, ["music"], ["bronze"] * 3, 7), "31.41")
    assert "6" in e.message
    e = refused(state, buy(BABYLON, ["music"], ["bronze"] * 3, 3), "31.41")
    state2, ev = play(state, buy(BABYLON, ["music"], ["bronze"] * 3, 6))
    p = state2.players[BABYLON]
    assert p.treasury == 4 and not p.flags.get("mining_used")
    assert Game(state2).score("babylon") - Game(state2).public_points("babylon") == 81
    # with no treasury, Mining makes up the rest and is used
    state3, ev = play(state, buy(BABYLON, ["music"], ["bronze"] * 3, 0))
    p = state3.players[BABYLON]
    assert p.treasury == 10 and p.flags["mining_used"] is True
    assert "paid 96 in 3 trade cards and 0 treasury tokens, Mining used" in texts(ev)


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


# ---- credits table (31.5, 32) ------------------------------------------------------------

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


# ---- surplus, Barbarians and Pirates (26.1, 29.65, 30.913) ------------------------------

# ---- messages name the areas -------------------------------------------------------------

# ---- Architecture (25.3, 32.631) -----------------------------------------------------------

