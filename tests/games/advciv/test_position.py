"""tresham/games/advciv/position.py. The game option ``position``: a game starts from a prepared
position (a scenario document's position, docs/scenarios.md) instead of nation picking; and a
position is checked like the data files, its document typed (unknown keys refused).

No spec ID names this option; the closest are SITE-CREATE-04 (the creator's options for the
number of players, which the position must match) and SITE-CREATE-15 (options shown to all).
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from tresham.games import registry
from tresham.games.advciv import position as sc
from tresham.games.advciv.engine import apply, new_game, pending, replay
from tresham.games.advciv.site.rules import AdvancedCivilization
from tresham.games.contract import IllegalOrder

RULES = AdvancedCivilization()
THREE_TURNS = Path(__file__).resolve().parents[2] / "browser" / "positions" / "three_turns.json"

POSITION = {
    "nations": ["crete", "thrace", "africa"],
    "turn": 5,
    "phase": "population",
    "board": {"knossos": {"tokens": {"crete": 3}}, "moesia": {"tokens": {"thrace": 2}},
              "byzantium": {"tokens": {"thrace": 1}},
              "carthage": {"city": "africa", "tokens": {"africa": 1}}},
    "players": {"crete": {"hand": ["salt", "salt", "ochre"], "treasury": 4},
                "thrace": {"stock": 1, "treasury": 43, "civ_cards": ["pottery"]},
                "africa": {"hand": ["superstition", "grain", "grain"]}},
}


def options(position=POSITION, **more) -> dict:
    return RULES.parse_options({"players": 3, "position": copy.deepcopy(position), **more})


def refused(position, players: int = 3) -> str:
    before = copy.deepcopy(position)
    with pytest.raises(IllegalOrder) as e:
        RULES.parse_options({"players": players, "position": position})
    assert position == before  # bad input changes nothing
    return str(e.value)


@pytest.mark.site("SITE-CREATE-04")
def test_a_valid_position_gives_that_state():
    opts = options()
    assert opts["position"] == POSITION and opts["players"] == 3 and opts["tokens"] == 47
    s = new_game(opts, "the seed")
    assert (s.turn, s.phase) == (5, "population")
    assert [p.nation for p in s.players] == ["crete", "thrace", "africa"]
    crete, thrace, africa = s.players
    assert sorted(crete.hand) == ["ochre", "salt", "salt"] and crete.treasury == 4
    assert sorted(africa.hand) == ["grain", "grain", "superstition"]
    assert thrace.stock == 1 and thrace.treasury == 43 and "pottery" in thrace.civ_cards
    assert s.board.cities == {"carthage": "africa"}
    assert s.board.tokens["knossos"] == {"crete": 3}
    # Thrace would grow by 3 with 1 in stock: he is asked where (20.2)
    assert [(d.player, d.kind) for d in pending(s)] == [(1, "grow")]
    # the hands' cards are not also in the stacks (27.1); the state's options keep no copy of
    # the position (the view shows them, hands are secret)
    assert sum(st.count("superstition") for st in s.stacks) == 0
    assert s.options.position is None
    assert "position" not in json.dumps(RULES.view(s, 0)["options"]) or \
        RULES.view(s, 0)["options"]["position"] is None


@pytest.mark.site("SITE-CREATE-04")
def test_same_options_and_seed_give_the_same_game_and_the_seed_shuffles_the_stacks():
    opts = options()
    a, b = new_game(opts, "s1"), new_game(copy.deepcopy(opts), "s1")
    assert a.digest() == b.digest()
    assert replay(opts, "s1", []).digest() == a.digest()
    assert new_game(opts, "s2").stacks != a.stacks  # the stacks are the seed's shuffle
    order = {"type": "grow", "player": 1, "areas": {"moesia": 1}}
    assert apply(a, order)[0].digest() == apply(b, order)[0].digest() == replay(opts, "s1", [order]).digest()


@pytest.mark.site("SITE-CREATE-04")
def test_a_position_for_another_number_of_players_is_refused():
    msg = refused(POSITION, players=4)
    assert "3 nations are listed, but the game is for 4 players" in msg


@pytest.mark.rule("5.2")
def test_an_impossible_position_is_refused_naming_what_is_wrong():
    sites = ["knossos", "phaestos", "athens", "argos", "sparta", "corinth", "thera", "chalcis", "eretria", "byzantium"]
    ten = copy.deepcopy(POSITION)
    ten["board"].update({a: {"city": "crete"} for a in sites})
    assert "crete: 10 cities on the board; a nation has 9 (5.2)" in refused(ten)
    tokens = copy.deepcopy(POSITION)
    tokens["players"]["thrace"]["stock"] = 40
    assert "thrace: 3 tokens on the board + 40 in stock + 43 in treasury" in refused(tokens)
    cards = copy.deepcopy(POSITION)
    cards["players"]["thrace"]["hand"] = ["superstition", "ochre", "ochre"]
    assert "2 superstition cards in play" in refused(cards)


@pytest.mark.site("SITE-CREATE-04")
def test_unknown_areas_keys_and_values_are_refused():
    atlantis = copy.deepcopy(POSITION)
    atlantis["board"]["atlantis"] = {"tokens": {"crete": 1}}
    assert "board.atlantis" in refused(atlantis) and "not an area" in refused(atlantis)
    off_board = copy.deepcopy(POSITION)  # an area of the map, not of the 3-player board (16.7)
    off_board["board"]["memphis"] = {"tokens": {"crete": 1}}
    assert "area 'memphis' is not in play on this board" in refused(off_board)
    for key in ("orders", "expect", "seed", "options"):
        assert f"{key} is not part of a position" in refused({**POSITION, key: [] if key == "orders" else {}})
    assert "turns" in refused({**POSITION, "turns": 3})
    assert "players.crete.treasury" in refused({**POSITION, "players": {"crete": {"treasury": "4"}}})
    assert "cannot start in the 'pick' phase" in refused({**POSITION, "phase": "pick"})
    assert "must be an object" in refused("crete")
    with pytest.raises(IllegalOrder, match="after the turn limit"):
        options(turn_limit=4)


@pytest.mark.site("SITE-CREATE-15")
def test_the_option_is_shown_in_words_not_as_the_document():
    assert RULES.option_text("position", POSITION) == "Start position: prepared, turn 5, population expansion"
    assert RULES.option_text("position", {"nations": ["crete", "thrace"]}) == \
        "Start position: prepared, turn 1, taxation"
    assert RULES.option_text("hand_limit", 8) is None


# ---- the browser test's position ----------------------------------------------------------
def three_turns_orders(state) -> dict | None:
    """The hand-written orders of the browser test (None: let the bot decide)."""
    d = [x for x in pending(state) if x.required]
    phase, seat = state.phase, d[0].player if d else None
    if phase == "population" and seat == 1:  # Thrace, 3 in stock, places them himself
        return {"type": "grow", "player": 1, "areas": {"byzantium": 2, "thrace": 1}}
    if phase == "ships" and seat == 0 and state.turn == 5:  # Crete keeps his ship
        return {"type": "ships", "player": 0, "maintain": [{"area": "knossos", "pay": "treasury"}]}
    if phase == "movement" and state.turn == 5:
        if seat == 0:  # Crete sails 3 tokens from Knossos to Thera
            return {"type": "move", "player": 0, "voyages": [
                {"ship": "knossos", "steps": [["load", 3], ["sail", "thera"], ["unload", 3]]}], "done": "done"}
        return {"type": "move", "player": seat, "moves": [], "done": "done"}
    if phase == "cities" and seat == 1 and state.turn == 5:  # Thrace builds in Moesia
        return {"type": "build_cities", "player": 1, "areas": ["moesia"]}
    if phase == "calamities" and seat == 2 and state.turn == 5:  # Africa keeps Cyrene
        return {"type": "choose_cities", "player": 2, "cities": ["carthage", "thapsus", "tripoli"]}
    if phase == "advances" and seat == 1 and state.turn == 5:  # Thrace buys Pottery
        return {"type": "buy", "player": 1, "cards": ["pottery"], "pay_cards": ["grain", "grain", "grain"],
                "treasury": 9}
    return None


def play_three_turns(seed: str):
    """Play the browser test's position for three turns: the hand-written orders above, the
    bot's for everything else. Gives the decisions seen (turn, seat, kind) and the events."""
    position = json.loads(THREE_TURNS.read_text())
    opts = RULES.parse_options({"players": 3, "position": position})
    state = RULES.new_game(opts, seed)
    bot = registry.get("advciv").bot
    seen, events, log = [], [], []
    for _ in range(600):
        if state.turn > 7 or state.finished:
            break
        owed = [d for d in pending(state) if d.required]
        seen += [(state.turn, d.player, d.kind) for d in owed]
        if state.phase == "trade" and state.turn == 5 and not any(o["type"] == "trade_offer" for o in log):
            # the trade of the browser test: market opens, Crete lies, Africa accepts
            for order, by_site in (({"type": "market_open", "player": 0}, True),
                                    ({"type": "trade_offer", "player": 0, "to": "africa",
                                      "give": ["salt", "salt", "superstition"], "said": ["salt", "salt", "ochre"],
                                      "expect": ["oil", "oil", "dont_care"]}, False),
                                    ({"type": "trade_accept", "player": 2, "offer": 1,
                                      "give": ["oil", "oil", "hides"]}, False)):
                state, ev = apply(state, order, by_site=by_site)
                events += ev
                log.append(order)
            for seat in range(3):
                order = {"type": "trade_done", "player": seat}
                state, ev = apply(state, order)
                events += ev
                log.append(order)
            continue
        if not owed:
            raise AssertionError(f"nothing owed in {state.phase}, turn {state.turn}")
        order = three_turns_orders(state) if state.phase != "trade" else None
        if order is None:
            order = bot(state, owed[0].player, f"salt-{len(log)}")
        state, ev = apply(state, order, by_site=RULES.is_site_order(order))
        events += ev
        log.append(order)
    return seen, events, state, opts, log


