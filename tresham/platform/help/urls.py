"""Help pages, under /help/."""
from django.urls import path

from . import views

app_name = "help"
urlpatterns = [
    path("", views.index, name="index"),
    path("joining/", views.joining, name="joining"),
    path("creating/", views.creating, name="creating"),
    path("playing/", views.playing, name="playing"),
    path("trading/", views.trading, name="trading"),
    path("calamities/", views.calamities, name="calamities"),
    path("advances/", views.advances, name="advances"),
    path("ages/", views.ages, name="ages"),
]
