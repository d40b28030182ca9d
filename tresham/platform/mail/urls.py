"""The mail pages (under /mail/): preferences, and the unsubscribe links of the mails."""
from django.urls import path

from . import views

app_name = "mail"
urlpatterns = [
    path("preferences/", views.preferences_page, name="preferences"),
    path("unsubscribe/<str:token>/", views.unsubscribe_page, name="unsubscribe"),
]
