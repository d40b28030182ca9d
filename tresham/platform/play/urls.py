"""Pages of games being played."""
from django.urls import path

from . import views

app_name = "play"
urlpatterns = [
    path("", views.home, name="home"),
]
