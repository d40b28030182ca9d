"""Orders as the engine receives them from outside (``orders.py``, ``schema.py``): typed,
strict, refused clearly, and changing nothing when refused.

The fuzzing section sends arbitrary JSON values as orders in every phase of mid-game states
(wrong types, huge and negative numbers, unknown ids, missing and extra fields, other seats'
orders, platform orders from seats): each is accepted or refused with IllegalOrder, never
another exception, and a refusal leaves the state exactly as it was.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.helpers import position
from tresham.games.advciv.bots.heuristic import heuristic_bot
from tresham.games.advciv.bots.random_bot import random_bot
from tresham.games.advciv import engine
from tresham.games.advciv import position as sc
from tresham.games.advciv.tools import scenario as runner
from tresham.games.advciv.data import load
from tresham.games.advciv.orders import ORDER_TYPES, SITE_TYPES, from_json, is_site_order, json_schema
from tresham.games.advciv.state import GameState
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng
from tresham.games.advciv.tools.sim import check_invariants


# ---- 16.1 seats: a seat number is a seat of this game, never a negative index --------------
@pytest.mark.site("SITE-TRADE-14")
@pytest.mark.rule("16.1")
def test_a_negative_seat_never_acts_as_the_last_seat():
    """{"type": "trade_done", "player": -1} used to make the LAST nation leave the market
    while it still owed its decision; it is now refused and the market is unchanged."""
    st_, _ = position(nations=["egypt", "babylon", "crete", "assyria"], phase="trade",
                      players={n: {"hand": h} for n, h in (("egypt", ["salt", "salt", "grain"]),
                                                          ("babylon", ["oil", "oil", "iron"]),
                                                          ("crete", ["ochre", "hides", "wine"]),
                                                          ("assyria", ["cloth", "wine", "bronze"]))})
    before = st_.digest()
    owed_before = sorted(d.player for d in engine.pending(st_) if d.required)
    assert owed_before == [0, 1, 2, 3]
    for o in ({"type": "trade_done", "player": -1},
              {"type": "trade_message", "player": -1, "text": "hi"},
              {"type": "grow", "player": -1, "areas": {}},
              {"type": "ships", "player": -1},
              {"type": "pillage", "player": -1, "amount": 3},
              {"type": "reduce_cities", "player": -1, "areas": []},
              {"type": "trade_done", "player": 4}):
        with pytest.raises(IllegalOrder) as e:
            engine.apply_in_place(st_, o)
        assert "seat" in e.value.message or "player" in e.value.message
        assert st_.digest() == before
    assert sorted(d.player for d in engine.pending(st_) if d.required) == owed_before
    # the engine's own check covers orders built in code, beyond the schema's 0..7
    with pytest.raises(IllegalOrder, match="there is no seat -1 in this game: seats are 0 to 3"):
        from tresham.games.advciv.rules.trade import TradeDone

        engine.apply_in_place(st_, TradeDone(-1))


# ---- 19.2 numbers are integers: 3.0 and true are not -------------------------------------------
@pytest.mark.site("SITE-TAX-02")
@pytest.mark.rule("19.2")
def test_a_tax_rate_must_be_a_whole_number():
    st_, _ = position(nations=["egypt", "babylon", "crete", "assyria"], phase="tax",
                      players={"egypt": {"civ_cards": ["coinage"]}},
                      board={"thebes": {"city": "egypt"}, "memphis": {"city": "egypt"}})
    before = st_.digest()
    for bad in (3.0, True, "3", None, [3]):
        with pytest.raises(IllegalOrder) as e:
            engine.apply_in_place(st_, {"type": "tax_rate", "player": 0, "rate": bad})
        assert e.value.rule == "19.2" and "rate: must be a whole number" in e.value.message
        assert st_.digest() == before
    st2, _ = engine.apply(st_, {"type": "tax_rate", "player": 0, "rate": 3})
    egypt = st2.players[0]
    assert type(egypt.treasury) is int and type(egypt.stock) is int
    assert egypt.treasury == 6  # 2 cities x 3 (19.2, Coinage)
    assert json.loads(st2.dumps())["players"][0]["treasury"] == 6


@pytest.mark.rule("16.1", "5.1", "31.71")
@pytest.mark.site("SITE-CREATE-05", "SITE-CREATE-06", "SITE-CREATE-12")
def test_game_options_are_typed_and_cite_their_rule():
    cases = [
        ({"tokens": 30.5}, "5.1", "tokens: must be a whole number (got 30.5)"),
        ({"tokens": 0}, "5.1", "tokens: must be a whole number from 1 to 55 (got 0)"),
        ({"tokens": 56}, "5.1", "tokens: must be a whole number from 1 to 55 (got 56)"),
        ({"hand_limit": 8.5}, "31.71", "hand_limit: must be a whole number (got 8.5)"),
        ({"hand_limit": True}, "31.71", "hand_limit: must be a whole number (got True)"),
        ({"stoic": "no"}, "29.4", "stoic: must be true or false (got 'no')"),
        ({"players": "5"}, "16.1", "players: must be a whole number (got '5')"),
        ({"players": 9}, "16.1", "players: must be a whole number from 2 to 8 (got 9)"),
        ({"turn_limit": 0}, "34.1", "turn_limit: must be a whole number from 1 to 1000 (got 0)"),
        ({"colour": "red"}, "16.1", "unknown option 'colour'"),
    ]
    for opts, rule, text in cases:
        with pytest.raises(IllegalOrder) as e:
            engine.new_game(opts)
        assert e.value.rule == rule and text in e.value.message, (opts, str(e.value))
    with pytest.raises(IllegalOrder, match="game options must be a JSON object"):
        engine.new_game(["players", 4])
    g = engine.new_game({"players": 5, "tokens": 30, "hand_limit": 10, "stoic": True})
    assert (g.options.tokens, g.options.hand_limit, g.options.stoic) == (30, 10, True)
    assert all(type(p.stock) is int for p in g.players)


# ---- platform orders: only the site gives them ---------------------------------------------------
@pytest.mark.site("SITE-MARKET-01", "SITE-MARKET-03", "SITE-TIME-04")
def test_a_seat_cannot_give_the_clocks_orders():
    st_, _ = position(nations=["egypt", "babylon", "crete"], phase="trade",
                      players={"egypt": {"hand": ["salt", "salt", "grain"]},
                               "babylon": {"hand": ["oil", "oil", "iron"]},
                               "crete": {"hand": ["ochre", "hides", "wine"]}})
    before = st_.digest()
    for kind in ("close_market", "market_open", "timeout", "bot_default", "depart"):
        with pytest.raises(IllegalOrder, match=f"a '{kind}' order is given by the site, never by a player"):
            engine.apply_in_place(st_, {"type": kind, "player": 1})
        assert st_.digest() == before
    # the platform may: the cutoff ends trading for everyone
    st2, ev = engine.apply(st_, {"type": "close_market", "player": 0}, by_site=True)
    assert st2.phase != "trade" and any(e.kind == "market_cutoff" for e in ev)
    assert set(SITE_TYPES) == {"timeout", "bot_default", "market_open", "close_market", "depart"}
    assert not set(SITE_TYPES) & set(ORDER_TYPES)


# ---- the schema: one description of every order ------------------------------------------------
def test_unknown_types_and_fields_are_refused_by_name():
    with pytest.raises(IllegalOrder, match="unknown order type 'fly'"):
        from_json({"type": "fly", "player": 0})
    with pytest.raises(IllegalOrder, match="unknown field 'colour'"):
        from_json({"type": "trade_done", "player": 0, "colour": "red"})
    with pytest.raises(IllegalOrder, match="field 'player' is missing"):
        from_json({"type": "trade_done"})
    with pytest.raises(IllegalOrder, match=r"moves\[0\]\.to: 'atlantis' is not an area of the map"):
        from_json({"type": "move", "player": 0, "moves": [{"from": "thebes", "to": "atlantis", "count": 1}]})
    with pytest.raises(IllegalOrder, match="'gold_bars' is not a trade card"):
        from_json({"type": "buy", "player": 0, "pay_cards": ["gold_bars"]})
    with pytest.raises(IllegalOrder, match="is not plain JSON"):
        from_json({"type": "trade_done", "player": 0, "x": float("nan")})


def test_the_json_schema_lists_every_players_order_with_enumerated_ids():
    schema = json_schema()
    mapping = schema["discriminator"]["mapping"]
    assert set(mapping) == set(ORDER_TYPES)
    move = schema["$defs"]["LandMove"]["properties"]["to"]
    assert set(move["enum"]) == set(load().map.areas)
    seat = schema["$defs"]["TradeDoneOrder"]["properties"]["player"]
    assert (seat["minimum"], seat["maximum"]) == (0, 7)
    assert schema["$defs"]["TradeDoneOrder"]["additionalProperties"] is False
    assert set(json_schema(by_site=True)["discriminator"]["mapping"]) == set(SITE_TYPES)


# ---- fuzzing: arbitrary JSON in every phase of mid-game states ----------------------------------
SCENARIOS = Path(__file__).resolve().parents[3] / "docs" / "scenarios"


@cache
def corpus() -> tuple[GameState, ...]:
    """Mid-game states, each with someone owing a decision: heuristic-bot games of 3 to 8
    players (one state per phase entered, per turn, for eight turns) and every position of
    docs/scenarios/ (the rarer decisions: pillage, revolts, calamity choices, ...) before and
    after each of its orders."""
    out, seen = [], set()
    for players, seed in ((3, 11), (5, 12), (7, 13), (8, 14)):
        state = engine.new_game({"players": players}, seed)
        rng = Rng(seed)
        while not state.finished and state.turn <= 8:
            req = [d for d in engine.pending(state) if d.required]
            key = (players, state.turn, state.phase)
            if key not in seen:
                seen.add(key)
                out.append(state.copy())
            d = req[rng.below(len(req))]
            o = heuristic_bot(state, d.player, rng)
            engine.apply_in_place(state, o, by_site=is_site_order(o))
    for path in sorted(SCENARIOS.glob("*.json")):
        if path.name.startswith("te-"):  # Tigris & Euphrates scenarios: another game
            continue
        doc = runner.load_file(path)
        state, _ = sc.build(doc)
        for raw in [None] + list(doc.orders):
            if raw is not None:
                o = dict(raw, player=runner.seat_of(state, raw.get("player")))
                try:
                    state, _ = engine.apply(state, o, by_site=is_site_order(o))
                except IllegalOrder:
                    continue
            if not state.finished and any(d.required for d in engine.pending(state)):
                out.append(state.copy())
    return tuple(out)


def _ids() -> list[str]:
    d = load()
    return sorted(set(d.map.areas) | set(d.map.nations) | set(d.commodities) | set(d.calamities)
                  | set(d.civ_cards) | set(d.map.volcanoes)) + [
        "dont_care", "unspecified", "all", "excess", "load", "sail", "unload", "treasury",
        "tokens", "mixed", "token", "done", "unless_threatened", "barbarians", "pirates", ""]


TYPES = sorted(ORDER_TYPES) + sorted(SITE_TYPES) + ["fly", "", "Done"]
FIELDS = sorted({f for cls in ORDER_TYPES.values() for f in cls.__dataclass_fields__} | {"type", "x", "ship"})
IDS = _ids()


class Garbage:
    """Arbitrary JSON values and orders, drawn from a generator hypothesis gives (one draw per
    batch keeps a 20,000-order run fast; hypothesis still chooses, records and replays it)."""

    def __init__(self, rnd) -> None:
        self.r = rnd

    def scalar(self):
        r = self.r
        return r.choice([None, True, False, r.randint(-3, 60), r.randint(-(2 ** 70), 2 ** 70),
                         r.random() * 10 ** r.randint(-3, 300), float("inf"), -0.0, r.random(),
                         "".join(chr(r.randint(0, 0x10FFFF)) for _ in range(r.randint(0, 6))),
                         r.choice(IDS), str(r.randint(-5, 9))])

    def json(self, depth: int = 2):
        r = self.r
        k = r.randint(0, 5) if depth else 0
        if k == 4:
            return [self.json(depth - 1) for _ in range(r.randint(0, 3))]
        if k == 5:
            return {r.choice([r.choice(IDS), r.choice(FIELDS), ""]): self.json(depth - 1)
                    for _ in range(r.randint(0, 3))}
        return self.scalar()

    def value(self):
        """A field value: arbitrary, or shaped like the real ones with bad parts."""
        r = self.r
        k = r.randint(0, 6)
        if k == 0:
            return [r.choice(IDS) for _ in range(r.randint(0, 6))]
        if k == 1:
            return {r.choice(IDS): r.randint(-3, 20) for _ in range(r.randint(0, 4))}
        if k == 2:
            return [{"from": r.choice(IDS), "to": r.choice(IDS), "count": r.choice([r.randint(-2, 9), "all", "excess", r.choice(IDS)])}
                    for _ in range(r.randint(0, 3))]
        if k == 3:
            return [{"ship": r.choice(IDS), "steps": [[r.choice(["load", "sail", "unload", "fly"]),
                                                       r.choice([r.randint(-2, 9), r.choice(IDS)])]
                                                      for _ in range(r.randint(0, 5))]}]
        if k == 4:
            return [{"area": r.choice(IDS), "pay": r.choice(["treasury", "tokens", "mixed", "token", "gold"])}]
        return self.json()

    def order(self, i: int) -> tuple[object, bool]:
        """(order, platform) for corpus state ``i``: an arbitrary value, a random order of any
        type with random fields, or a legal order of a seat with one part broken."""
        r = self.r
        seats = len(corpus()[i].players)
        by_site = r.random() < 0.1  # now and then the platform's own path
        how = r.randint(0, 9)
        if how == 0:
            return self.json(), by_site
        if how <= 4 or not samples(i):
            o = {"type": r.choice(TYPES), "player": r.choice([r.randint(-3, seats + 2), self.json()])}
            for _ in range(r.randint(0, 3)):
                o[r.choice(FIELDS)] = self.value()
            return o, by_site
        o = dict(r.choice(samples(i)))
        op = r.randint(0, 5)
        if op == 0:
            o[r.choice(sorted(o))] = self.value()
        elif op == 1:
            o.pop(r.choice(sorted(o)))
        elif op == 2:
            o[r.choice(FIELDS)] = self.value()
        elif op == 3:
            o["player"] = r.randint(-3, seats + 2)
        elif op == 4:
            o["type"] = r.choice(TYPES)
        return o, by_site  # op 5: the legal order itself, from a seat that may not owe it


@cache
def samples(i: int) -> tuple[dict, ...]:
    """Legal orders of the seats owing or entering a decision in corpus state ``i`` (the random
    bot's), to be broken one part at a time."""
    state = corpus()[i]
    return tuple(dict(random_bot(state, d.player, Rng(k))) for k in range(3) for d in engine.pending(state))


PER_TEST = 5_000  # four tests: at least 20,000 generated orders per run
BATCH = 100


def _fuzz(part: int) -> int:
    mine = [i for i in range(len(corpus())) if i % 4 == part]
    before = {i: corpus()[i].to_json() for i in mine}
    sound = {i: not check_invariants(corpus()[i]) for i in mine}  # a scenario may hold part of the cards
    count = 0

    @settings(max_examples=PER_TEST // BATCH, deadline=None, database=None,
              phases=[Phase.explicit, Phase.generate],  # a batch shrinks slowly: the message names the order
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.large_base_example])
    @given(i=st.sampled_from(mine), rnd=st.randoms(use_true_random=True))
    def run(i, rnd):
        nonlocal count
        state = corpus()[i]
        garbage = Garbage(rnd)
        for _ in range(BATCH):
            order, by_site = garbage.order(i)
            work = state.copy()
            count += 1
            try:
                engine.apply_in_place(work, order, by_site=by_site)
            except IllegalOrder as e:
                assert isinstance(e.message, str) and e.message
                assert work.to_json() == before[i], f"refused {order!r} but the state changed"
                continue
            except Exception as e:  # the finding: say which order, in which phase
                raise AssertionError(f"{type(e).__name__}: {e} -- in phase {state.phase} "
                                     f"(platform={platform}) for {order!r}") from e
            # accepted: the game is still sound and still plain JSON
            if sound[i]:
                assert check_invariants(work) == [], order
            assert GameState.loads(work.dumps()).dumps() == work.dumps()
        assert state.to_json() == before[i]  # the corpus state itself is never touched

    run()
    return count


@pytest.mark.parametrize("part", range(4))
def test_arbitrary_orders_are_accepted_or_refused_and_refusals_change_nothing(part):
    phases = {s.phase for s in corpus()}
    assert len(corpus()) >= 100 and phases >= {
        "pick", "tax", "population", "ships", "movement", "conflict", "cities", "surplus",
        "acquisition", "trade", "calamities", "advances"}, phases
    assert _fuzz(part) >= PER_TEST
