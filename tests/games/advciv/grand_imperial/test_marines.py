"""tresham/games/advciv/grand_imperial/marines.py, shipyard.py (and their parts of fleet.py,
movement.py, purchase.py): the Marines and Shipyard city advances (design section 3.11
GI-CITYADV-25, -26; 3.4 GI-SEA-06(d)). Rulings GIM-n: docs/rulings/grand-imperial-marines.md.
Numbers: the seed (001_199a5eef780342bd.txt, "Marines", "Shipyard") and the data."""
from __future__ import annotations

import pytest

from tresham.games.advciv.grand_imperial import fleet
from tresham.games.advciv.grand_imperial import marines as mar
from tresham.games.advciv.orders import Timeout
from tresham.games.advciv.variant import game_for
from tresham.games.advciv.tools.sim import check_invariants

from tests.games.advciv.grand_imperial.test_ships import (CRETE, EGYPT, aboard, at_movement, at_sea,  # noqa: F401
                                                    engage, give, gi_position, grand_imperial, restart,
                                                    ship, voyage)
from tests.helpers import play, refused, texts


def with_marines(state, nation, *areas, ship_id=None, n=0):
    """``nation``'s Marines on land in ``areas``, and ``n`` aboard ship ``ship_id``."""
    if areas:
        state.variant_state.setdefault("marines", {})[nation] = sorted(areas)
    if ship_id is not None:
        ship(state, nation, ship_id)["marines"] = n


def marine_move(*moves, voyages=()):
    return {"type": "move", "player": CRETE, "moves": [], "voyages": list(voyages),
            "marines": [dict(zip(("from", "to", "count"), m)) for m in moves], "done": "done"}


# ---- Marines: capacity, movement, Piracy (GI-CITYADV-25, GIR-45) ----------------------------------
@pytest.mark.variant("GI-CITYADV-25")
def test_a_trireme_with_marines_and_five_tokens_refuses_a_sixth_token(grand_imperial):
    s = at_movement("trireme", tokens=6)
    with_marines(s, "crete", ship_id=1, n=1)
    # the Marines aboard take no room: 5 tokens fit beside them, a 6th does not (capacity 5)
    e = refused(s, voyage(["load", 6], ["sail", "thera"], ["unload", 6]), "GI-SHIP-05")
    assert "at most 5 tokens and cards" in e.message and "6 tokens" in e.message
    s, ev = play(s, voyage(["load", 5], ["sail", "thera"]))
    rec = ship(s, "crete", 1)
    assert (rec["area"], rec["tokens"], rec["marines"]) == ("thera", 5, 1)
    assert s.board.tokens["knossos"]["crete"] == 1
    assert check_invariants(s) == []


@pytest.mark.variant("GI-CITYADV-25")
def test_marines_move_one_land_area_like_a_token_and_once(grand_imperial):
    s = at_movement("trireme", tokens=2)
    with_marines(s, "crete", "knossos", "knossos")
    e = refused(s, marine_move(("knossos", "sparta", 1)), "23.3")
    assert "do not share a land boundary" in e.message
    e = refused(s, marine_move(("knossos", "phaestos", 3)), "GI-CITYADV-25")
    assert "only 2 Marines" in e.message
    # one moved overland may not embark afterwards (a piece moves once a phase, 23.56)
    refused(s, marine_move(("knossos", "phaestos", 2),
                           voyages=[{"ship": "knossos", "id": 1, "steps": [["marine", "load"], ["sail", "thera"]]}]),
            "GI-CITYADV-25")
    s, ev = play(s, marine_move(("knossos", "phaestos", 1)))
    assert "Crete moves 1 Marines from Knossos to Phaestos." in texts(ev)
    assert mar.on_land(s, "crete") == ["knossos", "phaestos"]
    # the tokens were not moved and the Marines are no tokens
    assert s.board.tokens["knossos"]["crete"] >= 2 and "phaestos" not in s.board.tokens
    assert check_invariants(s) == []


