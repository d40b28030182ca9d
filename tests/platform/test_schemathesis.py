"""What the API answers is what its OpenAPI document says (SITE-SAFE-03): schemathesis generates
requests for EVERY operation of ``/api/openapi.json`` (data that fits the schema and data that
does not) and sends them to a real ``tresham serve`` as a player seated in a running game, with
his session and CSRF token, so the game endpoints act on a real game. Each answer is checked:
no 5xx, its status documented for the operation, its content type and its body those the
document gives for that status, and a request that breaks the schema refused with a 4xx.

Bounded for CI: a few examples per operation and mode, hypothesis derandomized (the same
requests on every run) with no deadline, no example database, no shrinking. The ``slow`` run
does 50 examples per operation and mode (``TRESHAM_SCHEMATHESIS_EXAMPLES`` to change it) and
prints its figures (``pytest -m slow -s tests/platform/test_schemathesis.py``), also written to
``test-artifacts/schemathesis-<database>.txt``.

Operations that end what the others need run last: quitting the game, then logging out.
"""
from __future__ import annotations

import datetime as dt
import json
import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import requests
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import HypothesisException

import schemathesis
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (content_type_conformance, negative_data_rejection,
                                               response_schema_conformance, status_code_conformance)
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services

from .serving import live_site, register_and_login  # noqa: F401  (fixture)

#: no 5xx; the status, the content type and the body those the document gives; and a request
#: that breaks the schema (negative mode) refused with a 4xx (SITE-SAFE-01)
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance,
          negative_data_rejection]
BOUNDED = 4  # examples per operation and mode in the suite's run
LAST = [("POST", "/api/games/{game_id}/quit"), ("POST", "/api/accounts/logout")]


@dataclass
class Figures:
    requests: int = 0
    statuses: Counter = field(default_factory=Counter)
    server_errors: int = 0
    violations: Counter = field(default_factory=Counter)  # by check
    failures: list[str] = field(default_factory=list)
    operations: set = field(default_factory=set)

    def line(self) -> str:
        return (f"{self.requests} requests over {len(self.operations)} operations, {self.server_errors} 5xx, "
                f"{sum(self.violations.values())} schema violations {dict(self.violations)}; "
                f"statuses {dict(sorted(self.statuses.items()))}")


def _session(client) -> requests.Session:
    """A requests session with the logged-in client's cookies and CSRF header."""
    s = requests.Session()
    for name, value in client.http.cookies.items():
        s.cookies.set(name, value)
    s.headers["X-CSRFToken"] = client.http.headers["X-CSRFToken"]
    return s


def _table(me, other, session: requests.Session, url: str) -> dict[str, dict[str, str]]:
    """A running game with ``me`` seated, an open one, a pause of ``me``: the ids the path
    parameters take (per path prefix: the lobby's paths act on the open game)."""
    running = services.create_game("advciv", {"players": 2}, name="Schemathesis running")
    lobby.join(running.pk, me)
    lobby.join(running.pk, other)
    waiting = services.create_game("advciv", {"players": 3}, name="Schemathesis open")
    lobby.join(waiting.pk, other)
    start = dt.date.today() + dt.timedelta(days=30)
    r = session.post(f"{url}/api/pauses", json={"start_date": start.isoformat(),
                                                 "end_date": (start + dt.timedelta(days=2)).isoformat(),
                                                 "reason": "a wedding"})
    assert r.status_code == 201, r.text
    return {"game": {"game_id": running.pk, "user_id": other.pk, "pause_id": r.json()["id"], "kind": "movement"},
            "lobby": {"game_id": waiting.pk}}


def run(live_site, examples: int) -> Figures:
    from django.contrib.auth import get_user_model

    client, name = register_and_login(live_site.url)
    _, other_name = register_and_login(live_site.url)
    users = get_user_model().objects
    session = _session(client)
    ids = _table(users.get(username=name), users.get(username=other_name), session, live_site.url)
    logged_in = dict(session.cookies.items())
    raw = session.get(f"{live_site.url}/api/openapi.json").json()
    schema = schemathesis.openapi.from_dict(raw)
    ops = [r.ok() for r in schema.get_all_operations()]
    last = {k: i for i, k in enumerate(LAST)}
    ops.sort(key=lambda op: last.get((op.method.upper(), op.path), -1))
    assert [(op.method.upper(), op.path) for op in ops[-2:]] == LAST
    figures = Figures()

    def send(op, case) -> None:
        case.cookies = {**(case.cookies or {}), **logged_in}  # always the seated player's session
        r = case.call(base_url=live_site.url, session=session, timeout=60)
        figures.requests += 1
        figures.statuses[r.status_code] += 1
        figures.operations.add((op.method.upper(), op.path))
        figures.server_errors += r.status_code >= 500
        try:
            case.validate_response(r, checks=CHECKS)
        except BaseExceptionGroup as group:
            for f in group.exceptions:
                if type(f).__name__ == "AcceptedNegativeData" and r.status_code == 413:
                    continue  # refused, before it is read, for its size (SITE-SAFE-01): a 4xx schemathesis omits
                figures.violations[type(f).__name__] += 1
                figures.failures.append(f"{op.method.upper()} {case.formatted_path} -> {r.status_code}: "
                                        f"{type(f).__name__}: {str(f)[:300]} "
                                        f"body={json.dumps(case.body, default=str)[:200]}")

    for op in ops:
        fixed = ids["lobby" if op.path.startswith("/api/lobby/games/{") else "game"]
        names = [p.name for p in op.path_parameters]
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            @settings(max_examples=examples, deadline=None, database=None, derandomize=True,
                      phases=[Phase.generate], suppress_health_check=list(HealthCheck))
            @given(case=op.as_strategy(mode, path_parameters={n: fixed[n] for n in names if n in fixed} or None))
            def each(case) -> None:
                send(op, case)

            try:
                each()
            except HypothesisException:  # e.g. no data can break this operation's schema
                pass
    return figures


@pytest.mark.site("SITE-SAFE-03")
@pytest.mark.django_db(transaction=True)
def test_a_bounded_schemathesis_run_finds_no_5xx_and_no_answer_outside_the_schema(live_site):
    figures = run(live_site, BOUNDED)
    assert figures.failures == [], "\n".join(figures.failures[:20]) + "\n--- server log ---\n" + live_site.output()[-4000:]
    assert figures.server_errors == 0
    assert len(figures.operations) >= 33
    # the game endpoints answered as a game, not only with refusals
    assert figures.statuses[200] + figures.statuses[201] >= 40, figures.line()


@pytest.mark.slow
@pytest.mark.site("SITE-SAFE-03")
@pytest.mark.django_db(transaction=True)
def test_a_larger_schemathesis_run(live_site):
    examples = int(os.environ.get("TRESHAM_SCHEMATHESIS_EXAMPLES", "50"))
    figures = run(live_site, examples)
    from django.db import connection

    line = f"schemathesis on {connection.vendor}, {examples} examples per operation and mode: {figures.line()}"
    print("\n" + line)
    out = Path(__file__).resolve().parents[2] / "test-artifacts" / f"schemathesis-{connection.vendor}.txt"
    out.parent.mkdir(exist_ok=True)
    out.write_text(line + "\n" + "\n".join(figures.failures) + "\n")
    assert figures.failures == [], "\n".join(figures.failures[:40])
    assert figures.server_errors == 0
