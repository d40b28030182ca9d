"""The addresses of Advanced Civilization's own pages (``Offers.pages``, ``Offers.help``), which
the site includes because the game declares its app; the same addresses as before the game had
an app of its own."""
from django.urls import path

from ....platform import converters  # noqa: F401  (registers <id:...>)
from . import help, trade, views

app_name = "advciv"
urlpatterns: list = [
    path("games/<id:pk>/trade/", trade.trade_page, name="trade"),
    path("games/<id:pk>/ast/", views.ast_page, name="ast"),
    path("games/<id:pk>/advances/", views.advances_page, name="advances"),
    path("help/trading/", help.trading, name="help_trading"),
    path("help/calamities/", help.calamities, name="help_calamities"),
    path("help/advances/", help.advances, name="help_advances"),
    path("help/ages/", help.ages, name="help_ages"),
]
