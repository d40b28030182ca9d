"""The site's addresses: the JSON API under /api/ (OpenAPI at /api/openapi.json), the
moderators' admin under /admin/, the pages everywhere else."""
from django.contrib import admin
from django.urls import include, path

from .api import api

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    path("accounts/", include("tresham.platform.accounts.urls")),
    path("help/", include("tresham.platform.help.urls")),
    path("mail/", include("tresham.platform.mail.urls")),
    path("", include("tresham.platform.ratings.urls")),
    path("", include("tresham.platform.clock.urls_absence")),
    path("", include("tresham.platform.lobby.urls")),
    path("", include("tresham.platform.play.urls")),
    path("", include("tresham.platform.play.urls_trade")),
    path("", include("tresham.platform.clock.urls")),
]
