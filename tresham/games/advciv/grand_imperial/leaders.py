"""Grand Imperial's Leadership cards (GI-LEADER-01..10; ``docs/variants/grand-imperial.md``
section 3.9, rulings ``docs/rulings/grand-imperial-leaders.md``, GILD-n).

The nine cards are in the event stack (GI-EVENT-01) and drawn like the others; a leader in a
hand is secret (27.4). Each card of the data (``gi.leaders()``) has its effect in
:data:`EFFECTS`, keyed by card id; a card of the data without one is refused when the variant
is made (GI-LEADER-10, :func:`check_effects`). An effect has a ``window``:

- ``turn_start``: played in the phase ``leaders``, the first of the turn, part of the seed's
  phase 1 (decision ``play_leaders``, owed at once by every holder of such a card; timeout:
  play nothing): Charismatic (GI-LEADER-01), Theocratic (-02), Warlike (-05), the Great
  Proselytizer (-07). The Theocratic Leader and the Proselytizer may also be played at the
  start of the calamity phase (window ``calamities``, ``LeaderEffect.also``; the same sealed
  decision, :func:`open_window` ... :func:`window_sample`, run by ``GICalamitiesPhase``; GIC-19).
- ``trade``: the effect comes with giving the card away in a trade (``GIContext.on_cards_received``
  calls :func:`on_received`): Assimilative (-03), the Great Compromiser (-08).
- ``anytime``: the order ``diplomat`` in any phase (``GrandImperial.anytime_orders``): the
  Grand Diplomat (-09).
- ``acquisition`` / ``advances``: cashed by another phase's order: the Merchant Prince (-06,
  :func:`merchant_prince`) and the Civilized Leader (-04, :func:`civilized_credit`); these
  give the state effect, the orders that use them are the acquisition's and advances' phases'.

A leader is in effect while ``flags["leaders_played"]`` lists it (:func:`in_effect`, the one
place that says so); an annulled one leaves it (:func:`revoke`, GI-LEADER-07, GILD-19).
A played or cashed leader goes to ``set_aside`` (restacked under the event stack, GIS-2).
Effects for one turn are in ``Player.flags`` (cleared when a turn begins): ``temp_cards`` (civ
cards held this turn, seen by ``Player.has`` and by the credits of ``civcards``, not by the
A.S.T. nor by ownership), ``charismatic``, ``conversions``, ``free_barracks``,
``leaders_played``. Effects that outlast the turn are in ``variant_state``: ``pacts`` and
``assimilated`` (section 4.2). All of these are public; a held leader is not.

Orders: ``{"type": "play_leaders", "player": SEAT, "cards": [LEADER, ...]}``,
``{"type": "place_barracks", "player": SEAT, "city": AREA}`` (D2: the Warlike Leader's free
Barracks, owed in the phase ``leaders`` after the plays; timeout a random city of his),
``{"type": "diplomat", "player": SEAT, "target": SEAT or NATION}``. The Civilized Leader's
credit is the GI ``buy`` order's ``leader_credit`` (``advances.py``); a card assimilated may be
bought again and then scores (:func:`buy_back`, ``GIContext.may_buy_again``).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ...contract import Decision, IllegalOrder
from ..data import DataError
from ..context import Context
from ..orders import Order, order
from ..phase import Phase, register, require_phase_player
from ..schema import AreaId, Many, NationId, Seat, one_of
from ..state import GameState, Player
from . import data as gi
from .variant import KEY

LeaderId = one_of(frozenset(gi.leaders()), "a Leadership card", "GI-LEADER-10", "a Leadership card id")

# ---- the effects ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LeaderEffect:
    """What a Leadership card does (GI-LEADER-10): when it is used (``window``), what playing
    it does (``play(g, nation, leader)``, the ``turn_start`` and ``anytime`` windows) and what
    giving it in a trade does (``traded(g, giver, taker, leader)``, the ``trade`` window)."""

    window: str
    play: Callable[[Context, str, gi.Leader], None] | None = None
    traded: Callable[[Context, str, str, gi.Leader], None] | None = None
    also: tuple[str, ...] = ()  # further windows (``calamities``: design 3.9, D1)

    def opens(self, window: str) -> bool:
        """Whether the card may be played in ``window``."""
        return window == self.window or window in self.also


WINDOWS = ("turn_start", "calamities", "trade", "anytime", "acquisition", "advances")


def _grant(g: Context, p: Player, card: str) -> None:
    temp = p.flags.setdefault("temp_cards", [])
    if card not in temp:
        temp.append(card)


def _civ_name(g: Context, card: str) -> str:
    return g.d.civ_cards[card].name


def play_charismatic(g: Context, nation: str, x: gi.Leader) -> None:
    """GI-LEADER-01: every city of his at least Satisfied for the rest of the turn (read by
    the luxury rules); Happy still needs its own points."""
    g.of(nation).flags["charismatic"] = True
    g.emit(f"{g.name(nation)} plays the {x.name}: all {g.name(nation)}'s cities count as at "
           f"least Satisfied until the turn ends (GI-LEADER-01).", "leader_effect",
           nation=nation, card=x.id, effect="charismatic")


def play_theocratic(g: Context, nation: str, x: gi.Leader) -> None:
    """GI-LEADER-02: Theology for the rest of the turn; owning Theology, Monotheism; owning
    both, two conversions this turn (``flags["conversions"]``)."""
    p = g.of(nation)
    if x.grants and not p.has(x.grants):
        _grant(g, p, x.grants)
        p.flags.setdefault("granted", {})[x.id] = x.grants
        what = f"holds {_civ_name(g, x.grants)} until the turn ends (not for the A.S.T.)"
    elif x.then_grants and not p.has(x.then_grants):
        _grant(g, p, x.then_grants)
        p.flags.setdefault("granted", {})[x.id] = x.then_grants
        what = (f"already holds {_civ_name(g, x.grants)}: holds {_civ_name(g, x.then_grants)} "
                "until the turn ends")
    else:
        p.flags["conversions"] = x.conversions_if_both
        what = (f"holds {_civ_name(g, x.grants)} and {_civ_name(g, x.then_grants)}: may convert "
                f"{x.conversions_if_both} areas this turn")
    g.emit(f"{g.name(nation)} plays the {x.name}: {g.name(nation)} {what} (GI-LEADER-02).",
           "leader_effect", nation=nation, card=x.id, temp_cards=list(p.flags.get("temp_cards", [])),
           conversions=p.flags.get("conversions"))


def play_warlike(g: Context, nation: str, x: gi.Leader) -> None:
    """GI-LEADER-05: Military (with its drawbacks) for the rest of the turn; owning it, one
    free Barracks city advance (``flags["free_barracks"]``, placed by the city advances'
    rules)."""
    p = g.of(nation)
    if x.grants and not p.has(x.grants):
        _grant(g, p, x.grants)
        what = f"holds {_civ_name(g, x.grants)} until the turn ends, with all its pluses and minuses"
    else:
        p.flags["free_barracks"] = x.barracks_if_held
        what = (f"already holds {_civ_name(g, x.grants)}: may build {x.barracks_if_held} Barracks "
                "city advance in a city of his choice")
    g.emit(f"{g.name(nation)} plays the {x.name}: {g.name(nation)} {what} (GI-LEADER-05).",
           "leader_effect", nation=nation, card=x.id, temp_cards=list(p.flags.get("temp_cards", [])),
           free_barracks=p.flags.get("free_barracks"))


def play_proselytizer(g: Context, nation: str, x: gi.Leader) -> None:
    """GI-LEADER-07: Monotheism (with its drawbacks) until the turn ends; nothing more if he
    holds it already."""
    p = g.of(nation)
    if x.grants and not p.has(x.grants):
        _grant(g, p, x.grants)
        p.flags.setdefault("granted", {})[x.id] = x.grants
        what = f"holds {_civ_name(g, x.grants)} until the turn ends, with all its pluses and minuses"
    else:
        what = f"already holds {_civ_name(g, x.grants)}: no further benefit"
    g.emit(f"{g.name(nation)} plays {x.name}: {g.name(nation)} {what} (GI-LEADER-07).",
           "leader_effect", nation=nation, card=x.id, temp_cards=list(p.flags.get("temp_cards", [])))


def traded_assimilative(g: Context, giver: str, taker: str, x: gi.Leader) -> None:
    """GI-LEADER-03: the giver picks one of the receiver's civilization cards at random
    (``g.rng``); one he lacks he takes from the bank (the receiver keeps his), recorded in
    ``variant_state["assimilated"]``, worth no points; one he owns gives nothing."""
    owned = sorted(g.of(taker).civ_cards)
    if not owned:
        g.emit(f"{g.name(giver)} trades the {x.name} to {g.name(taker)}, who has no "
               "civilization card: nothing is assimilated (GI-LEADER-03).", "leader_effect",
               nation=giver, card=x.id, target=taker, assimilated=None)
        return
    card = owned[g.rng.below(len(owned))]
    p = g.of(giver)
    if card in p.civ_cards:
        g.emit(f"{g.name(giver)} trades the {x.name} to {g.name(taker)} and draws "
               f"{_civ_name(g, card)}, which {g.name(giver)} owns already: nothing is assimilated "
               "(GI-LEADER-03).", "leader_effect", nation=giver, card=x.id, target=taker,
               assimilated=None, drawn=card)
        return
    p.civ_cards[card] = g.s.turn
    vs = g.s.variant_state
    vs.setdefault("assimilated", {}).setdefault(giver, []).append(card)
    vs["assimilated"][giver].sort()
    g.emit(f"{g.name(giver)} trades the {x.name} to {g.name(taker)} and assimilates "
           f"{_civ_name(g, card)}: {g.name(giver)} takes a copy from the bank, worth no victory "
           "points unless bought later (GI-LEADER-03).", "leader_effect", nation=giver,
           card=x.id, target=taker, assimilated=card)


def traded_compromiser(g: Context, giver: str, taker: str, x: gi.Leader) -> None:
    """GI-LEADER-08: next turn neither may move into an area holding the other's units
    (``variant_state["pacts"]``, :func:`pact_forbids`)."""
    turn = g.s.turn + x.no_conflict_turns
    a, b = sorted((giver, taker))
    pacts = g.s.variant_state.setdefault("pacts", [])
    pact = {"a": a, "b": b, "turn": turn}
    if pact not in pacts:
        pacts.append(pact)
        pacts.sort(key=lambda q: (q["turn"], q["a"], q["b"]))
    g.emit(f"{g.name(giver)} trades {x.name} to {g.name(taker)}: in turn {turn} neither may move "
           "into an area holding the other's units (GI-LEADER-08).", "leader_effect", nation=giver,
           card=x.id, target=taker, pact=pact)


#: The effect of each Leadership card of the data, by card id (GI-LEADER-10).
EFFECTS: dict[str, LeaderEffect] = {
    "charismatic_leader": LeaderEffect("turn_start", play=play_charismatic),
    "theocratic_leader": LeaderEffect("turn_start", play=play_theocratic, also=("calamities",)),
    "assimilative_leader": LeaderEffect("trade", traded=traded_assimilative),
    "civilized_leader": LeaderEffect("advances"),
    "warlike_leader": LeaderEffect("turn_start", play=play_warlike),
    "merchant_prince": LeaderEffect("acquisition"),
    "great_proselytizer": LeaderEffect("turn_start", play=play_proselytizer, also=("calamities",)),
    "great_compromiser": LeaderEffect("trade", traded=traded_compromiser),
    "grand_diplomat": LeaderEffect("anytime"),
}


def check_effects(leaders: Mapping[str, gi.Leader] | None = None,
                  effects: Mapping[str, LeaderEffect] | None = None) -> None:
    """GI-LEADER-10: every Leadership card of the data has an effect here (a house card added
    to the data needs its rule written); DataError naming those that have none."""
    leaders = gi.leaders() if leaders is None else leaders
    effects = EFFECTS if effects is None else effects
    missing = sorted(set(leaders) - set(effects))
    if missing:
        raise DataError(f"grand imperial: the Leadership card{'s' if len(missing) > 1 else ''} "
                        f"{', '.join(missing)} of the data {'have' if len(missing) > 1 else 'has'} "
                        "no effect in grand_imperial/leaders.py (GI-LEADER-10)")
    bad = sorted(k for k, e in effects.items() if e.window not in WINDOWS)
    if bad:
        raise DataError(f"grand imperial: unknown leader window for {', '.join(bad)}")


def leader_name(card: str) -> str:
    return gi.leaders()[card].name


def set_aside(g: Context, p: Player, card: str) -> None:
    """A played, cashed or annulled leader leaves the hand for ``set_aside`` (restacked under
    the event stack, GIS-2)."""
    p.hand.remove(card)
    g.s.set_aside.append(card)


def _played(p: Player, card: str) -> None:
    p.flags.setdefault("leaders_played", []).append(card)


def in_effect(x: Context | GameState | Player, nation_or_card: str, card: str | None = None) -> bool:
    """Whether a leader played this turn is still in effect (the one place that says so):
    ``flags["leaders_played"]`` lists the leaders played this turn and not annulled since
    (GI-LEADER-07 takes an annulled one out, :func:`revoke`). ``in_effect(player, card)`` or
    ``in_effect(game_or_state, nation, card)``."""
    if isinstance(x, Player):
        p, card = x, nation_or_card
    else:
        state = x.s if isinstance(x, Context) else x
        p = next((q for q in state.players if q.nation == nation_or_card), None)
        if p is None:
            return False
    return card in p.flags.get("leaders_played", ())


def revoke(p: Player, card: str) -> list[str]:
    """GI-LEADER-07: a leader played this turn is annulled: out of ``leaders_played`` (into
    ``annulled``), the civilization card it lent leaves ``temp_cards`` and the Theocratic
    Leader's two conversions are void. Gives the cards no longer held."""
    played = p.flags.get("leaders_played", [])
    if card in played:
        played.remove(card)
        if not played:
            p.flags.pop("leaders_played")
    p.flags.setdefault("annulled", []).append(card)
    lost = []
    granted = p.flags.get("granted", {}).pop(card, None)
    if not p.flags.get("granted", True):
        p.flags.pop("granted")
    if granted and granted in p.flags.get("temp_cards", ()):
        p.flags["temp_cards"].remove(granted)
        lost.append(granted)
    if gi.leaders()[card].conversions_if_both and p.flags.get("conversions"):
        p.flags.pop("conversions")
    return lost


