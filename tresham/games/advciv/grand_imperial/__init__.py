"""Grand Imperial v1.1 (Ryan Schneider, 1994), a variant of Advanced Civilization (issue 13).

This package holds the variant: its data layer (the regions and regional trade stacks, ship
types, Leadership cards, the event stack, city advances, the two new civilization cards,
luxury dispositions, the tabular calamity changes and the A.S.T. options,
``data/grand_imperial.json``, loaded by :mod:`.data`), re-exported here, and the rule modules
(``variant``, ``dispositions``, ``luxury_phase``, ``leaders``...). The plain game never imports
it. The Leadership cards' table is ``data.leaders()`` and the dispositions' table
``data.dispositions()``, not re-exported here: those names are the submodules of their rules
(``leaders.py``, ``dispositions.py``); likewise the A.S.T. options are ``data.ast()``, the
name ``ast`` being the A.S.T. phase's submodule (``ast.py``).
"""
from tresham.games.advciv.grand_imperial.data import (  # noqa: F401
    DISPOSITIONS,
    areas_added,
    calamity_changes,
    calamity_discarded,
    check,
    city_advance_rules,
    city_advances,
    civ_cards,
    conditional_areas,
    disposition_for,
    event_draws,
    event_stack,
    extra_cards,
    luxury,
    luxury_thresholds,
    naval,
    region_of,
    regional_cards,
    regions,
    research,
    resolve_area_name,
    ships,
    spelling_corrections,
    trade,
)
