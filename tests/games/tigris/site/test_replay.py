"""The post-game replay (``replay.py``, issue 10, SITE-HIST-01): a game rebuilt from its options,
seed and log, every hand and score revealed turn by turn.

The log is built by hand on seed 4 (two players, the archer starts). The deal, read off a
fresh game: archer 2 temples, 2 farms, 1 market, 1 settlement; bull 4 temples, 1 farm,
1 market; the bag's end (drawn first): farm, market, farm, temple, market, ...

- turn 1, archer: his king on G10 (by the temple of F10), his trader on C2 (by B2's temple);
- turn 2, bull: his king on E10, by the same temple: a revolt of kings (TE-BASE-46); bull
  commits 2 temples, archer 1 (3 against 2, TE-BASE-49); bull swaps a farm and a market,
  drawing a farm and a market (TE-BASE-45); the refills give bull a farm and a temple,
  archer a market (TE-Z-03);
- turn 3, archer: a market on D2 (his trader scores 1 green), a farm on E2;
- turn 4, bull passes; turn 5, archer: a temple on F2 joins B2's and F3's treasures to his
  trader's kingdom: he takes B2's (TE-BASE-72/73); then every action swaps the whole hand
  until the bag cannot supply a draw (TE-BASE-76).
"""
from __future__ import annotations

import pytest

from tresham.games.contract import IllegalOrder
from tresham.games.tigris import engine
from tresham.games.tigris.site.rules import TigrisEuphrates
from tresham.games.tigris.site.replay import replay_page, replay_tables
from tresham.games.tigris.state import COLOURS

from .. import randplay

G = TigrisEuphrates()
OPTS = engine.parse_options({"players": 2})
SEED = 4

START = [
    {"type": "leader", "player": 0, "colour": "black", "to": [6, 9]},   # 1 G10
    {"type": "leader", "player": 0, "colour": "green", "to": [2, 1]},   # 2 C2
    {"type": "leader", "player": 1, "colour": "black", "to": [4, 9]},   # 3 E10: a revolt
    {"type": "commit", "player": 1, "tiles": 2},                          # 4 attacker
    {"type": "commit", "player": 0, "tiles": 1},                          # 5 defender
    {"type": "swap", "player": 1, "tiles": {"blue": 1, "green": 1}},     # 6
    {"type": "tile", "player": 0, "colour": "green", "to": [3, 1]},     # 7 D2
    {"type": "tile", "player": 0, "colour": "blue", "to": [4, 1]},      # 8 E2
    {"type": "pass", "player": 1},                                        # 9
    {"type": "tile", "player": 0, "colour": "red", "to": [5, 1]},       # 10 F2: a treasure
]


def tiles(red: int = 0, blue: int = 0, green: int = 0, black: int = 0) -> dict[str, int]:
    return {"red": red, "blue": blue, "green": green, "black": black}


def to_the_end(log: list[dict]) -> list[dict]:
    """``log`` followed by whole-hand swaps of the active player until the game ends."""
    log = list(log)
    s = engine.replay(OPTS, SEED, log)
    while not s.finished:
        assert s.phase == "action"
        o = {"type": "swap", "player": s.active, "tiles": {c: n for c, n in s.hands[s.active].items() if n}}
        log.append(o)
        s, _ = engine.apply(s, o)
    return log


LOG = to_the_end(START)


