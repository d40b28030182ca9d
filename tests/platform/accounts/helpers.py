"""Helpers of the accounts tests."""
from __future__ import annotations

import json
import re

from django.core import mail
from django.test import Client


PASSWORD = "pw-long-enough"


def send(client: Client, method: str, path: str, body=None, **extra):
    """A JSON request (``method``: post, patch, put, delete) to the API."""
    data = json.dumps(body) if body is not None else ""
    return getattr(client, method)(path, data=data, content_type="application/json", **extra)


def api_login(username: str, password: str = PASSWORD, address: str = "127.0.0.1", client: Client | None = None):
    """Log in through the API from ``address``; gives (client, response)."""
    client = client or Client()
    r = send(client, "post", "/api/accounts/login", {"username": username, "password": password},
             REMOTE_ADDR=address)
    return client, r


def last_link(outbox_index: int = -1) -> str:
    """The first site link in a sent mail."""
    return re.search(r"https?://\S+", mail.outbox[outbox_index].body).group(0)


