"""tresham/games/advciv/rules/census.py: the census (21), automatic (SITE-CENSUS-01)."""
import pytest

from tresham.games.advciv.context import Context

from tests.helpers import four_nations as pos, texts


# ---- 21.1, 21.2 Tokens counted, players ordered -------------------------------------------------
@pytest.mark.rule("21.1", "21.2")
@pytest.mark.site("SITE-CENSUS-01")
def test_census_counts_tokens_only_and_orders_players():
    board = {"thebes": {"tokens": {"egypt": 4}, "city": None}, "memphis": {"city": "egypt"},
             "ur": {"tokens": {"babylon": 4}}, "nineveh": {"tokens": {"assyria": 6}},
             "ankara": {"tokens": {"asia": 9}}}
    state, ev = pos(board, {"asia": {"civ_cards": ["military"]}}, phase="census",
                    ships={"egypt": ["tanis"]})
    g = Context(state)
    assert {p.nation: p.census for p in state.players} == {"egypt": 4, "babylon": 4, "assyria": 6, "asia": 10}
    # Asia is largest but holds Military: last; Babylon before Egypt on the tie (A.S.T. order)
    assert [p.nation for p in g.census_order()] == ["assyria", "babylon", "egypt", "asia"]
    assert "Census: Assyria 6, Babylon 4, Egypt 4, Asia 10." in texts(ev)