def by_seat(rows: list[dict], key: str = "tiles") -> dict[int, dict]:
    return {r["seat"]: r[key] for r in rows}


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.variant("TE-BASE-45", "TE-BASE-48", "TE-BASE-50", "TE-BASE-28", "TE-Z-03")
def test_a_swap_and_a_commit_show_the_exact_hands():
    d = replay_page(OPTS, SEED, LOG)
    t1, t2, t3 = d["turns"][:3]
    assert (t1["turn"], t1["active"], t1["orders"]) == (1, 0, 2)
    assert by_seat(t1["hands_before"]) == {0: tiles(2, 2, 1, 1), 1: tiles(4, 1, 1, 0)}
    assert by_seat(t1["hands_after"]) == {0: tiles(2, 2, 1, 1), 1: tiles(4, 1, 1, 0)}
    assert t1["swaps"] == [] and t1["commits"] == []
    # turn 2: the revolt's commits and bull's swap, then the refills
    assert (t2["turn"], t2["active"], t2["orders"]) == (2, 1, 4)
    assert by_seat(t2["hands_before"]) == {0: tiles(2, 2, 1, 1), 1: tiles(4, 1, 1, 0)}
    assert t2["commits"] == [
        {"order": 4, "seat": 1, "kind": "revolt", "colour": "red", "leader": "black", "side": "attacker",
         "against": 0, "tiles": 2},
        {"order": 5, "seat": 0, "kind": "revolt", "colour": "red", "leader": "black", "side": "defender",
         "against": 1, "tiles": 1}]
    assert t2["swaps"] == [{"order": 6, "seat": 1, "discarded": tiles(blue=1, green=1),
                            "drawn": tiles(blue=1, green=1)}]
    assert by_seat(t2["committed"]) == {0: tiles(red=1), 1: tiles(red=2)}
    assert by_seat(t2["discarded"]) == {0: tiles(), 1: tiles(blue=1, green=1)}
    assert by_seat(t2["refills"]) == {0: tiles(green=1), 1: tiles(red=1, blue=1)}
    assert by_seat(t2["drawn"]) == {0: tiles(green=1), 1: tiles(red=1, blue=2, green=1)}
    assert by_seat(t2["hands_after"]) == {0: tiles(1, 2, 2, 1), 1: tiles(3, 2, 1, 0)}
    assert by_seat(t2["points"], "points") == {0: tiles(), 1: tiles(red=1)}  # the revolt's red point
    # turn 3: two tiles placed, two drawn at the refill (the bag's next two: temples)
    assert by_seat(t3["placed"]) == {0: tiles(blue=1, green=1), 1: tiles()}
    assert by_seat(t3["refills"]) == {0: tiles(red=2), 1: tiles()}
    assert by_seat(t3["hands_after"]) == {0: tiles(3, 1, 1, 1), 1: tiles(3, 2, 1, 0)}
    assert by_seat(t3["points"], "points") == {0: tiles(green=1), 1: tiles(red=1)}


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.variant("TE-BASE-45", "TE-BASE-76")
def test_every_turn_accounts_for_each_hand_and_the_end_matches_the_game():
    d = replay_page(OPTS, SEED, LOG)
    end = engine.replay(OPTS, SEED, LOG)
    assert d["orders"] == len(LOG) == 31 and d["digest"] == end.digest() and d["finished"]
    assert [t["turn"] for t in d["turns"]] == list(range(1, 16))
    assert sum(t["orders"] for t in d["turns"]) == len(LOG)
    accounts(d, 2)
    last = d["turns"][-1]
    assert last["ended_game"] and not any(t["ended_game"] for t in d["turns"][:-1])
    # the last swap (order 31, archer's 6 tiles) drew only the 4 left in the bag (a farm, a
    # settlement, two markets): the game ends (TE-BASE-76)
    assert engine.replay(OPTS, SEED, LOG[:-1]).bag == ["blue", "black", "green", "green"]
    assert last["swaps"][-1] == {"order": 31, "seat": 0, "discarded": tiles(1, 1, 2, 2), "drawn": tiles(0, 1, 2, 1)}
    assert by_seat(last["hands_after"]) == {0: tiles(0, 1, 2, 1), 1: tiles(3, 0, 1, 2)}
    assert by_seat(d["final_hands"]) == {0: tiles(0, 1, 2, 1), 1: tiles(3, 0, 1, 2)}
    assert by_seat(d["final_hands"]) == {i: end.hands[i] for i in (0, 1)}
    assert by_seat(last["points"], "points") == {i: end.points[i] for i in (0, 1)}
    assert "TE-BASE-76" in d["end_reason"]


