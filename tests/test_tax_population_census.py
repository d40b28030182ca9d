"""Taxation and revolts (19), population expansion (20), census (21)."""
import pytest

from tresham.games.advciv import engine
from tresham.games.advciv.game import Game
from tresham.games.advciv.rules.population import increments
from tresham.games.advciv.rules.taxation import revolting
from tresham.games.base import IllegalOrder
from tresham.rng import Rng

from tests.helpers import play, position, texts, refused

NATIONS = ["egypt", "babylon", "assyria", "asia"]  # seats 0-3; A.S.T. order asia, assyria, babylon, egypt
OPTS = {"players": 4}


def pos(board, players, phase="tax", **kw):
    """A 4-player position; nations not given a stock have none (so beneficiaries are clear).
    One Asian token in Lycia makes the movement phase wait, so the tests see the board as the
    phases under test left it."""
    players = {n: {"stock": 0, **players.get(n, {})} for n in NATIONS}
    board = {"lycia": {"tokens": {"asia": 1}}, **board}
    state, events = position(nations=NATIONS, options=OPTS, board=board, players=players, phase=phase, **kw)
    return state, events


# ---------------------------------------------------------------- taxation (19)
@pytest.mark.rule("19.1")
@pytest.mark.site("SITE-TAX-01")
def test_two_tokens_per_city_paid_automatically():
    state, ev = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                    {"egypt": {"stock": 10, "treasury": 1}})
    p = state.player("egypt")
    assert (p.stock, p.treasury) == (6, 5)
    assert state.phase != "tax"  # no decision was needed
    assert "Egypt pays 4 tokens in tax" in texts(ev)


@pytest.mark.rule("19.1")
def test_no_tax_without_cities_and_treasury_only_from_tax():
    state, ev = pos({"buhen": {"tokens": {"egypt": 3}}}, {"egypt": {"stock": 10, "treasury": 0}})
    assert state.player("egypt").treasury == 0
    assert "tax" not in [e.kind for e in ev]


@pytest.mark.rule("19.2", "32.421")
@pytest.mark.site("SITE-TAX-02")
def test_coinage_rate_three():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 10, "civ_cards": ["coinage"]}})
    assert state.phase == "tax"
    d = engine.pending(state)
    assert [(x.player, x.kind) for x in d] == [(0, "tax_rate")]
    state, _ = play(state, {"type": "tax_rate", "player": 0, "rate": 3})
    assert state.player("egypt").treasury == 6 and state.player("egypt").stock == 4


@pytest.mark.rule("19.2")
def test_coinage_rate_one_and_bad_rate_refused():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 10, "civ_cards": ["coinage"]}})
    refused(state, {"type": "tax_rate", "player": 0, "rate": 4}, "19.2")
    refused(state, {"type": "tax_rate", "player": 1, "rate": 1}, "19.2")  # Babylon has no Coinage
    state, _ = play(state, {"type": "tax_rate", "player": 0, "rate": 1})
    assert state.player("egypt").treasury == 2


@pytest.mark.rule("19.2", "19.31")
def test_coinage_holder_may_choose_a_rate_that_causes_revolt():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 5, "civ_cards": ["coinage"]}, "babylon": {"stock": 20}})
    state, ev = play(state, {"type": "tax_rate", "player": 0, "rate": 3})
    # 9 owed, 5 in stock: ceil(4/3) = 2 revolt; one loyal city pays 3
    assert state.player("egypt").treasury == 3 and state.player("egypt").stock == 2
    assert engine.pending(state)[0].player == 1 and engine.pending(state)[0].options["count"] == 2


@pytest.mark.site("SITE-TAX-02", "SITE-TIME-04")
def test_coinage_timeout_default_two_or_one():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 10, "civ_cards": ["coinage"]}})
    s2, _ = play(state, engine.default(state, 0))
    assert s2.player("egypt").treasury == 4
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 3, "civ_cards": ["coinage"]}})
    s2, _ = play(state, engine.default(state, 0))
    assert s2.player("egypt").treasury == 2 and s2.player("egypt").stock == 1  # 1 per city, no revolt
    assert s2.board.cities == {"thebes": "egypt", "memphis": "egypt"}


