"""Corruption (Expansion Project 28.71; stack 7, major, non-tradable; option ``ep_major``), and
the card-choosing machinery Banditry (28.93) shares: the :class:`CalamityCards` order and the
:class:`LoseCards` effect.

28.711 The victim immediately discards commodity cards worth 10 or more points, face value (not
set value), of his choice; they are restacked after the acquisition of civilization cards
(``g.s.set_aside``, restacked by the advances phase, 31.8). 28.712 Coinage: five points more.
28.713 Law: five points fewer. 28.714 Short of the points, he discards his entire hand.

The decision (kind ``"calamity_cards"``, options ``{"points": n, "hand": [card, ...]}``) is
answered by ``{"type": "calamity_cards", "player": S, "cards": [card, ...]}``: cards of his hand
(commodities; a card named twice is two copies) worth at least ``points`` face value. The site
default (timeout) gives the cheapest such selection (:func:`cheapest_cards`); the bots sample a
random one. Rulings: ``docs/rulings/expansion-calamities-cards.md``.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ....contract import Decision, IllegalOrder
from ...context import Context
from ...orders import Order, order
from ...schema import Many, TradeCardId
from .base import CalamityEffect, effect


@order("calamity_cards", rule="28.711", fields={"cards": "28.711"})
@dataclass(slots=True)
class CalamityCards(Order):
    """The commodity cards a calamity takes from one's hand (Corruption 28.711, Banditry
    28.931): one entry per card."""

    cards: Many(TradeCardId) = field(default_factory=list)


def hand_commodities(g: Context, nation: str) -> list[str]:
    """The victim's commodity cards (his calamities are already revealed and set aside, 29.7)."""
    return sorted(c for c in g.of(nation).hand if c in g.d.commodities)


def face_value(g: Context, cards: list[str]) -> int:
    """Face value, not set value (28.711): the sum of the printed values."""
    return sum(g.d.commodities[c].value for c in cards)


def cheapest_cards(g: Context, hand: list[str], points: int) -> list[str]:
    """The site default: the selection of the lowest total face value that reaches ``points``;
    ties go to fewer cards, then to the cheaper cards (deterministic). Short of the points,
    the whole hand (28.714). Dynamic programming over the exact totals."""
    if face_value(g, hand) <= points:
        return sorted(hand)
    def key(sel: tuple[str, ...]) -> tuple:
        return (len(sel), [(g.d.commodities[c].value, c) for c in sel])

    best: dict[int, tuple[str, ...]] = {0: ()}  # exact total -> best selection (sorted)
    for card, n in sorted(Counter(hand).items()):
        v = g.d.commodities[card].value
        nxt = dict(best)
        for total, sel in best.items():
            for m in range(1, n + 1):
                t = total + m * v
                cand = tuple(sorted(sel + (card,) * m, key=lambda c: (g.d.commodities[c].value, c)))
                if t not in nxt or key(cand) < key(nxt[t]):
                    nxt[t] = cand
        best = nxt
    total = min(t for t in best if t >= points)
    return sorted(best[total])


def random_cards(hand: list[str], points: int, g: Context, rng) -> list[str]:
    """A random legal selection, for bots: the hand shuffled, cards taken until the points are
    reached (the whole hand when it is short)."""
    cards = list(hand)
    rng.shuffle(cards)
    out: list[str] = []
    for c in cards:
        if face_value(g, out) >= points:
            break
        out.append(c)
    return sorted(out)


