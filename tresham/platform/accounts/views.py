"""Account pages: register, log in and out, passwords, personal information, availability,
friends, reports, the code of conduct. Django's auth views wherever they exist."""
from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from django.contrib import messages
from django.contrib.auth import get_user_model, login, views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from ..limits import RateLimited, limited
from ..play.models import Game
from ..ratings import rankings, shown
from . import availability, backends, conduct, friends, moderation, passwords, profiles, registrations, throttle
from .errors import AccountError
from .forms import (AvailabilityFormSet, EmailChangeForm, FriendRequestForm, LoginForm, ProfileForm,
                    RegisterForm, ReportForm, SitePasswordChangeForm)
from .models import Report

def locked_out(request: HttpRequest, original_response=None, credentials=None, *args, **kwargs) -> HttpResponse:
    """django-axes: this account's failed logins from this address make it wait (429 with
    Retry-After and the wait in words, SITE-SAFE-06)."""
    seconds = max(1, AxesProxyHandler.get_implementation().retry_after(request, credentials))
    message = throttle.locked_out_message(seconds)
    if request.path.startswith("/api/"):
        response = JsonResponse({"error": "locked_out", "retry_after": seconds, "message": message}, status=429)
    else:
        response = render(request, "accounts/locked_out.html", {"message": message}, status=429)
    response["Retry-After"] = str(seconds)
    return response


def _next(request: HttpRequest, default: str = "/") -> str:
    url = request.POST.get("next") or request.GET.get("next") or ""
    ok = url_has_allowed_host_and_scheme(url, allowed_hosts={request.get_host()}, require_https=request.is_secure())
    return url if ok else default


def register(request: HttpRequest) -> HttpResponse:
    """Open an account; the new user is logged in."""
    if request.user.is_authenticated:
        return redirect("accounts:me")
    form = RegisterForm(request.POST or None)
    status = 200
    if request.method == "POST":
        try:
            registrations.check(request)
            if form.is_valid():
                user = registrations.register(request, form)
                login(request, user, backend=backends.PATH)
                messages.success(request, "Welcome to Tresham.")
                return redirect(_next(request))
        except RateLimited as e:
            form.add_error(None, e.message)
            return limited(render(request, "accounts/register.html", {"form": form, "next": _next(request, "")},
                                  status=e.status), e)
        except IntegrityError:  # the same name or address taken a moment ago
            form.add_error(None, "this username or e-mail address was just taken: choose another")
    return render(request, "accounts/register.html", {"form": form, "next": _next(request, "")}, status=status)


class LoginView(auth_views.LoginView):
    template_name = "accounts/login.html"
    authentication_form = LoginForm
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    template_name = "accounts/logged_out.html"


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change.html"
    form_class = SitePasswordChangeForm
    success_url = reverse_lazy("accounts:password_change_done")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


class PasswordResetView(auth_views.PasswordResetView):
    template_name = "accounts/password_reset.html"
    form_class = passwords.ResetForm
    email_template_name = passwords.EMAIL_TEMPLATE
    subject_template_name = passwords.SUBJECT_TEMPLATE
    success_url = reverse_lazy("accounts:password_reset_done")

    @property
    def extra_email_context(self):
        return passwords.mail_context()


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")

    def form_valid(self, form):
        response = super().form_valid(form)
        passwords.after_reset(form.user)
        return response


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"


