"""tresham/games/advciv/rules/calamities/losses.py: the shared "lose N unit points" decision of
the calamities (29.62, 29.63, 29.65), its Flood and Epidemic modes (30.511, 30.612) and the
assignment helpers."""
import pytest

from tresham.games.advciv.context import Context
from tresham.games.advciv.rules.calamities import losses as L
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng

from tests.helpers import SIX, effect_position, position


def quiet(**doc):
    """A position in a phase that changes nothing on its own (picking waits on a seat);
    six nations on the full map, Egypt seat 0 and Babylon seat 1 unless told otherwise."""
    doc.setdefault("phase", "pick")
    if len(doc["nations"]) == 2:
        doc["nations"] = doc["nations"] + [n for n in SIX if n not in doc["nations"]][:4]
    state, _ = position(**doc)
    return state


def egypt_position():
    return quiet(nations=["egypt", "babylon"],
                 board={"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
                        "sinai": {"tokens": {"egypt": 4}}, "buhen": {"tokens": {"egypt": 3}},
                        "susa": {"tokens": {"babylon": 2}}})


# ---- 29.62 What a city counts -------------------------------------------------------------------
@pytest.mark.rule("29.62")
def test_city_counts_five_or_five_minus_tokens_left():
    s = egypt_position()
    g = Context(s)
    loss = L.make_loss(g, "egypt", 10, why="Famine", rule="30.311")
    assert L.required(g, loss) == 10
    # reducing Thebes (limit 2? read from the map) leaves its limit in tokens
    lim = g.areas["thebes"].limit
    stock0 = g.of("egypt").stock
    pts = L.apply(g, loss, {"sinai": 10 - 5 - (5 - lim)}, ["thebes"], ["memphis"])
    assert pts == 10
    assert g.tokens("thebes", "egypt") == lim
    assert s.board.cities.get("thebes") is None and s.board.cities.get("memphis") is None
    assert g.tokens("sinai", "egypt") == 4 - (10 - 5 - (5 - lim))
    # tokens back to stock: sinai losses; the reduced city took `lim` tokens out of stock
    assert g.of("egypt").stock == stock0 + (10 - 5 - (5 - lim)) - lim
    assert any("Egypt's city in Thebes is reduced by Famine" in e.text for e in g.events)


@pytest.mark.rule("29.62", "29.63")
def test_reduced_city_counts_five_minus_tokens_left_and_reaches_exact():
    # Famine-like 3 points: only a city in an area of limit 2 (reduce leaves 2 -> 3 points)
    s = effect_position({"thebes": {"city": "egypt"}})
    g = Context(s)
    lim = g.areas["thebes"].limit
    loss = L.make_loss(g, "egypt", 5 - lim)
    assert L.required(g, loss) == 5 - lim
    with pytest.raises(IllegalOrder) as e:
        L.check(g, loss, {}, [], ["thebes"])
    assert e.value.rule == "29.63"
    assert L.apply(g, loss, {}, ["thebes"], []) == 5 - lim
    assert g.tokens("thebes", "egypt") == lim


# ---- 29.63 Exact if possible, else the smallest excess ------------------------------------------
@pytest.mark.rule("29.63")
def test_exact_loss_required_when_possible():
    s = egypt_position()
    g = Context(s)
    loss = L.make_loss(g, "egypt", 6)
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        L.apply(g, loss, {}, [], ["thebes", "memphis"])  # 10 > 6
    assert e.value.rule == "29.63"
    with pytest.raises(IllegalOrder) as e:
        L.apply(g, loss, {"sinai": 4}, [], [])  # 4 < 6
    assert e.value.rule == "29.63"
    assert s.digest() == before
    assert L.apply(g, loss, {"sinai": 1}, [], ["thebes"]) == 6


@pytest.mark.rule("29.63")
def test_smallest_excess_when_exact_impossible():
    s = quiet(nations=["egypt", "babylon"],
              board={"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"},
                     "susa": {"tokens": {"babylon": 2}}})
    g = Context(s)
    # Thebes and Memphis (limit 3) count 2 when reduced, 5 when destroyed:
    # reachable 0, 2, 4, 5, 7, 10 -> 8 is impossible, 10 is the smallest excess
    loss = L.make_loss(g, "egypt", 8)
    assert L.required(g, loss) == 10
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        L.apply(g, loss, {}, ["thebes"], ["memphis"])  # 7 < 8
    assert e.value.rule == "29.63" and "smallest possible excess" in e.value.message
    assert s.digest() == before
    assert L.apply(g, loss, {}, [], ["thebes", "memphis"]) == 10
    assert g.cities_of("egypt") == []


