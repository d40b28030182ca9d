"""Mail that respects attention, as a real SMTP server on the loopback receives it: one "your
turn" mail per decision that needs the player, none for one he answers at the table or that
his standing order answers, decisions opening together in one mail (SITE-NOTIFY-01);
reminders before his deadline at the times he chooses, only while he owes the decision
(SITE-NOTIFY-02); every mail, digest or muted, game by game, and the daily digest
(SITE-NOTIFY-03). The game is a tiny one registered as a third game would be (``errands``):
its decisions open as the test needs them."""
from __future__ import annotations

import datetime as dt

import pytest
from django.conf import settings as site_settings
from django.utils import timezone

from tresham.platform.clock.models import Due
from tresham.platform.lobby import services as lobby
from tresham.platform.mail import attention, preferences, reminders, sender
from tresham.platform.mail.models import Outbox, Reminder
from tresham.platform.play import services
from tresham.platform.play.models import Game

from ..conftest import post_json
from .conftest import drain_later

pytestmark = pytest.mark.django_db
DAY = 24 * 3600


@pytest.fixture
def errands(settings, person):
    """A two-seat game of errands on a one-day clock: ann (seat 0) owes "north"."""
    settings.TRESHAM_GAMES = {"errands": "tests.platform.mail.errands:Errands"}
    ann, bob = person("ann"), person("bob", "Europe/Paris")

    def make(name: str = "Errands", time_limit: int | None = DAY) -> Game:
        game = services.create_game("errands", {"players": 2}, name=name, time_limit=time_limit)
        lobby.join(game.pk, ann, index=0)
        lobby.join(game.pk, bob, index=1)
        game.refresh_from_db()
        Outbox.objects.filter(kind__in=["joined", "filled"]).delete()  # the lobby's: not these tests'
        reminders.open_pending()  # the worker's pass after the deal: the first deadline's reminders
        return game

    return make(), ann, bob, make


def do(game: Game, user, seat: int, order: dict) -> None:
    services.submit(game.pk, {**order, "player": seat}, seat=seat, account=user)


def turn_mails(smtp, user) -> list:
    return [m for m in smtp.to(user.email) if "your turn" in m["Subject"]]


def later(seconds: float) -> dt.datetime:
    return timezone.now() + dt.timedelta(seconds=seconds)


# ---- SITE-NOTIFY-01 ----------------------------------------------------------------------------------
@pytest.mark.site("SITE-NOTIFY-01")
def test_a_player_who_answers_at_the_table_gets_no_mail_and_decisions_opening_together_share_one(smtp, errands):
    game, ann, bob, _ = errands
    attention.open_notices()  # the worker's pass: the deal noted north, the pass writes its mail
    (ann_row,) = Outbox.objects.filter(user=ann, kind="turn")
    do(game, ann, 0, {"type": "do", "errand": "north"})  # ann was at the table
    assert sender.drain() == 0  # nothing goes before the wait is over
    drain_later()
    assert turn_mails(smtp, ann) == []  # she gave it before the mail was due
    ann_row.refresh_from_db()
    assert ann_row.status == Outbox.Status.SKIPPED and "given before the mail was due" in ann_row.last_error
    # east and west opened together for bob: one mail with both
    (got,) = turn_mails(smtp, bob)
    assert got["Subject"] == "[Tresham] Errands: your turn (Errands)"
    assert "- Do the east errand" in got.text and "- Do the west errand" in got.text
    assert Outbox.objects.filter(user=bob, kind="turn").count() == 1


@pytest.mark.site("SITE-NOTIFY-01")
def test_a_decision_opening_within_the_wait_joins_the_mail_not_yet_sent(smtp, errands):
    game, ann, bob, _ = errands
    do(game, ann, 0, {"type": "do", "errand": "north"})  # east and west open for bob
    do(game, bob, 1, {"type": "do", "errand": "east"})  # he answers one at the table ...
    do(game, bob, 1, {"type": "out"})  # ... steps out: the game no longer waits on west
    do(game, bob, 1, {"type": "in"})  # ... and back: west is owed again, the same decision
    drain_later()
    (got,) = turn_mails(smtp, bob)  # still owed (west): one mail, written once
    assert "- Do the west errand" in got.text
    assert Outbox.objects.filter(user=bob, kind="turn").count() == 1