@login_required
def me(request: HttpRequest) -> HttpResponse:
    """Personal information (SITE-ACCT-01), availability (SITE-ACCT-03), his rank (only the
    order, SITE-RANK-02) and his reliability."""
    user, profile = request.user, request.user.profile
    form = ProfileForm(initial={"display_name": profile.display_name, "time_zone": profile.time_zone})
    windows = [{"start": s, "end": e} for s, e in availability.windows_of(user)]
    formset = AvailabilityFormSet(initial=windows, prefix="w")
    window_error = None
    if request.method == "POST" and request.POST.get("section") == "profile":
        form = ProfileForm(request.POST)
        if form.is_valid():
            try:
                profiles.set_display_name(user, form.cleaned_data["display_name"])
                profiles.set_time_zone(user, form.cleaned_data["time_zone"])
            except AccountError as e:
                form.add_error("display_name" if "name" in e.code else None, e.message)
            else:
                messages.success(request, "Your personal information is saved.")
                return redirect("accounts:me")
    elif request.method == "POST" and request.POST.get("section") == "availability":
        formset = AvailabilityFormSet(request.POST, prefix="w")
        if formset.is_valid():
            chosen = [(f.cleaned_data["start"], f.cleaned_data["end"]) for f in formset
                      if f.cleaned_data.get("start") is not None]
            try:
                availability.set_windows(user, chosen)
            except AccountError as e:
                window_error = e.message
            else:
                messages.success(request, "Your availability is saved.")
                return redirect("accounts:me")
    return render(request, "accounts/me.html", {"form": form, "formset": formset, "profile": profile,
                                                "window_error": window_error,
                                                "sanctions": user.moderation_actions.exclude(kind="dismiss"),
                                                "ranks": shown.ranks_of(user),
                                                "reliability": rankings.reliability_of(user)})


@login_required
def change_email(request: HttpRequest) -> HttpResponse:
    """Change one's own e-mail address, with the password (SITE-ACCT-02)."""
    form = EmailChangeForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            profiles.change_email(request, request.user, form.cleaned_data["email"], form.cleaned_data["password"])
        except AccountError as e:
            form.add_error("password" if e.code == "wrong_password" else "email", e.message)
        else:
            messages.success(request, "Your e-mail address is changed.")
            return redirect("accounts:me")
    return render(request, "accounts/email.html", {"form": form})


def _active_user(pk: str):
    """The active user with this id (as text), or None."""
    try:
        return get_user_model().objects.filter(pk=int(pk), is_active=True).first()
    except (TypeError, ValueError):
        return None


@login_required
def friends_page(request: HttpRequest) -> HttpResponse:
    """The friends list (SITE-ACCT-04): friends, requests both ways, a form to ask someone."""
    what = request.POST.get("do") if request.method == "POST" else None
    form = FriendRequestForm(request.POST if what == "request" else None)
    if what == "request" and form.is_valid():
        try:
            row = friends.send_request(request.user, profiles.find_user(form.cleaned_data["name"]))
        except AccountError as e:
            form.add_error("name", e.message)
        else:
            messages.success(request, "You are friends now." if row.status == "accepted" else "Your request is sent.")
            return redirect("accounts:friends")
    elif what in ("accept", "decline", "remove"):
        try:
            getattr(friends, what)(request.user, _active_user(request.POST.get("user", "")))
        except AccountError as e:
            messages.error(request, e.message)
        else:
            messages.success(request, {"accept": "You are friends now.", "decline": "Request declined.",
                                       "remove": "Removed."}[what])
        return redirect("accounts:friends")
    elif what is not None:
        messages.error(request, "unknown action")
    ctx = {"form": form, "friends": friends.friends_of(request.user).select_related("profile"),
           "incoming": friends.incoming(request.user), "outgoing": friends.outgoing(request.user)}
    return render(request, "accounts/friends.html", ctx)


@login_required
def report(request: HttpRequest) -> HttpResponse:
    """Report a player to the administrators (SITE-CONDUCT-10)."""
    form = ReportForm(request.POST or None, initial={"player": request.GET.get("player", ""),
                                                       "game": request.GET.get("game") or None})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        game = Game.objects.filter(pk=data["game"]).first() if data.get("game") else None
        if data.get("game") and game is None:
            form.add_error("game", f"there is no game #{data['game']}")
        else:
            try:
                moderation.file_report(request.user, profiles.find_user(data["player"]), rule=data["rule"],
                                       reason=data["reason"], game=game)
            except AccountError as e:
                form.add_error("player" if e.code in ("no_such_user", "not_yourself", "already_reported")
                               else None, e.message)
            else:
                messages.success(request, "Your report is sent to the administrators.")
                return redirect("accounts:report")
    mine = Report.objects.filter(reporter=request.user).select_related("reported__profile")[:50]
    return render(request, "accounts/report.html", {"form": form, "reports": mine})


def conduct_page(request: HttpRequest) -> HttpResponse:
    """The code of conduct (SITE-CONDUCT-01..11)."""
    return render(request, "accounts/conduct.html", {"rules": conduct.RULES,
                                                     "report_url": reverse("accounts:report")})
