"""``CivCards``: the :class:`tresham.games.contract.GameRules` the platform sees for Sid Meier's
Civilization: The Card Game (issue 29), the site's handle on the engine (``engine.py``) and on
the site face beside it: the order forms (``forms.py``), the game's own page (``tableau.py``,
served by ``web/``), the help's facts (``reference.py``) and the mail commands; the bots are
the levels of ``bots/levels.py`` (heuristic first, then random)."""
from __future__ import annotations

from typing import Any

from ...contract import (Decision, Event, Forms, HelpTopic, MailCommands, Offers, OptionChoice, OptionField, Page,
                         Reference, SeatSummary, Table, Timer)
from .. import engine
from ..bots.levels import LEVELS as BOT_LEVELS, bot_default
from ..orders import is_site_order, json_schema
from ..rules.end import places, score, side_score, sides
from ..deck import load
from ..effects import points
from ..state import NATIONS, CCState
from ..view import stage_words
from . import forms, mail_commands, names, reference

WORDS = {"side": "Nation", "place": "plot", "hand": "Your hand", "hand_empty": "Your hand is empty.",
         "turn_note": "After the setup's drafts, each player in turn collects, buys, attacks and draws; "
                      "a combat asks the defender as it is resolved.",
         "help_facts": "Played with the Tresham deck, our own design, by default; an administrator can "
                       "install other decks of the same schema.",
         "help_commands": "This game needs no Reset or Done: every order you submit is complete; "
                          "\"Done buying\" ends your purchases.",
         "final_points": "victory points"}

PAGES = (Page("table", "Table", "civcards:table", "table",
              about="Your hand, every nation's plots with their population, buildings and wonders, the "
                    "markets, your neighbours and the combat in progress", topic="deck",
              lobby="every nation's plots, technologies and scores"),)

HELP = (HelpTopic("deck", "The deck", "The installed decks and every card of the Tresham deck, our own design.",
                  "civcards:help_deck", phase="buy", lead="Every card on the", link="deck page"),)


def _award(n: int, holder: bool) -> str:
    """A seat's Happiness (or Culture) points, and whether it holds the card: "3, holds the card"."""
    return f"{n}, holds the card" if holder else str(n)