@pytest.mark.site("SITE-NOTIFY-01")
def test_a_mail_goes_only_once_a_decision_has_waited_the_whole_wait(smtp, errands):
    """Bob answers east and west at once; a favour asked of him joins his mail five minutes
    later: when the mail's wait is over the favour has not waited its own, so the mail waits
    on; it goes once the favour has been owed the whole wait."""
    from django.db.models import F

    from tresham.platform.mail.models import TurnNotice

    game, ann, bob, _ = errands
    do(game, ann, 0, {"type": "do", "errand": "north"})
    do(game, bob, 1, {"type": "do", "errand": "east"})
    do(game, bob, 1, {"type": "do", "errand": "west"})
    do(game, ann, 0, {"type": "ask"})
    attention.open_notices()  # the worker's pass
    (row,) = Outbox.objects.filter(user=bob, kind="turn")
    assert [k.split("|")[2] for _, k in row.decisions] == ["east", "west", "favour"]
    TurnNotice.objects.filter(user=bob, decision__contains="|favour|").update(at=F("at") + dt.timedelta(minutes=5))
    wait = site_settings.TRESHAM_TURN_MAIL_DELAY
    sender.drain(now=later(wait + 1))
    assert turn_mails(smtp, bob) == []
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and row.next_try_at > timezone.now() + dt.timedelta(seconds=wait)
    sender.drain(now=later(wait + 5 * 60 + 1))
    (got,) = turn_mails(smtp, bob)
    assert "- Do the favour errand" in got.text


@pytest.mark.site("SITE-NOTIFY-01")
def test_at_most_one_mail_per_decision_even_when_it_leaves_and_comes_back(smtp, errands):
    game, ann, bob, _ = errands
    drain_later()
    assert len(turn_mails(smtp, ann)) == 1  # north: she was away
    do(game, ann, 0, {"type": "out"})
    do(game, ann, 0, {"type": "in"})  # north is owed again: the same decision
    drain_later()
    assert len(turn_mails(smtp, ann)) == 1
    assert Outbox.objects.filter(user=ann, kind="turn").count() == 1


@pytest.mark.site("SITE-NOTIFY-01", "SITE-NOTIFY-02")
def test_no_mail_and_no_reminder_for_decisions_his_standing_orders_answer(smtp, errands, client_for):
    game, ann, bob, _ = errands
    c = client_for(bob)
    for kind in ("east", "west"):
        r = c.put(f"/api/games/{game.pk}/standing-orders/{kind}", {"spec": {}}, content_type="application/json")
        assert r.status_code == 200, r.content
    do(game, ann, 0, {"type": "do", "errand": "north"})
    assert Due.objects.filter(game=game, seat=1, action=Due.Action.TIMEOUT).count() == 2  # the deadlines run
    assert Reminder.objects.filter(user=bob, which=reminders.PENDING).count() == 2  # noted by the order
    assert reminders.open_pending() == 2  # the worker's pass: none written, his standing orders answer both
    assert not Reminder.objects.filter(user=bob).exists()
    drain_later()
    sender.drain(now=later(DAY - 60))
    assert turn_mails(smtp, bob) == [] and smtp.to(bob.email) == []
    # one of them only: the mail is for the other
    c.delete(f"/api/games/{game.pk}/standing-orders/west")
    game2 = errands[3]("Errands again")
    c.put(f"/api/games/{game2.pk}/standing-orders/east", {"spec": {}}, content_type="application/json")
    do(game2, ann, 0, {"type": "do", "errand": "north"})
    drain_later()
    (got,) = [m for m in turn_mails(smtp, bob) if "Errands again" in m["Subject"]]
    assert "- Do the west errand" in got.text


# ---- SITE-NOTIFY-02 ----------------------------------------------------------------------------------
@pytest.mark.site("SITE-NOTIFY-02")
def test_reminders_come_when_a_fifth_of_the_time_is_left_and_an_hour_before(smtp, errands):
    game, ann, bob, _ = errands
    (due,) = Due.objects.filter(game=game, seat=0, action=Due.Action.TIMEOUT)
    span = due.due_at - due.started_at
    assert span == dt.timedelta(days=1)
    rows = {r.which: r.remind_at for r in Reminder.objects.filter(user=ann)}
    assert rows == {"share": due.due_at - span / 5, "before": due.due_at - dt.timedelta(hours=1)}
    drain_later()
    assert len(smtp.to(ann.email)) == 1  # the turn mail only
    sender.drain(now=due.due_at - span / 5 + dt.timedelta(seconds=1))
    first = [m for m in smtp.to(ann.email) if "deadline is in" in m["Subject"]]
    assert [m["Subject"] for m in first] == ["[Tresham] Errands: your deadline is in 4 hours 48 minutes (Errands)"]
    assert "- Do the north errand" in first[0].text and "the game still waits on you" in first[0].text
    sender.drain(now=due.due_at - dt.timedelta(minutes=59))
    reminders = [m["Subject"] for m in smtp.to(ann.email) if "deadline is in" in m["Subject"]]
    assert reminders[1:] == ["[Tresham] Errands: your deadline is in 59 minutes (Errands)"]
    assert smtp.to(bob.email) == [] and not Reminder.objects.exists()  # each mailed once


