"""What the platform knows of a game: orders, decisions, events and errors.

Nothing here knows of any particular game; Advanced Civilization and its family implement
:class:`GameRules`, and the server, lobby, deadlines and rankings only use this interface.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


class IllegalOrder(Exception):
    """An order the rules refuse. ``rule`` names the rule (e.g. "23.51"), ``message`` says why."""

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"§{rule}: {message}" if rule else message)


class AlreadyDone(IllegalOrder):
    """An order that repeats what its seat has already done and would change nothing ("Done"
    twice): SITE-SAFE-10. The rules raise it, before changing anything, for a repeat they
    recognise (their ``message`` says what is already done); the platform raises it itself for
    an order the rules accept that leaves the state as it was and causes no event. Either way
    the order is not logged: the site answers "already done", the game's revision stays, and
    no deadline, mail or live page hears of it. Being an :class:`IllegalOrder`, it is a
    refusal to every caller that does not look for it (bots, the clock's defaults, scenarios)."""

    def __init__(self, rule: str = "SITE-SAFE-10", message: str = "this order changes nothing") -> None:
        super().__init__(rule, message)


@dataclass(slots=True)
class Event:
    """Something that happened, in words a person reads.

    ``to`` is None for a public event, otherwise the list of seats that may see it.
    """

    text: str
    kind: str = "info"
    to: list[int] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, seat: int) -> bool:
        return self.to is None or seat in self.to

    def to_json(self) -> dict:
        d: dict[str, Any] = {"text": self.text, "kind": self.kind}
        if self.to is not None:
            d["to"] = list(self.to)
        if self.data:
            d["data"] = self.data
        return d


@dataclass(slots=True)
class Decision:
    """A decision a player owes (or may make early) in the current phase.

    ``required``: the game waits on it (a deadline runs); otherwise the player may enter
    orders ahead of his turn (e.g. pending movement). ``deadline_factor`` is 1.5 for the
    first player of a phase processed player by player (SITE-TIME-02).
    ``default`` describes, in words, what happens when the deadline passes.
    ``timed``: the player has a deadline of his own; False when the game's timers end the
    decision for everyone instead (the trade market's cutoff, SITE-MARKET-09).
    """

    player: int
    kind: str
    prompt: str
    required: bool = True
    default: str = ""
    deadline_factor: float = 1.0
    options: dict[str, Any] = field(default_factory=dict)
    timed: bool = True

    def to_json(self) -> dict:
        return {
            "player": self.player,
            "kind": self.kind,
            "prompt": self.prompt,
            "required": self.required,
            "default": self.default,
            "deadline_factor": self.deadline_factor,
            "options": self.options,
            "timed": self.timed,
        }


@dataclass(slots=True)
class Timer:
    """A platform order the site's clock gives at a time the game states in units of its
    time limit, counted from when the timer first appears (e.g. the end of the trade
    embargo after half a limit, SITE-MARKET-01, and the market's cutoff after players x
    limit, SITE-MARKET-03).

    ``key`` names the timer while it runs (a new key is a new timer); ``seats``: players
    whose availability moves it, each examined once in this order (SITE-AVAIL-03); empty:
    nobody's."""

    key: str
    order: dict[str, Any]
    limits: float
    seats: list[int] = field(default_factory=list)
    label: str = ""


@dataclass(slots=True)
class MailEvent:
    """A public event the players are told of by mail (for Advanced Civilization: a trade's
    public message, SITE-TRADE-13): the event (public), a short ``title`` for the mail's
    subject, and the seats not mailed (``skip``: those who took part know it already)."""

    event: Event
    title: str
    skip: list[int] = field(default_factory=list)