@pytest.mark.rule("19.3", "19.31", "19.32", "18.3")
@pytest.mark.site("SITE-TAX-03", "SITE-TAX-04")
def test_revolt_beneficiary_chooses_cities():
    state, ev = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"},
                     "ur": {"city": "babylon"}},
                    {"egypt": {"stock": 3}, "babylon": {"stock": 20}, "assyria": {"stock": 30},
                     "asia": {"stock": 12}})
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
    state, _ = pos(board, {"egypt": {"stock": 3}, "assyria": {"stock": 8}, "asia": {"stock": 8},
                           "babylon": {"stock": 10}})
    g = Game(state)
    assert [g.units_in_stock(n) for n in NATIONS] == [31, 20, 25, 25]
    d = engine.pending(state)
    assert [(x.player, x.options["count"]) for x in d] == [(3, 2)]


@pytest.mark.rule("19.31")
@pytest.mark.site("SITE-TAX-03")
def test_revolting_formula():
    assert revolting(3, 3, 2) == 2
    assert revolting(2, 1, 2) == 2
    assert revolting(2, 3, 2) == 1
    assert revolting(3, 5, 3) == 2
    assert revolting(4, 8, 2) == 0
    assert revolting(5, 0, 2) == 5


@pytest.mark.rule("19.32")
@pytest.mark.site("SITE-TAX-04")
def test_next_largest_stock_takes_the_rest():
    # Egypt cannot pay for any of its 3 cities. Assyria (7 cities on the board, stock 50 - 14 tax
    # = 36, + 2 cities x 5 = 46 units) is the beneficiary but has only 2 cities in stock; the next
    # largest stock, Asia (45, tied with Babylon, earlier in A.S.T. order), takes the last one.
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}}
    for a in ["assyria", "nineveh", "carrhae", "mari", "armenia", "van", "media"]:
        board[a] = {"city": "assyria"}
    state, _ = pos(board, {"egypt": {"stock": 0}, "assyria": {"stock": 50}})
    assert state.player("assyria").treasury == 14
    d = engine.pending(state)
    assert [(x.player, x.options["count"]) for x in d] == [(2, 2)]
    state, ev = play(state, {"type": "revolt", "player": 2, "areas": ["memphis", "tanis"]})
    assert state.board.cities["memphis"] == "assyria" and state.board.cities["tanis"] == "assyria"
    assert state.board.cities["thebes"] == "asia"  # the only legal choice, taken automatically
    assert Game(state).cities_in_stock("assyria") == 0
    assert state.phase != "tax"


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
    state, ev = pos(board, {"egypt": {"stock": 0}, "babylon": {"stock": 40}, "assyria": {"stock": 40},
                            "asia": {"stock": 40}})
    assert Game(state).cities_of("egypt") == []
    assert "destroyed by tax revolt" in texts(ev)
    assert state.phase != "tax"


@pytest.mark.rule("19.34", "32.821")
@pytest.mark.site("SITE-TAX-05")
def test_democracy_cities_never_revolt():
    state, ev = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                    {"egypt": {"stock": 3, "civ_cards": ["democracy"]}, "assyria": {"stock": 30}})
    assert len(Game(state).cities_of("egypt")) == 3
    assert state.player("egypt").treasury == 3 and state.player("egypt").stock == 0
    assert state.phase != "tax"


@pytest.mark.rule("19.31")
def test_all_cities_revolt_to_one_beneficiary_automatically():
    state, ev = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                    {"egypt": {"stock": 0}, "assyria": {"stock": 30}})
    assert state.board.cities == {"thebes": "assyria", "memphis": "assyria"}
    assert state.phase != "tax"


@pytest.mark.site("SITE-TAX-06", "SITE-TIME-04")
def test_beneficiary_timeout_takes_random_cities():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 3}, "assyria": {"stock": 30}})
    s2, ev = play(state, engine.default(state, 2))
    g = Game(s2)
    assert len(g.cities_of("assyria")) == 2 and len(g.cities_of("egypt")) == 1
    assert "did not choose the revolting cities in time" in texts(ev)
    s3, _ = play(state, engine.default(state, 2))
    assert s3.digest() == s2.digest()  # deterministic (g.rng)


