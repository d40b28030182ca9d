"""The interface every calamity effect implements (29, 30).

The calamity phase (``rules/calamities/__init__.py``) reveals calamities, picks at most two
per primary victim (29.5) unless Stoic, orders them (29.6) and resolves them one at a time.
For each it calls ``effect(g, id).begin(g, ctx)`` (``EFFECTS[id]`` in the plain game; a
variant's phase overlays its own, EP-9) and then, while ``done`` is false, routes the
pending decisions' orders to ``handle`` and deadlines to ``timeout``.

``ctx`` is the calamity's own JSON-able scratch dict, kept in ``g.s.step["current"]``; it
always holds ``calamity`` (id), ``victim`` (primary victim nation) and ``trader`` (the nation
that traded the card to the victim, or None if never traded; 29.61).

Who traded a calamity is the victim's and the trader's secret (28.3, SITE-TALK-03,
SITE-SAFE-05): the phase tells the two of them (an event to their seats), and the views show
it to them only (:func:`trader_seen_by`). An effect whose resolution shows the trader at the
table (he takes the victim's city, chooses the barbarians' area or the pirates' cities,
receives the victim's cards) calls :func:`show_trader` as it does, and from then on the
history and every view name him; a bot's information state (``calamity_secrets``) knows him
as its seat would. Ruling: ``docs/rulings/calamities-a.md`` (CA-23).
"""
from __future__ import annotations

from typing import Any, ClassVar

from ....contract import Decision
from ...context import Context
from ...orders import Order, Timeout
from ...state import STANDARD

#: The plain game's calamity effects by card id, in registration (29.6) order.
EFFECTS: dict[str, "CalamityEffect"] = {}
#: Each variant's own effects, by variant key then card id: the calamities it changes, looked
#: up before ``EFFECTS`` by that variant's calamity phase (``CalamitiesPhase.effects``).
VARIANT_EFFECTS: dict[str, dict[str, "CalamityEffect"]] = {}


def show_trader(g: Context, ctx: dict[str, Any], what: str) -> None:
    """SITE-SAFE-05: the trader of this calamity becomes public, because ``what`` he does
    now ("takes one of his cities (30.221)") is seen at the table: a public event names him
    (once), and every view shows him as the trader from now on. Nothing for an untraded
    calamity."""
    trader = ctx.get("trader")
    if trader is None or ctx.get("trader_shown"):
        return
    ctx["trader_shown"] = True
    g.emit(f"{g.d.calamities[ctx['calamity']].name} was traded to {g.name(ctx['victim'])} by "
           f"{g.name(trader)}, who {what}.", "calamity_trader",
           calamity=ctx["calamity"], victim=ctx["victim"], trader=trader)


def tell_trader(g: Context, ctx: dict[str, Any], at: int | None = None) -> None:
    """28.3, SITE-SAFE-05: the victim and the trader, and nobody else, are told who traded
    the calamity (an event to their two seats), placed at index ``at`` of the events (default:
    last); nothing when it is untraded or already public (:func:`show_trader`)."""
    trader = ctx.get("trader")
    if trader is None or ctx.get("trader_shown"):
        return
    g.emit(f"{g.d.calamities[ctx['calamity']].name} was traded to {g.name(ctx['victim'])} by "
           f"{g.name(trader)} (only the two of you are told: 28.3).", "calamity_trader_private",
           to=sorted({g.of(ctx["victim"]).seat, g.of(trader).seat}),
           calamity=ctx["calamity"], victim=ctx["victim"], trader=trader)
    if at is not None:
        g.events.insert(at, g.events.pop())


def trader_seen_by(g: Context, ctx: dict[str, Any], seat: int | None) -> str | None:
    """The trader of the calamity ``ctx`` as ``seat`` (None: a spectator) knows him: the
    victim and the trader know him, everyone once :func:`show_trader` has made him public;
    anyone else sees None, as for an untraded calamity (28.3, SITE-SAFE-05)."""
    trader = ctx.get("trader")
    if trader is None or ctx.get("trader_shown"):
        return trader
    told = ctx.get("told") or (g.of(ctx["victim"]).seat, g.of(trader).seat)
    return trader if seat is not None and seat in told else None


class CalamityEffect:
    id: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    #: the effect summed up in the site's own words, its figures taken from the module that
    #: resolves it (the help pages' table of calamities, SITE-GEN-06)
    summary: ClassVar[str] = ""
    #: order type names this effect takes
    accepts: ClassVar[tuple[str, ...]] = ()

    def begin(self, g: Context, ctx: dict[str, Any]) -> None:
        """Apply what needs no decision and set up ``ctx`` for the decisions that follow."""

    def pending(self, g: Context, ctx: dict[str, Any]) -> list[Decision]:
        return []

    def done(self, g: Context, ctx: dict[str, Any]) -> bool:
        return not any(d.required for d in self.pending(g, ctx))

    def handle(self, g: Context, ctx: dict[str, Any], order: Order) -> None:
        raise NotImplementedError

    def timeout(self, g: Context, ctx: dict[str, Any], seat: int) -> None:
        """Site default (SITE-CAL-05): secondary victims = top scorers; units chosen at random."""
        raise NotImplementedError

    def sample(self, g: Context, ctx: dict[str, Any], seat: int, rng) -> Order:
        return Timeout(seat)


def effect(cls: type[CalamityEffect] | None = None, *, variant: str = STANDARD) -> Any:
    """Class decorator: register a calamity effect under ``cls.id``, of the plain game
    (``@effect``) or of one variant only (``@effect(variant="key")``, into
    ``VARIANT_EFFECTS[key]``, never into the plain ``EFFECTS``)."""

    def wrap(cls: type[CalamityEffect]) -> type[CalamityEffect]:
        table = EFFECTS if variant == STANDARD else VARIANT_EFFECTS.setdefault(variant, {})
        if cls.id in table and variant != STANDARD:
            raise ValueError(f"calamity {cls.id!r} registered twice for the variant {variant!r}")
        table[cls.id] = cls()
        return cls

    return wrap if cls is None else wrap(cls)
