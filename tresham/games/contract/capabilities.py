"""What a game offers beyond the core, declared as data (issue 23; in the way OpenSpiel declares
a game's type): one :class:`Offers` per game, ``rules.offers``, each capability a small class
of the callables (usually the rules' own bound methods) and facts that make it, or None for a
game without it. The platform asks ``rules.offers.board is not None``, never ``hasattr``, and
never looks at which methods a class defines.

- ``words``: the site's words for the game's things (:data:`WORDS`, the game's over them);
- ``forms``: the decision forms of the game page (:class:`Forms`);
- ``standing``: standing orders (:class:`Standing`);
- ``board``: the map (:class:`Board`);
- ``reference``: the printed facts the help pages show (:class:`Reference`);
- ``replay``: the post-game replay (:class:`Replay`);
- ``prepared``: games that start from a prepared position, and options that hold secrets
  (:class:`Prepared`);
- ``bots``: the game's bots, by level (:class:`BotLevel`; the first the default), and
  ``bot_default``: the seat's default as its bot's own choice (SITE-BOT-03, -05);
- single callables: ``mail`` (the public events
  mailed to the players), ``option_text`` (an option's value in words), ``hand`` (the
  viewer's hidden holdings), ``messages`` (the players' public messages in the game),
  ``commands`` (the orders behind the panel's Reset and Done), ``pick_order`` (the order of
  choosing sides at the start), ``final_scores`` (each seat's score that decided a finished
  game's places, by seat: the result's points, SITE-TABLE-14; without it the summary's),
  ``preview`` (what an order costs and does, before it is sent), ``entered`` (the seat's
  orders in that he may still change: :class:`Entered`);
- ``mail_commands``: orders given by replying to a "your turn" mail (:class:`MailCommands`,
  SITE-MAILIN-01);
- ``talk_orders``: the order types a seat may give another from a conversation of the table
  talk, each with the field of the order that names that seat, e.g. ``{"trade_offer": "to"}``
  (SITE-CHAT-03; the platform checks the seat is one of the conversation's); empty: none;
  ``talk_page``: the name of the game's own page (one of ``pages``) where such an order is
  given with the game's own controls: a conversation links it as ``<page>?to=<seat>&talk=<id>``,
  and the page gives the order through ``tresham.platform.talk.pages.give_order`` so that the
  conversation holds it ("": the conversation's own JSON form alone);
- ``pages``: the game's own pages (:class:`Page`), served by its own Django app ``app``;
  ``help``: its own help topics (:class:`HelpTopic`), served by the same app;
- ``tools``: the module of the game's command-line tools (``tools/cli.py``), which ``tresham``
  mounts with no branch for any game: its ``COMMANDS`` (click commands of ``tresham`` itself),
  ``scenario(file, as_json)`` (``tresham scenario`` of a file naming the game) and
  ``BENCHES`` (``tresham bench <name>``).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .forms import OrderForm
from .values import Event, MailEvent, ReplaySection

#: The words the site's pages use for a game's things, by key, where the game gives none of
#: its own (``Offers.words`` merged over these):
#:
#: - ``side``: what a seat is called in the game, as a column heading ("Nation", "Dynasty");
#: - ``place``: what the board table's rows are ("area", "square");
#: - ``hand`` / ``hand_empty``: the heading of the viewer's own hidden holdings
#:   (``Offers.hand``) and the sentence shown when they are empty;
#: - ``seats_note``: what the lobby says of a game still waiting for players;
#: - ``turn_note``: the help page's sentence before the phases of a turn; ``help_facts``: the
#:   game's facts the help pages show, in words ("" for none);
#: - ``public_messages`` / ``public_messages_note``: the heading and the sentence of the
#:   messages page's section of the players' public messages in the game
#:   (``Offers.messages``; "": the section only while there are some, headed
#:   "Public messages"); ``table_note``: a rule the messages page recalls ("" for none);
#:   ``talk_note``: a rule a conversation of the table talk recalls ("" for none);
#: - ``legend``: lines explaining the printed map (``Board.svg``); ``legend_pieces``: the line
#:   on the pieces (the owners' colours follow it); ``legend_marks``: the line on the pieces
#:   the viewer's pending choices keep or lose (``mark``), "" for a game without marks;
#: - ``help_commands``: the help page's paragraph on the panel's Reset and Done commands
#:   (``Offers.commands``); "": the site's own;
#: - ``replay_note`` / ``replay_pending``: the replay page's opening sentence once the game
#:   is over, and what its address says while the game is played (``Offers.replay``); "": the
#:   site's own;
#: - ``final_points``: what a finished game's scores (``Offers.final_scores``) are called in
#:   its result, after a number ("Won by Babylon (alice) with 1,650 victory points").
WORDS: Mapping[str, Any] = MappingProxyType({
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
    "talk_note": "",
    "legend": [],
    "legend_pieces": "Pieces, in their owner's colour",
    "legend_marks": "",
    "help_commands": "",
    "replay_note": "",
    "replay_pending": "",
    "final_points": "points",
})


@dataclass(frozen=True)
class Forms:
    """The forms a player gives his orders with, as controls rather than JSON (issue 10).

    ``order_forms(state, player)``: the forms ``player`` may give his orders with now (his own
    decisions only, made from what he may see), in the order the page shows them; [] for none.
    ``form_order(state, player, form_id, values)``: the order a form of ``order_forms`` gives
    with ``values`` (each already checked against its field: a choice among the offered,
    numbers in range); IllegalOrder if the form is not offered now or the values make no order."""

    order_forms: Callable[[Any, int], list[OrderForm]]
    form_order: Callable[[Any, int, str, dict[str, Any]], dict]


@dataclass(frozen=True)
class Standing:
    """Standing orders: what a seat's order says for a kind of decision when its deadline passes.

    ``kinds()``: the kinds of decision a standing order can answer, each with what it can say;
    ``kinds_for(options)`` (None: every kind in every game): the kinds a game with these
    creation ``options`` (normal form) has, e.g. none of an addition it is played without;
    ``order(state, player, kind, spec)``: the order ``player``'s spec for ``kind`` gives now
    (checked by the rules when applied), None if it says nothing for this decision,
    IllegalOrder if the spec is malformed or cannot be carried out now; ``schema()``: each
    kind's JSON Schema of its spec; ``parse(kind, spec)``: the spec in normal form (defaults
    filled in), or IllegalOrder naming what is wrong (the same check as ``schema``)."""

    kinds: Callable[[], dict[str, str]]
    order: Callable[[Any, int, str, Any], dict | None]
    schema: Callable[[], dict[str, dict]]
    parse: Callable[[str, Any], dict]
    kinds_for: Callable[[dict], dict[str, str]] | None = None


@dataclass(frozen=True)
class MailCommands:
    """Orders given by replying to a "your turn" mail, one command a line (SITE-MAILIN-01).

    ``order(state, player, line)``: the order the command ``line`` (one line of the reply,
    spaces trimmed, as the player wrote it: "accept 2", "buy Law, Monarchy") gives ``player``
    now, to go through the one order path like any other; None when the line is no command
    of the game's (the platform says so); IllegalOrder, in the player's words, when it is one
    but his decision does not take it now or its words name nothing he has. ``help(state,
    player)``: the commands his decisions take now, one line each ("done: you have finished
    moving"), listed in the mail. The platform's own commands come before the game's and
    are not the game's to give: ``default`` (what the deadline would give) and ``standing``
    (set a standing order)."""

    order: Callable[[Any, int, str], dict | None]
    help: Callable[[Any, int], list[str]]


@dataclass(frozen=True)
class BotLevel:
    """One level of the game's bot, which the creator chooses for each bot seat (SITE-BOT-05).

    ``key``: its name in the API and the seat's row ("heuristic"; letters, digits and "_",
    never "vacant"); ``label``: how people read it ("Heuristic"; the rankings list the level as
    "Bot: <label>", SITE-BOT-04); ``note``: what it plays like, in a sentence, for the new-game
    form. ``play(state, seat, seed)``: the seat's order now, decided on what the seat may see
    (``seed``: the draw's seed, a string), or None: nothing to do now, the bot waits for others
    (in a market, for answers to its offers). The platform's worker then drops the seat's due
    row without an order; the row comes back at the game's next accepted order (the clock
    makes every bot decision due anew on every order), so a waiting bot never busy-loops and
    never stalls the game (docs/clock.md, "Bots"). An order the rules refuse is logged and the
    seat's :attr:`Offers.bot_default` applies instead."""

    key: str
    label: str
    note: str
    play: Callable[[Any, int, str], dict | None]

    def __post_init__(self) -> None:
        if not self.key or not all(c.isalnum() or c == "_" for c in self.key) or self.key == "vacant":
            raise ValueError(f"a bot level's key is letters, digits and '_' (not 'vacant'): {self.key!r}")