@pytest.mark.rule("29.63")
def test_loses_everything_when_short():
    s = quiet(nations=["egypt", "babylon"],
              board={"sinai": {"tokens": {"egypt": 3}}, "buhen": {"tokens": {"egypt": 2}},
                     "susa": {"tokens": {"babylon": 2}}})
    g = Context(s)
    losses = {"egypt": L.make_loss(g, "egypt", 10)}
    L.settle(g, losses)  # forced: everything goes, nobody is asked
    assert losses == {}
    assert g.tokens_on_board("egypt") == 0
    assert g.of("egypt").stock == s.options.tokens


@pytest.mark.rule("29.62", "29.63")
@pytest.mark.site("SITE-CAL-05")
def test_random_default_is_legal_and_exact():
    for seed in range(30):
        s = egypt_position()
        g = Context(s)
        losses = {"egypt": L.make_loss(g, "egypt", 9, why="Famine")}
        before = g.unit_points_on_board("egypt")
        choice = L.random_choice(g, losses["egypt"], Rng(seed))
        assert L.check(g, losses["egypt"], **choice) == 9
        L.timeout(g, losses, 0)
        assert losses == {}
        assert any(e.kind == "timeout" for e in g.events)
        # 9 points lost: a reduced city's points are 5 minus the tokens it left
        assert before - g.unit_points_on_board("egypt") == 9


# ---- 29.65 Barbarians and Pirates are never harmed ----------------------------------------------
@pytest.mark.rule("29.65")
def test_barbarians_and_pirates_never_harmed():
    s = quiet(nations=["egypt", "babylon"],
              board={"sinai": {"tokens": {"egypt": 3, "barbarians": 2}}, "thebes": {"city": "pirates"},
                     "susa": {"tokens": {"babylon": 2}}})
    g = Context(s)
    loss = L.make_loss(g, "egypt", 5)
    assert L.required(g, loss) == 3  # the pirate city and barbarian tokens do not count
    with pytest.raises(IllegalOrder):
        L.check(g, loss, {}, [], ["thebes"])
    assert L.token_caps(g, L.make_loss(g, "barbarians", 5)) == {}
    L.apply(g, loss, {"sinai": 3}, [], [])
    assert g.tokens("sinai", "barbarians") == 2 and s.board.cities["thebes"] == "pirates"


# ---- 30.414, 30.511, 30.612 The modes of particular calamities ----------------------------------
@pytest.mark.rule("30.414")
def test_named_units_limit_the_loss():
    s = egypt_position()
    g = Context(s)
    loss = L.make_loss(g, "egypt", 5, tokens={"sinai": 2}, cities=["memphis"])
    assert L.token_caps(g, loss) == {"sinai": 2}
    assert L.city_areas(g, loss) == ["memphis"]
    with pytest.raises(IllegalOrder):
        L.check(g, loss, {"buhen": 3, "sinai": 2}, [], [])
    assert L.apply(g, loss, {}, [], ["memphis"]) == 5


@pytest.mark.rule("30.511", "30.512")
@pytest.mark.site("SITE-CAL-04")
def test_flood_mode_only_vulnerable_units_on_the_plain():
    s = quiet(nations=["babylon", "egypt"],
              board={"ur": {"city": "babylon"}, "susa": {"city": "babylon"},
                     "sumeria": {"tokens": {"babylon": 3}}, "media": {"tokens": {"babylon": 3}},
                     "thebes": {"tokens": {"egypt": 2}}})
    g = Context(s)
    plain = list(g.d.map.flood_plains["tigris_euphrates"])
    loss = L.make_loss(g, "babylon", 17, mode=L.FLOOD, areas=plain)
    # Susa is a black site: safe; Media is off the plain
    assert L.city_areas(g, loss) == ["ur"]
    assert L.token_caps(g, loss) == {"sumeria": 3}
    assert L.required(g, loss) == 8
    with pytest.raises(IllegalOrder) as e:
        L.check(g, loss, {"sumeria": 3}, [], ["ur", "susa"])
    assert e.value.rule == "30.511"


