"""Orders through the game page's form and the top panel's Reset/Done: the path of the API
(``services.submit``), once per client key, refusals shown with their rule and changing
nothing, CSRF-protected."""
from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.utils.html import escape

from tresham.platform.play.models import LogEntry

from .conftest import section

pytestmark = pytest.mark.django_db


ORDER_FORM, PANEL_FORM = 'id="order"', 'class="go"'


def _form_fields(html: str, marker: str = ORDER_FORM) -> dict[str, str]:
    """The hidden fields (client key, revision) of the form of the page that ``marker`` opens."""
    start = html.index(marker)
    form = html[start:html.index("</form>", start)]
    return dict(re.findall(r'<input type="hidden" name="(client_key|revision)" value="([^"]*)"', form))


def _snapshot(game):
    game.refresh_from_db()
    return game.revision, game.state, LogEntry.objects.filter(game=game).count()


def test_an_order_posted_twice_with_the_same_key_is_applied_once(trading, client_for):
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/"
    fields = _form_fields(c.get(url).content.decode())
    assert fields["revision"] == str(t.game.revision) and len(fields["client_key"]) >= 16
    before = _snapshot(t.game)
    body = {"order": json.dumps({"type": "trade_message", "text": "Want grain"}), **fields}
    first = c.post(url, body)
    assert first.status_code == 303 and first["Location"] == url
    second = c.post(url, body)  # the double click
    assert second.status_code == 303
    revision, _, count = _snapshot(t.game)
    assert (revision, count) == (before[0] + 1, before[2] + 1)
    entry = LogEntry.objects.get(game=t.game, seq=revision)
    assert entry.order == {"type": "trade_message", "text": "Want grain", "player": 0}
    assert entry.account == t.alice and entry.client_key == fields["client_key"]
    page = c.get(url).content.decode()
    assert "This order had already been accepted (revision %d): it was not applied a second time." % revision in page
    # a fresh rendering carries a fresh key and the new revision
    again = _form_fields(page)
    assert again["client_key"] != fields["client_key"] and again["revision"] == str(revision)


def test_the_first_answer_says_accepted(trading, client_for):
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/"
    fields = _form_fields(c.get(url).content.decode())
    r = c.post(url, {"order": '{"type": "trade_message", "text": "hello"}', **fields}, follow=True)
    assert f"Order accepted: the game is at revision {t.game.revision + 1}." in r.content.decode()


@pytest.mark.parametrize("text, status, shown", [
    ('{"type": "done"}', 400, "<strong>Refused (rule 28):</strong> a &#x27;done&#x27; order is not taken in the trade phase"),
    ('{"type": "trade_offer", "to": 1, "give": ["gold", "gold", "gold"]}', 400, "<strong>Refused (rule 28.3):</strong> you do not hold all the cards you offer to give"),
    ('{"type": "fly"}', 400, "<strong>Refused:</strong> unknown order type &#x27;fly&#x27;"),
    ("{not json", 400, "this is not JSON (line 1, column 2)"),
    ("[1, 2]", 400, "an order is a JSON object"),
    ("", 400, "This field is required."),
    ('{"type": "trade_message", "text": "%s"}' % ("x" * 16000), 400, "Ensure this value has at most 16000 characters"),
    ("[" * 5000 + "]" * 5000, 400, "this JSON is nested too deeply for an order"),
    ('{"type": "trade_withdraw", "offer": ' + "9" * 5000 + "}", 400, "this is not JSON"),
    ('{"type": "trade_message", "text": "a\\u0000b"}', 400, "the order holds the NUL character"),
    ('{"type": "trade_message", "text": "\\udc00"}', 400, "the order holds a lone surrogate"),
    ('{"type": "trade_message", "text": "' + "x" * 501 + '"}', 400, "<strong>Refused (rule SITE-MSG-01):</strong>"),
    ('{"type": "trade_done", "player": 1}', 403, "you play seat 0; you cannot give orders for seat 1"),
    ('{"type": "trade_done", "player": true}', 403, "you cannot give orders for seat true"),
])
def test_a_refused_order_is_shown_with_its_rule_and_changes_nothing(trading, client_for, text, status, shown):
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/"
    fields = _form_fields(c.get(url).content.decode())
    before = _snapshot(t.game)
    r = c.post(url, {"order": text, **fields})
    html = r.content.decode()
    assert r.status_code == status
    assert shown in html, html[html.find('id="error"'):][:600]
    assert "Nothing was changed." in html or "errorlist" in html
    assert _snapshot(t.game) == before
    if text:  # the player's text is kept in the form, escaped
        assert escape(text) + "</textarea>" in section(html, "decisions")


