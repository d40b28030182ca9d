"""Every page is served with a strict Content-Security-Policy, and nothing on any page needs
more (SITE-SAFE-08): no inline script (no <script> without src but for JSON data blocks, no
on...= handler, no javascript: address), no inline style (no <style> element, no style=
attribute), nothing from another origin. The site is crawled from its home page, a running
Advanced Civilization game in its trade phase and a Tigris & Euphrates game, as a seated player,
a visitor and an administrator, following every link of every page it reaches (each address
shape once). The browser tests check the same pages in Chromium for violations
(tests/browser/conftest.py)."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest
from django.test import Client

from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

pytestmark = [pytest.mark.django_db, pytest.mark.site("SITE-SAFE-08")]

POLICY = {
    "default-src": ["'self'"], "script-src": ["'self'"], "style-src": ["'self'"], "img-src": ["'self'"],
    "connect-src": ["'self'"], "object-src": ["'none'"], "base-uri": ["'self'"], "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
#: pages a crawl may reach at most (each address shape once)
MAX_PAGES = 120


def policy_of(response) -> dict[str, list[str]]:
    header = response.headers.get("Content-Security-Policy")
    assert header, f"{response.request['PATH_INFO']}: no Content-Security-Policy"
    out = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


class Inline(HTMLParser):
    """What a page holds that the policy forbids, and the site's links it has."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.links: list[str] = []
        self._script_open = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>: an inline event handler")
            if name == "style":
                self.problems.append(f"<{tag} style={value!r}>: an inline style")
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith(
                    "javascript:"):
                self.problems.append(f"<{tag} {name}={value!r}>: a javascript: address")
        if tag == "script":
            if not a.get("src") and a.get("type") != "application/json":
                self.problems.append("<script> without src: an inline script")
            if a.get("src") and not a["src"].startswith("/"):
                self.problems.append(f"<script src={a['src']!r}>: not the site's own")
        if tag == "style":
            self.problems.append("<style>: an inline style sheet")
        if tag == "link" and a.get("rel") == "stylesheet" and not (a.get("href") or "").startswith("/"):
            self.problems.append(f"<link href={a.get('href')!r}>: a style sheet not the site's own")
        if tag in ("img", "image", "iframe", "embed", "object") and (a.get("src") or a.get("href") or "/").startswith(
                ("http:", "https:", "//", "data:")):
            self.problems.append(f"<{tag}>: from another origin")
        if tag == "a" and (a.get("href") or "").startswith("/"):
            self.links.append(a["href"])


def shape(url: str) -> str:
    """An address with its numbers and query values left out (but a game's own: each game is
    of its own kind): one page of each kind."""
    parts = urlsplit(url)
    query = "&".join(sorted(q.split("=")[0] + ("=" + q.split("=", 1)[1] if q.startswith(("game=", "kind=")) else "")
                            for q in parts.query.split("&") if q))
    game = re.match(r"/(lobby/)?games/\d+/", parts.path)
    path = game.group(0) + re.sub(r"\d+", "N", parts.path[game.end():]) if game else re.sub(r"\d+", "N", parts.path)
    return path + ("?" + query if query else "")


def crawl(client: Client, starts: list[str], skip=("/static/", "/api/", "/admin/logout", "/mail/")) -> dict:
    """{address: problems} of every page reached from ``starts``."""
    seen_shapes, queue, found = set(), list(starts), {}
    while queue and len(found) < MAX_PAGES:
        url = queue.pop(0)
        if shape(url) in seen_shapes or url.startswith(skip) or url.endswith((".json", ".svg", "/live")):
            continue
        seen_shapes.add(shape(url))
        r = client.get(url)
        if r.status_code in (301, 302, 303):
            queue.append(r["Location"])
            continue
        if "text/html" not in r.get("Content-Type", ""):
            continue
        policy = policy_of(r)
        problems = [f"policy {k}: {policy.get(k)} instead of {v}" for k, v in POLICY.items() if policy.get(k) != v]
        page = Inline()
        page.feed(r.content.decode())
        found[url] = problems + page.problems
        queue += page.links
    return found


def _report(found: dict) -> str:
    return "\n".join(f"{url}: {p}" for url, ps in found.items() for p in ps)


