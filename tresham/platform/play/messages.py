"""The table's messages: the limit on writing them (SITE-SAFE-09), which the game's page and
the API both check in the transaction that writes one."""
from __future__ import annotations

from django.contrib.auth import get_user_model

from .. import limits
from .models import Message


def check_message_limit(user) -> None:
    """The messages' limit for ``user``, his row locked (call it in the transaction that writes
    the message, after the game's row: games before people, as everywhere on the site)."""
    list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk"))
    limits.check("messages", (Message.objects.filter(author=user), "at"))