class LoseCards(CalamityEffect):
    """The victim chooses commodity cards worth at least :meth:`points` face value; they go
    where :meth:`dispose` puts them. No points owed, or no commodity card held: no effect.
    A hand worth no more than the points is taken whole at once (28.714; nothing to choose)."""

    accepts = ("calamity_cards",)

    def points(self, g: Context, ctx: dict[str, Any]) -> int:
        raise NotImplementedError

    def dispose(self, g: Context, ctx: dict[str, Any], cards: list[str]) -> None:
        raise NotImplementedError

    def short_text(self, g: Context, ctx: dict[str, Any]) -> str:
        return "he discards his entire hand"

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        victim = ctx["victim"]
        name = g.d.calamities[self.id].name
        n = self.points(g, ctx)
        ctx["points"] = n
        hand = hand_commodities(g, victim)
        ctx["stage"] = "choose"
        if n <= 0 or not hand:
            why = "he owes no points" if n <= 0 else "he holds no commodity card"
            g.emit(f"{name}: {g.name(victim)} loses no card ({why}).", "calamity_none",
                   nation=victim, calamity=self.id)
            ctx["stage"] = "done"
        elif face_value(g, hand) <= n:
            g.emit(f"{name}: {g.name(victim)}'s commodity cards are worth {face_value(g, hand)} "
                   f"points, no more than the {n} owed: {self.short_text(g, ctx)} ({self.rule}).",
                   "calamity", nation=victim, calamity=self.id, points=n)
            self._apply(g, ctx, hand)
        else:
            g.emit(f"{name}: {g.name(victim)} must give up commodity cards worth at least {n} "
                   "points (face value), his choice.", "calamity", nation=victim,
                   calamity=self.id, points=n)

    def _apply(self, g: Context, ctx: dict[str, Any], cards: list[str]) -> None:
        p = g.of(ctx["victim"])
        for c in cards:
            p.hand.remove(c)
        self.dispose(g, ctx, sorted(cards))
        ctx["stage"] = "done"

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        if ctx.get("stage") != "choose":
            return []
        v = ctx["victim"]
        return [Decision(g.of(v).seat, "calamity_cards",
                         f"{g.d.calamities[self.id].name}: choose commodity cards worth at least "
                         f"{ctx['points']} points (face value)",
                         default="the cheapest cards that reach the points",
                         options={"points": ctx["points"], "hand": hand_commodities(g, v)})]

    def check(self, g: Context, ctx: dict[str, Any], cards: list[str]) -> None:
        """Validate before anything changes: own commodity cards, at least the points."""
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise IllegalOrder(self.rule, "name the cards by their ids")
        hand = Counter(hand_commodities(g, ctx["victim"]))
        bad = [c for c in cards if c not in g.d.commodities]
        if bad:
            raise IllegalOrder(self.rule, f"only commodity cards count: {', '.join(sorted(set(bad)))}")
        over = [c for c, k in Counter(cards).items() if k > hand[c]]
        if over:
            raise IllegalOrder(self.rule, "you do not hold all the cards you name: "
                               + ", ".join(sorted(over)))
        worth = face_value(g, cards)
        if worth < ctx["points"]:
            raise IllegalOrder(self.rule, f"the cards named are worth {worth} points; at least "
                               f"{ctx['points']} are owed (face value)")

    def handle(self, g: Context, ctx: dict[str, Any], o: Order) -> None:
        assert isinstance(o, CalamityCards)
        cards = list(o.cards)
        self.check(g, ctx, cards)
        self._apply(g, ctx, cards)

    def timeout(self, g: Context, ctx: dict[str, Any], seat_: int) -> None:
        """Site default: the cheapest cards that reach the points (:func:`cheapest_cards`)."""
        self._apply(g, ctx, cheapest_cards(g, hand_commodities(g, ctx["victim"]), ctx["points"]))

    def sample(self, g: Context, ctx: dict[str, Any], seat_: int, rng) -> Order:
        return CalamityCards(seat_, random_cards(hand_commodities(g, ctx["victim"]),
                                                 ctx["points"], g, rng))


def discard_cards(g: Context, ctx: dict[str, Any], cards: list[str], why: str) -> None:
    """Cards discarded to the stacks: set aside, restacked after the acquisition of
    civilization cards (31.8). Everyone learns how many and their points; only the victim
    their names (trade cards are secret, 27.1)."""
    victim = ctx["victim"]
    g.s.set_aside.extend(cards)
    g.emit(f"{why}: {g.name(victim)} discards {len(cards)} commodity cards worth "
           f"{face_value(g, cards)} points (face value).", "calamity_cards", nation=victim,
           count=len(cards), points=face_value(g, cards))
    g.emit(f"You discard {', '.join(g.d.commodities[c].name for c in cards)}.", "calamity_cards_private",
           to=[g.of(victim).seat], cards=list(cards))


@effect
class Corruption(LoseCards):
    """28.711-28.714: commodity cards worth 10 face-value points or more discarded, the
    victim's choice; Coinage +5, Law -5; short, the whole hand."""

    id = "corruption"
    rule = "28.71"
    #: the effect in the site's own words (the help pages, 30)
    summary = ("The victim discards commodity cards worth at least 10 at face value, his pick (his whole "
               "hand if it is worth less); Coinage makes it 15, Law 5 less.")

    def points(self, g: Context, ctx: dict[str, Any]) -> int:
        p = g.of(ctx["victim"])
        return 10 + (5 if p.has("coinage") else 0) - (5 if p.has("law") else 0)  # 28.712, 28.713

    def dispose(self, g: Context, ctx: dict[str, Any], cards: list[str]) -> None:
        discard_cards(g, ctx, cards, "Corruption")
