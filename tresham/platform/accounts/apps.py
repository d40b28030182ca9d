from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "tresham.platform.accounts"
    label = "accounts"
    verbose_name = "Accounts and moderation"
