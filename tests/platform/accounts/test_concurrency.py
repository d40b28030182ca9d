"""Requests at the same moment neither double nor lose a row (real transactions, one database
connection per thread; run on SQLite and PostgreSQL)."""
from __future__ import annotations

import threading

import pytest
from django.db import connection

from tresham.platform.accounts import friends, moderation
from tresham.platform.accounts.errors import AccountError
from tresham.platform.accounts.models import Friendship, Report

pytestmark = pytest.mark.django_db(transaction=True)


def _together(*calls):
    """Run the calls in threads released at the same moment; gives their results or errors."""
    barrier = threading.Barrier(len(calls))
    out: list = [None] * len(calls)

    def run(i, call):
        try:
            barrier.wait()
            out[i] = call()
        except AccountError as e:
            out[i] = e
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


@pytest.mark.site("SITE-ACCT-04")
def test_crossing_friend_requests_at_the_same_moment_make_one_friendship(make_user):
    for _ in range(3):
        alice, bob = make_user(), make_user()
        _together(lambda: friends.send_request(alice, bob), lambda: friends.send_request(bob, alice))
        rows = Friendship.objects.filter(user_a__in=[alice, bob])
        assert rows.count() == 1 and rows.get().status == "accepted"


def test_simultaneous_reports_keep_to_the_daily_limit(make_user):
    alice = make_user()
    others = [make_user() for _ in range(6)]
    results = _together(*[lambda o=o: moderation.file_report(alice, o, rule=2, reason="insults in the chat")
                          for o in others])
    refused = [r for r in results if isinstance(r, AccountError)]
    assert Report.objects.filter(reporter=alice).count() == moderation.MAX_OPEN_REPORTS_PER_DAY == 3
    assert len(refused) == 3 and {e.code for e in refused} == {"too_many_reports"}
