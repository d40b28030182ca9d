"""The moderators' tool: accounts, reports, the moderation log, friendships, logins.

Sanctions are admin actions (on accounts and on reports) that ask for a reason (and the end of
a suspension) on an intermediate page and then call :func:`moderation.sanction`, which changes
the account and writes the log row in one transaction. Sanction fields are read-only
everywhere else, so nothing changes an account's standing without a log row. An e-mail
address changed in the account form needs a reason and is logged in the same transaction
(the admin's change form is atomic).
"""
from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import UserChangeForm
from django.db.models import Count
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from ..play.models import Game, display_name
from . import moderation
from .errors import AccountError
from .models import AvailabilityWindow, Friendship, LoginRecord, ModerationAction, Profile, Report
from .profiles import email_taken

User = get_user_model()
Kind = ModerationAction.Kind


# ---- the moderation actions --------------------------------------------------------------

class SanctionForm(forms.Form):
    reason = forms.CharField(label="Reason (kept in the log and mailed to the player)", max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 4}))
    until = forms.DateTimeField(label="Suspended until (your time zone)", required=False,
                                widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))

    def __init__(self, *args, kind: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.kind = kind
        if kind != Kind.SUSPEND:
            del self.fields["until"]
        else:
            self.fields["until"].required = True

    def clean_until(self):
        until = self.cleaned_data.get("until")
        if until is not None and until <= timezone.now():
            raise forms.ValidationError("a suspension ends in the future")
        return until


VERBS = {Kind.WARN: "Warn", Kind.SUSPEND: "Suspend", Kind.BAN: "Ban", Kind.LIFT: "Lift the sanctions of",
         Kind.DISMISS: "Dismiss", Kind.RENAME: "Clear the display name of"}


def moderate(modeladmin: admin.ModelAdmin, request, queryset, kind: str, *, reports: bool):
    """Ask for the reason (and end), then apply ``kind`` to each selected account (or to the
    player each selected report is about, closing the report)."""
    form = SanctionForm(request.POST if "apply" in request.POST else None, kind=kind)
    objects = list(queryset)
    if form.is_bound and form.is_valid():
        done, refused = 0, []
        for obj in objects:
            target, report = (obj.reported, obj) if reports else (obj, None)
            try:
                moderation.sanction(request.user, target, kind, form.cleaned_data["reason"],
                                    until=form.cleaned_data.get("until"), report=report)
                done += 1
            except AccountError as e:
                refused.append(f"{obj}: {e.message}")
        if done:
            modeladmin.message_user(request, f"{VERBS[kind]}: done for {done}.", messages.SUCCESS)
        for r in refused:
            modeladmin.message_user(request, r, messages.ERROR)
        return None
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": f"{VERBS[kind]} {'the players of these reports' if reports else 'these accounts'}",
        "objects": objects, "form": form, "action": request.POST.get("action", ""),
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME, "opts": modeladmin.model._meta,
    }
    return TemplateResponse(request, "admin/accounts/moderate.html", context)


def _action(kind: str, *, reports: bool, description: str):
    def act(modeladmin, request, queryset):
        return moderate(modeladmin, request, queryset, kind, reports=reports)

    act.__name__ = f"{kind}_{'reported' if reports else 'accounts'}"
    return admin.action(description=description, permissions=["change"])(act)


# ---- accounts ----------------------------------------------------------------------------

class ProfileInline(admin.StackedInline):
    model = Profile
    can_delete = False
    fields = readonly_fields = ("display_name", "time_zone", "banned", "suspended_until")
    verbose_name_plural = "Profile (display name and sanctions change through the moderation actions)"


class AvailabilityInline(admin.TabularInline):
    model = AvailabilityWindow
    extra = 0
    can_delete = False
    fields = readonly_fields = ("start", "end")

    def has_add_permission(self, request, obj=None) -> bool:
        return False  # the player sets his own (the service checks the windows)


class SiteUserChangeForm(UserChangeForm):
    moderation_reason = forms.CharField(label="Reason for changing the e-mail address", required=False,
                                        max_length=2000, widget=forms.Textarea(attrs={"rows": 2}),
                                        help_text="Needed when you change the e-mail address; it is logged "
                                                  "and mailed to both addresses.")

    def clean(self):
        data = super().clean()
        if "email" in self.changed_data:
            email = (data.get("email") or "").strip()
            if email and email_taken(email, exclude=self.instance):
                self.add_error("email", "another account has this e-mail address")
            if not (data.get("moderation_reason") or "").strip():
                self.add_error("moderation_reason", "say why the e-mail address is changed")
        return data


