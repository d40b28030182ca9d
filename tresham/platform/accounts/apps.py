from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tresham.platform.accounts"
    label = "accounts"
    verbose_name = "Accounts and moderation"

    def ready(self) -> None:
        from . import signals

        signals.connect()
