from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "tresham.platform.mail"
    label = "mail"
    verbose_name = "Mail"

    def ready(self) -> None:
        # Imported here, not at the top: apps.py is read before any app's models are loaded,
        # and these modules use them (Django's way for an app's start-up work).
        from ..clock import worker
        from . import receivers, sender

        receivers.connect()
        # each pass of the worker sends what the outbox holds
        worker.each_pass("mail", lambda: sender.drain(limit=50))
