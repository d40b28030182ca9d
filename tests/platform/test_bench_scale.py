"""``tresham bench scale`` at a tiny size: 50 games, 6 of them played over HTTP, 20 event streams
on each of the 2 server processes, 2 workers, deadlines falling due for a few seconds. It runs on
PostgreSQL only: a fresh database on the test PostgreSQL when the tests run on one
(TRESHAM_DATABASE_URL, dropped afterwards), else the command's own throwaway cluster when
PostgreSQL's programs are installed; skipped when neither is there."""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import subprocess
import sys
from urllib.parse import urlsplit, urlunsplit

import pytest

from tresham.platform.bench_scale import pg_bindir

pytestmark = pytest.mark.slow

TEST_URL = os.environ.get("TRESHAM_DATABASE_URL", "")
ON_PG = TEST_URL.startswith(("postgres://", "postgresql://"))

#: what the report must give (the figures docs/platform.md, "Scale", names)
KEYS = {"games", "played", "waiting", "errors", "orders_per_s", "http_orders", "clock_orders", "post_p50_ms",
        "post_p99_ms", "deadlines_due", "deadlines_applied", "deadline_lag_p50_ms", "deadline_lag_p99_ms",
        "streams_open", "stream_events", "rss_server_mb", "rss_worker_mb", "rss_server_no_streams_mb",
        "rss_server_with_streams_mb", "rss_per_stream_kb", "cpu_server_s", "build_s"}


@contextlib.contextmanager
def fresh_database(url: str):
    """A new, empty database on the server of ``url``; gives its URL, dropped at the end."""
    import psycopg

    name = f"scale_{secrets.token_hex(4)}"
    parts = urlsplit(url)
    admin = psycopg.connect(url, autocommit=True)
    try:
        admin.execute(f'CREATE DATABASE "{name}"')
        yield urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()


@pytest.mark.skipif(not ON_PG and pg_bindir() is None, reason="no PostgreSQL: neither a test database on one "
                    "(TRESHAM_DATABASE_URL) nor its programs (initdb, pg_ctl) to start one")
def test_scale_bench_at_a_tiny_size_reports_its_figures_without_errors():
    args = ["--games", "50", "--played", "6", "--streams", "20", "--seconds", "6", "--think-ms", "300",
            "--deadlines-per-s", "2", "--json"]
    env = {k: v for k, v in os.environ.items() if k not in ("TRESHAM_DATABASE_URL", "DJANGO_SETTINGS_MODULE")}
    with fresh_database(TEST_URL) if ON_PG else contextlib.nullcontext() as url:
        cmd = [sys.executable, "-m", "tresham.cli", "bench", "scale", *args,
               *(["--database-url", url] if url else [])]
        r = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert KEYS <= out.keys(), KEYS - out.keys()
    assert out["errors"] == 0, out["error_examples"]
    assert (out["games"], out["played"], out["waiting"]) == (50, 6, 44)
    assert out["streams_open"] == 40
    # every stream hears its game's revision at once, and the played games' orders after
    assert out["stream_events"] >= 40
    assert out["http_orders"] > 0 and 0 < out["post_p50_ms"] <= out["post_p99_ms"]
    # 2 a second from 1 s in to the end of the 6 s: every one applied, each after it fell due
    assert out["deadlines_due"] == 10 and out["deadlines_applied"] == 10
    assert 0 <= out["deadline_lag_p50_ms"] <= out["deadline_lag_p99_ms"]
    assert len(out["rss_server_mb"]) == 2 and all(x > 20 for x in out["rss_server_mb"] + out["rss_worker_mb"])
    assert len(out["rss_per_stream_kb"]) == 2
