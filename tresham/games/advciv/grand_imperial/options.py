"""Grand Imperial's sub-options (``Options.variant_options``, checked by this model through
``Variant.options_model``; design EP-2, section 3.14).

The seed's house rules for the A.S.T. (section 13, "Altering the AST"), both off by default
(GIR-54, GI-AST-01):

- ``ast_advances`` (GI-AST-02, GI-AST-03): ``"off"`` (the plain requirements), ``"per_city"``
  (the playtesters': as many *different* city advances as the epoch's city requirement) or
  ``"per_colour"`` (the author's: as many different city advances as civilization card
  groups held);
- ``capital_to_win`` (GI-AST-03): a nation enters the finish square only with a capital (a
  city of his with a face-up Palace).

The seed's option of Piracy (section 12, GI-CAL-12; ruling GIC-20), off by default:

- ``pirate_range``: a city with a pirate city within 3 water areas (the data's
  ``option_pirate_range_sea_areas``) draws one card fewer (``option_card_change``) in the
  acquisition (``calamities.piracy.pirate_range_change``, read by ``acquisition.city_draws``).
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...contract import OptionChoice, OptionField

#: The values of ``ast_advances`` with what each means, for the lobby and the help pages.
AST_ADVANCES = {
    "off": "Off: the A.S.T. requirements are the plain game's",
    "per_city": "Per city: entering an Age also needs as many different city advances as the "
                "cities it requires",
    "per_colour": "Per colour: entering an Age also needs as many different city advances as "
                  "the civilization card groups held",
}


class GIOptions(BaseModel):
    """Grand Imperial's sub-options: unknown names refused, no coercion (``"true"`` is not
    true)."""

    model_config = ConfigDict(extra="forbid", strict=True, title="grand_imperial_options")

    ast_advances: Literal["off", "per_city", "per_colour"] = Field(
        "off", description="city advances required on the A.S.T. (GI-AST-02, GI-AST-03)")
    capital_to_win: bool = Field(
        False, description="entering the A.S.T.'s finish square needs a capital, a city with a "
                           "face-up Palace (GI-AST-03)")
    pirate_range: bool = Field(
        False, description="a city with a pirate city within 3 water areas draws one card fewer "
                           "(GI-CAL-12)")


def fields() -> list[OptionField]:
    """The lobby's fields of the sub-options (``Variant.option_fields``; the engine adds their
    condition, Grand Imperial chosen). Each a choice, its default first."""
    return [
        OptionField("variant_options.ast_advances", "A.S.T.: city advances required",
                    "Grand Imperial only: a house rule of the seed (section 13), off by default",
                    choices=[OptionChoice(k, v) for k, v in AST_ADVANCES.items()]),
        OptionField("variant_options.capital_to_win", "A.S.T.: a capital to win",
                    "Grand Imperial only: a house rule of the seed (section 13), off by default",
                    choices=[OptionChoice(False, "No: the finish square needs no capital"),
                             OptionChoice(True, "Yes: the finish square needs a capital (a city "
                                                "with a Palace)")]),
        OptionField("variant_options.pirate_range", "Piracy: pirates nearby",
                    "Grand Imperial only: the seed's option of Piracy (section 12), off by default",
                    choices=[OptionChoice(False, "No: pirate cities cost no cards"),
                             OptionChoice(True, "Yes: a city with a pirate city within 3 water areas "
                                                "draws one card fewer")]),
    ]
