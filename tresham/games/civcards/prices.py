"""What things cost (CCG-CARD-02, CCG-CARD-04, CCG-CARD-06, CCG-CARD-08/09, CCG-EXT-01).

- the k-th plot (k >= 5): 15 + 5 (k - 5) resources of any mix (CCG-CARD-02);
- the n-th population on a plot: 6 + 2 (n - 1) Food (CCG-CARD-04);
- a building or wonder: its cost in Production; a technology: its cost in Commerce
  (CCG-CARD-06/08/09);
- the holder of the Highest Happiness card pays 1 Commerce less for technologies and 1
  Production less for buildings and wonders (CCG-EXT-01); ``discount`` effects take off
  their amounts; no price falls below 1 (docs/rulings/civcards.md, CCR-FLOOR).
"""
from __future__ import annotations

from .effects import discount
from .state import CCState


def plot_price(k: int) -> int:
    """The price of a player's k-th plot (CCG-CARD-02): 15 for the 5th, 20 for the 6th ..."""
    return 15 + 5 * (k - 5)


def population_price(n: int) -> int:
    """The price in Food of the n-th population on one plot (CCG-CARD-04): 6, 8, 10 ..."""
    return 6 + 2 * (n - 1)


def _floor(x: int) -> int:
    return max(1, x)


def next_plot(s: CCState, p: int) -> int:
    return _floor(plot_price(len(s.seats[p]["plots"]) + 1) - discount(s, p, "plot"))


def next_population(s: CCState, p: int, plot: dict) -> int:
    return _floor(population_price(plot["pop"] + 1) - discount(s, p, "population"))


def card_price(s: CCState, p: int, cid: str) -> tuple[str, int]:
    """(resource, amount) of a building, wonder or technology for ``p``."""
    cards = s.cards
    kind = cards.kind(cid)
    happy = 1 if s.happiness == p else 0
    base = cards.card(cid).cost
    if kind == "technology":
        return "commerce", _floor(base - happy - discount(s, p, "technology"))
    if kind in ("building", "wonder"):
        return "production", _floor(base - happy - discount(s, p, kind))
    raise ValueError(f"{cid} has no price of its own")