# ---- the Proselytizer and the Theocratic Leader (GI-LEADER-07) --------------------------------
def annul(g: Context, nation: str) -> None:
    """GI-LEADER-07: holding the Proselytizer and the Theocratic Leader at once (after a draw,
    a trade or a capture) sets both aside without effect; a player who played one of them this
    turn and now holds the other loses both (GILD-8; the mirror case, the Theocratic Leader
    played and the Proselytizer received, GILD-19): the card held is set aside and the one
    played stops working (:func:`revoke`: no temporary card, no conversions, no Superstition
    immunity)."""
    p = g.of(nation)
    if not any(c in gi.leaders() for c in p.hand):
        return
    for x in gi.leaders().values():
        other = x.cancels_with
        if other is None:
            continue
        pair = (x.id, other)
        held = [c for c in pair if c in p.hand]
        if len(held) == 2:
            set_aside(g, p, x.id)
            set_aside(g, p, other)
            g.emit(f"{g.name(nation)} holds {x.name} and the {leader_name(other)} at once: both "
                   "are discarded without effect (GI-LEADER-07).", "leader_annulled",
                   nation=nation, cards=[x.id, other])
            continue
        played = [c for c in pair if in_effect(p, c) and c not in held]
        if len(held) != 1 or not played:
            continue
        set_aside(g, p, held[0])
        lost = revoke(p, played[0])
        what = (f"no longer holds {' or '.join(_civ_name(g, c) for c in lost)} this turn" if lost
                else "loses its effect this turn")
        g.emit(f"{g.name(nation)}, who played {leader_name(played[0])} this turn, receives "
               f"{leader_name(held[0])}: both are annulled and {g.name(nation)} {what} "
               "(GI-LEADER-07).", "leader_annulled", nation=nation, cards=[x.id, other])


