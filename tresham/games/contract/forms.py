"""Forms as data: the game-creation form's options (:class:`OptionField`) and the order forms of
a decision (:class:`OrderForm`), which the platform draws and checks without knowing the game."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class OptionChoice:
    """A value offered for a game option. ``when``: the values other options must have for
    it to apply (``{"players": [5]}``); the rules still decide (``parse_options``)."""

    value: Any
    label: str
    when: dict[str, list[Any]] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"value": self.value, "label": self.label, "when": self.when}


@dataclass(slots=True)
class OptionField:
    """How the game-creation form shows one option of :meth:`GameRules.options_schema`.

    ``choices``: the values offered where the schema leaves the option open (e.g. a board,
    which depends on the player count); None: the schema's type decides the control.
    ``suggested``: the value the rules suggest for each number of players, shown beside the
    field (a blank field takes it). ``when``: the values other options must have for this one
    to apply (``{"variant": ["grand_imperial"]}``); the form shows it only then and leaves it
    out otherwise. A ``name`` with a dot is a member of an object option:
    ``"variant_options.ast_advances"`` is the key ``ast_advances`` of ``variant_options``."""

    name: str
    label: str
    help: str = ""
    choices: list[OptionChoice] | None = None
    suggested: dict[int, Any] = field(default_factory=dict)
    when: dict[str, list[Any]] = field(default_factory=dict)

    def to_json(self) -> dict:
        out = {"name": self.name, "label": self.label, "help": self.help,
               "choices": None if self.choices is None else [c.to_json() for c in self.choices],
               "suggested": {str(k): v for k, v in self.suggested.items()}}
        if self.when:
            out["when"] = self.when
        return out


@dataclass(slots=True)
class FieldChoice:
    """One value a form field offers: ``value`` (text, as posted), the ``label`` people read,
    ``max`` for a ``counts`` field (the most of it; None: no limit of its own) and
    ``disabled`` with ``why`` for a value shown but not open now (e.g. an advance the player
    cannot afford, shown grey). ``place``: the place on the game's map the choice is about
    (an area's id, as the map's ``data-area``, or a piece's, as its ``data-piece``), so that a
    click on that place fills it (``form_clicks.js``: a choice chosen, a box ticked, a count
    raised; SITE-TABLE-03); "" for none (a choice whose ``value`` is itself a place of the map
    needs none). A "choice" field whose choices name one place only is that place's own
    choice: a click on it goes to its next choice, those naming no place included (TBL-23)."""

    value: str
    label: str
    max: int | None = None
    disabled: bool = False
    why: str = ""
    place: str = ""


@dataclass(slots=True)
class FormField:
    """One control of an :class:`OrderForm`.

    ``kind``: "choice" (one of ``choices``, or none when not ``required``), "multi" (any of
    ``choices``, between ``min`` and ``max`` of them), "counts" (a whole number for each
    choice, 0 to its ``max``; ``min``/``max`` bound the total), "number" (a whole number from
    ``min`` to ``max``) or "text" (at most ``max`` characters). ``value``: the value it starts
    with (a list for "multi", a dict for "counts")."""

    name: str
    label: str
    kind: str
    choices: list[FieldChoice] = field(default_factory=list)
    min: int | None = None
    max: int | None = None
    value: Any = None
    required: bool = True
    help: str = ""


@dataclass(slots=True)
class OrderForm:
    """A form that gives one order for a decision, as controls a person fills in rather than
    JSON (issue 10: an order form for every decision). ``id`` names it on the page (unique
    among the player's forms now); the game turns the values posted into the order with
    ``Forms.form_order`` (capabilities). ``rule``: the rule or site ID the form carries out. A form
    with no fields and no ``submit`` is a note (a decision the game has no form for yet): the
    page shows its title and help, without a button.

    ``help``: what the reader must know to fill it in, short (a line or two: the page shows it
    under the title); ``more``: the longer explanation (the rules the form carries out), which
    the page shows closed behind ``more_label`` ("How this works" when empty), so that the
    form fits beside the map (SITE-TABLE-02).

    ``gives``: the order type the form gives (the ``type`` of ``form_order``'s order); left
    empty, it is the head of ``id`` (the part before a "."; "tile.land" gives "tile"). The page
    lists behind "Advanced" only the order types no form of it gives (SITE-TABLE-04, TBL-20);
    a note gives nothing."""

    id: str
    title: str
    fields: list[FormField] = field(default_factory=list)
    submit: str = "Submit"
    help: str = ""
    rule: str = ""
    gives: str = ""
    more: str = ""
    more_label: str = ""

    @property
    def order_type(self) -> str:
        """The order type this form gives ("" for a note, which gives none)."""
        if not self.submit and not self.fields:
            return ""
        return self.gives or self.id.split(".", 1)[0]
