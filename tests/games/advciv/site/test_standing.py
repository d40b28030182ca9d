"""tresham/games/advciv/site/standing.py: standing orders, the site's own feature (no site ID):
what a player wants done when his deadline passes instead of the site's default
(SITE-TIME-04). For each kind a position where the standing order gives a specific order
and outcome different from the default; the checks of the spec; refusals; and that it
decides only on what the seat may know."""
import pytest

from tresham.games.advciv import engine, machine
from tresham.games.advciv.site import standing as so
from tresham.games.advciv.context import Context
from tresham.games.advciv.phase import PHASES
from tresham.games.contract import IllegalOrder
from tresham.games.advciv.tools.sim import play_game
from tresham.games.advciv.bots.heuristic import heuristic_bot
from tresham.games.advciv.site.rules import AdvancedCivilization

from tests.helpers import (ASIA, EGYPT, SEVEN, at_surplus, cal, cities, four_nations,
                           pending_by_seat, play, position, texts)


def order_for(state, seat, kind, spec):
    return so.standing_order(state, seat, kind, spec)


def refused_standing(state, seat, kind, spec, rule=None):
    before = state.digest()
    with pytest.raises(IllegalOrder) as e:
        so.standing_order(state, seat, kind, spec)
    assert state.digest() == before
    if rule is not None:
        assert e.value.rule == rule, str(e.value)
    return e.value


# ---- the specs ----------------------------------------------------------------------------
def test_every_kind_has_a_sentence_a_schema_and_a_planner():
    assert set(so.KINDS) == set(so.SPECS) == set(so.PLANNERS) == set(so.json_schemas())
    rules = AdvancedCivilization()
    assert rules.standing_kinds() == so.KINDS
    schema = rules.standing_schema()["build_cities"]
    assert schema["additionalProperties"] is False
    assert set(schema["properties"]) == {"prefer", "never", "architecture"}
    assert "babylonia" in schema["properties"]["prefer"]["items"]["enum"]
    # trade has no deadline of its own (the market's cutoff ends it): no standing order
    assert "trade" not in so.KINDS


def test_specs_are_strict_and_refusals_name_the_field():
    rules = AdvancedCivilization()
    assert rules.parse_standing("move", {}) == {"entered": "carry_out", "otherwise": "relieve"}
    assert rules.parse_standing("tax_rate", {"rate": 3}) == {"rate": 3, "avoid_revolt": True}
    cases = [
        ("tax_rate", {"rate": True}, "rate: must be a whole number"),
        ("tax_rate", {"rate": 2.0}, "rate: must be a whole number"),
        ("tax_rate", {"rate": 4}, "rate: must be a whole number from 1 to 3 (got 4)"),
        ("tax_rate", {"rate": "3"}, "rate: must be a whole number"),
        ("move", {"entered": "later"}, "entered: input should be 'carry_out', 'safe_only' or 'none'"),
        ("move", {"speed": 1}, "unknown field 'speed'"),
        ("buy", {"cards": ["potery"]}, "cards[0]: 'potery' is not a civilization card (31.1)"),
        ("buy", {"keep": ["famine"]}, "keep[0]: 'famine' is not a commodity card (27.1)"),
        ("build_cities", {"prefer": "ur"}, "prefer: must be a list"),
        ("assign_losses", {"victims": ["atlantis"]}, "'atlantis' is not a nation of the game"),
        ("ships", {"keep": ["nowhere"]}, "'nowhere' is not an area of the map"),
    ]
    for kind, spec, words in cases:
        with pytest.raises(IllegalOrder) as e:
            rules.parse_standing(kind, spec)
        assert words in e.value.message, (kind, spec, e.value.message)
    with pytest.raises(IllegalOrder) as e:
        rules.parse_standing("trade", {})
    assert "no standing order answers 'trade' decisions" in e.value.message
    with pytest.raises(IllegalOrder) as e:
        rules.parse_standing("move", ["done"])
    assert "a standing order is a JSON object" in e.value.message