@dataclass(frozen=True)
class Entered:
    """An order of the seat's that is in and not yet carried out (SITE-TABLE-06: entered
    early, or in a simultaneous phase), which he may still change: ``kind`` the decision it
    answers, ``text`` what it says, in words ("ship orders: 1 ship to build (Tanis), carried
    out on your census turn"); ``withdraw`` the order that withdraws it (None: it can be
    changed, by giving the decision's order again, not withdrawn)."""

    kind: str
    text: str
    withdraw: dict | None = None


@dataclass(frozen=True)
class Board:
    """The map.

    ``key(options)``: a short hash of everything the base map of a game with these options
    depends on (its board configuration, data and drawing code): equal keys, equal SVG (the
    site names its cached copy and its ETag by it); None: this game draws no map.
    ``svg(options)``: the base map as a standalone SVG document, the same for every seat: areas,
    borders and printed facts, no pieces; :class:`~.errors.BoardUnavailable` if it cannot now.
    ``pieces(view)``: the pieces a view shows, to draw over the base map (so nothing its seat
    may not see): ``{"svg": one <g> element in the base map's coordinates, "pieces": [{kind,
    area, owner, count, mark, x, y, title}], "view_box": [x, y, w, h]}``; ``mark`` "keep"
    (green) or "lose" (red) for pieces the seat's pending choices keep or lose (SITE-GEN-04);
    optionally ``"own"``: the areas of the viewer's own pieces (his cities, tokens, leaders...),
    which the map's first zoom centres on (board.js; absent or empty: the map's middle).
    ``legend(options)`` (None: the legend of the game's words, ``legend``, ``legend_pieces``,
    ``legend_marks``): the lines of the map's legend on the game page.
    ``overlay``: a template of the game's web app the game page's map includes (its
    click-the-map orders), "" for none."""

    key: Callable[[dict], str | None]
    svg: Callable[[dict], str | None]
    pieces: Callable[[dict], dict | None]
    legend: Callable[[dict], list[str] | None] | None = None
    overlay: str = ""


