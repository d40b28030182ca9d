"""The printed facts the help pages show (SITE-GEN-06), read from where the game keeps them:
the phases of a turn (18.1) with their orders, the options, the trade's honesty limits
(28.3), the commodities (8.1), the calamities in resolution order (9.1, 29.6) each with its
effect summed up by its own class (``CalamityEffect.summary``, 30), the civilization cards
(32) with their effects (``rules/civcards.EFFECTS``) and the A.S.T. (33); for a variant
(EP-14), what it changes, read from the variant itself (:func:`variant_reference`).
"""
from __future__ import annotations

import re
from typing import Any

from ...contract import OptionField
from ..data import EPOCHS, card_groups, load
from ..phase import PHASES
from ..rules import civcards as cc
from ..rules import trade
from ..rules.ast import AGE_NAMES, requirement_text
from ..rules.calamities.base import EFFECTS
from ..state import Options
from ..variant import find_variant
from .names import nation_name
from .options import plain_option_fields

#: The player counts the game is for (16.1).
PLAYERS = range(2, 9)


def reference(variant: str | None = None) -> dict[str, Any]:
    """The printed facts the help pages show (SITE-GEN-06), from the game's data: the
    phases of a turn (18.1) with their orders, the trade's honesty limits (28.3), the
    commodities (8.1), the calamities in resolution order (9.1, 29.6) with a summary of
    each effect (30), the civilization cards (32) and the A.S.T. (33). ``variant``: a
    registered variant's key (EP-14): the phases are its turn's, under its phases' names,
    and ``"variant"`` holds what it changes (``variant_reference``); None: the plain game."""
    v = find_variant(variant or "standard")
    d = load()
    fields = plain_option_fields(PLAYERS, [])
    option_labels = {f.name: f.label for f in fields}  # a variant calamity's option (ep_major...)
    out = {
        "phases": phase_rows(v),
        "options": option_rows(fields),
        "trade": {"min_cards": trade.MIN_CARDS, "true_cards": trade.TRUE_CARDS},
        "commodities": [{"name": c.name, "value": c.value, "count": c.count,
                         "max_set_value": c.max_set_value} for c in d.commodities.values()],
        "calamities": [{"id": c.id, "name": c.name, "stack": c.stack, "tradable": c.tradable,
                        "rule": c.rule, "effect": EFFECTS[c.id].summary}
                       for c in sorted(d.calamities.values(), key=lambda c: c.order) if not c.option],
        "variant_calamities": [{"id": c.id, "name": c.name, "stack": c.stack, "tradable": c.tradable,
                                "rule": c.rule, "effect": EFFECTS[c.id].summary, "option": option_labels[c.option]}
                               for c in sorted(d.calamities.values(), key=lambda c: c.order) if c.option],
        "civ_cards": {"groups": [{"id": k, "name": v} for k, v in card_groups().items()],
                      "cards": civ_card_rows()},
        "ast": {"ages": [{"name": AGE_NAMES[e], "requirements": requirement_text(d.ast.requirements.get(e, {}))}
                         for e in EPOCHS],
                "finish": d.ast.finish, "points_per_space": d.ast.points_per_space,
                "tracks": [{"name": nation_name(n), "starts": {AGE_NAMES[e]: t.epoch_start[e] for e in EPOCHS},
                            "late_iron": list(t.late_iron_thresholds)} for n, t in d.ast.tracks.items()]},
    }
    if v.key != "standard":
        out["variant"] = variant_reference(v)
    return out


def option_rows(fields: list[OptionField]) -> list[dict[str, str]]:
    """The help page's table of the plain game's options (name, label, what it does, its
    default): the creation form's ``fields`` with the defaults of :class:`Options` (the later
    text's substitutions among them, SITE-SAFE-12)."""
    defaults = Options().to_json(every=True)
    unset = {"board": "the standard board for the number of players",
             "tokens": "the suggested number for the board", "turn_limit": "none"}
    rows = []
    for f in fields:
        v = defaults[f.name]
        default = ("on" if v else "off") if isinstance(v, bool) else unset.get(f.name, "") if v is None else str(v)
        about = f.help or f"from {PLAYERS[0]} to {PLAYERS[-1]}"
        rows.append({"name": f.name, "label": f.label, "about": about[:1].upper() + about[1:] + ".",
                     "default": default})
    return rows