@pytest.mark.variant("GI-CITYADV-25")
def test_marines_embark_sail_and_land_without_taking_room(grand_imperial):
    s = at_movement("trireme", tokens=5)
    with_marines(s, "crete", "knossos")
    s, ev = play(s, voyage(["load", 5], ["marine", "load"], ["sail", "thera"], ["sail", "argos"],
                           ["unload", 5], ["marine", "unload"]))
    assert "Marines land in Argos" in texts(ev)
    rec = ship(s, "crete", 1)
    assert rec["area"] == "argos" and rec["tokens"] == 0 and "marines" not in rec
    assert mar.on_land(s, "crete") == ["argos"]
    # a ship without Marines aboard cannot land one
    s = at_movement("trireme", tokens=1)
    e = refused(s, voyage(["sail", "thera"], ["marine", "unload"]), "GI-CITYADV-25")
    assert "carries no Marines" in e.message


@pytest.mark.variant("GI-CITYADV-25")
def test_a_ship_or_city_with_marines_is_guarded_against_piracy(grand_imperial):
    s = gi_position({"knossos": {"tokens": {"crete": 2}, "city": "crete"}, "phaestos": {"city": "crete"}},
                    ships={"crete": ["knossos", "knossos"]})
    with_marines(s, "crete", "knossos", ship_id=2, n=1)
    g = game_for(s)
    assert mar.guarded(g, "crete", 2) and not mar.guarded(g, "crete", 1)  # ship 2 carries one
    assert mar.guarded(g, "crete", "knossos") and not mar.guarded(g, "crete", "phaestos")
    assert not mar.guarded(g, "egypt", "knossos")  # Crete's Marines guard Crete's city only
    assert check_invariants(s) == []


@pytest.mark.variant("GI-CITYADV-25")
def test_marines_never_fight_and_are_not_surplus(grand_imperial):
    # Crete's Marines stand in Tanis among 3 Egyptian tokens: no conflict, they stay;
    # Sparta (limit 1) with 1 Crete token and 2 Crete Marines: nothing is surplus
    s = gi_position({"tanis": {"tokens": {"egypt": 3}}, "sparta": {"tokens": {"crete": 1}}})
    with_marines(s, "crete", "sparta", "sparta", "tanis")
    restart(s, "conflict")
    assert s.board.tokens["tanis"] == {"egypt": 3} and mar.on_land(s, "crete") == ["sparta", "sparta", "tanis"]
    restart(s, "surplus")
    assert s.board.tokens["sparta"] == {"crete": 1} and mar.in_area(s, "crete", "sparta") == 2
    assert check_invariants(s) == []


@pytest.mark.variant("GI-CITYADV-25", "GI-SEA-05")
def test_marines_are_lost_with_their_sunk_ship_but_guard_nothing_at_sea(grand_imperial):
    s = at_sea([("warship", 4)], [("galleon", 4)], egypt_cards=["papyrus", "salt"])
    give(s, "crete", "navy")
    ship(s, "egypt", 1)["marines"] = 1
    s, ev = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json(), Timeout(CRETE).to_json())
    assert fleet.records(s, "egypt") == [] and mar.aboard(s, "egypt") == 0
    assert "Egypt's 1 Marines aboard ship 1 is lost with it (GIR-45)." in texts(ev)
    assert sorted(ship(s, "crete", 1)["cards"]) == ["papyrus", "salt"]  # Marines are no help in a fight
    assert check_invariants(s) == []


