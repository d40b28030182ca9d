"""The API's boundary: what every operation refuses before anything of it runs (its
authentication, its parameters' parsing, its handler), with the site's JSON error, changing
nothing (SITE-SAFE-01, SITE-SAFE-02).

- An id in the path that no row of either database can have (an integer outside the 64-bit
  signed range of SQLite's INTEGER and PostgreSQL's bigint): 404 ``not_found``, "there is no
  game 9223372036854775808". Such an id never reaches a query (on SQLite it raised
  ``OverflowError``: a 500).
- The body of an operation that takes one:
  - not JSON (multipart or form data, text...): 415 ``unsupported_media_type``, naming the
    type sent (a multipart body once crashed the request: the CSRF check read it as a form,
    then nobody could read it as JSON);
  - not valid JSON (or not UTF-8, or ``NaN``): 400 ``bad_json`` with the parser's words;
  - JSON nesting deeper than :data:`MAX_DEPTH` levels: 400 ``too_deep``;
  - JSON that is not an object where the operation's body is one, or no body at all: 422
    ``bad_request``, as any body that does not fit its schema ("the body must be a JSON
    object, not an array"; an array or ``null`` used to be taken as ``{}``).

The checked body is what the operation then reads (:class:`BodyParser`): it is parsed once.
:func:`answers` says which statuses these checks (and the session authentication) can give
an operation, for the OpenAPI document (SITE-SAFE-03).
"""
from __future__ import annotations

import functools
import inspect
import json
import re
from typing import Any, Callable

from django.core.exceptions import ImproperlyConfigured, RequestDataTooBig
from django.http import HttpRequest
from ninja.operation import Operation
from ninja.parser import Parser
from pydantic import BaseModel

from .errors import Refusal

#: Deepest nesting of objects and arrays a body may have (the body itself is level 1). The
#: deepest the site takes is a new game from a prepared position (the option ``position``): 10
#: levels for the deepest of ``docs/scenarios``.
MAX_DEPTH = 32
#: Integers any id column of either database can hold (SQLite INTEGER, PostgreSQL bigint).
ID_RANGE = (-(2**63), 2**63 - 1)
#: What may be a whole number (any script's digits within blanks, as ``int()`` and the
#: parameters' parsing read them); ``int()`` itself has the last word (``int("\x1c3")`` is a
#: ValueError although ``\x1c`` is a blank to ``\s``).
_INT = re.compile(r"\s*[+-]?\d+\s*")
_BODY = "_tresham_body"
_JSON_KIND = {list: "an array", str: "a string", bool: "a boolean", int: "a number", float: "a number",
              type(None): "null", dict: "an object"}


# ---- what an operation takes --------------------------------------------------------------
def _models(operation: Operation, source: str) -> list[type[BaseModel]]:
    return [m for m in operation.models if getattr(m, "__ninja_param_source__", None) == source]


def id_parameters(operation: Operation) -> list[str]:
    """The names of the operation's integer path parameters."""
    return [name for m in _models(operation, "path") for name, f in m.model_fields.items() if f.annotation is int]


def body_shape(operation: Operation) -> tuple[bool, bool, bool]:
    """(takes a body, the body must be a JSON object, a body is required)."""
    models = _models(operation, "body")
    if not models:
        return False, False, False
    model = models[0]
    single = getattr(model, "__read_from_single_attr__", None)
    if not single:  # several body parameters: ninja reads them as one object's fields
        return True, True, any(f.is_required() for f in model.model_fields.values())
    f = model.model_fields[single]
    ann = f.annotation
    is_object = (isinstance(ann, type) and issubclass(ann, (BaseModel, dict))) or getattr(ann, "__origin__", None) is dict
    return True, is_object, f.is_required()


# ---- the checks ---------------------------------------------------------------------------
def check_ids(names: list[str], path: dict[str, Any]) -> None:
    """404 for an integer path parameter no row can have."""
    for name in names:
        value = path.get(name)
        if not (isinstance(value, str) and _INT.fullmatch(value)):
            continue  # not a whole number: the parameters' parsing refuses it with 422
        try:
            n = int(value)
        except ValueError:
            continue
        if not ID_RANGE[0] <= n <= ID_RANGE[1]:
            raise Refusal(f"there is no {name.removesuffix('_id')} {value.strip()[:40]}", code="not_found",
                          status=404)