@dataclass(slots=True)
class SeatSummary:
    """One seat's public standing, for lists, mails and the end of a game.

    ``points``: the public score (for Advanced Civilization, Total Public Points,
    SITE-AST-03); None while the game keeps the scores secret (Tigris & Euphrates' hidden
    scoring): then the rows come in seat order and the site shows no places or scores for
    them; ``columns``: more public figures by label, in display order."""

    seat: int
    name: str
    points: int | None
    columns: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Table:
    """A table people read on a page: a caption, column headings, rows of cells (text or
    numbers), each row as long as ``columns``."""

    caption: str
    columns: list[str]
    rows: list[list[Any]] = field(default_factory=list)


@dataclass(slots=True)
class ReplaySection:
    """One section of a game's post-game replay page (:meth:`GameRules.replay_tables`): its
    ``id`` (the page's anchor, e.g. "turn-3"), a ``title``, a ``note`` (a sentence, "" for
    none) and its tables, whose first column names the row (a seat, a colour...)."""

    id: str
    title: str
    tables: list[Table] = field(default_factory=list)
    note: str = ""


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
    cannot afford, shown grey)."""

    value: str
    label: str
    max: int | None = None
    disabled: bool = False
    why: str = ""


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
    :meth:`GameRules.form_order`. ``rule``: the rule or site ID the form carries out. A form
    with no fields and no ``submit`` is a note (a decision the game has no form for yet): the
    page shows its title and help, without a button."""

    id: str
    title: str
    fields: list[FormField] = field(default_factory=list)
    submit: str = "Submit"
    help: str = ""
    rule: str = ""


#: The words the site's pages use for a game's things, by key, where its rules give none of
#: their own (:attr:`GameRules.words`, merged over these by :func:`words_of`):
#:
#: - ``side``: what a seat is called in the game, as a column heading ("Nation", "Dynasty");
#: - ``place``: what the board table's rows are ("area", "square");
#: - ``hand`` / ``hand_empty``: the heading of the viewer's own hidden holdings
#:   (:meth:`GameRules.hand`) and the sentence shown when they are empty;
#: - ``seats_note``: what the lobby says of a game still waiting for players;
#: - ``turn_note``: the help page's sentence before the phases of a turn; ``help_facts``: the
#:   game's facts the help pages show, in words ("" for none);
#: - ``public_messages`` / ``public_messages_note``: the heading and the sentence of the
#:   messages page's section of the players' public messages in the game
#:   (:meth:`GameRules.public_messages`; "": the section only while there are some, headed
#:   "Public messages"); ``table_note``: a rule the messages page recalls ("" for none);
#: - ``legend``: lines explaining the printed map (:meth:`GameRules.board_svg`);
#:   ``legend_pieces``: the line on the pieces (the owners' colours follow it);
#:   ``legend_marks``: the line on the pieces the viewer's pending choices keep or lose
#:   (``mark``), "" for a game without marks;
#: - ``help_commands``: the help page's paragraph on the panel's Reset and Done commands
#:   (:meth:`GameRules.commands`); "": the site's own, written for the first game;
#: - ``replay_note`` / ``replay_pending``: the replay page's opening sentence once the game
#:   is over, and what its address says while the game is played (:meth:`GameRules.replay_page`);
#:   "": the site's own, written for the first game (hands of trade cards, trades).
WORDS: dict[str, Any] = {
    "side": "Side",
    "place": "place",
    "hand": "Your hand",
    "hand_empty": "Your hand is empty.",
    "seats_note": "The game starts when every seat is taken.",
    "turn_note": "Every turn runs through the phases below, in this order.",
    "help_facts": "",
    "public_messages": "",
    "public_messages_note": "",
    "table_note": "",
    "legend": [],
    "legend_pieces": "Pieces, in their owner's colour",
    "legend_marks": "",
    "help_commands": "",
    "replay_note": "",
    "replay_pending": "",
}

#: The game's own pages the site can link from a game's panel (:meth:`GameRules.pages`), each
#: served from the rules' ``<name>_page`` method.
PAGES: tuple[str, ...] = ("trade", "advances", "ast", "replay")


def words_of(rules: Any) -> dict[str, Any]:
    """:data:`WORDS` with the game's own words (:attr:`GameRules.words`) over them."""
    return {**WORDS, **(getattr(rules, "words", None) or {})}


