from django.apps import AppConfig


class CivcardsConfig(AppConfig):
    """Civilization: The Card Game's own pages: the table and the deck's help topic
    (``Offers.app``)."""

    name = "tresham.games.civcards.web"
    label = "civcards"
    verbose_name = "Civilization: The Card Game"
