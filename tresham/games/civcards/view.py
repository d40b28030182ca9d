"""Per-seat views (docs/civcards.md "The view"), the options of the decision pending, and the
words for where the game stands (:func:`stage_words`). ``engine.view`` adds the decisions.

Hidden: every hand but the viewer's own (its size is shown), the order of the three decks
and the discard pile's cards (their sizes are shown; docs/rulings/civcards.md, CCR-HIDDEN).
Open: the plots with their population, buildings and wonders, the technologies, the
resources (CCR-HIDDEN), the markets, the draft's row, the award cards, the combat's units.
"""
from __future__ import annotations

from typing import Any

from . import prices, yields
from .awards import KINDS
from .effects import points, walls
from .rules import combat
from .rules.end import places, score
from .rules.turn import decider
from .seating import team_of, targets
from .state import NATIONS, CCState, who


def stage_words(s: CCState) -> str:
    """Where the game stands: "Turn 3, Rome: buy"."""
    if s.finished:
        return "Game over"
    d = decider(s)
    if s.turn == 0:
        return f"Setup, {s.phase.replace('_', ' ')}: {who(d)}"
    base = f"Turn {s.turn}, {who(s.active)}: {s.phase.replace('_', ' ')}"
    if d != s.active:
        base += f" ({who(d)})"
    return base


def decision_options(s: CCState, seat: int | None, private: bool = True) -> dict[str, Any]:
    """The current decision's options; ``private``: with what only the decider may know
    (which of his units counter what)."""
    ph, d = s.phase, decider(s)
    if ph in ("draft1", "draft2"):
        return {"row": list(s.draft)}
    if ph == "free_pop":
        return {"plots": [pl["id"] for pl in s.seats[d]["plots"]]}
    if ph in ("opening_discard", "discard"):
        return {"count": min(s.need, len(s.seats[d]["hand"]))}
    if ph == "collect":
        return {"plots": {pl["id"]: {"pop": pl["pop"], "choices": yields.choices(s, pl["id"]),
                                     "default": yields.best(s, pl["id"])}
                          for pl in s.seats[d]["plots"] if pl["pop"]}}
    if ph == "buy":
        return {"plot_price": prices.next_plot(s, d),
                "population_price": {pl["id"]: prices.next_population(s, d, pl) for pl in s.seats[d]["plots"]},
                "tech_price": {t: prices.card_price(s, d, t)[1] for t in s.tech_market}}
    if ph == "attack":
        return {"targets": targets(s.options, s.players, d)}
    if s.combat is None:
        return {}
    a = combat.current(s)
    if ph == "catapult":
        return {"count": sum(1 for u in a["units"] if combat.is_catapult(s, u)),
                "walls": walls(s, d, wonders=False)}
    if ph == "bounce":
        return {"units": combat.fighting(s, a)}
    if ph == "defend":
        out: dict[str, Any] = {"units": combat.uncountered(s, a)}
        if private and seat == d:
            hand = s.seats[d]["hand"]
            out["counters"] = {u: [h for h in hand if combat.counters(s, h, u)] for u in out["units"]}
        return out
    if ph == "losses":
        return {"population": a["steal"], "buildings": a["destroy"],
                "building_cards": combat.defender_buildings(s, d)}
    if ph == "place_stolen":
        return {"count": a["stolen"]}
    return {}


def seat_public(s: CCState, p: int) -> dict[str, Any]:
    st = s.seats[p]
    return {"seat": p, "nation": NATIONS[p], "team": team_of(s.options, p),
            "hand_size": len(st["hand"]), "resources": dict(st["res"]), "techs": list(st["techs"]),
            "plots": [{"id": pl["id"], "pop": pl["pop"], "cards": list(pl["cards"])} for pl in st["plots"]],
            "happiness_points": points(s, p, "happiness"), "culture_points": points(s, p, "culture"),
            "score": score(s, p)}


def public_combat(s: CCState) -> dict | None:
    if s.combat is None:
        return None
    c = s.combat
    return {"attacker": c["attacker"], "index": c["index"],
            "attacks": [{k: a[k] for k in ("defender", "units", "stage", "bounced", "countered", "defenders",
                                           "steal", "destroy", "stolen", "spent")} for a in c["attacks"]]}


def seat_view(s: CCState, seat: int | None, pending: list[dict]) -> dict[str, Any]:
    """What ``seat`` may see (None: a spectator); ``pending`` the decisions as JSON."""
    mine = seat is not None and 0 <= seat < s.players
    own_opts = decision_options(s, seat) if mine and decider(s) == seat else None
    for d in pending:
        if own_opts is not None and d["player"] == seat:
            d["options"] = own_opts
    return {
        "game": "civcards", "options": dict(s.options), "deck": s.options["deck"], "seat": seat,
        "turn": s.turn, "active": s.active, "dealer": s.dealer, "first": s.first(), "phase": s.phase,
        "decider": decider(s), "stage": stage_words(s), "finished": s.finished, "end_reason": s.end_reason,
        "players": [seat_public(s, p) for p in range(s.players)],
        "hand": list(s.seats[seat]["hand"]) if mine else None,
        "draft": list(s.draft), "market": {"plots": list(s.plot_market), "techs": list(s.tech_market)},
        "decks": {"plots": len(s.plot_deck), "techs": len(s.tech_deck), "play": len(s.play_deck),
                  "discard": len(s.discard)},
        "awards": {k: getattr(s, k) for k in KINDS},
        "ending": s.ending,
        "combat": public_combat(s),
        "places": places(s) if s.finished else None,
        "pending": pending,
    }