@pytest.mark.variant("GI-CITYADV-25")
def test_the_move_form_moves_marines_overland_and_aboard(grand_imperial):
    from tresham.games.advciv import engine
    from tresham.games.advciv.site.forms import form_order, order_forms

    s = at_movement("trireme", tokens=2)
    with_marines(s, "crete", "knossos", "knossos")
    g = game_for(s)
    pending = engine.pending(s)
    forms = {f.id: f for f in order_forms(g, CRETE, pending)}
    assert "move.marines" in forms and {"marines_load", "marines_unload"} <= {x.name for x in forms["move.voyage"].fields}
    order = form_order(g, CRETE, pending, "move.marines", {"from": "knossos", "to": "phaestos", "count": 1})
    assert order["marines"] == [{"from": "knossos", "to": "phaestos", "count": 1}]
    s, _ = play(s, order)  # entered, not yet confirmed
    g = game_for(s)
    pending = engine.pending(s)
    order = form_order(g, CRETE, pending, "move.voyage", {"ship": "knossos|1", "load": 0, "marines_load": 1,
                                                          "sail1": "thera", "unload": 0, "marines_unload": 1})
    assert order["marines"] == [{"from": "knossos", "to": "phaestos", "count": 1}]
    order["done"] = "done"
    s, _ = play(s, order)
    assert mar.on_land(s, "crete") == ["phaestos", "thera"] and ship(s, "crete", 1)["area"] == "thera"


# ---- buying Marines and the Shipyard (GI-CITYADV-25, -26, GI-SEA-06(d)) ---------------------------
def east(board, ships, players, phase="advances", variant_state=None):
    """A four-player eastern position (Egypt seat 0); Assyria's treasury holds the advances
    phase open."""
    from tests.games.advciv.grand_imperial.test_advances import EAST, GI as GI4, WAIT
    from tests.helpers import position

    state, _ = position(nations=EAST, options={**GI4, "players": 4}, board=board, ships=ships,
                        players={**WAIT, **players}, phase=phase, variant_state=variant_state or {})
    return state


def buy_line(advance, city, **pay):
    return {"type": "buy", "player": 0, "advances": [{"advance": advance, "city": city, **pay}]}


@pytest.mark.variant("GI-CITYADV-25")
def test_buying_marines_puts_a_piece_in_the_city_named(grand_imperial):
    """Egypt (Navy owned) buys Marines (50) in Tanis with 50 from treasury: the piece stands in
    Tanis (GIM-1), and Tanis is guarded against Piracy; a flipped Marines restored at half price
    (25, paid with 2 Gold) in Memphis sets down no new piece (GIM-2)."""
    s = east({"tanis": {"city": "egypt"}, "memphis": {"city": "egypt"}}, {},
             {"egypt": {"treasury": 55, "hand": ["gold", "gold"]}},
             variant_state={"sites": {"memphis": {"owner": "egypt", "active": [], "flipped": ["marines"],
                                                  "decay": None}}})
    s.player("egypt").civ_cards["navy"] = 0
    s, ev = play(s, {"type": "buy", "player": 0, "advances": [
        {"advance": "marines", "city": "tanis", "treasury": 50},
        {"advance": "marines", "city": "memphis", "pay_cards": ["gold", "gold"], "restore": True}]})
    assert "Egypt's new Marines stand in Tanis (GI-CITYADV-25)." in texts(ev)
    assert mar.on_land(s, "egypt") == ["tanis"] and s.player("egypt").treasury == 5
    assert mar.guarded(game_for(s), "egypt", "tanis") and not mar.guarded(game_for(s), "egypt", "memphis")
    assert check_invariants(s) == []


@pytest.mark.variant("GI-CITYADV-26")
def test_a_shipyard_bought_with_one_ship_launches_three_more_there(grand_imperial):
    """Egypt (Galleons owned) with 1 ship in Gaza buys a Shipyard (150: 4 Gold, 144, and 6 from
    treasury) in Tanis: 3 new Triremes, ships 2, 3 and 4, stand in Tanis, free (treasury 10 -> 4)."""
    s = east({"tanis": {"city": "egypt"}}, {"egypt": ["gaza"]}, {"egypt": {"treasury": 10, "hand": ["gold"] * 4}})
    s.player("egypt").civ_cards["galleons"] = 0
    s, ev = play(s, buy_line("shipyard", "tanis", treasury=6, pay_cards=["gold"] * 4))
    assert sorted(s.board.ships["egypt"]) == ["gaza", "tanis", "tanis", "tanis"]
    assert [(r["id"], r["area"], r["role"], r["tokens"]) for r in fleet.records(s, "egypt")] == [
        (1, "gaza", "trireme", 0), (2, "tanis", "trireme", 0), (3, "tanis", "trireme", 0), (4, "tanis", "trireme", 0)]
    assert s.player("egypt").treasury == 4
    assert check_invariants(s) == []


