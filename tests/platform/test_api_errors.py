"""The API's refusals are the site's JSON errors."""
import pytest
from django.test import Client

from tests.platform.conftest import post_json


@pytest.mark.django_db
def test_a_missing_csrf_token_is_named_as_such(make_user):
    user = make_user("csrfless")
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    r = post_json(c, "/api/games/1/orders", {"order": {"type": "trade_done"}})
    assert r.status_code == 403
    assert r.json()["error"] == "csrf_failed" and "X-CSRFToken" in r.json()["message"]