def on_received(g: Context, taker: str, giver: str, cards: list[str], how: str) -> None:
    """``Context.on_cards_received``: a leader given in a trade does what it does when traded
    (GI-LEADER-03, -08; GI-TRADE-07); then the Proselytizer's conflict (GI-LEADER-07)."""
    if how == "trade":
        for c in cards:
            eff = EFFECTS.get(c)
            if eff is not None and eff.traded is not None:
                eff.traded(g, giver, taker, gi.leaders()[c])
    if any(c in gi.leaders() for c in cards):
        annul(g, taker)


# ---- the Great Compromiser's pact (GI-LEADER-08) ---------------------------------------------
def pacts(state: GameState) -> list[dict]:
    return state.variant_state.get("pacts", []) if state.variant_state else []


def pact_forbids(g: Context, nation: str, area: str) -> str | None:
    """Why ``nation`` may not move into ``area`` this turn (GI-LEADER-08; ruling GILD-6): a
    pact of this turn with a nation that has units there (tokens, a city or a ship); None if
    nothing forbids it."""
    for q in pacts(g.s):
        if q["turn"] != g.s.turn or nation not in (q["a"], q["b"]):
            continue
        other = q["b"] if q["a"] == nation else q["a"]
        if (g.tokens(area, other) or g.s.board.cities.get(area) == other
                or area in g.s.board.ships.get(other, ())):
            return (f"the Great Compromiser's pact with {g.name(other)} this turn forbids moving "
                    f"into {g.area_name(area)}, which holds {g.possessive(other)} units")
    return None


