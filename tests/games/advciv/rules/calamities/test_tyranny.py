"""tresham/games/advciv/rules/calamities/tyranny.py: Tyranny (Expansion Project 28.81, seed 002)."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities.base import EFFECTS
from tresham.rng import Rng

from tests.helpers import begin_effect as begin, cities, effect_order as do, owed, play, position, refused, texts

N = ["egypt", "africa", "babylon", "assyria", "crete", "thrace"]
EGYPT, AFRICA, BABYLON, ASSYRIA, CRETE, THRACE = range(6)


LATER = {"ep_major": True, "ep_later_modifiers": True}  # the later text's substitutions (SITE-SAFE-12)


def tyranny(board, players=None, options=None):
    players = {k: dict(v) for k, v in (players or {}).items()}
    players.setdefault("thrace", {}).setdefault("hand", ["gold"] * 5)
    players.setdefault("egypt", {}).setdefault("hand", ["tyranny"])
    return position(nations=N, phase="calamities", board=board, players=players,
                    options=options or {"ep_major": True})


def example_board():
    """28.813's example: Egypt has four cities; Africa borders Western Desert (3 tokens)."""
    b = cities(["alexandria", "memphis", "thebes", "tanis"], "egypt", {"western_desert": 3})
    b["cyrenaica"] = {"tokens": {"africa": 2}}
    return b


def st(n, board_tokens):
    """``n`` tokens in stock, the rest of the 55 (less those on the board) in treasury (5.1)."""
    return {"stock": n, "treasury": 55 - n - board_tokens}


def annex(seat, tokens=None, cities_=None):
    return {"type": "tyranny_annex", "player": seat, "tokens": tokens or {}, "cities": cities_ or []}


# ---- 28.811 / 28.817 eligibility --------------------------------------------------------------
@pytest.mark.variant("CPCAL-28.811")
def test_tyranny_only_land_neighbours_may_benefit():
    b = example_board()
    b["knossos"] = {"city": "crete"}  # across the sea only
    s, ev = tyranny(b, {"africa": st(10, 2), "crete": st(50, 0)})
    d = owed(s)[0]
    assert (d.player, d.kind) == (AFRICA, "tyranny_annex")
    assert "Africa (55 unit points in stock) is the beneficiary" in texts(ev)


@pytest.mark.variant("CPCAL-28.817")
def test_tyranny_without_a_land_border_has_no_effect():
    b = cities(["alexandria", "memphis"], "egypt", {"western_desert": 2})
    b["knossos"] = {"city": "crete"}
    s, ev = tyranny(b)
    assert "no effect (28.817)" in texts(ev)
    assert Context(s).cities_of("egypt") == ["alexandria", "memphis"]
    assert not [d for d in owed(s) if d.kind in ("tyranny_annex", "calamity_choice")]


# ---- 28.812 the beneficiary ---------------------------------------------------------------------
@pytest.mark.variant("CPCAL-28.812")
def test_tyranny_beneficiary_has_most_unit_points_in_stock_tokens_1_cities_5():
    b = example_board()
    b["sinai"] = {"tokens": {"assyria": 1}}  # borders Tanis
    b.update(cities(["tyre", "sidon"], "assyria", {"phoenicia": 4}))
    # Africa 30 tokens + 9 cities = 75; Assyria 40 tokens + 7 cities = 75 -> tie; 41 -> Assyria
    s, _ = tyranny(b, {"africa": st(30, 2), "assyria": st(41, 5)})
    assert owed(s)[0].player == ASSYRIA and owed(s)[0].kind == "tyranny_annex"
    s, _ = tyranny(b, {"africa": st(30, 2), "assyria": st(40, 5)})
    d = owed(s)[0]
    assert (d.player, d.kind) == (EGYPT, "calamity_choice")
    assert d.options["choices"] == ["africa", "assyria"]
    refused(s, {"type": "calamity_choice", "player": EGYPT, "choice": "babylon"}, "28.812")
    s2, _ = play(s, {"type": "calamity_choice", "player": EGYPT, "choice": "assyria"})
    assert owed(s2)[0].player == ASSYRIA
    s3, ev = play(s, {"type": "timeout", "player": EGYPT})  # default: first in A.S.T. order
    assert owed(s3)[0].player == AFRICA and "A.S.T. order" in texts(ev)


