"""The moderators' side of the table talk in the admin: the reported messages (each linking its
page, where the message is read within its conversation and the reading logged) and the log of
those readings. Nothing here shows a conversation's text: only the moderator's page does, for
a report (SITE-CHAT-04)."""
from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from .models import ModeratorRead, Report
from .reports import moderator_url


@admin.register(Report)
class TalkReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "report_link", "status", "game", "read_it")
    list_select_related = ("report", "message__conversation__game")
    readonly_fields = ("report", "message", "created_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return request.method in ("GET", "HEAD")

    @admin.display(description="report")
    def report_link(self, obj: Report) -> str:
        return format_html('<a href="{}">Report {}</a>', reverse("admin:accounts_report_change",
                                                                  args=[obj.report_id]), obj.report_id)

    @admin.display(description="status")
    def status(self, obj: Report) -> str:
        return obj.report.get_status_display()

    @admin.display(description="game")
    def game(self, obj: Report) -> str:
        return str(obj.message.conversation.game)

    @admin.display(description="the message")
    def read_it(self, obj: Report) -> str:
        return format_html('<a href="{}">read it in its conversation (logged)</a>', moderator_url(obj.message))


@admin.register(ModeratorRead)
class ModeratorReadAdmin(admin.ModelAdmin):
    list_display = ("at", "moderator_name", "conversation", "report")
    list_filter = ("moderator_name",)
    readonly_fields = ("moderator", "moderator_name", "conversation", "report", "at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return request.method in ("GET", "HEAD")

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