def phase_name(v: Any, ph: str) -> str:
    """A phase by the name the help pages give it: the plain game's (18.1), else the phase
    class's ``title``, else its id."""
    return PHASE_NAMES.get(ph) or v.phase_titles.get(ph) or ph.replace("_", " ").capitalize()


def phase_rows(v: Any) -> list[dict[str, Any]]:
    """The phases of ``v``'s game, nation picking then its turn: id, name, rule and the
    players' orders (the plain game's: exactly as before variants, ``PHASES`` and ``TURN``)."""
    by_site = v.order_types(by_site=True)
    return [{"id": ph, "name": phase_name(v, ph), "rule": v.phase(ph).rule,
             "orders": [t for t in v.phase(ph).accepts if t not in by_site]}
            for ph in ("pick", *v.turn)]


def docstring(obj: Any) -> str:
    """The first paragraph of a class's own docstring, on one line, without its markup
    (``code``, :func:`name`): "" if it has none."""
    doc = obj.__dict__.get("__doc__") or ""
    text = " ".join(doc.strip().split("\n\n")[0].split())
    return re.sub(r"(?::\w+:)?`+([^`]+)`+", r"\1", text)


def variant_reference(v: Any) -> dict[str, Any]:
    """What a variant changes, for its help section (EP-14), read from the variant itself:
    its title and label; each phase of its turn marked ``plain``, ``changed`` (its own class
    under a plain phase's name) or ``new``, with the phase class's docstring and each order
    of the variant's own (or replaced) types with its docstring, i.e. what the decision asks;
    the orders taken in any phase; and its sub-options with their defaults and values."""
    plain_orders = find_variant("standard").order_types()
    own_orders = v.order_types()
    by_site = v.order_types(by_site=True)

    def order_rows(names: Any) -> list[dict[str, Any]]:
        return [{"type": t, "about": docstring(own_orders[t]), "own": own_orders[t] is not plain_orders.get(t)}
                for t in names if t not in by_site and t in own_orders]

    turn = []
    for ph in v.turn:
        obj = v.phase(ph)
        kind = "plain" if obj is PHASES.get(ph) else "changed" if ph in PHASES else "new"
        turn.append({"id": ph, "name": phase_name(v, ph), "rule": obj.rule, "kind": kind,
                     "about": docstring(type(obj)) if kind != "plain" else "",
                     "orders": order_rows(obj.accepts) if kind != "plain" else []})
    model = v.options_model()
    subs = []
    if model is not None:
        for name, f in model.model_fields.items():
            ann = f.annotation
            values = list(getattr(ann, "__args__", ())) if ann is not bool else [False, True]
            subs.append({"name": name, "description": f.description or "", "default": f.default,
                         "values": values})
    return {"key": v.key, "title": v.title, "label": v.option_label(), "turn": turn,
            "anytime": order_rows(v.anytime_orders), "sub_options": subs}


def civ_card_rows() -> list[dict[str, Any]]:
    """The 24 civilization cards as the pages show them (32): groups by name, cost,
    prerequisite, rule, effect and the credits each gives (31.5)."""
    d = load()
    groups = card_groups()
    return [{"id": cid, "name": card.name, "groups": [groups.get(x, x) for x in card.groups],
             "cost": card.cost, "rule": card.rule, "text": cc.EFFECTS.get(cid, ""),
             "prerequisite": d.civ_cards[card.prerequisite].name if card.prerequisite else None,
             "credits": [{"card": d.civ_cards[t].name, "points": n} for t, n in card.credits.items()]}
            for cid, card in d.civ_cards.items()]


#: The phases by the names the help pages give them (18.1).
PHASE_NAMES = {
    "pick": "Choosing nations and initial placement", "tax": "Taxation", "population": "Population expansion",
    "census": "Census", "ships": "Ship construction and maintenance", "movement": "Movement",
    "conflict": "Conflict", "cities": "City construction", "surplus": "Removal of surplus population",
    "acquisition": "Trade card acquisition", "trade": "Trade", "calamities": "Calamities",
    "advances": "Acquisition of civilization cards", "ast": "A.S.T. alteration",
}
