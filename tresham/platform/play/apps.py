from django.apps import AppConfig


class PlayConfig(AppConfig):
    name = "tresham.platform.play"
    label = "play"
    verbose_name = "Games and orders"
