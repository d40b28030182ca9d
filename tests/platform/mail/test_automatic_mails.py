"""The mails the order path writes by itself, in each order's own transaction
(``play/signals.py`` -> ``mail/receivers.py`` -> ``mail/game_mails.after_order``): "it is your
turn" when a decision of a player's begins, with his deadline from the clock; the public
trade message when the market carries a deal out; the game over mail; nothing for a refused
order, and an order (or a quit, whose mail the clock's signal asks for) stands even if a mail
cannot be written."""
from __future__ import annotations

import logging
from zoneinfo import ZoneInfo

import pytest

from tresham.platform.clock.models import Due
from tresham.platform.lobby import services as lobby
from tresham.platform.mail import attention, game_mails, sender
from tresham.platform.mail.models import Outbox, TurnNotice
from tresham.platform.play import services
from tresham.platform.play.models import Game, LogEntry

from .conftest import drain_later
from .test_game_mails import _assert_standings, _trade_with_a_lie
from tests.helpers import bot_order

DAY = 24 * 3600


def _when(at, zone: str) -> str:
    """A moment as the turn mail writes it in ``zone``."""
    local = at.astimezone(ZoneInfo(zone))
    return f"{local:%A} {local.day} {local:%B %Y, %H:%M %Z}"


def _table(person, **options) -> tuple[Game, list]:
    """A three-player game on a one-day clock, seated through the lobby: Paris, New York, UTC."""
    users = [person("alice", "Europe/Paris"), person("bob", "America/New_York"), person("carol")]
    game = services.create_game("advciv", {"players": 3, **options}, name="Clockwork", seed="auto-mail",
                                time_limit=DAY)
    for u in users:
        lobby.join(game.pk, u)
    game.refresh_from_db()
    return game, users


def _pick(rules, state, seat: int) -> dict:
    """The seat's pick of the first nation and start area it is offered."""
    (d,) = [d for d in rules.pending(state) if d.player == seat and d.kind == "pick"]
    nation, areas = next(iter(d.options["nations"].items()))
    return {"type": "pick", "nation": nation, "area": areas[0]}


def _turn_mails(smtp, user) -> list:
    return [m for m in smtp.to(user.email) if "your turn" in m["Subject"]]


def _turns(game: Game) -> list[Outbox]:
    """The game's "your turn" mails, once the worker's pass has written those orders noted."""
    attention.open_notices()
    return list(Outbox.objects.filter(game=game, kind="turn").order_by("pk"))


@pytest.mark.site("SITE-EMAIL-06", "SITE-TIME-02")
def test_the_first_picker_is_told_it_is_his_turn_with_his_own_deadline_then_the_next(smtp, person):
    game, users = _table(person)
    rules = services.rules_of(game)
    order = rules.pick_order(rules.loads(game.state))
    first, second = order[0], order[1]
    (turn,) = _turns(game)  # only the first picker owes a decision yet
    assert turn.user == users[first] and turn.key == f"turn:{game.pk}:0:{users[first].pk}"
    (row,) = Due.objects.filter(game=game, action=Due.Action.TIMEOUT)
    assert (row.due_at - row.started_at).total_seconds() == pytest.approx(1.5 * DAY, abs=1)  # SITE-TIME-02
    drain_later()  # once the turn mail's wait is over (SITE-NOTIFY-01)
    (got,) = _turn_mails(smtp, users[first])
    zone = users[first].profile.time_zone
    assert f"Your deadline: {_when(row.due_at, zone)}" in got.text
    assert got["Subject"] == "[Tresham] Clockwork: your turn (Choosing nations)"

    state = rules.loads(game.state)
    services.submit(game.pk, _pick(rules, state, first), seat=first, account=users[first])
    turns = _turns(game)
    assert [t.user for t in turns] == [users[first], users[second]]  # the next picker, and no second mail
    (row,) = Due.objects.filter(game=game, action=Due.Action.TIMEOUT)
    assert row.seat == second and (row.due_at - row.started_at).total_seconds() == pytest.approx(DAY, abs=1)
    drain_later()  # once the turn mail's wait is over (SITE-NOTIFY-01)
    (got,) = _turn_mails(smtp, users[second])
    assert f"Your deadline: {_when(row.due_at, users[second].profile.time_zone)}" in got.text
    assert len(_turn_mails(smtp, users[first])) == 1


