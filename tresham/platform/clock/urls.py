"""The clock's pages of a game: the seat's standing orders."""
from django.urls import path

from .. import converters  # noqa: F401  (registers <id:...>)
from . import views_standing

app_name = "clock"
urlpatterns = [
    path("games/<id:pk>/standing-orders/", views_standing.standing_orders_page, name="standing_orders"),
]
