"""Per-player views: the only thing a client ever receives (27.4: trade cards are the only
hidden information). A player sees his own hand; of others only hand sizes; never the deck
order; deck counts and calamity depth only when the game's options show them."""
from __future__ import annotations

from typing import Any

from .state import Board, GameState, Player, _plain_copy, copy_options
from .variant import Variant, variant_of

#: Hooks that phases add to views: name -> function(game, seat) -> dict (merged under "phase").
#: These three tables are the plain game's; a variant's own are looked up through
#: ``Variant.phase_view``, ``phase_secrets`` and ``private_step_keys``.
PHASE_VIEWS: dict[str, Any] = {}
#: Hooks that strip a phase's secrets from its scratch data for one seat's information state:
#: name -> function(step, seat) -> step as ``seat`` knows it (e.g. trade offers between
#: others, the real cards behind lies made to him, others' secret choices).
PHASE_SECRETS: dict[str, Any] = {}


#: Per-player entries of phases' scratch data that only their owner may know before they take
#: effect: phase -> ((step key, keyed by "seat" or "nation"), ...). Orders entered early
#: (movement, growth, ships, cities) and Coinage rates chosen before everyone has chosen.
PRIVATE_STEP_KEYS: dict[str, tuple[tuple[str, str], ...]] = {
    "movement": (("plans", "seat"),),
    "population": (("early", "nation"),),
    "ships": (("early", "nation"),),
    "cities": (("orders", "seat"), ("marks", "seat")),
    "tax": (("rates", "nation"),),
}


def _strip_private(state: GameState, seat: int, variant: Variant) -> None:
    """Remove other players' private entries from the current phase's scratch data."""
    keys = variant.private_step_keys(state.phase)
    if state.phase == "tax" and state.step.get("paid"):
        keys = ()  # rates are public once the taxes are paid
    mine = {"seat": str(seat), "nation": state.players[seat].nation}
    for key, by in keys:
        entries = state.step.get(key)
        if isinstance(entries, dict):
            state.step[key] = {k: v for k, v in entries.items() if k == mine[by]}


def player_view(state: GameState, seat: int | None) -> dict[str, Any]:
    variant = variant_of(state)
    g = variant.game(state)
    o = state.options
    players = []
    for p in state.players:
        entry: dict[str, Any] = {"seat": p.seat, "nation": p.nation}
        if p.nation:
            entry.update({
                "stock": p.stock, "treasury": p.treasury, "hand_size": len(p.hand),
                "civ_cards": sorted(p.civ_cards), "ast": p.ast, "census": p.census,
                "cities": len(g.cities_of(p.nation)), "ships": list(g.ships_of(p.nation)),
                "inert": p.inert, "civ_points": g.civ_points(p.nation),
                "public_points": g.public_points(p.nation),
            })
        if seat is not None and p.seat == seat:
            entry["hand"] = sorted(p.hand)
        players.append(entry)
    v: dict[str, Any] = {
        "seat": seat,
        "turn": state.turn,
        "phase": state.phase,
        "finished": state.finished,
        "winners": list(state.winners),
        "options": o.to_json(),
        "players": players,
        "board": {
            "tokens": {a: dict(m) for a, m in state.board.tokens.items()},
            "cities": dict(state.board.cities),
            "ships": {n: list(a) for n, a in state.board.ships.items()},
        },
    }
    if o.show_deck_counts:
        v["deck_counts"] = {name: len(st) for name, st in zip(variant.stack_names(), state.stacks)}
    if o.show_nontradable_depth:
        depth = {}
        for name, st in zip(variant.stack_names(), state.stacks):
            for j, card in enumerate(st):
                cal = g.d.calamities.get(card)
                if cal and not cal.tradable:
                    depth[name] = j  # cards above it
        v["nontradable_depth"] = depth
    if seat is not None and not state.finished:
        # the decisions this seat owes or may enter now (never another seat's: their options
        # can hold private facts, e.g. what a player can afford)
        v["decisions"] = [d.to_json() for d in variant.phase(state.phase).pending(g) if d.player == seat]
    hook = variant.phase_view(state.phase)
    if hook:
        v["phase_view"] = hook(g, seat)
    own = variant.view(g, seat)
    if own:
        v["variant"] = own
    return v


HIDDEN = "hidden"


def information_state(state: GameState, seat: int) -> GameState:
    """The state as ``seat`` knows it (OpenSpiel's information state): other players' hands
    are cards named ``hidden`` (their number is public), every stack is face down, the
    generator's state is unknown. Bots decide on this, never on the real state, so they
    cannot peek. Phase scratch data is kept after the phase's ``PHASE_SECRETS`` hook has
    taken out what ``seat`` may not know. Another player's ``flags["calamity_from"]`` (which
    traded calamity he holds, 29.61) is dropped: only he and nobody else knows it (27.4).
    Last, the variant masks its own state (``Variant.hide``).

    Built directly, masked as it is made (the secret cards are never copied): an
    independent state, as ``GameState.copy``, which a preview may change freely."""
    variant = variant_of(state)
    b = state.board
    s = GameState(
        options=copy_options(state.options),
        players=[_known_player(p, p.seat == seat) for p in state.players],
        board=Board({a: m.copy() for a, m in b.tokens.items()}, dict(b.cities),
                    {n: list(v) for n, v in b.ships.items()}),
        stacks=[[HIDDEN] * len(st) for st in state.stacks],
        set_aside=[HIDDEN] * len(state.set_aside),
        turn=state.turn,
        phase=state.phase,
        step=_plain_copy(state.step),
        rng=0,
        order_count=state.order_count,
        finished=state.finished,
        winners=list(state.winners),
        unused_nations=list(state.unused_nations),
        retained_cards={n: [HIDDEN] * len(v) for n, v in state.retained_cards.items()},
        variant_state=_plain_copy(state.variant_state),
    )
    hide = variant.phase_secrets(s.phase)
    if hide is not None:
        s.step = hide(s.step, seat)
    _strip_private(s, seat, variant)
    variant.hide(s, seat)
    return s


def _known_player(p: Player, own: bool) -> Player:
    """A copy of ``p`` as another seat knows him (``own``: the seat's own, all of it): his hand
    only by its size, and not which traded calamity he holds (29.61, 27.4)."""
    if own:
        hand, flags = list(p.hand), _plain_copy(p.flags)
    else:
        hand = [HIDDEN] * len(p.hand)
        flags = {k: _plain_copy(v) for k, v in p.flags.items() if k != "calamity_from"}
    return Player(p.seat, p.nation, p.stock, p.treasury, hand, dict(p.civ_cards), p.ast, p.census,
                  p.inert, list(p.new_cities), flags)
