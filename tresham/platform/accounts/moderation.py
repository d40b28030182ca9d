"""Moderation (SITE-CONDUCT-10): players report, administrators decide.

Every decision of an administrator goes through :func:`sanction` (or :func:`log_email_change`)
and is written to the :class:`ModerationAction` log in the same transaction as the change, so
the log and the accounts never disagree. The evidence for one person with several accounts in
a game (SITE-ACCT-07, SITE-CONDUCT-08) is :func:`same_address_accounts`.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, Max, Q
from django.urls import reverse
from django.utils import timezone

from ..play.models import Game, display_name
from . import conduct
from .errors import AccountError
from .mails import send_after_commit, site_link
from .models import LoginRecord, ModerationAction, Profile, Report

User = get_user_model()

#: A player may have at most this many open reports made in the last 24 hours.
MAX_OPEN_REPORTS_PER_DAY = 3
Kind = ModerationAction.Kind


def file_report(reporter, reported, *, rule: int, reason: str, game: Game | None = None) -> Report:
    """``reporter`` reports ``reported`` to the administrators, who get a mail.

    Refused: reporting oneself, an unknown player, a rule one cannot report under, an empty
    reason, a second open report about the same player, more than
    :data:`MAX_OPEN_REPORTS_PER_DAY` open reports made in a day."""
    if reported is None or not reported.is_active:
        raise AccountError("no_such_user", "there is no such player", 404)
    if reported.pk == reporter.pk:
        raise AccountError("not_yourself", "you cannot report yourself")
    rule_ = conduct.BY_NUMBER.get(rule)
    if rule_ is None or not rule_.reportable:
        allowed = ", ".join(str(r.number) for r in conduct.REPORTABLE)
        raise AccountError("bad_rule", f"a report is about one of the rules {allowed}")
    reason = (reason or "").strip()
    if len(reason) < 10:
        raise AccountError("bad_reason", "say in a few words (10 characters at least) what happened")
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=reporter.pk).first()  # one report of his at a time
        mine = Report.objects.filter(reporter=reporter, status=Report.Status.OPEN)
        if mine.filter(reported=reported).exists():
            raise AccountError("already_reported", "your earlier report about this player is still open", 409)
        if mine.filter(created_at__gt=timezone.now() - dt.timedelta(days=1)).count() >= MAX_OPEN_REPORTS_PER_DAY:
            raise AccountError("too_many_reports", f"you have {MAX_OPEN_REPORTS_PER_DAY} open reports from the "
                               "last 24 hours; the administrators will read them first", 429)
        report = Report.objects.create(reporter=reporter, reported=reported, game=game, rule=rule, reason=reason)
        staff = User.objects.filter(is_staff=True, is_active=True).exclude(email="").values_list("email", flat=True)
        about = f" in the game {game.name} (#{game.pk})" if game else ""
        body = (f"{display_name(reporter)} reports {display_name(reported)}{about} under rule {rule} "
                f"({rule_.title}):\n\n{reason}\n\n"
                f"{site_link(reverse('admin:accounts_report_change', args=[report.pk]))}")
        send_after_commit(f"Report #{report.pk}: {display_name(reported)}", body, staff)
    return report


def _name(user) -> str:
    return user.get_username() if user is not None else ""


def sanction(actor, target, kind: str, reason: str, *, until: dt.datetime | None = None,
             report: Report | None = None) -> ModerationAction:
    """An administrator's decision about ``target``: warn, suspend (until ``until``), ban, lift
    (ends a ban and a suspension), clear his display name (an offensive one: his username is
    shown again), or dismiss (a report, no sanction). The account, the log
    row and the report (closed) change in one transaction; the player is told by mail."""
    reason = (reason or "").strip()
    if not reason:
        raise AccountError("no_reason", "give the reason (it is kept in the moderation log and told to the player)")
    if kind not in (Kind.WARN, Kind.SUSPEND, Kind.BAN, Kind.LIFT, Kind.DISMISS, Kind.RENAME):
        raise AccountError("bad_kind", f"unknown moderation action {kind!r}")
    if kind == Kind.SUSPEND and (until is None or until <= timezone.now()):
        raise AccountError("bad_until", "a suspension ends at a moment in the future")
    if kind == Kind.DISMISS and report is None:
        raise AccountError("no_report", "only a report is dismissed")
    if actor is not None and actor.pk == target.pk:
        raise AccountError("not_yourself", "an administrator does not moderate his own account")
    with transaction.atomic():
        if report is not None:
            report = Report.objects.select_for_update(of=("self",)).select_related("reporter").get(pk=report.pk)
            if report.status != Report.Status.OPEN:
                raise AccountError("report_closed", f"report #{report.pk} is closed already", 409)
            if report.reported_id != target.pk:
                raise AccountError("wrong_report", f"report #{report.pk} is about someone else")
        profile = Profile.objects.select_for_update().select_related("user").get(user=target)
        if kind == Kind.SUSPEND:
            profile.suspended_until = until
        elif kind == Kind.BAN:
            profile.banned = True
        elif kind == Kind.LIFT:
            profile.banned, profile.suspended_until = False, None
        detail = ""
        if kind == Kind.RENAME:
            detail, profile.display_name = f"was {profile.display_name!r}", ""
        profile.save(update_fields=["banned", "suspended_until", "display_name"])
        action = ModerationAction.objects.create(
            actor=actor, actor_name=_name(actor), target=target, target_name=_name(target), kind=kind,
            reason=reason, until=until if kind == Kind.SUSPEND else None, report=report, detail=detail[:300])
        if report is not None:
            report.status = Report.Status.DISMISSED if kind == Kind.DISMISS else Report.Status.ACTIONED
            report.handled_by, report.handled_at = actor, timezone.now()
            report.save(update_fields=["status", "handled_by", "handled_at"])
            if report.reporter is not None:
                send_after_commit(f"Your report #{report.pk}",
                                  f"The administrators have dealt with your report about "
                                  f"{display_name(target)}. Thank you.", [report.reporter.email])
        _tell(profile, kind, reason, until)
    return action


def _tell(profile: Profile, kind: str, reason: str, until: dt.datetime | None) -> None:
    if kind == Kind.DISMISS:
        return
    what = {Kind.WARN: "The administrators warn you about your conduct on the site.",
            Kind.SUSPEND: f"Your account is suspended: {profile.restriction(timezone.now()) or ''}",
            Kind.BAN: "Your account is banned from the site.",
            Kind.LIFT: "The sanctions on your account are lifted.",
            Kind.RENAME: "The administrators cleared your display name; your username is shown until you "
                         "choose another name."}[kind]
    send_after_commit(dict(Kind.choices)[kind], f"{what}\n\nReason: {reason}\n\nThe code of conduct: "
                      f"{site_link(reverse('accounts:conduct'))}", [profile.user.email])


def log_email_change(actor, target, old: str, new: str, reason: str) -> ModerationAction:
    """Log an administrator's change of ``target``'s e-mail address (SITE-ACCT-02); call it
    inside the transaction that saves the change. Both addresses are told."""
    reason = (reason or "").strip()
    if not reason:
        raise AccountError("no_reason", "give the reason for changing the e-mail address")
    action = ModerationAction.objects.create(actor=actor, actor_name=_name(actor), target=target,
                                             target_name=_name(target), kind=Kind.EMAIL, reason=reason,
                                             detail=f"{old or '(none)'} -> {new or '(none)'}"[:300])
    send_after_commit("Your e-mail address was changed",
                      f"An administrator changed the e-mail address of your account {target.get_username()} "
                      f"from {old or '(none)'} to {new or '(none)'}.\n\nReason: {reason}", [old, new])
    return action


@dataclass
class SharedAddress:
    """Another account seen at one of a user's login addresses."""

    user: object
    addresses: int
    last_seen: dt.datetime
    same_network_only: bool
    games: list[Game] = field(default_factory=list)


