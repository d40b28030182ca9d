"""The ASGI application (``tresham serve`` runs it with uvicorn).

Tresham's middleware (the accounts' guards, the body limit, WhiteNoise, axes) and its views
are synchronous, as the ORM is. :class:`SiteHandler` is Django's ASGI handler changed in two
ways, both measured with ``tresham bench server`` (docs/platform.md, "Speed"):

- The middleware chain and the view run in one call to a worker thread. Django's own handler
  builds the chain in async mode and switches between the event loop and a thread at each
  boundary of sync and async-capable middleware (three switches a request, each a wait for
  a busy event loop).
- That thread is the process's one request thread: requests are served one after another,
  in the order they came (as a synchronous worker process serves them), not each in a
  thread of its own (Django's ``ThreadSensitiveContext``) all sharing one interpreter lock,
  where every request is slowed by all the others and a transaction holding the database's
  write lock is descheduled while the others wait for it. One thread also keeps its
  database connection from one request to the next (``CONN_MAX_AGE``).

The live pages' event streams are async views: Django runs each from that thread on the
event loop, which then sends its messages; a stream holds no thread and no connection. A
slow request holds up the requests behind it in its process: run more processes
(``tresham serve --processes N``) to serve more at once. What the first requests would load
(the URLs, the games' modules and maps, the templates) is loaded as the application is
imported (``warmup.py``). The objects made at start-up are frozen out of the garbage
collector's full passes, which stop the request thread.
"""
import gc
import os

import django
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tresham.platform.settings")


class SiteHandler(ASGIHandler):
    """Django's ASGI handler, the synchronous chain run in the process's request thread."""

    def __init__(self) -> None:  # not ASGIHandler's: its chain is the async one
        self.load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Tresham serves HTTP connections, not {scope['type']}")
        await self.handle(scope, receive, send)  # no ThreadSensitiveContext: one request thread

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


django.setup(set_prefix=False)
application = SiteHandler()
# The URLs, the games' modules and maps, the templates: loaded now, not by the first requests
# (warmup.py); before the freeze below, so they are frozen too.
from .warmup import warm_up  # noqa: E402  (after django.setup)

warmed_up = warm_up()
# What start-up made (Django, the apps, the games' data) lives as long as the process: the
# collector's full passes never scan it again (a full pass: 85 -> 30 ms, docs/platform.md).
gc.collect()
gc.freeze()