def check_entry(g: Context, nation: str, area: str) -> None:
    """``GIContext.check_entry``: a move refused (or skipped when carried out) under a pact."""
    why = pact_forbids(g, nation, area)
    if why:
        raise IllegalOrder("GI-LEADER-08", why)


# ---- assimilated cards (GI-LEADER-03) ----------------------------------------------------------
def assimilated(state: GameState, nation: str) -> list[str]:
    """The civilization cards ``nation`` owns by assimilation only: they score nothing (the
    public points and the score leave them out; GI-LEADER-03)."""
    vs = state.variant_state or {}
    return list(vs.get("assimilated", {}).get(nation, []))


# ---- cashed by other phases' orders (GI-LEADER-04, GI-LEADER-06) ------------------------------
def cash(g: Context, nation: str, card: str) -> gi.Leader:
    """Hand in a leader of ``nation``'s for its effect (set aside); IllegalOrder if he does not
    hold it."""
    p = g.of(nation)
    if card not in p.hand:
        raise IllegalOrder(gi.leaders()[card].spec, f"you do not hold the {leader_name(card)}")
    set_aside(g, p, card)
    _played(p, card)
    return gi.leaders()[card]


def civilized_credit(g: Context, nation: str) -> int:
    """GI-LEADER-04: the Civilized Leader cashed: a one-time credit (50) toward civilization
    cards or city advances bought now (the advances phase's order spends it)."""
    x = cash(g, nation, "civilized_leader")
    g.emit(f"{g.name(nation)} cashes the {x.name}: {x.credit} points toward this turn's "
           "purchases (GI-LEADER-04).", "leader_effect", nation=nation, card=x.id, credit=x.credit)
    return x.credit