@pytest.mark.rule("15.61")
def test_inert_nation_pays_no_tax():
    state, _ = pos({"thebes": {"city": "egypt"}}, {"egypt": {"stock": 10, "inert": True}})
    assert state.player("egypt").treasury == 0


def test_tax_sample_orders_are_legal():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 2, "civ_cards": ["coinage"]}, "assyria": {"stock": 30}})
    from tresham.games.advciv.phase import PHASES

    rng = Rng(5)
    for _ in range(10):
        s = state
        while s.phase == "tax":
            d = [x for x in engine.pending(s) if x.required][0]
            o = PHASES["tax"].sample(Game(s), d.player, rng)
            s, _ = play(s, o.to_json())
        assert len(Game(s).cities_of("egypt")) + len(Game(s).cities_of("assyria")) == 3


# ---------------------------------------------------------------- population (20)
@pytest.mark.rule("20.1")
@pytest.mark.site("SITE-POP-01")
def test_growth_plus_one_plus_two_none_with_city_may_exceed_limit():
    state, ev = pos({"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 3}},
                     "tanis": {"tokens": {"egypt": 2}, "city": "babylon"},
                     "jericho": {"tokens": {"egypt": 1}}},
                    {"egypt": {"stock": 20}}, phase="population")
    g = Game(state)
    assert g.tokens("thebes", "egypt") == 2
    assert g.tokens("memphis", "egypt") == 5  # limit 3 exceeded
    assert g.tokens("tanis", "egypt") == 2  # city in the area: no growth
    assert g.tokens("jericho", "egypt") == 2
    assert state.player("egypt").stock == 16
    assert state.phase != "population"


@pytest.mark.rule("20.2", "20.3")
@pytest.mark.site("SITE-POP-02", "SITE-POP-04", "SITE-TIME-02")
def test_short_stock_player_distributes_in_ast_order():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 3}},
             "ur": {"tokens": {"babylon": 2}}, "babylon": {"tokens": {"babylon": 2}},
             "nineveh": {"tokens": {"assyria": 2}}}
    state, _ = pos(board, {"egypt": {"stock": 2}, "babylon": {"stock": 3}, "assyria": {"stock": 10}},
                   phase="population")
    assert Game(state).tokens("nineveh", "assyria") == 4  # automatic, Assyria is before Babylon
    d = engine.pending(state)
    req = [x for x in d if x.required]
    assert [(x.player, x.deadline_factor) for x in req] == [(1, 1.5)]  # Babylon first, 1.5x
    assert [x.player for x in d if not x.required] == [0]  # Egypt may enter early
    # Egypt enters early; it is applied on Egypt's turn
    state, _ = play(state, {"type": "grow", "player": 0, "areas": {"thebes": 1, "memphis": 1}})
    assert Game(state).tokens("thebes", "egypt") == 1
    refused(state, {"type": "grow", "player": 1, "areas": {"ur": 3}}, "20.2")  # Z-24: at most +2
    refused(state, {"type": "grow", "player": 1, "areas": {"ur": 1, "babylon": 1}}, "20.2")  # must use all
    refused(state, {"type": "grow", "player": 1, "areas": {"nineveh": 1, "ur": 2}}, "20.1")
    state, _ = play(state, {"type": "grow", "player": 1, "areas": {"ur": 2, "babylon": 1}})
    g = Game(state)
    assert (g.tokens("ur", "babylon"), g.tokens("babylon", "babylon")) == (4, 3)
    assert (g.tokens("thebes", "egypt"), g.tokens("memphis", "egypt")) == (2, 4)
    assert state.player("egypt").stock == 0 and state.player("babylon").stock == 0
    assert state.phase != "population"


@pytest.mark.rule("20.2")
@pytest.mark.site("SITE-POP-03", "SITE-TIME-04")
def test_population_timeout_places_at_random_within_increments():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}},
             "tanis": {"tokens": {"egypt": 2}}}
    state, _ = pos(board, {"egypt": {"stock": 3}}, phase="population")
    s2, _ = play(state, engine.default(state, 0))
    g = Game(s2)
    added = {a: g.tokens(a, "egypt") - n for a, n in {"thebes": 1, "memphis": 2, "tanis": 2}.items()}
    assert sum(added.values()) == 3 and added["thebes"] <= 1 and max(added.values()) <= 2
    assert s2.player("egypt").stock == 0


