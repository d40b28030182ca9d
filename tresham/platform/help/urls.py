"""Help pages, under /help/: the site's own topics (a game's own are its web app's)."""
from django.urls import path

from . import views

app_name = "help"
urlpatterns = [
    path("", views.index, name="index"),
    path("joining/", views.joining, name="joining"),
    path("creating/", views.creating, name="creating"),
    path("playing/", views.playing, name="playing"),
]
