from django.apps import AppConfig


class HelpConfig(AppConfig):
    """The help pages (SITE-GEN-06): how the site works, and the game's facts from its rules."""

    name = "tresham.platform.help"
    label = "help"
    verbose_name = "Help"