@pytest.mark.site("SITE-NOTIFY-02")
def test_no_reminder_once_the_decision_is_given(smtp, errands):
    game, ann, bob, _ = errands
    (due,) = Due.objects.filter(game=game, seat=0, action=Due.Action.TIMEOUT)
    sender.drain(now=due.due_at - (due.due_at - due.started_at) / 5 + dt.timedelta(seconds=1))
    assert len([m for m in smtp.to(ann.email) if "deadline is in" in m["Subject"]]) == 1
    do(game, ann, 0, {"type": "do", "errand": "north"})  # she owes nothing now
    assert not Reminder.objects.filter(user=ann).exists()
    sender.drain(now=due.due_at - dt.timedelta(minutes=30))
    assert len([m for m in smtp.to(ann.email) if "deadline is in" in m["Subject"]]) == 1


@pytest.mark.site("SITE-NOTIFY-02")
def test_a_reminder_due_after_the_decision_was_given_is_not_sent(smtp, errands):
    """The reminder was written to the outbox, then the decision given before the sender took
    it: the sender checks again and sends nothing."""
    game, ann, bob, _ = errands
    (due,) = Due.objects.filter(game=game, seat=0, action=Due.Action.TIMEOUT)
    when = due.due_at - dt.timedelta(minutes=59)
    assert reminders.run(now=when) == 1  # both due by then: the later one written to the outbox
    do(game, ann, 0, {"type": "do", "errand": "north"})
    sender.drain(now=when)
    assert smtp.to(ann.email) == []
    assert set(Outbox.objects.filter(user=ann, kind="reminder").values_list("status", flat=True)) == {"skipped"}


@pytest.mark.site("SITE-NOTIFY-02")
def test_the_player_chooses_when_he_is_reminded(smtp, errands, client_for):
    game, ann, bob, _ = errands
    c = client_for(ann)
    assert c.get("/api/mail/preferences").json()["remind_share"] == 20
    r = c.put("/api/mail/preferences", {"remind_share": 50, "remind_before": 0}, content_type="application/json")
    assert r.status_code == 200 and (r.json()["remind_share"], r.json()["remind_before"]) == (50, 0)
    (due,) = Due.objects.filter(game=game, seat=0, action=Due.Action.TIMEOUT)
    half = due.due_at - (due.due_at - due.started_at) / 2
    assert list(Reminder.objects.filter(user=ann).values_list("which", "remind_at")) == [("share", half)]
    # the page too: none at all
    page = c.post("/mail/preferences/", {"which": "reminders", "remind_share": "0", "remind_before": "0"})
    assert page.status_code == 302 and not Reminder.objects.filter(user=ann).exists()
    sender.drain(now=due.due_at - dt.timedelta(minutes=1))
    assert [m for m in smtp.to(ann.email) if "deadline is in" in m["Subject"]] == []
    bad = c.put("/api/mail/preferences", {"remind_share": 100}, content_type="application/json")
    assert bad.status_code == 422 and preferences.reminders_of(ann).share == 0


@pytest.mark.site("SITE-NOTIFY-02")
def test_a_replacement_is_reminded_and_the_player_who_left_is_not(smtp, errands, person):
    from tresham.platform.accounts import friends
    from tresham.platform.clock import absence

    game, ann, bob, _ = errands
    cal = person("cal")
    friends.send_request(ann, cal)
    friends.accept(cal, ann)
    (due,) = Due.objects.filter(game=game, seat=0, action=Due.Action.TIMEOUT)
    absence.quit_game(game.pk, ann, replacement=cal)
    assert set(Reminder.objects.filter(seat=0).values_list("user", flat=True)) == {cal.pk}
    sender.drain(now=due.due_at - dt.timedelta(minutes=59))
    assert not [m for m in smtp.to(ann.email) if "deadline is in" in m["Subject"]]
    # both of his reminders were due by then (the worker away): the later one alone is sent
    assert [m["Subject"] for m in smtp.to(cal.email) if "deadline is in" in m["Subject"]] == [
        "[Tresham] Errands: your deadline is in 59 minutes (Errands)"]


# ---- SITE-NOTIFY-03 ----------------------------------------------------------------------------------
@pytest.mark.site("SITE-NOTIFY-03")
def test_a_muted_game_mails_nothing_and_the_others_still_do(smtp, errands, client_for):
    game, ann, bob, make = errands
    other = make("Errands two")
    r = client_for(ann).put(f"/api/games/{game.pk}/mail", {"delivery": "muted"}, content_type="application/json")
    assert r.status_code == 200 and r.json() == {"game": game.pk, "name": "Errands", "delivery": "muted",
                                                 "effective": "none"}
    assert Reminder.objects.filter(user=ann, game=other).count() == 2
    drain_later()
    subjects = [m["Subject"] for m in smtp.to(ann.email)]
    assert subjects == ["[Tresham] Errands two: your turn (Errands)"]
    sender.drain(now=later(DAY - 1800))  # both reminders due: the later one alone is mailed
    subjects = [m["Subject"] for m in smtp.to(ann.email)]
    assert len(subjects) == 2 and not [s for s in subjects if s.startswith("[Tresham] Errands:")]
    assert [s for s in subjects if "deadline" in s and "Errands two" in s]


