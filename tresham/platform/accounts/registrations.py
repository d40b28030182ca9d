"""How many accounts one address may open: the limit ``registrations`` of
``settings.RATE_LIMITS`` (5 in any 24 hours unless the operator sets
``TRESHAM_REGISTRATIONS_PER_DAY``; 0: no limit), on the register page and through the API
alike (SITE-SAFE-09). Beyond it :class:`~tresham.platform.limits.RateLimited` (429 with
Retry-After) and nothing is created.

Addresses are counted by the keyed hash of ``logins.address_hash`` of the site's one client
address (``addresses.client_address``, SITE-SAFE-07), never stored in the clear. A registration
locks its address's row (:class:`~.models.RegistrationAddress`) before counting, in the
transaction that creates the account, so two registrations at once from one address cannot
both take the last place.
"""
from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest

from .. import limits
from ..addresses import client_address
from .logins import address_hash
from .models import Registration, RegistrationAddress

#: The address of a request that names none (counted as one address).
UNKNOWN = "unknown"


def hash_of(request: HttpRequest) -> str:
    """The keyed hash of the request's address."""
    return address_hash(client_address(request) or UNKNOWN)


def _check(hashed: str) -> None:
    limits.check("registrations", (Registration.objects.filter(address__address_hash=hashed), "at"))


def check(request: HttpRequest) -> None:
    """Refuse at once a request from an address over the limit (before its form is read);
    :func:`register` checks again under the lock."""
    _check(hash_of(request))


def register(request: HttpRequest, form) -> object:
    """Open the account of a valid registration ``form`` (``form.save()``) and record where it
    came from, in one transaction; RateLimited (nothing created) over the limit.
    An IntegrityError of ``form.save()`` (a name taken a moment ago) leaves nothing either."""
    hashed = hash_of(request)
    with transaction.atomic():
        address, _ = RegistrationAddress.objects.get_or_create(address_hash=hashed)
        address = RegistrationAddress.objects.select_for_update().get(pk=address.pk)
        _check(hashed)
        user = form.save()
        Registration.objects.create(address=address, user=user)
    return user
