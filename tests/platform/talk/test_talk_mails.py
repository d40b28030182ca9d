"""A member away from the site gets his conversations' messages batched in his next mail,
never one mail per message (SITE-CHAT-02), as a real SMTP server on the loopback receives them."""
from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings
from django.utils import timezone

from tresham.platform.mail import sender
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services

from ..mail.conftest import drain_later, smtp, smtp_server  # noqa: F401  (the loopback SMTP server)

pytestmark = pytest.mark.django_db


def later(seconds: float) -> dt.datetime:
    return timezone.now() + dt.timedelta(seconds=seconds)


def talk_mails(smtp, user) -> list:
    return [m for m in smtp.to(user.email) if "unread message" in m["Subject"]]


@pytest.mark.site("SITE-CHAT-02")
def test_messages_to_a_member_away_come_batched_never_one_mail_per_message(smtp, talk):
    t = talk
    Outbox.objects.all().delete()
    conv = t.start(t.alice, [1], "One: shall we split the east?")
    t.write(t.alice, conv["id"], "Two: I keep Crete")
    t.write(t.alice, conv["id"], "Three: answer soon")
    assert sender.drain() == 0 and talk_mails(smtp, t.bob) == []
    sender.drain(now=later(settings.TRESHAM_TALK_MAIL_DELAY + 1))
    (got,) = talk_mails(smtp, t.bob)
    assert got["Subject"] == "[Tresham] 3 unread messages in your conversations"
    for text in ("One: shall we split the east?", "Two: I keep Crete", "Three: answer soon"):
        assert text in got.text
    assert f"/games/{t.game.pk}/talk/{conv['id']}/" in got.text and "Seat 1 (Alice)" in got.text
    for other in (t.alice, t.carol, t.dave, t.erin):
        assert talk_mails(smtp, other) == [] and not [m for m in smtp.to(other.email) if "Crete" in m.text]
    # another message: not before an hour has passed since that mail, then one more
    t.write(t.alice, conv["id"], "Four: well?")
    sender.drain(now=later(settings.TRESHAM_TALK_MAIL_DELAY + 2))
    assert len(talk_mails(smtp, t.bob)) == 1
    sender.drain(now=later(settings.TRESHAM_TALK_MAIL_DELAY + settings.TRESHAM_TALK_MAIL_EVERY + 5))
    mails = talk_mails(smtp, t.bob)
    assert len(mails) == 2 and "Four: well?" in mails[1].text and "Three" not in mails[1].text


@pytest.mark.site("SITE-CHAT-02")
def test_a_member_who_has_read_them_gets_no_mail(smtp, talk):
    t = talk
    conv = t.start(t.alice, [1, 2], "For both of you")
    t.c(t.bob).get(t.url(conv["id"]))  # bob reads it on the site
    sender.drain(now=later(settings.TRESHAM_TALK_MAIL_DELAY + 1))
    assert talk_mails(smtp, t.bob) == []
    (got,) = talk_mails(smtp, t.carol)  # carol did not
    assert "For both of you" in got.text


def _pickers(t):
    rules = services.rules_of(t.game)
    order = rules.pick_order(rules.loads(t.game.state))
    users = {0: t.alice, 1: t.bob, 2: t.carol, 3: t.dave}
    return rules, order, users


def _pick(t, seat: int, user) -> None:
    rules = services.rules_of(t.game)
    t.game.refresh_from_db()
    state = rules.loads(t.game.state)
    (d,) = [d for d in rules.pending(state) if d.player == seat and d.kind == "pick"]
    nation, areas = next(iter(d.options["nations"].items()))
    services.submit(t.game.pk, {"type": "pick", "nation": nation, "area": areas[0]}, seat=seat, account=user)


@pytest.mark.site("SITE-CHAT-02")
def test_the_messages_ride_in_the_next_turn_mail(smtp, talk):
    t = talk
    rules, order, users = _pickers(t)
    first, second = order[0], order[1]
    Outbox.objects.all().delete()
    writer = next(s for s in range(4) if s not in (first, second))
    conv = t.start(users[writer], [second], "Pick Egypt and I stay out of your way")
    _pick(t, first, users[first])  # the second picker's turn begins
    drain_later()
    (got,) = [m for m in smtp.to(users[second].email) if "your turn" in m["Subject"]]
    assert "Pick Egypt and I stay out of your way" in got.text and "Messages of your conversations" in got.text
    sender.drain(now=later(settings.TRESHAM_TALK_MAIL_DELAY + 1))
    assert talk_mails(smtp, users[second]) == []  # carried already: no mail of its own
    assert not [m for m in smtp.to(users[first].email) if "Egypt and I" in m.text]


@pytest.mark.site("SITE-CHAT-02", "SITE-NOTIFY-01")
def test_a_turn_mail_not_sent_gives_its_messages_to_the_next_mail(smtp, talk):
    t = talk
    rules, order, users = _pickers(t)
    first, second = order[0], order[1]
    writer = next(s for s in range(4) if s not in (first, second))
    t.start(users[writer], [second], "Egypt is yours")
    _pick(t, first, users[first])
    _pick(t, second, users[second])  # at the table: he picks at once, his turn mail is not sent
    sender.drain(now=later(settings.TRESHAM_TALK_MAIL_DELAY + 1))
    assert [m for m in smtp.to(users[second].email) if "your turn" in m["Subject"]] == []
    (got,) = talk_mails(smtp, users[second])
    assert "Egypt is yours" in got.text
