"""``legal.legal_orders`` (sped up for the bots and the long games) lists exactly the
leader, tile and catastrophe orders that the rules' own checks accept, square by square,
over seeded random games with every option mix."""
import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.bots import random_bot
from tresham.games.tigris.legal import legal_orders
from tresham.games.tigris.regions import READING
from tresham.games.tigris.rules import catastrophe, leaders, tiles
from tresham.games.tigris.rules.turn import decider
from tresham.games.tigris.state import COLOURS

MIXES = [{"players": 2}, {"players": 3, "board": "advanced", "buildings": True},
         {"players": 4, "wonder": True, "english": True}]


def by_checks(s, seat) -> set:
    out = set()
    for q in READING:
        for c in COLOURS:
            try:
                leaders.check_place(s, seat, c, q)
                out.add(("leader", c, q))
            except IllegalOrder:
                pass
            try:
                tiles.check(s, seat, c, q)
                out.add(("tile", c, q))
            except IllegalOrder:
                pass
        try:
            catastrophe.check(s, seat, q)
            out.add(("catastrophe", None, q))
        except IllegalOrder:
            pass
    return out


@pytest.mark.variant("TE-BASE-29", "TE-BASE-30", "TE-BASE-32", "TE-BASE-35", "TE-BASE-36",
                     "TE-BASE-42")
@pytest.mark.parametrize("options", MIXES)
def test_legal_orders_are_what_the_checks_accept(options):
    s = engine.new_game(options, 41)
    k = checked = 0
    while not s.finished:
        seat = decider(s)
        if s.phase == "action" and k % 4 == 0:
            listed = {(o["type"], o.get("colour"), tuple(o["to"])) for o in legal_orders(s, seat)
                      if o["type"] in ("leader", "tile", "catastrophe")}
            assert listed == by_checks(s, seat), (k, listed ^ by_checks(s, seat))
            checked += 1
        s, _ = engine.apply(s, random_bot(s, seat, f"{k}"))
        k += 1
    assert checked > 20