def prepared_of(rules: Any, options: Any) -> bool:
    """:meth:`GameRules.prepared` of ``options``, False for a game without the hook or for
    options that are not a JSON object (SITE-SAFE-11)."""
    hook = getattr(rules, "prepared", None)
    return bool(hook(options)) if hook is not None and isinstance(options, dict) else False


def pages_of(rules: Any) -> frozenset[str]:
    """The pages of :data:`PAGES` a game has: its :meth:`GameRules.pages` if its class
    defines one, else those whose ``<name>_page`` method its class defines itself (the
    protocol's defaults, which a class subclassing :class:`GameRules` inherits, do not count)."""
    def own(name: str) -> bool:
        method = getattr(type(rules), name, None)
        return method is not None and method is not getattr(GameRules, name, None)

    if own("pages"):
        return frozenset(p for p in rules.pages() if p in PAGES)
    return frozenset(p for p in PAGES if own(f"{p}_page"))


class BoardUnavailable(RuntimeError):
    """The game draws a map, but cannot now (its data is not installed on this machine):
    the site says so (503) rather than failing."""


class GameRules(Protocol):
    """The interface between a game of the family and the platform.

    The platform (``tresham.platform``) calls only this. A state is the game's own object;
    the platform stores it with :meth:`dumps` and reads it with :meth:`loads`. Orders and
    options are plain JSON; every refusal is an :class:`IllegalOrder`."""

    #: registry name ("advciv") and the name people read ("Advanced Civilization")
    name: str
    title: str
    min_players: int
    max_players: int
    #: what the public score of :meth:`summary` is called ("Total Public Points")
    points_label: str
    #: optional: the site's words for this game's things (keys of :data:`WORDS`; those left
    #: out keep the site's), e.g. ``{"side": "Dynasty", "hand": "Your tiles"}``
    words: dict[str, Any]
    #: optional: the decision kinds the site's click-the-map orders (``map_orders.js``) give,
    #: of "pick" (a nation and start area), "grow" (tokens to place) and "move" (tokens'
    #: moves), read from the view as Advanced Civilization's; () or absent: none
    map_order_kinds: tuple[str, ...]

    # ---- options and orders as data -------------------------------------------------
    def options_schema(self) -> dict:
        """JSON Schema of the game-creation options."""
        ...

    def parse_options(self, raw: Any) -> dict:
        """The options in normal form (defaults filled in), or IllegalOrder naming the
        option that is wrong."""
        ...

    def option_text(self, name: str, value: Any) -> str | None:
        """An option's value in words where the plain value would not do (the lobby's option
        list, SITE-CREATE-15), e.g. a prepared start position summed up; None: the plain value."""
        return None

    def prepared(self, options: dict) -> bool:
        """Optional (absent: never). Whether a game of these options (as given or in normal
        form) starts from a prepared position rather than the game's own start. Such a game
        is never rated, says so on every page and in the API, and only staff may create one
        (SITE-SAFE-11; :func:`prepared_of`)."""
        return False

    def public_options(self, options: dict) -> dict:
        """The options (normal form) as anyone may read them while the game is played: an
        option that holds secrets (a prepared position's hands and stacks) in words instead.
        The whole options are published with the seed and the log once the game is over."""
        return dict(options)

    def order_schema(self) -> dict:
        """JSON Schema of every order a player may give (a ``oneOf`` discriminated by ``type``)."""
        ...

    def option_fields(self) -> list[OptionField]:
        """The creation form: the options a creator chooses, in display order, with their
        labels, the values offered and the suggested values. Options not listed keep their
        defaults."""
        ...

    # ---- play --------------------------------------------------------------------------
    def new_game(self, options: dict, seed: int | str) -> Any: ...

    def apply(self, state: Any, order: dict, *, platform: bool = False) -> tuple[Any, list[Event]]:
        """The state after ``order`` (``state`` unchanged) and its events. ``platform``: the
        site gives the order (a timeout, a clock order, a standing order); a seat may give
        only players' orders."""
        ...

    def pending(self, state: Any) -> list[Decision]: ...

    def round(self, state: Any) -> int:
        """The game's round (turn) number, 1 for the first (SITE-REMOVE-02)."""
        ...

    def standing_kinds(self) -> dict[str, str]:
        """The kinds of decision a standing order can answer, each with what it can say."""
        ...

    def standing_kinds_for(self, options: dict) -> dict[str, str]:
        """Optional: the kinds of :meth:`standing_kinds` a game with these creation
        ``options`` (normal form) has, e.g. none of an addition the game is played without.
        The site offers only these on a game's standing-orders page and API
        (``clock/standing.kinds_of``); a game that leaves it out offers every kind of
        :meth:`standing_kinds` in every game."""
        return self.standing_kinds()

    def standing_order(self, state: Any, player: int, kind: str, spec: Any) -> dict | None:
        """The order ``player``'s standing order ``spec`` for decisions of ``kind`` gives now
        (checked by the rules when applied), None if it says nothing for this decision;
        IllegalOrder if the spec itself is malformed or cannot be carried out now."""
        ...

    def standing_schema(self) -> dict[str, dict]:
        """JSON Schema of each kind's standing-order spec, by kind (the kinds of
        :meth:`standing_kinds`)."""
        ...

    def parse_standing(self, kind: str, spec: Any) -> dict:
        """A standing order's spec for ``kind`` decisions in normal form (defaults filled in),
        or IllegalOrder naming what is wrong; the same check as :meth:`standing_schema`."""
        ...

    def timers(self, state: Any) -> list[Timer]:
        """The clock's orders the game waits for now, besides the players' deadlines."""
        ...

    def accepts(self, state: Any, player: int) -> list[str]:
        """The order types ``player`` may give now (names in :meth:`order_schema`)."""
        ...

    def default(self, state: Any, player: int) -> dict:
        """The platform order that applies ``player``'s default when his deadline passes."""
        ...

    def view(self, state: Any, player: int | None) -> dict:
        """Everything ``player`` may see (None: a spectator), nothing more."""
        ...

    def finished(self, state: Any) -> bool: ...

    def result(self, state: Any) -> list[int] | None:
        """Final places by seat (1 = first) once the game is over, else None."""
        ...

    def summary(self, state: Any) -> list[SeatSummary]:
        """Each seat's public standing, best first (mails, lists, the end of a game)."""
        ...

    def stage(self, state: Any) -> str:
        """Where the game stands, in words: "Turn 3, trade"."""
        ...

    def mail_events(self, state: Any, events: list[Event]) -> list[MailEvent]:
        """Of the events of one order (``state``: the state after it), the public ones the
        players are told of by mail, as the game's options say (SITE-TRADE-13); [] for none.
        Each :class:`MailEvent` holds an event of ``events`` itself (the very object)."""
        ...

    def pick_order(self, state: Any) -> list[int] | None:
        """The seats in the order the game drew (from its seed) for choosing nations or
        sides at the start: a seat's pick-order number is its place here + 1 (SITE-PICK-01).
        None when the game draws no such order or the choosing is over."""
        ...

    def placement_done(self, state: Any) -> bool:
        """Whether the players' initial placement is complete: from then on the game may be
        shown to people outside it (SITE-LIST-04)."""
        ...

    # ---- pages: what the site's pages show, as plain data ---------------------------------
    def board_table(self, view: dict) -> Table:
        """The board as a table, made from a :meth:`view` alone (so it can show nothing its
        seat may not see): one row per place with pieces on it."""
        ...

    def hand(self, view: dict) -> list[str]:
        """The viewer's own hidden cards by name, from his :meth:`view` ([] for a spectator)."""
        ...

    def public_messages(self, view: dict) -> list[tuple[int, str]]:
        """The players' public messages shown now, ``(seat, text)`` by seat, from a
        :meth:`view` (Advanced Civilization: set during trade, SITE-MSG-01)."""
        ...

    def commands(self, state: Any, player: int) -> dict[str, dict]:
        """The orders behind the site's generic "Reset" and "Done" commands for ``player``
        now (SITE-GEN-05): ``{"reset": order, "done": order}``, either left out where the
        current phase has none (then "Reset" only clears what the player typed)."""
        ...

    def ast_page(self, state: Any) -> dict | None:
        """The succession track as plain data (SITE-AST-02), None for a game without one:
        ``ages`` [{name, requirements}], ``tracks`` [{seat, name, position, age, spaces:
        [{space, age, points}]}] in track order, ``finish``, ``points_per_space``."""
        ...

    def advances_page(self, state: Any, player: int | None) -> dict | None:
        """The civilization cards as plain data (SITE-ADV-09/10), None for a game without
        them: ``groups``, ``cards`` [{id, name, groups, cost, prerequisite, rule, text,
        credits}] with, for ``player``'s own nation, ``owned``, ``credit`` and
        ``cost_after_credits``; ``yours`` (the player's holdings or None) and ``players``
        (every nation's, in track order), a holding being {seat, name, cards (ids),
        card_names, points}. Public facts only (nothing from a hand)."""
        ...

    def trade_page(self, state: Any, player: int) -> dict | None:
        """The trade page of ``player`` as plain data (SITE-TRADE-01..14), None when the game
        has no trading or ``player`` cannot trade now. Built from ``player``'s own
        :meth:`view` only (so it shows nothing he may not see): ``market_open``,
        ``in_market`` (he is), ``min_cards``, ``true_cards``, ``hand`` [{id, name,
        tradable}], ``cards`` [{id, name}] (what a card may be said to be), ``unspecified``
        and ``dont_care`` (their ids), ``partners`` [seat], ``offers_made`` [{id, to, give,
        said, expect, accepted}] and ``offers_received`` [{id, from, said, expect, accepted}]
        (card names; of a received offer only what was said)."""
        return None

    def replay_page(self, options: dict, seed: int | str, orders: list[dict]) -> dict | None:
        """The post-game replay as plain data (issue 10, SITE-HIST-01), None for a game without
        hidden hands: the game rebuilt in one pass from its creation ``options`` (normal form),
        ``seed`` and accepted ``orders`` (the log, oldest first, each applied as the platform
        gives it). It reveals every secret, so the platform serves it only once the game is
        over. Every game gives ``orders`` (how many were applied) and ``digest``
        (:meth:`digest` of the state reached, for the platform to check against the stored
        one); IllegalOrder if the log no longer replays.

        The rest is the game's own. A game with :meth:`replay_tables` lays it out itself;
        without it the page reads the first game's shape: ``turns`` [{turn, hands_before,
        hands_after, market, trades}]: the hands [{seat, name, cards (names)}] when the turn's
        trade begins and when it ends, ``market`` (one was held) and the deals carried out
        [{id, order (its place in ``orders``, 1 first), from, to, from_name, to_name, gave,
        got}], each side {cards [{card (real), said (stated), lie}], lies, expect};
        ``final_hands``."""
        return None

    def replay_tables(self, data: dict, seats: dict[int, str]) -> list[ReplaySection] | None:
        """Optional: the replay page's sections for ``data`` (what :meth:`replay_page` gave),
        ``seats`` naming each seat as the site does ("Archer (alice)"): the page shows each
        section's title, note and tables in order, after the final standing (its words
        ``replay_note`` above them). None, or a game without it: the page lays out ``data`` in
        the first game's shape (:meth:`replay_page`)."""
        return None

    def pages(self) -> list[str]:
        """Optional: the game's own pages of :data:`PAGES` the site links from a game's panel
        ("trade", "advances", "ast", "replay"; [] for none). Without it the site links those
        whose ``<name>_page`` method the game's class defines itself (:func:`pages_of`)."""
        return []

    def order_forms(self, state: Any, player: int) -> list[OrderForm]:
        """The forms ``player`` may give his orders with now (his own decisions only, made
        from what he may see), in the order the page shows them; [] for none."""
        return []

    def form_order(self, state: Any, player: int, form_id: str, values: dict[str, Any]) -> dict:
        """The order a form of :meth:`order_forms` gives with ``values`` (each already checked
        against its field: a choice among the offered, numbers in range); IllegalOrder if the
        form is not offered now or the values make no order."""
        raise IllegalOrder("", "this game has no order forms")

    def variants(self) -> list[tuple[str, str]]:
        """The game's variants the site offers besides its plain rules, as (key, title), for
        the help pages (``reference(key)``); [] for none."""
        return []

    def reference(self, variant: str | None = None) -> dict | None:
        """The game's printed facts, without a game under way, for the help pages
        (SITE-GEN-06); None for a game that offers none. ``variant``: a key of
        :meth:`variants`, whose facts these are then (its turn and phases, and ``variant``:
        what it changes). Every key is optional:

        ``phases`` [{id, name, rule, orders}] in turn order (``orders``: the order types of
        :meth:`order_schema` the phase takes); ``trade`` {min_cards, true_cards}: the cards
        each side of a deal gives at least and the stated identities of them that must be
        true; ``commodities`` [{name, value, count, max_set_value}]; ``calamities`` [{id,
        name, stack, tradable, rule, effect}] in the order they are resolved (``effect``:
        a summary in the site's words); ``variant_calamities``: the same for those a game
        option adds, each with its ``option`` (the option's label); ``civ_cards`` {groups, cards} shaped like
        :meth:`advances_page` without a player; ``ast`` {ages [{name, requirements}],
        finish, points_per_space, tracks [{name, starts {age: first space}, late_iron
        [points]}]}; ``options`` [{name, label, about, default}]: the game's options as the
        help page explains them. A phase may also carry ``help`` {decide, deadline} (what
        the player decides, what the site does when his time runs out) and ``option`` (the
        label of the option it belongs to)."""
        ...

    # ---- the map (optional: a game without one leaves these out or returns None) ---------
    def board_key(self, options: dict) -> str | None:
        """A short hash of everything the base map of a game with these options depends on
        (its board configuration, data and drawing code): equal keys, equal SVG. The site
        names its cached copy and its ETag by it. None: the game draws no map."""
        ...

    def board_svg(self, options: dict) -> str | None:
        """The base map of a game with these options (normal form) as a standalone SVG
        document, the same for every seat: areas, borders and printed facts, no pieces.
        None: the game draws no map. :class:`BoardUnavailable` if it cannot now."""
        ...

    def board_pieces(self, view: dict) -> dict | None:
        """The pieces a :meth:`view` shows, to draw over :meth:`board_svg` (so nothing its
        seat may not see): ``{"svg": one <g> element in the base map's coordinates,
        "pieces": [{kind, area, owner, count, mark, x, y, title}], "view_box": [x, y, w,
        h]}``; ``mark`` "keep" (green) or "lose" (red) for pieces the seat's pending
        choices keep or lose (SITE-GEN-04), else None. None: the game draws no map."""
        ...

    def board_legend(self, options: dict) -> list[str] | None:
        """The lines of the map's legend on the game page, in words (optional: a game that
        leaves it out, or returns None, gets the legend of its :data:`WORDS`: ``legend``,
        ``legend_pieces``, ``legend_marks``)."""
        ...

    def bot(self, state: Any, seat: int, rng_seed: str) -> dict:
        """The order the game's bot gives for ``seat`` now, deciding on what the seat may
        know only; it may be the platform's default (then the platform applies it as such)."""
        ...

    def is_platform_order(self, order: dict) -> bool: ...

    def dumps(self, state: Any) -> str: ...

    def loads(self, text: str) -> Any: ...

    def digest(self, state: Any) -> str:
        """A hash of the whole state: equal states, equal digests."""
        ...
