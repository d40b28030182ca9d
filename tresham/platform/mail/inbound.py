"""A mail coming in (SITE-MAILIN-02, -03): read with Python's ``email`` package, its reply
address found, its commands taken from the top of its text, and handed to :mod:`.replies`.

- **Where it was sent**: the envelope's recipients (SMTP's RCPT TO; ``--to`` of ``tresham
  mail-in --stdin``), else the headers a delivering server leaves (``Delivered-To``,
  ``X-Original-To``, ``Envelope-To``), else ``To`` and ``Cc``: the first reply address of the
  site's domain (:func:`.replies.secret_in`).
- **The commands**: the text part (``text/plain``; else the HTML part's text), from its first
  line that is not empty to the first empty line, quoted line (``>``), signature separator
  (``-- ``), the mail program's "On ... wrote:" / "-----Original Message-----" / "From:" head
  of the quoted mail, or "Sent from my ...": the rest is not read.
- **Mail no one should answer**: an automatic reply (``Auto-Submitted`` other than ``no``, an
  ``X-Autoreply``/``X-Autorespond`` header, ``Precedence: bulk/junk/list/auto_reply``), a
  bounce (an empty envelope sender) and mail from the site's own domains are read and changed
  nothing, and get no answer (RFC 3834): no loop between the site and an "out of office".
"""
from __future__ import annotations

import email
import email.policy
import html
import logging
import re
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

from django.conf import settings

from . import replies

log = logging.getLogger(__name__)

#: A line that ends the commands: what mail programs put before the quoted mail.
QUOTE_HEAD = re.compile(r"^(on\b.*\bwrote:?$|le\b.*\ba écrit\s*:?$|am\b.*\bschrieb\b.*:?$|-{2,}\s*original message\s*-{2,}"
                        r"|-{2,}\s*forwarded message|_{5,}$|(from|sent|de|von|envoyé)\s*:\s|sent from my\b)", re.I)


class TooLarge(ValueError):
    """A mail over ``TRESHAM_MAILIN_MAX_BYTES``."""


@dataclass
class Incoming:
    """What the site reads of a mail."""

    secret: str | None
    commands: list[str]
    sender: str
    automatic: bool
    subject: str = ""
    recipients: list[str] = field(default_factory=list)


def text_of(msg: EmailMessage) -> str:
    """The mail's text: its text/plain part, else its HTML part's text, else ""."""
    part = msg.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        content = part.get_content()
    except (LookupError, ValueError):  # an unknown charset, a broken encoding
        payload = part.get_payload(decode=True) or b""
        content = payload.decode("utf-8", errors="replace")
    if not isinstance(content, str):
        return ""
    if part.get_content_subtype() == "html":
        content = re.sub(r"(?is)<(script|style|blockquote).*?</\1>", "\n\n", content)
        content = re.sub(r"(?i)<br\s*/?>|</(p|div|li|tr)>", "\n", content)
        content = html.unescape(re.sub(r"<[^>]+>", "", content))
    return content.replace("\r\n", "\n").replace("\r", "\n")


def commands_of(text: str) -> list[str]:
    """The commands on the first lines of ``text`` (the module's text); at most one more than
    ``TRESHAM_MAILIN_MAX_COMMANDS`` (so that the answer can say the rest was not read)."""
    out: list[str] = []
    for raw in text.split("\n"):
        line = raw.strip().replace("\u00a0", " ")
        if not line:
            if out:
                break
            continue
        if line.startswith(">") or raw.rstrip("\n") in ("-- ", "--") or QUOTE_HEAD.match(line):
            break
        out.append(" ".join(line.split()))
        if len(out) > settings.TRESHAM_MAILIN_MAX_COMMANDS:
            break
    return out


def automatic(msg: EmailMessage, mail_from: str | None) -> bool:
    """Whether no one should answer ``msg`` (RFC 3834: an automatic reply, a bounce, a list)."""
    if mail_from is not None and mail_from.strip() in ("", "<>"):
        return True
    auto = str(msg.get("Auto-Submitted", "no")).strip().lower()
    if auto and auto != "no":
        return True
    if msg.get("X-Autoreply") or msg.get("X-Autorespond") or msg.get("X-Auto-Response-Suppress"):
        return True
    if str(msg.get("Precedence", "")).strip().lower() in ("bulk", "junk", "list", "auto_reply"):
        return True
    sender = (mail_from or parseaddr(str(msg.get("From", "")))[1]).lower()
    ours = {settings.TRESHAM_MAILIN_DOMAIN, settings.TRESHAM_MAIL_DOMAIN} - {""}
    return sender.rpartition("@")[2] in ours


def read(raw: bytes, recipients: list[str] | None = None, mail_from: str | None = None) -> Incoming:
    """What the site reads of the mail ``raw``; TooLarge beyond the limit."""
    if len(raw) > settings.TRESHAM_MAILIN_MAX_BYTES:
        raise TooLarge(f"the mail has {len(raw)} bytes, more than the {settings.TRESHAM_MAILIN_MAX_BYTES} read")
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    heard = list(recipients or [])
    if not heard:
        for header in ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc"):
            heard += [a for _, a in getaddresses([str(v) for v in msg.get_all(header, [])])]
    secret = next((s for s in (replies.secret_in(a) for a in heard) if s), None)
    sender = mail_from if mail_from not in (None, "") else (
        parseaddr(str(msg.get("Return-Path", "")))[1] or parseaddr(str(msg.get("From", "")))[1])
    return Incoming(secret=secret, commands=commands_of(text_of(msg)), sender=sender or "",
                    automatic=automatic(msg, mail_from), subject=" ".join(str(msg.get("Subject", "")).split())[:120],
                    recipients=heard)


def receive(raw: bytes, recipients: list[str] | None = None, mail_from: str | None = None) -> replies.Answer:
    """Handle one incoming mail (the module's text and :func:`.replies.carry_out`): gives the
    answer, whose mail is in the outbox and sent at once when a mail server is configured."""
    from . import sender as send  # the sender draws the answers' reply addresses (replies): imported late

    mail = read(raw, recipients, mail_from)
    if mail.automatic:
        log.info("mail-in: an automatic mail from %r, not answered", mail.sender)
        return replies.Answer(["An automatic mail: not read, not answered."])
    if mail.secret is None:
        why = "This mail was not sent to a reply address of the site: nothing was changed."
        row = replies.unknown(mail.sender, why)
        answer = replies.Answer([why], rows=[row] if row is not None else [])
    else:
        answer = replies.carry_out(mail.secret, mail.commands, subject=mail.subject)
        if not answer.rows:  # an unknown secret: the one line goes where the mail came from
            row = replies.unknown(mail.sender, answer.lines[0])
            answer.rows = [row] if row is not None else []
    send.deliver([r.pk for r in answer.rows])
    return answer