def test_a_seat_that_owes_no_such_decision_gets_none():
    state, _ = four_nations({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                            {"egypt": {"stock": 10, "civ_cards": ["coinage"]}}, options={"tokens": 10})
    assert order_for(state, 0, "build_cities", {}) is None  # tax phase: no city to build
    assert order_for(state, 1, "tax_rate", {"rate": 3}) is None  # Babylon has no Coinage
    with pytest.raises(IllegalOrder):
        order_for(state, 0, "tax_rate", {"rate": 9})  # a malformed spec is refused even so


# ---- movement ------------------------------------------------------------------------------
#: seats: thrace 0, crete 1, asia 2, babylon 3, egypt 4, illyria 5
MOVERS = ["thrace", "crete", "asia", "babylon", "egypt", "illyria"]
THRACE, ILLYRIA, BABYLON6 = 0, 5, 3


def at_movement(board):
    b = {"thebes": {"tokens": {"egypt": 1}}, **board}  # Egypt moves last: the phase stays open
    state, _ = position(nations=MOVERS, board=b, phase="movement")
    return state


def mv(seat, moves=(), done="done"):
    return {"type": "move", "player": seat, "moves": list(moves), "voyages": [], "done": done}


def threatened_thrace():
    """Thrace entered two moves 'unless threatened'; Illyria, an earlier mover, then moved into
    Byzantium: Thrace is asked again and his deadline runs."""
    s = at_movement({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 2}},
                     "moesia": {"tokens": {"illyria": 3}}})
    assert s.step["order"][:3] == [BABYLON6, ILLYRIA, THRACE]
    s, _ = play(s, mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 1},
                               {"from": "thrace", "to": "macedonia", "count": 1}], "unless_threatened"),
                mv(ILLYRIA, [{"from": "moesia", "to": "byzantium", "count": 1}]), mv(BABYLON6))
    (d,) = [d for d in engine.pending(s) if d.required]
    assert (d.player, d.kind) == (THRACE, "move") and "change or confirm" in d.prompt
    return s


@pytest.mark.site("SITE-MOVE-07", "SITE-MOVE-08")
def test_movement_safe_only_drops_the_move_into_the_area_another_player_entered():
    s = threatened_thrace()
    o = order_for(s, THRACE, "move", {"entered": "safe_only"})
    assert o == {"type": "move", "player": THRACE, "done": "done", "voyages": [],
                 "moves": [{"from": "thrace", "to": "macedonia", "count": 1}]}
    after, ev = play(s, o)
    g = Context(after)
    assert (g.tokens("thrace", "thrace"), g.tokens("macedonia", "thrace"), g.tokens("byzantium", "thrace")) == (1, 1, 0)
    # the site's default carries out both moves entered (SITE-MOVE-08): into Byzantium too
    dflt, ev = play(s, engine.default(s, THRACE))
    assert Context(dflt).tokens("byzantium", "thrace") == 1 and Context(dflt).tokens("macedonia", "thrace") == 1


def test_movement_entered_moves_carried_out_or_none():
    s = threatened_thrace()
    assert order_for(s, THRACE, "move", {"entered": "carry_out"}) == {"type": "done", "player": THRACE}
    none = order_for(s, THRACE, "move", {"entered": "none"})
    after, ev = play(s, none)
    assert Context(after).tokens("thrace", "thrace") == 2 and "Thrace moves nothing." in texts(ev)


@pytest.mark.rule("26.1")
@pytest.mark.site("SITE-MOVE-08")
def test_movement_relieve_saves_the_tokens_surplus_removal_would_take():
    """Nothing entered: the default moves nothing (SITE-MOVE-08) and 3 of Thrace's 5 tokens
    (limit 2) would be removed as surplus; 'relieve' moves them into the empty neighbour with
    most room: Moesia (limit 4; Byzantium has 3), never where Illyria stands (Paeonia)."""
    s = at_movement({"ur": {"tokens": {"babylon": 3}}, "thrace": {"tokens": {"thrace": 5}},
                     "paeonia": {"tokens": {"illyria": 1}}})
    (d,) = [d for d in engine.pending(s) if d.required]
    assert d.player == THRACE
    o = order_for(s, THRACE, "move", {"otherwise": "relieve"})
    assert o["moves"] == [{"from": "thrace", "to": "moesia", "count": 3}]
    after, _ = play(s, o)
    assert Context(after).tokens("moesia", "thrace") == 3 and Context(after).tokens("thrace", "thrace") == 2
    dflt, ev = play(s, engine.default(s, THRACE))
    assert Context(dflt).tokens("thrace", "thrace") == 5 and "no movement" in texts(ev)
    stay = order_for(s, THRACE, "move", {"otherwise": "stay"})
    assert stay["moves"] == [] and stay["done"] == "done"


def test_relief_keeps_a_stack_that_can_build_a_city():
    # six tokens on Byzantium's black site (limit 3) build a city before surplus removal
    s = at_movement({"ur": {"tokens": {"babylon": 8}}, "byzantium": {"tokens": {"thrace": 6}},
                     "thrace": {"tokens": {"thrace": 4}}})
    o = order_for(s, THRACE, "move", {})
    assert all(m["from"] != "byzantium" for m in o["moves"])
    assert sum(m["count"] for m in o["moves"] if m["from"] == "thrace") == 2  # Thrace's limit is 2


