"""The API's boundary: a body the API cannot take, and an id no database row can have, are
refused with the site's JSON error before any handler runs, and nothing changes
(SITE-SAFE-01, SITE-SAFE-02).

Every request goes through the whole Django stack with the CSRF check on, as a browser's
would (the multipart crash lived in the CSRF check reading the form before the API read the
body). The operations are taken from the OpenAPI document, so a new endpoint is covered
without a line here changing.
"""
from __future__ import annotations

import json
import re

import pytest
from django.apps import apps
from django.test import Client
from django.test.client import MULTIPART_CONTENT, encode_multipart
from django.urls import URLPattern, URLResolver, get_resolver

from tresham.platform.api import api
from tresham.platform.lobby import services as lobby
from tresham.platform.play import services
from tresham.platform.play.models import Game, Seat

#: every integer outside the 64-bit signed range of SQLite's INTEGER and PostgreSQL's bigint
OUT_OF_RANGE = [str(2**63), str(-(2**63) - 1), "9" * 30]
#: tables a refused request may still touch (the session, the login tracker)
UNTRACKED_APPS = {"sessions", "axes", "admin", "contenttypes", "auth_permission"}


def _operations() -> list[tuple[str, str, dict]]:
    """(METHOD, path, operation) of every operation of the OpenAPI document."""
    doc = api.get_openapi_schema()
    return [(m.upper(), p, op) for p, ops in doc["paths"].items() for m, op in ops.items()]


BODY_OPERATIONS = [(m, p) for m, p, op in _operations() if "requestBody" in op]


def _browser(user) -> tuple[Client, dict]:
    """A logged-in client with the CSRF check on, and the header carrying its token."""
    c = Client(enforce_csrf_checks=True, raise_request_exception=False)
    c.force_login(user)
    token = c.get("/api/accounts/csrf").json()["csrf_token"]
    return c, {"HTTP_X_CSRFTOKEN": token}


def _world(user) -> dict:
    """Everything a request could change: the rows of every table, each game's revision and
    seats, the user's profile."""
    out: dict = {}
    for model in apps.get_models():
        if model._meta.app_label in UNTRACKED_APPS or model._meta.db_table in UNTRACKED_APPS:
            continue
        out[model._meta.label] = model.objects.count()
    out["games"] = sorted(Game.objects.values_list("pk", "revision", "status", "players"))
    out["seats"] = sorted(Seat.objects.values_list("game_id", "index", "user_id", "status"))
    user.refresh_from_db()
    p = user.profile
    out["me"] = (user.email, user.password, p.display_name, p.time_zone)
    return out


@pytest.fixture
def table(make_user):
    """A player seated in a running game, another player, and an open game he is not in."""
    me, other = make_user(), make_user()
    running = services.create_game("advciv", {"players": 2}, name="Running")
    lobby.join(running.pk, me)
    lobby.join(running.pk, other)
    waiting = services.create_game("advciv", {"players": 3}, name="Waiting")
    lobby.join(waiting.pk, other)
    return {"me": me, "other": other, "running": running, "waiting": waiting}


def _path(template: str, t: dict) -> str:
    """The operation's address with real ids: the running game, the other player."""
    game = t["waiting"] if template.startswith("/api/lobby/games/{game_id}") else t["running"]
    return (template.replace("{game_id}", str(game.pk)).replace("{user_id}", str(t["other"].pk))
            .replace("{pause_id}", "1").replace("{kind}", "movement"))


def _error(r, status: int, code: str) -> str:
    """The response is the site's JSON error with this status and code; gives its message."""
    assert r.status_code == status, (r.status_code, r.content[:300])
    assert r["Content-Type"].startswith("application/json"), r["Content-Type"]
    body = r.json()
    assert body["error"] == code, body
    return body["message"]


# ---- SITE-SAFE-01: a body the API cannot take ------------------------------------------------
@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_a_multipart_body_gets_415_naming_json_from_every_body_operation(table):
    """Multipart to a JSON POST used to crash the request (500: the CSRF check read the form,
    then the API could not read the body)."""
    assert len(BODY_OPERATIONS) >= 15
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    for method, template in BODY_OPERATIONS:
        body = encode_multipart("BoUnDaRy", {"order": '{"type": "done"}', "text": "hello", "name": "x"})
        r = c.generic(method, _path(template, table), body, content_type=MULTIPART_CONTENT, **csrf)
        message = _error(r, 415, "unsupported_media_type")
        assert "application/json" in message and "multipart/form-data" in message, (template, message)
    assert _world(table["me"]) == before


