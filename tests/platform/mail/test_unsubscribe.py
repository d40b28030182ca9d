"""Every game mail's one-click unsubscribe (no login; RFC 8058's POST) and the preferences
page (SITE-EMAIL)."""
from __future__ import annotations

import re

from django.db import transaction
from django.test import Client

from tresham.platform.mail import outbox, preferences, sender, unsubscribe
from tresham.platform.mail.models import Outbox


def _mail(user, key="turn:1:1:1"):
    with transaction.atomic():
        return outbox.enqueue(user, "turn", "[Tresham] Crete: your turn", "Move.\n", key)


def _path(link: str) -> str:
    return link.removeprefix("https://tresham.example.org")


def test_the_link_of_a_mail_unsubscribes_without_login_and_a_mail_program_can_post_it(smtp, person):
    alice = person("alice")
    _mail(alice)
    sender.drain()
    (got,) = smtp.received
    header = got["List-Unsubscribe"].strip().strip("<>")
    in_body = re.search(r"Stop all game mails \(one click, no login\): (\S+)", got.text).group(1)
    assert header == in_body
    browser = Client(enforce_csrf_checks=True)
    # opening the link (a mail scanner prefetching it too) changes nothing: it shows the button
    page = browser.get(_path(header))
    assert page.status_code == 200 and "Stop all game mails" in page.content.decode()
    assert preferences.delivery_of(alice) == "immediate"
    # RFC 8058: the mail program posts "List-Unsubscribe=One-Click" to the address, no cookie, no token
    r = Client(enforce_csrf_checks=True).post(_path(header), "List-Unsubscribe=One-Click",
                                              content_type="application/x-www-form-urlencoded")
    assert r.status_code == 200 and "Saved: <strong>No game mails</strong>" in r.content.decode()
    assert preferences.delivery_of(alice) == "none"
    pref = alice.mail_preference
    pref.refresh_from_db()
    assert pref.changed_by == "link"
    # no game mail any more; a mail about the account itself still comes
    row = _mail(alice, key="turn:1:2:1")
    assert row.status == "skipped"
    outbox.enqueue_service(alice.email, "[Tresham] Choose a new password", "link\n")
    assert sender.drain() == 1
    assert smtp.received[-1]["Subject"] == "[Tresham] Choose a new password"
    assert smtp.received[-1]["List-Unsubscribe"] is None and "Stop all game mails" not in smtp.received[-1].text
    # the page offers the way back
    r = browser.post(_path(header), {"delivery": "immediate"})
    assert r.status_code == 200 and preferences.delivery_of(alice) == "immediate"


def test_a_mail_waiting_when_its_recipient_unsubscribes_is_not_sent(smtp, person):
    alice = person("alice")
    row = _mail(alice)
    r = Client().post(_path(unsubscribe.link(alice)))
    assert r.status_code == 200
    assert sender.drain() == 0 and smtp.received == []
    row.refresh_from_db()
    assert (row.status, row.last_error) == ("skipped", "the recipient takes no game mails")


def test_the_link_can_ask_for_the_digest_instead(person):
    alice = person("alice")
    r = Client().post(_path(unsubscribe.link(alice)), {"delivery": "digest"})
    assert r.status_code == 200 and preferences.delivery_of(alice) == "digest"
    r = Client().post(_path(unsubscribe.link(alice)), {"delivery": "weekly"})
    assert r.status_code == 400 and "Choose one of" in r.content.decode()
    assert preferences.delivery_of(alice) == "digest"


def test_a_tampered_or_foreign_token_is_refused_and_changes_nothing(person):
    alice, bob = person("alice"), person("bob")
    token = unsubscribe.token_for(alice)
    pk, sig = token.split(":")
    forged = [f"{bob.pk}:{sig}", f"{pk}:{sig[:-2]}xx", pk, "nonsense", f"{pk}:",
              "x" * 300, unsubscribe.token_for(alice).replace(":", "-")]
    from django.core import signing

    forged.append(signing.Signer(salt="another.purpose").sign(str(bob.pk)))  # a signature made for something else
    for t in forged:
        for method in ("get", "post"):
            r = getattr(Client(), method)(f"/mail/unsubscribe/{t}/")
            assert r.status_code == 400, (t, method)
            assert "This unsubscribe link is not valid" in r.content.decode()
    assert preferences.delivery_of(alice) == preferences.delivery_of(bob) == "immediate"
    assert Client().get(f"/mail/unsubscribe/{token}/").status_code == 200
    alice.is_active = False
    alice.save()
    assert Client().post(f"/mail/unsubscribe/{token}/").status_code == 400


def test_the_preferences_page(person, client_for):
    alice = person("alice")
    r = Client().get("/mail/preferences/")
    assert r.status_code == 302 and r["Location"].startswith("/accounts/login/")
    c = client_for(alice)
    page = c.get("/mail/preferences/").content.decode()
    for value, label in (("immediate", "Each mail as it happens"), ("digest", "One digest a day"),
                         ("none", "No game mails")):
        m = re.search(rf'<label for="(id_delivery_\d)"><input type="radio" name="delivery" value="{value}"', page)
        assert m and label in page
    assert "alice@example.org" in page and 'value="immediate"' in page and "checked" in page
    r = c.post("/mail/preferences/", {"delivery": "digest"})
    assert r.status_code == 302 and preferences.delivery_of(alice) == "digest"
    assert "Now: <strong>One digest a day</strong>" in c.get("/mail/preferences/").content.decode()
    r = c.post("/mail/preferences/", {"delivery": "hourly"})  # bad input: 400 with the form's error
    assert r.status_code == 400 and "Select a valid choice" in r.content.decode()
    r = c.post("/mail/preferences/", {})
    assert r.status_code == 400 and "This field is required" in r.content.decode()
    assert preferences.delivery_of(alice) == "digest"
    assert c.put("/mail/preferences/").status_code == 405
    assert Outbox.objects.count() == 0
