"""``tresham mail-in``: the SMTP server that takes the replies (SITE-MAILIN-03), an aiosmtpd
server on ``TRESHAM_MAILIN_HOST``:``TRESHAM_MAILIN_PORT``, behind the mail server that
receives the domain's mail (docs/operating.md); and ``--stdin``, one mail piped from that
server's delivery hook.

At RCPT the server takes only reply addresses of ``TRESHAM_MAILIN_DOMAIN``
(``reply+<32 hex digits>@domain``: 550 for any other, so the sending server tells its sender
at once), at most :data:`MAX_RECIPIENTS` a mail; at DATA at most ``TRESHAM_MAILIN_MAX_BYTES``
(552 beyond). Each mail is handled (:func:`.inbound.receive`) in one worker thread, one mail
at a time, outside the event loop (the database is not asynchronous); a fault of the site's
answers 451, so the sending server tries again later.
"""
from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from aiosmtpd.controller import Controller
from django.conf import settings
from django.db import close_old_connections

from . import inbound, replies

log = logging.getLogger(__name__)

#: Reply addresses one mail may be sent to (each handled as its own reply).
MAX_RECIPIENTS = 5


def handle(raw: bytes, recipients: list[str], mail_from: str | None) -> None:
    """One mail, in the worker thread: each of its reply addresses answered on its own."""
    close_old_connections()
    try:
        for rcpt in dict.fromkeys(recipients):
            inbound.receive(raw, [rcpt], mail_from)
    finally:
        close_old_connections()


class Handler:
    """The aiosmtpd handler (its ``handle_RCPT`` and ``handle_DATA`` hooks)."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mail-in")

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if replies.secret_in(address) is None:
            return "550 5.1.1 No such reply address here"
        if len(envelope.rcpt_tos) >= MAX_RECIPIENTS:
            return "452 4.5.3 Too many recipients"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or envelope.content
        if isinstance(raw, str):
            raw = raw.encode("utf-8", errors="replace")
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self.pool, handle, raw, list(envelope.rcpt_tos), envelope.mail_from)
        except inbound.TooLarge:
            return "552 5.3.4 Message too big"
        except Exception:  # noqa: BLE001 - the site's fault: the sending server tries again later
            log.exception("mail-in: a mail from %r could not be handled", envelope.mail_from)
            return "451 4.3.0 Try again later"
        return "250 2.0.0 Read: the answer is on its way"


def server(host: str | None = None, port: int | None = None) -> Controller:
    """The SMTP server on host:port (default: the settings'), not started."""
    return Controller(Handler(), hostname=host or settings.TRESHAM_MAILIN_HOST,
                      port=port or settings.TRESHAM_MAILIN_PORT,
                      data_size_limit=settings.TRESHAM_MAILIN_MAX_BYTES, ready_timeout=10,
                      server_hostname=settings.TRESHAM_MAILIN_DOMAIN or None)
