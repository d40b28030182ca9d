"""The JSON API of accounts (under /api/accounts/): register, log in and out, passwords,
personal information, availability, friends, reports, the code of conduct.

Sessions are Django's (HttpOnly cookie). Every unsafe request needs the CSRF token in the
``X-CSRFToken`` header: ``GET /api/accounts/csrf`` sets the cookie and returns the token; the
endpoints open to anonymous callers (register, log in, password reset) check it too. Other
players appear by id and shown name only; their usernames and addresses never leave the server.
"""
from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from django.contrib.auth import authenticate, get_user_model, login, logout, update_session_auth_hash
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.middleware.csrf import get_token
from ninja import Field, Router, Schema, Status
from pydantic import AfterValidator, WithJsonSchema
from ninja.utils import check_csrf

from ..api_errors import ERRORS, ErrorOut
from ..play.models import Game, display_name
from . import availability, backends, conduct, friends, moderation, passwords, profiles, registrations
from .errors import AccountError
from .forms import RegisterForm, SitePasswordChangeForm
from .models import Friendship, ModerationAction, Report

router = Router(tags=["accounts"])


def _no_nul(value: str) -> str:
    if "\x00" in value:
        raise ValueError("text must not contain NUL characters")
    return value


#: Text from a client: no NUL character (PostgreSQL cannot store or compare one).
Text = Annotated[str, AfterValidator(_no_nul)]


ERRORS = {**ERRORS, 429: ErrorOut}


def _require_csrf(request: HttpRequest) -> None:
    """The CSRF check SessionAuth does for logged-in callers, for the anonymous endpoints."""
    if check_csrf(request) is not None:
        raise AccountError("csrf_failed", "the CSRF token is missing or wrong: GET /api/accounts/csrf first "
                           "and send the token in the X-CSRFToken header", 403)


def _form_error(form) -> AccountError:
    """A Django form's first error as an API error."""
    for field, errors in form.errors.as_data().items():
        e = errors[0]
        where = "" if field == "__all__" else f"{field}: "
        return AccountError(e.code or "invalid", where + " ".join(e.messages))
    return AccountError("invalid", "invalid request")


# ---- session ---------------------------------------------------------------------------

class CsrfOut(Schema):
    csrf_token: str = Field(description="send it back in the X-CSRFToken header of unsafe requests")


@router.get("/csrf", response=CsrfOut, auth=None, summary="Get a CSRF token (and its cookie)")
def csrf(request: HttpRequest):
    return {"csrf_token": get_token(request)}


#: A time of day, "HH:MM" or "HH:MM:SS" (OpenAPI's format "time" would demand a UTC offset).
TimeOfDay = Annotated[dt.time, WithJsonSchema({"type": "string",
                                               "pattern": r"^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\.[0-9]{1,6})?)?$"})]


class WindowIO(Schema):
    start: TimeOfDay = Field(description="HH:MM in your time zone")
    end: TimeOfDay = Field(description="HH:MM; before start = runs past midnight")


class SanctionOut(Schema):
    kind: str
    reason: str
    until: dt.datetime | None
    at: dt.datetime


class MeOut(Schema):
    id: int
    username: str
    name: str = Field(description="the name others see")
    display_name: str
    email: str
    time_zone: str
    availability: list[WindowIO]
    is_staff: bool
    messages_from_administrators: list[SanctionOut]


def me_out(user) -> dict:
    profile = user.profile
    actions = ModerationAction.objects.filter(target=user).exclude(kind=ModerationAction.Kind.DISMISS)[:20]
    return {"id": user.pk, "username": user.get_username(), "name": display_name(user),
            "display_name": profile.display_name, "email": user.email, "time_zone": profile.time_zone,
            "availability": [{"start": s, "end": e} for s, e in availability.windows_of(user)],
            "is_staff": user.is_staff,
            "messages_from_administrators": [{"kind": a.kind, "reason": a.reason, "until": a.until, "at": a.at}
                                             for a in actions]}


class RegisterIn(Schema):
    username: Text = Field(max_length=150)
    email: Text = Field(max_length=254)
    password1: Text = Field(max_length=4096)
    password2: Text = Field(max_length=4096)
    display_name: Text = Field("", max_length=40)
    time_zone: Text = Field("UTC", max_length=64)


@router.post("/register", response={201: MeOut, **ERRORS}, auth=None, summary="Open an account (and log in)")
def register(request: HttpRequest, body: RegisterIn):
    """The site's password validators apply; usernames, display names and e-mail addresses are
    unique regardless of case. One address opens at most 5 accounts in 24 hours (the setting
    ``RATE_LIMITS["registrations"]``; 429 ``rate_limited`` with Retry-After beyond)."""
    _require_csrf(request)
    if request.user.is_authenticated:
        raise AccountError("logged_in", "log out before opening another account", 409)
    registrations.check(request)
    form = RegisterForm(body.dict())
    if not form.is_valid():
        raise _form_error(form)
    try:
        user = registrations.register(request, form)
    except IntegrityError:
        raise AccountError("taken", "this username or e-mail address was just taken", 409) from None
    login(request, user, backend=backends.PATH)
    return Status(201, me_out(user))