def test_a_stale_revision_says_look_again_and_changes_nothing(trading, client_for):
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/"
    fields = _form_fields(c.get(url).content.decode())
    # bob gives an order meanwhile
    bob = client_for(t.bob)
    bob_fields = _form_fields(bob.get(url).content.decode())
    assert bob.post(url, {"order": '{"type": "trade_message", "text": "hi"}', **bob_fields}).status_code == 303
    before = _snapshot(t.game)
    r = c.post(url, {"order": '{"type": "trade_done"}', **fields})
    html = r.content.decode()
    assert r.status_code == 409
    assert "The game has changed since you looked: look again" in html
    assert _snapshot(t.game) == before
    # the page shown is the current one: the next post decides on the new revision
    assert _form_fields(html)["revision"] == str(before[0])


def test_only_the_games_players_give_orders(trading, client_for):
    t = trading
    url = f"/games/{t.game.pk}/"
    before = _snapshot(t.game)
    r = Client().post(url, {"order": '{"type": "trade_done"}'})
    assert r.status_code == 403 and "log in to give orders" in r.content.decode()
    r = client_for(t.carol).post(url, {"order": '{"type": "trade_done"}'})
    assert r.status_code == 403 and "you have no seat in this game" in r.content.decode()
    r = client_for(t.carol).post(url + "command/", {"command": "done"})
    assert r.status_code == 403
    assert _snapshot(t.game) == before


def test_forms_are_csrf_protected(trading):
    t = trading
    c = Client(enforce_csrf_checks=True)
    c.force_login(t.alice)
    url = f"/games/{t.game.pk}/"
    before = _snapshot(t.game)
    for path, body in [("", {"order": '{"type": "trade_done"}'}), ("command/", {"command": "done"}),
                       ("messages/", {"text": "hi"})]:
        assert c.post(url + path, body).status_code == 403
    assert _snapshot(t.game) == before
    html = c.get(url).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    fields = _form_fields(html)
    r = c.post(url, {"order": '{"type": "trade_message", "text": "ok"}', "csrfmiddlewaretoken": token, **fields})
    assert r.status_code == 303 and _snapshot(t.game)[0] == before[0] + 1


@pytest.mark.site("SITE-GEN-05")
def test_done_in_the_trade_phase_leaves_the_market(trading, client_for):
    """The top panel's drop-down + GO: Done is the phase's own order (leaving the market),
    Reset with no order of the phase clears the form and sends nothing."""
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/"
    html = c.get(url).content.decode()
    panel = html[html.index('class="go"'):html.index("</form>", html.index('class="go"'))]
    assert '<option value="reset">Reset (clear the order form)</option>' in panel
    assert '<option value="done">Done</option>' in panel and "<button type=\"submit\">GO</button>" in panel
    fields = _form_fields(html, PANEL_FORM)
    before = _snapshot(t.game)
    r = c.post(url + "command/", {"command": "reset", **fields}, follow=True)
    assert "Reset: your entry was cleared; nothing was sent." in r.content.decode()
    assert _snapshot(t.game) == before
    r = c.post(url + "command/", {"command": "done", **fields})
    assert r.status_code == 303
    revision, _, count = _snapshot(t.game)
    assert count == before[2] + 1
    assert LogEntry.objects.get(game=t.game, seq=before[0] + 1).order == {"type": "trade_done", "player": 0}
    assert 0 in t.state().step["left"]
    # the same GO again (same key) applies nothing more
    c.post(url + "command/", {"command": "done", **fields})
    assert LogEntry.objects.filter(game=t.game).count() == count


