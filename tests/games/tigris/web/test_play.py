"""A Tigris & Euphrates game played on the site: orders through the JSON API and the game
page's form, refusals (400 with the rule, nothing changed), the clock's default at a deadline,
the turn mail, standing orders, the game page in the game's own words, a war through the
orders, the end of the game and its own ranking."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client

from tresham.platform.clock.models import Due, MissedOrder
from tresham.platform.clock.worker import run_due
from tresham.platform.lobby import services as lobby
from tresham.platform.mail import attention
from tresham.platform.mail.models import Outbox
from tresham.platform.play import services
from tresham.platform.play.models import EventRecord, Game, LogEntry
from tresham.platform.ratings.models import Rating

from .conftest import EAST_TEMPLE, WEST_TEMPLE, war_orders


def _events(game) -> list[str]:
    return list(EventRecord.objects.filter(game=game, to__isnull=True).order_by("seq", "n").values_list("text", flat=True))


def test_orders_through_the_api_move_the_game_and_the_view_follows(table):
    t = table()
    first = t.active()
    before = t.view(first)
    assert before["game"] == "tigris" and before["actions_left"] == 2 and sum(before["hand"].values()) == 6
    got = t.ok(first, {"type": "leader", "colour": "black", "to": [6, 9]})
    assert got["revision"] == 1 and got["events"][0]["text"].endswith("on G10")
    after = t.view(first)
    assert after["actions_left"] == 1
    assert {"at": [6, 9], "leader": {"owner": first, "colour": "black"}}.items() <= {
        k: v for q in after["squares"] if q["at"] == [6, 9] for k, v in q.items()}.items()
    # the API's game: the seat's own view, the order types it may give now
    api = t.clients[first].get(f"/api/games/{t.game.pk}").json()
    assert api["kind"] == "tigris" and api["view"]["hand"] == after["hand"]
    assert "tile" in api["order_types"] and "commit" not in api["order_types"]
    other = t.clients[1 - first].get(f"/api/games/{t.game.pk}").json()
    assert other["view"]["seat"] == 1 - first and other["view"]["hand"] == t.view(1 - first)["hand"]
    players = {p["seat"]: p for p in other["view"]["players"]}
    assert players[first]["hand_size"] == 6 and "hand" not in players[first]  # only how many
    assert other["order_types"] == []


@pytest.mark.variant("TE-BASE-29", "TE-BASE-25")
def test_a_refused_order_is_400_with_the_rule_and_changes_nothing(table):
    t = table()
    first = t.active()
    t.game.refresh_from_db()
    before = (t.game.revision, t.game.state, LogEntry.objects.count(), EventRecord.objects.count())
    # a leader far from any temple (A6 is land, no temple beside it)
    r = t.order(first, {"type": "leader", "colour": "red", "to": [0, 5]})
    assert r.status_code == 400
    body = r.json()
    assert body["error"] == "illegal_order" and body["rule"] == "TE-BASE-29" and "A6" in body["message"]
    # out of turn, and with a field the order does not have
    r2 = t.order(1 - first, {"type": "pass"})
    assert r2.status_code == 400 and r2.json()["rule"] == "TE-BASE-25"
    r3 = t.order(first, {"type": "pass", "extra": 1})
    assert r3.status_code == 400 and "extra" in r3.json()["message"]
    t.game.refresh_from_db()
    assert (t.game.revision, t.game.state, LogEntry.objects.count(), EventRecord.objects.count()) == before


def test_the_game_pages_order_form_gives_an_order_and_shows_a_refusal(table):
    t = table()
    first = t.active()
    c = t.clients[first]
    t.game.refresh_from_db()
    page = c.get(f"/games/{t.game.pk}/").content.decode()
    assert '<h2 id="hand-title">Your tiles</h2>' in page and "trade cards" not in page
    key = re.search(r'name="client_key" value="([^"]+)"', page).group(1)
    r = c.post(f"/games/{t.game.pk}/", {"order": '{"type": "leader", "colour": "red", "to": [0, 5]}',
                                         "client_key": key, "revision": t.game.revision})
    assert r.status_code == 400 and "Refused (rule TE-BASE-29)" in r.content.decode()
    t.game.refresh_from_db()
    assert t.game.revision == 0
    r = c.post(f"/games/{t.game.pk}/", {"order": '{"type": "leader", "colour": "black", "to": [6, 9]}',
                                         "client_key": key + "x", "revision": 0})
    assert r.status_code == 303
    t.game.refresh_from_db()
    assert t.game.revision == 1 and t.view(first)["actions_left"] == 1


@pytest.mark.site("SITE-GEN-02")
def test_the_game_page_is_in_the_games_words_and_links_only_its_own_pages(table, make_user):
    t = table()
    first = t.active()
    html = t.clients[first].get(f"/games/{t.game.pk}/").content.decode()
    assert "Tigris &amp; Euphrates" in html
    head = re.search(r'<table id="summary".*?<thead>(.*?)</thead>', html, re.S).group(1)
    assert re.findall(r"<th[^>]*>([^<]+)</th>", head)[:2] == ["Dynasty", "Player"]
    assert 'href="/games/%d/trade/"' % t.game.pk not in html
    assert 'href="/games/%d/advances/"' % t.game.pk not in html
    assert 'href="/games/%d/ast/"' % t.game.pk not in html
    assert f'href="/games/{t.game.pk}/history/"' in html
    for path in ("trade/", "advances/", "ast/", "replay/"):  # nor by their addresses
        assert t.clients[first].get(f"/games/{t.game.pk}/{path}").status_code == 404, path
    r = t.clients[first].get(f"/games/{t.game.pk}/ast/")
    assert "<h1>No A.S.T.</h1>" in r.content.decode() and "Tigris &amp; Euphrates has no A.S.T." in r.content.decode()
    assert '<a href="/help/playing/?game=tigris">Help</a>' in html
    help_page = Client().get("/help/playing/?game=tigris").content.decode()
    assert "Tigris &amp; Euphrates" in help_page or "Actions" in help_page
    assert "Trading" not in Client().get("/help/?game=tigris").content.decode()
    # a visitor sees the same page (initial placement is nothing in this game), without a hand
    visitor = Client().get(f"/games/{t.game.pk}/").content.decode()
    assert 'id="hand-title"' not in visitor and "Dynasty" in visitor


def test_the_game_page_draws_the_board(table):
    t = table()
    assert t.rules.board_key(t.game.options) is not None  # the game draws its board
    html = t.clients[0].get(f"/games/{t.game.pk}/").content.decode()
    assert 'id="map"' in html and 'class="board-view"' in html
    svg = t.clients[0].get(f"/games/{t.game.pk}/board.svg").content.decode()
    assert svg.lstrip().startswith("<") and "<svg" in svg and 'sq-F10' in svg
    pieces = t.clients[0].get(f"/games/{t.game.pk}/board.json").json()
    assert pieces is not None


@pytest.mark.site("SITE-TIME-01", "SITE-TIME-04")
def test_a_deadline_passing_applies_the_default_through_the_clocks_worker(table):
    t = table()
    first = t.active()
    (row,) = Due.objects.filter(game=t.game, action=Due.Action.TIMEOUT)
    assert row.seat == first
    due = row.due_at
    t.ok(first, {"type": "leader", "colour": "black", "to": [6, 9]})
    (row,) = Due.objects.filter(game=t.game, action=Due.Action.TIMEOUT)
    assert row.seat == first and row.due_at == due  # the same turn, the same deadline (SITE-TIME-01)
    assert run_due(now=row.due_at - dt.timedelta(seconds=1)) == 0  # not yet
    assert run_due(now=row.due_at + dt.timedelta(seconds=1), limit=1) == 1
    t.game.refresh_from_db()
    entry = LogEntry.objects.filter(game=t.game).order_by("-seq").first()
    assert entry.by_site and entry.order["type"] == "timeout" and entry.order["player"] == first
    assert t.active() == 1 - first  # the default (pass) ended his turn
    assert t.view(first)["turn"] == 2
    assert MissedOrder.objects.filter(game=t.game, seat=first).count() == 1
    assert any("time ran out" in e for e in _events(t.game))
    (row,) = Due.objects.filter(game=t.game, action=Due.Action.TIMEOUT)
    assert row.seat == 1 - first


@pytest.mark.site("SITE-EMAIL-06")
def test_the_turn_mail_goes_to_the_next_player(table):
    t = table()
    first = t.active()
    second = 1 - first
    def turns():  # once the worker's mail pass has written the turn mails orders noted
        attention.open_notices()
        return list(Outbox.objects.filter(game=t.game, kind="turn").order_by("pk"))

    assert [m.user for m in turns()] == [t.users[first]]
    t.ok(first, {"type": "leader", "colour": "black", "to": [6, 9]})
    assert len(turns()) == 1  # still his turn: no mail
    t.ok(first, {"type": "pass"})
    mails = turns()
    assert [m.user for m in mails] == [t.users[first], t.users[second]]
    mail = mails[-1]
    assert t.game.name in mail.subject and "your turn" in mail.subject
    assert f"/games/{t.game.pk}/" in mail.body
    assert "take an action" in mail.body
    # hidden scoring (TE-Z-09): the standings name the dynasties in seat order, with no place
    # and no number (not the treasures' count, which is no score)
    standing = [ln.split() for ln in mail.body.splitlines() if ln.strip().endswith("hidden")]
    assert [ln[0] for ln in standing] == ["Archer", "Bull"] and all(len(ln) == 3 for ln in standing)


@pytest.mark.site("SITE-TIME-04")
@pytest.mark.variant("TE-BASE-56")
def test_standing_orders_offered_refused_when_malformed_and_applied_at_the_deadline(table):
    """The game's kinds (not ``action``: a turn's default is a pass); a malformed spec is 400
    naming its field; the attacker's "commit all" answers his commit decision at its deadline
    through the clock's worker."""
    t = table()
    sides = war_orders(t)
    a = sides["attacker"]
    c = t.clients[a]
    html = c.get(f"/games/{t.game.pk}/standing-orders/").content.decode()
    assert "This game has no standing orders." not in html and "Conflicts" in html
    kinds = [e["kind"] for e in c.get(f"/api/games/{t.game.pk}/standing-orders").json()]
    assert {"commit", "war_order", "treasure", "monument"} <= set(kinds) and "action" not in kinds
    r = c.put(f"/api/games/{t.game.pk}/standing-orders/action", data='{"spec": {}}',
              content_type="application/json")
    assert 400 <= r.status_code < 500
    r = c.put(f"/api/games/{t.game.pk}/standing-orders/commit", data='{"spec": {"mode": "most"}}',
              content_type="application/json")
    assert r.status_code == 400 and "'mode'" in r.content.decode()
    r = c.put(f"/api/games/{t.game.pk}/standing-orders/commit", data='{"spec": {"mode": "all"}}',
              content_type="application/json")
    assert r.status_code in (200, 201), r.content.decode()
    have = t.state().hands[a]["black"]
    (row,) = Due.objects.filter(game=t.game, action=Due.Action.TIMEOUT)
    assert row.seat == a and row.decision == "commit"
    assert run_due(now=row.due_at + dt.timedelta(seconds=1), limit=1) == 1
    entry = LogEntry.objects.filter(game=t.game).order_by("-seq").first()
    assert entry.by_site and entry.order == {"type": "commit", "player": a, "tiles": have}
    assert t.view(a)["conflict"]["attacker_committed"] == have
    assert any("standing order was applied" in e for e in
               EventRecord.objects.filter(game=t.game).values_list("text", flat=True))