@pytest.mark.site("SITE-NOTIFY-03")
def test_a_game_in_the_digest_waits_for_it_and_one_with_every_mail_comes_at_once(smtp, errands, client_for, settings):
    game, ann, bob, make = errands
    other = make("Errands two")
    c = client_for(ann)
    assert c.put(f"/api/games/{game.pk}/mail", {"delivery": "digest"}, content_type="application/json").json()[
        "effective"] == "digest"
    drain_later()
    assert [m["Subject"] for m in smtp.to(ann.email)] == ["[Tresham] Errands two: your turn (Errands)"]
    assert Outbox.objects.get(user=ann, game=game, kind="turn").status == Outbox.Status.DIGEST
    # the next morning's digest carries it (the decision is still owed)
    tomorrow = (timezone.now() + dt.timedelta(days=1)).replace(hour=site_settings.TRESHAM_MAIL_DIGEST_HOUR,
                                                                 minute=5)
    sender.drain(now=tomorrow)
    digest = [m for m in smtp.to(ann.email) if "daily digest" in m["Subject"]]
    assert len(digest) == 1 and "Errands: your turn" in digest[0].text and "Errands two" not in digest[0].text
    # site-wide digest, but every mail of this one game
    c.post("/mail/preferences/", {"which": "delivery", "delivery": "digest"})
    c.post("/mail/preferences/", {"which": "game", "game": other.pk, "delivery": "every"})
    assert preferences.delivery_for(ann, other) == "immediate" and preferences.delivery_for(ann, game) == "digest"
    # and "no game mails" (the one-click unsubscribe) stops even that one
    preferences.set_delivery(ann, "none")
    assert preferences.delivery_for(ann, other) == "none"


@pytest.mark.site("SITE-NOTIFY-03")
def test_the_site_wide_daily_digest_holds_the_days_mails_of_every_game(smtp, errands):
    game, ann, bob, make = errands
    preferences.set_delivery(ann, "digest")
    other = make("Errands two")
    drain_later()
    assert smtp.to(ann.email) == []
    tomorrow = (timezone.now() + dt.timedelta(days=1)).replace(hour=site_settings.TRESHAM_MAIL_DIGEST_HOUR,
                                                                 minute=5)
    sender.drain(now=tomorrow)
    # one digest; besides it only reminders, which a digest game still sends at once (ATTN-04):
    # whether one is due by tomorrow's digest hour depends on the hour the test runs
    mails = smtp.to(ann.email)
    (digest,) = [m for m in mails if "Your daily digest" in (m["Subject"] or "")]
    assert all("your deadline is in" in (m["Subject"] or "") for m in mails if m is not digest), \
        [m["Subject"] for m in mails]
    assert "Errands: your turn" in digest.text and "Errands two: your turn" in digest.text


@pytest.mark.site("SITE-NOTIFY-03")
def test_the_preferences_page_chooses_each_games_mails(errands, client_for):
    game, ann, bob, _ = errands
    c = client_for(ann)
    html = c.get("/mail/preferences/").content.decode()
    assert f'id="game-{game.pk}"' in html and "In my daily digest" in html and "No mail (muted)" in html
    r = c.post("/mail/preferences/", {"which": "game", "game": game.pk, "delivery": "muted"})
    assert r.status_code == 302 and preferences.game_choice(ann, game) == "muted"
    r = c.post("/mail/preferences/", {"which": "game", "game": game.pk, "delivery": ""})
    assert preferences.game_choice(ann, game) == ""
    outsider = client_for(errands[1].__class__.objects.create_user("zed", "zed@example.org", "pw-long-enough"))
    assert outsider.put(f"/api/games/{game.pk}/mail", {"delivery": "muted"},
                        content_type="application/json").status_code == 403
    assert c.put(f"/api/games/{game.pk}/mail", {"delivery": "loud"},
                 content_type="application/json").status_code == 400


@pytest.mark.site("SITE-NOTIFY-01")
def test_without_a_mail_server_the_same_mails_are_held_and_the_answered_ones_not(errands, settings):
    """No SMTP configured: due mails are kept as held for the administrators, by the same rules."""
    settings.TRESHAM_MAIL_DELIVER = False
    game, ann, bob, _ = errands
    do(game, ann, 0, {"type": "do", "errand": "north"})  # at the table: hers is not held
    drain_later()
    got = dict(Outbox.objects.filter(kind="turn").values_list("user__username", "status"))
    assert got == {"ann": "skipped", "bob": "held"}
