"""Counting the SQL statements a piece of work sends (the order path's budget, issue 28).

A statement is what reads or writes rows: ``BEGIN``, ``COMMIT``, ``ROLLBACK``, ``SAVEPOINT``
and ``RELEASE SAVEPOINT`` are transaction control and are not counted. :func:`counting` is
used by the tests that hold the order path and the game page to their budget, and, when
``TRESHAM_COUNT_STATEMENTS`` is set, by :class:`CountStatements`, which puts each request's
count in its ``X-Statements`` header for the server benchmark to read.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.conf import settings
from django.db import connections

#: the first word of the statements that only steer a transaction
CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


@dataclass
class Count:
    """The statements sent while :func:`counting` (``sql``: their text, in order)."""

    sql: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.sql)


def is_control(sql: str) -> bool:
    return sql.lstrip().split(None, 1)[0].upper() in CONTROL if sql.strip() else True


@contextlib.contextmanager
def counting(using: str = "default") -> Iterator[Count]:
    """Count the statements sent on the connection ``using`` inside the block."""
    count = Count()

    def wrapper(execute, sql, params, many, context):
        if not is_control(sql):
            count.sql.append(sql)
        return execute(sql, params, many, context)

    with connections[using].execute_wrapper(wrapper):
        yield count


class CountStatements:
    """With ``TRESHAM_COUNT_STATEMENTS`` on (the server benchmark's server): each answer
    carries ``X-Statements``, the statements its request sent. Off, it steps aside."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.on = bool(getattr(settings, "TRESHAM_COUNT_STATEMENTS", False))

    def __call__(self, request):
        if not self.on:
            return self.get_response(request)
        with counting() as count:
            response = self.get_response(request)
        response["X-Statements"] = str(count.n)
        return response
