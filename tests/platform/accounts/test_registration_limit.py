"""At most 5 accounts (``RATE_LIMITS["registrations"]``, ``TRESHAM_REGISTRATIONS_PER_DAY``)
opened from one address in any 24 hours, through the register page and the API together;
beyond it 429 with Retry-After, a clear message and nothing created (SITE-SAFE-09; the limits'
shared behaviour: tests/platform/test_rate_limits.py). Addresses are counted by their keyed
hash only."""
from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client, override_settings

from tresham.platform.accounts.logins import address_hash
from tresham.platform.accounts.models import Registration, RegistrationAddress

from .helpers import send

pytestmark = pytest.mark.site("SITE-SAFE-09")

User = get_user_model()
PW = "sunny-river-42"


def _fields(name: str) -> dict:
    return {"username": name, "email": f"{name}@example.org", "password1": PW, "password2": PW, "time_zone": "UTC"}


def page(name: str, address: str, **extra):
    return Client().post("/accounts/register/", _fields(name), REMOTE_ADDR=address, **extra)


def api(name: str, address: str):
    return send(Client(), "post", "/api/accounts/register", _fields(name), REMOTE_ADDR=address)


@pytest.mark.django_db
def test_the_sixth_account_from_one_address_in_a_day_is_refused_on_the_page():
    for i in range(5):
        r = page(f"page{i}", "203.0.113.7")
        assert r.status_code == 302, r.content
    r = page("page5", "203.0.113.7")
    assert r.status_code == 429
    html = r.content.decode()
    assert "5 accounts were opened from your address in the last 24 hours" in html and "try again in 24 hours" in html
    assert 'value="page5"' in html  # the form keeps what was typed
    assert not User.objects.filter(username="page5").exists() and User.objects.count() == 5
    assert Registration.objects.count() == 5
    # another address is not held back
    assert page("elsewhere", "198.51.100.2").status_code == 302


@pytest.mark.django_db
def test_the_api_refuses_the_sixth_with_429_and_the_sites_json_error():
    for i in range(5):
        assert api(f"api{i}", "2001:db8::5").status_code == 201
    r = api("api5", "2001:db8::5")
    assert r.status_code == 429
    body = r.json()
    assert body["error"] == "rate_limited" and "5 accounts were opened from your address" in body["message"]
    assert not User.objects.filter(username="api5").exists()
    c = Client()
    assert c.get("/api/accounts/me").status_code == 401  # nobody was logged in


@pytest.mark.django_db
def test_the_page_and_the_api_share_the_count_and_it_frees_up_after_24_hours():
    for i in range(3):
        assert page(f"p{i}", "192.0.2.1").status_code == 302
    for i in range(2):
        assert api(f"a{i}", "192.0.2.1").status_code == 201
    assert page("p9", "192.0.2.1").status_code == 429 and api("a9", "192.0.2.1").status_code == 429
    # the first one was opened a day and a minute ago: one place is free again
    first = Registration.objects.order_by("at", "pk").first()
    Registration.objects.filter(pk=first.pk).update(at=first.at - dt.timedelta(days=1, minutes=1))
    assert api("a9", "192.0.2.1").status_code == 201
    assert api("a10", "192.0.2.1").status_code == 429


@pytest.mark.django_db
def test_an_address_over_the_limit_is_told_so_before_its_form_and_bad_forms_do_not_count():
    for i in range(5):
        bad = {**_fields(f"bad{i}"), "password2": "another-river-1"}
        r = Client().post("/accounts/register/", bad, REMOTE_ADDR="192.0.2.9")
        assert r.status_code == 200 and "password" in r.content.decode()  # a form error, not counted
    for i in range(5):
        assert page(f"ok{i}", "192.0.2.9").status_code == 302
    r = Client().post("/accounts/register/", {"username": ""}, REMOTE_ADDR="192.0.2.9")
    assert r.status_code == 429 and "try again in 24 hours" in r.content.decode()
    r = send(Client(), "post", "/api/accounts/register", {**_fields("x"), "password2": "nope-nope-1"},
             REMOTE_ADDR="192.0.2.9")
    assert r.status_code == 429 and r.json()["error"] == "rate_limited"


@pytest.mark.django_db
def test_the_limit_is_a_setting_and_zero_lifts_it():
    with override_settings(RATE_LIMITS={**settings.RATE_LIMITS, "registrations": (2, 86400)}):
        assert api("s1", "192.0.2.50").status_code == 201 and api("s2", "192.0.2.50").status_code == 201
        r = api("s3", "192.0.2.50")
        assert r.status_code == 429 and "2 accounts were opened" in r.json()["message"]
    with override_settings(RATE_LIMITS={**settings.RATE_LIMITS, "registrations": (0, 86400)}):
        for i in range(7):
            assert api(f"free{i}", "192.0.2.51").status_code == 201


@pytest.mark.django_db
def test_addresses_are_counted_by_their_keyed_hash_only():
    assert page("hashed", "203.0.113.99").status_code == 302
    row = Registration.objects.select_related("address", "user").get()
    assert row.user.username == "hashed" and row.address.address_hash == address_hash("203.0.113.99")
    stored = [str(v) for r in RegistrationAddress.objects.values() for v in r.values()]
    stored += [str(v) for r in Registration.objects.values() for v in r.values()]
    assert not any("203.0.113" in v for v in stored)
    # the account may go; its registration still counts for the address
    row.user.delete()
    assert Registration.objects.get().user is None


@pytest.mark.django_db(transaction=True)
def test_simultaneous_registrations_from_one_address_keep_to_the_limit():
    n = 6
    barrier = threading.Barrier(n)
    codes: list[int | None] = [None] * n

    def run(i: int) -> None:
        try:
            barrier.wait()
            codes[i] = api(f"rush{i}", "192.0.2.77").status_code
        finally:
            connection.close()

    with override_settings(RATE_LIMITS={**settings.RATE_LIMITS, "registrations": (3, 86400)}):
        threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert sorted(codes) == [201, 201, 201, 429, 429, 429]
    assert User.objects.filter(username__startswith="rush").count() == 3 == Registration.objects.count()
    assert RegistrationAddress.objects.count() == 1
