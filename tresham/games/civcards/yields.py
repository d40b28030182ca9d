"""Step 1 of a turn, the collection (CCG-TURN-01, CCG-CARD-03/04, CCG-EXT-07).

Each plot yields its printed resources; each Granary, Forge or Market on it (``double_yield``)
yields the plot's printed amount of its resource again, additively (a plot printed with 2
Food and two Granaries yields 2 + 2 + 2 = 6 Food, CCG-EXT-07); each Population on it yields 1
of a resource the plot prints, the owner's choice each turn (CCG-CARD-04); technologies,
buildings and wonders with a ``yield`` effect add their amount.
"""
from __future__ import annotations

from ..contract import IllegalOrder
from .deck import RESOURCES
from .effects import effects
from .state import CCState, empty_res


def printed(s: CCState, plot_id: str) -> dict[str, int]:
    """The plot's printed yields."""
    return dict(s.cards.card(plot_id).yields)


def plot_yield(s: CCState, plot: dict) -> dict[str, int]:
    """A plot's yield without its population: printed, plus each ``double_yield`` card on it."""
    base = printed(s, plot["id"])
    out = empty_res()
    for r, n in base.items():
        out[r] += n
    cards = s.cards
    for c in plot["cards"]:
        for e in cards.card(c).effects:
            if e.kind == "double_yield":
                out[e.resource] += base.get(e.resource, 0)
    return out


def choices(s: CCState, plot_id: str) -> list[str]:
    """The resources a population on this plot may yield: those the plot prints (CCG-CARD-04)."""
    base = printed(s, plot_id)
    return [r for r in RESOURCES if base.get(r, 0) > 0]


def best(s: CCState, plot_id: str) -> str:
    """The plot's most printed resource (ties: food, production, commerce): the default
    choice of its population."""
    base = printed(s, plot_id)
    return max(choices(s, plot_id), key=lambda r: (base[r], -RESOURCES.index(r)))


def default_alloc(s: CCState, p: int) -> dict[str, dict[str, int]]:
    """Each populated plot's population all on the plot's most printed resource."""
    return {pl["id"]: {best(s, pl["id"]): pl["pop"]} for pl in s.seats[p]["plots"] if pl["pop"]}


def has_choice(s: CCState, p: int) -> bool:
    """Whether ``p``'s population has a choice to make this turn (else collection is automatic)."""
    return any(pl["pop"] and len(choices(s, pl["id"])) > 1 for pl in s.seats[p]["plots"])


def check_alloc(s: CCState, p: int, alloc: dict | None) -> dict[str, dict[str, int]]:
    """The allocation in full (plots not named take the default), or IllegalOrder."""
    out = default_alloc(s, p)
    for pid, split in (alloc or {}).items():
        pl = s.plot(p, pid)
        if pl is None:
            raise IllegalOrder("CCG-CARD-04", f"{pid!r} is not one of your plots")
        allowed = choices(s, pid)
        for r, n in split.items():
            if r not in allowed:
                raise IllegalOrder("CCG-CARD-04", f"a population on {s.cards.name(pid)} yields "
                                                  f"{' or '.join(allowed)}, not {r}")
            if n < 0:
                raise IllegalOrder("CCG-CARD-04", "a population count is 0 or more")
        if sum(split.values()) != pl["pop"]:
            raise IllegalOrder("CCG-CARD-04", f"{s.cards.name(pid)} has {pl['pop']} population, "
                                              f"not {sum(split.values())}")
        out[pid] = {r: n for r, n in split.items() if n}
    return out


def income(s: CCState, p: int, alloc: dict | None = None) -> dict[str, int]:
    """What ``p`` collects this turn with the population allocation ``alloc`` (checked)."""
    full = check_alloc(s, p, alloc)
    out = empty_res()
    for pl in s.seats[p]["plots"]:
        for r, n in plot_yield(s, pl).items():
            out[r] += n
        for r, n in full.get(pl["id"], {}).items():
            out[r] += n
    for e in effects(s, p, "yield"):
        out[e.resource] += e.amount
    return out
