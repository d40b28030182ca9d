"""The rankings page, /rankings/."""
from django.urls import path

from . import views

app_name = "ratings"
urlpatterns = [
    path("rankings/", views.rankings, name="rankings"),
]
