"""The ASGI application (``tresham serve`` runs it with uvicorn).

Django's own ASGI handler runs the middleware chain in async mode. Tresham's middleware
(the accounts' guards, the body limit, WhiteNoise, axes) is synchronous and so are its
views, so Django switches between the event loop and a worker thread at each boundary of
the chain: in, out again for the async-capable middleware, in again for the view -- each
switch a wait for the event loop, the dearest of them when the loop is busy with other
connections. :class:`SiteHandler` runs the whole chain and the view in one worker thread,
one switch per request; an async view (the live pages' event stream) is run on the event
loop from there by Django itself, and its streamed body is sent from the loop as before.
Each request keeps a thread of its own (Django's ``ThreadSensitiveContext``), so a request
waiting for a database lock never holds up another.

Measured with ``tresham bench server --games 1`` (one client at a time, SQLite; three runs of
each handler in turn, medians of the runs): an order's POST 18.8 -> 15.8 ms (ratio run by
run 0.78-0.90), a game's GET 12.2 -> 9.7 ms (0.75-0.85), orders per second 39.3 -> 46.2.
"""
import os

import django
from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tresham.platform.settings")


class SiteHandler(ASGIHandler):
    """Django's ASGI handler with the middleware chain built and run synchronously."""

    def __init__(self) -> None:  # not ASGIHandler's: its chain is the async one
        self.load_middleware(is_async=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)


django.setup(set_prefix=False)
application = SiteHandler()
