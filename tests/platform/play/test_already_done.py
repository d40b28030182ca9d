"""SITE-SAFE-10: an order that repeats what the seat has already done and would change nothing
("Done" twice) is answered "already done" and not logged again: no log row, no new revision,
no event, and no deadline, mail or live page moves for it (``services.submit``)."""
from __future__ import annotations

from typing import Any

import pytest

from tresham.games.contract import AlreadyDone, Event, IllegalOrder, Timer
from tresham.platform.clock.models import Due
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord, Game, LogEntry

from tests.platform.conftest import post_json
from tests.platform.play.test_orders import PANEL_FORM, _form_fields
from tests.platform.test_layout import CountToThree


def footprint(game: Game) -> dict[str, Any]:
    """Everything an accepted order writes: the game row, its log, events, due rows, mails."""
    game.refresh_from_db()
    return {"revision": game.revision, "state": game.state, "log": LogEntry.objects.filter(game=game).count(),
            "events": EventRecord.objects.filter(game=game).count(),
            "due": sorted(Due.objects.filter(game=game).values_list("key", "due_at", "started_at", "revision")),
            "mails": Outbox.objects.count()}


def api_order(client, game: Game, order: dict):
    return post_json(client, f"/api/games/{game.pk}/orders", {"order": order})


# ---- the trade phase's Done (SITE-TRADE-14) ------------------------------------------------------
@pytest.mark.site("SITE-SAFE-10", "SITE-TRADE-14")
def test_done_twice_through_the_api_is_logged_once(trading, client_for, django_capture_on_commit_callbacks):
    t = trading
    c = client_for(t.alice)
    start = footprint(t.game)
    with django_capture_on_commit_callbacks() as first_commit:
        r = api_order(c, t.game, {"type": "trade_done"})
    assert r.status_code == 201, r.content
    assert r.json()["revision"] == start["revision"] + 1 and r.json()["already_done"] is False
    assert [e["text"] for e in r.json()["events"]] == ["Crete leaves the market."]
    after_first = footprint(t.game)
    assert after_first["log"] == start["log"] + 1
    assert after_first["due"] != start["due"]  # positive control: a real Done moves the cutoff's row
    assert first_commit  # ... and tells the live pages at commit
    with django_capture_on_commit_callbacks() as second_commit:
        r = api_order(c, t.game, {"type": "trade_done"})
    assert r.status_code == 200, r.content
    assert r.json() == {"game_id": t.game.pk, "revision": after_first["revision"], "events": [],
                        "replayed": False, "already_done": True,
                        "message": "already done: you have already left the market"}
    assert footprint(t.game) == after_first  # no log row, revision, event, due row or mail
    assert second_commit == []  # nothing for the live pages
    assert list(LogEntry.objects.filter(game=t.game).values_list("order", flat=True))[-1] == \
        {"type": "trade_done", "player": 0}


@pytest.mark.site("SITE-SAFE-10", "SITE-TRADE-14")
def test_done_twice_on_the_game_page_says_already_done(trading, client_for):
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/"
    fields = _form_fields(c.get(url).content.decode(), PANEL_FORM)
    assert c.post(url + "command/", {"command": "done", **fields}).status_code == 303
    after_first = footprint(t.game)
    page = c.get(url).content.decode()  # the page as it now stands: a new key and revision
    fields = _form_fields(page, PANEL_FORM)
    assert fields["revision"] == str(after_first["revision"])
    r = c.post(url + "command/", {"command": "done", **fields}, follow=True)
    html = r.content.decode()
    assert r.status_code == 200 and r.redirect_chain == [(url, 303)]
    assert "Already done: you have already left the market. Nothing was sent again." in html
    assert "Refused" not in html
    assert footprint(t.game) == after_first


@pytest.mark.site("SITE-SAFE-10", "SITE-TRADE-14")
def test_done_twice_on_the_trade_page_says_already_done(trading, client_for):
    t = trading
    c = client_for(t.alice)
    url = f"/games/{t.game.pk}/trade/"
    assert c.post(url, {"action": "done"}).status_code == 303
    after_first = footprint(t.game)
    r = c.post(url, {"action": "done"}, follow=True)
    assert "Already done: you have already left the market. Nothing was sent again." in r.content.decode()
    assert footprint(t.game) == after_first


@pytest.mark.site("SITE-SAFE-10", "SITE-MSG-01")
def test_the_same_public_message_twice_is_logged_once(trading, client_for):
    t = trading
    c = client_for(t.alice)
    text = "Want Wine, give Ochre"
    assert api_order(c, t.game, {"type": "trade_message", "text": text}).status_code == 201
    after_first = footprint(t.game)
    r = api_order(c, t.game, {"type": "trade_message", "text": text})
    assert r.status_code == 200 and r.json()["already_done"] is True
    assert r.json()["message"] == "already done: your public message already says this"
    assert footprint(t.game) == after_first
    assert EventRecord.objects.filter(game=t.game, text=f"Crete's public message: {text}").count() == 1
    # another text is a change, and is logged
    r = api_order(c, t.game, {"type": "trade_message", "text": text + "!"})
    assert r.status_code == 201 and r.json()["revision"] == after_first["revision"] + 1


