from django.apps import AppConfig


class FeedsConfig(AppConfig):
    name = "tresham.platform.feeds"
    label = "feeds"
    verbose_name = "Calendar and webhooks"

    def ready(self) -> None:
        # Imported here, not at the top: apps.py is read before any app's models are loaded.
        from ..clock import worker
        from . import announce, sender

        announce.connect()
        # each pass of the worker delivers what the webhooks' outbox holds (SITE-FEED-02)
        worker.each_pass("webhooks", lambda: sender.drain(limit=20))
