"""What the platform knows of a game (issue 23): the small core every game implements
(:class:`GameRules`, ``core.py``), the optional capabilities a game declares as data
(:class:`Offers`, ``capabilities.py``), the values they exchange (``values.py``), forms as data
(``forms.py``) and the refusals (``errors.py``). Nothing here knows of any particular game;
every user imports from here: ``from tresham.games.contract import GameRules, IllegalOrder``.
"""
from .capabilities import (WORDS, Board, BotLevel, Entered, Forms, HelpTopic, MailCommands, Offers, Page, Prepared,
                           Reference, Replay, Standing)
from .core import GameRules
from .errors import AlreadyDone, BoardUnavailable, IllegalOrder
from .forms import FieldChoice, FormField, OptionChoice, OptionField, OrderForm
from .values import Decision, Event, MailEvent, ReplaySection, SeatSummary, Table, Timer

__all__ = [
    "WORDS", "AlreadyDone", "Board", "BotLevel", "BoardUnavailable", "Decision", "Entered", "Event", "FieldChoice",
    "FormField", "Forms", "GameRules", "HelpTopic", "IllegalOrder", "MailCommands", "MailEvent", "Offers",
    "OptionChoice", "OptionField",
    "OrderForm", "Page", "Prepared", "Reference", "Replay", "ReplaySection", "SeatSummary", "Standing",
    "Table", "Timer",
]
