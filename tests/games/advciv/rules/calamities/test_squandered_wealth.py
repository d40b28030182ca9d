"""tresham/games/advciv/rules/calamities/squandered_wealth.py: Squandered Wealth (Expansion
Project 28.23)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import cal, cities, texts

EP = {"ep_minor": True}


def squander(treasury, civ=()):
    board = cities(["thebes"], "egypt", {"upper_egypt": 4})
    return cal(board, {"egypt": {"hand": ["squandered_wealth"], "treasury": treasury,
                                 "civ_cards": list(civ)}}, options=EP)


@pytest.mark.variant("CPCAL-28.231")
def test_squandered_wealth_returns_ten_treasury_tokens_to_stock():
    s0, _ = squander(0)
    stock0 = Context(s0).of("egypt").stock
    s, ev = squander(14)
    p = Context(s).of("egypt")
    assert p.treasury == 4 and p.stock == stock0 - 14 + 10
    assert "returns 10 treasury tokens to stock" in texts(ev)


@pytest.mark.variant("CPCAL-28.232")
@pytest.mark.parametrize("have", [0, 3, 9, 10])
def test_squandered_wealth_fewer_than_ten_returns_all(have):
    s, ev = squander(have)
    assert Context(s).of("egypt").treasury == 0
    assert f"returns {have} treasury tokens" in texts(ev)


@pytest.mark.variant("CPCAL-00c")
def test_squandered_wealth_no_advance_modifies_it():
    s, _ = squander(12, civ=["coinage", "law", "architecture", "democracy"])
    assert Context(s).of("egypt").treasury == 2
