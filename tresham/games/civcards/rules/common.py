"""Small helpers shared by the rules: events, card words, moving play cards between places,
drawing with the discard pile reshuffled (docs/rulings/civcards.md, CCR-RESHUFFLE)."""
from __future__ import annotations

from ...contract import Event, IllegalOrder
from ..state import CCState, shuffled, who


def emit(ev: list[Event], text: str, kind: str = "info", to: list[int] | None = None, **data) -> None:
    ev.append(Event(text, kind, to, data))


def names(s: CCState, cids: list[str]) -> str:
    return ", ".join(s.cards.name(c) for c in cids) or "nothing"


def plural(n: int, word: str) -> str:
    """"1 card", "2 cards"; "population" does not change."""
    return f"{n} {word}" if n == 1 or word == "population" else f"{n} {word}s"


def take_from_hand(s: CCState, p: int, cid: str, rule: str) -> None:
    hand = s.seats[p]["hand"]
    if cid not in hand:
        raise IllegalOrder(rule, f"{cid!r} is not in your hand")
    hand.remove(cid)


def distinct(cids: list[str], rule: str) -> None:
    if len(set(cids)) != len(cids):
        raise IllegalOrder(rule, "a card is named twice")


def draw(s: CCState, p: int, k: int, ev: list[Event]) -> list[str]:
    """``p`` draws up to ``k`` play cards; an empty play deck is refilled from the discard
    pile, shuffled (CCR-RESHUFFLE); with both empty, fewer are drawn."""
    got: list[str] = []
    for _ in range(k):
        if not s.play_deck:
            if not s.discard:
                break
            s.play_deck = shuffled(s, s.discard)
            s.discard = []
            emit(ev, f"the discard pile is shuffled into a new play deck ({plural(len(s.play_deck), 'card')})",
                 "reshuffle")
        got.append(s.play_deck.pop())
    s.seats[p]["hand"] += got
    if got:
        emit(ev, f"{who(p)} draws {plural(len(got), 'card')}", "draw")
        emit(ev, f"you draw {names(s, got)}", "draw", to=[p], cards=got)
    return got
