"""What a game page's first load transfers: the base map once (board.js fetches it; the page
names it elsewhere only inside <noscript>), gzip-encoded when the browser accepts it, as are
the pieces (board.json) and, once collected, the static files; the tables scroll in regions
of their own. ``test_the_first_load_weighs_less`` prints the figures (``-s``)."""
from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import Client

from tresham.platform.play import services, views_board

pytestmark = pytest.mark.django_db(transaction=True)

GZIP = {"HTTP_ACCEPT_ENCODING": "gzip, deflate, br, zstd"}


def client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def outside_noscript(html: str) -> str:
    return re.sub(r"<noscript>.*?</noscript>", "", html, flags=re.S)


def _static_bytes(url: str, gz: bool) -> int:
    """A static file's bytes as WhiteNoise sends it: the collected gzip copy when the browser
    accepts gzip and the storage makes one (as collectstatic in ``tresham serve`` does)."""
    data = Path(finders.find(url.removeprefix(django_settings.STATIC_URL).split("?")[0])).read_bytes()
    compressing = hasattr(staticfiles_storage, "create_compressor")  # WhiteNoise's storages
    return len(gzip.compress(data, 9, mtime=0)) if gz and compressing else len(data)


def first_load(c: Client, pk: int, gz: bool) -> dict[str, int]:
    """name -> bytes of each fetch of a game page's first load, as a browser with scripts
    makes them (an URL fetched twice counts twice): the page, its scripts and style sheets,
    its <image>s, board.js's fetch of the base map, and board.json (live pages refresh with it)."""
    enc = GZIP if gz else {}
    page = c.get(f"/games/{pk}/", **enc)
    assert page.status_code == 200
    body = gzip.decompress(page.content) if page.get("Content-Encoding") == "gzip" else page.content
    html = outside_noscript(body.decode())
    urls = (re.findall(r'<script src="([^"]+)"', html) + re.findall(r'<link rel="stylesheet" href="([^"]+)"', html)
            + re.findall(r'<image href="([^"]+)"', html) + re.findall(r'data-base="([^"]+)"', html))
    sizes = {"page": len(page.content)}
    for i, url in enumerate(urls):
        if url.startswith(django_settings.STATIC_URL):
            n = _static_bytes(url, gz)
        else:
            r = c.get(url, **enc)
            assert r.status_code == 200, url
            n = len(r.content)
        sizes[f"{i}:{url}"] = n
    r = c.get(f"/games/{pk}/board.json", **enc)
    assert r.status_code == 200
    sizes["board.json"] = len(r.content)
    return sizes


@pytest.fixture
def playing(table):
    table.play_until(lambda s: s.phase != "pick" and s.turn >= 2)
    table.game.refresh_from_db()
    return table


def test_the_base_map_is_gzipped_when_asked_and_the_same_map(table):
    g = table.game
    key = services.rules_of(g).board_key(g.options)
    url = f"/games/{g.pk}/board.svg?v={key}"
    plain = client().get(url)
    assert plain.status_code == 200 and not plain.has_header("Content-Encoding")
    assert "Accept-Encoding" in plain["Vary"] and plain["ETag"] == f'"advciv-{key}"'
    r = client().get(url, **GZIP)
    assert r.status_code == 200 and r["Content-Encoding"] == "gzip"
    assert r["Content-Type"] == "image/svg+xml; charset=utf-8" and "Accept-Encoding" in r["Vary"]
    assert r["Cache-Control"] == views_board.FOREVER and r["ETag"] == f'"advciv-{key}-gzip"'
    assert r["Content-Security-Policy"] == plain["Content-Security-Policy"]
    assert gzip.decompress(r.content) == plain.content
    assert len(r.content) < len(plain.content) / 2
    # made once per key, kept beside the map: the same bytes again, not compressed again
    kept = views_board.cache_dir() / f"advciv-{key}.svg.gz"
    assert kept.read_bytes() == r.content
    stamp = kept.stat().st_mtime_ns
    assert client().get(url, HTTP_ACCEPT_ENCODING="gzip").content == r.content
    assert kept.stat().st_mtime_ns == stamp
    # either copy the browser has is current
    for tag in (plain["ETag"], r["ETag"], "W/" + r["ETag"]):
        again = client().get(url, HTTP_IF_NONE_MATCH=tag, **GZIP)
        assert again.status_code == 304 and again.content == b"" and "Accept-Encoding" in again["Vary"]
    # gzip refused or not named: the plain map
    for refused in ("gzip;q=0", "identity", "br", "*;q=0", "gzip;q=0, *"):
        r = client().get(url, HTTP_ACCEPT_ENCODING=refused)
        assert not r.has_header("Content-Encoding") and r.content == plain.content, refused
    assert client().get(url, HTTP_ACCEPT_ENCODING="*")["Content-Encoding"] == "gzip"
    assert client().get(url, HTTP_ACCEPT_ENCODING="identity;q=1, GZIP;q=0.5")["Content-Encoding"] == "gzip"


