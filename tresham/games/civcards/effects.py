"""What a seat's cards do for it: the effects of its technologies and of the buildings and
wonders on its plots (deck.py's vocabulary), its Happiness and Culture points (CCG-EXT-01/02),
its walls (CCG-COMB-03) and its extra draws (CCG-EXT-05)."""
from __future__ import annotations

from .state import CCState


def attached(s: CCState, p: int) -> list[str]:
    """The buildings and wonders on ``p``'s plots, plot by plot."""
    return [c for pl in s.seats[p]["plots"] for c in pl["cards"]]


def owned(s: CCState, p: int) -> list[str]:
    """The cards whose effects ``p`` enjoys: his technologies, then his buildings and wonders."""
    return list(s.seats[p]["techs"]) + attached(s, p)


def effects(s: CCState, p: int, kind: str) -> list:
    """The effects of ``kind`` among ``p``'s cards."""
    cards = s.cards
    return [e for c in owned(s, p) for e in cards.card(c).effects if e.kind == kind]


def points(s: CCState, p: int, what: str) -> int:
    """``p``'s Happiness (``what`` "happiness") or Culture points from his buildings, wonders
    and technologies (CCG-EXT-01/02)."""
    cards = s.cards
    return sum(getattr(cards.card(c), what) for c in owned(s, p))


def walls(s: CCState, p: int, wonders: bool = True) -> list[str]:
    """``p``'s cards with the walls effect on his plots (``wonders`` False: the buildings
    alone, which a Catapult can send back, CCG-COMB-02)."""
    cards = s.cards
    return [c for c in attached(s, p) if any(e.kind == "walls" for e in cards.card(c).effects)
            and (wonders or cards.kind(c) == "building")]


def extra_draws(s: CCState, p: int) -> int:
    """The extra cards drawn right before the end-of-turn discard (Astronomy, Pottery; CCG-EXT-05)."""
    return sum(e.amount for e in effects(s, p, "extra_draw"))


def discount(s: CCState, p: int, purchase: str) -> int:
    return sum(e.amount for e in effects(s, p, "discount") if e.applies_to == purchase)


def wonders(s: CCState, p: int) -> int:
    cards = s.cards
    return sum(1 for c in attached(s, p) if cards.kind(c) == "wonder")


def population(s: CCState, p: int) -> int:
    return sum(pl["pop"] for pl in s.seats[p]["plots"])
