"""Each user's choice of how he gets the game mails (SITE-EMAIL): each at once (the default),
one digest a day, or none."""
from __future__ import annotations

from django.db import transaction

from .models import GAME_KINDS, Delivery, MailPreference, Outbox


def delivery_of(user) -> str:
    """The user's :class:`Delivery` (immediate when he never chose)."""
    if user is None or user.pk is None:
        return Delivery.IMMEDIATE
    choice = MailPreference.objects.filter(user=user).values_list("delivery", flat=True).first()
    return choice or Delivery.IMMEDIATE


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
        waiting.filter(status=S.PENDING, attempts=0).update(status=S.DIGEST)
    else:
        waiting.filter(status=S.DIGEST).update(status=S.PENDING)
    return pref
