"""Generated input to the play pages' forms and parameters: never a server error, and a
refused post changes nothing."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tresham.platform.play.models import LogEntry, Message

pytestmark = pytest.mark.django_db

SLOW_FIXTURE = settings(max_examples=120, deadline=None,
                        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

_scalars = st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True) | st.text(max_size=30)
_json = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                     max_leaves=12)
_types = st.sampled_from(["trade_offer", "trade_accept", "trade_withdraw", "trade_done", "trade_message", "done",
                          "move", "pick", "buy", "timeout", "market_open", "close_market", "nonsense"])
_orders = st.builds(lambda t, rest: json.dumps({"type": t, **rest}, allow_nan=True), _types,
                    st.dictionaries(st.sampled_from(["to", "give", "said", "expect", "offer", "text", "player",
                                                     "moves", "cards", "extra"]), _json, max_size=4))
_unstorable = st.sampled_from(['{"type": "trade_message", "text": "a\\u0000b"}',
                               '{"type": "trade_message", "text": "\\ud800"}', '{"\\u0000": 1, "type": "done"}'])
_texts = _orders | _unstorable | st.text(max_size=200) | _json.map(lambda v: json.dumps(v, allow_nan=True))


@SLOW_FIXTURE
@given(text=_texts, key=st.text(max_size=70) | st.none(), revision=st.text(max_size=8) | st.none())
def test_generated_orders_never_get_a_server_error(trading, client_for, text, key, revision):
    t = trading
    c = client_for(t.alice)
    t.game.refresh_from_db()
    before = (t.game.revision, LogEntry.objects.filter(game=t.game).count())
    body = {"order": text, **({"client_key": key} if key is not None else {}),
            **({"revision": revision} if revision is not None else {})}
    r = c.post(f"/games/{t.game.pk}/", body)
    assert r.status_code in (303, 400, 403, 409), (r.status_code, body)
    t.game.refresh_from_db()
    if r.status_code != 303:
        assert (t.game.revision, LogEntry.objects.filter(game=t.game).count()) == before


@SLOW_FIXTURE
@given(command=st.text(max_size=10), order=st.text(max_size=12), page=st.text(max_size=12),
       kind=st.text(max_size=12), message=st.text(max_size=2100))
def test_generated_parameters_and_messages_never_get_a_server_error(trading, client_for, command, order, page,
                                                                    kind, message):
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/"
    assert c.post(url + "command/", {"command": command}).status_code in (303, 400, 409)
    for path, params in [("history/", {"order": order, "page": page}), ("messages/", {"page": page}),
                         ("", {"type": kind}), ("ast/", {"x": kind}), ("advances/", {"x": kind})]:
        assert c.get(url + path, params).status_code == 200
    n = Message.objects.count()
    r = c.post(url + "messages/", {"text": message})
    assert r.status_code in (303, 400, 429)  # 429: the examples reached the messages' limit (SITE-SAFE-09)
    if r.status_code in (400, 429):  # refused: nothing posted (a 303 may be a double post, also nothing new)
        assert Message.objects.count() == n
    else:
        assert Message.objects.count() in (n, n + 1)