@pytest.mark.parametrize("seed", ["browser-1", "another seed"])
def test_the_browser_tests_position_offers_each_required_decision_within_three_turns(seed):
    """The prepared position of tests/browser/test_three_turns.py leads to each decision that
    test gives through the pages. It cites no behaviour: the pages' behaviours (SITE-POP-02,
    SITE-SHIP-02, SITE-CITY-01, SITE-TRADE-09, SITE-ADV-01...) are the browser test's."""
    seen, events, state, opts, log = play_three_turns(seed)
    kinds = {(seat, kind) for _, seat, kind in seen if _ <= 7}
    texts = [e.text for e in events]
    # (a) Thrace (seat 1) is short of stock in turn 5: he places his growth
    assert (5, 1, "grow") in seen
    assert any("Thrace grows by 3 tokens" in t for t in texts)
    # (b) Crete (seat 0) keeps his ship and sails 3 tokens from Knossos to Thera
    assert (0, "ships") in kinds and (0, "move") in kinds
    assert any("Thera" in t and "Crete" in t and ("sail" in t.lower() or "ship" in t.lower()) for t in texts), \
        [t for t in texts if "Crete" in t]
    # (c) Thrace builds a city in Moesia
    assert (1, "build_cities") in kinds
    assert any("Moesia" in t and "city" in t.lower() for t in texts)
    # (d) everybody trades with 3+ cards; Crete says Superstition is Ochre; Africa, with 4
    # cities, chooses the 3 Superstition reduces
    assert {(s, "trade") for s in range(3)} <= kinds
    assert any("said to be Salt, Salt, Ochre" in t for t in texts)
    assert (5, 2, "calamity_cities") in seen
    # (e) Thrace buys Pottery
    assert (1, "buy") in kinds
    assert any("Pottery" in t and "Thrace" in t for t in texts)
    # and the log replays to the same state
    assert replay(opts, seed, log).digest() == state.digest()


