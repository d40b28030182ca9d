"""Pages of games being played."""
from django.urls import path

from .. import converters  # noqa: F401  (registers <id:...>)
from . import views, views_board, views_live, views_replay

app_name = "play"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/<id:pk>/", views.game_page, name="game"),
    path("games/<id:pk>/command/", views.command, name="command"),
    path("games/<id:pk>/decide/", views.decision_form, name="decide"),
    path("games/<id:pk>/history/", views.history_page, name="history"),
    path("games/<id:pk>/replay/", views_replay.replay_page, name="replay"),
    path("games/<id:pk>/steps/", views.steps_fragment, name="steps"),
    path("games/<id:pk>/live", views_live.live_stream, name="live"),
    path("games/<id:pk>/log.json", views.log_json, name="log"),
    path("games/<id:pk>/messages/", views.messages_page, name="messages"),
    path("games/<id:pk>/board.svg", views_board.board_svg, name="board_svg"),
    path("games/<id:pk>/board.json", views_board.board_json, name="board_json"),
]
