"""The replay's layout of a finished game of Advanced Civilization (SITE-HIST-01; the game's
``Replay.template``, ``advciv/_replay.html``): each turn's hands when its trade began and
ended, each deal's real cards beside what was said of them (the lies marked), the calamities
traded (who passed each to whom), the civilization cards bought with what paid for them, and
the final hands (SITE-TABLE-14). The data is the site face's (``site/replay.py``); here the seats are named as the
other pages name them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ....platform.play.gamepages import Viewer


@dataclass
class HandRow:
    seat: int
    label: str
    cards: list[str]
    changed: bool = False  # after trade: the hand is not the one it began with


@dataclass
class SideOut:
    label: str  # who gives these cards
    cards: list[dict[str, Any]]  # {card, said, lie}
    lies: int
    expect: list[str]


@dataclass
class TradeOut:
    id: int
    order: int
    title: str
    sides: list[SideOut]


@dataclass
class TurnOut:
    number: int
    market: bool
    before: list[HandRow]
    after: list[HandRow]
    trades: list[TradeOut] = field(default_factory=list)
    calamities: list[dict[str, str]] = field(default_factory=list)  # {card, by, to}
    purchases: list[dict[str, Any]] = field(default_factory=list)  # {label, cards, owed, paid, treasury}


def replay_turns(v: Viewer, data: dict) -> list[TurnOut]:
    """The game's replay data with the seats named as the other pages name them."""
    def hands(rows: list[dict] | None, base: dict[int, list[str]] | None = None) -> list[HandRow]:
        out = []
        for h in rows or []:
            cards = list(h["cards"])
            out.append(HandRow(h["seat"], v.seat_label(h["seat"]), cards,
                               base is not None and sorted(base.get(h["seat"], [])) != sorted(cards)))
        return out

    turns = []
    for t in data.get("turns", []):
        before = hands(t.get("hands_before"))
        t_out = TurnOut(t["turn"], bool(t.get("market")), before,
                        hands(t.get("hands_after"), {h.seat: h.cards for h in before}))
        for d in t.get("trades", []):
            a, b = v.seat_label(d["from"]), v.seat_label(d["to"])
            t_out.trades.append(TradeOut(d["id"], d["order"], f"Trade #{d['id']}: {a} and {b}", [
                SideOut(a, d["gave"]["cards"], d["gave"]["lies"], d["gave"]["expect"]),
                SideOut(b, d["got"]["cards"], d["got"]["lies"], d["got"]["expect"])]))
        t_out.calamities = [{"card": c["card"], "by": v.seat_label(c["from"]), "to": v.seat_label(c["to"])}
                            for c in t.get("calamities", [])]
        t_out.purchases = [{"label": v.seat_label(b["seat"]), "cards": b["cards"], "owed": b["owed"],
                            "card_value": b["card_value"], "paid": b["paid"], "treasury": b["treasury"],
                            "order": b["order"]} for b in t.get("purchases", [])]
        turns.append(t_out)
    return turns


def final_hands(v: Viewer, data: dict) -> list[HandRow]:
    """Every hand when the game ended, the seats named as the other pages name them."""
    return [HandRow(h["seat"], v.seat_label(h["seat"]), list(h["cards"])) for h in data.get("final_hands", [])]
