"""What a game page costs on the wire and after a start, on the real site (``tresham serve``;
issue 28, "Bytes"): the page and the JSON API gzip-encoded when asked, and the same content
decoded; the event stream never encoded; the static files under hashed names cached for a
year; a warm load of the page is the page alone (the base map and every file it names are
cached); the first game page after a start is served warm (``platform/warmup.py``).
``-s`` prints the figures."""
from __future__ import annotations

import gzip
import re
import time

import httpx
import pytest
from django.contrib.auth import get_user_model

from tresham.games import registry
from tresham.platform import warmup
from tresham.platform.bench import ServerProcess
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game

from .play.test_live import submit_here
from .serving import live_site, register_and_login, site_env  # noqa: F401  (fixture)

pytestmark = pytest.mark.django_db(transaction=True)

GZIP = {"Accept-Encoding": "gzip, deflate, br, zstd"}
PLAIN = {"Accept-Encoding": "identity"}
YEAR = 31536000
#: an URL {% static %} gives: the file's name with 12 hex digits of its content's hash
HASHED = re.compile(r"^/static/.+\.[0-9a-f]{12}\.(css|js|svg)$")


def _game_of(base_url: str) -> tuple[Game, object]:
    """A two-seat game under way of a person logged in (seat 0) and the game's bot (seat 1)."""
    client, name = register_and_login(base_url)
    game = services.create_game(registry.default_name(), {"players": 2}, name="Bytes", seed="bytes-test")
    lobby.join(game.pk, get_user_model().objects.get(username=name), index=0)
    lobby.add_bot(game.pk, index=1)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    return game, client


def raw_get(client, path: str, headers: dict) -> tuple[httpx.Response, bytes]:
    """The response and its body as sent (not decoded)."""
    with client.http.stream("GET", path, headers=headers) as r:
        return r, b"".join(r.iter_raw())


def without_tokens(html: bytes) -> bytes:
    """A page without what changes from one request to the next: the CSRF token (masked anew)
    and the forms' fresh client keys."""
    return re.sub(rb'(name="(?:csrfmiddlewaretoken|client_key)" value=")[^"]+', rb"\1", html)


def referenced(html: str) -> list[str]:
    """The style sheets, icons and scripts a page names (outside <noscript>)."""
    html = re.sub(r"<noscript>.*?</noscript>", "", html, flags=re.S)
    return (re.findall(r'<link rel="(?:stylesheet|icon)" href="([^"]+)"', html)
            + re.findall(r'<script src="([^"]+)"', html))


def test_the_game_page_and_the_json_api_are_gzipped_when_asked_and_decode_to_the_same(live_site):
    game, c = _game_of(live_site.url)
    for path in (f"/games/{game.pk}/", f"/api/games/{game.pk}"):
        packed, body = raw_get(c, path, GZIP)
        plain, plain_body = raw_get(c, path, PLAIN)
        assert packed.status_code == plain.status_code == 200, path
        assert packed.headers["content-encoding"] == "gzip", path
        assert int(packed.headers["content-length"]) == len(body)
        assert "accept-encoding" in packed.headers["vary"].lower() and "accept-encoding" in plain.headers["vary"].lower()
        assert "content-encoding" not in plain.headers, path
        decoded = gzip.decompress(body)
        if path.startswith("/api/"):
            assert httpx.Response(200, content=decoded).json() == httpx.Response(200, content=plain_body).json()
        else:
            assert without_tokens(decoded) == without_tokens(plain_body)
        assert len(body) < len(plain_body) / 2, (path, len(body), len(plain_body))
        # gzip refused by its weight, or another coding only: sent as it is
        for refused in ("gzip;q=0", "br", "identity, *;q=0"):
            r, raw = raw_get(c, path, {"Accept-Encoding": refused})
            assert "content-encoding" not in r.headers and len(raw) == len(plain_body), (path, refused)
    c.close()


def test_the_event_stream_is_never_gzipped_and_each_event_arrives_as_sent(live_site):
    game, c = _game_of(live_site.url)
    with c.http.stream("GET", f"/games/{game.pk}/live?since={game.revision}", headers=GZIP,
                       timeout=httpx.Timeout(10, read=10)) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        assert "content-encoding" not in r.headers and "content-length" not in r.headers
        revision = submit_here(game, {})  # an order committed here: the stream tells its revision (a
        # stream held back by compression would never show it: the read times out)
        raw = b""
        for chunk in r.iter_raw():  # as sent: plain text, the event whole as soon as it is sent
            raw += chunk
            if b"data: " in raw and raw.endswith(b"\n\n"):
                break
    assert re.search(rb'event: revision\ndata: \{"game": %d, "revision": (\d+)\}\n\n' % game.pk, raw)
    assert int(re.findall(rb'"revision": (\d+)', raw)[-1]) >= revision
    assert set(re.findall(rb"^[a-z]*", raw, flags=re.M)) <= {b"", b"id", b"event", b"data"}
    c.close()