@pytest.mark.site("SITE-EMAIL-06", "SITE-PICK-04")
def test_a_player_still_owing_the_same_decision_is_not_mailed_again_when_another_acts(person):
    """A pre-selection by the last picker, ahead of his turn, changes nothing for the first
    picker, whose turn it is: one mail per decision, not one per order."""
    game, users = _table(person)
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    first, *_, last = rules.pick_order(state)
    assert [t.user for t in _turns(game)] == [users[first]]
    services.submit(game.pk, _pick(rules, state, last), seat=last, account=users[last])
    assert [t.user for t in _turns(game)] == [users[first]]


@pytest.mark.site("SITE-TRADE-13", "SITE-EMAIL-03")
def test_the_market_carrying_out_a_deal_mails_the_public_message_to_the_others_by_itself(smtp, person):
    game, users, (a, b, third), real, stated, b_gives, events, seq = _trade_with_a_lie(person)
    # nothing was enqueued by hand: the order that carried the deal out wrote it
    rows = list(Outbox.objects.filter(game=game, kind="event"))
    assert [r.user for r in rows] == [users[third]] and rows[0].key.startswith(f"event:{game.pk}:{seq}:")
    sender.drain()
    (got,) = [m for m in smtp.to(users[third].email) if "traded" in m["Subject"]]
    assert "said to be" in got.text and "Salt" in got.text
    assert not [m for m in smtp.to(users[a].email) + smtp.to(users[b].email) if "traded" in m["Subject"]]


@pytest.mark.site("SITE-TRADE-13", "SITE-CREATE-13", "SITE-EMAIL-03")
@pytest.mark.parametrize("enabled", [True, False], ids=["enabled", "disabled"])
def test_no_public_message_mail_when_the_game_disables_it(person, enabled):
    """The same deal, carried out the same way, with the option on (the control: the third
    player is mailed) and off (nobody is)."""
    game, users, (a, b, third), real, stated, b_gives, events, seq = _trade_with_a_lie(
        person, public_trade_message=enabled)
    assert game.options["public_trade_message"] is enabled
    received = {tuple(e.to): sorted(e.data["received"]) for e in events if e.kind == "trade_private"}
    assert received == {(a,): sorted(b_gives), (b,): sorted(real)}  # the deal was carried out
    rows = [(r.user, r.key) for r in Outbox.objects.filter(game=game, kind="event")]
    if enabled:
        (n,) = [n for n, e in enumerate(events) if e.kind == "trade" and e.to is None]
        assert rows == [(users[third], f"event:{game.pk}:{seq}:{n}:{users[third].pk}")]
    else:
        assert rows == []


@pytest.mark.site("SITE-AST-04")
def test_the_order_that_ends_the_game_mails_every_player_the_end_and_no_more_turns(smtp, person):
    alice, bob = person("alice"), person("bob")
    game = services.create_game("advciv", {"players": 2, "turn_limit": 1}, name="Short", seed="auto-end")
    for u in (alice, bob):
        lobby.join(game.pk, u)
    rules = services.rules_of(game)
    users = {0: alice, 1: bob}
    for n in range(3000):
        game.refresh_from_db()
        state = rules.loads(game.state)
        if rules.finished(state):
            break
        d = next(d for d in rules.pending(state) if d.required)
        order = bot_order(rules, state, d.player, f"end:{n}")
        by_site = rules.is_site_order(order)
        services.submit(game.pk, order, seat=d.player, by_site=by_site,
                        account=None if by_site else users[d.player])
    game.refresh_from_db()
    assert game.is_finished
    over = Outbox.objects.filter(game=game, kind="game_over")
    assert sorted(o.user_id for o in over) == sorted([alice.pk, bob.pk])
    last = LogEntry.objects.filter(game=game).order_by("-seq").first().seq
    assert not Outbox.objects.filter(game=game, kind="turn", key__startswith=f"turn:{game.pk}:{last}:").exists()
    sender.drain()
    for u in (alice, bob):
        (end,) = [m for m in smtp.to(u.email) if m["Subject"] == "[Tresham] Short is over"]
        assert f"The game's seed: {game.seed}" in end.text
        _assert_standings(end.text, game)  # SITE-AST-04: the final Total Public Points at the bottom


def _outbox() -> list[tuple]:
    return list(Outbox.objects.order_by("pk").values_list("key", "user_id", "kind", "status"))


