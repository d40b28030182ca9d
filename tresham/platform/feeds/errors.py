"""The feeds' refusals: kinds of the site's one refusal (``errors.Refusal``), each having
changed nothing."""
from __future__ import annotations

from ..errors import Refusal


class FeedError(Refusal):
    code = "bad_webhook"


class NotAMember(FeedError):
    status = 403
    code = "not_a_member"


class NoSuchWebhook(FeedError):
    status = 404
    code = "not_found"
