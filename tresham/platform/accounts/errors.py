"""The refusals of the accounts services: the site's :class:`~tresham.platform.errors.Refusal`
with the code and status given where it is raised; the API turns it into ``{"error": code,
"message": ...}`` and the pages into a form error."""
from __future__ import annotations

from ..errors import Refusal


class AccountError(Refusal):
    """A request about accounts, friends or reports that changes nothing."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message, code=code, status=status)
