"""The operators' view of the clock (read-only): every pause with its reason (SITE-PAUSE-07:
administrators watch for pauses used to dodge time limits, code of conduct rule 5), missed
deadlines, who held which seat, and the due rows. Changes go through the site's services
only: an administrator removes a pause with the "Remove" action (SZ-12), which keeps it in
force 24 more hours like the player's own button."""
from __future__ import annotations

from django.contrib import admin, messages

from ..play.models import Tenure
from . import pauses
from .models import Due, MissedOrder, Pause


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Pause)
class PauseAdmin(ReadOnly):
    list_display = ("user", "start", "end", "reason", "created_at", "removed_at", "removed_by", "state")
    list_filter = ("removed_at", "start")
    search_fields = ("user__username", "user__profile__display_name", "reason")
    list_select_related = ("user", "removed_by")
    date_hierarchy = "start"
    actions = ["remove"]

    @admin.display(description="state")
    def state(self, obj: Pause) -> str:
        return pauses.state_of(obj)

    @admin.action(description="Remove the selected pauses (they stay in force 24 more hours)")
    def remove(self, request, queryset) -> None:
        done = 0
        for pk in queryset.values_list("pk", flat=True):
            try:
                pauses.remove_pause(pk, request.user)
                done += 1
            except pauses.PauseError as e:
                self.message_user(request, f"Pause {pk}: {e.message}", messages.WARNING)
        if done:
            self.message_user(request, f"{done} pause{'s' if done != 1 else ''} removed.", messages.SUCCESS)

    def get_actions(self, request):
        actions = super().get_actions(request)
        if not request.user.is_staff:
            actions.pop("remove", None)
        return actions


@admin.register(MissedOrder)
class MissedOrderAdmin(ReadOnly):
    list_display = ("user", "game", "seat", "decision", "standing", "at")
    list_filter = ("standing", "decision")
    search_fields = ("user__username", "game__name")
    list_select_related = ("user", "game")


@admin.register(Tenure)
class TenureAdmin(ReadOnly):
    list_display = ("game", "seat", "user", "replacement", "started_at", "ended_at", "ended")
    list_filter = ("ended", "replacement")
    search_fields = ("user__username", "game__name")
    list_select_related = ("user", "game")


@admin.register(Due)
class DueAdmin(ReadOnly):
    list_display = ("game", "action", "key", "seat", "decision", "started_at", "due_at")
    list_filter = ("action",)
    search_fields = ("game__name", "key")
    list_select_related = ("game",)