def accounts(d: dict, players: int) -> None:
    """Each turn's hands: start - placed - committed - swapped away + drawn = end, the draws
    being the swaps' and the refills'; each turn begins with the hands the last one ended with."""
    for t in d["turns"]:
        b, a = by_seat(t["hands_before"]), by_seat(t["hands_after"])
        p, c, x, dr, r = (by_seat(t[k]) for k in ("placed", "committed", "discarded", "drawn", "refills"))
        for seat in range(players):
            for col in COLOURS:
                assert b[seat][col] - p[seat][col] - c[seat][col] - x[seat][col] + dr[seat][col] == a[seat][col]
                swapped = sum(w["drawn"][col] for w in t["swaps"] if w["seat"] == seat)
                assert dr[seat][col] == swapped + r[seat][col] and r[seat][col] >= 0
    for prev, nxt in zip(d["turns"], d["turns"][1:]):
        assert prev["hands_after"] == nxt["hands_before"]


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.variant("TE-BASE-28", "TE-BASE-45", "TE-BASE-48", "TE-BASE-56", "TE-ENG-02", "TE-BLD-03", "TE-WON-02")
@pytest.mark.parametrize("options,seed", [({"players": 3}, 31),
                                          ({"players": 4, "board": "advanced", "buildings": True,
                                            "english": True, "wonder": True}, 33)])
def test_random_games_replay_to_their_state_and_every_hand_adds_up(options, seed):
    """(Seed 33 for the English game since issue 24: a commitment with no choice is no longer
    asked, so the random play draws differently, and seed 32's game no longer commits a tile.)"""
    opts = engine.parse_options(options)
    end, log, _ = randplay.play(engine.new_game(opts, seed), seed, orders=300)
    d = replay_page(opts, seed, log)
    assert d["orders"] == len(log) and d["digest"] == end.digest()
    accounts(d, opts["players"])
    assert by_seat(d["turns"][-1]["hands_after"]) == {i: end.hands[i] for i in range(opts["players"])}
    commits = sum(1 for t in d["turns"] for _ in t["commits"])
    swaps = sum(1 for t in d["turns"] for _ in t["swaps"])
    assert commits == sum(1 for o in log if o["type"] == "commit") + sum(
        1 for i, o in enumerate(log) if o["type"] == "timeout"
        and engine.replay(opts, seed, log[:i]).phase == "commit")
    assert swaps == sum(1 for o in log if o["type"] == "swap")
    assert commits > 0 and sum(sum(x["tiles"] for x in t["commits"]) for t in d["turns"]) > 0


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.variant("TE-BASE-72", "TE-BASE-78", "TE-BASE-79", "TE-BASE-80")
def test_the_final_scores_show_the_colours_the_treasures_went_to():
    d = replay_page(OPTS, SEED, LOG)
    archer, bull = d["final_scores"]
    # archer: 1 green point and B2's treasure, which goes on his lowest colour, red first
    assert archer == {"seat": 0, "name": "Archer", "points": tiles(green=1), "treasures": 1,
                      "treasure_colours": tiles(red=1), "totals": tiles(red=1, green=1), "score": 0, "place": 1}
    assert bull == {"seat": 1, "name": "Bull", "points": tiles(red=1), "treasures": 0,
                    "treasure_colours": tiles(), "totals": tiles(red=1), "score": 0, "place": 2}
    assert G.result(engine.replay(OPTS, SEED, LOG)) == [1, 2]


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.variant("TE-BASE-48")
def test_a_timeout_is_replayed_as_the_default_it_gave():
    """The defender's deadline passes instead of his commit: the default commits nothing, and
    the replay shows 0 tiles committed and his hand untouched by the revolt."""
    log = to_the_end(START[:4] + [{"type": "timeout", "player": 0}] + START[5:])
    d = replay_page(OPTS, SEED, log)
    t2 = d["turns"][1]
    assert t2["commits"][1] == {"order": 5, "seat": 0, "kind": "revolt", "colour": "red", "leader": "black",
                                "side": "defender", "against": 1, "tiles": 0}
    assert by_seat(t2["committed"]) == {0: tiles(), 1: tiles(red=2)}
    assert by_seat(t2["hands_after"])[0] == tiles(2, 2, 1, 1)  # six tiles: no refill needed
    assert by_seat(t2["refills"])[0] == tiles()
    assert d["digest"] == engine.replay(OPTS, SEED, log).digest()


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.variant("TE-BASE-45", "TE-BASE-76")
def test_a_log_that_does_not_replay_is_refused():
    bad = START[:5] + [{"type": "swap", "player": 1, "tiles": {"black": 1}}]  # bull holds no settlement
    with pytest.raises(IllegalOrder) as e:
        replay_page(OPTS, SEED, bad)
    assert e.value.rule == "TE-BASE-45" and "order 6 of the log does not replay" in e.value.message
    with pytest.raises(IllegalOrder) as e:
        replay_page(OPTS, SEED, START[:3] + [{"type": "commit", "player": 0, "tiles": 0}])  # not his turn to commit
    assert e.value.rule == "TE-BASE-25" and "order 4" in e.value.message
    with pytest.raises(IllegalOrder) as e:
        replay_page(OPTS, SEED, LOG + [{"type": "pass", "player": 1}])
    assert e.value.rule == "TE-BASE-76" and "order 32 of the log comes after the end" in e.value.message
    with pytest.raises(IllegalOrder):
        replay_page(OPTS, SEED, [{"type": "pass", "player": 0, "extra": 1}])  # unknown field