def test_movement_bot_plan_is_the_heuristic_plan():
    from tresham.games.advciv.bots.plain import plan_moves
    from tresham.games.advciv.view import information_state

    s = at_movement({"ur": {"tokens": {"babylon": 3}}, "thrace": {"tokens": {"thrace": 5}}})
    o = order_for(s, THRACE, "move", {"otherwise": "bot"})
    bot = plan_moves(Context(information_state(s, THRACE)), THRACE)
    assert o["moves"] == bot["moves"] and o["moves"]


# ---- cities --------------------------------------------------------------------------------
FOUR_EAST = ["asia", "assyria", "babylon", "egypt"]
BABYLON4 = 2
HOLD = {"thebes": {"tokens": {"egypt": 6}}, "upper_egypt": {"tokens": {"egypt": 4}}}


def at_cities(board, players=None, **kw):
    state, _ = position(nations=FOUR_EAST, phase="cities", board=board, players=players or {}, **kw)
    return state


@pytest.mark.rule("25.2", "26.31")
@pytest.mark.site("SITE-CITY-04")
def test_cities_ranked_areas_first_when_support_is_short():
    """Three tokens support one new city only: the default builds the area without a site
    (Babylonia, SITE-CITY-04); the standing order ranks Ur first and builds Ur."""
    state = at_cities({"ur": {"tokens": {"babylon": 6}}, "babylonia": {"tokens": {"babylon": 12}},
                       "mesopotamia": {"tokens": {"babylon": 3}}, **HOLD})
    o = order_for(state, BABYLON4, "build_cities", {"prefer": ["ur"]})
    assert o == {"type": "build_cities", "player": BABYLON4, "areas": ["ur"], "architecture": None}
    after, _ = play(state, o)
    assert Context(after).cities_of("babylon") == ["ur"]
    assert after.board.tokens["babylonia"] == {"babylon": 12}
    dflt, _ = play(state, engine.default(state, BABYLON4))
    assert Context(dflt).cities_of("babylon") == ["babylonia"]
    # without a ranking the standing order takes the default's rule
    assert order_for(state, BABYLON4, "build_cities", {})["areas"] == ["babylonia"]


@pytest.mark.rule("25.3", "32.631")
@pytest.mark.site("SITE-CITY-04")
def test_cities_architecture_where_support_allows_it():
    """Support for three cities: the default builds the two normal cities and never uses
    Architecture (SITE-CITY-04); the standing order adds Susa (3 tokens + 3 from treasury)."""
    players = {"babylon": {"civ_cards": ["architecture"], "treasury": 10, "stock": 10}}
    board = {"ur": {"tokens": {"babylon": 6}}, "babylonia": {"tokens": {"babylon": 12}},
             "susa": {"tokens": {"babylon": 3}}, "mesopotamia": {"tokens": {"babylon": 3}},
             "sumeria": {"tokens": {"babylon": 3}}, **HOLD}
    state = at_cities(board, players, options={"tokens": 47})
    o = order_for(state, BABYLON4, "build_cities", {})
    assert (o["areas"], o["architecture"]) == (["babylonia", "ur"], "susa")
    after, ev = play(state, o)
    assert Context(after).cities_of("babylon") == ["babylonia", "susa", "ur"]
    assert after.players[BABYLON4].treasury == 7
    assert "Babylon builds a city in Susa with Architecture (3 tokens and 3 from treasury)." in texts(ev)
    dflt, _ = play(state, engine.default(state, BABYLON4))
    assert Context(dflt).cities_of("babylon") == ["babylonia", "ur"] and dflt.players[BABYLON4].treasury == 10
    no_arch = order_for(state, BABYLON4, "build_cities", {"architecture": False, "never": ["ur"]})
    assert (no_arch["areas"], no_arch["architecture"]) == (["babylonia"], None)


# ---- civilization cards ---------------------------------------------------------------------
ADV = ["babylon", "egypt", "assyria", "asia"]
BABYLON_A, EGYPT_A = 0, 1
WAITING = {"hand": ["oil"] * 4}  # Egypt can afford Pottery: the phase stays open


def at_advances(players, options=None):
    state, _ = position(nations=ADV, phase="over", turn=1, options={"turn_limit": 1, **(options or {})},
                        players=players)
    state.phase = "advances"
    g = Context(state)
    PHASES["advances"].start(g)
    machine.advance(g)
    g.sync()
    return state


