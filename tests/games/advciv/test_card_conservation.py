"""Property tests: over many random acquisitions and trades the 126 trade cards are all
accounted for, and no player's view or visible event shows another's hand or the truth
behind a lie (27.4, 28.3, SITE-TALK-03)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tresham.games.advciv import engine
from tresham.games.advciv.tools.sim import all_trade_cards, card_counts
from tresham.games.advciv.machine import advance
from tresham.games.advciv.context import Context
from tresham.games.advciv.orders import is_site_order
from tresham.games.advciv.phase import PHASES
from tresham.games.contract import IllegalOrder
from tresham.rng import Rng

from tests.helpers import position

NATIONS = ["egypt", "babylon", "assyria", "asia"]
CITY_SITES = {"egypt": ["memphis", "thebes", "tanis", "alexandria", "buhen"],
              "babylon": ["babylon", "ur", "susa", "charax"],
              "assyria": ["nineveh", "mari", "carrhae"],
              "asia": ["ankara", "gordium", "kanesh", "sinope", "sardes", "troy", "miletus"]}


all_cards = card_counts
expected_cards = all_trade_cards


def restart(state, phase: str) -> None:
    """Start ``phase`` again on this state (a fresh acquisition round). The game is set to
    end after each turn (34.1B), so each round stops after its trading."""
    state.phase, state.step = phase, {}
    state.finished, state.winners = False, []
    g = Context(state)
    PHASES[phase].start(g)
    advance(g)
    g.sync()


def check_views(state) -> None:
    """No seat sees another's hand, nor the real cards of an offer made to it."""
    offers = state.step.get("offers", []) if state.phase == "trade" else []
    for seat in [None] + list(range(len(state.players))):
        v = engine.view(state, seat)
        for p in v["players"]:
            assert ("hand" in p) == (p["seat"] == seat)
        pv = v.get("phase_view", {})
        for rec in pv.get("offers_received", []):
            off = next(o for o in offers if o["id"] == rec["id"])
            assert off["to"] == seat
            assert set(rec) == {"id", "from", "said", "expect", "my_give", "my_said"}
            assert rec["said"] == off["said"]
        for made in pv.get("offers_made", []):
            off = next(o for o in offers if o["id"] == made["id"])
            assert off["from"] == seat
            assert made["accepted_said"] in (None, off["accept"] and off["accept"]["said"])


def check_events(events, state) -> None:
    """Real cards travel only in private events to the one who receives or draws them."""
    for e in events:
        if e.to is None:
            assert not {"received", "card", "give"} & set(e.data)
        elif e.kind in ("trade_private", "draw_private"):
            assert len(e.to) == 1


@pytest.mark.rule("27.2", "27.4", "28.1", "28.3")
@pytest.mark.site("SITE-TRADE-13", "SITE-TALK-03")
@settings(max_examples=25, deadline=None)
@given(seed=hs.integers(0, 2**32), rounds=hs.integers(1, 4),
       treasury=hs.lists(hs.integers(0, 55), min_size=4, max_size=4),
       embargo=hs.booleans())
def test_cards_conserved_and_hidden(seed, rounds, treasury, embargo):
    board = {}
    for n in NATIONS:
        for a in CITY_SITES[n][: 1 + seed % len(CITY_SITES[n])]:
            board[a] = {"city": n}
    players = {n: {"treasury": t} for n, t in zip(NATIONS, treasury)}  # the other tokens in stock (5.1)
    state, _ = position(nations=NATIONS, phase="surplus", board=board, players=players,
                        options={"turn_limit": 1})
    rng = Rng(seed)
    want = expected_cards()
    assert all_cards(state) == want
    for _ in range(rounds):
        restart(state, "acquisition")
        if state.phase == "trade" and not embargo:
            engine.apply_in_place(state, {"type": "market_open", "player": 0}, by_site=True)
        guard = 0
        while state.phase in ("acquisition", "trade") and not state.finished:
            req = [d.player for d in engine.pending(state) if d.required]
            seat = req[rng.below(len(req))]
            order = PHASES[state.phase].sample(Context(state), seat, rng)
            events = engine.apply_in_place(state, order, by_site=is_site_order(order))
            check_events(events, state)
            if state.phase == "trade":
                check_views(state)
            assert all_cards(state) == want
            guard += 1
            assert guard < 500
        for p in state.players:  # leave the hands as they are; put the phase back
            assert p.treasury >= 0
    assert all_cards(state) == want


