"""The outbox for the administrators: every mail with its text and where it stands -- held
mails (no mail server configured) and failed ones (with the server's last answer) included.
Nothing is edited here; a held or failed mail can be sent again."""
from __future__ import annotations

from django.contrib import admin, messages
from django.utils import timezone

from .models import MailPreference, Outbox


@admin.register(Outbox)
class OutboxAdmin(admin.ModelAdmin):
    list_display = ("created_at", "status", "kind", "address", "subject", "attempts", "next_try_at", "sent_at")
    list_filter = ("status", "kind")
    search_fields = ("address", "subject", "key", "user__username")
    date_hierarchy = "created_at"
    list_select_related = ("user",)
    readonly_fields = ("key", "user", "address", "kind", "game", "subject", "body", "html", "status", "created_at",
                       "attempts", "next_try_at", "sent_at", "last_error", "digest", "message_id")
    fields = readonly_fields
    actions = ["send_again"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return request.method in ("GET", "HEAD") or request.POST.get("action") == "send_again"

    @admin.display(description="Message-ID")
    def message_id(self, obj: Outbox) -> str:
        return obj.message_id

    @admin.action(description="Send the selected held or failed mails again")
    def send_again(self, request, queryset) -> None:
        n = queryset.filter(status__in=[Outbox.Status.HELD, Outbox.Status.FAILED]).update(
            status=Outbox.Status.PENDING, attempts=0, next_try_at=timezone.now(), last_error="")
        self.message_user(request, f"{n} mail(s) will be sent again.", messages.SUCCESS)


@admin.register(MailPreference)
class MailPreferenceAdmin(admin.ModelAdmin):
    list_display = ("user", "delivery", "changed_by", "updated_at")
    list_filter = ("delivery", "changed_by")
    search_fields = ("user__username", "user__email")
    readonly_fields = ("user", "delivery", "changed_by", "updated_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return request.method in ("GET", "HEAD")
