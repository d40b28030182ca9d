"""The map of a game: its base map (``/games/<id>/board.svg``) and the pieces a viewer's own
view shows (``/games/<id>/board.json``), both from the game's map (``Offers.board``: ``Board.key``,
``svg``, ``pieces``) only; a game without a map has neither (404).

The base map depends on the game's options alone (public, shown on its page), so anyone may
fetch it; it is generated once per configuration and kept in the data directory
(``TRESHAM_DATA_DIR/cache/board/<game>-<key>.svg``), served with its key as ETag (304 when
the browser has it) and, when asked for by key (``?v=<key>``, as the page does), cached
for a year. Both are sent gzip-compressed to a browser that accepts it (``Vary:
Accept-Encoding``): the base map's compressed copy is made once per key and kept beside it
(``<game>-<key>.svg.gz``); the pieces, like every page and JSON answer, by the site's
middleware (``compression.CompressPages``), per response.
The pieces come from ``rules.view(state, seat)`` of the caller's own seat (a
visitor's: seat None), once the game may be shown to him (SITE-LIST-04), never from the state.
"""
from __future__ import annotations

import gzip
import logging
import os
import tempfile
from pathlib import Path
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.http import quote_etag
from django.views.decorators.http import require_safe

from ...games.contract import BoardUnavailable, GameRules
from ..compression import accepts_gzip
from . import services
from .models import Game
from .gamepages import Viewer, viewer

log = logging.getLogger(__name__)

#: Cache-Control of the base map asked for by its key (the content of that URL never changes).
FOREVER = "public, max-age=31536000, immutable"
#: Cache-Control of the base map asked for without its key: revalidate with the ETag.
REVALIDATE = "public, max-age=0, must-revalidate"
#: The base map is a document of its own when opened directly: no scripts, nothing fetched.
SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"


def cache_dir() -> Path:
    return Path(settings.DATA_DIR) / "cache" / "board"


def board_key(rules: GameRules, options: dict) -> str | None:
    """The game's key of its base map, None for a game without one (``Offers.board``)."""
    board = rules.offers.board
    return board.key(options) if board is not None else None


def _write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file and rename, so a reader never sees half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".board-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def cached_svg(kind: str, rules: GameRules, options: dict, key: str) -> str | None:
    """The base map from the data directory, generated and stored on first use."""
    path = cache_dir() / f"{kind}-{key}.svg"
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        pass
    board = rules.offers.board
    svg = board.svg(options) if board is not None else None
    if svg is None:
        return None
    _write_atomic(path, svg.encode("utf-8"))
    return svg


def cached_svg_gzip(kind: str, key: str, svg: str) -> bytes:
    """The gzip-compressed base map of this key, made once (from ``svg``, the map of that
    key) and kept beside it; the same bytes every time (no timestamp in the header)."""
    path = cache_dir() / f"{kind}-{key}.svg.gz"
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    data = gzip.compress(svg.encode("utf-8"), compresslevel=9, mtime=0)
    _write_atomic(path, data)
    return data


def _no_map(pk: int) -> HttpResponse:
    return HttpResponse(f"Game {pk} has no map.", status=404, content_type="text/plain; charset=utf-8")


def _unavailable(e: Exception) -> HttpResponse:
    log.error("board map unavailable: %s", e)
    return HttpResponse("The map cannot be drawn on this server now.", status=503,
                        content_type="text/plain; charset=utf-8", headers={"Retry-After": "3600"})


def _etag_matches(request: HttpRequest, etag: str) -> bool:
    given = request.headers.get("If-None-Match", "")
    tags = {t.strip().removeprefix("W/") for t in given.split(",")}
    return etag in tags or "*" in tags