CARD_NAMES = ["salt", "grain", "oil", "iron", "ochre", "treachery", "famine", "gold", "pottery"]
SAYS = CARD_NAMES + ["unspecified", "dont_care"]
EXPECTS = ["dont_care"] * 12 + ["salt", "grain", "oil", "iron", "ochre", "unspecified"] * 2 + SAYS


@pytest.mark.rule("28.2", "28.3")
@pytest.mark.site("SITE-TRADE-08", "SITE-TRADE-09")
@settings(max_examples=80, deadline=None)
@given(orders=hs.lists(hs.tuples(
    hs.sampled_from([0, 0, 0, 1, 1, 1, 1, 2, 3]), hs.integers(0, 3), hs.integers(0, 3),
    hs.lists(hs.integers(0, 5), min_size=2, max_size=5, unique=True),
    hs.lists(hs.none() | hs.sampled_from(SAYS), max_size=5),
    hs.lists(hs.sampled_from(EXPECTS), min_size=2, max_size=5)), min_size=1, max_size=25),
    embargo=hs.booleans())
def test_arbitrary_trade_orders_refused_cleanly_or_conserve_cards(orders, embargo):
    """Random offers and acceptances, many of them illegal (too few cards, too many lies,
    non-tradables, civ cards, sides that do not match): a refused order leaves the state
    exactly as it was (validation before any change); an accepted one keeps every card."""
    hands = {"egypt": ["salt", "salt", "grain", "treachery", "famine"],
             "babylon": ["oil", "oil", "iron", "grain", "ochre"],
             "assyria": ["ochre", "iron", "salt", "gold"],
             "asia": ["grain", "grain", "oil"]}
    state, _ = position(nations=NATIONS, phase="trade", step={"market_open": not embargo},
                        players={n: {"hand": h} for n, h in hands.items()},
                        options={"turn_limit": 1})
    for o in ({"type": "trade_offer", "player": 0, "to": 1, "give": ["salt", "salt", "treachery"],
               "said": ["salt", "salt", "unspecified"], "expect": ["dont_care"] * 3},
              {"type": "trade_offer", "player": 2, "to": 3, "give": ["ochre", "iron", "salt"],
               "expect": ["grain", "dont_care", "dont_care"]}):
        engine.apply_in_place(state, o)
    want = expected_cards()
    done = 0
    for kind, a, b, picks, lies, expect in orders:
        if state.phase != "trade" or state.finished:
            break
        offers = state.step.get("offers", [])
        if kind == 1 and offers and a % 2 == 0:  # often answer a real offer, with its count
            off = offers[b % len(offers)]
            a, b = off["to"], off["id"] - 1
            picks = picks + [i for i in range(6) if i not in picks]
            picks = picks[:len(off["expect"])]
        hand = state.players[a].hand
        give = [hand[i] for i in picks if i < len(hand)]
        said = [lies[i] if i < len(lies) and lies[i] else c for i, c in enumerate(give)]
        if kind == 0:
            o = {"type": "trade_offer", "player": a, "to": b, "give": give, "said": said,
                 "expect": expect}
        elif kind == 1:
            o = {"type": "trade_accept", "player": a, "offer": 1 + b, "give": give, "said": said,
                 "expect": expect if len(expect) > 2 and b % 2 else []}
        elif kind == 2:
            o = {"type": "trade_withdraw", "player": a, "offer": 1 + b}
        else:
            o = {"type": "market_open", "player": a}
        before = state.digest()
        try:
            events = engine.apply_in_place(state, o, by_site=is_site_order(o))  # market_open: the clock
        except IllegalOrder:
            assert state.digest() == before
            continue
        done += sum(1 for e in events if e.kind == "trade_private")
        check_events(events, state)
        if state.phase == "trade":
            check_views(state)
        assert all_cards(state) == want
        for p in state.players:
            assert "famine" not in p.hand or p.nation == "egypt"  # never leaves its drawer
