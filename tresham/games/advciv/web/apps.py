from django.apps import AppConfig


class AdvcivConfig(AppConfig):
    """Advanced Civilization's own pages: trade, A.S.T., advances, its help topics, its map
    orders and its replay's layout (``Offers.app``)."""

    name = "tresham.games.advciv.web"
    label = "advciv"
    verbose_name = "Advanced Civilization"
