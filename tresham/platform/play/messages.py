"""The table's messages: the limit on writing them (SITE-SAFE-09), which the game's page and
the API both check in the transaction that writes one.

Every kind of message a person writes counts against the one limit "messages": the table's,
and those of the apps above play that :func:`also_count` theirs (the table talk's private
conversations), so a person cannot double his share by writing in two places."""
from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from .. import limits
from .models import Message

#: The other messages a person writes, each ``user -> (his rows, their time field)``, by name.
OTHER_MESSAGES: dict[str, Callable[[object], tuple[QuerySet, str]]] = {}


def also_count(name: str, rows: Callable[[object], tuple[QuerySet, str]]) -> None:
    """Count ``rows(user)`` against the messages' limit too (a second ``name`` replaces the first)."""
    OTHER_MESSAGES[name] = rows


def check_message_limit(user) -> None:
    """The messages' limit for ``user``, his row locked (call it in the transaction that writes
    the message, after the game's row: games before people, as everywhere on the site)."""
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
    limits.check("messages", (Message.objects.filter(author=user), "at"),
                 *(rows(user) for rows in list(OTHER_MESSAGES.values())))