def shipyard_at_sea(egypt_sites):
    """S-6 at sea in Rhodes (Crete's Warship 4 against Egypt's Galleon 4 with 2 cards), Egypt
    owning the cities and sites ``egypt_sites`` {area: [advances]}."""
    s = at_sea([("warship", 4)], [("galleon", 4)], egypt_cards=["papyrus", "salt"])
    for area, adv in egypt_sites.items():
        s.board.cities[area] = "egypt"
        s.variant_state.setdefault("sites", {})[area] = {"owner": "egypt", "active": list(adv), "flipped": [],
                                                         "decay": None}
    return s


@pytest.mark.variant("GI-CITYADV-26", "GI-SEA-06")
def test_a_sunk_ship_comes_back_in_the_shipyard_city(grand_imperial):
    """GI-SEA-06(d): Egypt's Galleon sunk in Rhodes comes back at once as an empty Trireme,
    ship 1, in his Shipyard city: the lowest area id of his two (Gaza before Tanis); its
    4 tokens and 2 cards are lost all the same."""
    s = shipyard_at_sea({"tanis": ["shipyard"], "gaza": ["shipyard"]})
    stock = s.player("egypt").stock
    s, ev = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json(), Timeout(CRETE).to_json())
    assert "sinks ship 1 (free)" in texts(ev)
    assert "Egypt's Shipyard in Gaza replaces the ship lost: ship 1, a Trireme, free of charge (GI-CITYADV-26)." \
        in texts(ev)
    assert fleet.records(s, "egypt") == [{"id": 1, "area": "gaza", "role": "trireme", "tokens": 0, "cards": []}]
    assert s.board.ships["egypt"] == ["gaza"] and s.player("egypt").stock == stock + 4
    assert sorted(ship(s, "crete", 1)["cards"]) == ["papyrus", "salt"]
    assert check_invariants(s) == []


@pytest.mark.variant("GI-CITYADV-26")
def test_an_unmaintained_ship_is_not_replaced(grand_imperial):
    """GIR-46: Egypt lets his ship in Gaza go in the ships phase (it is not maintained): his
    Shipyard in Tanis does not replace it; a flipped Shipyard replaces nothing either."""
    s = east({"tanis": {"city": "egypt"}, "gaza": {"tokens": {"egypt": 1}}}, {"egypt": ["gaza"]},
             {"egypt": {"treasury": 5}},
             variant_state={"sites": {"tanis": {"owner": "egypt", "active": ["shipyard"], "flipped": [],
                                               "decay": None}}})
    restart(s, "ships")
    assert s.phase == "ships"
    s, ev = play(s, {"type": "ships", "player": 0, "maintain": [], "build": []})
    assert "egypt" not in s.board.ships and fleet.records(s, "egypt") == []
    assert not any("replaces the ship lost" in t for t in texts(ev))
    # a Shipyard face down (flipped) does not work (GI-CARULE-06): a ship sunk is not replaced
    s = shipyard_at_sea({})
    s.board.cities["tanis"] = "egypt"
    s.variant_state["sites"] = {"tanis": {"owner": "egypt", "active": [], "flipped": ["shipyard"], "decay": None}}
    s, ev = play(s, engage(CRETE, "egypt"), Timeout(EGYPT).to_json(), Timeout(CRETE).to_json())
    assert "sinks ship 1 (free)" in texts(ev) and "egypt" not in s.board.ships


