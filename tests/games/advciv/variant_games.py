"""Bot games whose every step is fingerprinted, for the variant plumbing's tests
(``test_variant.py``): the plain game must play exactly as it did before the plumbing, and a
variant that changes nothing exactly as the plain game.

A game's *fingerprint* is, after creation and after every accepted order: the state's digest
(the SHA-256 of its JSON), the events the order caused, the decisions owed and every seat's
view. ``fixtures/plain_fingerprints.json`` holds the fingerprints of :data:`GAMES` made at
commit 592a628, before ``variant.py`` existed, and ``fixtures/plain_interface.json`` what the
plain game showed the platform then (:func:`interface`).

Re-recorded once since, for a meant change of the events (SITE-SAFE-05: the public line of a
traded calamity no longer names its trader, who is told with the victim in an event of their
own, and is named publicly where the resolution shows him). In the 14 games whose hash
moved, every order, every decision owed and every final digest is the one recorded at
592a628; what differs: events (81 steps), the calamity display's trader in the views of
those not told (16 steps: with the old display put back, every view is as recorded), and a
state's digest while a traded calamity is in the calamity phase's scratch data (30 steps: it
notes the seats told and whether the trader has been shown).

Re-recorded again for issue 24 (the table), after checking the old and the new code step by
step on all 27 games (the steps' states, events, decisions and views dumped by both and
compared): every order and every final digest is the one recorded before; every state is
the same except, in the city construction phase, the cities marked to build (29 steps: a
supported set now starts marked where none did, finding 2); the events differ only by the
lines of the nations a phase no longer asks (1,744 lines of the kinds ``ships_none``,
``cities_none``, ``buy_cards_none``, ``buy_none``: SITE-TABLE-08) and by 21 texts whose count
of one now takes the singular ("1 token remains", finding 9); the decisions differ only in
such prompts (52 steps) and the views only in those prompts and the marks (74 steps). No
decision was skipped in these games that was asked before (the plain game already passed the
empty ones; the new skips are Grand Imperial's and Tigris's), so no order changed.

Re-recorded for issue 26 (bots at the table), for three meant changes: every decision's JSON
holds ``answer_due`` (an offer awaits the answer of a seat that has left the market); the
simulation also asks such a seat's bot, which answers (the heuristic accepts a good offer or
declines, the random bot declines; before, nobody was asked and the offer stayed open); and
the heuristic bot leaves the market after six actions. The second changes the draws of the
simulation's choice of decision, so 13 of the 27 games now take other orders (1 to 23 more),
and the 14 others differ only by ``answer_due`` in their decisions. The plain interface gains
the platform's ``bot_default`` order (a bot's default given as its own choice, SITE-BOT-03).
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

from tresham.games.advciv import engine
from tresham.games.advciv.tools.sim import play_game, seat_bots

#: name -> (players, seed, bots, turns): 2 to 7 players, the random and the heuristic bots, and
#: three longer games of both together.
GAMES: dict[str, tuple[int, int, str, int]] = {
    f"{bots}-{players}p-s{seed}": (players, seed, bots, turns)
    for bots, turns in (("random", 14), ("heuristic", 12))
    for players in range(2, 8)
    for seed in (players * 7 + 1, players * 11 + 5)
} | {f"mixed-{players}p-s{players * 13}": (players, players * 13, "mixed", 20) for players in (3, 5, 7)}


def play(players: int, seed: int, bots: str, turns: int, options: dict | None = None) -> tuple[dict, list[dict]]:
    """Play one bot game (``sim.play_game``, invariants checked); its options and order log."""
    rec = play_game(players, seed, seat_bots(bots, players, seed), turns=turns, replay=False,
                    options=options)
    assert not rec.violations and not rec.refused_samples, rec.violations + rec.refused_samples
    opts = {"players": players, **(options or {}), "turn_limit": turns}
    return opts, rec.orders


def _h(x: Any) -> str:
    return hashlib.sha256(json.dumps(x, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def fingerprints(opts: dict, seed: int, orders: list[dict], plain_name: str | None = None,
                 kinds: Counter | None = None) -> list[dict[str, str]]:
    """Replay ``orders`` and fingerprint each step: the state digest, the events, the
    decisions owed and every seat's and a spectator's view, each hashed. ``plain_name``: the
    game is a variant's, and its option ``variant`` is set back to this name in the digested
    state and in the views (the only place a variant that changes nothing shows its name).
    ``kinds`` counts the events by kind."""
    state = engine.new_game(dict(opts), seed)
    out = []

    def step(events: list) -> None:
        if kinds is not None:
            kinds.update(e.kind for e in events)
        views = [engine.view(state, seat) for seat in [None, *range(len(state.players))]]
        s = state
        if plain_name is not None:
            s = state.copy()
            s.options.variant = plain_name
            for v in views:
                v["options"]["variant"] = plain_name
        out.append({
            "digest": s.digest(),
            "events": _h([e.to_json() for e in events]),
            "pending": _h([d.to_json() for d in engine.pending(state)]),
            "views": _h(views),
        })

    step([])
    for o in orders:
        step(engine.apply_in_place(state, o, by_site=True))
    return out


def summary(prints: list[dict[str, str]], orders: int) -> dict[str, Any]:
    """What the fixture keeps of a game: its length, its final digest, a hash of all its steps."""
    return {"orders": orders, "final": prints[-1]["digest"],
            "steps": _h([[p["digest"], p["events"], p["pending"], p["views"]] for p in prints])}


FIXTURE = Path(__file__).parent / "fixtures" / "plain_fingerprints.json"
INTERFACE = Path(__file__).parent / "fixtures" / "plain_interface.json"


def interface() -> dict[str, Any]:
    """What the plain game shows the platform besides its states, hashed: the options' and
    orders' JSON Schemas, the help pages' reference, the lobby's option fields, the options a
    7-player game is created with; and the names in the plain registries."""
    from tresham.games.advciv.site.rules import AdvancedCivilization
    from tresham.games.advciv.orders import ORDER_TYPES, SITE_TYPES, json_schema
    from tresham.games.advciv.phase import PHASES

    r = AdvancedCivilization()
    return {"options_schema": _h(r.options_schema()), "order_schema": _h(r.order_schema()),
            "platform_order_schema": _h(json_schema(by_site=True)), "reference": _h(r.reference()),
            "option_fields": _h([f.to_json() for f in r.option_fields()]),
            "parse_options_7": _h(r.parse_options({"players": 7})),
            "order_types": sorted(ORDER_TYPES), "platform_types": sorted(SITE_TYPES), "phases": list(PHASES)}


def main() -> None:
    """Write the fixture anew: ``python -m tests.games.advciv.variant_games``. Only for a change of the
    plain game's rules that is meant, with the reason in the commit message: the fixture is
    the proof that the variant plumbing changed nothing."""
    out = {}
    for key, (players, seed, bots, turns) in GAMES.items():
        opts, orders = play(players, seed, bots, turns)
        out[key] = summary(fingerprints(opts, seed, orders), len(orders))
    FIXTURE.write_text(json.dumps(out, indent=1, sort_keys=True))
    INTERFACE.write_text(json.dumps(interface(), indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