class LoginIn(Schema):
    username: Text = Field(max_length=150)
    password: Text = Field(max_length=4096)


@router.post("/login", response={200: MeOut, **ERRORS}, auth=None, summary="Log in")
def login_(request: HttpRequest, body: LoginIn):
    """Failed logins are limited per account and per address (429 once locked out); banned and
    suspended accounts get 403 with the reason."""
    _require_csrf(request)
    user = authenticate(request=request, username=body.username, password=body.password)
    if user is None:
        raise AccountError("bad_credentials", "the username or the password is not right", 401)
    why = user.profile.restriction()
    if why:
        raise AccountError("account_restricted", why, 403)
    login(request, user)
    return Status(200, me_out(user))


class OkOut(Schema):
    ok: bool
    message: str = ""


@router.post("/logout", response={200: OkOut, **ERRORS}, summary="Log out")
def logout_(request: HttpRequest):
    logout(request)
    return Status(200, {"ok": True, "message": "logged out"})


@router.get("/me", response={200: MeOut, **ERRORS}, summary="Your personal information")
def me(request: HttpRequest):
    return Status(200, me_out(request.user))


class MePatch(Schema):
    display_name: Text | None = Field(None, max_length=40, description="empty: show the username")
    time_zone: Text | None = Field(None, max_length=64, description="an IANA name, e.g. Europe/Paris")
    email: Text | None = Field(None, max_length=254, description="needs current_password")
    current_password: Text | None = Field(None, max_length=4096)


@router.patch("/me", response={200: MeOut, **ERRORS}, summary="Change your personal information")
def patch_me(request: HttpRequest, body: MePatch):
    """Display name, time zone, and (with your password) the e-mail address for game mails
    (SITE-ACCT-01, -02). Everything is checked before anything changes."""
    user = request.user
    email = None
    if body.email is not None and body.email.strip() != user.email:
        email = profiles.check_email_change(request, user, body.email, body.current_password or "")
    with transaction.atomic():
        if body.time_zone is not None:
            profiles.set_time_zone(user, body.time_zone)
        if body.display_name is not None:
            profiles.set_display_name(user, body.display_name)
        if email is not None:
            profiles.apply_email(user, email)
    user.refresh_from_db()
    return Status(200, me_out(user))


class AvailabilityIn(Schema):
    windows: list[WindowIO] = Field(max_length=availability.MAX_WINDOWS)


@router.put("/me/availability", response={200: list[WindowIO], **ERRORS}, summary="Set your availability")
def put_availability(request: HttpRequest, body: AvailabilityIn):
    """Replace your daily availability windows (SITE-ACCT-03); an empty list: always available."""
    windows = availability.set_windows(request.user, [(w.start, w.end) for w in body.windows])
    return Status(200, [{"start": s, "end": e} for s, e in windows])


class PasswordIn(Schema):
    old_password: Text = Field(max_length=4096)
    new_password1: Text = Field(max_length=4096)
    new_password2: Text = Field(max_length=4096)


@router.post("/password", response={200: OkOut, **ERRORS}, summary="Change your password")
def change_password(request: HttpRequest, body: PasswordIn):
    """Your session stays logged in; others of your sessions are logged out."""
    form = SitePasswordChangeForm(request.user, body.dict(), request=request)
    if not form.is_valid():
        raise _form_error(form)
    form.save()
    update_session_auth_hash(request, form.user)
    return Status(200, {"ok": True, "message": "password changed"})


class ResetIn(Schema):
    email: Text = Field(max_length=254)


@router.post("/password-reset", response={202: OkOut, **ERRORS}, auth=None, summary="Mail a password reset link")
def password_reset(request: HttpRequest, body: ResetIn):
    """The answer is the same whether or not an account has this address."""
    _require_csrf(request)
    if not passwords.send_reset_mail(request, body.email):
        raise AccountError("bad_email", "this is not an e-mail address")
    return Status(202, {"ok": True, "message": "if an account has this address, a reset link is on its way"})


class ResetConfirmIn(Schema):
    uid: Text = Field(max_length=64, description="the <uid> part of the mailed link /accounts/reset/<uid>/<token>/")
    token: Text = Field(max_length=128)
    new_password1: Text = Field(max_length=4096)
    new_password2: Text = Field(max_length=4096)


@router.post("/password-reset/confirm", response={200: OkOut, **ERRORS}, auth=None,
             summary="Set a new password with the mailed link")
