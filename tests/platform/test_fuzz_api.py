"""The JSON API never answers 5xx, and every refusal is its JSON error ``{"error": code,
"message": ...}``: schemathesis generates requests from ``/api/openapi.json`` (data that fits
the schema and data that does not) and sends them to a real ``tresham serve`` as a logged-in
player with the CSRF token, at least 2,000 of them. The session cookie is the API's security
scheme, which schemathesis also generates: nine requests in ten carry the real one.

Path parameters are mostly real: the ids of a game in progress in which the player has a
seat, a finished one, an open one, and real user ids, so that the requests reach the
game-playing code, not only the 404s; some are generated freely. Logging out is left out
(it would end the session the other requests use); it is called once at the end. A 5xx is a
bug of the platform: the failure lists each one with the server's log.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest
import requests
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import HypothesisException

import schemathesis
from schemathesis.generation.modes import GenerationMode
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

from .serving import live_site, register_and_login  # noqa: F401  (fixture)

TARGET = 2000
PER_OPERATION = 40  # examples per operation, mode and round
SKIP = {("POST", "/api/accounts/logout")}


def _session(client) -> requests.Session:
    """A requests session with the logged-in client's cookies and CSRF header."""
    s = requests.Session()
    for name, value in client.http.cookies.items():
        s.cookies.set(name, value)
    s.headers["X-CSRFToken"] = client.http.headers["X-CSRFToken"]
    return s


def _real_ids(me, other) -> dict[str, list[int]]:
    """Games in every state with ``me`` seated in the one being played, and user ids."""
    playing = services.create_game("advciv", {"players": 2}, name="Fuzz in progress")
    lobby.join(playing.pk, me)
    lobby.join(playing.pk, other)
    finished = services.create_game("advciv", {"players": 2, "turn_limit": 1}, name="Fuzz finished")
    lobby.add_bot(finished.pk)
    lobby.add_bot(finished.pk)
    from tresham.platform.clock.worker import run_due

    import time

    give_up = time.monotonic() + 180
    while time.monotonic() < give_up:  # the live site's own worker may hold the game: go on until it ends
        run_due(limit=500)
        finished.refresh_from_db()
        if finished.is_finished:
            break
        time.sleep(0.05)
    assert finished.is_finished
    waiting = services.create_game("advciv", {"players": 3}, name="Fuzz open")
    lobby.join(waiting.pk, other)
    return {"game_id": [playing.pk, playing.pk, finished.pk, waiting.pk], "user_id": [me.pk, other.pk]}


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_thousands_of_generated_requests_never_get_a_server_error(live_site):
    from django.contrib.auth import get_user_model

    client, username = register_and_login(live_site.url)
    _, other_name = register_and_login(live_site.url)
    User = get_user_model()
    me, other = User.objects.get(username=username), User.objects.get(username=other_name)
    real = _real_ids(me, other)
    session = _session(client)
    logged_in = dict(session.cookies.items())
    raw = session.get(f"{live_site.url}/api/openapi.json").json()
    schema = schemathesis.openapi.from_dict(raw)
    ops = [r.ok() for r in schema.get_all_operations()]
    ops = [op for op in ops if (op.method.upper(), op.path) not in SKIP]
    assert len(ops) >= 20
    rnd = random.Random(7)
    statuses: Counter = Counter()
    badfmt: Counter = Counter()
    per_op: Counter = Counter()
    server_errors: list[str] = []
    transport_errors: list[str] = []

    def run(op, mode, fixed) -> None:
        @settings(max_examples=PER_OPERATION, deadline=None, database=None, phases=[Phase.generate],
                  suppress_health_check=list(HealthCheck), derandomize=False)
        @given(case=op.as_strategy(mode, path_parameters=fixed or None))
        def send(case) -> None:
            if rnd.random() < 0.9:  # the session cookie is the security scheme: mostly the real one
                case.cookies = {**(case.cookies or {}), **logged_in}
            try:
                r = case.call(base_url=live_site.url, session=session, timeout=60)
            except requests.RequestException as e:
                transport_errors.append(f"{op.method.upper()} {op.path}: {e}")
                return
            statuses[r.status_code] += 1
            per_op[(op.method.upper(), op.path)] += 1
            if 400 <= r.status_code < 500:
                try:
                    b = r.json()
                    ok = isinstance(b, dict) and "error" in b and "message" in b
                except ValueError:
                    ok = False
                if not ok:
                    badfmt[(op.method.upper(), op.path, r.status_code, r.text[:120])] += 1
            if r.status_code >= 500:
                server_errors.append(f"{r.status_code} {op.method.upper()} {case.formatted_path} "
                                     f"query={case.query} body={json.dumps(case.body, default=str)[:300]}")

        try:
            send()
        except HypothesisException:  # e.g. no data can violate this operation's schema
            pass

    for _ in range(6):
        for op in ops:
            names = [p.name for p in op.path_parameters]
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                fixed = {n: rnd.choice(real[n]) for n in names if n in real and rnd.random() < 0.85}
                run(op, mode, fixed)
        if sum(statuses.values()) >= TARGET:
            break
    # integers past every database's range, where the generator found a 500 once (the game list's offset)
    huge = "93842543554165997568"
    for path in (f"/api/lobby/games?offset={huge}", f"/api/lobby/games?limit={huge}", f"/api/games/{huge}",
                 f"/api/games/{real['game_id'][0]}/history?after={huge}", f"/api/lobby/games/{huge}"):
        r = session.get(f"{live_site.url}{path}")
        statuses[r.status_code] += 1
        if r.status_code >= 500:
            server_errors.append(f"{r.status_code} GET {path}")
    logout = session.post(f"{live_site.url}/api/accounts/logout")
    assert logout.status_code == 200
    total = sum(statuses.values())
    assert not server_errors, "\n".join(server_errors[:30]) + "\n--- server log ---\n" + live_site.output()[-6000:]
    assert not transport_errors, transport_errors[:10]
    assert not badfmt, badfmt.most_common(10)  # every refusal is {"error": code, "message": ...}
    assert total >= TARGET, (total, dict(statuses))
    assert len(per_op) == len(ops), set((op.method.upper(), op.path) for op in ops) - set(per_op)
    # the game-playing code was reached with real games, not only refused with 404
    assert statuses[200] + statuses[201] > 100 and statuses[400] + statuses[422] > 100, dict(statuses)
