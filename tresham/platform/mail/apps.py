from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "tresham.platform.mail"
    label = "mail"
    verbose_name = "Mail"

    def ready(self) -> None:
        from . import receivers

        receivers.connect()
