"""The rankings in the admin, read only: ratings move only by rating games (or a rebuild)."""
from django.contrib import admin

from .models import RatedGame, Rating


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("kind", "subject", "key", "user", "games", "ordinal")
    list_filter = ("kind", "subject")
    search_fields = ("key", "user__username")
    ordering = ("kind", "subject", "-ordinal")


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnly):
    list_display = ("seq", "game", "kind", "rated_at")
    ordering = ("-seq",)
