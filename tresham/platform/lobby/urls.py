"""Lobby pages."""
from django.urls import path

app_name = "lobby"
urlpatterns: list = []