@dataclass(frozen=True)
class Reference:
    """The game's printed facts, without a game under way, for the help pages (SITE-GEN-06).

    ``facts(variant=None)``: the facts, of ``variant`` (a key of ``variants``) when given (its
    turn and phases, and ``variant``: what it changes). Every key is optional: ``phases``
    [{id, name, rule, orders}] in turn order (``orders``: the order types the phase takes),
    each may carry ``help`` {decide, deadline} (what the player decides, what the site does
    when his time runs out) and ``option`` (the label of the option it belongs to);
    ``options`` [{name, label, about, default}]: the game's options as the help page explains
    them; anything else the game's own help pages read (``Offers.help``).
    ``variants()``: the game's variants the site offers besides its plain rules, as (key, title).
    ``phase_help``: the site's help for each phase by phase id, each with ``decide`` and
    ``deadline`` (over a phase's own ``help``)."""

    facts: Callable[..., dict]
    variants: Callable[[], list[tuple[str, str]]] = list
    phase_help: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Replay:
    """The post-game replay (issue 10, SITE-HIST-01), which reveals every secret: the platform
    serves it only once the game is over.

    ``page(options, seed, orders)``: the game rebuilt in one pass from its creation ``options``
    (normal form), ``seed`` and accepted ``orders`` (the log, oldest first, each applied as the
    site gives it), as plain data: every game gives ``orders`` (how many were applied) and
    ``digest`` (of the state reached, for the platform to check against the stored one);
    IllegalOrder if the log no longer replays. The rest is the game's own, laid out either by
    ``tables(data, seats)`` (the page's sections of tables; ``seats`` names each seat as the
    site does, "Archer (alice)") or by ``template``, a template of the game's web app the page
    includes with ``replay`` (the data) and ``v`` (the viewer)."""

    page: Callable[[dict, Any, list[dict]], dict]
    tables: Callable[[dict, dict[int, str]], list[ReplaySection]] | None = None
    template: str = ""