@pytest.mark.variant("TE-BASE-51", "TE-BASE-54", "TE-BASE-56", "TE-BASE-57", "TE-BASE-58", "TE-BASE-59")
def test_a_war_built_by_the_players_orders_is_fought_and_told_in_the_history(table):
    t = table()
    sides = war_orders(t)
    a, d = sides["attacker"], sides["defender"]
    conflict = t.view(a)["conflict"]
    assert conflict["kind"] == "war" and conflict["colour"] == "black"
    assert (conflict["attacker"], conflict["defender"]) == (a, d)  # the active player attacks
    assert conflict["attacker_square"] == [6, 9] and conflict["defender_square"] == [9, 10]
    a_hand, d_hand = t.view(a)["hand"]["black"], t.view(d)["hand"]["black"]
    (dec,) = t.rules.pending(t.state())
    assert (dec.kind, dec.player) == ("commit", a)
    (own,) = t.view(a)["pending"]  # the counts he may commit: in his own view only (they tell his hand)
    assert own["options"]["counts"] == list(range(a_hand + 1))
    t.ok(a, {"type": "commit", "tiles": a_hand})
    (dec,) = t.rules.pending(t.state())
    assert (dec.kind, dec.player) == ("commit", d)
    t.ok(d, {"type": "commit", "tiles": 0})
    a_total = conflict["attacker_strength"] + a_hand
    d_total = conflict["defender_strength"]
    winner, loser = (a, d) if a_total > d_total else (d, a)  # a tie goes to the defender
    view = t.view(None)
    assert view["conflict"] is None
    leaders = {tuple(q["at"]): q["leader"] for q in view["squares"] if q.get("leader")}
    loser_square = (6, 9) if loser == a else (9, 10)
    winner_square = (9, 10) if loser == a else (6, 9)
    assert loser_square not in leaders and leaders[winner_square] == {"owner": winner, "colour": "black"}
    assert "black" in view["players"][loser]["leaders_off"]
    text = _events(t.game)
    assert any(e.startswith("black war on I10") for e in text)
    outcome = [e for e in text if e.startswith("black war:")]
    assert len(outcome) == 1 and f"{a_total} against" in outcome[0] and "loses" in outcome[0]
    # the history page shows it to everyone
    page = Client().get(f"/games/{t.game.pk}/history/").content.decode()
    assert "black war on I10" in page and "loses" in page
    # both temples, with their treasures, still stand
    squares = {tuple(q["at"]): q for q in view["squares"]}
    assert squares[WEST_TEMPLE]["tile"] == "red" and squares[EAST_TEMPLE]["tile"] == "red"