# ---- 28.813 annexation --------------------------------------------------------------------------
@pytest.mark.variant("CPCAL-28.813")
def test_tyranny_worked_example_three_tokens_then_a_city_next_to_them():
    s, ev = tyranny(example_board())
    d = owed(s)[0]
    assert d.options["points"] == 8  # 4 cities x 2
    e = refused(s, annex(AFRICA, cities_=["alexandria"]), "28.813")
    assert "out of reach" in e.message  # Alexandria only borders Africa once Western Desert is won
    e = refused(s, annex(AFRICA, {"western_desert": 3}), "28.813")
    assert "5 unit points are left" in e.message
    refused(s, annex(AFRICA, {"western_desert": 3}, ["alexandria", "memphis"]), "28.813")  # 13 > 8
    refused(s, annex(EGYPT, {"western_desert": 3}, ["alexandria"]), "29.6")
    s2, ev = play(s, annex(AFRICA, {"western_desert": 3}, ["alexandria"]))
    g = Context(s2)
    assert g.tokens("western_desert", "africa") == 3 and g.tokens("western_desert", "egypt") == 0
    assert s2.board.cities["alexandria"] == "africa" and g.cities_of("egypt") == ["memphis", "tanis", "thebes"]
    assert "Egypt's city in Alexandria becomes Africa's" in texts(ev)
    assert "Africa has annexed 8 of Egypt's unit points" in texts(ev)


@pytest.mark.variant("CPCAL-28.813")
@pytest.mark.site("SITE-CAL-05")
def test_tyranny_timeouts_and_samples_annex_legally():
    for seed in range(6):
        s, _ = tyranny(example_board())
        s.rng = seed
        s2, _ = play(s, {"type": "timeout", "player": AFRICA})
        g = Context(s2)
        won = g.unit_points_on_board("africa") - 2
        assert won == 8  # Western Desert (3) and a city, or Alexandria... always 8 reachable here
        assert not [d for d in owed(s2) if d.kind == "tyranny_annex"]
    s = tyranny(example_board())[0]
    g, ctx = begin(s, "tyranny", "egypt")
    for seed in range(6):
        o = EFFECTS["tyranny"].sample(g, ctx, AFRICA, Rng(seed))
        from tresham.games.advciv.rules.calamities.tyranny import check_annex
        check_annex(g, ctx, o.tokens, o.cities)


# ---- 28.814 Sculpture: no Advanced Civilization card, so by default no modifier (seed 002) --------
def five_cities():
    """Egypt with five cities; Africa borders the Western Desert (3 tokens)."""
    b = cities(["alexandria", "memphis", "thebes", "tanis", "gaza"], "egypt", {"western_desert": 3})
    b["cyrenaica"] = {"tokens": {"africa": 2}}
    return b


@pytest.mark.variant("CPCAL-28.814")
@pytest.mark.site("SITE-SAFE-12")
def test_tyranny_by_default_military_and_democracy_do_not_protect_the_victim():
    """Seed 002 names Sculpture, which Advanced Civilization lacks: a victim holding Military
    and Democracy loses 2 per city like anyone (5 cities: 10 unit points)."""
    for cards in (["democracy"], ["military"], ["military", "democracy"]):
        s, ev = tyranny(five_cities(), {"egypt": {"civ_cards": cards}})
        d = [d for d in owed(s) if d.player == AFRICA][0]
        assert (d.kind, d.options["points"]) == ("tyranny_annex", 10)
        assert "annexes 10 of Egypt's unit points (2 per city, 28.813)." in texts(ev)


