"""Pages of games being played."""
from django.urls import path

from . import views, views_board, views_live, views_replay

app_name = "play"
urlpatterns = [
    path("", views.home, name="home"),
    path("games/<int:pk>/", views.game_page, name="game"),
    path("games/<int:pk>/command/", views.command, name="command"),
    path("games/<int:pk>/decide/", views.decision_form, name="decide"),
    path("games/<int:pk>/history/", views.history_page, name="history"),
    path("games/<int:pk>/replay/", views_replay.replay_page, name="replay"),
    path("games/<int:pk>/live", views_live.live_stream, name="live"),
    path("games/<int:pk>/log.json", views.log_json, name="log"),
    path("games/<int:pk>/messages/", views.messages_page, name="messages"),
    path("games/<int:pk>/ast/", views.ast_page, name="ast"),
    path("games/<int:pk>/advances/", views.advances_page, name="advances"),
    path("games/<int:pk>/board.svg", views_board.board_svg, name="board_svg"),
    path("games/<int:pk>/board.json", views_board.board_json, name="board_json"),
]