@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_a_form_body_gets_415_naming_json(table):
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    for method, template in BODY_OPERATIONS:
        r = c.generic(method, _path(template, table), "text=hello&name=x",
                      content_type="application/x-www-form-urlencoded", **csrf)
        message = _error(r, 415, "unsupported_media_type")
        assert "application/x-www-form-urlencoded" in message, message
    r = c.post("/api/lobby/games", "{}", content_type="text/plain", **csrf)  # JSON, but not said so
    assert "text/plain" in _error(r, 415, "unsupported_media_type")
    assert _world(table["me"]) == before


@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_invalid_json_gets_400_saying_where(table):
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    for method, template in BODY_OPERATIONS:
        for text in ('{"text": "hello"', "{'text': 'hello'}", '{"revision": NaN}', b"\xff\xfe{}"):
            r = c.generic(method, _path(template, table), text, content_type="application/json", **csrf)
            message = _error(r, 400, "bad_json")
            assert message.startswith("the body is not valid JSON"), message
    r = c.post("/api/lobby/games", '{"name": "x",', content_type="application/json", **csrf)
    assert "line 1 column 14" in _error(r, 400, "bad_json")
    assert _world(table["me"]) == before


@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_json_nested_past_32_levels_gets_400(table):
    """A deep value hidden in a field nobody reads used to pass (the game was created); a
    very deep one could only be refused as unreadable."""
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    for depth in (33, 40, 5000):
        deep = "[" * (depth - 1) + "]" * (depth - 1)
        r = c.post("/api/lobby/games", '{"name": "Deep", "extra": %s}' % deep, content_type="application/json", **csrf)
        assert "nests deeper than 32 levels" in _error(r, 400, "too_deep")
    for method, template in BODY_OPERATIONS:
        r = c.generic(method, _path(template, table), '{"x": %s}' % ("{\"a\": " * 40 + "1" + "}" * 40),
                      content_type="application/json", **csrf)
        _error(r, 400, "too_deep")
    assert _world(table["me"]) == before
    # 32 levels are fine: the body itself and 31 inside it
    ok = "[" * 31 + "]" * 31
    r = c.post("/api/lobby/games", '{"name": "Deep enough", "extra": %s}' % ok, content_type="application/json", **csrf)
    assert r.status_code == 201, r.content[:300]


@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_a_json_value_that_is_not_an_object_creates_no_game(table):
    """``[1]``, ``123``, ``"text"``, ``true`` and ``null`` were each taken as ``{}``: a
    7-player game was created (201)."""
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    for text, kind in (("[1]", "an array"), ("123", "a number"), ('"text"', "a string"), ("true", "a boolean"),
                       ("null", "null"), ("1.5", "a number")):
        r = c.post("/api/lobby/games", text, content_type="application/json", **csrf)
        message = _error(r, 422, "bad_request")
        assert message == f"the body must be a JSON object, not {kind}", message
        assert r.json()["detail"][0]["loc"] == ["body"]
    assert _world(table["me"]) == before


@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_a_profile_patch_that_is_not_an_object_changes_nothing(table):
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    r = c.patch("/api/accounts/me", "[null,null]", content_type="application/json", **csrf)
    assert _error(r, 422, "bad_request") == "the body must be a JSON object, not an array"
    assert _world(table["me"]) == before
    # an object does change it (the refusal above is the body's, not the endpoint's)
    r = c.patch("/api/accounts/me", {"display_name": "Hammurabi"}, content_type="application/json", **csrf)
    assert r.status_code == 200 and r.json()["display_name"] == "Hammurabi"