# ---- the movement phase's Done entered ahead of one's turn (SITE-MOVE-06) ------------------------
@pytest.mark.site("SITE-SAFE-10", "SITE-MOVE-06")
def test_done_twice_before_ones_turn_to_move_is_logged_once(table, client_for):
    t = table

    def alice_moves_later(s) -> bool:
        return s.phase == "movement" and any(d.player == 0 and d.kind == "move" and not d.required
                                             for d in t.rules.pending(s))

    t.play_until(alice_moves_later)
    c = client_for(t.alice)
    start = footprint(t.game)
    r = api_order(c, t.game, {"type": "done"})
    assert r.status_code == 201 and r.json()["revision"] == start["revision"] + 1
    assert "Your moves are noted (done)" in r.json()["events"][0]["text"]
    after_first = footprint(t.game)
    r = api_order(c, t.game, {"type": "done"})
    assert r.status_code == 200 and r.json()["already_done"] is True
    assert r.json()["message"] == "already done: these moves are already entered and confirmed"
    assert footprint(t.game) == after_first
    # Reset then clears them (a change), and a second Reset has nothing left to clear
    reset = {"type": "move", "moves": [], "voyages": [], "done": None}
    assert api_order(c, t.game, reset).status_code == 201
    r = api_order(c, t.game, reset)
    assert r.status_code == 200 and r.json()["message"] == "already done: you have no pending moves to clear"
    assert footprint(t.game)["log"] == after_first["log"] + 1


# ---- the rule is the platform's: any game whose order leaves its state as it was ---------------
class PatientCount(CountToThree):
    """Count to three, where the seat to say may also ``wait``: accepted, and it changes
    nothing (no event either). Its bot waits."""

    name = "patient"

    def apply(self, state: dict, order: dict, *, by_site: bool = False) -> tuple[dict, list[Event]]:
        if order.get("type") == "wait" and order.get("player") == state["turn"] and state["winner"] is None:
            return dict(state), []
        return super().apply(state, order, by_site=by_site)

    def bot(self, state: dict, seat: int, rng_seed: str) -> dict:
        return {"type": "wait", "player": seat}


@pytest.fixture
def patient(register_games, make_user):
    register_games({"patient": "tests.platform.play.test_already_done:PatientCount"})
    ann, bob = make_user("ann"), make_user("bob")
    game = services.create_game("patient", {"players": 2}, name="Waiting")
    lobby.join(game.pk, ann)
    return game, ann, bob


@pytest.mark.site("SITE-SAFE-10")
def test_an_accepted_order_that_changes_nothing_is_not_logged(patient, client_for):
    game, ann, bob = patient
    lobby.join(game.pk, bob)
    game.refresh_from_db()
    turn = services.current_state(game)["turn"]
    user = ann if game.seats.get(index=turn).user_id == ann.pk else bob
    start = footprint(game)
    with pytest.raises(AlreadyDone) as e:
        services.submit(game.pk, {"type": "wait"}, seat=turn, account=user)
    assert isinstance(e.value, IllegalOrder) and e.value.rule == "SITE-SAFE-10"
    assert footprint(game) == start
    r = api_order(client_for(user), game, {"type": "wait"})
    assert r.status_code == 200 and r.json()["already_done"] is True
    assert r.json()["message"] == "already done: this order changes nothing"
    assert footprint(game) == start
    # positive control: an order that changes the state is logged
    assert api_order(client_for(user), game, {"type": "say", "number": 1}).status_code == 201
    assert footprint(game)["log"] == start["log"] + 1


@pytest.mark.site("SITE-SAFE-10")
def test_a_bot_whose_order_changes_nothing_gets_its_default_and_the_game_goes_on(patient):
    """The worker takes "already done" from a bot as a refusal: the seat's default applies
    (a pass), so the clock never spins on an order that changes nothing."""
    game, ann, bob = patient
    lobby.add_bot(game.pk)
    game.refresh_from_db()
    bot_seat = game.seats.get(is_bot=True).index
    if services.current_state(game)["turn"] != bot_seat:
        human = 1 - bot_seat
        services.submit(game.pk, {"type": "say", "number": 1}, seat=human, account=ann)
    before = footprint(game)
    assert run_due(limit=1)
    game.refresh_from_db()
    last = LogEntry.objects.filter(game=game).order_by("-seq").first()
    assert last.seq == before["revision"] + 1
    assert last.order == {"type": "pass", "player": bot_seat} and last.reason == "bot default"
    assert services.current_state(game)["turn"] == 1 - bot_seat
    assert not Due.objects.filter(game=game, seat=bot_seat, action=Due.Action.BOT).exists()


class TickingCount(PatientCount):
    """Patient count with a timer whose platform order ``tick`` changes nothing."""

    name = "ticking"

    def apply(self, state: dict, order: dict, *, by_site: bool = False) -> tuple[dict, list[Event]]:
        if order.get("type") == "tick" and by_site:
            return dict(state), []
        return super().apply(state, order, by_site=by_site)

    def timers(self, state: dict) -> list[Timer]:
        return [Timer("tick", {"type": "tick", "player": 0}, 0.5, label="the clock ticks")]


@pytest.mark.site("SITE-SAFE-10")
def test_a_timer_whose_order_changes_nothing_is_carried_out_without_a_trace(register_games, make_user):
    """The clock's own order that changes nothing: not logged, its row gone, the worker goes on."""
    import datetime as dt

    from django.utils import timezone

    register_games({"ticking": "tests.platform.play.test_already_done:TickingCount"})
    game = services.create_game("ticking", {"players": 2}, name="Ticking", time_limit=3600)
    lobby.join(game.pk, make_user("ann"))
    lobby.join(game.pk, make_user("bob"))
    game.refresh_from_db()
    assert Due.objects.filter(game=game, action=Due.Action.TIMER).count() == 1
    start = footprint(game)
    assert run_due(now=timezone.now() + dt.timedelta(minutes=40), limit=1) == 1  # before any deadline
    after = footprint(game)
    assert {k: after[k] for k in ("revision", "state", "log", "events", "mails")} == \
        {k: start[k] for k in ("revision", "state", "log", "events", "mails")}
    assert not Due.objects.filter(game=game, action=Due.Action.TIMER).exists()
