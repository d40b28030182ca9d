"""The JSON API (django-ninja) under /api/, its OpenAPI document at /api/openapi.json.

Each app adds its router here. Orders and options are described by each game's own schemas
(``GameRules.order_schema`` / ``options_schema``), published in the OpenAPI document under
``components.schemas`` as ``<kind>.<Name>`` -- the same rules the engine enforces, not a copy.
Errors are JSON ``{"error": code, "message": ..., ...}`` (``api_errors.ErrorOut``) with a 4xx
status; never a 5xx. Before any operation runs, ``boundary.guard`` refuses a body the API cannot
take and an id no database can hold (SITE-SAFE-01, -02); the document publishes each model under
a name of its own and every status each operation can answer (SITE-SAFE-03).
"""
from __future__ import annotations

from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.http import Http404, HttpRequest
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.openapi.schema import REF_TEMPLATE, OpenAPISchema
from ninja.security import SessionAuth

from ..games import registry
from ..games.contract import IllegalOrder
from . import boundary
from .accounts.api import router as accounts_router
from .api_errors import ErrorOut
from .clock.api import router as clock_router
from .clock.api_absence import router as absence_router
from .errors import Refusal
from .feeds.api import router as feeds_router
from .lobby.api import router as lobby_router
from .mail.api import router as mail_router
from .play.api import router as play_router
from .ratings.api import router as ratings_router
from .talk.api import router as talk_router


class _Document(OpenAPISchema):
    """Ninja's OpenAPI document, refusing to publish two models under one name (it used to
    keep whichever came last: the lobby's seat and the game's seat were both ``SeatOut``)."""

    def add_schema_definitions(self, definitions: dict) -> None:
        for name, schema in definitions.items():
            if name in self.schemas and self.schemas[name] != schema:
                raise ImproperlyConfigured(f"two models are published as {name!r}: give one of them another name")
        super().add_schema_definitions(definitions)


