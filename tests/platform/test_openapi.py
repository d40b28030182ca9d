"""The OpenAPI document the site publishes at /api/openapi.json (SITE-SAFE-03): it validates as
OpenAPI 3.1 (openapi-spec-validator), each component name stands for one model, and every
status an operation can answer is documented with the site's error body. What the site really
answers is checked against the document by schemathesis (``test_schemathesis.py``).
"""
from __future__ import annotations

import typing
from collections import defaultdict

import pytest
from django.test import Client
from openapi_spec_validator import OpenAPIV31SpecValidator
from pydantic import BaseModel

from tresham.platform.api import api

UNSAFE = {"post", "put", "patch", "delete"}
ERROR_REF = "#/components/schemas/ErrorOut"
#: operations with a per-account or per-address limit (429 with Retry-After, SITE-SAFE-09)
LIMITED = {("post", "/api/lobby/games"), ("post", "/api/games/{game_id}/messages"),
           ("post", "/api/accounts/register"), ("post", "/api/accounts/login")}


@pytest.fixture(scope="module")
def doc(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        r = Client().get("/api/openapi.json")
    assert r.status_code == 200
    return r.json()


@pytest.mark.site("SITE-SAFE-03")
def test_the_served_document_validates_as_openapi_3_1(doc):
    """The games' order schemas once carried defaults their own fields refuse ("" for a
    nation, -1 for an offer number), which makes the document invalid."""
    assert doc["openapi"].startswith("3.1")
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
              for e in OpenAPIV31SpecValidator(doc).iter_errors()]
    assert errors == []
    assert len(doc["paths"]) >= 30


def _models(annotation) -> typing.Iterator[type[BaseModel]]:
    """The pydantic models inside a type annotation (lists, unions, dicts, Annotated...)."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        yield annotation
        return
    for arg in typing.get_args(annotation):
        yield from _models(arg)


def _reachable() -> dict[str, set[type]]:
    """Every model the document describes, by component name: the fields of each
    operation's parameter and response models, followed down."""
    seen: set[type] = set()
    todo: list[type[BaseModel]] = []
    for router in api._get_bound_routers():
        for view in router.path_operations.values():
            for op in view.operations:
                wrappers = list(op.models) + [m for m in op.response_models.values() if isinstance(m, type)]
                for w in wrappers:  # ninja's own wrappers (...Params, ...Response) are never components
                    for f in w.model_fields.values():
                        todo += list(_models(f.annotation))
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        for f in m.model_fields.values():
            todo += list(_models(f.annotation))
    by_name: dict[str, set[type]] = defaultdict(set)
    for m in seen:
        by_name[m.__name__].add(m)
    return by_name


@pytest.mark.site("SITE-SAFE-03")
def test_each_component_name_stands_for_one_model(doc):
    """``SeatOut`` was the lobby's seat and the game's seat at once, and the document kept
    one of them: five lobby answers broke their published schema."""
    by_name = _reachable()
    assert {"GameOut", "GameDetailOut", "ErrorOut", "OrderIn"} <= set(by_name)
    clashes = {n: sorted(f"{m.__module__}.{m.__qualname__}" for m in ms) for n, ms in by_name.items() if len(ms) > 1}
    assert clashes == {}
    # and each is published as itself: the document's component is that model's schema
    for name, (model,) in by_name.items():
        assert name in doc["components"]["schemas"], name
        published = set(doc["components"]["schemas"][name].get("properties", {}))
        assert published == set(model.model_json_schema(by_alias=True).get("properties", {})), name


def _expected(method: str, path: str, op: dict) -> dict[int, str]:
    """What the operation can answer besides success, and why."""
    out: dict[int, str] = {}
    params = op.get("parameters", [])
    if op.get("security"):
        out[401] = "not logged in"
        if method in UNSAFE:
            out[403] = "the CSRF token is missing or wrong"
    if params or "requestBody" in op:
        out[422] = "a parameter or the body does not fit its schema"
    if "requestBody" in op:
        out.update({400: "the body is not JSON", 413: "the body is too large", 415: "the body is not JSON"})
    if any(p["in"] == "path" and p["schema"].get("type") == "integer" for p in params):
        out[404] = "no row has this id"
    if (method, path) in LIMITED:
        out[429] = "a rate limit"
    return out


@pytest.mark.site("SITE-SAFE-03")
def test_every_status_an_operation_can_answer_is_documented(doc):
    """``GET /api/games/{id}``, its history and messages and ``GET /api/rankings`` documented
    only 200, and ``POST /api/games/{id}/messages`` no 422."""
    missing = []
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            have = {int(s) for s in op["responses"]}
            for status, why in _expected(method, path, op).items():
                if status not in have:
                    missing.append(f"{method.upper()} {path}: {status} ({why})")
            for status, answer in op["responses"].items():
                if int(status) >= 400:
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == {"$ref": ERROR_REF}, (method, path, status, schema)
    assert missing == []
    assert "404" in doc["paths"]["/api/rankings"]["get"]["responses"]  # a game nobody plays


@pytest.mark.site("SITE-SAFE-03")
def test_every_request_body_is_a_json_object(doc):
    """The boundary refuses a body that is not a JSON object (SITE-SAFE-01): true of every
    operation only while every body is an object schema."""
    schemas = doc["components"]["schemas"]
    bodies = 0
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            if "requestBody" not in op:
                continue
            bodies += 1
            content = op["requestBody"]["content"]
            assert list(content) == ["application/json"], (method, path)
            assert op["requestBody"]["required"] is True, (method, path)
            schema = content["application/json"]["schema"]
            if "$ref" in schema:
                schema = schemas[schema["$ref"].rsplit("/", 1)[-1]]
            assert schema.get("type") == "object", (method, path, schema)
    assert bodies >= 15


@pytest.mark.site("SITE-SAFE-03")
def test_two_models_under_one_name_stop_the_document():
    """The document is not published with a name standing for two models (ninja kept the
    last one silently): the site's own generation refuses, naming it."""
    from django.core.exceptions import ImproperlyConfigured
    from ninja import Router, Schema

    from tresham.platform.api import TreshamAPI

    def seat(**fields) -> type[Schema]:
        return type("SeatOut", (Schema,), {"__annotations__": fields, "__module__": __name__})

    lobby_seat, game_seat = seat(index=int, open=bool), seat(index=int, status=str)
    one, two = Router(), Router()
    one.get("/a", response=list[lobby_seat])(lambda request: [])
    two.get("/b", response=list[game_seat])(lambda request: [])
    clash = TreshamAPI(urls_namespace="clash-test")
    clash.add_router("/one/", one)
    clash.add_router("/two/", two)
    with pytest.raises(ImproperlyConfigured, match="two models are published as 'SeatOut'"):
        clash.get_openapi_schema(path_prefix="")
    three = Router()  # one of them alone is published
    three.get("/a", response=list[lobby_seat])(lambda request: [])
    alone = TreshamAPI(urls_namespace="alone-test")
    alone.add_router("/one/", three)
    assert set(alone.get_openapi_schema(path_prefix="")["components"]["schemas"]["SeatOut"]["properties"]) == {"index", "open"}
