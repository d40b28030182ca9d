"""The Grand Imperial trade stacks in play: which stack is a region's, where a card out of the
stacks belongs, and restacking (GI-REGION-15, GI-TRADE-09, GI-EVENT-01).

``GameState.stacks`` holds the twelve regional stacks in the seed's order (GI-REGION-01..12),
then the event stack (``variant.stack_names``). A card in a regional stack is that region's.
A commodity card out of the stacks (in a hand, set aside, kept by an inert nation) belongs to
a region too: the region's cards out of its stack are what the seed puts in it less what it
still holds (``out_of_stack``), so the pooled provenance of ruling GIR-11 is derived from the
stacks and never stored (``docs/rulings/grand-imperial-stacks.md``, GIS-1).
"""
from __future__ import annotations

from collections import Counter

from ..context import Context
from .variant import EVENTS, is_event_card, region_contents, region_stacks


def stack_index(region: str) -> int:
    """The index in ``GameState.stacks`` of a region's stack (or of ``events``)."""
    names = (*region_stacks(), EVENTS)
    return names.index(region)


def region_stack(g: Context, region: str) -> list[str]:
    return g.s.stacks[stack_index(region)]


def event_stack(g: Context) -> list[str]:
    return g.s.stacks[stack_index(EVENTS)]


def out_of_stack(g: Context, region: str) -> Counter:
    """The region's cards not in its stack now: commodity -> copies (GIS-1)."""
    return region_contents()[region] - Counter(region_stack(g, region))


def home_region(g: Context, card: str, returning: Counter | None = None) -> str:
    """The region a returned commodity card goes back to (GIR-11, GIS-2): the one with the most
    copies of it out of its stack (less those ``returning`` already sends back), ties to the
    lower region number."""
    best, most = None, 0
    for rid in region_stacks():
        n = out_of_stack(g, rid)[card] - (returning or Counter())[(rid, card)]
        if n > most:
            best, most = rid, n
    if best is None:
        raise ValueError(f"no region has a {card} card out of its stack")
    return best


def put_under(g: Context, cards: list[str]) -> dict[str, int]:
    """Put ``cards`` face down under their stacks (GIS-2): each commodity under its region
    (``home_region``), the cards of one region shuffled together; the event cards
    (calamities, ballast, Leadership cards) shuffled together under the event stack, the
    non-tradable calamities with the rest (GIR-07: no place at the bottom). Gives the number
    of cards put under each stack."""
    back: dict[str, list[str]] = {}
    returning: Counter = Counter()
    for c in sorted(c for c in cards if not is_event_card(c)):
        rid = home_region(g, c, returning)
        returning[(rid, c)] += 1
        back.setdefault(rid, []).append(c)
    for rid in region_stacks():
        mixed = back.get(rid)
        if mixed:
            g.rng.shuffle(mixed)
            region_stack(g, rid).extend(mixed)
    events = [c for c in cards if is_event_card(c)]
    if events:
        g.rng.shuffle(events)
        event_stack(g).extend(events)
        back[EVENTS] = events
    return {k: len(v) for k, v in back.items()}


def restack(g: Context) -> None:
    """GI-TRADE-09 (31.81, 29.7): at the end of the advances phase the set-aside cards go back
    under their stacks (``put_under``); a Civil War held with the Great Compromiser stays
    set aside until it takes effect (D16, GI-CAL-05)."""
    keep = ["civil_war"] * min(len(g.s.variant_state.get("held_civil_war", {})),
                               g.s.set_aside.count("civil_war"))
    cards = list(g.s.set_aside)
    for c in keep:
        cards.remove(c)
    if not cards:
        return
    counts = put_under(g, cards)
    g.emit(f"{len(cards)} returned trade cards are restacked under their stacks ("
           + ", ".join(f"{n} {rid}" for rid, n in counts.items()) + ").", "restack",
           count=len(cards), stacks=counts)
    g.s.set_aside = keep