def depth(value: Any) -> int:
    """How deep objects and arrays nest in ``value`` (a scalar: 0), counted without
    recursion; stops counting past :data:`MAX_DEPTH`."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        if isinstance(v, (dict, list)):
            deepest = max(deepest, d)
            if d > MAX_DEPTH:
                break
            todo.extend((c, d + 1) for c in (v.values() if isinstance(v, dict) else v))
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _too_deep() -> Refusal:
    return Refusal(f"the body's JSON nests deeper than {MAX_DEPTH} levels", code="too_deep")


def is_json(content_type: str) -> bool:
    return content_type == "application/json" or (content_type.startswith("application/")
                                                  and content_type.endswith("+json"))


def read_body(request: HttpRequest, must_be_object: bool, required: bool) -> Any:
    """The request's JSON body, checked (:class:`Refusal` otherwise); None when there is none
    and none is required."""
    try:
        raw = request.body
    except RequestDataTooBig as e:  # a body sent without its length, past DATA_UPLOAD_MAX_MEMORY_SIZE
        raise Refusal(f"the request body is too large: {e}", code="too_large", status=413) from None
    if not raw:
        if required:
            raise Refusal("the body must be a JSON object; the request has none", status=422,
                          detail=[{"loc": ["body"], "msg": "a JSON object is required", "type": "missing"}])
        return None
    sent = request.content_type or ""
    if not is_json(sent):
        raise Refusal(f"the body must be JSON sent as Content-Type: application/json, not {sent or 'untyped'}"[:200],
                      code="unsupported_media_type", status=415)
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise Refusal("the body is not valid JSON: it is not UTF-8 text", code="bad_json") from None
    except RecursionError:
        raise _too_deep() from None
    except ValueError as e:  # JSONDecodeError, NaN, a number of more than 4300 digits
        raise Refusal(f"the body is not valid JSON: {e}"[:300], code="bad_json") from None
    if depth(value) > MAX_DEPTH:
        raise _too_deep()
    if must_be_object and not isinstance(value, dict):
        kind = _JSON_KIND.get(type(value), "a JSON value")
        raise Refusal(f"the body must be a JSON object, not {kind}", status=422,
                      detail=[{"loc": ["body"], "msg": f"Input should be a JSON object, not {kind}", "type": "dict_type"}])
    return value


def guard(run: Callable) -> Callable:
    """The view decorator (``api.add_decorator(guard, mode="view")``) that checks an
    operation's path ids and body before the operation runs."""
    operation = getattr(inspect.unwrap(run), "__self__", None)  # run, or a decorator's wraps() of it
    if not isinstance(operation, Operation):
        raise ImproperlyConfigured("the API boundary wraps an operation's run(): add it with mode=\"view\"")
    ids = id_parameters(operation)
    takes_body, must_be_object, required = body_shape(operation)

    def check(request: HttpRequest, path: dict[str, Any]) -> None:
        check_ids(ids, path)
        if takes_body:
            setattr(request, _BODY, read_body(request, must_be_object, required))

    if inspect.iscoroutinefunction(run):
        @functools.wraps(run)
        async def guarded_async(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
            try:
                check(request, kwargs)
            except Refusal as e:
                return operation.api.on_exception(request, e)
            return await run(request, *args, **kwargs)

        return guarded_async

    @functools.wraps(run)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        try:
            check(request, kwargs)
        except Refusal as e:
            return operation.api.on_exception(request, e)
        return run(request, *args, **kwargs)

    return guarded


class BodyParser(Parser):
    """The operation reads the body :func:`guard` checked (parsed once)."""

    def parse_body(self, request: HttpRequest) -> Any:
        if hasattr(request, _BODY):
            return getattr(request, _BODY)
        return read_body(request, must_be_object=False, required=False)


# ---- for the OpenAPI document ----------------------------------------------------------------
UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


def answers(operation: Operation, method: str) -> dict[int, str]:
    """The statuses the boundary and the session authentication can give ``operation``
    (called with ``method``), each with its reason in words."""
    out: dict[int, str] = {}
    if operation.auth_callbacks:
        out[401] = "Not logged in"
        if method.upper() in UNSAFE:
            out[403] = "The CSRF token is missing or wrong, or this is not yours to do"
    takes_body = body_shape(operation)[0]
    if takes_body:
        out[400] = f"The body is not valid JSON, or nests deeper than {MAX_DEPTH} levels"
        out[413] = "The body is too large"
        out[415] = "The body is not JSON (Content-Type: application/json)"
    if takes_body or _models(operation, "path") or _models(operation, "query"):
        out[422] = "A parameter or the body does not fit its schema"
    if id_parameters(operation):
        out[404] = "There is no such thing (or the id is outside every database's range)"
    return out
