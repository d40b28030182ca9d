"""The heuristic bot's Grand Imperial planners (design 5.3): ``planners.py`` one per decision
kind it plays for itself, ``purchase.py`` the civilization cards and city advances (D18);
:data:`PLANNERS` gives them by phase (``heuristic.VARIANT_PLANNERS``)."""
from __future__ import annotations

from .planners import (plan_acquisition, plan_leaders, plan_luxury, plan_naval, plan_raze, plan_ship_roles,
                       plan_ships)
from .purchase import plan_buy

#: the phase's name -> planner; a planner answers only the decision kinds it knows
#: (``planners.owed_kinds``) and gives None for the others, which take the default
PLANNERS = {"leaders": plan_leaders, "acquisition": plan_acquisition, "advances": plan_buy,
            "conflict": plan_raze, "ships": plan_ships, "luxury": plan_luxury, "ship_roles": plan_ship_roles,
            "naval": plan_naval}
