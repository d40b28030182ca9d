"""site/preview.py: what a Tigris & Euphrates order does before it is sent (SITE-TABLE-05),
from the seat's own view only."""
from __future__ import annotations

import pytest

from tresham.games.tigris import engine
from tresham.games.tigris.site.preview import preview

from ..helpers import J, game, hand, leader, tiles


@pytest.mark.site("SITE-TABLE-05")
@pytest.mark.variant("TE-BASE-38")
def test_a_tile_beside_ones_king_scores_its_colour():
    """A market on D6, in the kingdom of the Archer's king on C6 (no trader there): 1 green
    to the Archer (TE-BASE-38); his next decision is his second action."""
    s = game()
    tiles(s, "red", "C5")
    leader(s, "C6", 0, "black")
    hand(s, 0, green=2, red=1)
    p = preview(engine.view(s, 0), {"type": "tile", "colour": "green", "to": J("D6")})
    assert p["ok"] and p["points"] == {"green": 1} and p["conflict"] is None
    assert (p["next"], p["next_seat"]) == ("action", 0)
    assert p["lines"] == ["You score 1 green."]
    assert s.points[0]["green"] == 0  # nothing changed


@pytest.mark.site("SITE-TABLE-05")
@pytest.mark.variant("TE-BASE-51", "TE-BASE-54")
def test_a_tile_joining_two_kingdoms_shows_the_war_it_starts():
    """A market on E5 joins the Archer's kingdom (3 black supporters: D5, D6, B6) to the
    Bull's (2: F5, F6): a black war, the Archer attacking, 3 against 2, the Archer to commit
    first; from his view alone (the Bull's hand changes nothing); a farm on land is refused."""
    s = game()
    tiles(s, "red", "C5", "G5")
    tiles(s, "black", "D5", "D6", "B6", "F5", "F6")
    leader(s, "C6", 0, "black")
    leader(s, "G6", 1, "black")
    hand(s, 0, green=1, black=2)
    hand(s, 1, black=4)
    order = {"type": "tile", "colour": "green", "to": J("E5")}
    p = preview(engine.view(s, 0), order)
    assert p["conflict"] == {"kind": "war", "colour": "black", "attacker": 0, "defender": 1,
                             "attacker_strength": 3, "defender_strength": 2}
    assert (p["next"], p["next_seat"]) == ("commit", 0)
    assert "A black war follows: Archer (3) attacks Bull (2), before the tiles committed." in p["lines"]
    hand(s, 1, black=1, blue=3)
    assert preview(engine.view(s, 0), order) == p
    bad = preview(engine.view(s, 0), {"type": "tile", "colour": "blue", "to": J("E5")})
    assert not bad["ok"] and bad["rule"].startswith("TE-BASE")


@pytest.mark.site("SITE-TABLE-05")
def test_every_order_of_games_played_by_bots_gets_a_preview_or_a_refusal():
    """Each order of three 3-player games between greedy bots, previewed first by its seat: a
    preview or the rules' refusal, never a crash. A monument's preview was a KeyError: the
    seat's information state lacked the square of the tile being settled (now ``played_at``
    in every view: the tile is on the board for all to see)."""
    from tresham.games.contract import IllegalOrder
    from tresham.games.tigris import engine
    from tresham.games.tigris.bots import greedy_order
    from tresham.games.tigris.site.rules import TigrisEuphrates

    rules = TigrisEuphrates()
    kinds: set[str] = set()
    for seed in range(3):
        s = engine.new_game({"players": 3}, seed=seed)
        for n in range(300):
            d = next((x for x in engine.pending(s) if x.required), None)
            if d is None:
                break
            order = greedy_order(engine.view(s, d.player), f"{seed}:{n}")
            try:
                assert all(isinstance(x, str) and x for x in rules.preview(s, d.player, order))
            except IllegalOrder as e:
                assert e.message, order
            kinds.add(d.kind)
            s, _ = engine.apply(s, order)
    assert {"action", "commit", "monument"} <= kinds, kinds