# ---- the document (docs/scenarios.md) --------------------------------------------------------
def test_scenario_rejects_unknown_keys():
    with pytest.raises(sc.ScenarioError, match="unknown key 'bord'"):
        sc.build({"nations": ["crete", "thrace"], "bord": {}})


# ---- a position is checked like the data files -------------------------------------------------
FOUR = ["egypt", "babylon", "crete", "assyria"]


def refused_position(words: str, **doc) -> None:
    with pytest.raises(sc.ScenarioError) as e:
        sc.build(dict(nations=FOUR, **doc))
    assert words in str(e.value), str(e.value)


@pytest.mark.rule("5.1")
def test_tokens_on_board_stock_and_treasury_add_up_to_the_games_tokens():
    refused_position("egypt: 99 tokens on the board + -44 in stock + 0 in treasury = 55, but a nation "
                     "has 55 tokens in this game (5.1)", board={"thebes": {"tokens": {"egypt": 99}}})
    refused_position("egypt: 3 tokens on the board + 10 in stock + 0 in treasury = 13",
                     board={"thebes": {"tokens": {"egypt": 3}}}, players={"egypt": {"stock": 10}})
    st, _ = sc.build({"nations": FOUR, "options": {"tokens": 13}, "phase": "movement",
                      "board": {"thebes": {"tokens": {"egypt": 3}}},
                      "players": {"egypt": {"stock": 10}}})
    assert (st.players[0].stock, st.players[1].stock) == (10, 13)


@pytest.mark.rule("5.2", "22.2")
def test_at_most_nine_cities_and_four_ships():
    ten = ["thebes", "memphis", "alexandria", "fayum", "tanis", "upper_egypt", "sinai", "gaza",
           "jerusalem", "damascus"]
    refused_position("egypt: 10 cities on the board; a nation has 9 (5.2)",
                     board={a: {"city": "egypt"} for a in ten})
    refused_position("egypt: 5 ships; a nation has at most 4 (22.2)", ships={"egypt": ["alexandria"] * 5})


@pytest.mark.rule("27.1")
def test_no_card_in_two_places_and_no_more_copies_than_the_game_has():
    refused_position("2 famine cards in play (hands: egypt, babylon",
                     players={"egypt": {"hand": ["famine"]}, "babylon": {"hand": ["famine"]}})
    refused_position("10 ochre cards in play", players={"egypt": {"hand": ["ochre"] * 10}})
    refused_position("'gold_bars' is not a trade card (27.1)", players={"egypt": {"hand": ["gold_bars"]}})


def test_the_document_is_typed_and_names_the_wrong_key():
    refused_position("players.egypt.stock: must be a whole number (got 'ten')", players={"egypt": {"stock": "ten"}})
    refused_position("orders: must be a list (got 'oops')", orders="oops")
    refused_position("babylonia: tokens of 'italy', who is not playing", board={"babylonia": {"tokens": {"italy": 2}}})
    refused_position("players: italy is not among the nations playing", players={"italy": {"stock": 3}})
    refused_position("unknown key 'colour'", colour="red")
    refused_position("phase: input should be", phase="lunch")
    with pytest.raises(sc.ScenarioError, match="nations: a nation is listed twice"):
        sc.build({"nations": ["egypt", "egypt"]})
    with pytest.raises(sc.ScenarioError, match="a scenario is a JSON object"):
        sc.parse([1, 2])
