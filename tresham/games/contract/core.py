"""The core of the contract between a game and the platform (:class:`GameRules`): the small
set of calls every game answers. Whatever else a game offers (forms, standing orders, a map, a
replay, its own pages ...) it declares in ``offers`` (:mod:`.capabilities`)."""
from __future__ import annotations

from typing import Any, Protocol

from .capabilities import Offers
from .forms import OptionField
from .values import Decision, Event, SeatSummary, Table, Timer


class GameRules(Protocol):
    """The core every game implements: what the platform needs to create, play, time, show and
    rebuild any game.

    The platform (``tresham.platform``) calls only this and what :attr:`offers` declares. A
    state is the game's own object; the platform stores it with :meth:`dumps` and reads it with
    :meth:`loads`. Orders and options are plain JSON; every refusal is an
    :class:`~.errors.IllegalOrder`."""

    #: registry name ("advciv") and the name people read ("Advanced Civilization")
    name: str
    title: str
    min_players: int
    max_players: int
    #: what the public score of :meth:`summary` is called ("Total Public Points")
    points_label: str
    #: what the game offers beyond this core (forms, standing orders, the map, its own pages
    #: ...), declared as data: :class:`~.capabilities.Offers`
    offers: Offers

    # ---- options and orders as data -------------------------------------------------
    def options_schema(self) -> dict:
        """JSON Schema of the game-creation options."""
        ...

    def parse_options(self, raw: Any) -> dict:
        """The options in normal form (defaults filled in), or IllegalOrder naming the
        option that is wrong."""
        ...

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

    def apply(self, state: Any, order: dict, *, by_site: bool = False) -> tuple[Any, list[Event]]:
        """The state after ``order`` (``state`` unchanged) and its events. ``by_site``: the
        site gives the order (a timeout, a clock order, a bot's default, a standing order); a
        seat may give only players' orders."""
        ...

    def pending(self, state: Any) -> list[Decision]: ...

    def round(self, state: Any) -> int:
        """The game's round (turn) number, 1 for the first (SITE-REMOVE-02)."""
        ...

    def timers(self, state: Any) -> list[Timer]:
        """The clock's orders the game waits for now, besides the players' deadlines."""
        ...

    def accepts(self, state: Any, player: int) -> list[str]:
        """The order types ``player`` may give now (names in :meth:`order_schema`)."""
        ...

    def default(self, state: Any, player: int) -> dict:
        """The site order that applies ``player``'s default when his deadline passes."""
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

    def placement_done(self, state: Any) -> bool:
        """Whether the players' initial placement is complete: from then on the game may be
        shown to people outside it (SITE-LIST-04)."""
        ...

    # ---- what every game page shows, as plain data -----------------------------------------
    def board_table(self, view: dict) -> Table:
        """The board as a table, made from a :meth:`view` alone (so it can show nothing its
        seat may not see): one row per place with pieces on it."""
        ...

    # ---- the log --------------------------------------------------------------------------
    def is_site_order(self, order: dict) -> bool:
        """Whether ``order`` is one only the site gives (a timeout, a clock order)."""
        ...

    def dumps(self, state: Any) -> str: ...

    def loads(self, text: str) -> Any: ...

    def digest(self, state: Any) -> str:
        """A hash of the whole state: equal states, equal digests."""
        ...
