"""Lobby pages, under /lobby/."""
from django.urls import path

from . import views

app_name = "lobby"
urlpatterns = [
    path("lobby/", views.active, name="active"),
    path("lobby/open/", views.open_list, name="open"),
    path("lobby/completed/", views.completed, name="completed"),
    path("lobby/new/", views.new_game, name="new"),
    path("lobby/queue/", views.queue_enter, name="queue"),
    path("lobby/queue/leave/", views.queue_leave, name="queue_leave"),
    path("lobby/games/<int:pk>/", views.game, name="game"),
    path("lobby/games/<int:pk>/join/", views.join, name="join"),
    path("lobby/games/<int:pk>/bot/", views.bot_seat, name="bot"),
]
