"""Pages of the trade forms of a game (issue 10)."""
from django.urls import path  # noqa: F401

app_name = "play_trade"
urlpatterns: list = []