class TreshamAPI(NinjaAPI):
    def get_openapi_schema(self, *, path_prefix: str | None = None, path_params: dict | None = None):
        if path_prefix is None:
            path_prefix = self.get_root_path(path_params or {})
        schema = _Document(self, path_prefix)
        comps = schema.setdefault("components", {}).setdefault("schemas", {})
        kinds = registry.names()
        for kind in kinds:
            rules = registry.get(kind)
            for label, doc in (("Order", rules.order_schema()), ("Options", rules.options_schema())):
                comps.update(_as_components(kind, label, doc))
        # request bodies that carry a game's order or options: exactly the games' schemas
        for model, prop, label in GAME_FIELDS:
            props = comps.get(model, {}).get("properties", {})
            if prop in props:
                desc = props[prop].get("description", "")
                props[prop] = {"oneOf": [{"$ref": f"#/components/schemas/{k}.{label}"} for k in kinds],
                               "description": desc}
        self._document_answers(schema, comps)
        return schema

    def _document_answers(self, schema: dict[str, Any], comps: dict[str, Any]) -> None:
        """Add to each operation the refusals the boundary and the authentication can give it
        (``boundary.answers``), with the error body, where its own declaration leaves them out."""
        comps.setdefault("ErrorOut", ErrorOut.model_json_schema(ref_template=REF_TEMPLATE))
        by_id = {op.operation_id or self.get_openapi_operation_id(op): op for router in self._get_bound_routers()
                 for view in router.path_operations.values() for op in view.operations}
        for ops in schema["paths"].values():
            for method, details in ops.items():
                op = by_id[details["operationId"]]
                responses = details["responses"]
                for status, why in boundary.answers(op, method).items():
                    if status not in responses and str(status) not in responses:
                        responses[status] = {"description": why, "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}}
                for status in (429, "429"):  # a limit: when to try again (SITE-SAFE-06, SITE-SAFE-09)
                    if status in responses:
                        responses[status].setdefault("headers", {})["Retry-After"] = RETRY_AFTER
                details["responses"] = dict(sorted(responses.items(), key=lambda kv: int(kv[0])))


def _as_components(kind: str, label: str, doc: dict[str, Any]) -> dict[str, Any]:
    """A JSON Schema with ``$defs`` as OpenAPI components: ``<kind>.<Name>`` each, and the
    top level as ``<kind>.<label>``."""
    def fix(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: (f"#/components/schemas/{kind}.{v.rsplit('/', 1)[-1]}"
                        if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/") else fix(v))
                    for k, v in x.items() if k != "$defs"}
        if isinstance(x, list):
            return [fix(v) for v in x]
        if isinstance(x, str) and x.startswith("#/$defs/"):
            return f"#/components/schemas/{kind}.{x.rsplit('/', 1)[-1]}"
        return x

    out = {f"{kind}.{name}": fix(d) for name, d in doc.get("$defs", {}).items()}
    out[f"{kind}.{label}"] = fix(doc)
    return out


#: The header of every 429 answer, as the OpenAPI document describes it.
RETRY_AFTER: dict[str, Any] = {"description": "seconds to wait before trying again",
                               "schema": {"type": "integer", "minimum": 0}}

#: (component, property, label): request fields whose schema is each game's own ``label``.
GAME_FIELDS: list[tuple[str, str, str]] = [("OrderIn", "order", "Order"), ("PreviewIn", "order", "Order"),
                                          ("CreateGameIn", "options", "Options")]

api = TreshamAPI(title="Tresham", version="1", auth=SessionAuth(), parser=boundary.BodyParser(),
                 description="The play-by-web site Tresham: its games, lobby, deadlines and rankings.")
api.add_decorator(boundary.guard, mode="view")  # before each operation's authentication and parsing


@api.exception_handler(Refusal)
def _refused(request: HttpRequest, exc: Refusal):
    """Every refusal of the site (``errors.Refusal``: the boundary's, the apps'): its body and
    status, and its headers (a limit's Retry-After, SITE-SAFE-06, SITE-SAFE-09)."""
    response = api.create_response(request, exc.body(), status=exc.status)
    for name, value in exc.headers().items():
        response[name] = value
    return response


@api.exception_handler(IllegalOrder)
def _illegal(request: HttpRequest, exc: IllegalOrder):
    """An order the rules refuse (400), naming the one item of a batch it refuses when it
    does (``part``, ``index``, ``reason``: SITE-TABLE-07)."""
    body = {"error": "illegal_order", "rule": exc.rule, "message": exc.message}
    if exc.part is not None:
        body.update(part=exc.part, index=exc.index, reason=exc.reason or exc.message)
    return api.create_response(request, body, status=400)


@api.exception_handler(ValidationError)
def _invalid(request: HttpRequest, exc: ValidationError):
    msgs = []
    for e in exc.errors[:5]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p not in ("body", "payload"))
        msgs.append(f"{where or 'request'}: {e.get('msg', 'invalid')}")
    return api.create_response(request, {"error": "bad_request", "message": "; ".join(msgs),
                                         "detail": exc.errors[:20]}, status=422)


@api.exception_handler(AuthenticationError)
def _unauthenticated(request: HttpRequest, exc: AuthenticationError):
    return api.create_response(request, {"error": "not_logged_in", "message": "log in first"}, status=401)


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError):
    code = "csrf_failed" if exc.status_code == 403 and "csrf" in str(exc).lower() else "http_error"
    message = ("the CSRF token is missing or wrong: get one from /api/accounts/csrf and send it in "
               "the X-CSRFToken header" if code == "csrf_failed" else str(exc))
    return api.create_response(request, {"error": code, "message": message}, status=exc.status_code)


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404):
    """``get_object_or_404`` and friends: the same JSON error as every other refusal."""
    return api.create_response(request, {"error": "not_found", "message": str(exc) or "there is no such thing here"},
                               status=404)


# each app's router, in this order (the first whose path matches answers)
api.add_router("/accounts/", accounts_router)
api.add_router("/", lobby_router)
api.add_router("/", play_router)
api.add_router("/", clock_router)
api.add_router("/", absence_router)
api.add_router("/", ratings_router)
api.add_router("/", talk_router)
api.add_router("/", mail_router)
api.add_router("/", feeds_router)
