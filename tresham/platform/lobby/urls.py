"""Lobby pages, under /lobby/."""
from django.urls import path

from .. import converters  # noqa: F401  (registers <id:...>)
from . import views

app_name = "lobby"
urlpatterns = [
    path("lobby/", views.active, name="active"),
    path("lobby/open/", views.open_list, name="open"),
    path("lobby/completed/", views.completed, name="completed"),
    path("lobby/new/", views.new_game, name="new"),
    path("lobby/queue/", views.queue_enter, name="queue"),
    path("lobby/queue/leave/", views.queue_leave, name="queue_leave"),
    path("lobby/games/<id:pk>/", views.game, name="game"),
    path("lobby/games/<id:pk>/join/", views.join, name="join"),
    path("lobby/games/<id:pk>/bot/", views.bot_seat, name="bot"),
]