@pytest.mark.rule("31.2", "31.41", "31.58")
@pytest.mark.site("SITE-ADV-08")
def test_advances_ranked_list_the_first_affordable_cheapest_payment():
    """Within the hand limit the default buys nothing (SITE-ADV-08). The list asks for
    Agriculture (110, more than the 75 he can pay: skipped), Music (60) and Pottery (45; 105
    with Music is too much). Music is paid with the whole hand (45) and 15 treasury: keeping
    cards and paying more treasury would leave him less."""
    hand = ["grain"] * 3 + ["papyrus"] * 2 + ["hides"]
    state = at_advances({"babylon": {"hand": hand, "treasury": 30}, "egypt": WAITING})
    o = order_for(state, BABYLON_A, "buy", {"cards": ["agriculture", "music", "pottery"]})
    assert o == {"type": "buy", "player": BABYLON_A, "cards": ["music"], "treasury": 15, "discard": [],
                 "pay_cards": ["grain", "grain", "grain", "hides", "papyrus", "papyrus"]}
    after, ev = play(state, o)
    p = after.players[BABYLON_A]
    assert p.civ_cards == {"music": 1} and p.treasury == 15 and p.hand == []
    dflt, _ = play(state, engine.default(state, BABYLON_A))
    assert dflt.players[BABYLON_A].civ_cards == {} and dflt.players[BABYLON_A].treasury == 30


@pytest.mark.rule("31.2", "31.41")
def test_advances_treasury_pays_when_the_cards_would_overpay():
    """Pottery costs 45. Three Spices are worth 63 as a set: handing them in would lose 63 of
    what he keeps, two of them (28) + 17 treasury lose 45 but break the set, 45 treasury lose
    45 and keep the set: the payment that leaves him most is chosen."""
    state = at_advances({"babylon": {"hand": ["spices"] * 3, "treasury": 45}, "egypt": WAITING})
    o = order_for(state, BABYLON_A, "buy", {"cards": ["pottery"]})
    assert (o["pay_cards"], o["treasury"]) == ([], 45)
    after, _ = play(state, o)
    assert after.players[BABYLON_A].hand == ["spices"] * 3 and after.players[BABYLON_A].treasury == 0


@pytest.mark.rule("31.71")
@pytest.mark.site("SITE-ADV-08")
def test_advances_over_the_hand_limit_keeps_the_cards_he_prefers():
    """Ten cards, limit 8, nothing listed to buy: the default buys Cloth Making from the hand
    (SITE-ADV-08); the standing order buys nothing and keeps Ochre and Hides, surrendering
    the lowest-value others (Iron, Papyrus)."""
    hand = ["grain"] * 3 + ["ochre", "hides", "salt", "iron", "papyrus", "timber", "oil"]
    state = at_advances({"babylon": {"hand": hand, "treasury": 20}, "egypt": WAITING})
    o = order_for(state, BABYLON_A, "buy", {"keep": ["ochre", "hides"]})
    assert (o["cards"], o["discard"]) == ([], ["iron", "papyrus"])
    after, ev = play(state, o)
    assert sorted(after.players[BABYLON_A].hand) == sorted(["grain"] * 3 + ["ochre", "hides", "salt", "timber", "oil"])
    assert "surrenders Iron and Papyrus over the hand limit of 8" in texts(ev)
    dflt, _ = play(state, engine.default(state, BABYLON_A))
    assert dflt.players[BABYLON_A].civ_cards == {"cloth_making": 1}
    # the best sets when he names none: the default's rule for the discard itself
    plain = order_for(state, BABYLON_A, "buy", {"keep": ["timber"]})
    assert "timber" not in plain["discard"] and len(plain["discard"]) == 2


@pytest.mark.rule("31.2", "31.62")
@pytest.mark.site("SITE-TIME-04", "SITE-ADV-08")
def test_advances_refused_when_nothing_listed_can_be_bought_now():
    state = at_advances({"babylon": {"hand": ["grain"] * 3 + ["papyrus"] * 2 + ["hides"], "treasury": 30},
                         "egypt": WAITING})
    e = refused_standing(state, BABYLON_A, "buy", {"cards": ["philosophy", "agriculture"]}, "31.2")
    assert e.message == ("none of the civilization cards it lists can be bought now: Philosophy needs "
                         "Law owned from an earlier turn; Agriculture costs 110 after credits and you "
                         "can pay 75")
    # saving for the first card: Pottery is affordable but comes after it
    e = refused_standing(state, BABYLON_A, "buy", {"cards": ["agriculture", "pottery"],
                                                   "skip_unaffordable": False})
    assert e.message.startswith("it saves for Agriculture first, which you cannot afford yet")
    ok = order_for(state, BABYLON_A, "buy", {"cards": ["agriculture", "pottery"]})
    assert ok["cards"] == ["pottery"]


# ---- ships ---------------------------------------------------------------------------------
SHIPS_NATIONS = ["egypt", "babylon", "assyria", "asia"]
EGYPT_LAND = {"tanis": {"tokens": {"egypt": 3}}, "alexandria": {"tokens": {"egypt": 2}},
              "gaza": {"tokens": {"egypt": 1}}, "memphis": {"tokens": {"egypt": 4}}}


