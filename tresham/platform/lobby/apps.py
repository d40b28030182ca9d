from django.apps import AppConfig


class LobbyConfig(AppConfig):
    name = "tresham.platform.lobby"
    label = "lobby"
    verbose_name = "Lobby"
