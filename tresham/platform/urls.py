"""The site's addresses: the JSON API under /api/ (OpenAPI at /api/openapi.json), the
moderators' admin under /admin/, the pages everywhere else, the registered games' own pages
(each game's app, ``Offers.app``: its ``urls``) among them."""
from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic.base import RedirectView

from ..games import registry
from .api import api


def game_patterns() -> list:
    """The addresses of the registered games' own apps (``registry.apps``), after the site's."""
    return [path("", include(f"{app}.urls")) for app in registry.apps()]


def site_patterns() -> list:
    """Every address of the site, the games' own pages included (as the registry now has them)."""
    return [*SITE_PATTERNS, *game_patterns()]


SITE_PATTERNS = [
    path("admin/", admin.site.urls),
    # pages without the layout's icon link (the admin's) make browsers ask for /favicon.ico
    path("favicon.ico", RedirectView.as_view(url=static("tresham/favicon.svg"), permanent=True)),
    path("api/", api.urls),
    path("accounts/", include("tresham.platform.accounts.urls")),
    path("help/", include("tresham.platform.help.urls")),
    path("mail/", include("tresham.platform.mail.urls")),
    path("", include("tresham.platform.ratings.urls")),
    path("", include("tresham.platform.clock.urls_absence")),
    path("", include("tresham.platform.lobby.urls")),
    path("", include("tresham.platform.play.urls")),
    path("", include("tresham.platform.talk.urls")),
    path("", include("tresham.platform.clock.urls")),
    path("", include("tresham.platform.feeds.urls")),
]
urlpatterns = site_patterns()
