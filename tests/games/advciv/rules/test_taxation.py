"""tresham/games/advciv/rules/taxation.py: taxation and tax revolts (19), Coinage (32.421) and
Democracy (32.821), the site's tax pages (SITE-TAX-*)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.taxation import revolting
from tresham.rng import Rng

from tests.helpers import FOUR_NATIONS as NATIONS, four_nations as pos, play, refused, texts


TWO_EGYPT_CITIES = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}


# ---- 19.1 Two tokens per city -------------------------------------------------------------------
@pytest.mark.rule("19.1")
@pytest.mark.site("SITE-TAX-01")
def test_two_tokens_per_city_paid_automatically():
    state, ev = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                    {"egypt": {"stock": 10, "treasury": 1}}, options={"tokens": 11})
    p = state.player("egypt")
    assert (p.stock, p.treasury) == (6, 5)
    assert state.phase != "tax"  # no decision was needed
    assert "Egypt pays 4 tokens in tax" in texts(ev)


@pytest.mark.rule("19.1")
def test_no_tax_without_cities_and_treasury_only_from_tax():
    state, ev = pos({"buhen": {"tokens": {"egypt": 3}}}, {"egypt": {"stock": 10, "treasury": 0}},
                    options={"tokens": 13})
    assert state.player("egypt").treasury == 0
    assert "tax" not in [e.kind for e in ev]


# ---- 19.2 Coinage: a rate of 1, 2 or 3 per city -------------------------------------------------
@pytest.mark.rule("19.2", "32.421")
@pytest.mark.site("SITE-TAX-02")
def test_coinage_rate_three():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 10, "civ_cards": ["coinage"]}}, options={"tokens": 10})
    assert state.phase == "tax"
    d = engine.pending(state)
    assert [(x.player, x.kind) for x in d] == [(0, "tax_rate")]
    state, _ = play(state, {"type": "tax_rate", "player": 0, "rate": 3})
    assert state.player("egypt").treasury == 6 and state.player("egypt").stock == 4


@pytest.mark.rule("19.2")
def test_coinage_rate_one_and_bad_rate_refused():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 10, "civ_cards": ["coinage"]}}, options={"tokens": 10})
    refused(state, {"type": "tax_rate", "player": 0, "rate": 4}, "19.2")
    refused(state, {"type": "tax_rate", "player": 1, "rate": 1}, "19.2")  # Babylon has no Coinage
    state, _ = play(state, {"type": "tax_rate", "player": 0, "rate": 1})
    assert state.player("egypt").treasury == 2


@pytest.mark.rule("19.2", "19.31")
def test_coinage_holder_may_choose_a_rate_that_causes_revolt():
    # A game of 20 tokens: Egypt's other 15 stand in Siwa (taxes are paid from stock only, 19.1)
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"},
                    "siwa": {"tokens": {"egypt": 15}}},
                   {"egypt": {"stock": 5, "civ_cards": ["coinage"]}, "babylon": {"stock": 20}},
                   options={"tokens": 20})
    state, ev = play(state, {"type": "tax_rate", "player": 0, "rate": 3})
    # 9 owed, 5 in stock: ceil(4/3) = 2 revolt; one loyal city pays 3
    assert state.player("egypt").treasury == 3 and state.player("egypt").stock == 2
    assert engine.pending(state)[0].player == 1 and engine.pending(state)[0].options["count"] == 2


@pytest.mark.rule("19.2", "19.31")
@pytest.mark.site("SITE-TAX-02")
def test_coinage_with_empty_stock_has_no_choice_and_is_not_asked():
    """Stock 0: every rate makes both cities revolt, so there is nothing to choose."""
    state, ev = pos(TWO_EGYPT_CITIES, {"egypt": {"stock": 0, "treasury": 20, "civ_cards": ["coinage"]},
                                       "babylon": {"stock": 20}}, options={"tokens": 20})
    assert not [d for d in engine.pending(state) if d.kind == "tax_rate"]
    g = Context(state)
    assert g.cities_of("egypt") == [] and len(g.cities_of("babylon")) == 2


@pytest.mark.rule("19.2", "19.34")
@pytest.mark.site("SITE-TAX-02")
def test_coinage_democracy_with_stock_below_cities_is_not_asked():
    """Democracy + Coinage, 1 token in stock and 2 cities: every rate pays exactly 1."""
    state, ev = pos(TWO_EGYPT_CITIES, {"egypt": {"stock": 1, "civ_cards": ["coinage", "democracy"]}},
                    options={"tokens": 1})
    assert not [d for d in engine.pending(state) if d.kind == "tax_rate"]
    p = state.player("egypt")
    assert (p.stock, p.treasury) == (0, 1)
    assert len(Context(state).cities_of("egypt")) == 2


@pytest.mark.rule("19.2")
@pytest.mark.site("SITE-TAX-02")
def test_coinage_rate_is_secret_until_everyone_has_chosen():
    """Rates are chosen at the same time; a rate is told only to its chooser until all are in."""
    board = {**TWO_EGYPT_CITIES, "ur": {"city": "babylon"}}
    state, _ = pos(board, {"egypt": {"stock": 10, "civ_cards": ["coinage"]},
                           "babylon": {"stock": 10, "civ_cards": ["coinage"]}}, options={"tokens": 10})
    state, ev = play(state, {"type": "tax_rate", "player": 0, "rate": 3})
    rate_events = [e for e in ev if e.kind == "tax_rate"]
    assert rate_events and all(e.to == [0] for e in rate_events)
    state, ev = play(state, {"type": "tax_rate", "player": 1, "rate": 1})
    assert "Egypt pays 6 tokens in tax (3 per city for 2 cities)." in texts(ev)


@pytest.mark.site("SITE-TAX-02", "SITE-TIME-04")
def test_coinage_timeout_default_two_or_one():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 10, "civ_cards": ["coinage"]}}, options={"tokens": 10})
    s2, _ = play(state, engine.default(state, 0))
    assert s2.player("egypt").treasury == 4
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 3, "civ_cards": ["coinage"]}}, options={"tokens": 3})
    s2, _ = play(state, engine.default(state, 0))
    assert s2.player("egypt").treasury == 2 and s2.player("egypt").stock == 1  # 1 per city, no revolt
    assert s2.board.cities == {"thebes": "egypt", "memphis": "egypt"}


# ---- 19.3, 19.31 Revolts: the cities that cannot be paid ----------------------------------------
@pytest.mark.rule("19.3", "19.31", "19.32", "18.3")
@pytest.mark.site("SITE-TAX-03", "SITE-TAX-04")
def test_revolt_beneficiary_chooses_cities():
    # A game of 30 tokens: Egypt's and Babylon's other tokens stand in Siwa and Elam (taxes are
    # paid from stock only, 19.1), Asia's are in treasury (not units in stock, 19.32)
    state, ev = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"},
                     "ur": {"city": "babylon"}, "siwa": {"tokens": {"egypt": 27}},
                     "elam": {"tokens": {"babylon": 10}}},
                    {"egypt": {"stock": 3}, "babylon": {"stock": 20}, "assyria": {"stock": 30},
                     "asia": {"stock": 12, "treasury": 17}}, options={"tokens": 30})
    # 6 owed, 3 in stock: ceil(3/2) = 2 cities revolt; the loyal city pays 2, 1 stays in stock (Z-23)
    eg = state.player("egypt")
    assert (eg.treasury, eg.stock) == (2, 1)
    assert state.player("babylon").treasury == 2  # everyone else paid first
    d = engine.pending(state)
    assert [(x.player, x.kind, x.options["count"]) for x in d] == [(2, "revolt", 2)]  # Assyria: most in stock
    refused(state, {"type": "revolt", "player": 1, "areas": ["thebes", "memphis"]}, "19.32")
    refused(state, {"type": "revolt", "player": 2, "areas": ["thebes"]}, "19.32")
    refused(state, {"type": "revolt", "player": 2, "areas": ["thebes", "ur"]}, "19.32")
    state, ev = play(state, {"type": "revolt", "player": 2, "areas": ["thebes", "tanis"]})
    assert state.board.cities == {"thebes": "assyria", "memphis": "egypt", "tanis": "assyria", "ur": "babylon"}
    assert state.player("assyria").treasury == 0  # new owner collects no tax (SITE-TAX-04)
    assert state.phase != "tax"
    assert "Egypt's city in Thebes becomes Assyria's" in texts(ev)


@pytest.mark.rule("19.31")
@pytest.mark.site("SITE-TAX-03")
def test_revolting_formula():
    assert revolting(3, 3, 2) == 2
    assert revolting(2, 1, 2) == 2
    assert revolting(2, 3, 2) == 1
    assert revolting(3, 5, 3) == 2
    assert revolting(4, 8, 2) == 0
    assert revolting(5, 0, 2) == 5


@pytest.mark.rule("19.31")
def test_all_cities_revolt_to_one_beneficiary_automatically():
    state, ev = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                    {"egypt": {"stock": 0, "treasury": 30}, "assyria": {"stock": 30}}, options={"tokens": 30})
    assert state.board.cities == {"thebes": "assyria", "memphis": "assyria"}
    assert state.phase != "tax"


# ---- 19.32 The beneficiary ----------------------------------------------------------------------
@pytest.mark.rule("19.32")
def test_beneficiary_excludes_victim_and_ties_go_by_ast_order():
    # After taxes: Egypt 1 + 6 cities x 5 = 31 units in stock (the most, but it is the victim, Z-22);
    # Assyria and Asia 0 + 5 x 5 = 25 each: Asia is earlier in A.S.T. order (17.4); Babylon 20.
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}}
    for nation, areas in {"assyria": ["assyria", "nineveh", "carrhae", "mari"],
                          "asia": ["ankara", "gordium", "kanesh", "sinope"],
                          "babylon": ["babylon", "babylonia", "ur", "charax", "susa"]}.items():
        for a in areas:
            board[a] = {"city": nation}
    # A game of 10 tokens; the tokens not in stock are in treasury (not units in stock, 19.32)
    state, _ = pos(board, {"egypt": {"stock": 3, "treasury": 7}, "assyria": {"stock": 8, "treasury": 2},
                           "asia": {"stock": 8, "treasury": 1}, "babylon": {"stock": 10}},
                   options={"tokens": 10})
    g = Context(state)
    assert [g.units_in_stock(n) for n in NATIONS] == [31, 20, 25, 25]
    d = engine.pending(state)
    assert [(x.player, x.options["count"]) for x in d] == [(3, 2)]


@pytest.mark.rule("19.32")
@pytest.mark.site("SITE-TAX-04")
def test_next_largest_stock_takes_the_rest():
    # Egypt cannot pay for any of its 3 cities. Assyria (7 cities on the board, stock 50 - 14 tax
    # = 36, + 2 cities x 5 = 46 units) is the beneficiary but has only 2 cities in stock; the next
    # largest stock, Asia (45, tied with Babylon, earlier in A.S.T. order), takes the last one.
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}}
    for a in ["assyria", "nineveh", "carrhae", "mari", "armenia", "van", "media"]:
        board[a] = {"city": "assyria"}
    state, _ = pos(board, {"egypt": {"stock": 0, "treasury": 50}, "assyria": {"stock": 50}},
                   options={"tokens": 50})
    assert state.player("assyria").treasury == 14
    d = engine.pending(state)
    assert [(x.player, x.options["count"]) for x in d] == [(2, 2)]
    state, ev = play(state, {"type": "revolt", "player": 2, "areas": ["memphis", "tanis"]})
    assert state.board.cities["memphis"] == "assyria" and state.board.cities["tanis"] == "assyria"
    assert state.board.cities["thebes"] == "asia"  # the only legal choice, taken automatically
    assert Context(state).cities_in_stock("assyria") == 0
    assert state.phase != "tax"


@pytest.mark.site("SITE-TAX-06", "SITE-TIME-04")
def test_beneficiary_timeout_takes_random_cities():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 3, "treasury": 27}, "assyria": {"stock": 30}}, options={"tokens": 30})
    s2, ev = play(state, engine.default(state, 2))
    g = Context(s2)
    assert len(g.cities_of("assyria")) == 2 and len(g.cities_of("egypt")) == 1
    assert "did not choose the revolting cities in time" in texts(ev)
    s3, _ = play(state, engine.default(state, 2))
    assert s3.digest() == s2.digest()  # deterministic (g.rng)


# ---- 19.33 Cities nobody can take are eliminated ------------------------------------------------
@pytest.mark.rule("19.33")
@pytest.mark.site("SITE-TAX-04")
def test_revolting_cities_nobody_can_take_are_eliminated():
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}}
    # With 4 players: every other nation has all 9 cities on the board.
    fill = {"assyria": ["assyria", "nineveh", "carrhae", "mari", "armenia", "van", "media", "syria", "elam"],
            "babylon": ["babylon", "babylonia", "ur", "charax", "sumeria", "chaldaea", "susa", "mesopotamia",
                        "persian_gulf"],
            "asia": ["ankara", "gordium", "kanesh", "sinope", "bithynia", "phrygia", "ionia", "sardes", "lycia"]}
    for nation, areas in fill.items():
        for a in areas:
            board[a] = {"city": nation}
    state, ev = pos(board, {"egypt": {"stock": 0, "treasury": 40}, "babylon": {"stock": 40},
                            "assyria": {"stock": 40}, "asia": {"stock": 40}}, options={"tokens": 40})
    assert Context(state).cities_of("egypt") == []
    assert "destroyed by tax revolt" in texts(ev)
    assert state.phase != "tax"


# ---- 19.34 Democracy: no revolts ----------------------------------------------------------------
@pytest.mark.rule("19.34", "32.821")
@pytest.mark.site("SITE-TAX-05")
def test_democracy_cities_never_revolt():
    # A game of 30 tokens: Egypt's other 27 stand in Siwa (taxes are paid from stock only, 19.1)
    state, ev = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"},
                     "siwa": {"tokens": {"egypt": 27}}},
                    {"egypt": {"stock": 3, "civ_cards": ["democracy"]}, "assyria": {"stock": 30}},
                    options={"tokens": 30})
    assert len(Context(state).cities_of("egypt")) == 3
    assert state.player("egypt").treasury == 3 and state.player("egypt").stock == 0
    assert state.phase != "tax"


# ---- 15.61 Inert nations pay no tax -------------------------------------------------------------
@pytest.mark.rule("15.61")
def test_inert_nation_pays_no_tax():
    state, _ = pos({"thebes": {"city": "egypt"}}, {"egypt": {"stock": 10, "inert": True}},
                   options={"tokens": 10})
    assert state.player("egypt").treasury == 0


# ---- Bots' orders and malformed orders ----------------------------------------------------------
def test_tax_sample_orders_are_legal():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 2, "treasury": 28, "civ_cards": ["coinage"]},
                    "assyria": {"stock": 30}}, options={"tokens": 30})
    from tresham.games.advciv.phase import PHASES

    rng = Rng(5)
    for _ in range(10):
        s = state
        while s.phase == "tax":
            d = [x for x in engine.pending(s) if x.required][0]
            o = PHASES["tax"].sample(Context(s), d.player, rng)
            s, _ = play(s, o.to_json())
        assert len(Context(s).cities_of("egypt")) + len(Context(s).cities_of("assyria")) == 3


@pytest.mark.rule("19.2", "19.32", "20.2")
def test_malformed_orders_are_refused_cleanly():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 10, "civ_cards": ["coinage"]}}, options={"tokens": 10})
    refused(state, {"type": "tax_rate", "player": 0, "rate": True}, "19.2")
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 3, "treasury": 27}, "assyria": {"stock": 30}}, options={"tokens": 30})
    refused(state, {"type": "revolt", "player": 2, "areas": "thebes"}, "19.32")
    state, _ = pos({"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}}},
                   {"egypt": {"stock": 2}}, phase="population", options={"tokens": 5})
    refused(state, {"type": "grow", "player": 0, "areas": ["thebes"]}, "20.2")
    refused(state, {"type": "grow", "player": 0, "areas": {"thebes": -1, "memphis": 2}}, "20.2")
    refused(state, {"type": "grow", "player": 0, "areas": {"nowhere": 2}}, "20.2")  # not an area (schema)
