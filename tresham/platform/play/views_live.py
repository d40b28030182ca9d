"""``GET /games/<id>/live``: the game's changes as server-sent events (``text/event-stream``).

Each message is only ``id: R`` / ``event: revision`` / ``data: {"game": G, "revision": R}``:
no game data, so nothing can leak; the page then refetches itself (``static/tresham/live.js``).
Comments ``: ping`` keep proxies from closing an idle stream (every ``PING_SECONDS``).

- Who may listen: whoever may open the game page, i.e. anyone while the game exists (the page
  and its revision are public; what the page then shows is the page's business).
- ``?since=R`` or the ``Last-Event-ID`` header (the browser's reconnection, the larger of the
  two): the current revision is sent at once if it is newer than R. Without either, the
  current revision is sent at once (the listener learns where the game is).
- Caps (:meth:`.live.Hub.admit`): 503 when this process serves ``MAX_STREAMS`` streams, 429
  when the account (a visitor: the address) has ``MAX_PER_USER`` (``MAX_PER_ADDRESS``) open;
  JSON errors with ``Retry-After``. A browser's EventSource stops on them; the page falls back
  to reloading.
- Topics (``live.register_stream_topics``): for a listener an app above play names (the
  table talk: a seat's holder, his conversations' newest message), the stream also carries
  ``event: <prefix>`` / ``data: {"game": G, "<prefix>": n}`` (no ``id``: the revision stays
  the stream's position), once when it opens (unless still 0) and whenever the number grows. A number, never
  what changed; nobody else hears of it.
- The stream ends when the client goes (its slot is freed at once), at the server's shutdown,
  and after ``MAX_SECONDS`` (the browser reconnects; its access is checked again).
"""
from __future__ import annotations

import asyncio
import json
import weakref

from asgiref.sync import sync_to_async
from ..addresses import client_address
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from . import live
from .models import Game

PING = b": ping\n\n"


def message(game_id: int, revision: int) -> bytes:
    """One event: the game is at ``revision``."""
    data = json.dumps({"game": game_id, "revision": revision})
    return f"id: {revision}\nevent: revision\ndata: {data}\n\n".encode()


def topic_message(game_id: int, topic: str, n: int) -> bytes:
    """One event of a topic ("talk:12:3" at ``n``): its prefix names the event."""
    prefix = topic.partition(":")[0]
    data = json.dumps({"game": game_id, prefix: n})
    return f"event: {prefix}\ndata: {data}\n\n".encode()


def _int(value: str | None) -> int | None:
    if value is None or not value.strip().isdigit():
        return None
    return int(value.strip())


def _revision_if_visible(pk: int, user) -> int | None:
    """The game's revision if ``user`` may open its page (the page's own rule: anyone may
    open the page of an existing game, ``views.game_page``), else None. It runs in the
    process's one request thread (``asgi.SiteHandler``), whose connection serves every
    request: a stream holds no connection of its own."""
    return Game.objects.filter(pk=pk).values_list("revision", flat=True).first()


def _error(status: int, code: str, message_: str, **headers) -> JsonResponse:
    r = JsonResponse({"error": code, "message": message_}, status=status)
    for k, v in headers.items():
        r[k.replace("_", "-")] = v
    r["Cache-Control"] = "no-store"
    return r


@require_GET
async def live_stream(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's revisions as server-sent events (see the module's docstring)."""
    hub = live.hub
    hub.install_shutdown_hook()
    since = request.GET.get("since")
    if since is not None and _int(since) is None:
        return _error(400, "bad_request", "since must be a revision number (0, 1, 2...)")
    known = max((r for r in (_int(since), _int(request.META.get("HTTP_LAST_EVENT_ID"))) if r is not None),
                default=None)
    user = await request.auser()
    visitor = not user.is_authenticated
    key = f"addr:{client_address(request) or '?'}" if visitor else f"user:{user.pk}"
    try:
        slot = hub.admit(key, visitor=visitor)
    except live.Full as e:
        return _error(e.status, e.code, e.message, Retry_After="30")
    sub = None
    extra: list[live.Subscription] = []
    try:
        loop = asyncio.get_running_loop()
        sub = live.Subscription(hub, pk, loop)  # before reading: no change missed
        revision = await sync_to_async(_revision_if_visible)(pk, user)
        topics: list[str] = []
        now: dict[str, int] = {}
        if revision is not None:
            topics = await sync_to_async(live.stream_topics)(pk, user)
            extra = [live.Subscription(hub, t, loop, sub.event) for t in topics]  # before reading them
            now = await sync_to_async(live.poll_topics)(topics) if topics else {}
    except BaseException:
        for s_ in ([sub] if sub is not None else []) + extra:
            s_.cancel()
        slot.release()
        raise
    if revision is None:
        sub.cancel()
        slot.release()
        return _error(404, "no_such_game", f"there is no game {pk}")
    stream = _Stream(pk, sub, slot, revision, send_now=known is None or revision > known, topics=extra,
                     topics_now=now)
    response = StreamingHttpResponse(stream, content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each message on at once
    return response


class _Stream:
    """The response's content: an async iterator of messages; :meth:`close` (Django calls it
    with the response's) and the end of the iteration free the stream's place, and so does
    the collection of a stream never iterated (a client gone before the first byte)."""

    def __init__(self, game_id: int, sub: live.Subscription, slot: live.Slot, revision: int,
                 *, send_now: bool, topics: list[live.Subscription] = (), topics_now: dict[str, int] | None = None) -> None:
        self.game_id, self.sub, self.slot = game_id, sub, slot
        self.revision, self.send_now = revision, send_now
        self.topics, self.topics_now = list(topics), dict(topics_now or {})
        self._done = weakref.finalize(self, _free, sub, slot, self.topics)

    def close(self) -> None:
        self._done()

    def __aiter__(self):
        return self._messages()

    async def _messages(self):
        hub = live.hub
        loop = asyncio.get_running_loop()
        try:
            sent = self.revision
            yield message(self.game_id, sent) if self.send_now else PING
            told: dict[str, int] = {}
            for t in self.topics:  # where each topic stands as the stream opens (0: nothing yet)
                told[t.game_id] = max(self.topics_now.get(t.game_id, 0), t.latest)
                if told[t.game_id] > 0:
                    yield topic_message(self.game_id, t.game_id, told[t.game_id])
            ping = live._conf("PING_SECONDS", 15.0)
            ends = loop.time() + live._conf("MAX_SECONDS", 3600.0)
            while not hub.closing:
                left = ends - loop.time()
                if left <= 0:
                    return
                try:
                    async with asyncio.timeout(min(ping, left)):
                        await self.sub.event.wait()
                except TimeoutError:
                    if left > ping:
                        yield PING
                    continue
                self.sub.event.clear()
                if hub.closing:
                    return
                if self.sub.latest > sent:
                    sent = self.sub.latest
                    yield message(self.game_id, sent)
                for t in self.topics:
                    if t.latest > told.get(t.game_id, -1):
                        told[t.game_id] = t.latest
                        yield topic_message(self.game_id, t.game_id, t.latest)
        finally:
            self._done()


def _free(sub: live.Subscription, slot: live.Slot, topics: list[live.Subscription] = ()) -> None:
    sub.cancel()
    for t in topics:
        t.cancel()
    slot.release()
