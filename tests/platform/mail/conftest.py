"""Fixtures of the mail tests: a real SMTP server on the loopback (aiosmtpd) that keeps what it
receives and can be told to refuse, the site's sender pointed at it, and games made through
the lobby and played through the one order path."""
from __future__ import annotations

import datetime as dt
import email
import email.policy
import socket
import threading
from dataclasses import dataclass, field
from email.message import EmailMessage

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings as site_settings
from django.contrib.auth import get_user_model
from django.utils import timezone

from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.mail import sender
from tresham.platform.mail.models import Outbox, TurnNotice
from tresham.platform.play.models import Game
from tests.helpers import bot_order


@dataclass
class Received:
    """One mail the server accepted: the envelope and the parsed message."""

    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage

    @property
    def text(self) -> str:
        """The plain-text body."""
        part = self.message.get_body(preferencelist=("plain",))
        return part.get_content().replace("\r\n", "\n") if part is not None else ""

    def __getitem__(self, header: str) -> str | None:
        return self.message[header]


@dataclass
class Collector:
    """The aiosmtpd handler: keeps every accepted mail. ``data_replies``: answers to give to
    the next DATA commands instead of accepting (e.g. "451 4.3.0 Try again later");
    ``refuse``: addresses refused at RCPT with 550."""

    received: list[Received] = field(default_factory=list)
    data_replies: list[str] = field(default_factory=list)
    refuse: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 5.1.1 No such mailbox here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            if self.data_replies:
                return self.data_replies.pop(0)
            msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
            self.received.append(Received(envelope.mail_from, list(envelope.rcpt_tos), msg))
        return "250 Message accepted for delivery"

    def to(self, address: str) -> list[Received]:
        return [r for r in self.received if address in r.rcpt_tos]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp_server():
    """A real SMTP server on 127.0.0.1 (a free port): gives its :class:`Collector`."""
    handler = Collector()
    controller = Controller(handler, hostname="127.0.0.1", port=_free_port())
    controller.start()
    handler.port = controller.port
    try:
        yield handler
    finally:
        controller.stop()


@pytest.fixture
def smtp(smtp_server, settings):
    """The site's sender configured to the loopback server (Django's SMTP backend, as with
    TRESHAM_SMTP_HOST set): gives the server's :class:`Collector`."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = smtp_server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 10
    settings.TRESHAM_MAIL_DELIVER = True
    settings.DEFAULT_FROM_EMAIL = "Tresham <tresham@games.example.org>"
    settings.TRESHAM_MAIL_DOMAIN = "games.example.org"
    settings.SITE_URL = "https://tresham.example.org"
    return smtp_server


@pytest.fixture
def person(db):
    """person(name, time_zone="UTC") -> a user with that time zone and display name."""
    def make(name: str, time_zone: str = "UTC", **fields):
        user = get_user_model().objects.create_user(name, fields.pop("email", f"{name}@example.org"),
                                                    "pw-long-enough", **fields)
        user.profile.time_zone = time_zone
        user.profile.display_name = name.capitalize()
        user.profile.save()
        return user

    return make


def started_game(users, *, seed: str = "mail-test", name: str = "Mail table", **options) -> Game:
    """A game with ``users`` in seats 0, 1, ... (started: every seat taken). The mails of
    getting there (joins, the first turns) are dropped: each test enqueues its own."""
    game = services.create_game("advciv", {"players": len(users), **options}, name=name, seed=seed)
    for u in users:
        lobby.join(game.pk, u)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    forget_mails()
    return game


def forget_mails() -> None:
    """Drop the mails written so far, and the memory of the decisions they told of (at most
    one mail per decision, SITE-NOTIFY-01): the test's own come next."""
    Outbox.objects.all().delete()
    TurnNotice.objects.all().delete()


def play_until(game: Game, done, limit: int = 3000) -> Game:
    """Play the game's own bot orders for the seat owing a decision, through the one order
    path, until ``done(game, rules, state)``; gives the game."""
    rules = services.rules_of(game)
    users = {s.index: s.user for s in game.seats.select_related("user")}
    for n in range(limit):
        game.refresh_from_db()
        state = rules.loads(game.state)
        if done(game, rules, state):
            forget_mails()  # the turns of getting there; tests enqueue their own
            return game
        d = next(d for d in rules.pending(state) if d.required)
        order = bot_order(rules, state, d.player, f"advance:{n}")
        by_site = rules.is_site_order(order)
        services.submit(game.pk, order, seat=d.player, by_site=by_site,
                        account=None if by_site else users[d.player], reason="bot" if by_site else "")
    raise AssertionError("the game never got where the test needs it")


def placed(game, rules, state) -> bool:
    """Every nation is chosen (initial placement over)."""
    return rules.placement_done(state)


def drain_later(**kwargs) -> int:
    """The sender's pass as the worker runs it once a "your turn" mail's wait is over
    (``TRESHAM_TURN_MAIL_DELAY``, SITE-NOTIFY-01): gives how many mails were sent."""
    later = timezone.now() + dt.timedelta(seconds=site_settings.TRESHAM_TURN_MAIL_DELAY + 1)
    return sender.drain(now=later, **kwargs)