class SanctionFilter(admin.SimpleListFilter):
    title = "sanction"
    parameter_name = "sanction"

    def lookups(self, request, model_admin):
        return [("banned", "Banned"), ("suspended", "Suspended now"), ("none", "None")]

    def queryset(self, request, queryset):
        now = timezone.now()
        if self.value() == "banned":
            return queryset.filter(profile__banned=True)
        if self.value() == "suspended":
            return queryset.filter(profile__banned=False, profile__suspended_until__gt=now)
        if self.value() == "none":
            return queryset.filter(profile__banned=False).exclude(profile__suspended_until__gt=now)
        return queryset


class SharesAddressFilter(admin.SimpleListFilter):
    title = "login address shared with another account"
    parameter_name = "shares_address"

    def lookups(self, request, model_admin):
        return [("yes", "Yes")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            shared = (LoginRecord.objects.values("address_hash").annotate(n=Count("user", distinct=True))
                      .filter(n__gt=1).values("address_hash"))
            return queryset.filter(logins__address_hash__in=shared).distinct()
        return queryset


def _user_link(user) -> str:
    return format_html('<a href="{}">{}</a> ({})', reverse("admin:auth_user_change", args=[user.pk]),
                       display_name(user), user.get_username())


class SiteUserAdmin(UserAdmin):
    form = SiteUserChangeForm
    inlines = [ProfileInline, AvailabilityInline]
    list_display = ("username", "shown_name", "email", "is_staff", "is_active", "banned", "suspended_until",
                    "date_joined", "last_login")
    list_filter = (SanctionFilter, SharesAddressFilter, "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "email", "profile__display_name")
    list_select_related = ("profile",)
    readonly_fields = ("same_address", "moderation_history", "last_login", "date_joined")
    fieldsets = UserAdmin.fieldsets + (
        ("Moderation", {"fields": ("moderation_reason", "same_address", "moderation_history")}),
    )
    actions = [
        _action(Kind.WARN, reports=False, description="Warn the selected accounts"),
        _action(Kind.SUSPEND, reports=False, description="Suspend the selected accounts"),
        _action(Kind.BAN, reports=False, description="Ban the selected accounts"),
        _action(Kind.LIFT, reports=False, description="Lift the sanctions of the selected accounts"),
        _action(Kind.RENAME, reports=False, description="Clear the display name of the selected accounts"),
    ]

    @admin.display(description="shown name", ordering="profile__display_name")
    def shown_name(self, obj) -> str:
        return display_name(obj)

    @admin.display(boolean=True, ordering="profile__banned")
    def banned(self, obj) -> bool:
        return obj.profile.banned

    @admin.display(ordering="profile__suspended_until")
    def suspended_until(self, obj):
        return obj.profile.suspended_until

    @admin.display(description="accounts seen at the same address (SITE-ACCT-07)")
    def same_address(self, obj) -> str:
        if obj is None or obj.pk is None:
            return "-"
        found = moderation.same_address_accounts(obj)
        if not found:
            return "No other account logged in from this account's addresses or networks."
        rows = format_html_join(
            "", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            ((_user_link(s.user), "same network only" if s.same_network_only else "same address",
              s.addresses, s.last_seen.strftime("%Y-%m-%d %H:%M"),
              format_html_join(", ", '<a href="{}">{} (#{})</a>',
                               ((reverse("admin:play_game_change", args=[g.pk]) if _game_admin() else "#", g.name,
                                 g.pk) for g in s.games)) or "none")
             for s in found))
        logins = reverse("admin:accounts_loginrecord_changelist") + f"?user__id__exact={obj.pk}"
        return format_html('<table><thead><tr><th>Account</th><th>Seen at</th><th>Addresses shared</th>'
                           '<th>Its last login there</th><th>Games together</th></tr></thead><tbody>{}</tbody>'
                           '</table><p><a href="{}">This account\'s logins</a></p>', rows, logins)

    @admin.display(description="moderation log")
    def moderation_history(self, obj) -> str:
        if obj is None or obj.pk is None:
            return "-"
        rows = ModerationAction.objects.filter(target=obj)[:30]
        if not rows:
            return "Nothing yet."
        return format_html("<ul>{}</ul>", format_html_join(
            "", "<li>{} {} by {}: {}</li>",
            ((a.at.strftime("%Y-%m-%d %H:%M"), a.get_kind_display(), a.actor_name, a.reason) for a in rows)))

    def save_model(self, request, obj, form, change) -> None:
        """An e-mail change is logged in the change form's transaction (SITE-ACCT-02)."""
        super().save_model(request, obj, form, change)
        if change and "email" in form.changed_data:
            moderation.log_email_change(request.user, obj, form.initial.get("email") or "", obj.email,
                                        form.cleaned_data.get("moderation_reason", ""))


def _game_admin() -> bool:
    return admin.site.is_registered(Game)


if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, SiteUserAdmin)


@admin.register(Profile)
class ProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "display_name", "time_zone", "banned", "suspended_until")
    list_filter = ("banned", "time_zone")
    search_fields = ("user__username", "user__email", "display_name")
    readonly_fields = ("user", "banned", "suspended_until")
    fields = ("user", "display_name", "time_zone", "banned", "suspended_until")
    list_select_related = ("user",)

    def has_add_permission(self, request) -> bool:
        return False  # every user has one from the start

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # changes go through the user's page and the moderation actions

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


