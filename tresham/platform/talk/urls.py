"""The table talk's pages, under a game's address."""
from django.urls import path

from .. import converters  # noqa: F401  (registers <id:...>)
from . import views

app_name = "talk"
urlpatterns = [
    path("games/<id:pk>/talk/", views.index, name="index"),
    path("games/<id:pk>/talk/<id:cid>/", views.conversation, name="conversation"),
    path("games/<id:pk>/talk/<id:cid>/report/<id:mid>/", views.report, name="report"),
    path("games/<id:pk>/talk/<id:cid>/moderate/<id:mid>/", views.moderate, name="moderate"),
]
