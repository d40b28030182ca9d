"""The site's one refusal: what every app raises when it says no, having changed nothing.

A :class:`Refusal` has a short ``code`` ("not_your_seat", "rate_limited"), a ``message`` in
words and an HTTP ``status`` (4xx). The API answers it as ``{"error": code, "message": ...}``
with that status (``api_errors.ErrorOut``, the handler in ``tresham/platform/api.py``), a page
shows its message. Each app names its own refusals by subclassing it (``play.services.Stale``,
``lobby.seats.LobbyError``, ``clock.pauses.PauseError``, ``accounts.errors.AccountError``,
``limits.RateLimited``, the API's ``boundary``); a kind that says more adds to :meth:`body`
(a stale order's current revision) or :meth:`headers` (a limit's ``Retry-After``).

It lives here, on the ground every app stands on, so that no app imports another only to
say no the way it does (docs/platform.md, "Apps, one concern each"). The rules' own refusal,
``games.contract.IllegalOrder``, is the games' and stays theirs.
"""
from __future__ import annotations

from typing import Any


class Refusal(Exception):
    """A request the site refuses, having changed nothing. ``status``: the HTTP status;
    ``code``: the API's ``error``; ``detail``: where a body or parameter does not fit its
    schema (the API's 422), if the refusal says."""

    status: int = 400
    code: str = "bad_request"

    def __init__(self, message: str, *, code: str | None = None, status: int | None = None,
                 detail: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        self.detail = detail

    def body(self) -> dict[str, Any]:
        """The API's answer: ``{"error": code, "message": ...}``, and ``detail`` when given."""
        out: dict[str, Any] = {"error": self.code, "message": self.message}
        if self.detail is not None:
            out["detail"] = self.detail
        return out

    def headers(self) -> dict[str, str]:
        """Headers of the answer, on a page as in the API (none but for a limit's wait)."""
        return {}