@pytest.mark.site("SITE-GEN-05", "SITE-SAFE-10")
def test_reset_and_done_in_the_movement_phase(table, client_for):
    """Movement: Done confirms one's pending moves (its done order), Reset clears them (the
    game's move order with no moves); a Reset with nothing left to clear changes nothing, so
    it is answered "already done" and not logged (SITE-SAFE-10)."""
    t = table

    def alice_moves_later(s) -> bool:
        return s.phase == "movement" and any(d.player == 0 and d.kind == "move" and not d.required
                                             for d in t.rules.pending(s))

    t.play_until(alice_moves_later)
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/"
    fields = _form_fields(c.get(url).content.decode(), PANEL_FORM)
    before = _snapshot(t.game)
    r = c.post(url + "command/", {"command": "done", **fields}, follow=True)
    assert LogEntry.objects.get(game=t.game, seq=before[0] + 1).order == {"type": "done", "player": 0}
    fields = _form_fields(r.content.decode(), PANEL_FORM)
    r = c.post(url + "command/", {"command": "reset", **fields}, follow=True)
    assert r.status_code == 200
    entry = LogEntry.objects.get(game=t.game, seq=before[0] + 2)
    assert entry.order == {"type": "move", "moves": [], "voyages": [], "done": None, "player": 0}
    assert "Your pending moves are cleared." in r.content.decode()
    after = _snapshot(t.game)
    fields = _form_fields(r.content.decode(), PANEL_FORM)
    r = c.post(url + "command/", {"command": "reset", **fields}, follow=True)
    assert "Already done: you have no pending moves to clear. Nothing was sent again." in r.content.decode()
    assert _snapshot(t.game) == after


def test_a_bad_command_is_refused(trading, client_for):
    t = trading
    c = client_for(t.alice)
    before = _snapshot(t.game)
    r = c.post(f"/games/{t.game.pk}/command/", {"command": "launch"})
    assert r.status_code == 400 and "choose Reset or Done, then GO" in r.content.decode()
    assert _snapshot(t.game) == before


def test_a_chosen_order_type_starts_the_form(trading, client_for):
    html = client_for(trading.alice).get(f"/games/{trading.game.pk}/?type=trade_message").content.decode()
    form = section(html, "decisions")
    assert "{&quot;type&quot;: &quot;trade_message&quot;, &quot;text&quot;: &quot;&quot;}</textarea>" in form
    # behind "Advanced", only the order types no form of the page gives (TBL-20): the deals
    # (made on the trade page), not the message and "done trading", which have their forms
    assert '<a href="?type=trade_offer#order"><code>trade_offer</code></a>' in form
    assert "?type=trade_done#" not in form and "?type=trade_message#" not in form


def test_the_api_refuses_text_no_database_can_store(trading, client_for):
    """A NUL character in a public trade message was a 500 on PostgreSQL; a lone surrogate
    echoed the raw JSON back. Both are now plain refusals that change nothing."""
    from tests.platform.conftest import post_json

    c = client_for(trading.alice)
    trading.game.refresh_from_db()
    before = (trading.game.revision, trading.game.state)
    for text, words in (("a\u0000b", "NUL character"), ("a\ud800b", "is not plain JSON")):
        r = post_json(c, f"/api/games/{trading.game.pk}/orders",
                      {"order": {"type": "trade_message", "text": text}, "client_key": f"nul-{len(words)}"})
        assert r.status_code == 400 and words in r.json()["message"], r.content
    r = post_json(c, f"/api/games/{trading.game.pk}/messages", {"text": "hello\u0000"})
    assert r.status_code == 422
    trading.game.refresh_from_db()
    assert (trading.game.revision, trading.game.state) == before