@dataclass(frozen=True)
class Prepared:
    """Games that may start from a prepared position, whose options then hold secrets.

    ``prepared(options)``: whether a game of these options (as given or in normal form)
    starts from a prepared position rather than the game's own start; such a game is never
    rated, says so on every page and in the API, and only staff may create one (SITE-SAFE-11).
    ``public_options(options)``: the options (normal form) as anyone may read them while the
    game is played: an option that holds secrets (a prepared position's hands and stacks) in
    words instead. The whole options are published with the seed and the log at the end."""

    prepared: Callable[[dict], bool]
    public_options: Callable[[dict], dict]


@dataclass(frozen=True)
class Page:
    """One of the game's own pages, served by its own web app (``Offers.app``) and linked from
    a game's top panel.

    ``name``: the panel's section ("trade"; the key of the lobby's link); ``title``: the
    panel's link ("Trade"); ``url``: the page's URL name in the game's app ("advciv:trade"),
    reversed with the game's id; ``noun``: the page in a sentence ("trade page": "... has no
    trade page"); ``about``: what the help page says it shows ("" for nothing); ``topic``:
    the help topic (:class:`HelpTopic` name) it points to; ``lobby``: what it shows, in the
    lobby's words ("the civilization cards bought so far"), for a page the lobby links to
    people outside the game once its placement is done ("": not linked from the lobby)."""

    name: str
    title: str
    url: str
    noun: str
    about: str = ""
    topic: str = ""
    lobby: str = ""


@dataclass(frozen=True)
class HelpTopic:
    """One of the game's own help pages (SITE-GEN-06), served by its own web app and listed
    after the site's topics.

    ``name``: its key; ``title`` and ``summary``: how the index lists it; ``url``: its URL name
    in the game's app ("advciv:help_trading"); ``phase``: the phase (an id of the reference's
    ``phases``) whose help points to it, with the words ``lead`` before the link and ``link``
    on it ("More on the" "trading page")."""

    name: str
    title: str
    summary: str
    url: str
    phase: str = ""
    lead: str = ""
    link: str = ""