@require_safe
def board_svg(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's base map (image/svg+xml, gzip-encoded when the browser accepts it), 304
    when the browser's copy is current. The compressed copy has an ETag of its own (its key
    and ``-gzip``); either tag of the current key is current."""
    game = Game.objects.filter(pk=pk).first()
    if game is None:
        return _no_map(pk)
    rules = services.rules_of(game)
    gz = accepts_gzip(request)
    try:
        key = board_key(rules, game.options)
        if key is None:
            return _no_map(pk)
        plain_tag = quote_etag(f"{game.kind}-{key}")
        gzip_tag = quote_etag(f"{game.kind}-{key}-gzip")
        cache = FOREVER if request.GET.get("v") == key else REVALIDATE
        headers = {"ETag": gzip_tag if gz else plain_tag, "Cache-Control": cache,
                   "Content-Security-Policy": SVG_CSP, "X-Content-Type-Options": "nosniff",
                   "Vary": "Accept-Encoding"}
        if _etag_matches(request, plain_tag) or _etag_matches(request, gzip_tag):
            return HttpResponse(status=304, headers=headers)
        svg = cached_svg(game.kind, rules, game.options, key)
        if svg is not None and gz:
            body: bytes | str = cached_svg_gzip(game.kind, key, svg)
            headers["Content-Encoding"] = "gzip"
        else:
            body = svg or ""
    except BoardUnavailable as e:
        return _unavailable(e)
    if svg is None:
        return _no_map(pk)
    return HttpResponse(body, content_type="image/svg+xml; charset=utf-8", headers=headers)


def board_context(v: Viewer) -> dict[str, Any] | None:
    """What the game page's map shows to this viewer: the base map's URL (by key) and view
    box, the lines of its legend (``Board.legend``, optional: None for the page's own), the
    template of the game's map orders (``Board.overlay``, "" for none), and the pieces of his
    own view once the game may be shown to him; None for a game without a map (or whose map
    cannot be drawn here now: the page's tables remain)."""
    rules, game = v.rules, v.game
    try:
        key = board_key(rules, game.options)
        if key is None:
            return None
        pieces = None
        board = rules.offers.board  # not None: it has a key
        if v.shown and v.view is not None:
            pieces = board.pieces(v.view)
        svg = cached_svg(game.kind, rules, game.options, key)
    except BoardUnavailable as e:
        log.error("board map unavailable: %s", e)
        return None
    if svg is None:
        return None
    box = _view_box(svg)
    legend = board.legend(game.options) if board.legend is not None else None
    return {"url": reverse("play:board_svg", args=[game.pk]) + f"?v={key}", "key": key,
            "view_box": box, "box": " ".join(str(v) for v in box),
            "aspect": f"{box[2]} / {box[3]}", "legend": legend or None,
            "pieces": pieces, "json": reverse("play:board_json", args=[game.pk]), "overlay": board.overlay}


def step_board(v: Viewer, pieces: dict | None) -> dict[str, Any] | None:
    """The map of a step of the history (``steps``): the game's base map as the game page has
    it, with the given ``pieces`` (a past public view's) instead of the viewer's own, and
    neither the live pieces' address nor the game's map orders; None for a game without a map
    (or whose map cannot be drawn here now)."""
    rules, game = v.rules, v.game
    try:
        key = board_key(rules, game.options)
        if key is None:
            return None
        svg = cached_svg(game.kind, rules, game.options, key)
    except BoardUnavailable as e:
        log.error("board map unavailable: %s", e)
        return None
    if svg is None:
        return None
    box = _view_box(svg)
    board = rules.offers.board
    legend = board.legend(game.options) if board.legend is not None else None
    return {"url": reverse("play:board_svg", args=[game.pk]) + f"?v={key}", "key": key,
            "view_box": box, "box": " ".join(str(x) for x in box), "aspect": f"{box[2]} / {box[3]}",
            "legend": legend or None, "pieces": pieces}


def _view_box(svg: str) -> list[float]:
    head = svg[:2000]
    start = head.index('viewBox="') + len('viewBox="')
    return [float(x) if "." in x else int(x) for x in head[start:head.index('"', start)].split()]


@require_safe
def board_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The pieces of the caller's own view: ``{revision, base, view_box, svg, pieces}``."""
    game = Game.objects.filter(pk=pk).first()
    if game is None:
        return JsonResponse({"error": f"there is no game {pk}"}, status=404)
    v = viewer(game, request.user)
    ctx = board_context(v)
    if ctx is None:
        return JsonResponse({"error": f"game {pk} has no map"}, status=404)
    if ctx["pieces"] is None:
        return JsonResponse({"error": "this game's pieces are not shown yet (its initial placement "
                                      "is not complete)"}, status=403)
    etag = quote_etag(f"r{game.revision}-s{v.seat if v.seat is not None else 'x'}-{ctx['key']}")
    headers = {"ETag": etag, "Cache-Control": "private, no-cache", "Vary": "Cookie, Accept-Encoding"}
    if _etag_matches(request, etag):
        return HttpResponse(status=304, headers=headers)
    p = ctx["pieces"]
    return JsonResponse({"revision": game.revision, "base": ctx["url"], "view_box": ctx["view_box"],
                         "svg": p.get("svg", ""), "pieces": p.get("pieces", []), "own": p.get("own") or []},
                        headers=headers)  # gzip-encoded by compression.CompressPages when asked