def test_a_refused_order_mails_nobody(person):
    """A refused order changes nothing, its mails included. Refused here: the seat whose turn
    it is (its turn mail of this revision exists already, so a mail to it would hide under
    that key) and two seats that owe nothing yet, for whom any mail would be new. The same
    seats' accepted orders then do write the next picker's mail: the path is live."""
    game, users = _table(person)
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    first, second, third = rules.pick_order(state)
    attention.open_notices()  # the worker's pass: the deal's turn mail written
    before = _outbox()
    assert [(key, user) for key, user, *_ in before if key.startswith("turn:")] == [
        (f"turn:{game.pk}:0:{users[first].pk}", users[first].pk)]
    for seat, order in ((first, {"type": "pick", "nation": "atlantis"}),
                        (third, {"type": "pick", "nation": "atlantis"}),  # a pre-selection, refused
                        (second, {"type": "pick", "nation": "crete", "area": "sahara"})):
        with pytest.raises(services.IllegalOrder):
            services.submit(game.pk, order, seat=seat, account=users[seat])
    game.refresh_from_db()
    assert game.revision == 0 and _outbox() == before
    services.submit(game.pk, _pick(rules, state, first), seat=first, account=users[first])
    assert [(t.user, t.key) for t in _turns(game)] == [
        (users[first], f"turn:{game.pk}:0:{users[first].pk}"),
        (users[second], f"turn:{game.pk}:1:{users[second].pk}")]


def test_an_order_stands_when_its_mails_cannot_be_written(person, monkeypatch, caplog):
    """A broken mail is the site's fault, not the player's: the order is applied and logged,
    the failure is in the site's log, and the mail writer's half-done rows are undone."""
    game, users = _table(person)
    rules = services.rules_of(game)
    state = rules.loads(game.state)
    first = rules.pick_order(state)[0]
    mails = Outbox.objects.count(), TurnNotice.objects.count()
    real = attention.note

    def broken(*args, **kwargs):
        real(*args, **kwargs)  # writes its rows, then fails
        raise RuntimeError("template exploded")

    monkeypatch.setattr(attention, "note", broken)
    with caplog.at_level(logging.ERROR, logger="tresham.platform.play.signals"):
        out = services.submit(game.pk, _pick(rules, state, first), seat=first, account=users[first])
    assert out.revision == 1 and LogEntry.objects.filter(game=game, seq=1).exists()
    assert (Outbox.objects.count(), TurnNotice.objects.count()) == mails  # the savepoint undid the half-written rows
    assert "template exploded" in caplog.text


@pytest.mark.site("SITE-QUIT-04")
def test_a_quit_stands_when_its_mail_cannot_be_written(person, monkeypatch, caplog):
    """The clock's mails are written as the order path's are (``clock/signals.py`` ->
    ``mail/receivers.py``): a broken quit mail is in the site's log, its half-written rows are
    undone, and the quit stands."""
    from tresham.platform.clock import absence

    game, users = _table(person)
    rules = services.rules_of(game)
    first = rules.pick_order(rules.loads(game.state))[0]
    mails = Outbox.objects.count()
    real = game_mails.player_quit

    def broken(*args, **kwargs):
        real(*args, **kwargs)  # writes its rows, then fails
        raise RuntimeError("template exploded")

    monkeypatch.setattr(game_mails, "player_quit", broken)
    with caplog.at_level(logging.ERROR, logger="tresham.platform.clock.signals"):
        absence.quit_game(game.pk, users[first])
    assert not game.seats.filter(user=users[first]).exists()
    assert game.seats.get(index=first).status == "open"
    assert Outbox.objects.count() == mails  # the savepoint undid the half-written mail
    assert "template exploded" in caplog.text


@pytest.mark.site("SITE-QUIT-05", "SITE-EMAIL-06")
def test_one_who_takes_over_a_seat_that_owes_a_decision_is_told_it_is_his_turn(smtp, person):
    from tresham.platform.clock import absence

    game, users = _table(person)
    rules = services.rules_of(game)
    first = rules.pick_order(rules.loads(game.state))[0]
    absence.quit_game(game.pk, users[first])
    dave = person("dave", "Asia/Tokyo")
    lobby.join(game.pk, dave, index=first)
    (turn,) = Outbox.objects.filter(game=game, kind="turn", user=dave)
    (row,) = Due.objects.filter(game=game, action=Due.Action.TIMEOUT)
    assert row.seat == first
    drain_later()
    (got,) = _turn_mails(smtp, dave)
    assert f"Your deadline: {_when(row.due_at, 'Asia/Tokyo')}" in got.text
    assert "Choose your nation" in got.text