class CivCards:
    """The platform's handle on Civilization: The Card Game (see ``contract.GameRules``)."""

    name = "civcards"
    title = "Civilization: The Card Game"
    min_players = 2
    max_players = 4
    points_label = "Victory points"

    def __init__(self) -> None:
        self.offers = Offers(
            words=WORDS, forms=Forms(forms.order_forms, forms.form_order),
            reference=Reference(reference.facts), bots=BOT_LEVELS, bot_default=bot_default, hand=self.hand,
            option_text=self.option_text, final_scores=self.final_scores,
            mail_commands=MailCommands(mail_commands.order, mail_commands.help),
            pages=PAGES, help=HELP, app="tresham.games.civcards.web",
            tools="tresham.games.civcards.tools.cli")

    # ---- options and orders as data -----------------------------------------------------
    def options_schema(self) -> dict:
        return {"type": "object", "additionalProperties": False, "properties": {
            "players": {"type": "integer", "minimum": 2, "maximum": 4, "default": 2,
                        "description": "number of players (CCG-OV-01)"},
            "teams": {"type": "string", "enum": list(engine.TEAMS), "default": "none",
                      "description": "the team game of 4 players (CCG-TEAM-01)"},
            "deck": {"type": "string", "enum": [n for n, _ in reference.deck_choices()], "default": "tresham",
                     "description": "the installed deck; the Tresham deck is our own design"}}}

    def parse_options(self, raw: Any) -> dict:
        return engine.parse_options(raw)

    def order_schema(self) -> dict:
        return json_schema()

    def option_fields(self) -> list[OptionField]:
        return [
            OptionField("players", "Number of players",
                        choices=[OptionChoice(n, f"{n} players") for n in (2, 3, 4)]),
            OptionField("teams", "Team game", "4 players only: two teams of two",
                        choices=[OptionChoice("none", "No teams"),
                                 OptionChoice("opposite", "Partners sit opposite", {"players": [4]}),
                                 OptionChoice("adjacent", "Partners sit side by side", {"players": [4]})]),
            OptionField("deck", "Deck", reference.DECK_NOTE,
                        choices=[OptionChoice(n, label) for n, label in reference.deck_choices()]),
        ]

    def option_text(self, name: str, value: Any) -> str | None:
        if name == "deck":
            return dict(reference.deck_choices()).get(value)
        if name == "teams":
            return {"none": "no teams", "opposite": "partners opposite", "adjacent": "partners side by side"}.get(value)
        return None

    # ---- play ---------------------------------------------------------------------------------
    def new_game(self, options: dict, seed: int | str) -> CCState:
        return engine.new_game(options, seed)

    def apply(self, state: CCState, order: dict, *, by_site: bool = False) -> tuple[CCState, list[Event]]:
        return engine.apply(state, order, by_site=by_site)

    def pending(self, state: CCState) -> list[Decision]:
        return engine.pending(state)

    def round(self, state: CCState) -> int:
        return max(1, state.turn)

    def timers(self, state: CCState) -> list[Timer]:
        return []

    def accepts(self, state: CCState, player: int) -> list[str]:
        return engine.accepts(state, player)

    def default(self, state: CCState, player: int) -> dict:
        return {"type": "timeout", "player": player}

    def view(self, state: CCState, player: int | None) -> dict:
        return engine.view(state, player)

    def finished(self, state: CCState) -> bool:
        return state.finished

    def result(self, state: CCState) -> list[int] | None:
        return places(state) if state.finished else None

    def final_scores(self, state: CCState) -> list[int] | None:
        """Each seat's victory points that decided the places (its team's in a team game)."""
        if not state.finished:
            return None
        out = [0] * state.players
        for side in sides(state):
            vp = side_score(state, side)["vp"]
            for p in side:
                out[p] = vp
        return out

    def summary(self, state: CCState) -> list[SeatSummary]:
        """Each seat, best first (victory points, then technologies, population, wonders:
        CCG-OV-04/05), with its public figures."""
        rows = []
        for p in range(state.players):
            sc = score(state, p)
            rows.append(SeatSummary(p, NATIONS[p], sc["vp"], {
                "Technologies": sc["techs"], "Population": sc["population"], "Wonders": sc["wonders"],
                "Plots": len(state.seats[p]["plots"]),
                "Happiness": _award(points(state, p, "happiness"), state.happiness == p),
                "Culture": _award(points(state, p, "culture"), state.culture == p)}))
        key = {r.seat: tuple(-v for v in (score(state, r.seat)[k] for k in ("vp", "techs", "population", "wonders")))
               for r in rows}
        return sorted(rows, key=lambda r: (key[r.seat], r.seat))

    def stage(self, state: CCState) -> str:
        return stage_words(state)

    def placement_done(self, state: CCState) -> bool:
        """The setup (drafts, free population, opening hands) is over (CCG-SET-*)."""
        return state.turn >= 1 or state.finished

    def board_table(self, view: dict) -> Table:
        """Every plot of every nation with its population, buildings and wonders (by name, in
        one column: four columns fit a phone)."""
        cards = load(view["deck"])
        rows = []
        for p in view["players"]:
            for pl in p["plots"]:
                rows.append([p["nation"], names.own_plot(cards, p["plots"], pl["id"]), pl["pop"],
                             ", ".join(names.card(cards, c) + (" (wonder)" if cards.kind(c) == "wonder" else "")
                                       for c in pl["cards"]) or "none"])
        return Table("The plots", ["Nation", "Plot", "Population", "Buildings and wonders"], rows)

    def hand(self, view: dict) -> list[str]:
        h = view.get("hand")
        if not h:
            return []
        cards = load(view["deck"])
        return [names.described(cards, c) for c in h]

    # ---- the log ------------------------------------------------------------------------------
    def is_site_order(self, order: dict) -> bool:
        return is_site_order(order)

    def dumps(self, state: CCState) -> str:
        return state.dumps()

    def loads(self, text: str) -> CCState:
        return CCState.loads(text)

    def digest(self, state: CCState) -> str:
        return state.digest()
