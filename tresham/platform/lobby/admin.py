"""The operators' view of the queue (read-only: placement goes through the lobby's services)."""
from __future__ import annotations

from django.contrib import admin

from .models import PickOrder, QueueEntry


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):
    list_display = ("user", "min_time_limit", "max_time_limit", "join_new", "join_in_progress", "created_at",
                    "game", "placed_at", "left_at")
    list_filter = ("join_new", "join_in_progress")
    search_fields = ("user__username",)
    list_select_related = ("user", "game")
    readonly_fields = list_display

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PickOrder)
class PickOrderAdmin(admin.ModelAdmin):
    list_display = ("game", "seats")
    list_select_related = ("game",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
