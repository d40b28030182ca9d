"""A message reported, and what a moderator sees of it (SITE-CHAT-04).

A member reports a message under a rule of the code of conduct: that is a report about its
author (``accounts.moderation.file_report``: the administrators are mailed, it stands in the
moderation admin with the others, one open report per pair of players, three a day), tied to
the message (:class:`.models.Report`). The report's text ends with the address of the
moderator's page of the message (:func:`moderator_view`'s), which shows it within its whole
conversation to staff only, and logs each opening (:class:`.models.ModeratorRead`): who read
which conversation, for which report, when. Nobody else reads a conversation he is not in.
"""
from __future__ import annotations

from django.db import transaction
from django.urls import reverse

from ..accounts import moderation
from ..accounts.errors import AccountError
from ..accounts.mails import site_link
from ..errors import Refusal
from .models import Conversation, Message, ModeratorRead, Report


class NoSuchMessage(Refusal):
    status, code = 404, "no_such_message"


def moderator_url(message: Message) -> str:
    return reverse("talk:moderate", args=[message.conversation.game_id, message.conversation_id, message.pk])


def report(conv: Conversation, message_id: int, reporter, *, rule: int, reason: str) -> Report:
    """``reporter`` (who reads ``conv``) reports its message ``message_id``; gives the row.
    The accounts' refusals (AccountError: a bad rule, a short reason, reporting oneself, an
    open report about the same player, too many reports) change nothing."""
    message = conv.messages.select_related("author").filter(pk=message_id).first()
    if message is None:
        raise NoSuchMessage(f"conversation {conv.pk} has no message {message_id}")
    if message.author is None:
        raise NoSuchMessage("the author of this message has deleted his account")
    reason = (reason or "").strip()
    if len(reason) < 10:
        raise AccountError("bad_reason", "say in a few words (10 characters at least) what happened")
    text = f"{reason}\n\nThe message, in its conversation: {site_link(moderator_url(message))}"
    with transaction.atomic():
        filed = moderation.file_report(reporter, message.author, rule=rule, reason=text, game=conv.game)
        return Report.objects.create(report=filed, message=message)


def open_for_moderator(moderator, game_id: int, conversation_id: int, message_id: int):
    """What a moderator's page shows: the reported message, its conversation's messages, the
    reports of it; the reading logged (one row per opening). NoSuchMessage unless the message
    was reported: a moderator reads a conversation only for a report."""
    message = (Message.objects.select_related("conversation__game", "author__profile")
               .filter(pk=message_id, conversation_id=conversation_id, conversation__game_id=game_id).first())
    if message is None or not message.reports.exists():
        raise NoSuchMessage("no such reported message")
    conv = message.conversation
    reports = list(message.reports.select_related("report__reporter__profile", "report__reported__profile")
                   .order_by("created_at"))
    ModeratorRead.objects.create(moderator=moderator, moderator_name=moderator.get_username(),
                                 conversation=conv, report=reports[-1])
    messages = list(conv.messages.select_related("author__profile").order_by("pk"))
    return message, conv, messages, reports