@pytest.mark.rule("30.612")
def test_epidemic_keeps_a_token_per_area_and_city_counts_four():
    s = quiet(nations=["egypt", "babylon"],
              board={"thebes": {"city": "egypt"}, "sinai": {"tokens": {"egypt": 4}},
                     "buhen": {"tokens": {"egypt": 1}}, "susa": {"tokens": {"babylon": 2}}})
    g = Context(s)
    loss = L.make_loss(g, "egypt", 16, mode=L.EPIDEMIC)
    assert L.token_caps(g, loss) == {"sinai": 3}
    assert L.maximum(g, loss) == 3 + 4
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        L.check(g, loss, {"sinai": 4}, [], ["thebes"])
    assert e.value.rule == "30.612"
    with pytest.raises(IllegalOrder) as e:
        L.check(g, loss, {"buhen": 1, "sinai": 3}, [], ["thebes"])
    assert e.value.rule == "30.612"
    assert s.digest() == before
    assert L.apply(g, loss, {"sinai": 3}, [], ["thebes"]) == 7
    assert g.tokens("thebes", "egypt") == 1 and "thebes" not in s.board.cities
    assert g.tokens("sinai", "egypt") == 1 and g.tokens("buhen", "egypt") == 1


# ---- 30.611, 29.61 Assigning losses to other players --------------------------------------------
@pytest.mark.rule("30.611", "29.61")
@pytest.mark.site("SITE-CAL-05")
def test_assignment_helpers():
    s = egypt_position()
    g = Context(s)
    caps = {"babylon": 10, "assyria": 10, "asia": 10}
    before = s.digest()
    with pytest.raises(IllegalOrder) as e:
        L.check_assignment(g, {"babylon": 10, "assyria": 10, "asia": 4}, caps, 25, "30.611")
    assert e.value.rule == "30.611" and "exactly 25" in e.value.message
    with pytest.raises(IllegalOrder) as e:
        L.check_assignment(g, {"babylon": 11, "assyria": 10, "asia": 4}, caps, 25, "30.611")
    assert "at most 10" in e.value.message
    with pytest.raises(IllegalOrder) as e:
        L.check_assignment(g, {"crete": 5, "assyria": 10, "asia": 10}, caps, 25, "30.611")
    assert e.value.rule == "29.61"
    assert s.digest() == before
    assert L.check_assignment(g, {"babylon": 5, "assyria": 10, "asia": 10, "thrace": 0}, caps, 25,
                              "30.611") == {"babylon": 5, "assyria": 10, "asia": 10}
    assert L.forced_assignment({"babylon": 10, "asia": 10}, 25) == {"babylon": 10, "asia": 10}
    assert L.forced_assignment(caps, 25) is None
    for seed in range(10):
        a = L.random_assignment(caps, 25, Rng(seed))
        assert sum(a.values()) == 25 and max(a.values()) <= 10
    lead = L.leaders_assignment(g, caps, 25)
    order = [n for n in g.leaders() if n in caps]
    assert lead == {order[0]: 10, order[1]: 10, order[2]: 5}


# ---- 15.61 Inert nations ------------------------------------------------------------------------
@pytest.mark.rule("15.61")
def test_inert_nation_losses_are_settled_at_once():
    s = egypt_position()
    s.player("egypt").inert = True
    g = Context(s)
    losses = {"egypt": L.make_loss(g, "egypt", 6)}
    L.settle(g, losses)
    assert losses == {}
    assert 17 - g.unit_points_on_board("egypt") == 6


# ---- The decision's queue and orders ------------------------------------------------------------
def test_queue_pending_handle_and_sample():
    s = egypt_position()
    g = Context(s)
    losses = {"egypt": L.make_loss(g, "egypt", 5, why="Famine")}
    L.settle(g, losses)
    ds = L.pending(g, losses)
    assert [(d.player, d.kind, d.options["points"]) for d in ds] == [(0, "choose_losses", 5)]
    with pytest.raises(IllegalOrder):
        L.handle(g, losses, L.ChooseLosses(1, {"susa": 2}))  # Babylon owes nothing
    o = L.sample(g, losses, 0, Rng(3))
    L.handle(g, losses, o)
    assert losses == {}
    assert 7 + 10 - g.unit_points_on_board("egypt") == 5


def test_order_json_shape_refused_clearly():
    s = egypt_position()
    g = Context(s)
    loss = L.make_loss(g, "egypt", 3)
    with pytest.raises(IllegalOrder) as e:
        L.check(g, loss, {"sinai": "3"}, [], [])
    assert e.value.rule == "29.62"
    with pytest.raises(IllegalOrder):
        L.check(g, loss, {"sinai": 2}, [], ["thebes", "thebes"])
    with pytest.raises(IllegalOrder):
        L.check(g, loss, {"delta": 3}, [], [])
