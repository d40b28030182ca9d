"""The feeds' addresses: the calendar (its secret address, renew, stop) and a game's webhooks."""
from django.urls import path

from .. import converters  # noqa: F401  (registers <id:...>)
from . import views

app_name = "feeds"
urlpatterns = [
    path("calendar/<str:token>.ics", views.calendar_feed, name="calendar_feed"),
    path("calendar/renew/", views.calendar_renew, name="calendar_renew"),
    path("calendar/stop/", views.calendar_stop, name="calendar_stop"),
    path("games/<id:pk>/webhooks/", views.webhooks_page, name="webhooks"),
    path("games/<id:pk>/webhooks/<id:hook>/remove/", views.webhook_remove, name="webhook_remove"),
]
