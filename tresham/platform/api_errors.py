"""The one shape of every refusal of the JSON API, ``{"error": code, "message": ...}`` with a
4xx status, published once in the OpenAPI document as ``ErrorOut`` (SITE-SAFE-03: one
component name, one model). Every router declares its refusals with this model."""
from __future__ import annotations

from typing import Any

from ninja import Field, Schema


class ErrorOut(Schema):
    error: str = Field(description="a short code, e.g. not_found, illegal_order, bad_request")
    message: str = Field(description="what is wrong, in words")
    rule: str | None = Field(None, description="an illegal order: the rule it breaks")
    part: str | None = Field(None, description="an illegal order refused for one item of a batch (SITE-TABLE-07): "
                                               'the order\'s list holding it, e.g. "moves"; the others stand')
    index: int | None = Field(None, description="with part: the refused item's place in that list (0 first)")
    reason: str | None = Field(None, description="with part: why that item is refused (the message names the "
                                                 "item too)")
    revision: int | None = Field(None, description="a stale order (409): the game's current revision")
    retry_after: int | None = Field(None, description="a limit reached (429): seconds to wait, as the Retry-After "
                                                      "header says")
    detail: list[dict[str, Any]] | None = Field(None, description="a body or a parameter that does not fit "
                                                                  "its schema (422): each error's location")


#: The refusals most operations can give (each router adds or leaves out what fits its own).
ERRORS: dict[int, type[Schema]] = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut,
                                   413: ErrorOut, 422: ErrorOut}
