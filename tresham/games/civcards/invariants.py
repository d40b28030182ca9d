"""Checks that hold in every reachable state (for tests and long simulated games):
:func:`violations` lists, in words, what is wrong; [] for a sound state.

Every card of the deck is in exactly one place (``state.py``'s list of places), each place
holds only cards of its kinds, counters are never negative, a plot holds at most its slots
(two only with 3 population, but a plot that lost population keeps what it had, CCG-EXT-06,
so at most 2), the award cards rest with players who qualify (CCG-EXT-01..03).
"""
from __future__ import annotations

from collections import Counter

from .awards import KINDS, holder_after
from .deck import PLAY_KINDS
from .effects import points
from .state import CCState


def places(s: CCState) -> dict[str, list[str]]:
    """Every place a card can be, with its cards."""
    out: dict[str, list[str]] = {"plot_deck": s.plot_deck, "plot_market": s.plot_market, "draft": s.draft,
                                 "tech_deck": s.tech_deck, "tech_market": s.tech_market,
                                 "play_deck": s.play_deck, "discard": s.discard}
    for p, st in enumerate(s.seats):
        out[f"seat {p} hand"] = st["hand"]
        out[f"seat {p} techs"] = st["techs"]
        out[f"seat {p} plots"] = [pl["id"] for pl in st["plots"]]
        out[f"seat {p} buildings"] = [c for pl in st["plots"] for c in pl["cards"]]
    if s.combat is not None:
        out["combat"] = [u for a in s.combat["attacks"] for u in a["units"] + a["defenders"]]
    return out


KINDS_OF = {"plot_deck": ("plot",), "plot_market": ("plot",), "draft": ("plot",), "plots": ("plot",),
            "tech_deck": ("technology",), "tech_market": ("technology",), "techs": ("technology",),
            "play_deck": PLAY_KINDS, "discard": PLAY_KINDS, "hand": PLAY_KINDS,
            "buildings": ("building", "wonder"), "combat": ("unit",)}


def violations(s: CCState) -> list[str]:
    out: list[str] = []
    cards = s.cards
    every = Counter(cards.instances(("plot", "technology") + PLAY_KINDS))
    seen: Counter = Counter()
    where: dict[str, list[str]] = {}
    for place, cids in places(s).items():
        kinds = KINDS_OF[place.split()[-1]]
        for c in cids:
            seen[c] += 1
            where.setdefault(c, []).append(place)
            if c not in every:
                out.append(f"{c!r} in {place} is no card of the deck")
            elif cards.kind(c) not in kinds:
                out.append(f"{c} ({cards.kind(c)}) lies in {place}")
    for c in every:
        if seen[c] == 0:
            out.append(f"{c} is nowhere")
        elif seen[c] > 1:
            out.append(f"{c} is in {seen[c]} places: {', '.join(where[c])}")
    for p, st in enumerate(s.seats):
        for r, n in st["res"].items():
            if n < 0:
                out.append(f"seat {p} holds {n} {r}")
        for pl in st["plots"]:
            if pl["pop"] < 0:
                out.append(f"seat {p}'s plot {pl['id']} holds {pl['pop']} population")
            if len(pl["cards"]) > 2:
                out.append(f"seat {p}'s plot {pl['id']} holds {len(pl['cards'])} buildings")
        if s.turn > 0 and len(st["plots"]) < 4:
            out.append(f"seat {p} has {len(st['plots'])} plots, fewer than the four starting ones")
    for kind in KINDS:
        totals = [points(s, p, kind) for p in range(s.players)]
        h = getattr(s, kind)
        if holder_after(totals, h) != h:
            out.append(f"the {kind} card rests with {h} although the points are {totals}")
    if len(s.plot_market) > 3 or len(s.tech_market) > 3:
        out.append("a market holds more than 3 cards")
    if s.plot_deck and len(s.plot_market) < 3 and s.turn > 0:
        out.append("the plot market is not refilled")
    if s.tech_deck and len(s.tech_market) < 3 and s.turn > 0:
        out.append("the technology market is not refilled")
    if s.finished != (s.phase == "over"):
        out.append(f"finished {s.finished} in phase {s.phase}")
    if s.finished and (s.tech_market or s.tech_deck):
        out.append("the game ended with technologies left to buy")
    return out