def shared_games(a, b) -> list[Game]:
    """Games in which both accounts held a seat or gave an order."""
    def games_of(u):
        return Game.objects.filter(Q(seats__user=u) | Q(log__account=u)).values("pk")

    return list(Game.objects.filter(pk__in=games_of(a)).filter(pk__in=games_of(b)).order_by("-created_at"))


def same_address_accounts(user) -> list[SharedAddress]:
    """Other accounts that logged in from an address ``user`` logged in from (or, weaker, from
    the same network), with the games they shared: the evidence for SITE-ACCT-07."""
    mine = LoginRecord.objects.filter(user=user)
    exact = (LoginRecord.objects.filter(address_hash__in=mine.values("address_hash")).exclude(user=user)
             .values("user").annotate(n=Count("address_hash", distinct=True), last=Max("at")))
    near = (LoginRecord.objects.filter(network_hash__in=mine.values("network_hash")).exclude(user=user)
            .values("user").annotate(n=Count("network_hash", distinct=True), last=Max("at")))
    found: dict[int, SharedAddress] = {}
    users = {u.pk: u for u in User.objects.filter(
        pk__in={r["user"] for r in exact} | {r["user"] for r in near}).select_related("profile")}
    for rows, network_only in ((exact, False), (near, True)):
        for r in rows:
            if r["user"] not in found:
                found[r["user"]] = SharedAddress(users[r["user"]], r["n"], r["last"], network_only)
    for s in found.values():
        s.games = shared_games(user, s.user)
    return sorted(found.values(), key=lambda s: (s.same_network_only, -len(s.games), s.user.pk))