def _tigris(alice, bob):
    game = services.create_game("tigris", {"players": 2}, name="Two rivers", creator=alice, seed="csp-tigris")
    lobby.join(game.pk, alice)
    lobby.join(game.pk, bob)
    return game


def test_every_page_a_player_and_a_visitor_reach_keeps_to_the_policy(trading, client_for, make_user):
    t = trading
    tigris = _tigris(t.alice, t.bob)
    starts = ["/", "/lobby/", "/lobby/open/", "/lobby/completed/", "/lobby/new/", "/lobby/new/?kind=tigris",
              "/help/", "/rankings/", "/accounts/me/", "/accounts/friends/", "/accounts/report/",
              "/accounts/password/", "/accounts/me/email/", f"/games/{t.game.pk}/", f"/games/{tigris.pk}/",
              f"/lobby/games/{t.game.pk}/", f"/games/{t.game.pk}/replay/", f"/games/{tigris.pk}/replay/"]
    player = crawl(client_for(t.alice), starts)
    visitor = crawl(Client(), ["/", "/accounts/login/", "/accounts/register/", "/accounts/password-reset/",
                               f"/games/{t.game.pk}/", f"/games/{tigris.pk}/", "/help/"])
    # the crawl reached the game's own pages
    for page in ("/trade/", "/history/", "/messages/", "/standing-orders/", "/ast/", "/pauses/", "/quit/"):
        assert any(page in url for url in player), f"the crawl never reached a {page} page"
    assert f"/games/{tigris.pk}/replay/" in player and f"/games/{tigris.pk}/standing-orders/" in player
    assert len(player) > 30 and len(visitor) > 15
    problems = _report(player) + _report(visitor)
    assert not problems, problems


def test_no_template_or_static_script_of_the_site_needs_more_than_the_policy():
    """What the crawl may not reach (a finished game's replay, a page's error states): no
    template holds an inline script, handler, style or javascript: address, and no script of
    the site writes a style attribute or evaluates text."""
    from pathlib import Path

    import tresham

    root = Path(tresham.__file__).parent
    problems = []
    for path in sorted(root.rglob("templates/**/*.html")):
        text = path.read_text()
        for pattern, what in [(r"<style", "a <style> element"), (r"\sstyle=", "a style attribute"),
                              (r"\son[a-z]+=", "an event handler attribute"), (r"javascript:", "a javascript: address"),
                              (r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", "an inline script")]:
            for m in re.finditer(pattern, text):
                problems.append(f"{path.relative_to(root)}:{text[:m.start()].count(chr(10)) + 1}: {what}")
    for path in sorted(root.rglob("static/**/*.js")):
        text = path.read_text()
        for pattern, what in [(r"setAttribute\(\s*[\"']style", "a style attribute"), (r"\beval\(|new Function\(",
                                                                                    "text evaluated as script"),
                              (r"\.innerHTML\s*=", "markup written as text")]:
            if re.search(pattern, text):
                problems.append(f"{path.relative_to(root)}: {what}")
    assert len(list(root.rglob("templates/**/*.html"))) > 40
    assert not problems, "\n".join(problems)


def test_the_admin_pages_keep_to_the_policy(trading, make_user, client_for):
    admin = make_user("root", is_staff=True, is_superuser=True)
    found = crawl(client_for(admin), ["/admin/"], skip=("/static/", "/api/", "/admin/logout", "/mail/",
                                                         "/admin/jsi18n"))
    assert len(found) > 20
    assert not _report(found), _report(found)


def test_the_policy_is_in_every_answer_of_the_pages_and_the_api(trading, client_for):
    c = client_for(trading.alice)
    for url in ("/", f"/games/{trading.game.pk}/", "/accounts/login/", "/no-such-page/", "/api/lobby/games",
                f"/games/{trading.game.pk}/board.json"):
        assert policy_of(c.get(url)) == POLICY, url
    # the base map, a document of its own, keeps its own stricter policy (no script at all)
    r = c.get(f"/games/{trading.game.pk}/board.svg")
    assert r.headers["Content-Security-Policy"].startswith("default-src 'none'")