CIVILIZED = "civilized_leader"


def civilized_amount() -> int:
    """The Civilized Leader's credit (the data: 50)."""
    return gi.leaders()[CIVILIZED].credit


def buy_back(g: Context, nation: str, card: str, since: int) -> None:
    """GI-LEADER-03: ``nation`` has bought ``card``, which it owned by assimilation only (allowed
    despite 31.61, ``GIContext.may_buy_again``): it leaves ``variant_state["assimilated"]`` and now
    scores; it stays owned since ``since``, the turn it was assimilated (ruling GILD-15)."""
    p = g.of(nation)
    p.civ_cards[card] = since
    vs = g.s.variant_state
    left = [c for c in vs["assimilated"][nation] if c != card]
    if left:
        vs["assimilated"][nation] = left
    else:
        del vs["assimilated"][nation]
        if not vs["assimilated"]:
            del vs["assimilated"]
    g.emit(f"{g.name(nation)} buys {_civ_name(g, card)}, which it had assimilated: it now counts "
           f"its {g.d.civ_cards[card].cost} points (GI-LEADER-03).", "assimilated_bought",
           nation=nation, card=card, points=g.d.civ_cards[card].cost)


def merchant_prince(g: Context, nation: str, region: str) -> str | None:
    """GI-LEADER-06: the Merchant Prince handed in for the top card of any regional stack
    (told to him only); the acquisition phase's draw plan names the region."""
    from .acquisition import draw_from, region_name

    if region not in gi.regions():
        raise IllegalOrder("GI-LEADER-06", f"{region!r} is not a region")
    x = cash(g, nation, "merchant_prince")
    card = draw_from(g, g.of(nation), region)
    g.emit(f"{g.name(nation)} trades in the {x.name} for a card from {region_name(region)} "
           "(GI-LEADER-06).", "leader_effect", nation=nation, card=x.id, region=region,
           drawn=card is not None)
    return card


# ---- the phase ``leaders`` (D1 play_leaders) ---------------------------------------------------
@order("play_leaders", rule="GI-LEADER-01", variant=KEY)
@dataclass(slots=True)
class PlayLeaders(Order):
    """Play Leadership cards of one's hand at the start of the turn (phase 1: Charismatic,
    Theocratic, Warlike, the Great Proselytizer); none: play nothing."""

    cards: Many(LeaderId) = field(default_factory=list)


def playable(p: Player, window: str = "turn_start") -> list[str]:
    """The leaders of ``p``'s hand playable in ``window``, sorted, once each."""
    return sorted({c for c in p.hand if c in EFFECTS and EFFECTS[c].opens(window)})


WINDOW_TEXT = {"turn_start": "Play Leadership cards now (phase 1), or none",
               "calamities": "Play the Theocratic Leader or the Great Proselytizer now, before "
                             "any calamity is resolved, or none"}


# ---- a window of sealed plays (D1), shared by the phase ``leaders`` and the calamity phase ---
def open_window(g: Context, window: str) -> dict:
    """D1: every holder of a leader playable in ``window`` owes ``play_leaders`` at once
    (after the Proselytizer's conflict, GI-LEADER-07). Gives the step's record ``{"window",
    "owed", "plays"}``, sealed until all are in (:func:`leaders_secrets`)."""
    for p in g.active():
        if p.nation and not p.inert:
            annul(g, p.nation)
    owed = [p.seat for p in g.active() if p.nation and not p.inert and playable(p, window)]
    return {"window": window, "owed": owed, "plays": {}}


def window_pending(g: Context, st: dict) -> list[Decision]:
    window = st.get("window", "turn_start")
    return [Decision(seat, "play_leaders", WINDOW_TEXT[window], default="play nothing",
                     options={"leaders": playable(g.s.players[seat], window),
                              **({"window": window} if window != "turn_start" else {})})
            for seat in st.get("owed", []) if str(seat) not in st["plays"]]


