"""Grand Imperial's A.S.T. phase (GI-TURN-13, GI-AST-01..03; design section 3.14).

By default the markers move exactly as the plain phase moves them (``rules.ast.meets``,
GI-AST-01). The seed's house rules (section 13) are sub-options (``options.GIOptions``,
GIR-54: both off by default):

- ``ast_advances = "per_city"`` (GI-AST-02): a space of an Age that requires cities also
  requires as many *different* city advances as those cities (Late Bronze: 3 cities and 3
  different advances);
- ``ast_advances = "per_colour"`` (GI-AST-03): a space of such an Age requires as many
  different city advances as the nation holds civilization card groups (31.551: a two-group
  card counts for both);
- ``capital_to_win`` (GI-AST-03): the finish square also requires a capital.

Counted advances: the kinds face up (``active``) on the nation's own cities on the board
(``sites.advances_of``), a city in Revolt included (ruling GIT-3); a flipped advance, or one
on a site whose city has left, counts nothing. The A.S.T.'s victory points (GI-AST-04) are
``GIContext.score``'s, not this module's. Before the markers move, the sites whose city is gone
decay (GI-CARULE-04, ``sites.decay``).
"""
from __future__ import annotations

from ..data import EPOCHS
from ..context import Context
from ..phase import register
from ..rules.ast import AGE_NAMES, AstPhase, card_groups, meets
from . import data as gi
from . import sites
from .options import GIOptions
from .variant import KEY

#: The sub-option's values by the data's names of the seed's two house rules (GID-14).
DATA_OPTION = {"per_city": "playtesters", "per_colour": "author"}


def sub_options(g: Context) -> GIOptions:
    """The game's sub-options (their defaults where none were given)."""
    return GIOptions.model_validate(g.s.options.variant_options or {})


def distinct_advances(g: Context, nation: str) -> set[str]:
    """The different city advances face up on ``nation``'s cities on the board (GI-AST-02)."""
    cities = g.s.board.cities
    return {a for area, a in sites.advances_of(g.s, nation) if cities.get(area) == nation}


def has_capital(g: Context, nation: str) -> bool:
    """Whether ``nation`` has a capital: a city of his with a face-up Palace (GI-CITYADV-14)."""
    return sites.capital_of(g.s, nation) is not None


def advances_needed(g: Context, nation: str, space: int) -> int:
    """The different city advances entering ``space`` needs under the sub-option
    ``ast_advances`` (0 when off, or in an Age that requires no city: ruling GIT-2)."""
    mode = sub_options(g).ast_advances
    epoch = g.d.ast.tracks[nation].epoch_at(space)
    if mode == "off" or not g.d.ast.requirements.get(epoch, {}).get("cities", 0):
        return 0
    # the data's house options: "playtesters" the epoch's cities (GI-AST-02), "author" the
    # card groups held (GI-AST-03; GID-14)
    return gi.ast().city_advances_required(DATA_OPTION[mode], epoch, len(card_groups(g, nation)))


def gi_meets(g: Context, nation: str, space: int, *, tell: bool = False) -> bool:
    """Whether ``nation`` may enter A.S.T. ``space``: the plain requirements (33.2,
    GI-AST-01), then the sub-options' (GI-AST-02, GI-AST-03). ``tell``: say in an event
    which of the variant's requirements holds the marker back."""
    if not meets(g, nation, space):
        return False
    need = advances_needed(g, nation, space)
    have = len(distinct_advances(g, nation))
    age = AGE_NAMES[g.d.ast.tracks[nation].epoch_at(space)]
    if have < need:
        if tell:
            g.emit(f"{g.name(nation)} has {have} different city advance{'s' if have != 1 else ''}; "
                   f"A.S.T. space {space} ({age}) needs {need} (GI-AST-0"
                   f"{'2' if sub_options(g).ast_advances == 'per_city' else '3'}).",
                   "ast_advances_short", nation=nation, space=space, have=have, need=need)
        return False
    if space == g.d.ast.finish and sub_options(g).capital_to_win and not has_capital(g, nation):
        if tell:
            g.emit(f"{g.name(nation)} has no capital (a city with a Palace), which the finish "
                   "square needs (GI-AST-03).", "ast_no_capital", nation=nation, space=space)
        return False
    return True


@register(variant=KEY)
class GIAstPhase(AstPhase):
    """The markers move as in the plain game (33; GI-TURN-13, GI-AST-01) unless the game is
    played with a house rule of the seed: "per city", entering a space of an Age also needs as
    many different city advances on your cities as the cities the Age requires (GI-AST-02);
    "per colour", as many as the civilization card groups you hold (GI-AST-03); "a capital to
    win", the finish square needs a city of yours with a face-up Palace (GI-AST-03). Nothing
    to decide."""

    def start(self, g: Context) -> None:
        """The sites whose city is gone decay first (GI-CARULE-04), then the markers move."""
        sites.decay(g)
        super().start(g)

    def meets(self, g: Context, nation: str, space: int) -> bool:
        return gi_meets(g, nation, space, tell=True)

    def requirement_text(self, g: Context, epoch: str) -> str:
        """The plain requirements, and the house rules' (GI-AST-02, GI-AST-03) in words."""
        text = super().requirement_text(g, epoch)
        sub = sub_options(g)
        extra = []
        cities = g.d.ast.requirements.get(epoch, {}).get("cities", 0)
        if cities and sub.ast_advances == "per_city":
            extra.append(f"{cities} different city advances")
        elif cities and sub.ast_advances == "per_colour":
            extra.append("as many different city advances as card groups held")
        if epoch == EPOCHS[-1] and sub.capital_to_win:
            extra.append("for the finish square, a capital (a city with a Palace)")
        if not extra:
            return text
        return ", ".join(extra) if text == "none" else ", ".join([text, *extra])
