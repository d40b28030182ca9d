"""The absence pages: "Pause / Resume" and "Quit a Game..." (SITE-LIST-07)."""
from django.urls import path

from .. import converters  # noqa: F401  (registers <id:...>)
from . import views_absence as views

app_name = "absence"
urlpatterns = [
    path("pauses/", views.pauses_page, name="pauses"),
    path("pauses/<id:pk>/remove/", views.remove_pause, name="pause_remove"),
    path("quit/", views.quit_page, name="quit"),
    path("quit/<id:game_id>/", views.quit_game, name="quit_game"),
]