def window_note(g: Context, st: dict, o: "PlayLeaders") -> None:
    """Check and note a seat's plays (sealed); IllegalOrder (GI-LEADER-01) otherwise."""
    window = st.get("window", "turn_start")
    if o.player not in st.get("owed", []) or str(o.player) in st["plays"] or st.get("done"):
        raise IllegalOrder("GI-LEADER-01", "no Leadership card of yours is waiting to be played now")
    p = g.player(o.player)
    can = playable(p, window)
    if len(set(o.cards)) != len(o.cards):
        raise IllegalOrder("GI-LEADER-01", "a Leadership card is listed twice")
    for c in o.cards:
        if c not in p.hand:
            raise IllegalOrder("GI-LEADER-01", f"you do not hold the {leader_name(c)}")
        if c not in can:
            when = ("at the start of the turn" if window == "turn_start"
                    else "at the start of the calamity phase")
            raise IllegalOrder("GI-LEADER-01", f"the {leader_name(c)} is not played {when} "
                               f"({EFFECTS[c].window} card)")
    st["plays"][str(o.player)] = sorted(o.cards, key=list(gi.leaders()).index)
    g.emit("Your Leadership cards are noted: " +
           (", ".join(leader_name(c) for c in o.cards) if o.cards else "none") + ".",
           "leaders_noted", to=[o.player], cards=list(o.cards))


def window_settle(g: Context, st: dict) -> bool:
    """All plays in: each takes effect, in seat order, the card set aside. Gives whether the
    window is closed."""
    if st.get("done"):
        return True
    if any(str(s) not in st["plays"] for s in st["owed"]):
        return False
    st["done"] = True
    for seat in sorted(st["owed"]):
        p = g.s.players[seat]
        for c in st["plays"][str(seat)]:
            if c not in p.hand or p.inert:
                continue
            set_aside(g, p, c)
            _played(p, c)
            EFFECTS[c].play(g, p.nation, gi.leaders()[c])
    return True


def window_timeout(g: Context, st: dict, seat: int) -> bool:
    """D1: play nothing. Gives False if the seat owes no play."""
    if seat not in st.get("owed", []) or str(seat) in st["plays"] or st.get("done"):
        return False
    st["plays"][str(seat)] = []
    return True


def window_sample(g: Context, st: dict, seat: int, rng) -> "PlayLeaders":
    """D1: a random subset of the leaders he may play in the window."""
    can = playable(g.s.players[seat], st.get("window", "turn_start"))
    return PlayLeaders(seat, [c for c in can if rng.below(2)])


@register(variant=KEY)
class LeadersPhase(Phase):
    """The start of the turn, part of the seed's phase 1 (ruling GILD-1): every holder of a
    leader played then owes ``play_leaders`` at once, sealed until all are in; then the plays
    take effect in seat order. Pacts of past turns are dropped (GI-LEADER-08)."""

    name = "leaders"
    rule = "GI-LEADER-01"
    accepts = ("play_leaders", "place_barracks")

    def start(self, g: Context) -> None:
        vs = g.s.variant_state
        if vs.get("pacts"):
            vs["pacts"] = [q for q in vs["pacts"] if q["turn"] >= g.s.turn]
            if not vs["pacts"]:
                del vs["pacts"]
        g.s.step = open_window(g, "turn_start")
        self._settle(g)

    def pending(self, g: Context) -> list[Decision]:
        st = g.s.step
        if st.get("done"):
            return [Decision(seat, "place_barracks",
                             "Place the Warlike Leader's free Barracks on one of your cities",
                             default="a random city of yours",
                             options={"cities": barracks_cities(g, g.s.players[seat].nation)})
                    for seat in st.get("barracks", [])]
        return window_pending(g, st)

    def handle(self, g: Context, o: Order) -> None:
        if isinstance(o, PlaceBarracks):
            require_phase_player(g, o, "GI-LEADER-05")
            check_barracks(g, o.player, o.city)
            place_barracks(g, o.player, o.city)
            return
        require_phase_player(g, o, "GI-LEADER-01")
        assert isinstance(o, PlayLeaders)
        window_note(g, g.s.step, o)
        self._settle(g)

    def _settle(self, g: Context) -> None:
        """All plays in: each takes effect, in seat order, the card set aside."""
        st = g.s.step
        if st.get("done") or not window_settle(g, st):
            return
        owe_barracks(g, st)

    def timeout(self, g: Context, seat: int) -> None:
        """D1: play nothing (also for a nation that left the game meanwhile, 15.61). D2: the
        free Barracks on a random city of his (``g.rng``)."""
        st = g.s.step
        if st.get("done") and seat in st.get("barracks", []):
            where = barracks_cities(g, g.s.players[seat].nation)
            place_barracks(g, seat, where[g.rng.below(len(where))], "Deadline passed: ")
            return
        if not window_timeout(g, st, seat):
            super().timeout(g, seat)
        self._settle(g)

    def sample(self, g: Context, seat: int, rng) -> Order:
        """A random subset of the leaders he may play (D1); a uniformly random city for the
        free Barracks (D2)."""
        st = g.s.step
        if st.get("done") and seat in st.get("barracks", []):
            where = barracks_cities(g, g.s.players[seat].nation)
            return PlaceBarracks(seat, where[rng.below(len(where))])
        return window_sample(g, st, seat, rng)


