"""Grand Imperial v1.1 as a variant of the engine (``docs/variants/grand-imperial.md``, slice 1).

:class:`GrandImperial` is the variant object: the options it needs and refuses
(GI-REQ-01, GI-REQ-02), its trade stacks (the twelve regional stacks and the event stack,
GI-REGION, GI-EVENT-01), its card count (163 cards, GI-REGION-13, GI-EVENT-01) and the
invariant that every card is where the rules allow (each regional stack holds only its own
region's cards, the event stack only event cards). Its acquisition phase is
``.acquisition``; its restacking ``.stacks``. Ships (slices 3 and 4): the records ``.fleet``,
the phases ``ships``, ``ship_roles``, ``movement`` and ``naval`` (``.ships``, ``.roles``,
``.movement``, ``.naval_conflict``), harvesting ``.harvest``. The auction phase after trade: ``.auction``.

It is one of the product's built-in variants (``variant.VARIANTS`` names it by its
"module:attribute", so the plain game never imports this package): the lobby offers it, and
the options' JSON Schema lists it.
"""
from __future__ import annotations

from collections import Counter
from functools import cache
from typing import ClassVar

from dataclasses import replace

from ...contract import IllegalOrder
from ..data import CivCard, Commodity, GameData, load
from ..context import Context
from ..phase import TURN
from ..state import GameState, Options
from ..variant import VARIANTS, Variant
from . import data as gi
from . import fleet
from .context import GIContext

KEY = "grand_imperial"
#: The name of the event stack among the stacks (after the twelve regions).
EVENTS = "events"
#: The card id of the 20 worthless original-Civilization cards (GID-4).
BALLAST = "ballast"
#: The options Grand Imperial refuses, and why (GIR-04).
REFUSED = {
    "ep_major": "the Expansion Project's major calamities",
    "ep_minor": "the Expansion Project's minor calamities",
}


#: The turn (GI-TURN-01..13): the plain one with the Leadership cards' window first (GILD-1),
#: ship roles before movement and naval conflict after it (GI-TURN-05, -06), the luxury phase
#: after surplus removal (GI-TURN-08) and the auction phase right after trade (GI-TURN-10:
#: "Trade: normal, plus auctions"; GI-TRADE-08).
def _gi_turn() -> tuple[str, ...]:
    out = ["leaders"]
    for phase in TURN:
        out += {"movement": ["ship_roles", "movement", "naval"], "surplus": ["surplus", "luxury"],
                "trade": ["trade", "auction"]}.get(phase, [phase])
    return tuple(out)


GI_TURN = _gi_turn()


def region_stacks() -> tuple[str, ...]:
    """The twelve region ids in the seed's order (GI-REGION-01..12)."""
    return tuple(gi.regions())


@cache
def region_contents() -> dict[str, Counter]:
    """Each region's stack as the seed gives it: commodity -> copies (GI-REGION-01..12); not
    to be changed by the caller."""
    return {rid: Counter(dict(r.stack)) for rid, r in gi.regions().items()}


def event_cards() -> list[str]:
    """The event stack's 41 cards (GI-EVENT-01; GID-4, GID-6): the 12 AdvCiv calamities,
    20 ballast and the nine Leadership cards."""
    ev = gi.event_stack()
    return [*ev.calamities, *[BALLAST] * ev.ballast, *ev.leaders]


@cache
def is_event_card(card: str) -> bool:
    """A card of the event stack: a calamity, ballast or a Leadership card (GI-EVENT-01)."""
    ev = gi.event_stack()
    return card == BALLAST or card in ev.calamities or card in ev.leaders


@cache
def gi_data() -> GameData:
    """The plain data with the event stack's worthless cards beside the commodities, each of
    face value 0: ballast (20 copies, GI-EVENT-04) and each of the nine leaders (1 copy)
    (GIS-5). So the plain rules that read a hand (trade, buying, a card drawn in a city
    attack) know every card; the hand limit leaves the leaders out (``GIContext.commodity_cards``,
    GILD-9) and their effects are ``leaders.py``'s. And the two new civilization cards,
    Galleons and Navy, bought as the others are (GI-CIV-01..03): 150 each, Civics, Galleons
    needing Cloth Making; they give and receive no credits (GIR-08, GISH-8)."""
    d = load()
    extra = {BALLAST: Commodity(BALLAST, "Ballast", 0, gi.event_stack().ballast, False)}
    extra.update({lid: Commodity(lid, x.name, 0, 1, False) for lid, x in gi.leaders().items()
                  if lid in gi.event_stack().leaders})
    civ = {c.id: CivCard(c.id, c.name, tuple(c.groups), c.cost, c.prerequisite, c.spec, dict(c.credits))
           for c in gi.civ_cards().values()}
    return replace(d, commodities={**d.commodities, **extra}, civ_cards={**d.civ_cards, **civ})