# ---- 28.814 Sculpture -> Military -5, Democracy -10 (ruling EPC-4, option) -----------------------
@pytest.mark.variant("CPCAL-28.814")
@pytest.mark.site("SITE-SAFE-12")
def test_tyranny_military_and_democracy_protect_the_victim():
    s, _ = tyranny(example_board(), {"egypt": {"civ_cards": ["military"]}}, options=LATER)
    assert owed(s)[0].options["points"] == 3  # 8 - 5
    s, _ = tyranny(example_board(), {"egypt": {"civ_cards": ["democracy"]}}, options=LATER)
    assert not [d for d in owed(s) if d.player == AFRICA]  # 8 - 10: nothing annexed
    s, ev = tyranny(example_board(), {"egypt": {"civ_cards": ["military", "democracy"]}}, options=LATER)
    assert "annexes 0 of Egypt's unit points" in texts(ev)
    assert "Military (28.814, ruling EPC-4) and Democracy (28.814, ruling EPC-4)" in texts(ev)
    # the case: Democracy with five cities, 10 - 10: nothing is annexed
    s, ev = tyranny(five_cities(), {"egypt": {"civ_cards": ["democracy"]}}, options=LATER)
    assert not [d for d in owed(s) if d.player == AFRICA]
    assert "annexes 0 of Egypt's unit points" in texts(ev) and Context(s).cities_of("egypt") == \
        ["alexandria", "gaza", "memphis", "tanis", "thebes"]


# ---- 28.815 Monarchy, Provincial Empire: no Advanced Civilization card (EPC-5) --------------------
@pytest.mark.variant("CPCAL-28.815")
def test_tyranny_no_advciv_card_adds_annexed_points():
    cards = ["pottery", "cloth_making", "metalworking", "agriculture", "roadbuilding", "mining",
             "engineering", "astronomy", "coinage", "medicine", "mathematics", "drama_and_poetry",
             "music", "architecture", "literacy", "law", "philosophy", "mysticism", "deism",
             "enlightenment", "monotheism", "theology"]
    s, _ = tyranny(example_board(), {"egypt": {"civ_cards": cards}})
    assert owed(s)[0].options["points"] == 8


# ---- 28.816 out of units / points: over, no reduction to make change -------------------------------
@pytest.mark.variant("CPCAL-28.816")
def test_tyranny_ends_when_the_beneficiary_cannot_annex_more():
    # Africa borders only cities of Egypt and has no city left in stock: it gains nothing
    b = cities(["alexandria", "memphis"], "egypt", {"upper_egypt": 4})
    b.update(cities(["cyrene", "cyrenaica", "tripoli", "libya", "jalo", "tripolitania", "thapsus",
                     "carthage", "numidia"], "africa"))
    b["western_desert"] = {"tokens": {"africa": 2}}
    s, ev = tyranny(b, {"africa": st(40, 2)})
    assert "Africa has annexed 0 of Egypt's unit points" in texts(ev)
    assert Context(s).cities_of("egypt") == ["alexandria", "memphis"]
    # 4 points left and only a city in reach: no city is reduced to make change
    b = cities(["alexandria", "memphis"], "egypt", {"upper_egypt": 4})
    b["western_desert"] = {"tokens": {"africa": 2}}
    s, ev = tyranny(b)
    assert "annexed 0" in texts(ev) and "nothing more could be annexed" in texts(ev)
    assert Context(s).cities_of("egypt") == ["alexandria", "memphis"]


@pytest.mark.variant("CPCAL-28.816")
def test_tyranny_beneficiary_short_of_stock_annexes_what_he_can():
    s, _ = tyranny(example_board(), {"africa": st(2, 2)})
    e = refused(s, annex(AFRICA, {"western_desert": 3}), "28.816")
    assert "2 tokens in stock" in e.message
    s2, ev = play(s, annex(AFRICA, {"western_desert": 2}))
    assert Context(s2).tokens("western_desert", "egypt") == 1 and Context(s2).tokens("western_desert", "africa") == 2
    assert "nothing more could be annexed" in texts(ev)
