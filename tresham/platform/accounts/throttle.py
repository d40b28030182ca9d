"""Login throttling per (account, address) with a growing wait (SITE-SAFE-06).

django-axes records every failed password check (the login page, the API, and the places
that ask for the password again) per account and address; the site counts them per pair
(``AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]``), so failures from one address
never hold back another account, and failures against an account never hold back its owner
at an address that has not failed. The first ``LOGIN_FREE_FAILURES`` failures of a pair
cost nothing; the one that reaches it and each after it make the pair wait
``LOGIN_WAIT`` seconds, twice as long after each further failure, at most
``LOGIN_WAIT_MAX``. While a pair waits, its attempts are refused unchecked and not counted.
A pair's failures are forgotten ``AXES_COOLOFF_TIME`` after its last one, when its owner
logs in there, or when he resets his password (every pair of the account).

:class:`GrowingWait` is axes' database handler with only the lock decision changed.
"""
from __future__ import annotations

import datetime as dt
import math

from axes.handlers.database import AxesDatabaseHandler
from django.conf import settings
from django.db.models import Max, Sum
from django.utils import timezone

from ..limits import in_words


def wait_after(failures: int) -> int:
    """Seconds a pair waits after its last failure, having failed ``failures`` times."""
    free = settings.LOGIN_FREE_FAILURES
    if failures < free:
        return 0
    return min(settings.LOGIN_WAIT_MAX, settings.LOGIN_WAIT * 2 ** min(failures - free, 40))


class GrowingWait(AxesDatabaseHandler):
    """Locked while the request's (account, address) pair waits."""

    def retry_after(self, request, credentials: dict | None = None) -> int:
        """Seconds until the pair may try again (0: now)."""
        total, last = 0, None
        for attempts in self.get_user_attempts(request, credentials):
            row = attempts.aggregate(n=Sum("failures_since_start"), last=Max("attempt_time"))
            total += row["n"] or 0
            if row["last"] is not None and (last is None or row["last"] > last):
                last = row["last"]
        wait = wait_after(total)
        if not wait or last is None:
            return 0
        now = getattr(request, "axes_attempt_time", None) or timezone.now()
        return max(0, math.ceil((last + dt.timedelta(seconds=wait) - now).total_seconds()))

    def is_locked(self, request, credentials: dict | None = None) -> bool:
        return self.retry_after(request, credentials) > 0


def locked_out_message(seconds: int) -> str:
    return (f"Too many failed logins to this account from your address: try again in {in_words(seconds)}. "
            "Logging in from elsewhere is not affected. If you forgot your password, reset it by e-mail.")
