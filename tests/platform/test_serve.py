"""``tresham serve`` runs the real site (uvicorn, the ASGI application, the worker, static files
through WhiteNoise) and bad input to it, ``worker`` and ``manage`` is one line ``Error: ...``
with exit status 2. (Moved from tests/test_demo.py, which tested the demonstration server this
replaces; its check that a seat's view shows only its own hand is made here on the real site.)"""
from __future__ import annotations

import socket
import subprocess
import sys

import httpx
import pytest

from tresham.platform.bench import ServerProcess, free_port
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

from .serving import live_site, register_and_login  # noqa: F401  (fixture)


def tresham(*args: str, data_dir, timeout: float = 60) -> subprocess.CompletedProcess:
    """Run the command line on a fresh SQLite data directory."""
    env = {"TRESHAM_DATA_DIR": str(data_dir), "TRESHAM_DATABASE_URL": "",
           "DJANGO_SETTINGS_MODULE": "tresham.platform.settings", "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "tresham.cli", *args], env=env, capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def one_error_line(res: subprocess.CompletedProcess) -> str:
    assert res.returncode == 2, (res.returncode, res.stdout, res.stderr)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), res.stderr
    assert "Traceback" not in res.stderr + res.stdout
    return lines[0]


@pytest.mark.django_db(transaction=True)
def test_the_site_answers_its_api_pages_and_static_files_and_a_seat_sees_only_its_own_hand(live_site):
    spec = httpx.get(f"{live_site.url}/api/openapi.json", timeout=30)
    assert spec.status_code == 200
    assert "/api/games/{game_id}/orders" in spec.json()["paths"]
    page = httpx.get(f"{live_site.url}/", timeout=30)
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    css = httpx.get(f"{live_site.url}/static/admin/css/base.css", timeout=30)  # collected, served by WhiteNoise
    assert css.status_code == 200 and "text/css" in css.headers["content-type"]

    client, username = register_and_login(live_site.url)
    from django.contrib.auth import get_user_model

    me = get_user_model().objects.get(username=username)
    game = services.create_game("advciv", {"players": 2}, name="Served")
    lobby.join(game.pk, me)
    lobby.add_bot(game.pk)
    mine = client.get(f"/api/games/{game.pk}").json()
    assert mine["status"] == "active" and mine["your_seat"] == 0
    players = mine["view"]["players"]
    assert "hand" in players[0] and "hand" not in players[1]
    spectator = httpx.get(f"{live_site.url}/api/games/{game.pk}", timeout=30).json()
    assert spectator["your_seat"] is None
    assert spectator["view"] is None  # an onlooker sees no state before initial placement (SITE-LIST-04)
    assert spectator["seed"] is None and game.seed not in httpx.get(f"{live_site.url}/api/games/{game.pk}").text
    client.close()


def test_serve_on_a_fresh_data_directory_migrates_sqlite_and_takes_accounts(tmp_path):
    env = {"TRESHAM_DATA_DIR": str(tmp_path / "var"), "TRESHAM_DATABASE_URL": "",
           "DJANGO_SETTINGS_MODULE": "tresham.platform.settings"}
    with ServerProcess(env) as server:
        assert (tmp_path / "var" / "tresham.sqlite3").exists()
        assert httpx.get(f"{server.url}/api/openapi.json", timeout=30).status_code == 200
        client, _ = register_and_login(server.url)
        assert client.get("/api/accounts/me").status_code == 200
        client.close()
    assert "Tresham on http://127.0.0.1:" in server.output()


@pytest.mark.slow
def test_several_server_processes_share_the_port_and_one_database(tmp_path):
    """``--processes 2``: two uvicorn processes answer on one port; an account made through
    one is logged in through whichever answers next (same database, same sessions)."""
    env = {"TRESHAM_DATA_DIR": str(tmp_path / "var"), "TRESHAM_DATABASE_URL": "",
           "DJANGO_SETTINGS_MODULE": "tresham.platform.settings"}
    with ServerProcess(env, processes=2) as server:
        client, username = register_and_login(server.url)
        answers = {client.get("/api/accounts/me").json()["username"] for _ in range(20)}
        assert answers == {username}
        client.close()
    out = server.output()
    assert "2 server processes" in out and out.count("Started server process") == 2


def test_processes_out_of_range_is_one_error_line(tmp_path):
    line = one_error_line(tresham("serve", "--processes", "0", data_dir=tmp_path))
    assert "--processes" in line


def test_a_port_out_of_range_is_one_error_line(tmp_path):
    line = one_error_line(tresham("serve", "--port", "99999", data_dir=tmp_path))
    assert "99999" in line and "--port" in line


def test_a_port_in_use_is_one_error_line(tmp_path):
    port = free_port()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen(1)
        line = one_error_line(tresham("serve", "--port", str(port), data_dir=tmp_path))
    assert line == f"Error: cannot listen on 127.0.0.1:{port}: Address already in use"


def test_an_unknown_database_url_is_one_error_line(tmp_path):
    line = one_error_line(tresham("serve", "--db", "nosuchdb://x/y", data_dir=tmp_path))
    assert "bad database URL" in line


def test_the_worker_alone_refuses_a_database_that_is_not_migrated(tmp_path):
    line = one_error_line(tresham("worker", data_dir=tmp_path))
    assert "tresham manage migrate" in line


def test_manage_passes_through_to_django_and_refuses_unknown_commands(tmp_path):
    ok = tresham("manage", "migrate", "--noinput", data_dir=tmp_path, timeout=120)
    assert ok.returncode == 0, ok.stderr
    shown = tresham("manage", "showmigrations", "play", data_dir=tmp_path)
    assert shown.returncode == 0 and "[X] 0001_initial" in shown.stdout
    line = one_error_line(tresham("manage", "nosuchcommand", data_dir=tmp_path))
    assert "nosuchcommand" in line
