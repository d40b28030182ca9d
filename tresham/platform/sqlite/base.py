"""SQLite with a fair write lock: Django's SQLite backend, with every write transaction of a
file database queued on an operating-system lock before its ``BEGIN IMMEDIATE``.

SQLite has one writer at a time; a connection that finds the write lock taken waits in
SQLite's busy handler, which *sleeps* and retries (1, 2, 5, 10 ... 100 ms), so under load a
writer may sleep long after the lock is free and the unlucky ones lose every race: the tail
of the order latency grows with the number of writers. Here each connection first takes an
exclusive ``flock`` on ``<database>.writelock`` (a lock of its own file descriptor, so it
excludes the threads of a process as well as other processes), trying again every 0.2 to 2
ms: a waiting writer notices the release within 2 ms, never 100. Past the connection's
``timeout`` (30 s) it gives up with "database is locked", as SQLite would. SQLite's own lock
and busy timeout stay as they are, for writes outside a transaction and for programs that
do not take this lock.

The lock is released when the transaction commits or rolls back, and with the connection
(a killed process releases it with its file descriptors). In-memory databases (the tests')
are one connection's own: no lock. ``TRESHAM_SQLITE_WRITE_LOCK=0`` turns it off.
"""
from __future__ import annotations

import fcntl
import os
import time

from django.db import OperationalError
from django.db.backends.sqlite3 import base

_FIRST_WAIT, _LONGEST_WAIT = 0.0002, 0.002


class DatabaseWrapper(base.DatabaseWrapper):
    """Django's SQLite backend with the write lock described above."""

    _lock_fd: int | None = None
    _lock_held = False

    def get_new_connection(self, conn_params):
        conn = super().get_new_connection(conn_params)
        self._lock_fd = None
        self._lock_held = False
        if os.environ.get("TRESHAM_SQLITE_WRITE_LOCK", "1") != "0" and not self.is_in_memory_db():
            self._lock_fd = os.open(f"{self.settings_dict['NAME']}.writelock", os.O_RDWR | os.O_CREAT, 0o600)
        return conn

    def _start_transaction_under_autocommit(self):
        if self._lock_fd is not None and not self._lock_held:
            self._acquire(float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5)))
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._release()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._release()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._release()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._release()
            if self._lock_fd is not None:
                os.close(self._lock_fd)
                self._lock_fd = None

    def _acquire(self, timeout: float) -> None:
        give_up = time.monotonic() + timeout
        wait = _FIRST_WAIT
        while True:
            try:
                fcntl.flock(self._lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._lock_held = True
                return
            except BlockingIOError:
                if time.monotonic() >= give_up:
                    raise OperationalError(f"database is locked: another writer kept it {timeout:g} s") from None
                time.sleep(wait)
                wait = min(wait * 2, _LONGEST_WAIT)

    def _release(self) -> None:
        if self._lock_held and self._lock_fd is not None:
            fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
        self._lock_held = False


def checkpoint(conn) -> bool:
    """Copy what the write-ahead log holds into the database file, waiting for no reader and
    no writer (``PASSIVE``), on a Django connection to a SQLite file; False for any other.

    The clock's worker does it after each of its passes, so the requests seldom do: SQLite
    checkpoints in the transaction that commits the thousandth page unless told otherwise,
    and the site tells it to wait for 8,000 (``wal_autocheckpoint`` in the settings: the
    worker's checkpoints keep the log far below that; without a worker the requests still
    checkpoint, 32 MB at a time)."""
    if conn.vendor != "sqlite" or conn.is_in_memory_db() or conn.in_atomic_block:
        return False
    with conn.cursor() as c:
        c.execute("PRAGMA wal_checkpoint(PASSIVE)")
    return True