# ---- the Warlike Leader's free Barracks (GI-LEADER-05, D2 place_barracks) ---------------------
BARRACKS = "barracks"
WARLIKE = "warlike_leader"


@order("place_barracks", rule="GI-LEADER-05", variant=KEY)
@dataclass(slots=True)
class PlaceBarracks(Order):
    """Place the Warlike Leader's free Barracks city advance on one of your cities (D2)."""

    city: AreaId = ""


def warlike(x: Context | GameState, nation: str) -> bool:
    """GI-LEADER-05: whether ``nation`` played the Warlike Leader this turn, so holds Military
    this turn "with all the pluses and minuses" (owned, or lent: ``flags["temp_cards"]``,
    seen by ``Player.has``). For the calamity slice: Civil Disorder reads ``has("military")``
    (30.713), so a Warlike player's is one city worse with no more code."""
    return in_effect(x, nation, WARLIKE)


def barracks_cities(g: Context, nation: str) -> list[str]:
    """The cities of ``nation`` that may take the free Barracks, sorted: all of his that hold
    no Barracks (face up or flipped: a second one would do nothing, GIR-47)."""
    from . import sites

    return [a for a in g.cities_of(nation) if not sites.holds(g, a, BARRACKS)]


def owe_barracks(g: Context, st: dict) -> None:
    """After the plays (ruling GILD-14): every player given a free Barracks owes
    ``place_barracks`` at once; one with no city that can take it loses it (a public event)."""
    owed = []
    for seat in sorted(st.get("owed", [])):
        p = g.s.players[seat]
        if not p.flags.get("free_barracks") or p.inert:
            continue
        if barracks_cities(g, p.nation):
            owed.append(seat)
        else:
            p.flags.pop("free_barracks")
            g.emit(f"{g.name(p.nation)} has no city that can take a Barracks: the Warlike "
                   "Leader's free Barracks is lost (GI-LEADER-05).", "barracks_lost", nation=p.nation)
    if owed:
        st["barracks"] = owed


def check_barracks(g: Context, seat: int, city: str) -> None:
    """D2: the seat owes the placement, and ``city`` is one of his cities without a Barracks;
    IllegalOrder (GI-LEADER-05) otherwise."""
    st = g.s.step
    if not st.get("done") or seat not in st.get("barracks", []):
        raise IllegalOrder("GI-LEADER-05", "no free Barracks of yours is waiting to be placed now")
    nation = g.s.players[seat].nation
    where = g.area_name(city) if city in g.areas else repr(city)
    if g.s.board.cities.get(city) != nation:
        raise IllegalOrder("GI-LEADER-05", f"the free Barracks goes on one of your cities, and "
                           f"{where} is not one")
    if city not in barracks_cities(g, nation):
        raise IllegalOrder("GI-LEADER-05", f"{where} already has a Barracks; choose another of "
                           "your cities")


def place_barracks(g: Context, seat: int, city: str, why: str = "") -> None:
    """Put the free Barracks on ``city`` (checked) through ``sites.add``; the flag is spent."""
    from . import sites

    p = g.s.players[seat]
    sites.add(g, city, p.nation, BARRACKS)
    p.flags.pop("free_barracks", None)
    p.flags["barracks_placed"] = city
    g.s.step["barracks"].remove(seat)
    if not g.s.step["barracks"]:
        del g.s.step["barracks"]
    g.emit(f"{why}{g.name(p.nation)} builds the Warlike Leader's free Barracks in "
           f"{g.area_name(city)} (GI-LEADER-05).", "barracks_placed", nation=p.nation, area=city)


def leaders_secrets(st: dict, seat: int) -> dict:
    """Plays are sealed until all are in (D1): a seat's information state holds its own."""
    if st.get("done") or "plays" not in st:
        return st
    return dict(st, plays={k: v for k, v in st["plays"].items() if k == str(seat)})