@pytest.mark.variant("GI-CITYADV-25", "GI-CITYADV-26")
def test_random_bots_move_marines_and_keep_the_invariants(grand_imperial):
    """Random bots from a position where Egypt has a Shipyard in Tanis, Marines on land and
    aboard, and Babylon's ships near by (Navy and Galleons owned by all: Warships and Galleons
    may be declared): every order is legal (no refused sample), the ship
    records, the Marines and the sites keep their invariants after every order, the log
    replays, and Marines are moved overland and by ship."""
    from tresham.games.advciv.tools.sim import play_game, seat_bots

    from tests.games.advciv.grand_imperial.test_advances import EAST, GI as GI4

    def rec(i, area, marines=0):
        return {"id": i, "area": area, "role": "trireme", "tokens": 0, "cards": [],
                **({"marines": marines} if marines else {})}

    cards = ["cloth_making", "astronomy", "navy", "galleons"]
    pos = {"nations": EAST,
           "board": {"tanis": {"city": "egypt", "tokens": {"egypt": 3}}, "memphis": {"city": "egypt", "tokens": {"egypt": 4}},
                     "gaza": {"tokens": {"egypt": 3}}, "babylon": {"city": "babylon", "tokens": {"babylon": 4}},
                     "ur": {"city": "babylon", "tokens": {"babylon": 3}}, "nineveh": {"city": "assyria"}},
           "players": {n: {"treasury": 15, "civ_cards": cards} for n in EAST},
           "variant_state": {"sites": {"tanis": {"owner": "egypt", "active": ["shipyard"], "flipped": [], "decay": None}},
                             "marines": {"egypt": ["gaza", "memphis", "tanis"]},
                             "ships": {"egypt": [rec(1, "tanis", 1), rec(2, "gaza", 1)],
                                       "babylon": [rec(1, "ur"), rec(2, "ur")]}}}
    moves = []
    for seed in range(1, 9):
        game = play_game(4, seed, bots=seat_bots("random", 4, seed), turns=6, options={**GI4, "position": pos})
        assert game.violations == [] and not game.stalled and game.replay_ok and game.refused_samples == []
        moves += [o for o in game.orders if o.get("type") == "move"]
    assert any(o.get("marines") for o in moves)
    assert any(s[0] == "marine" for o in moves for v in o.get("voyages", []) for s in v["steps"])


# ---- positions with ship records (GIM-8) ----------------------------------------------------------
@pytest.mark.variant("GI-CITYADV-25", "GI-SHIP-01")
def test_a_position_gives_ship_records_with_marines_and_the_variants_civilization_cards(grand_imperial):
    """A scenario's ``variant_state.ships`` records stand on the board without a ``ships`` key,
    their 3 tokens aboard out of stock (55 - 2 on land - 3 aboard = 50), the Marines aboard
    kept; Navy is a civilization card of the variant's; an unknown one is refused."""
    from tresham.games.advciv.position import ScenarioError
    from tests.helpers import position

    vs = {"ships": {"crete": [{"id": 2, "area": "knossos", "role": "warship", "tokens": 3, "cards": [],
                               "marines": 1}]},
          "marines": {"crete": ["phaestos"]}}
    s, _ = position(nations=["crete", "egypt", "babylon", "assyria", "asia", "thrace"],
                    options={"variant": "grand_imperial", "wem": True, "players": 6},
                    board={"knossos": {"tokens": {"crete": 2}}}, players={"crete": {"civ_cards": ["navy"]}},
                    phase="movement", variant_state=vs)
    assert s.board.ships["crete"] == ["knossos"] and s.player("crete").stock == 50
    assert ship(s, "crete", 2) == {"id": 2, "area": "knossos", "role": "warship", "tokens": 3, "cards": [], "marines": 1}
    assert "navy" in s.player("crete").civ_cards and mar.on_land(s, "crete") == ["phaestos"]
    assert check_invariants(s) == []
    with pytest.raises(ScenarioError, match="navvy"):
        position(nations=["crete", "egypt", "babylon", "assyria", "asia", "thrace"],
                 options={"variant": "grand_imperial", "wem": True, "players": 6},
                 players={"crete": {"civ_cards": ["navvy"]}}, phase="movement")
