"""The toy game's own page, included in the site's addresses because the game declares its app."""
from django.urls import path

from tresham.platform import converters  # noqa: F401  (registers <id:...>)

from . import views

app_name = "count3"
urlpatterns = [
    path("games/<id:pk>/tally/", views.tally, name="tally"),
]
