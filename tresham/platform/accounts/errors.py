"""The refusals of the accounts services: one exception, with an error code and an HTTP status,
that the API turns into ``{"error": code, "message": ...}`` and the pages into a form error."""
from __future__ import annotations

from ..play.services import PlayError


class AccountError(PlayError):
    """A request about accounts, friends or reports that changes nothing."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
