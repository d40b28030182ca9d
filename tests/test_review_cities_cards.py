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

@pytest.mark.rule("26.1", "30.913", "29.65")
@pytest.mark.site("SITE-SURPLUS-01")
def test_barbarians_obey_limits_and_pirate_cities_need_no_support():
    """Barbarian tokens above an area's limit (and any in a city area) go like everyone's;
    a Pirate city needs no support and is never reduced (30.913)."""
    state, ev = position(nations=["asia", "assyria", "babylon", "egypt"], phase="surplus",
                         board={"ur": {"city": "pirates"},
                                "babylonia": {"tokens": {"barbarians": 6}},
                                "susa": {"city": "babylon", "tokens": {"barbarians": 2}},
                                "sumeria": {"tokens": {"babylon": 2}}},
                         players={"babylon": {"stock": 20}})
    assert state.board.cities.get("ur") == "pirates"
    assert state.board.tokens["babylonia"] == {"barbarians": 4}  # limit 4
    assert "barbarians" not in state.board.tokens.get("susa", {})
    assert "the Barbarians remove 4 surplus tokens to stock (Babylonia 2, Susa 2)." in texts(ev)
    assert state.board.cities.get("susa") == "babylon"  # 2 tokens support Babylon's city


# ---- messages name the areas -------------------------------------------------------------

@pytest.mark.rule("25.2", "26.31")
@pytest.mark.site("SITE-CITY-01")
def test_refusals_name_areas_readably():
    nations = ["asia", "assyria", "babylon", "egypt"]
    state, _ = position(nations=nations, phase="cities",
                        board={"ur": {"tokens": {"babylon": 6}},
                               "thebes": {"tokens": {"egypt": 6}}})
    e = refused(state, {"type": "toggle_city", "player": 2, "area": "susa"}, "25.2")
    assert e.message == "you cannot build a city in Susa; possible: Ur"
    board = {"ur": {"city": "babylon"}, "susa": {"city": "babylon"},
             "charax": {"city": "babylon"}, "babylonia": {"tokens": {"babylon": 4}},
             "sumeria": {"tokens": {"babylon": 1}}}
    state, _ = position(nations=nations, phase="surplus", board=board)
    e = refused(state, {"type": "reduce_cities", "player": 2, "areas": ["thebes"]}, "26.31")
    assert e.message == "you have no city in Thebes; your cities are Charax, Susa, Ur"


# ---- Architecture (25.3, 32.631) -----------------------------------------------------------

@pytest.mark.rule("25.3", "32.631", "26.2")
def test_architecture_is_not_blocked_by_another_players_ship():
    """Only another player's *tokens* or Barbarians forbid Architecture; a ship is not a
    token (26.2). Charax (white site): 3 on the board + 3 from treasury."""
    state, _ = position(nations=["asia", "assyria", "babylon", "egypt"], phase="cities",
                        board={"charax": {"tokens": {"babylon": 3}},
                               "thebes": {"tokens": {"egypt": 6}}},  # Egypt keeps it open
                        ships={"assyria": ["charax"]},
                        players={"babylon": {"civ_cards": ["architecture"], "treasury": 10}})
    d = {x.player: x for x in engine.pending(state)}[2]
    assert d.options["architecture"] == {"charax": 3}
    state, ev = play(state, {"type": "build_cities", "player": 2, "areas": [],
                             "architecture": "charax"})
    assert state.board.cities.get("charax") == "babylon"
    assert state.players[2].treasury == 7
    assert "with Architecture (3 tokens and 3 from treasury)" in texts(ev)


@pytest.mark.rule("26.41", "32.241", "26.32")
def test_reduction_plan_counts_agriculture_like_the_reduction_itself():
    """The reduction list is checked with the same token count the reduction places:
    Agriculture's extra token only where no other nation's tokens stand (32.241)."""
    from tresham.games.advciv.rules import support
    state, _ = position(nations=["asia", "assyria", "babylon", "egypt"], phase="over",
                        board={"ur": {"city": "babylon", "tokens": {"assyria": 1}},
                               "susa": {"city": "babylon"}},
                        players={"babylon": {"civ_cards": ["agriculture"], "stock": 20}})
    g = Game(state)
    limit_ur, limit_susa = g.areas["ur"].limit, g.areas["susa"].limit
    assert support.tokens_from_reduction(g, "babylon", "ur", 20) == limit_ur
    assert support.tokens_from_reduction(g, "babylon", "susa", 20) == limit_susa + 1
    assert g.reduce_city("ur") == limit_ur
    assert g.reduce_city("susa") == limit_susa + 1