@dataclass(frozen=True, eq=False)
class Offers:
    """What a game offers the platform beyond the core (the module's docstring): each field
    None, empty or "" for a game without it. ``words`` is complete: the game's own words over
    :data:`WORDS` (a key :data:`WORDS` does not know is an error)."""

    words: Mapping[str, Any] = field(default_factory=dict)
    forms: Forms | None = None
    standing: Standing | None = None
    board: Board | None = None
    reference: Reference | None = None
    replay: Replay | None = None
    prepared: Prepared | None = None
    #: the game's bot levels, the first the default for a new bot seat and for a seat whose
    #: player left (SITE-BOT-05); empty: the game has no bot, its bot seats take the defaults
    bots: tuple[BotLevel, ...] = ()
    #: ``bot_default(state, seat)``: the order that applies the seat's default decision (as
    #: ``GameRules.default``) as its bot's own choice: its history reads as the seat's order,
    #: never as a missed deadline (SITE-BOT-03); None: ``GameRules.default``
    bot_default: Callable[[Any, int], dict] | None = None
    mail: Callable[[Any, list[Event]], list[MailEvent]] | None = None
    option_text: Callable[[str, Any], str | None] | None = None
    hand: Callable[[dict], list[str]] | None = None
    messages: Callable[[dict], list[tuple[int, str]]] | None = None
    commands: Callable[[Any, int], dict[str, dict]] | None = None
    pick_order: Callable[[Any], list[int] | None] | None = None
    final_scores: Callable[[Any], list[int] | None] | None = None
    #: ``preview(state, seat, order)``: what ``order`` of ``seat`` would cost and do, as
    #: sentences for the page ("2 ships built: 3 tokens levied (Alexandria 1, Tanis 2) ...",
    #: the cities that cannot be supported, the surplus removed, with numbers), computed from
    #: what the seat may know only; nothing changes. An order the rules refuse raises its
    #: IllegalOrder (with ``part``/``index``/``reason`` for one item of a batch); the platform
    #: shows the lines before the order is given (SITE-TABLE-05: the API's ``preview``, the
    #: decision forms' Preview and Confirm).
    preview: Callable[[Any, int, dict], list[str]] | None = None
    #: ``entered(view)``: the seat's orders in now that he may still change or withdraw
    #: (:class:`Entered`), from his own view; the page says "Your order is in: ..." or "Your
    #: order is not in yet" for each of his decisions (SITE-TABLE-06).
    entered: Callable[[dict], list[Entered]] | None = None
    mail_commands: MailCommands | None = None
    talk_orders: Mapping[str, str] = field(default_factory=dict)
    talk_page: str = ""
    pages: tuple[Page, ...] = ()
    help: tuple[HelpTopic, ...] = ()
    app: str = ""
    tools: str = ""

    def __post_init__(self) -> None:
        unknown = set(self.words) - set(WORDS)
        if unknown:
            raise ValueError(f"words the site does not know: {', '.join(sorted(unknown))}")
        object.__setattr__(self, "words", MappingProxyType({**WORDS, **self.words}))
        object.__setattr__(self, "talk_orders", MappingProxyType(dict(self.talk_orders)))
        object.__setattr__(self, "pages", tuple(self.pages))
        if self.talk_page and self.page(self.talk_page) is None:
            raise ValueError(f"talk_page {self.talk_page!r} is not one of the game's pages")
        object.__setattr__(self, "help", tuple(self.help))
        object.__setattr__(self, "bots", tuple(self.bots))
        keys = [b.key for b in self.bots]
        if len(set(keys)) != len(keys):
            raise ValueError(f"bot levels named twice: {', '.join(keys)}")

    def bot_level(self, key: str | None = None) -> BotLevel | None:
        """The bot level called ``key`` (None or "": the default, the first); None if the game
        has no such level (or no bot)."""
        if not self.bots:
            return None
        if not key:
            return self.bots[0]
        return next((b for b in self.bots if b.key == key), None)

    def page(self, name: str) -> Page | None:
        """The game's own page called ``name``, None if it has none."""
        return next((p for p in self.pages if p.name == name), None)

    def is_prepared(self, options: Any) -> bool:
        """Whether a game of these options starts from a prepared position: False for a game
        without them or for options that are not a JSON object (SITE-SAFE-11)."""
        return self.prepared is not None and isinstance(options, dict) and bool(self.prepared.prepared(options))
