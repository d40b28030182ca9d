"""Build Civilization: The Card Game positions directly: a game past its setup (every
setup decision taken by its default), hands, plots, buildings and resources set exactly,
each card taken from where it lies so that every card stays in exactly one place."""
from __future__ import annotations

from tresham.games.civcards import awards, engine
from tresham.games.civcards.invariants import violations
from tresham.games.civcards.rules.turn import decider
from tresham.games.civcards.state import CCState


def fresh(players: int = 2, seed: int = 1, **opts) -> CCState:
    return engine.new_game({"players": players, **opts}, seed)


def started(players: int = 2, seed: int = 1, **opts) -> CCState:
    """A game at its first turn (the setup's decisions taken by their defaults)."""
    s = fresh(players, seed, **opts)
    while s.turn == 0:
        engine.apply_in_place(s, {"type": "timeout", "player": decider(s)}, by_site=True)
    return s


def _lists(s: CCState):
    yield s.play_deck
    yield s.discard
    yield s.plot_deck
    yield s.plot_market
    yield s.tech_deck
    yield s.tech_market
    for st in s.seats:
        yield st["hand"]
        yield st["techs"]


def refill(s: CCState) -> None:
    """Keep the markets full, as the rules do (CCG-SET-05)."""
    if s.turn:
        while len(s.plot_market) < 3 and s.plot_deck:
            s.plot_market.append(s.plot_deck.pop())
        while len(s.tech_market) < 3 and s.tech_deck:
            s.tech_market.append(s.tech_deck.pop())


def take(s: CCState, def_id: str, exclude: tuple = ()) -> str:
    """An instance of ``def_id`` taken from a deck, market, discard pile, hand or techs."""
    for lst in _lists(s):
        for c in lst:
            if c.rsplit(".", 1)[0] == def_id and c not in exclude:
                lst.remove(c)
                refill(s)
                return c
    for st in s.seats:
        for pl in st["plots"]:
            for c in pl["cards"]:
                if c.rsplit(".", 1)[0] == def_id:
                    pl["cards"].remove(c)
                    return c
    raise LookupError(f"no {def_id} left to take")


def clear_hand(s: CCState, p: int) -> None:
    s.play_deck[:0] = s.seats[p]["hand"]
    s.seats[p]["hand"] = []


def hand(s: CCState, p: int, *defs: str) -> list[str]:
    """Set ``p``'s hand to exactly these cards (the old hand under the play deck)."""
    clear_hand(s, p)
    got = [take(s, d) for d in defs]
    s.seats[p]["hand"] = got
    return got


def plots(s: CCState, p: int, *defs: str, pop: tuple[int, ...] = ()) -> list[str]:
    """Set ``p``'s plots to exactly these (population ``pop``), buildings back under the deck."""
    for pl in s.seats[p]["plots"]:
        s.plot_deck.insert(0, pl["id"])
        s.play_deck[:0] = pl["cards"]
    s.seats[p]["plots"] = []
    ids = []
    for i, d in enumerate(defs):
        pid = take(s, d)
        s.seats[p]["plots"].append({"id": pid, "pop": pop[i] if i < len(pop) else 0, "cards": []})
        ids.append(pid)
    return ids


def build_on(s: CCState, p: int, plot_id: str, def_id: str) -> str:
    """Put a ``def_id`` on ``p``'s plot; the award cards handed over as the rules would."""
    cid = take(s, def_id)
    s.plot(p, plot_id)["cards"].append(cid)
    awards.update(s, [])
    return cid


def techs(s: CCState, p: int, *defs: str) -> list[str]:
    got = [take(s, d) for d in defs]
    s.seats[p]["techs"] += got
    return got


def res(s: CCState, p: int, food: int = 0, production: int = 0, commerce: int = 0) -> None:
    s.seats[p]["res"] = {"food": food, "production": production, "commerce": commerce}


def at_buy(s: CCState, p: int = 0) -> CCState:
    """``p`` active, in his purchase step (his collection already made)."""
    s.active = p
    s.phase = "buy"
    s.queue = []
    return s


def go(s: CCState, order: dict, by_site: bool = False):
    """Apply ``order`` (pure), check the invariants; the new state and the events' texts."""
    t, ev = engine.apply(s, order, by_site=by_site)
    assert violations(t) == [], violations(t)
    return t, [e.text for e in ev]


def sound(s: CCState) -> CCState:
    assert violations(s) == [], violations(s)
    return s