@pytest.mark.rule("20.2")
def test_short_stock_in_a_single_area_is_automatic():
    state, _ = pos({"memphis": {"tokens": {"egypt": 3}}}, {"egypt": {"stock": 1}}, phase="population")
    assert Game(state).tokens("memphis", "egypt") == 4 and state.phase != "population"


@pytest.mark.rule("15.61")
def test_inert_nation_does_not_grow():
    state, _ = pos({"memphis": {"tokens": {"egypt": 3}}}, {"egypt": {"stock": 10, "inert": True}},
                   phase="population")
    assert Game(state).tokens("memphis", "egypt") == 3


def test_population_sample_is_legal():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}},
             "tanis": {"tokens": {"egypt": 2}}}
    state, _ = pos(board, {"egypt": {"stock": 3}}, phase="population")
    from tresham.games.advciv.phase import PHASES

    rng = Rng(3)
    for _ in range(10):
        o = PHASES["population"].sample(Game(state), 0, rng)
        s2, _ = play(state, o.to_json())
        assert s2.player("egypt").stock == 0
    assert increments(Game(state), "egypt") == {"thebes": 1, "memphis": 2, "tanis": 2}


# ---------------------------------------------------------------- census (21)
@pytest.mark.rule("21.1", "21.2")
@pytest.mark.site("SITE-CENSUS-01")
def test_census_counts_tokens_only_and_orders_players():
    board = {"thebes": {"tokens": {"egypt": 4}, "city": None}, "memphis": {"city": "egypt"},
             "ur": {"tokens": {"babylon": 4}}, "nineveh": {"tokens": {"assyria": 6}},
             "ankara": {"tokens": {"asia": 9}}}
    state, ev = pos(board, {"asia": {"civ_cards": ["military"]}}, phase="census",
                    ships={"egypt": ["tanis"]})
    g = Game(state)
    assert {p.nation: p.census for p in state.players} == {"egypt": 4, "babylon": 4, "assyria": 6, "asia": 10}
    # Asia is largest but holds Military: last; Babylon before Egypt on the tie (A.S.T. order)
    assert [p.nation for p in g.census_order()] == ["assyria", "babylon", "egypt", "asia"]
    assert "Census: Assyria 6, Babylon 4, Egypt 4, Asia 10." in texts(ev)


@pytest.mark.rule("19.2", "19.32", "20.2")
def test_malformed_orders_are_refused_cleanly():
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                   {"egypt": {"stock": 10, "civ_cards": ["coinage"]}})
    refused(state, {"type": "tax_rate", "player": 0, "rate": True}, "19.2")
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 3}, "assyria": {"stock": 30}})
    refused(state, {"type": "revolt", "player": 2, "areas": "thebes"}, "19.32")
    state, _ = pos({"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}}},
                   {"egypt": {"stock": 2}}, phase="population")
    refused(state, {"type": "grow", "player": 0, "areas": ["thebes"]}, "20.2")
    refused(state, {"type": "grow", "player": 0, "areas": {"thebes": -1, "memphis": 2}}, "20.2")
    refused(state, {"type": "grow", "player": 0, "areas": {"nowhere": 2}}, "20.1")


@pytest.mark.site("SITE-POP-02", "SITE-TAX-04")
def test_phase_views_for_growth_and_revolts():
    board = {"thebes": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 2}}}
    state, _ = pos(board, {"egypt": {"stock": 2}}, phase="population")
    v = engine.view(state, 0)["phase_view"]
    assert v["increments"] == {"thebes": 1, "memphis": 2} and v["queue"][-1] == "egypt"
    state, _ = pos({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}, "tanis": {"city": "egypt"}},
                   {"egypt": {"stock": 3}, "assyria": {"stock": 30}})
    v = engine.view(state, None)["phase_view"]
    assert v["revolt"] == {"victim": "egypt", "beneficiary": "assyria", "left": 2} and v["rates_owed"] == []
