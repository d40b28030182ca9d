"""Pages of the trade forms of a game (issue 10)."""
from django.urls import path

from .. import converters  # noqa: F401  (registers <id:...>)
from . import views_trade

app_name = "play_trade"
urlpatterns: list = [
    path("games/<id:pk>/trade/", views_trade.trade_page, name="trade"),
]