def test_static_files_are_named_by_hash_and_cached_a_year(live_site):
    game, c = _game_of(live_site.url)
    html = c.get(f"/games/{game.pk}/").text
    urls = referenced(html)
    assert len(urls) >= 8, urls  # style sheets, the icon, the map's and the live page's scripts
    for url in urls:
        assert HASHED.match(url), url
        r, body = raw_get(c, url, GZIP)
        assert r.status_code == 200, url
        cache = [p.strip() for p in r.headers["cache-control"].split(",")]
        assert f"max-age={YEAR}" in cache and "immutable" in cache and "public" in cache, (url, cache)
        if not url.endswith(".svg"):
            assert r.headers.get("content-encoding") == "gzip", url  # the copy collectstatic made
    # the plain name is still served, with a short cache (whatever names it directly)
    plain = re.sub(r"\.[0-9a-f]{12}\.", ".", urls[0])
    r = c.get(plain)
    assert r.status_code == 200 and r.headers["cache-control"] == "max-age=60, public"
    c.close()


def test_a_warm_load_of_the_game_page_is_the_page_alone_without_the_base_map(live_site, capsys):
    game, c = _game_of(live_site.url)
    page, page_raw = raw_get(c, f"/games/{game.pk}/", GZIP)
    html = gzip.decompress(page_raw).decode()
    assert 'class="pieces"' in html  # the player's pieces are drawn in the page
    base = re.search(r'data-base="([^"]+)"', html).group(1).replace("&amp;", "&")
    board, board_raw = raw_get(c, base, GZIP)
    board_svg = gzip.decompress(board_raw).decode()
    assert board.status_code == 200 and board.headers["content-type"].startswith("image/svg+xml")
    assert board.headers["cache-control"] == f"public, max-age={YEAR}, immutable"
    # the base map is not in the page: its drawing is larger than the whole page, and none of
    # its elements' ids appear in it
    ids = re.findall(r' id="([^"]+)"', board_svg)
    assert len(board_svg) > len(html) and len(ids) >= 10
    assert not [i for i in ids if f'id="{i}"' in html]
    # asked again with its ETag (a browser past the year): nothing but 304
    again, again_raw = raw_get(c, base, {**GZIP, "If-None-Match": board.headers["etag"]})
    assert again.status_code == 304 and again_raw == b""
    cold = {"page": len(page_raw), "base map": len(board_raw)}
    for url in referenced(html):
        r, body = raw_get(c, url, GZIP)
        assert "immutable" in r.headers["cache-control"], url
        cold[url] = len(body)
    # warm: every file the page names is fresh for a year, so only the page is fetched
    warm = len(page_raw)
    with capsys.disabled():
        print(f"\ngame page, cold load: {sum(cold.values())} bytes of bodies in {len(cold)} answers "
              f"(the page {len(page_raw)}, the base map {len(board_raw)}); warm load: {warm} bytes in 1")
    assert warm < sum(cold.values()) / 5
    assert warm < 20_000
    c.close()


def test_the_warm_up_loads_every_game_and_template_without_a_failure(caplog):
    spent = warmup.warm_up()
    assert set(spent) == {"urls", "templates", "forms", *(f"game:{n}" for n in registry.names())}
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "WARNING") and r.name == warmup.__name__]
    names = warmup.template_names()
    assert "play/game.html" in names and "base.html" in names and len(names) > 50
    again = warmup.warm_up()  # a second warm-up (another process's) takes the same steps
    assert set(again) == set(spent)


def test_the_first_game_page_after_a_start_is_served_warm(tmp_path, capsys):
    with ServerProcess(site_env(tmp_path / "var"), worker=False) as s:
        assert re.search(r"warmed up in \d+\.\d s", s.output())
        # the account's and the game's requests load nothing the game page needs
        game, c = _game_of(s.url)
        t0 = time.monotonic()
        first = c.get(f"/games/{game.pk}/")
        took = time.monotonic() - t0
        t0 = time.monotonic()
        c.get(f"/games/{game.pk}/")
        next_took = time.monotonic() - t0
        c.close()
    assert first.status_code == 200 and 'class="pieces"' in first.text
    with capsys.disabled():  # a figure, not a test: speed is the benchmarks' (before the warm-up 1.5-2.4 s)
        print(f"\nfirst game page after a start: {took:.3f} s (the next: {next_took:.3f} s)")