def at_ships(players, ships):
    board = {"lycia": {"tokens": {"asia": 1}}, **EGYPT_LAND}
    state, _ = position(nations=SHIPS_NATIONS, options={"players": 4}, board=board,
                        players=players, ships=ships, phase="ships")
    return state


@pytest.mark.rule("22.3")
@pytest.mark.site("SITE-SHIP-07")
def test_ships_all_kept_treasury_where_no_token_can_pay():
    """One treasury token, three ships: the one at sea can only be paid from treasury, the two
    on the coast by a token each; the default keeps none (SITE-SHIP-07)."""
    state = at_ships({"egypt": {"treasury": 1}}, {"egypt": ["tanis", "eastern_mediterranean", "gaza"]})
    o = order_for(state, 0, "ships", {"keep": "all", "pay": "treasury_first"})
    assert o["maintain"] == [{"area": "tanis", "pay": "token"}, {"area": "eastern_mediterranean", "pay": "treasury"},
                             {"area": "gaza", "pay": "token"}] and o["build"] == []
    after, _ = play(state, o)
    g = Context(after)
    assert sorted(g.ships_of("egypt")) == ["eastern_mediterranean", "gaza", "tanis"]
    assert after.player("egypt").treasury == 0 and g.tokens("tanis", "egypt") == 2
    dflt, _ = play(state, engine.default(state, 0))
    assert Context(dflt).ships_of("egypt") == []


@pytest.mark.rule("22.3")
@pytest.mark.site("SITE-TIME-04", "SITE-SHIP-07")
def test_ships_named_ships_treasury_first_and_refusal_when_none_is_there():
    state = at_ships({"egypt": {"treasury": 5}}, {"egypt": ["tanis", "gaza"]})
    o = order_for(state, 0, "ships", {"keep": ["gaza"]})
    assert o["maintain"] == [{"area": "gaza", "pay": "treasury"}]
    after, ev = play(state, o)
    assert Context(after).ships_of("egypt") == ["gaza"] and after.player("egypt").treasury == 4
    assert "Egypt's ship in Tanis is not maintained and returns to stock." in texts(ev)
    e = refused_standing(state, 0, "ships", {"keep": ["jerusalem"]}, "22.3")
    assert e.message == "you have no ship in the areas it names; your ships are in Tanis, Gaza"