def password_reset_confirm(request: HttpRequest, body: ResetConfirmIn):
    _require_csrf(request)
    user = passwords.user_of_link(body.uid, body.token)
    if user is None:
        raise AccountError("invalid_link", "this reset link was used already, is too old or is wrong")
    form = passwords.set_password_form(user, {"new_password1": body.new_password1,
                                              "new_password2": body.new_password2})
    if not form.is_valid():
        raise _form_error(form)
    form.save()
    passwords.after_reset(user)
    return Status(200, {"ok": True, "message": "password set: log in with it"})


# ---- friends ---------------------------------------------------------------------------

class PlayerOut(Schema):
    id: int
    name: str


class FriendsOut(Schema):
    friends: list[PlayerOut]
    incoming: list[PlayerOut] = Field(description="players asking you")
    outgoing: list[PlayerOut] = Field(description="players you asked")


def _player(user) -> dict:
    return {"id": user.pk, "name": display_name(user)}


@router.get("/friends", response={200: FriendsOut, **ERRORS}, summary="Your friends and waiting requests")
def list_friends(request: HttpRequest):
    user = request.user
    out = [_player(u) for u in friends.friends_of(user).select_related("profile")]
    inc = [_player(r.requested_by) for r in friends.incoming(user)]
    outg = [_player(r.user_b if r.user_a_id == user.pk else r.user_a) for r in friends.outgoing(user)]
    return Status(200, {"friends": out, "incoming": inc, "outgoing": outg})


class FriendIn(Schema):
    name: Text = Field(min_length=1, max_length=150, description="the player's shown name or username")


class FriendshipOut(Schema):
    player: PlayerOut
    status: Literal["pending", "accepted", "declined"]


def _other(user_id: int):
    """The active user with this id, or None."""
    return get_user_model().objects.filter(pk=user_id, is_active=True).first()


@router.post("/friends", response={201: FriendshipOut, **ERRORS}, summary="Ask a player to be your friend")
def add_friend(request: HttpRequest, body: FriendIn):
    """When he had asked you already, you are friends at once."""
    other = profiles.find_user(body.name)
    row = friends.send_request(request.user, other)
    return Status(201, {"player": _player(other), "status": row.status})


def _answer(request: HttpRequest, user_id: int, what: str):
    other = _other(user_id)
    row: Friendship = getattr(friends, what)(request.user, other)
    return Status(200, {"player": _player(other), "status": row.status})


@router.post("/friends/{user_id}/accept", response={200: FriendshipOut, **ERRORS}, summary="Accept a request")
def accept_friend(request: HttpRequest, user_id: int):
    return _answer(request, user_id, "accept")


@router.post("/friends/{user_id}/decline", response={200: FriendshipOut, **ERRORS}, summary="Decline a request")
def decline_friend(request: HttpRequest, user_id: int):
    return _answer(request, user_id, "decline")


@router.delete("/friends/{user_id}", response={200: OkOut, **ERRORS},
               summary="Remove a friend, or withdraw your request")
def remove_friend(request: HttpRequest, user_id: int):
    friends.remove(request.user, _other(user_id))
    return Status(200, {"ok": True, "message": "removed"})


# ---- conduct and reports ---------------------------------------------------------------

class RuleOut(Schema):
    number: int
    id: str
    title: str
    text: str
    reportable: bool


@router.get("/conduct", response=list[RuleOut], auth=None, summary="The code of conduct")
def conduct_rules(request: HttpRequest):
    return [{"number": r.number, "id": r.site_id, "title": r.title, "text": r.text, "reportable": r.reportable}
            for r in conduct.RULES]


class ReportIn(Schema):
    player: Text = Field(min_length=1, max_length=150, description="the player's shown name or username")
    rule: int = Field(ge=1, le=99, description="the number of the conduct rule broken (see /conduct)")
    reason: Text = Field(min_length=10, max_length=2000, description="what happened")
    game_id: int | None = Field(None, ge=1, description="the game it happened in, if any")


class ReportOut(Schema):
    id: int
    player: PlayerOut
    rule: int
    game_id: int | None
    status: str
    created_at: dt.datetime


def _report_out(r: Report) -> dict:
    return {"id": r.pk, "player": _player(r.reported), "rule": r.rule, "game_id": r.game_id,
            "status": r.status, "created_at": r.created_at}


@router.post("/reports", response={201: ReportOut, **ERRORS}, summary="Report a player to the administrators")
def add_report(request: HttpRequest, body: ReportIn):
    """At most a few open reports a day, one open report per player; never about yourself."""
    game = None
    if body.game_id is not None:
        game = Game.objects.filter(pk=body.game_id).first()
        if game is None:
            raise AccountError("no_such_game", f"there is no game #{body.game_id}", 404)
    r = moderation.file_report(request.user, profiles.find_user(body.player), rule=body.rule,
                               reason=body.reason, game=game)
    return Status(201, _report_out(r))


@router.get("/reports", response={200: list[ReportOut], **ERRORS}, summary="Your reports and their state")
def my_reports(request: HttpRequest):
    rows = Report.objects.filter(reporter=request.user).select_related("reported__profile")[:100]
    return Status(200, [_report_out(r) for r in rows])
