"""The addresses of Civilization: The Card Game's own pages (``Offers.pages``, ``Offers.help``),
which the site includes because the game declares its app."""
from django.urls import path

from ....platform import converters  # noqa: F401  (registers <id:...>)
from . import views

app_name = "civcards"
urlpatterns: list = [
    path("games/<id:pk>/table/", views.table_page, name="table"),
    path("help/deck/", views.deck_help, name="help_deck"),
]