# ---- taxation, acquisition, pillage ---------------------------------------------------------
@pytest.mark.rule("19.2", "19.31")
@pytest.mark.site("SITE-TAX-02")
def test_tax_rate_three_and_lowered_before_a_revolt():
    state, _ = four_nations({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                            {"egypt": {"stock": 10, "civ_cards": ["coinage"]}}, options={"tokens": 10})
    o = order_for(state, 0, "tax_rate", {"rate": 3})
    assert o == {"type": "tax_rate", "player": 0, "rate": 3}
    after, _ = play(state, o)
    assert after.player("egypt").treasury == 6
    dflt, _ = play(state, engine.default(state, 0))
    assert dflt.player("egypt").treasury == 4  # SITE-TAX-02: 2 per city
    # 5 in stock, 2 cities: 3 per city would make a city revolt: 2 then
    state, _ = four_nations({"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}},
                            {"egypt": {"stock": 5, "civ_cards": ["coinage"]}}, options={"tokens": 5})
    assert order_for(state, 0, "tax_rate", {"rate": 3})["rate"] == 2
    assert order_for(state, 0, "tax_rate", {"rate": 3, "avoid_revolt": False})["rate"] == 3


ACQ = ["italy", "crete", "africa"]
STACKS = {"1": ["hides", "ochre", "ochre", "hides"], "2": ["iron", "papyrus", "iron", "volcano"],
          "3": ["salt", "timber", "famine"], "4": ["grain", "oil"], "5": ["cloth", "wine"],
          "6": ["bronze"], "7": ["spices"], "8": ["gems"], "9": ["gold", "ivory", "piracy", "gold"]}


@pytest.mark.rule("27.51")
@pytest.mark.site("SITE-ACQ-03")
def test_acquisition_buys_up_to_the_count_it_can_afford():
    st, _ = position(nations=ACQ, phase="acquisition", stacks=STACKS, options={"turn_limit": 1, "tokens": 50},
                     players={"africa": {"treasury": 40, "stock": 10}})
    africa = st.player("africa").seat
    o = order_for(st, africa, "buy_cards", {"count": 5})
    assert o == {"type": "buy_cards", "player": africa, "count": 2}  # 40 treasury: 2 at 18
    after, _ = play(st, o)
    after, _ = play(after, *[engine.default(after, d.player) for d in engine.pending(after) if d.required])
    assert after.player("africa").treasury == 4 and sorted(after.player("africa").hand) == ["gold", "ivory"]
    dflt, _ = play(st, engine.default(st, africa))
    assert dflt.player("africa").treasury == 40  # SITE-ACQ-03: none bought
    assert order_for(st, africa, "buy_cards", {"count": 1})["count"] == 1


@pytest.mark.rule("24.52")
@pytest.mark.site("SITE-CONFLICT-05")
def test_pillage_the_amount_it_names_at_most_the_maximum():
    state, _ = position(options={"players": 4, "board": "four_east", "tokens": 18},
                        nations=["babylon", "egypt", "assyria", "asia"], phase="pick",
                        board={"ur": {"tokens": {"egypt": 7}, "city": "babylon"},
                               "nineveh": {"tokens": {"assyria": 7}, "city": "asia"}},
                        players={"babylon": {"treasury": 4}, "egypt": {"stock": 10, "treasury": 1}})
    state.phase, state.step = "conflict", {}
    g = Context(state)
    PHASES["conflict"].start(g)
    g.sync()
    o = order_for(state, 1, "pillage", {"amount": 1})
    assert o == {"type": "pillage", "player": 1, "amount": 1, "area": "ur"}
    after, _ = play(state, o)
    assert after.player("egypt").treasury == 2
    dflt, _ = play(state, engine.default(state, 1))
    assert dflt.player("egypt").treasury == 4  # SITE-CONFLICT-05: the maximum, 3
    assert order_for(state, 1, "pillage", {"amount": 7})["amount"] == 3


# ---- calamities ----------------------------------------------------------------------------
def epidemic_position():
    board = {"buhen": {"tokens": {"egypt": 3}}, "upper_egypt": {"tokens": {"egypt": 4}},
             "fayum": {"tokens": {"egypt": 5}}, "thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
             "alexandria": {"tokens": {"egypt": 4}}, "susa": {"tokens": {"babylon": 6}},
             "babylonia": {"tokens": {"babylon": 5}}, "assyria": {"tokens": {"assyria": 6}},
             "galatia": {"tokens": {"asia": 8}}, "rhodes": {"tokens": {"crete": 6}},
             "scythia": {"tokens": {"thrace": 7}}}
    s, _ = cal(board, {"egypt": {"hand": ["epidemic"]}, "crete": {"treasury": 30}})
    assert sorted((d.player, d.kind) for d in engine.pending(s) if d.required) == \
        [(EGYPT, "assign_losses"), (EGYPT, "choose_losses")]
    return s


@pytest.mark.rule("30.611")
@pytest.mark.site("SITE-CAL-05")
def test_epidemic_victims_in_his_order_and_his_friends_spared():
    """Epidemic: 25 points, 10 at most each. The default hits the leaders, Crete (30 in
    treasury) first (SITE-CAL-05); the standing order names Thrace first and spares Crete and
    Asia: Thrace 10, then the leaders among the rest (Assyria, Babylon)."""
    s = epidemic_position()
    o = order_for(s, EGYPT, "assign_losses", {"victims": ["thrace"], "spare": ["crete", "asia"]})
    assert o == {"type": "assign_losses", "player": EGYPT, "assign": {"thrace": 10, "assyria": 10, "babylon": 5}}
    after, ev = play(s, o)
    assert Context(after).tokens("rhodes", "crete") == 6 and Context(after).tokens("galatia", "asia") == 8
    assert "Epidemic: Thrace is assigned 10 unit points." in texts(ev)
    assert [n for n in Context(s).leaders() if n != "egypt"][0] == "crete"
    dflt, _ = play(s, engine.default(s, EGYPT))  # the leaders: Crete loses all it can (1 stays)
    assert Context(dflt).tokens("rhodes", "crete") == 1


@pytest.mark.rule("29.62", "29.63", "30.612")
@pytest.mark.site("SITE-CAL-05")
def test_losses_tokens_before_cities_the_precious_city_kept():
    """Egypt owes 16 unit points, 12 of them can be tokens (one stays in each area): one city
    must go; Thebes is kept, Memphis destroyed (4 points in an Epidemic, 30.612)."""
    s = epidemic_position()
    o = order_for(s, EGYPT, "choose_losses", {"keep": ["thebes"]})
    assert o["destroy"] == ["memphis"] and o["reduce"] == []
    assert o["tokens"] == {"alexandria": 3, "buhen": 2, "fayum": 4, "upper_egypt": 3}
    after, ev = play(s, o)
    assert Context(after).cities_of("egypt") == ["thebes"]
    assert "Egypt has lost 16 unit points to Epidemic." in texts(ev)
    other = order_for(s, EGYPT, "choose_losses", {"keep": ["memphis"]})
    assert other["destroy"] == ["thebes"]


@pytest.mark.rule("29.62")
def test_losses_from_the_areas_he_names_first_then_the_largest_stacks():
    caps = {"ur": 5, "susa": 4, "babylonia": 2}
    assert so.take_tokens(caps, 5, so.LossesSpec(lose=["babylonia"], keep=["ur"])) == {"babylonia": 2, "susa": 3}
    assert so.take_tokens(caps, 4, so.LossesSpec()) == {"susa": 1, "ur": 3}  # evened out
    assert so.take_tokens(caps, 10, so.LossesSpec(keep=["susa", "ur"])) == {"babylonia": 2, "susa": 3, "ur": 5}


@pytest.mark.rule("30.311")
@pytest.mark.site("SITE-CAL-05")
def test_famine_assignment_in_his_order():
    board = {"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
             "upper_egypt": {"tokens": {"egypt": 12}}, "babylonia": {"tokens": {"babylon": 10}},
             "armenia": {"tokens": {"assyria": 10}}, "galatia": {"tokens": {"asia": 10}},
             "rhodes": {"tokens": {"crete": 3}}}
    s, _ = cal(board, {"egypt": {"hand": ["famine"]}, "assyria": {"treasury": 40}})
    o = order_for(s, EGYPT, "famine_assign", {"victims": ["crete", "asia"], "spare": ["assyria"]})
    assert o["victims"] == {"crete": 3, "asia": 8, "babylon": 8, "assyria": 1}
    after, _ = play(s, o)
    assert Context(after).tokens("armenia", "assyria") == 9
    dflt, _ = play(s, engine.default(s, EGYPT))
    assert Context(dflt).tokens("armenia", "assyria") == 2  # the leader loses 8 (SITE-CAL-05)


@pytest.mark.rule("30.321")
@pytest.mark.site("SITE-CAL-05")
def test_superstition_own_cities_lost_first_and_kept():
    s, _ = cal(cities(["thebes", "memphis", "tanis", "buhen"], "egypt", {"upper_egypt": 10}),
               {"egypt": {"hand": ["superstition"]}})
    o = order_for(s, EGYPT, "calamity_cities", {"lose": ["buhen"], "keep": ["thebes", "memphis"]})
    assert o == {"type": "choose_cities", "player": EGYPT, "cities": ["buhen", "memphis", "tanis"]}
    after, _ = play(s, o)
    assert Context(after).cities_of("egypt") == ["thebes"]
    # a spec naming only other players says nothing about his own cities: the default applies
    assert order_for(s, EGYPT, "calamity_cities", {"victims": ["babylon"]}) is None


def icon_board():
    b = cities(SEVEN[:5], "egypt", {"upper_egypt": 12})
    b.update(cities(["ur", "susa"], "babylon", {"mesopotamia": 6}))
    b.update(cities(["nineveh", "aleppo"], "assyria", {"armenia": 6}))
    b.update(cities(["ionia", "kanesh"], "asia", {"galatia": 6}))
    b.update(cities(["knossos", "phaestos"], "crete", {"rhodes": 6}))
    return b


@pytest.mark.rule("30.818")
@pytest.mark.site("SITE-CAL-05")
def test_iconoclasm_other_players_cities_named_in_his_order():
    """The default reduces a city each of the leaders, Crete and Egypt (SITE-CAL-05); the
    standing order names Nineveh first and then Babylon's cities, Crete spared."""
    s, _ = cal(icon_board(), {"asia": {"hand": ["iconoclasm"]}, "crete": {"ast": 3},
                              "babylon": {"treasury": 40}})
    o = order_for(s, ASIA, "calamity_cities", {"targets": ["nineveh"], "victims": ["babylon"], "spare": ["crete"]})
    assert o["cities"] == ["nineveh", "susa"]
    after, _ = play(s, o)
    g = Context(after)
    assert g.cities_of("assyria") == ["aleppo"] and g.cities_of("babylon") == ["ur"]
    assert g.cities_of("crete") == ["knossos", "phaestos"]
    dflt, _ = play(s, engine.default(s, ASIA))
    assert len(Context(dflt).cities_of("crete")) == 1 and len(Context(dflt).cities_of("babylon")) == 2
    only = order_for(s, ASIA, "calamity_cities", {"victims": ["babylon"]})
    assert only["cities"] == ["susa", "ur"]  # two of one player: Iconoclasm allows it (30.818)


@pytest.mark.rule("26.31", "26.32")
@pytest.mark.site("SITE-SURPLUS-02")
def test_support_reduction_keeps_the_city_he_names():
    state, _ = at_surplus({"ur": {"tokens": {"babylon": 2}}})
    d = pending_by_seat(state)[3]
    assert d.kind == "reduce_cities" and d.options["new_cities"] == ["memphis", "thebes"]
    o = order_for(state, 3, "reduce_cities", {"keep": ["thebes"]})
    assert o["areas"] == ["memphis", "thebes"]
    after, _ = play(state, o)
    assert Context(after).cities_of("egypt") == ["thebes"]
    o = order_for(state, 3, "reduce_cities", {"keep": ["memphis"]})
    after, _ = play(state, o)
    assert Context(after).cities_of("egypt") == ["memphis"]
    assert order_for(state, 3, "reduce_cities", {}) is None  # says nothing: the default's random choice


# ---- it decides on what the seat knows -------------------------------------------------------
#: A spec for every kind, to ask at every decision of a game.
SPECS = {
    "move": {"entered": "safe_only", "otherwise": "relieve"},
    "build_cities": {"prefer": ["ur", "thebes", "nineveh", "sardes"]},
    "buy": {"cards": ["pottery", "mysticism", "music", "cloth_making", "agriculture", "astronomy"],
            "keep": ["grain", "gold"]},
    "ships": {"keep": "all"}, "tax_rate": {"rate": 3}, "buy_cards": {"count": 1},
    "pillage": {"amount": 1}, "assign_losses": {"victims": ["egypt", "crete"], "spare": ["babylon"]},
    "famine_assign": {"victims": ["asia"]},
    "calamity_cities": {"keep": ["thebes"], "victims": ["egypt"], "targets": ["ur"]},
    "choose_losses": {"keep": ["thebes", "ur"]}, "reduce_cities": {"lose": ["memphis", "ur"]},
}


def test_standing_orders_do_not_peek_at_hidden_information():
    """The same public position with other hands, the deck order, the generator and the other
    players' secret entries of the phase changed gives the same standing order, at every
    decision of a game (as the heuristic bot, tests/games/advciv/bots/test_heuristic.py)."""
    from tresham.games.advciv.orders import is_site_order
    from tresham.games.advciv.view import PRIVATE_STEP_KEYS

    rec = play_game(4, seed=33, bots={s: heuristic_bot for s in range(4)}, turns=8, check=False, replay=False)
    state = engine.new_game({"players": 4, "turn_limit": 8}, 33)
    asked: set[str] = set()
    for o in rec.orders:
        for d in engine.pending(state):
            if not d.required or d.kind not in SPECS:
                continue
            other = state.copy()
            for p in other.players:
                if p.seat != d.player:
                    p.hand = ["ochre"] * len(p.hand)
                    p.flags.pop("calamity_from", None)
            for st in other.stacks:
                st.reverse()
            other.rng ^= 0x5DEECE66D
            for key, _ in PRIVATE_STEP_KEYS.get(other.phase, ()):
                entries = other.step.get(key)
                if isinstance(entries, dict):  # others' early entries gone, their marks cleared
                    mine = {str(d.player), other.players[d.player].nation}
                    other.step[key] = {k: v if k in mine else [] for k, v in entries.items()
                                       if k in mine or key == "marks"}
            try:
                want = so.standing_order(state, d.player, d.kind, SPECS[d.kind])
            except IllegalOrder as e:
                want = ("refused", e.message)
            try:
                got = so.standing_order(other, d.player, d.kind, SPECS[d.kind])
            except IllegalOrder as e:
                got = ("refused", e.message)
            assert want == got, (d.kind, state.phase, state.turn)
            asked.add(d.kind)
        engine.apply_in_place(state, o, by_site=is_site_order(o))
    assert {"move", "build_cities", "buy", "ships"} <= asked, asked


def test_a_later_movers_secret_plan_does_not_change_the_standing_order():
    """Illyria (moving after Thrace) has entered moves into Byzantium: they are his secret
    until carried out, so Thrace's 'safe only' still counts Byzantium as safe."""
    s = at_movement({"ur": {"tokens": {"babylon": 5}}, "thrace": {"tokens": {"thrace": 3}},
                     "moesia": {"tokens": {"illyria": 2}}})
    assert s.step["order"][:3] == [BABYLON6, THRACE, ILLYRIA]
    s, _ = play(s, mv(ILLYRIA, [{"from": "moesia", "to": "byzantium", "count": 2}]),
                mv(THRACE, [{"from": "thrace", "to": "byzantium", "count": 1}], None), mv(BABYLON6))
    o = order_for(s, THRACE, "move", {"entered": "safe_only"})
    assert o["moves"] == [{"from": "thrace", "to": "byzantium", "count": 1}]
