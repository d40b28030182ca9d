"""Orders: strict typing, unknown types and fields, platform orders, the JSON Schema."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.orders import from_json, json_schema

from .helpers import J


@pytest.mark.variant("TE-BASE-35")
@pytest.mark.parametrize("raw,needle", [
    ({"type": "tile", "player": 0, "colour": "red", "to": J("E5"), "x": 1}, "unknown field 'x'"),
    ({"type": "tile", "player": 0, "colour": "pink", "to": J("E5")}, "colour"),
    ({"type": "tile", "player": 0, "colour": "red", "to": [4.0, 4]}, "to"),
    ({"type": "tile", "player": True, "colour": "red", "to": J("E5")}, "player"),
    ({"type": "tile", "player": 0, "colour": "red"}, "needs the field 'to'"),
    ({"type": "tile", "player": 0, "colour": "red", "to": [4]}, "to"),
])
def test_malformed_tile_orders(raw, needle):
    with pytest.raises(IllegalOrder) as e:
        from_json(raw)
    assert needle in e.value.message and e.value.rule == "TE-BASE-35"


def test_unknown_type_and_platform_order():
    with pytest.raises(IllegalOrder, match="unknown order type"):
        from_json({"type": "fly", "player": 0})
    with pytest.raises(IllegalOrder, match="only by the site"):
        from_json({"type": "timeout", "player": 0})
    assert from_json({"type": "timeout", "player": 0}, by_site=True).type == "timeout"
    with pytest.raises(IllegalOrder, match="only by the site"):
        from_json({"type": "bot_default", "player": 0})
    with pytest.raises(IllegalOrder):
        from_json(["pass"])


def test_schema_one_of_by_type():
    sch = json_schema()
    names = [x["title"] for x in sch["oneOf"]]
    assert set(names) == {"leader", "withdraw", "tile", "catastrophe", "swap", "pass", "commit",
                          "war_order", "treasure", "building", "monument", "wonder",
                          "wonder_point", "timeout", "bot_default"}
    assert sch["discriminator"] == {"propertyName": "type"}
    tile = next(x for x in sch["oneOf"] if x["title"] == "tile")
    assert tile["additionalProperties"] is False


@pytest.mark.variant("TE-BASE-25")
def test_wrong_player_and_wrong_decision_refused():
    s = engine.new_game({"players": 2}, 4)
    other = 1 - s.active
    with pytest.raises(IllegalOrder, match="waits on"):
        engine.apply(s, {"type": "pass", "player": other})
    with pytest.raises(IllegalOrder, match="not a 'commit' order"):
        engine.apply(s, {"type": "commit", "player": s.active, "tiles": 0})
    with pytest.raises(IllegalOrder, match="no seat 3"):
        engine.apply(s, {"type": "pass", "player": 3})