# ---- reports -----------------------------------------------------------------------------

@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("id", "created_at", "status", "reported_link", "reporter_link", "rule", "game", "reports_against")
    list_filter = ("status", "rule", "created_at")
    search_fields = ("reported__username", "reported__profile__display_name", "reporter__username",
                     "reporter__profile__display_name", "reason")
    list_select_related = ("reported__profile", "reporter__profile", "game")
    readonly_fields = ("reporter", "reported", "game", "rule", "reason", "status", "created_at", "handled_by",
                       "handled_at", "decisions")
    date_hierarchy = "created_at"
    actions = [
        _action(Kind.DISMISS, reports=True, description="Dismiss the selected reports (no sanction)"),
        _action(Kind.WARN, reports=True, description="Warn the reported players"),
        _action(Kind.SUSPEND, reports=True, description="Suspend the reported players"),
        _action(Kind.BAN, reports=True, description="Ban the reported players"),
        _action(Kind.RENAME, reports=True, description="Clear the reported players' display names"),
    ]

    def has_add_permission(self, request) -> bool:
        return False  # players report; administrators decide

    @admin.display(description="reported", ordering="reported__username")
    def reported_link(self, obj: Report) -> str:
        return _user_link(obj.reported)

    @admin.display(description="by", ordering="reporter__username")
    def reporter_link(self, obj: Report) -> str:
        return _user_link(obj.reporter) if obj.reporter else "(deleted account)"

    @admin.display(description="reports against him")
    def reports_against(self, obj: Report) -> int:
        return Report.objects.filter(reported=obj.reported_id).count()

    @admin.display(description="decisions")
    def decisions(self, obj: Report) -> str:
        rows = obj.actions.all()
        return format_html_join("", "<p>{} {} by {}: {}</p>", ((a.at.strftime("%Y-%m-%d %H:%M"),
                                a.get_kind_display(), a.actor_name, a.reason) for a in rows)) or "-"


# ---- the log and the rest ------------------------------------------------------------------

class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnly):
    list_display = ("at", "kind", "target_name", "actor_name", "until", "short_reason", "report")
    list_filter = ("kind", "at")
    search_fields = ("target_name", "actor_name", "reason", "detail")
    date_hierarchy = "at"

    @admin.display(description="reason")
    def short_reason(self, obj: ModerationAction) -> str:
        return obj.reason if len(obj.reason) <= 80 else obj.reason[:79] + "…"


@admin.register(LoginRecord)
class LoginRecordAdmin(ReadOnly):
    list_display = ("at", "user", "address", "network", "user_agent")
    list_filter = ("at",)
    search_fields = ("user__username", "user__profile__display_name", "address_hash", "network_hash")
    list_select_related = ("user",)
    date_hierarchy = "at"

    @admin.display(description="address (hash)")
    def address(self, obj: LoginRecord) -> str:
        url = reverse("admin:accounts_loginrecord_changelist") + f"?address_hash={obj.address_hash}"
        return format_html('<a href="{}" title="every login from this address">{}</a>', url, obj.address_hash[:12])

    @admin.display(description="network (hash)")
    def network(self, obj: LoginRecord) -> str:
        url = reverse("admin:accounts_loginrecord_changelist") + f"?network_hash={obj.network_hash}"
        return format_html('<a href="{}" title="every login from this network">{}</a>', url, obj.network_hash[:12])


@admin.register(Friendship)
class FriendshipAdmin(admin.ModelAdmin):
    list_display = ("user_a", "user_b", "requested_by", "status", "created_at", "answered_at")
    list_filter = ("status",)
    search_fields = ("user_a__username", "user_b__username", "user_a__profile__display_name",
                     "user_b__profile__display_name")
    list_select_related = ("user_a", "user_b", "requested_by")
    readonly_fields = ("user_a", "user_b", "requested_by", "status", "created_at", "answered_at")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(AvailabilityWindow)
class AvailabilityWindowAdmin(ReadOnly):
    list_display = ("user", "start", "end")
    search_fields = ("user__username", "user__profile__display_name")
    list_select_related = ("user",)