@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_joining_with_a_null_body_takes_no_seat(table):
    c, csrf = _browser(table["me"])
    waiting = table["waiting"]
    r = c.post(f"/api/lobby/games/{waiting.pk}/join", "null", content_type="application/json", **csrf)
    assert _error(r, 422, "bad_request") == "the body must be a JSON object, not null"
    assert not Seat.objects.filter(game=waiting, user=table["me"]).exists()
    r = c.post(f"/api/lobby/games/{waiting.pk}/join", "{}", content_type="application/json", **csrf)
    assert r.status_code == 201 and Seat.objects.filter(game=waiting, user=table["me"]).exists()


@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_every_body_operation_refuses_a_non_object_and_a_missing_body(table):
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    for method, template in BODY_OPERATIONS:
        r = c.generic(method, _path(template, table), "[1]", content_type="application/json", **csrf)
        assert _error(r, 422, "bad_request") == "the body must be a JSON object, not an array", template
        r = c.generic(method, _path(template, table), "", content_type="application/json", **csrf)
        assert _error(r, 422, "bad_request") == "the body must be a JSON object; the request has none", template
    assert _world(table["me"]) == before


# ---- SITE-SAFE-02: ids no row can have --------------------------------------------------------
#: a body each operation with an id in its path would take, so that only the id is wrong
VALID_BODIES = {
    ("POST", "/api/games/{game_id}/orders"): {"order": {"type": "done"}},
    ("POST", "/api/games/{game_id}/preview"): {"order": {"type": "done"}},
    ("POST", "/api/games/{game_id}/messages"): {"text": "hello"},
    ("POST", "/api/games/{game_id}/quit"): {},
    ("PUT", "/api/games/{game_id}/standing-orders/{kind}"): {"spec": {}},
    ("POST", "/api/lobby/games/{game_id}/join"): {},
    ("POST", "/api/lobby/games/{game_id}/bots"): {"seat": 1},
    ("POST", "/api/games/{game_id}/conversations"): {"seats": [1], "text": "hello"},
    ("POST", "/api/games/{game_id}/conversations/{conversation_id}/messages"): {"text": "hello"},
    ("POST", "/api/games/{game_id}/conversations/{conversation_id}/orders"): {"order": {"type": "done"}},
    ("POST", "/api/games/{game_id}/conversations/{conversation_id}/messages/{message_id}/report"):
        {"rule": 1, "reason": "a reason long enough"},
    ("PUT", "/api/games/{game_id}/mail"): {"delivery": "muted"},
    ("POST", "/api/games/{game_id}/webhooks"): {"url": "https://chat.example.com/hook", "kind": "discord"},
}


def _id_operations() -> list[tuple[str, str, list[str]]]:
    """(METHOD, path, names of its integer path parameters) of every such operation."""
    out = []
    for method, path, op in _operations():
        ints = [p["name"] for p in op.get("parameters", []) if p["in"] == "path"
                and p["schema"].get("type") == "integer"]
        if ints:
            out.append((method, path, ints))
    return out


@pytest.mark.site("SITE-SAFE-02")
@pytest.mark.django_db
def test_an_order_to_a_game_id_past_64_bits_gets_404(table):
    """``POST /api/games/9223372036854775808/orders`` crashed on SQLite (OverflowError in the
    seat lookup)."""
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    r = c.post("/api/games/9223372036854775808/orders", {"order": {"type": "done"}},
               content_type="application/json", **csrf)
    assert _error(r, 404, "not_found") == "there is no game 9223372036854775808"
    assert _world(table["me"]) == before


@pytest.mark.site("SITE-SAFE-02")
@pytest.mark.django_db
def test_every_id_outside_the_databases_range_gets_404_from_every_operation(table):
    c, csrf = _browser(table["me"])
    ops = _id_operations()
    assert len(ops) >= 15
    before = _world(table["me"])
    for method, template, names in ops:
        body = VALID_BODIES.get((method, template))
        takes_body = (method, template) in BODY_OPERATIONS
        assert (body is not None) == takes_body, f"give VALID_BODIES a body for {method} {template}"
        for value in OUT_OF_RANGE:
            for name in names:
                path = _path(template.replace("{" + name + "}", value), table)
                r = c.generic(method, path, json.dumps(body) if takes_body else "",
                              content_type="application/json", **csrf)
                noun = name.removesuffix("_id")
                assert _error(r, 404, "not_found") == f"there is no {noun} {value}", (method, path)
    assert _world(table["me"]) == before