def test_the_pieces_are_gzipped_when_asked(playing):
    g = playing.game
    c = client(playing.alice)
    plain = c.get(f"/games/{g.pk}/board.json")
    r = c.get(f"/games/{g.pk}/board.json", **GZIP)
    assert r.status_code == 200 and r["Content-Encoding"] == "gzip"
    assert {"Cookie", "Accept-Encoding"} <= {v.strip() for v in r["Vary"].split(",")}
    assert "Accept-Encoding" in plain["Vary"] and not plain.has_header("Content-Encoding")
    assert json.loads(gzip.decompress(r.content)) == plain.json()
    assert int(r["Content-Length"]) == len(r.content) < len(plain.content)
    assert r["ETag"] == "W/" + plain["ETag"]
    assert c.get(f"/games/{g.pk}/board.json", HTTP_IF_NONE_MATCH=r["ETag"], **GZIP).status_code == 304


def test_the_page_fetches_the_base_map_once_and_shows_it_without_scripts(playing):
    g = playing.game
    key = services.rules_of(g).board_key(g.options)
    url = f"/games/{g.pk}/board.svg?v={key}"
    html = client(playing.alice).get(f"/games/{g.pk}/").content.decode()
    # with scripts: board.js's one fetch (data-base); no <image> loads it as well
    assert outside_noscript(html).count(url) == 1
    assert f'data-base="{url}"' in html and "<image" not in html
    # without scripts: the same URL as an image under the pieces, from <noscript> only
    noscript = re.findall(r"<noscript>(.*?)</noscript>", html, flags=re.S)
    assert [n for n in noscript if f'<img class="board-noscript" src="{url}"' in n]
    assert '<g class="board-base"></g>' in html
    # the map's shape for board.js to set (no inline style: SITE-SAFE-08)
    assert re.search(r'data-aspect="\d+(\.\d+)? / \d+(\.\d+)?"', html)


def test_the_board_js_inlines_the_map_and_falls_back_to_an_image():
    js = Path(finders.find("tresham/board.js")).read_text()
    assert js.count('getAttribute("data-base")') == 1 and 'createElementNS(SVGNS, "image")' in js
    assert ".catch(fallback)" in js


def test_the_tables_scroll_in_focusable_named_regions(playing):
    g = playing.game
    html = client(playing.alice).get(f"/games/{g.pk}/").content.decode()
    for table_id in ("summary", "board"):
        m = re.search(r'<div class="table-scroll" role="region" tabindex="0" aria-labelledby="([^"]+)">\s*'
                      rf'<table id="{table_id}">\s*<caption id="([^"]+)">', html)
        assert m and m.group(1) == m.group(2) == f"{table_id}-caption", table_id
    assert '<link rel="stylesheet" href="/static/tresham/play.css">' in html
    assert ".table-scroll { max-width: 100%; overflow-x: auto; }" in Path(finders.find("tresham/play.css")).read_text()


def test_collected_static_files_are_sent_gzipped(settings, tmp_path):
    settings.STATIC_ROOT = tmp_path / "static"
    call_command("collectstatic", interactive=False, verbosity=0)
    assert (tmp_path / "static" / "tresham" / "board.js.gz").exists()
    c = Client()  # its WhiteNoise finds the files collected now
    r = c.get("/static/tresham/board.js", **GZIP)
    assert r.status_code == 200 and r["Content-Encoding"] == "gzip" and "Accept-Encoding" in r["Vary"]
    body = b"".join(r.streaming_content) if r.streaming else r.content
    assert gzip.decompress(body) == Path(finders.find("tresham/board.js")).read_bytes()
    r = c.get("/static/tresham/board.js")
    assert r.status_code == 200 and not r.has_header("Content-Encoding")
    if hasattr(r, "close"):
        r.close()


def test_the_first_load_weighs_less(playing, capsys):
    c = client(playing.alice)
    plain, packed = first_load(c, playing.game.pk, False), first_load(c, playing.game.pk, True)
    svg = [k for k in plain if "/board.svg" in k]
    assert len(svg) == 1, svg  # fetched once
    with capsys.disabled():
        for name, sizes in (("without gzip", plain), ("with gzip", packed)):
            print(f"\nfirst load of a game page, {name}: {sum(sizes.values())} bytes")
            for k, v in sizes.items():
                print(f"  {v:8d}  {k}")
    # before: 434452 bytes (the base map, 195 KB, twice); now about a fifth of that
    assert sum(packed.values()) < sum(plain.values()) / 2
    assert sum(packed.values()) < 150_000