class GrandImperial(Variant):
    """Grand Imperial v1.1 (Ryan Schneider, 1994), the slices built so far."""

    key: ClassVar[str] = KEY
    title: ClassVar[str] = "Grand Imperial"
    #: the plain turn, the Leadership cards' window first (part of phase 1, GILD-1), the
    #: declaration of ship roles before movement (GI-TURN-05), naval conflict after it,
    #: before land conflict (GI-TURN-06, GIR-17), the luxury phase after surplus removal
    #: (GI-TURN-08), the auction phase after trade (GI-TURN-10, GI-TRADE-08)
    turn: ClassVar[tuple[str, ...]] = GI_TURN
    context_class: ClassVar[type[Context]] = GIContext
    #: the Grand Diplomat, played at any time (GI-LEADER-09)
    anytime_orders: ClassVar[tuple[str, ...]] = ("diplomat",)
    #: the help pages' names of the new phases (design section 2)
    phase_titles: ClassVar[dict[str, str]] = {
        "leaders": "Leadership cards", "ship_roles": "Ship roles", "naval": "Naval conflict",
        "luxury": "Luxury and city dispositions", "auction": "Auction"}
    #: per-player entries of a phase's scratch data only their owner may know
    PRIVATE_STEP_KEYS: ClassVar[dict[str, tuple[tuple[str, str], ...]]] = {
        "ship_roles": (("roles", "seat"),),  # sealed declarations (GI-SHIP-03, GIR-15)
        "naval": (("engage", "seat"),),  # sealed answers to each contact at sea (GI-SEA-01)
        "luxury": (("orders", "seat"),),  # luxury orders sealed until all are in (GI-LUX-01, D11)
        # draw plans sealed until all are in, the ships they harvest with until then (GI-TRADE-02, D12)
        "acquisition": (("plans", "seat"), ("harvest", "seat")),
    }

    def __init__(self) -> None:
        # the variant's phases register themselves (``@register(variant=KEY)``) when imported
        from . import (acquisition, advances, ast, auction, calamities, conflict, leaders,  # noqa: F401
                       luxury_phase, movement, naval_conflict, orders, roles, ships, surplus, taxation)

        leaders.check_effects()  # GI-LEADER-10: a card of the data without an effect is refused

    def anytime_decisions(self, g: Context) -> list:
        """The Grand Diplomat's holder may play it now (GI-LEADER-09), never required."""
        from .leaders import diplomat_decisions

        return diplomat_decisions(g)

    def handle_anytime(self, g: Context, order) -> None:
        """The Grand Diplomat (GI-LEADER-09)."""
        from .leaders import diplomat

        diplomat(g, order)

    def data(self) -> GameData:
        """The plain data, with ballast and the Leadership cards as cards of value 0 (GIS-5)."""
        return gi_data()

    # ---- creating a game ---------------------------------------------------------------
    def options_model(self):
        """The sub-options (``options.GIOptions``): the A.S.T. house rules (GI-AST-02,
        GI-AST-03), off by default (GIR-54)."""
        from .options import GIOptions

        return GIOptions

    def option_label(self) -> str:
        """GI-REQ-01: the lobby says the variant needs the Western Extension Map."""
        return "Grand Imperial (needs the Western Extension Map)"

    def option_fields(self):
        """The sub-options' fields (``options.fields``), shown for Grand Imperial only."""
        from .options import fields

        return fields()

    def check_options(self, opts: Options) -> None:
        """GI-REQ-01: the Western Extension Map is required (GIR-02: on any board).
        GIR-04: the Expansion Project calamities are refused, the event stack holding the
        twelve AdvCiv calamities (GI-EVENT-01). GI-REQ-02: the Imperial and trade-city
        variants are not options of this engine (an unknown option is refused by name when
        the options are read); Sinope is in Anatolia (GID-3)."""
        if not opts.wem:
            raise IllegalOrder("GI-REQ-01", "Grand Imperial needs the Western Extension Map: "
                               "set the option wem (the regions of Iberia and France are on it)")
        on = [k for k in REFUSED if getattr(opts, k)]
        if on:
            raise IllegalOrder("GI-REQ-01", "Grand Imperial is played with the twelve AdvCiv calamities "
                               f"in its event stack; switch off {', '.join(on)} "
                               f"({'; '.join(REFUSED[k] for k in on)})")

    def setup(self, g: Context) -> None:
        """The twelve regional stacks, each its region's cards shuffled (GI-REGION-01..12),
        then the event stack, its 41 cards shuffled together (GI-EVENT-01; GIR-07)."""
        stacks = []
        for rid, r in gi.regions().items():
            cards = [c for c, n in r.stack.items() for _ in range(n)]
            g.rng.shuffle(cards)
            stacks.append(cards)
        events = event_cards()
        g.rng.shuffle(events)
        stacks.append(events)
        g.s.stacks = stacks

    def variant_state_model(self):
        """A position's ``variant_state`` (design 4.2) is checked with ``.positions``' model."""
        from .positions import GIVariantState

        return GIVariantState

    # ---- trade stacks ------------------------------------------------------------------
    def stack_names(self) -> tuple[str, ...]:
        """The twelve region ids in the seed's order, then ``events``."""
        return (*region_stacks(), EVENTS)

    def take_from_stacks(self, g: Context, card: str) -> None:
        """A prepared position's hand card comes out of the event stack (an event card) or
        out of the first region, in the seed's order, whose stack still holds one."""
        for st in ([g.s.stacks[-1]] if is_event_card(card) else g.s.stacks[:-1]):
            if card in st:
                st.remove(card)
                return

    def return_departed(self, g: Context, cards: list[str]) -> None:
        """15.62: a departing nation's returned cards go under their regions and the event
        stack as restacked cards do (GIS-2)."""
        from .stacks import put_under

        put_under(g, cards)

    # ---- views ------------------------------------------------------------------------
    def hide(self, state: GameState, seat: int) -> None:
        """Cards aboard ships are face down for every seat, the owner's too (GI-SHIP-07)."""
        fleet.hide_cards(state)

    def private_step_keys(self, phase: str) -> tuple[tuple[str, str], ...]:
        """The sealed entries of the variant's phases (``PRIVATE_STEP_KEYS``), else the plain ones."""
        own = self.PRIVATE_STEP_KEYS.get(phase)
        return own if own is not None else super().private_step_keys(phase)

    def phase_view(self, phase: str):
        """The plain acquisition's view and secrets are of its stack-9 purchase, which Grand
        Imperial does not have (GIS-6); its own shows who still owes a draw plan (D12). The
        luxury, ship roles and naval phases show who still owes an order, and the seat its own;
        the auction phase the lots, the lot being sold and one's own bid (GI-TRADE-08)."""
        if phase == "luxury":
            from .luxury_phase import luxury_view

            return luxury_view
        if phase == "auction":
            from .auction import auction_view

            return auction_view
        if phase == "ship_roles":
            from .roles import ship_roles_view

            return ship_roles_view
        if phase == "naval":
            from .naval_conflict import naval_view

            return naval_view
        if phase == "acquisition":
            from .acquisition import acquisition_view

            return acquisition_view
        return super().phase_view(phase)

    def phase_secrets(self, phase: str):
        """The sealed bids of an auction (GI-TRADE-05) instead of the plain acquisition's;
        the sealed plays of Leadership cards (D1); the sealed lots and bids of the auction
        phase (GI-TRADE-08)."""
        if phase == "acquisition":
            from .acquisition import acquisition_secrets

            return acquisition_secrets
        if phase == "auction":  # the sealed lots and bids (GI-TRADE-08)
            from .auction import auction_secrets

            return auction_secrets
        if phase == "leaders":
            from .leaders import leaders_secrets

            return leaders_secrets
        if phase == "calamities":
            from .leaders import leaders_secrets

            plain = super().phase_secrets(phase)

            def calamity_secrets(st: dict, seat: int) -> dict:
                """The leaders' window sealed (D1), then the plain calamity secrets."""
                if st.get("stage") == "leaders":
                    return dict(st, leaders=leaders_secrets(st["leaders"], seat))
                return plain(st, seat) if plain else st

            return calamity_secrets
        return super().phase_secrets(phase)

    def view(self, g: Context, seat: int | None) -> dict:
        """What everyone sees of the variant's pieces: each city's luxury die and disposition
        (GI-LUX-07); the Leadership cards in effect (section 4.3): leaders played, temporary
        cards, pacts, assimilations; the ships by number (area, role this turn, tokens aboard
        and the number of cards aboard, never which: GI-SHIP-07); the city advances, research
        points and capitals."""
        from .leaders import leaders_view
        from .luxury_phase import dice_view
        from .sites import advances_view

        out = {"cities": dice_view(g)}
        own = leaders_view(g)
        if own:
            out["leaders"] = own
        ships = fleet.public(g.s)
        if ships:
            out["ships"] = ships
        from .marines import public as marines_public

        troops = marines_public(g.s)
        if troops:
            out["marines"] = troops  # Marines on land, public pieces (GI-CITYADV-25)
        out.update(advances_view(g))
        return out

    # ---- checks ------------------------------------------------------------------------
    def tokens_elsewhere(self, state: GameState, nation: str) -> int:
        """Tokens aboard ships, in no area (GI-SHIP-06, GIR-20)."""
        return fleet.tokens_aboard(state, nation)

    def cards_elsewhere(self, state: GameState) -> Counter:
        """Trade cards aboard ships (GI-SHIP-07)."""
        return fleet.cards_aboard(state)

    def position_built(self, g: Context) -> None:
        """The ship records a prepared position gives stand on the board; its other ships are
        Triremes with nothing aboard (GISH-1, GIM-8: ``fleet.adopt``)."""
        fleet.adopt(g)

    def expected_cards(self, options: Options | None) -> Counter:
        """163 cards (GI-REQ-01): the twelve regional stacks (122: every AdvCiv commodity
        once, and 5 more Iron and 3 more Gold, GI-REGION-13) and the event stack (41)."""
        out: Counter = Counter()
        for r in gi.regions().values():
            out.update(dict(r.stack))
        out.update(event_cards())
        return out

    def invariants(self, state: GameState) -> list[str]:
        """Every card where the rules allow it (GI-REGION-15): 13 stacks; a regional stack
        holds only its own region's cards, never more copies than the seed puts in it; the
        event stack only event cards. (That every card and token is somewhere, once, is the
        generic count of ``sim.check_invariants`` against :meth:`expected_cards`, with the cargo
        of the ships: :meth:`tokens_elsewhere`, :meth:`cards_elsewhere`.) A luxury die stands
        only where a city is, and holds a number of points (GI-LUX-07). The ship records agree
        with ``board.ships`` (GI-SHIP-01, ``fleet.invariants``); Marines stand on land
        (GI-CITYADV-25, ``marines.invariants``). A draw plan awaiting the others still holds
        (GI-TRADE-02, ``draws.invariants``)."""
        from .marines import invariants as marines_invariants

        out: list[str] = fleet.invariants(state) + marines_invariants(state)
        for area, points in sorted(state.variant_state.get("luxury", {}).items()):
            if area not in state.board.cities:
                out.append(f"a luxury die ({points}) stands in {area}, where no city is (GI-LUX-07)")
            elif not isinstance(points, int) or isinstance(points, bool) or points < 0:
                out.append(f"the luxury die of {area} is {points!r}, not a number of points")
        names = self.stack_names()
        if len(state.stacks) != len(names):
            return out + [f"{len(state.stacks)} trade stacks; Grand Imperial has {len(names)}"]
        contents = region_contents()
        for rid, st in zip(names, state.stacks):
            if rid == EVENTS:
                stray = sorted({c for c in st if not is_event_card(c)})
                if stray:
                    out.append(f"the event stack holds {', '.join(stray)}")
                continue
            over = Counter(st) - contents[rid]
            if over:
                out.append(f"the {rid} stack holds cards not of its region: {dict(sorted(over.items()))}")
        from .draws import invariants as draw_invariants
        from .leaders import invariants as leader_invariants
        from .sites import invariants as site_invariants

        out.extend(leader_invariants(state))
        out.extend(site_invariants(state))
        if state.phase == "acquisition" and state.step.get("stage") == "plan":
            out.extend(draw_invariants(self.game(state)))
        from .calamities import invariants as calamity_invariants

        out.extend(calamity_invariants(state))
        return out