@pytest.mark.site("SITE-HIST-01")
@pytest.mark.variant("TE-BASE-45", "TE-BASE-48", "TE-BASE-78")
def test_the_pages_tables():
    d = G.replay_page(OPTS, SEED, LOG)
    assert d == replay_page(OPTS, SEED, LOG)
    seats = {0: "Archer (ann)", 1: "Bull (bob)"}
    secs = G.replay_tables(d, seats)
    assert secs == replay_tables(d, seats)
    assert [s.id for s in secs] == ["final"] + [f"turn-{n}" for n in range(1, 16)]
    final = secs[0]
    assert "the bag could not supply a swap's draw" in final.note
    scores, hands = final.tables
    assert scores.rows[0] == ["Archer (ann)", 0, 0, 1, 0, 1, "1 red", 1, 0, 1, 0, 0, 1]
    assert scores.rows[1] == ["Bull (bob)", 1, 0, 0, 0, 0, "none", 1, 0, 0, 0, 0, 2]
    assert hands.rows == [["Archer (ann)", "1 farm, 2 markets, 1 settlement", 4],
                          ["Bull (bob)", "3 temples, 1 market, 2 settlements", 6]]
    t2 = secs[2]
    assert t2.title == "Turn 2: Bull (bob)" and t2.note == ""
    hand, swaps, commits, points = t2.tables
    assert hand.columns == ["Player", "At the start", "Placed", "Committed", "Swapped away", "Drawn", "At the end"]
    assert hand.rows == [
        ["Archer (ann)", "2 temples, 2 farms, 1 market, 1 settlement", "none", "1 temple", "none", "1 market",
         "1 temple, 2 farms, 2 markets, 1 settlement"],
        ["Bull (bob)", "4 temples, 1 farm, 1 market", "none", "2 temples", "1 farm, 1 market",
         "1 temple, 2 farms, 1 market", "3 temples, 2 farms, 1 market"]]
    assert swaps.rows == [[6, "Bull (bob)", "1 farm, 1 market", "1 farm, 1 market"]]
    assert commits.rows == [[4, "Bull (bob)", "revolt of the kings", "attacker against Archer (ann)", "2 temples"],
                            [5, "Archer (ann)", "revolt of the kings", "defender against Bull (bob)", "1 temple"]]
    assert points.rows == [["Archer (ann)", 0, 0, 0, 0], ["Bull (bob)", 1, 0, 0, 0]]
    assert [t.caption for t in secs[1].tables] == [
        "Turn 1: every hand when the turn began and when it ended", "Turn 1: points by colour at the turn's end"]
    assert secs[-1].note == "The game ended during this turn."


def test_the_replay_page_is_offered():
    assert G.offers.replay is not None and G.offers.pages == ()  # the replay, and no page of its own
