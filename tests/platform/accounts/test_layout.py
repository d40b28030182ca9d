"""The site's layout (base.html): the top bar, accessible forms, the donation link."""
from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db

PAGES = ["/accounts/register/", "/accounts/login/", "/accounts/password-reset/", "/accounts/conduct/"]
USER_PAGES = ["/accounts/me/", "/accounts/me/email/", "/accounts/password/", "/accounts/friends/",
              "/accounts/report/"]


def _nav(html: str) -> str:
    return html[html.index('<nav aria-label="Site">'):html.index("</nav>")]


def test_the_top_bar_for_a_visitor_and_for_a_player(make_user, client_for):
    nav = _nav(Client().get("/accounts/login/").content.decode())
    for link in ('href="/lobby/">Game List', 'href="/help/">Help', 'href="/accounts/login/">Log in'):
        assert link in nav
    assert "Friends" not in nav and "Log out" not in nav and "Rankings" not in nav  # no page yet: no link
    alice = make_user("alice")
    alice.profile.display_name = "Boudicca"
    alice.profile.save()
    nav = _nav(client_for(alice).get("/accounts/friends/").content.decode())
    assert 'href="/accounts/friends/" aria-current="page">Friends' in nav and ">Boudicca</a>" in nav
    assert 'action="/accounts/logout/"' in nav and "Log out" in nav and "Log in" not in nav


@pytest.mark.parametrize("path", PAGES + USER_PAGES)
def test_every_form_control_has_a_label(path, make_user, client_for):
    c = client_for(make_user("alice")) if path in USER_PAGES else Client()
    r = c.get(path)
    assert r.status_code == 200
    html = r.content.decode()
    controls = re.findall(r"<(?:input|select|textarea)\b[^>]*>", html)
    visible = [t for t in controls if 'type="hidden"' not in t and 'type="submit"' not in t]
    for tag in visible:
        m = re.search(r'id="([^"]+)"', tag)
        assert m and f'for="{m.group(1)}"' in html, tag


@pytest.mark.site("SITE-ACCT-06")
def test_a_donation_link_is_shown_when_the_operator_sets_one():
    """The donation link of the layout comes from the settings; nothing about a donation is
    ever recorded, so it cannot reach the rankings (the manual's "doubles your score" is a
    joke, SITE-ACCT-06)."""
    assert "Donate" not in Client().get("/accounts/conduct/").content.decode()
    with override_settings(DONATION_URL="https://donate.example.org/tresham"):
        html = Client().get("/accounts/conduct/").content.decode()
    assert '<a href="https://donate.example.org/tresham" rel="noopener noreferrer">Donate' in html
    assert "change nothing in the game or the rankings" in html
    from django.apps import apps

    fields = {f.name.lower() for m in apps.get_models() for f in m._meta.get_fields()}
    assert not any("donat" in f for f in fields)