# ---- the Grand Diplomat (GI-LEADER-09) -----------------------------------------------------------
@order("diplomat", rule="GI-LEADER-09", variant=KEY)
@dataclass(slots=True)
class Diplomat(Order):
    """Play the Grand Diplomat, at any time: ``target`` (a seat or a nation) and you see each
    other's trade cards."""

    target: Seat | NationId = -1


DIPLOMAT = "grand_diplomat"


def diplomat_targets(g: Context, p: Player) -> list[str]:
    """The nations ``p`` may name with the Grand Diplomat: every other one still playing."""
    return [q.nation for q in g.active() if q.nation and q.seat != p.seat and not q.inert]


def diplomat_decisions(g: Context) -> list[Decision]:
    """The Grand Diplomat may be played in any phase (GI-LEADER-09): a decision its holder may
    take, never owed (nothing waits on it)."""
    if g.s.finished or g.s.phase in ("pick", "over"):
        return []
    return [Decision(p.seat, "diplomat", "Play the Grand Diplomat: you and a player you name see "
                     "each other's trade cards", required=False,
                     options={"targets": diplomat_targets(g, p)})
            for p in g.active() if DIPLOMAT in p.hand and p.nation and not p.inert]


def diplomat(g: Context, o: Diplomat) -> None:
    """GI-LEADER-09: any phase; the holder and the player he names each get a private event
    listing the other's hand; the card is set aside (before the hands are shown)."""
    from .acquisition import card_name

    require_phase_player(g, o, "GI-LEADER-09")
    p = g.player(o.player)
    card = "grand_diplomat"
    if card not in p.hand:
        raise IllegalOrder("GI-LEADER-09", "you do not hold the Grand Diplomat")
    if isinstance(o.target, str):
        q = next((x for x in g.s.players if x.nation == o.target), None)
    else:
        q = g.s.players[o.target] if 0 <= o.target < len(g.s.players) else None
    if q is None or q.nation not in diplomat_targets(g, p):
        raise IllegalOrder("GI-LEADER-09", "name another player still in the game")
    set_aside(g, p, card)
    _played(p, card)

    def listing(x: Player) -> str:
        return ", ".join(card_name(g, c) for c in sorted(x.hand)) or "no cards"

    g.emit(f"{g.name(p.nation)} plays the Grand Diplomat with {g.name(q.nation)}: they show each "
           "other their trade cards (GI-LEADER-09).", "leader_effect", nation=p.nation,
           card=card, target=q.nation)
    g.emit(f"{g.name(q.nation)}'s trade cards: {listing(q)}.", "diplomat_private", to=[p.seat],
           nation=q.nation, cards=sorted(q.hand))
    g.emit(f"{g.name(p.nation)}'s trade cards: {listing(p)}.", "diplomat_private", to=[q.seat],
           nation=p.nation, cards=sorted(p.hand))


# ---- views and checks ----------------------------------------------------------------------------
def leaders_view(g: Context) -> dict[str, Any]:
    """The public part (section 4.3): leaders played this turn, temporary cards, the
    Charismatic floor, conversions, pacts and assimilations. Held leaders are in the hand."""
    out: dict[str, Any] = {}
    played = {}
    for p in g.active():
        f = p.flags
        entry = {k: (list(f[k]) if isinstance(f[k], list) else f[k])
                 for k in ("leaders_played", "temp_cards", "charismatic", "conversions", "free_barracks",
                           "barracks_placed")
                 if f.get(k)}
        if entry:
            played[p.nation] = entry
    if played:
        out["this_turn"] = played
    if pacts(g.s):
        out["pacts"] = [dict(q) for q in pacts(g.s)]
    vs = g.s.variant_state or {}
    if vs.get("assimilated"):
        out["assimilated"] = {n: list(v) for n, v in sorted(vs["assimilated"].items())}
    return out


def invariants(state: GameState) -> list[str]:
    """The leaders' state is consistent: temporary cards are civilization cards; pacts name
    two nations; an assimilated card is owned by its nation."""
    from ..data import load

    civ = set(load().civ_cards) | set(gi.civ_cards())
    out = []
    for p in state.players:
        stray = [c for c in p.flags.get("temp_cards", ()) if c not in civ]
        if stray:
            out.append(f"{p.nation} holds unknown temporary cards {stray}")
    nations = {p.nation for p in state.players if p.nation}
    for q in pacts(state):
        if set(q) != {"a", "b", "turn"} or q["a"] not in nations or q["b"] not in nations or q["a"] == q["b"]:
            out.append(f"a pact is malformed: {q}")
    for n, cards in (state.variant_state or {}).get("assimilated", {}).items():
        p = next((x for x in state.players if x.nation == n), None)
        if p is None or any(c not in p.civ_cards for c in cards):
            out.append(f"{n}'s assimilated cards {cards} are not all among its civilization cards")
    return out
