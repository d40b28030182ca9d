"""Each user's choice of how he gets the game mails (SITE-EMAIL, SITE-NOTIFY-02/03): site-wide
each at once (the default), one digest a day, or none; for one game, every mail, in the
digest or muted, over the site-wide choice; and his reminders before a deadline."""
from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from .models import GAME_KINDS, REMIND_BEFORE, REMIND_SHARE, Delivery, GameDelivery, GamePreference, MailPreference, \
    Outbox

#: The most a reminder's share or minutes may be (99 %, a week).
MAX_SHARE, MAX_BEFORE = 99, 7 * 24 * 60


def delivery_of(user) -> str:
    """The user's site-wide :class:`Delivery` (immediate when he never chose)."""
    if user is None or user.pk is None:
        return Delivery.IMMEDIATE
    choice = MailPreference.objects.filter(user=user).values_list("delivery", flat=True).first()
    return choice or Delivery.IMMEDIATE


def game_choice(user, game) -> str:
    """The user's :class:`GameDelivery` for ``game``, "" when he chose none for it."""
    if user is None or user.pk is None or game is None:
        return ""
    pk = getattr(game, "pk", game)
    return GamePreference.objects.filter(user=user, game_id=pk).values_list("delivery", flat=True).first() or ""


def delivery_for(user, game=None) -> str:
    """How a mail of ``game`` (None: no one game) reaches ``user``, as a :class:`Delivery`: none
    if he takes no game mails at all (the one-click unsubscribe stops every game's), else his
    choice for the game (every mail: at once; muted: none), else his site-wide choice."""
    site = delivery_of(user)
    if site == Delivery.NONE or game is None:
        return site
    choice = game_choice(user, game)
    if choice == GameDelivery.EVERY:
        return Delivery.IMMEDIATE
    if choice == GameDelivery.DIGEST:
        return Delivery.DIGEST
    if choice == GameDelivery.MUTED:
        return Delivery.NONE
    return site


@dataclass(frozen=True)
class Reminders:
    """When a user is reminded before his deadline: ``share`` percent of the decision's time
    left (0: never), ``before`` minutes before it (0: never)."""

    share: int = REMIND_SHARE
    before: int = REMIND_BEFORE


def reminders_of(user) -> Reminders:
    row = MailPreference.objects.filter(user=user).values_list("remind_share", "remind_before").first()
    return Reminders(*row) if row else Reminders()


@transaction.atomic
def set_delivery(user, delivery: str, *, changed_by: str = "page") -> MailPreference:
    """Set the user's choice, and apply it to his game mails not sent yet: "none" drops them
    (skipped), "digest" puts them in his next digest, "immediate" sends those waiting for a
    digest at once. ValueError for anything but a :class:`Delivery`."""
    if delivery not in Delivery.values:
        raise ValueError(f"{delivery!r} is not one of {', '.join(Delivery.values)}")
    pref, _ = MailPreference.objects.select_for_update().get_or_create(user=user)
    pref.delivery, pref.changed_by = delivery, changed_by
    pref.save(update_fields=["delivery", "changed_by", "updated_at"])
    waiting = Outbox.objects.filter(user=user, kind__in=[k for k in GAME_KINDS if k != "digest"])
    S = Outbox.Status
    if delivery == Delivery.NONE:
        waiting.filter(status__in=[S.PENDING, S.DIGEST, S.HELD]).update(
            status=S.SKIPPED, last_error="the recipient takes no game mails")
    elif delivery == Delivery.DIGEST:
        waiting.filter(status=S.PENDING, attempts=0).exclude(
            game__in=GamePreference.objects.filter(user=user, delivery=GameDelivery.EVERY).values("game")
        ).update(status=S.DIGEST)
    else:
        waiting.filter(status=S.DIGEST).exclude(
            game__in=GamePreference.objects.filter(user=user, delivery=GameDelivery.DIGEST).values("game")
        ).update(status=S.PENDING)
    return pref


@transaction.atomic
def set_reminders(user, *, share: int, before: int) -> MailPreference:
    """Set when the user is reminded (ValueError out of range); his reminders to come are
    written again for his deadlines now running (:func:`.reminders.rewrite_for`)."""
    from . import reminders  # the reminders read these preferences: imported when changed

    for name, value, top in (("share", share, MAX_SHARE), ("before", before, MAX_BEFORE)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise ValueError(f"{name} is a whole number from 0 to {top}")
    pref, _ = MailPreference.objects.select_for_update().get_or_create(user=user)
    pref.remind_share, pref.remind_before = share, before
    pref.save(update_fields=["remind_share", "remind_before", "updated_at"])
    reminders.rewrite_for(user)
    return pref


@transaction.atomic
def set_game_delivery(user, game, delivery: str) -> str:
    """Set the user's choice for ``game`` (a :class:`GameDelivery`, or "" for his site-wide one)
    and apply it to the game's mails not sent yet, as :func:`set_delivery` does."""
    if delivery not in GameDelivery.values and delivery != "":
        raise ValueError(f"{delivery!r} is not one of {', '.join(GameDelivery.values)} or empty")
    if delivery == "":
        GamePreference.objects.filter(user=user, game=game).delete()
    else:
        GamePreference.objects.update_or_create(user=user, game=game, defaults={"delivery": delivery})
    now = delivery_for(user, game)
    waiting = Outbox.objects.filter(user=user, game=game, kind__in=[k for k in GAME_KINDS if k != "digest"])
    S = Outbox.Status
    if now == Delivery.NONE:
        waiting.filter(status__in=[S.PENDING, S.DIGEST, S.HELD]).update(status=S.SKIPPED,
                                                                       last_error="the recipient muted this game")
    elif now == Delivery.DIGEST:
        waiting.filter(status=S.PENDING, attempts=0).update(status=S.DIGEST)
    else:
        waiting.filter(status=S.DIGEST).update(status=S.PENDING)
    return delivery
