"""The data of the game's own page, the table (``Offers.pages`` "table"), made from a seat's
view alone (``engine.view``), so it shows nothing the seat may not see: the viewer's hand,
every seat's plots with their population, buildings and wonders (CCG-CARD-03..09), its
technologies, resources, Happiness, Culture and score (CCG-OV-04, CCG-EXT-01), who its
neighbours are (CCG-COMB-01), the markets (3 plots, 3 technologies, CCG-SET-05), the award
holders (CCG-EXT-01..03) and the combat in progress (CCG-COMB-*)."""
from __future__ import annotations

from typing import Any

from ..awards import KINDS
from ..deck import load
from ..seating import neighbours
from ..state import NATIONS
from . import names

AWARD_WORDS = {"happiness": "Highest Happiness", "culture": "Highest Culture"}
STAGES = {"catapult": "Catapults", "bounce": "Walls", "defend": "counters", "losses": "losses",
          "place_stolen": "stolen population", "done": "resolved"}


def _plot(cards, pl: dict, plots: list[dict]) -> dict[str, Any]:
    """A plot's row: its name (a second plot of the same card told apart), population, and
    its buildings and wonders by name with what they give, short enough for a phone."""
    kinds = {c: cards.kind(c) for c in pl["cards"]}
    return {"id": pl["id"], "name": names.own_plot(cards, plots, pl["id"]), "pop": pl["pop"],
            "buildings": [names.described(cards, c) for c, k in kinds.items() if k == "building"],
            "wonders": [names.described(cards, c) for c, k in kinds.items() if k == "wonder"],
            "attached": [names.card(cards, c) + (" (wonder)" if k == "wonder" else "") for c, k in kinds.items()]}


def _threat(cards, a: dict) -> str:
    """What the attacking units still in play would take before the losses are worked out
    (CCG-COMB-05): "1 population and 1 building" (the losses are what the defender has at most)."""
    out = [u for u in a["units"] if u not in (a.get("countered") or []) and u != a.get("bounced")]
    steal = sum(cards.card(u).steal for u in out)
    destroy = sum(cards.card(u).destroy for u in out)
    return f"{steal} population and {destroy} building{'s' if destroy != 1 else ''}"


def _combat(cards, view: dict) -> dict[str, Any] | None:
    c = view.get("combat")
    if not c:
        return None
    out = []
    for i, a in enumerate(c["attacks"]):
        out.append({"current": i == c["index"], "defender": NATIONS[a["defender"]],
                    "units": [names.described(cards, u) for u in a["units"]],
                    "bounced": names.card(cards, a["bounced"]) if a.get("bounced") else "",
                    "countered": [names.card(cards, u) for u in a.get("countered") or []],
                    "defenders": [names.card(cards, u) for u in a.get("defenders") or []],
                    "steal": a.get("steal", 0), "destroy": a.get("destroy", 0), "threat": _threat(cards, a),
                    "settled": a.get("stage") in ("losses", "place_stolen", "done"),
                    "stage": STAGES.get(a.get("stage"), a.get("stage") or "")})
    return {"attacker": NATIONS[c["attacker"]], "attacks": out}


def table(view: dict, seat_label=None) -> dict[str, Any]:
    """The page's data: ``seat_label(seat)`` names a seat as the site does (default: its nation)."""
    cards = load(view["deck"])
    label = seat_label or (lambda p: NATIONS[p])
    me = view.get("seat")
    n = len(view["players"])
    near = set(neighbours(n, me)) if me is not None and 0 <= me < n else set()
    players = []
    for p in view["players"]:
        players.append({
            "seat": p["seat"], "nation": p["nation"], "label": label(p["seat"]), "you": p["seat"] == me,
            "neighbour": p["seat"] in near, "team": p["team"], "hand_size": p["hand_size"],
            "resources": names.res_text(p["resources"]), "techs": [names.described(cards, t) for t in p["techs"]],
            "plots": [_plot(cards, pl, p["plots"]) for pl in p["plots"]],
            "built": list(dict.fromkeys(names.described(cards, c) for pl in p["plots"] for c in pl["cards"])), "happiness": p["happiness_points"],
            "culture": p["culture_points"], "score": p["score"]["vp"],
            "awards": [AWARD_WORDS[k] for k in KINDS if view["awards"].get(k) == p["seat"]]})
    return {
        "hand": [names.described(cards, c) for c in view["hand"]] if view.get("hand") is not None else None,
        "players": players,
        "market_plots": [names.plot(cards, c) for c in view["market"]["plots"]],
        "market_techs": [names.described(cards, c) for c in view["market"]["techs"]],
        "draft": [names.plot(cards, c) for c in view.get("draft") or []],
        "decks": view["decks"], "stage": view["stage"],
        "awards": [{"name": AWARD_WORDS[k], "holder": NATIONS[h] if h is not None else "nobody"}
                   for k, h in view["awards"].items()],
        "combat": _combat(cards, view),
        "neighbours": [NATIONS[q] for q in sorted(near)],
    }
