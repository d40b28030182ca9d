from django.apps import AppConfig


class ClockConfig(AppConfig):
    name = "tresham.platform.clock"
    label = "clock"
    verbose_name = "Deadlines and bots"
