"""Grand Imperial positions: the model a scenario's ``variant_state`` is checked with
(``GrandImperial.variant_state_model``; EP-13; the format of design section 4.2).

Every key is optional; a key not known here is refused by name, and so is an id the variant
does not have (an area, a nation, a ship type, a city advance, a trade card). Whether
the parts agree with the rest of the position (ship records against ``board.ships``, sites
against cities) is the variant's invariants' to say (``GrandImperial.invariants``), checked
after the position is built. The regional provenance of cards (design's ``out``) is derived
from the stacks and never stored (GIS-1), so it is not a key.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..schema import CIV_CARDS, AreaId, Count, Many, Mapping, NationId, one_of
from . import data as gi
from .orders import GI_TRADE_CARDS

_STRICT = ConfigDict(extra="forbid", strict=True)
ShipRole = one_of(frozenset(gi.ships()), "a ship type", "GI-SHIP-01", "a ship type id")
CityAdvanceId = one_of(frozenset(gi.city_advances()), "a city advance", "GI-CITYADV-01", "a city advance id")
GITradeCard = one_of(GI_TRADE_CARDS, "a trade card", "27.1", "a trade card id")
GICivCard = one_of(CIV_CARDS | frozenset(gi.civ_cards()), "a civilization card", "31.1",
                  "a civilization card id (the plain ones, Galleons, Navy)")
Turn = Annotated[int, Field(ge=0, le=1000)]


class SiteState(BaseModel):
    """A city site's advances (GI-CITY): its owner, the active and flipped advances, decay."""

    model_config = _STRICT
    owner: NationId
    active: Many(CityAdvanceId) = []
    flipped: Many(CityAdvanceId) = []
    decay: Literal["flip", "lose"] | None = None


class ShipRecord(BaseModel):
    """One ship (GI-SHIP): its number 1-4, area, role, tokens, cards and Marines aboard."""

    model_config = _STRICT
    id: Annotated[int, Field(ge=1, le=4)]
    area: AreaId
    role: ShipRole = "trireme"
    tokens: Count = 0
    cards: Many(GITradeCard) = []
    marines: Count = 0


class Pact(BaseModel):
    """A Great Compromiser pact (GI-LEADER-08): two nations, the turn it holds."""

    model_config = _STRICT
    a: NationId
    b: NationId
    turn: Turn


class GIVariantState(BaseModel):
    """``GameState.variant_state`` of a Grand Imperial game (design section 4.2)."""

    model_config = _STRICT
    sites: Mapping(AreaId, SiteState) = {}
    #: each city's luxury points, its die (GI-LUX-07; the luxury phase's, ``luxury_phase``)
    luxury: Mapping(AreaId, Count) = {}
    ships: Mapping(NationId, Many(ShipRecord)) = {}
    marines: Mapping(NationId, Many(AreaId)) = {}
    roles_declared: Turn | None = None
    pacts: Many(Pact) = []
    assimilated: Mapping(NationId, Many(GICivCard)) = {}
    tax_blocked: Mapping(NationId, Count) = {}
    pending_civil_war: Many(NationId) = []
    held_civil_war: Mapping(NationId, Turn) = {}