@pytest.mark.site("SITE-SAFE-02")
@pytest.mark.django_db
def test_an_id_with_a_blank_int_does_not_strip_gets_422_from_every_operation(table):
    """``GET /api/games/365/conversations/%1C3`` was a 500 (found by the schemathesis run on
    PostgreSQL): ``\\x1c`` is a blank to a regular expression's ``\\s`` but ``int()`` refuses
    it. Such an id is the parameters' 422 now, from every operation, and changes nothing."""
    c, csrf = _browser(table["me"])
    before = _world(table["me"])
    for method, template, names in _id_operations():
        body = VALID_BODIES.get((method, template))
        takes_body = (method, template) in BODY_OPERATIONS
        for name in names:
            path = _path(template.replace("{" + name + "}", "%1C3"), table)
            r = c.generic(method, path, json.dumps(body) if takes_body else "",
                          content_type="application/json", **csrf)
            assert r.status_code == 422, (method, path, r.status_code, r.content[:200])
            assert r.json()["error"] == "bad_request" and name in r.json()["message"], (method, path)
    assert _world(table["me"]) == before


def _page_patterns() -> list[str]:
    """Every page address (outside /api/ and /admin/) with an integer in its path, as a
    template whose integers are ``{}``."""
    out: list[str] = []

    def walk(patterns, prefix: str) -> None:
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                if not route.startswith(("api/", "admin/")):
                    walk(p.url_patterns, route)
            elif isinstance(p, URLPattern) and p.pattern.converters:
                kinds = {type(cv).__name__ for cv in p.pattern.converters.values()}
                if kinds & {"IntConverter", "IdConverter"}:
                    out.append("/" + re.sub(r"<(?:int|id):\w+>", "{}", route))

    walk(get_resolver().url_patterns, "")
    return out


@pytest.mark.site("SITE-SAFE-02")
@pytest.mark.django_db
def test_every_page_with_an_id_outside_the_range_is_404(table):
    c = Client(raise_request_exception=False)
    c.force_login(table["me"])
    pages = _page_patterns()
    assert "/games/{}/" in pages and "/lobby/games/{}/join/" in pages and len(pages) >= 15, pages
    for template in pages:
        for value in OUT_OF_RANGE[:2]:
            path = template.replace("{}", value)
            assert c.get(path).status_code == 404, path
            assert c.post(path).status_code == 404, path
    # and the same pages with a real id are there
    assert c.get(f"/games/{table['running'].pk}/").status_code == 200
    assert c.get(f"/lobby/games/{table['waiting'].pk}/").status_code == 200


@pytest.mark.site("SITE-SAFE-01")
@pytest.mark.django_db
def test_an_address_or_a_method_the_api_does_not_have_gets_its_json_error(table):
    """Not Django's HTML 404 nor a plain-text 405: the API's own error, with the methods the
    address takes."""
    c, headers = _browser(table["me"])
    msg = _error(c.get("/api/no-such-thing", **headers), 404, "not_found")
    assert "/api/openapi.json" in msg
    r = c.delete(f"/api/games/{table['running'].pk}/history", **headers)
    msg = _error(r, 405, "method_not_allowed")
    assert "DELETE" in msg and "GET" in r["Allow"] and "GET" in msg
    # a page's 404 stays a page
    assert not c.get("/no-such-page/").get("Content-Type", "").startswith("application/json")


@pytest.mark.site("SITE-SAFE-03", "SITE-SAFE-09")
def test_every_429_documents_when_to_try_again():
    doc = api.get_openapi_schema(path_prefix="/api/")
    limited = [(m, p) for p, ops in doc["paths"].items() for m, op in ops.items()
               if "429" in op["responses"] or 429 in op["responses"]]
    assert ("post", "/api/lobby/games") in limited and ("post", "/api/games/{game_id}/messages") in limited
    for p, ops in doc["paths"].items():
        for m, op in ops.items():
            r = op["responses"].get(429) or op["responses"].get("429")
            if r:
                assert r["headers"]["Retry-After"]["schema"]["type"] == "integer", (m, p)
    assert "retry_after" in doc["components"]["schemas"]["ErrorOut"]["properties"]
