"""What the help pages show of Civilization: The Card Game (``Reference.facts``): the steps of
the setup and of a turn (CCG-SET-*, CCG-TURN-01..04, CCG-COMB-*), each with the decision it
asks, its order types and what the site does when the player's time runs out (the defaults,
``rules/defaults.py``, CCR-DEFAULTS), and the options with the installed decks."""
from __future__ import annotations

from ..deck import installed, load
from ..rules.defaults import WORDS as DEFAULTS
from ..rules.turn import ACCEPTS

#: (id, name, rule, what the player decides)
PHASES = (
    ("draft1", "Setup: first draft", "CCG-SET-03", "Take one plot of the row; the rest pass on."),
    ("draft2", "Setup: second draft", "CCG-SET-04", "Take one plot of the second row."),
    ("free_pop", "Setup: free population", "CCG-CARD-05", "Put your free population on one of your plots."),
    ("opening_discard", "Setup: opening hand", "CCG-SET-06", "Discard 2 cards of your opening hand."),
    ("collect", "Collect", "CCG-TURN-01", "Every plot yields its printed resources; choose what each "
     "population yields (1 of a resource its plot prints)."),
    ("buy", "Buy", "CCG-TURN-02", "Buy plots (any resources), population (Food), buildings and wonders "
     "of your hand (Production) and technologies (Commerce); exchange 3 of a resource for 1 of another; "
     "spend bonus cards; then end your purchases."),
    ("attack", "Attack", "CCG-COMB-01", "Attack your neighbours with units of your hand, or nobody."),
    ("catapult", "Combat: Catapults", "CCG-COMB-02", "The defender chooses the Walls the Catapults send back."),
    ("bounce", "Combat: Walls", "CCG-COMB-03", "The defender's Walls bounce one attacking unit."),
    ("defend", "Combat: counters", "CCG-COMB-04", "The defender counters attacking units with units of his hand."),
    ("losses", "Combat: losses", "CCG-COMB-05", "The defender chooses the population and buildings he loses."),
    ("place_stolen", "Combat: stolen population", "CCG-COMB-05", "The attacker places the stolen population."),
    ("discard", "Draw and discard", "CCG-TURN-04", "Draw, then discard down to your hand's limit."),
)

DECK_NOTE = ("The Tresham deck is our own design, not the printed game's cards: every number and most "
             "cards are Tresham's own.")


def deck_choices() -> list[tuple[str, str]]:
    """The installed decks as (name, label), the Tresham deck first and labelled our own design."""
    out = []
    for name in sorted(installed(), key=lambda n: (n != "tresham", n)):
        title = load(name).deck.title
        out.append((name, f"{title} (our own design)" if name == "tresham" else title))
    return out


def facts(variant: str | None = None) -> dict:
    return {
        "phases": [{"id": pid, "name": name, "rule": rule, "orders": list(ACCEPTS[pid]),
                    "help": {"decide": decide, "deadline": DEFAULTS[pid][0].upper() + DEFAULTS[pid][1:] + "."}}
                   for pid, name, rule, decide in PHASES],
        "options": [
            {"name": "players", "label": "Number of players", "about": "2 to 4 players (CCG-OV-01)", "default": 2},
            {"name": "teams", "label": "Team game", "about": "4 players only: partners sit opposite or "
             "adjacent, share a score and never attack each other (CCG-TEAM-01)", "default": "none"},
            {"name": "deck", "label": "Deck", "about": "the installed deck the game is played with. "
             + DECK_NOTE, "default": "tresham"},
        ],
        "decks": [{"name": n, "label": label} for n, label in deck_choices()],
    }
