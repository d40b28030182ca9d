"""What the platform knows of a game: the contract between a game and the platform (``core.py``).
Every user imports from here: ``from tresham.games.contract import GameRules, IllegalOrder``."""
from .core import (PAGES, WORDS, AlreadyDone, BoardUnavailable, Decision, Event, FieldChoice, FormField, GameRules,
                   IllegalOrder, MailEvent, OptionChoice, OptionField, OrderForm, ReplaySection, SeatSummary, Table,
                   Timer, pages_of, prepared_of, words_of)

__all__ = ["PAGES", "WORDS", "AlreadyDone", "BoardUnavailable", "Decision", "Event", "FieldChoice", "FormField",
           "GameRules", "IllegalOrder", "MailEvent", "OptionChoice", "OptionField", "OrderForm", "ReplaySection",
           "SeatSummary", "Table", "Timer", "pages_of", "prepared_of", "words_of"]
