from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tresham.platform.accounts"
    label = "accounts"
    verbose_name = "Accounts and moderation"

    def ready(self) -> None:
        # Imported here, not at the top: apps.py is read before any app's models are loaded,
        # and the signals' receivers use them (Django's way for an app's start-up work).
        from . import signals

        signals.connect()
