"""How many accounts one address may open: at most ``REGISTRATIONS_PER_ADDRESS`` (a setting,
5 unless the operator sets ``TRESHAM_REGISTRATIONS_PER_DAY``; 0: no limit) in any 24 hours,
on the register page and through the API alike. Beyond it the request is refused with 429
and nothing is created.

Addresses are counted by the keyed hash of ``logins.address_hash`` of the site's one client
address (``addresses.client_address``, SITE-SAFE-07), never stored in the clear. A registration
locks its address's row (:class:`~.models.RegistrationAddress`) before counting, in the
transaction that creates the account, so two registrations at once from one address cannot
both take the last place.
"""
from __future__ import annotations

import datetime as dt

from ..addresses import client_address
from django.conf import settings
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from .errors import AccountError
from .logins import address_hash
from .models import Registration, RegistrationAddress

#: The span the limit counts over.
WINDOW = dt.timedelta(days=1)
#: The address of a request that names none (counted as one address).
UNKNOWN = "unknown"


class TooManyRegistrations(AccountError):
    """This address opened as many accounts as it may in the last 24 hours."""

    def __init__(self, limit: int) -> None:
        super().__init__("too_many_registrations",
                         f"{limit} account{'s were' if limit != 1 else ' was'} opened from your address in the "
                         "last 24 hours, the most the site allows: try again later.", 429)


def limit() -> int:
    """The accounts one address may open in 24 hours (0: no limit)."""
    return max(0, int(getattr(settings, "REGISTRATIONS_PER_ADDRESS", 5)))


def hash_of(request: HttpRequest) -> str:
    """The keyed hash of the request's address."""
    return address_hash(client_address(request) or UNKNOWN)


def opened_recently(hashed: str, now: dt.datetime | None = None) -> int:
    """Accounts opened from the address with this hash in the last 24 hours."""
    since = (now or timezone.now()) - WINDOW
    return Registration.objects.filter(address__address_hash=hashed, at__gt=since).count()


def check(request: HttpRequest) -> None:
    """Refuse at once a request from an address over the limit (before its form is read);
    :func:`register` checks again under the lock."""
    n = limit()
    if n and opened_recently(hash_of(request)) >= n:
        raise TooManyRegistrations(n)


def register(request: HttpRequest, form) -> object:
    """Open the account of a valid registration ``form`` (``form.save()``) and record where it
    came from, in one transaction; TooManyRegistrations (nothing created) over the limit.
    An IntegrityError of ``form.save()`` (a name taken a moment ago) leaves nothing either."""
    hashed = hash_of(request)
    n = limit()
    with transaction.atomic():
        address, _ = RegistrationAddress.objects.get_or_create(address_hash=hashed)
        address = RegistrationAddress.objects.select_for_update().get(pk=address.pk)
        if n and opened_recently(hashed) >= n:
            raise TooManyRegistrations(n)
        user = form.save()
        Registration.objects.create(address=address, user=user)
    return user