def _swap_out(t) -> None:
    """Both players swap their whole hand at every action until the bag runs dry (TE-BASE-76),
    through the API; any other decision takes the site's default."""
    for _ in range(200):
        t.game.refresh_from_db()
        if t.game.status == Game.Status.FINISHED:
            return
        (dec,) = t.rules.pending(t.state())
        if dec.kind == "action":
            hand = {c: n for c, n in t.view(dec.player)["hand"].items() if n}
            t.ok(dec.player, {"type": "swap", "tiles": hand})
        else:
            (row,) = Due.objects.filter(game=t.game, action=Due.Action.TIMEOUT)
            assert run_due(now=row.due_at + dt.timedelta(seconds=1), limit=1) == 1
    raise AssertionError("the game did not end")


@pytest.mark.site("SITE-RANK-01", "SITE-RANK-03")
def test_the_game_ends_and_both_players_are_rated_in_the_tigris_ranking_alone(table):
    t = table()
    war_orders(t)
    _swap_out(t)
    t.game.refresh_from_db()
    assert t.game.status == Game.Status.FINISHED and t.game.stage == "Game over"
    places = t.rules.result(t.state())
    assert sorted(places) in ([1, 1], [1, 2])
    rated = Rating.objects.filter(kind="tigris", subject=Rating.Subject.PERSON)
    assert sorted(rated.values_list("user__username", flat=True)) == sorted(u.username for u in t.users)
    assert all(r.games == 1 for r in rated)
    assert not Rating.objects.filter(kind="advciv").exists()
    api = Client().get("/api/rankings?kind=tigris").json()
    assert api["title"] == "Tigris & Euphrates" and api["total"] == 2
    assert Client().get("/api/rankings").json()["total"] == 0  # Advanced Civilization's: nobody
    page = Client().get("/rankings/").content.decode()
    assert '<h2 id="kind-tigris">Tigris &amp; Euphrates</h2>' in page and 'id="kind-advciv"' not in page
    game_over = Outbox.objects.filter(game=t.game, kind="game_over")
    assert sorted(m.user.username for m in game_over) == sorted(u.username for u in t.users)


def test_a_bot_seat_plays_its_turns_through_the_worker(make_user, client_for):
    """The creator gives seat 2 to the bot: whenever the game waits on it, the clock's worker
    gives the game's bot order at once (through the one order path), until it waits on the person."""
    ann = make_user()
    game = lobby.create(ann, kind="tigris", name="Against the bot", options={"players": 2}, bot_seats=[1],
                        seed="site-bot-1")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    rules = services.rules_of(game)
    for _ in range(6):
        while run_due(limit=1):
            pass
        game.refresh_from_db()
        (dec,) = rules.pending(rules.loads(game.state))
        assert dec.player == 0  # the bot never keeps the game waiting
        r = client_for(ann).post(f"/api/games/{game.pk}/orders", data={"order": {"type": "pass"}},
                                 content_type="application/json")
        assert r.status_code == 201, r.content
    game.refresh_from_db()
    bot_orders = LogEntry.objects.filter(game=game, seat=1)
    assert bot_orders.count() >= 5 and all(e.reason == "bot" for e in bot_orders)
    assert rules.view(rules.loads(game.state), None)["turn"] >= 11  # six turns each, less one
