"""The post-game replay (issue 10, SITE-HIST-01, SITE-LIST-05, SITE-TABLE-14): a finished game
replayed from its log with every hand revealed, each trade's stated cards beside the real
ones, the calamities traded (who passed each to whom, 29.61) and the civilization cards bought
(with the trade cards handed in for them, 31.1).

Everything here is secret while the game is played (27.4, 28.3, SITE-TALK-03): the platform
serves it only once the game is over. One pass over the log, in place (``apply_in_place``):
the phase machine's observer catches the hands at the very moment the trade-card acquisition
(27) ends, so before trade, and the moment trade (28) ends, so before calamities take any;
the deals are caught from the events that carry them out (``trade_private``), whichever
order does it (an acceptance, the end of the embargo, the cutoff, the last player leaving);
the calamities held when trade ends with the nation that traded each (``trader_of``, the
holder's record of 29.61), and the purchases from the events that carry them out
(``civ_bought``, and ``civ_paid``, told to the buyer alone, for the cards handed in).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Iterable

from ..context import Context
from ..engine import apply_in_place, new_game
from ..rules.acquisition import card_name
from ..rules.calamities import trader_of
from ..rules.civcards import printed_name
from ..rules.trade import names
from ..state import GameState
from ..variant import game_for


def lies(give: list[str], said: list[str]) -> list[dict[str, Any]]:
    """Each card given with what it was said to be and whether that was a lie (28.3).

    As the rules count lies (by the stated names against the real cards, not by their
    places in the list), a card stated as another real card of the same deal is no lie:
    the stated names are paired first with their own places, then with any real card of
    that name left, and only the names left over are lies. In the order of ``give``."""
    said = list(said) if said else list(give)
    n = len(give)
    pair: list[str | None] = [None] * n
    free = [j for j in range(n) if give[j] != said[j]]
    for j in range(n):
        if give[j] == said[j]:
            pair[j] = said[j]
    left = Counter(said[j] for j in free)
    for j in free:  # a stated name that is another real card of the deal
        if left[give[j]] > 0:
            pair[j] = give[j]
            left[give[j]] -= 1
    rest = []  # the stated names left over, in the player's own order: the lies
    for j in free:
        if left[said[j]] > 0:
            rest.append(said[j])
            left[said[j]] -= 1
    for j in range(n):
        if pair[j] is None:
            pair[j] = rest.pop(0)
    return [{"card": give[j], "said": pair[j], "lie": pair[j] != give[j]} for j in range(n)]


def _hands(g: Context) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "name": g.name(p.nation),
             "cards": sorted(card_name(g, c) for c in p.hand)} for p in g.active()]


def _side(g: Context, give: list[str], said: list[str], expect: list[str]) -> dict[str, Any]:
    pairs = lies(give, said)
    return {"cards": [{"card": card_name(g, x["card"]), "said": names(g, [x["said"]]), "lie": x["lie"]}
                      for x in pairs],
            "lies": sum(1 for x in pairs if x["lie"]),
            "expect": [names(g, [e]) for e in expect]}


def replay_page(options: dict, seed: int | str, orders: Iterable[dict]) -> dict[str, Any]:
    """The replay of a game from its creation ``options``, ``seed`` and accepted ``orders``
    (the log, oldest first, each applied as it was): see ``Replay.page``."""
    state: GameState = new_game(dict(options), seed)
    turns: dict[int, dict[str, Any]] = {}

    def turn(n: int) -> dict[str, Any]:
        if n not in turns:
            turns[n] = {"turn": n, "hands_before": None, "hands_after": None, "market": False, "trades": [],
                        "calamities": [], "purchases": []}
        return turns[n]

    def observe(s: GameState, phase: str) -> None:
        g = game_for(s)
        if phase == "acquisition":
            turn(s.turn)["hands_before"] = _hands(g)
        elif phase == "trade":
            t = turn(s.turn)
            t["hands_after"] = _hands(g)
            t["market"] = bool(s.step.get("held"))
            t["calamities"] = [  # 29.61: who traded each calamity held when trade ends
                {"card": g.d.calamities[c].name, "from": g.of(frm).seat, "to": p.seat,
                 "from_name": g.name(frm), "to_name": g.name(p.nation)}
                for p in g.active() for c in sorted(set(p.hand))
                if c in g.d.calamities and (frm := trader_of(g, p.nation, c)) is not None]

    offers: dict[int, dict[str, Any]] = {}
    offers_turn = None
    count = 0
    for order in orders:
        count += 1
        if state.phase == "trade":
            if offers_turn != state.turn:
                offers, offers_turn = {}, state.turn
            # the very offer dicts: an acceptance carried out in this order fills their "accept"
            offers.update({o["id"]: o for o in state.step.get("offers", [])})
        at = state.turn
        events = apply_in_place(state, order, observer=observe, by_site=True)
        for e in events:  # the civilization cards bought (31.1), and what paid for them
            if e.kind == "civ_bought":
                g = game_for(state)
                buyer = g.of(e.data["nation"])
                turn(at)["purchases"].append({
                    "seat": buyer.seat, "nation": g.name(buyer.nation), "order": count,
                    "cards": [printed_name(g, c) for c in e.data["cards"]], "owed": e.data["owed"],
                    "card_value": e.data["card_value"], "treasury": e.data["treasury"], "paid": []})
            elif e.kind == "civ_paid" and e.to and turn(at)["purchases"]:
                last = turn(at)["purchases"][-1]
                if last["seat"] in e.to:
                    last["paid"] = [card_name(game_for(state), c) for c in e.data["cards"]]
        done = [e for e in events if e.kind == "trade_private" and e.to and "offer" in e.data]
        seen: set[int] = set()
        for e in done:
            oid = e.data["offer"]
            off = offers.get(oid)
            if oid in seen or off is None or not off.get("accept"):
                continue
            seen.add(oid)
            acc = off["accept"]
            g = game_for(state)
            turn(at)["trades"].append({
                "id": oid, "order": count, "from": off["from"], "to": off["to"],
                "from_name": g.name(state.players[off["from"]].nation),
                "to_name": g.name(state.players[off["to"]].nation),
                "gave": _side(g, off["give"], off["said"], off["expect"]),
                "got": _side(g, acc["give"], acc["said"], acc["expect"]),
            })
    g = game_for(state)
    for t in turns.values():  # a turn the game ended in before its trade
        if t["hands_before"] is None:
            t["hands_before"] = t["hands_after"]
    return {"turns": [turns[n] for n in sorted(turns) if turns[n]["hands_before"] is not None],
            "final_hands": _hands(g), "finished": state.finished, "orders": count,
            "digest": state.digest()}
